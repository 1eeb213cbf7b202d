"""How the command line presents itself: ``-h``, ``--version``, shell completion, flags in help, bad values.

typer builds the help screens and parses the arguments; this module holds
what the ``patience`` app adds on top: the root options (``--version``,
``--show-completion SHELL``, ``--install-completion SHELL``), help screens
that show a flag without a value type, and the message for a value of the
wrong kind in the project's own words rather than the validation library's.
"""

from __future__ import annotations

import enum
from types import ModuleType
from typing import Any

import typer
import typer.core

# typer's script writer and installer for each shell; its public completion options cannot name a shell.
from typer._completion_shared import get_completion_script, install

from patience_cli.texts import _

__all__ = [
    "CONTEXT_SETTINGS",
    "DISTRIBUTIONS",
    "Shell",
    "bad_value_message",
    "install_completion",
    "show_completion",
    "show_flags_without_type",
    "show_help_as_written",
    "show_version",
    "translate_help_option",
    "version_lines",
]

#: ``-h`` works wherever ``--help`` does (click passes these settings down to every subcommand).
CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}

#: The project's distributions, in the order ``--version`` lists the installed ones.
DISTRIBUTIONS = (
    "patience-engine",
    "patience-solver",
    "patience-home",
    "patience-variants",
    "patience-cli",
    "patience-tk",
    "patience-server",
)


class Shell(enum.StrEnum):
    """The shells typer writes a completion script for (``pwsh``: PowerShell 7, as it is called on Linux and macOS)."""

    BASH = "bash"
    ZSH = "zsh"
    FISH = "fish"
    POWERSHELL = "powershell"
    PWSH = "pwsh"


def version_lines() -> list[str]:
    """``NAME VERSION`` for each of :data:`DISTRIBUTIONS` that is installed."""
    import importlib.metadata

    lines = []
    for name in DISTRIBUTIONS:
        try:
            lines.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            continue  # the window and the server are optional
    return lines


def show_version(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> None:
    """``--version``: print :func:`version_lines` and exit 0."""
    if not value or ctx.resilient_parsing:
        return
    typer.echo("\n".join(version_lines()))
    raise typer.Exit()


def _complete_var(ctx: typer.Context) -> tuple[str, str]:
    """The program's name and the environment variable its completion script sets (``_PATIENCE_COMPLETE``)."""
    prog_name = ctx.find_root().info_name or "patience"
    return prog_name, "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())


def show_completion(ctx: typer.Context, param: typer.CallbackParam, value: Shell | None) -> None:
    """``--show-completion SHELL``: print that shell's completion script and exit 0."""
    if value is None or ctx.resilient_parsing:
        return
    prog_name, complete_var = _complete_var(ctx)
    typer.echo(get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=value.value))
    raise typer.Exit()


def install_completion(ctx: typer.Context, param: typer.CallbackParam, value: Shell | None) -> None:
    """``--install-completion SHELL``: write that shell's completion script where the shell reads it, and exit 0."""
    if value is None or ctx.resilient_parsing:
        return
    import subprocess

    from patience_cli.common import bad_input

    prog_name, complete_var = _complete_var(ctx)
    try:
        shell, path = install(shell=value.value, prog_name=prog_name, complete_var=complete_var)
    except FileNotFoundError as error:  # PowerShell asked for its profile's path, and it is not installed
        bad_input(
            _("cannot install the {shell} completion: there is no `{command}` command here").format(
                shell=value.value, command=error.filename
            )
        )
    except (OSError, subprocess.CalledProcessError) as error:
        bad_input(
            _("cannot install the {shell} completion: {why}").format(
                shell=value.value, why=getattr(error, "strerror", None) or error
            )
        )
    typer.echo(
        _("{shell} completion is installed in {path}: it works in shells started from now on.").format(
            shell=shell, path=path
        )
    )
    raise typer.Exit()


def show_flags_without_type() -> None:
    """Make help screens show an option that takes no value (``--last``, ``--help``) without a value type.

    typer's help labels every option with its type, so a flag would read
    ``--last <bool>`` as if it wanted a value after it.
    """
    option = typer.core.TyperOption
    if getattr(option.display_type_rich, "_flags_untyped", False):
        return
    shown = option.display_type_rich

    def display_type_rich(self: typer.core.TyperOption, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        return shown(self, ctx)

    display_type_rich._flags_untyped = True  # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich  # type: ignore[method-assign]


def show_help_as_written() -> None:
    """Make help screens show help texts as they are written, square brackets included.

    typer reads help texts as rich markup, where ``[text ...]`` is a style
    tag and vanishes; the help texts here are plain words, and a translation
    (the pseudo-language's ``[...]`` above all) must show whole. typer's
    help renderer is changed when it is imported, which only a help screen
    does (:func:`patience_cli.imports.when_imported`).
    """
    from patience_cli.imports import when_imported

    when_imported("typer.rich_utils", _escape_help_texts)


def _escape_help_texts(rich_utils: ModuleType) -> None:
    """Have typer's help renderer ``rich_utils`` escape each help text before it reads the text as markup."""
    from rich.markup import escape

    made = rich_utils._make_rich_text
    if getattr(made, "_as_written", False):
        return

    def make_rich_text(*, text: str, style: str = "", markup_mode: Any) -> Any:
        return made(text=escape(text), style=style, markup_mode=markup_mode)

    make_rich_text._as_written = True  # type: ignore[attr-defined]
    rich_utils._make_rich_text = make_rich_text  # type: ignore[attr-defined]


def translate_help_option() -> None:
    """Make ``-h``/``--help`` describe itself in the language in use (typer writes its words in English)."""
    from typer._click.core import Command

    shown = Command.get_help_option
    if getattr(shown, "_translated", False):
        return

    def get_help_option(self: Command, ctx: Any) -> Any:
        option = shown(self, ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    get_help_option._translated = True  # type: ignore[attr-defined]
    Command.get_help_option = get_help_option  # type: ignore[method-assign]


def _param_name(error: typer.BadParameter) -> str:
    """How the user wrote the parameter: its long option (``--format``), or the argument's name (``ID``)."""
    param = error.param
    if param is None:
        return _("a value")
    if isinstance(param, typer.core.TyperOption):
        return max(param.opts, key=len)
    return param.metavar or (param.name or "value").upper()


def bad_value_message(error: typer.BadParameter) -> str | None:
    """A value of the wrong kind, in one sentence of ours: ``--port takes a whole number, not 'abc'``.

    typer checks values with pydantic, whose wording (``Value error, ...``,
    ``Input should be a valid integer``) would otherwise reach the user.
    ``None`` when the error did not come from that check (click's own
    messages are kept).
    """
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return None
    found = errors()
    if not found:
        return None
    first = found[0]
    name, value = _param_name(error), repr(first.get("input"))
    limits = first.get("ctx") or {}
    descriptor = getattr(error.param, "type_descriptor", None)
    if descriptor is not None and descriptor.is_choice:
        choices = ", ".join(str(getattr(choice, "value", choice)) for choice in descriptor.choices or ())
        return _("{name} takes one of {choices}, not {value}").format(name=name, choices=choices, value=value)
    kind = str(first.get("type", ""))
    if kind.startswith("int_"):
        return _("{name} takes a whole number, not {value}").format(name=name, value=value)
    if kind.startswith("float_"):
        return _("{name} takes a number, not {value}").format(name=name, value=value)
    if kind == "greater_than_equal":
        return _("{name} must be {limit} or more, not {value}").format(name=name, limit=limits.get("ge"), value=value)
    if kind == "less_than_equal":
        return _("{name} must be {limit} or less, not {value}").format(name=name, limit=limits.get("le"), value=value)
    if kind == "greater_than":
        return _("{name} must be more than {limit}, not {value}").format(name=name, limit=limits.get("gt"), value=value)
    if kind == "less_than":
        return _("{name} must be less than {limit}, not {value}").format(name=name, limit=limits.get("lt"), value=value)
    return _("{name} does not take {value}").format(name=name, value=value)
