"""typer's value checks for the common kinds of parameter, without loading the validation library for them.

typer converts each value typed on the command line (a deal number, a
``--format``, a path) through a pydantic ``TypeAdapter``; loading pydantic
and building those adapters is a large part of a command's start-up.
:func:`check_values_quickly` makes typer convert a value of the kinds the
commands use (text, a whole number, a number, a flag, a choice, a path, a
list of those) directly, when the value is plainly good; anything else,
and every value that is not plainly good, goes through typer's own check,
so a wrong value is refused exactly as typer refuses it (and in the words
:func:`patience_cli.usage.bad_value_message` gives it).
``tests/cli/test_lazy_imports.py`` holds the two ways to each other.
"""

from __future__ import annotations

import enum
import inspect
import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import typer.core
from typer._click import Context
from typer._coercion import RuntimeParam, TypeDescriptor
from typer._param_types import coerce_cli_choice, coerce_cli_path, routes_to_path

__all__ = ["QuickRuntimeParam", "check_values_quickly", "quick_runtime_param", "read_parameters_once"]

#: A whole number as pydantic reads it from text unchanged: no sign but ``-``, no leading zero, no spaces.
_WHOLE = re.compile(r"-?(?:0|[1-9][0-9]{0,3000})")
#: A number in plain decimal or exponent notation (``0.5``, ``-2``, ``1e3``).
_NUMBER = re.compile(r"-?(?:[0-9]{1,300}(?:\.[0-9]{0,300})?|\.[0-9]{1,300})(?:[eE][-+]?[0-9]{1,3})?")


class _NotPlain(Exception):
    """The value is not plainly good: typer's own check decides (and words the refusal)."""


@dataclass(frozen=True)
class QuickRuntimeParam(RuntimeParam):
    """Converts a plainly good value directly, and hands every other to typer's own runtime check."""

    descriptor: TypeDescriptor
    _typer_check: list[RuntimeParam] = field(default_factory=list, compare=False, repr=False)

    def _coerce_value(self, value: Any, param: typer.core._TyperParameter, ctx: Context) -> Any:
        try:
            return _quick(self.descriptor, value, param, ctx)
        except _NotPlain:
            return self.typer_check()._coerce_value(value, param=param, ctx=ctx)

    def typer_check(self) -> RuntimeParam:
        """The own runtime check typer makes of this parameter (built once, when a value first needs it)."""
        if not self._typer_check:
            from typer._coercion import build_runtime_param

            self._typer_check.append(build_runtime_param(self.descriptor))
        return self._typer_check[0]


def quick_runtime_param(descriptor: TypeDescriptor) -> RuntimeParam:
    """The runtime check of a parameter: :class:`QuickRuntimeParam` in front of typer's own."""
    return QuickRuntimeParam(
        parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor
    )


def check_values_quickly() -> None:
    """Make typer check every parameter's values through :func:`quick_runtime_param`."""
    typer.core.build_runtime_param = quick_runtime_param  # type: ignore[attr-defined]


def read_parameters_once() -> None:
    """Make typer read each command function's parameters once, not once for each use it makes of them.

    typer reads a command's parameters (evaluating their annotations, which
    are text here) for its options, its callback and its name two or three
    times while it builds the command line; the later reads return the first.
    """
    import typer.main

    read = typer.main.get_params_from_function  # type: ignore[attr-defined]
    if getattr(read, "_once", False):
        return
    known: dict[Any, Any] = {}

    def get_params_from_function(func: Any) -> Any:
        if func not in known:
            annotations = getattr(func, "__annotations__", None)
            if annotations and any(isinstance(each, str) for each in annotations.values()):
                # Evaluated once here: typer would evaluate the text twice (for the signature and the types).
                hints = typing.get_type_hints(func, include_extras=True)
                func.__annotations__ = hints
                inspect.unwrap(func).__annotations__ = hints  # where the signature reads them
            known[func] = read(func)
        return known[func]

    get_params_from_function._once = True  # type: ignore[attr-defined]
    typer.main.get_params_from_function = get_params_from_function  # type: ignore[attr-defined]


def _quick(descriptor: TypeDescriptor, value: Any, param: Any, ctx: Context) -> Any:
    """``value`` converted as typer would convert it, or :class:`_NotPlain`."""
    info = descriptor.parameter_info
    if descriptor.is_file or info.parser is not None or descriptor.is_tuple:
        raise _NotPlain
    if descriptor.is_list:
        if not isinstance(value, (list, tuple)):
            raise _NotPlain
        (item,) = descriptor.annotation.__args__
        one = TypeDescriptor(annotation=item, parameter_info=info, file_annotation=None)
        return [_quick(one, each, param, ctx) for each in value]
    return _leaf(descriptor, value, param, ctx)


def _leaf(descriptor: TypeDescriptor, value: Any, param: Any, ctx: Context) -> Any:
    """One value of a parameter that takes one (not a list)."""
    annotation, info = descriptor.annotation, descriptor.parameter_info
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        try:
            return coerce_cli_choice(value, choices=list(annotation), case_sensitive=descriptor.case_sensitive, ctx=ctx)
        except ValueError:
            raise _NotPlain from None
    if annotation is str:
        if isinstance(value, str):
            return value
        raise _NotPlain
    if annotation is bool:
        if isinstance(value, bool):
            return value
        raise _NotPlain
    if annotation is int or annotation is float:
        return _number(annotation, value, info.min, info.max, clamp=bool(info.clamp))
    if routes_to_path(annotation, info) and annotation is Path and info.path_type is None:
        if not isinstance(value, (str, Path)) or value == "" or "\x00" in str(value):
            raise _NotPlain
        try:
            return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
        except typer.BadParameter:
            raise _NotPlain from None
    raise _NotPlain


_PATTERNS: Final = {int: _WHOLE, float: _NUMBER}


def _number(kind: type[Any], value: Any, least: Any, most: Any, *, clamp: bool) -> Any:
    """A whole number or a number within its limits (a clamped one is typer's to bring within them)."""
    if clamp or isinstance(value, bool):
        raise _NotPlain
    if type(value) is kind:
        number = value
    elif isinstance(value, str) and _PATTERNS[kind].fullmatch(value):
        number = kind(value)
    else:
        raise _NotPlain
    if kind is float and number in (float("inf"), float("-inf")):
        raise _NotPlain
    if (least is not None and number < least) or (most is not None and number > most):
        raise _NotPlain
    return number
