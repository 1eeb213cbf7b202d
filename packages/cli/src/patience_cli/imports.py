"""Work to do on a module once it is imported, for a module that only some commands import.

typer imports its rich help renderer (``typer.rich_utils``, and rich with
it) when a help screen or one of its error panels is shown; the changes the
program makes to it (help texts as written, typer's words translated) are
made then, through :func:`when_imported`, instead of importing it for every
command.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

__all__ = ["when_imported"]


def when_imported(name: str, work: Callable[[ModuleType], None]) -> None:
    """Call ``work(module)`` once the module ``name`` has been imported: now if it is, else right after its import.

    Each import of the module (a second one after it was taken out of
    ``sys.modules`` too) calls every ``work`` given for it, in the order given.
    """
    module = sys.modules.get(name)
    if module is not None:
        work(module)
    finder = next((each for each in sys.meta_path if isinstance(each, _AfterImport)), None)
    if finder is None:
        finder = _AfterImport()
        sys.meta_path.insert(0, finder)
    finder.works.setdefault(name, []).append(work)


class _AfterImport:
    """A finder that finds nothing itself: it has the real finder's loader run the works after the module's code."""

    def __init__(self) -> None:
        self.works: dict[str, list[Callable[[ModuleType], None]]] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None) -> Any:
        """The spec the other finders find for ``fullname``, with the works added to its loading; else ``None``."""
        works = self.works.get(fullname)
        if not works:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec: ModuleSpec | None = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        run = getattr(loader, "exec_module", None)
        if loader is None or run is None:
            return spec

        def exec_module(module: ModuleType) -> None:
            run(module)
            for work in list(works):
                work(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec
