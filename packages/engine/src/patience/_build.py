"""Which build of the engine is running: pure Python (the default and the reference) or compiled with mypyc.

The compiled build (``python3 tasks.py setup --compiled``) puts an extension
module next to the source of each module in :data:`COMPILED_MODULES`, and
Python imports an extension before the source beside it. So that an edit to
one of those sources can never go unseen, :func:`check_fresh` (run when this
module is imported, which :mod:`patience` does first) refuses an extension
older than its source.

With the environment variable ``PATIENCE_COMPILED=0`` the compiled files
are ignored and every module runs from its source (the reference build,
side by side with the compiled one: the tests and benchmarks compare them).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

__all__ = [
    "COMPILED_MODULES",
    "StaleBuildError",
    "check_fresh",
    "compiled_modules",
    "is_compiled",
    "pure_requested",
]

#: The modules the compiled build compiles: the include lists of the mypyc hooks of
#: packages/engine/pyproject.toml (the engine's) and packages/solver/pyproject.toml (the solver's).
COMPILED_MODULES: Final = (
    "patience.cards",
    "patience.moves",
    "patience.position",
    "patience.legality",
    "patience.movegen",
    "patience.rules",
    "patience.scoring",
    "patience.redeal",
    "patience.formats.codes",
    "patience.game",
    "patience.formats.fcsolve",
    "patience.formats.records",
    "patience.solution",
    "patience.shuffle",
    "patience_solver._compiled",
    "patience_solver._search",
    "patience_solver._store",
)

_PACKAGE: Final = os.path.dirname(os.path.realpath(__file__))


class StaleBuildError(ImportError):
    """A compiled module is older than its source: the build must be made again (or removed)."""


def _package_folder(top: str) -> str | None:
    """Where the top-level package ``top`` lies, found without importing it (None if it is not installed)."""
    if top == os.path.basename(_PACKAGE):
        return _PACKAGE
    spec = importlib.util.find_spec(top)
    if spec is None or not spec.submodule_search_locations:
        return None
    return str(next(iter(spec.submodule_search_locations)))


def _source(module: str, root: Path | None) -> tuple[str, str] | None:
    """The folder holding ``module``'s source and the module's last name; under ``root`` if given."""
    top, *parts = module.split(".")
    package = os.path.join(root, top) if root is not None else _package_folder(top)
    if package is None:
        return None
    return os.path.join(package, *parts[:-1]), parts[-1]


def _extensions(module: str, root: Path | None, listings: dict[str, frozenset[str]]) -> list[tuple[str, str]]:
    """``(source, extension)`` paths of ``module`` found beside each other.

    ``root`` is the folder that holds the top-level packages (a ``src`` folder);
    by default each package is looked up where it is installed. Each folder is
    listed once (``listings`` keeps what it holds): a few directory reads at
    every start rather than a look-up of each possible extension's file.
    """
    where = _source(module, root)
    if where is None:
        return []
    folder, name = where
    names = listings.get(folder)
    if names is None:
        try:
            names = frozenset(os.listdir(folder))
        except OSError:
            names = frozenset()
        listings[folder] = names
    source = os.path.join(folder, f"{name}.py")
    return [
        (source, os.path.join(folder, f"{name}{suffix}"))
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if f"{name}{suffix}" in names
    ]


def compiled_modules(root: Path | None = None) -> list[str]:
    """The modules of :data:`COMPILED_MODULES` that have a compiled extension beside their source."""
    listings: dict[str, frozenset[str]] = {}
    return [module for module in COMPILED_MODULES if _extensions(module, root, listings)]


def check_fresh(root: Path | None = None) -> None:
    """Raise :class:`StaleBuildError` when a compiled extension is older than its source."""
    listings: dict[str, frozenset[str]] = {}
    for module in COMPILED_MODULES:
        for source, extension in _extensions(module, root, listings):
            try:
                newer = os.stat(source).st_mtime > os.stat(extension).st_mtime
            except FileNotFoundError:  # no source beside the extension: nothing it could be older than
                continue
            if newer:
                where = Path(source)
                raise StaleBuildError(
                    f"{where.relative_to(where.parents[1])} changed after it was compiled"
                    f" ({os.path.basename(extension)} is older):"
                    " run `python3 tasks.py setup --compiled` to build it again,"
                    " or `python3 tasks.py setup` for the pure Python build"
                )


def is_compiled() -> bool:
    """Whether the modules imported now are the compiled ones (the engine's positions among them)."""
    import patience.position

    module = sys.modules[patience.position.__name__]
    return not str(module.__file__).endswith(".py")


def pure_requested() -> bool:
    """Whether ``PATIENCE_COMPILED=0`` asks for the pure Python modules whatever is built."""
    return os.environ.get("PATIENCE_COMPILED", "").strip() == "0"


class _FromSource:
    """Finds the modules of :data:`COMPILED_MODULES` as source, ahead of any compiled extension.

    A finder on ``sys.meta_path`` needs only ``find_spec``; it does not derive from
    ``importlib.abc.MetaPathFinder``, whose import brings in ``importlib.resources`` at every start.
    """

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The source file's spec for a module the compiled build compiles; None for every other module."""
        if fullname not in COMPILED_MODULES or not path:
            return None
        # ``path`` is the parent package's search path: the source lies in it.
        source = Path(next(iter(path))) / f"{fullname.rsplit('.', 1)[-1]}.py"
        return importlib.util.spec_from_file_location(fullname, source)


if pure_requested():
    sys.meta_path.insert(0, _FromSource())
else:
    check_fresh()
