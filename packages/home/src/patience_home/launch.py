"""How the front ends' console scripts start: their module imported with the cyclic garbage collector paused.

Importing a front end (typer or Tk's wrappers, attrs, pluggy, the engine)
makes tens of thousands of objects, classes, functions and tables that live
as long as the process, and no garbage; the collector would still walk them
again and again while they are made, and once more when the process ends.
So :func:`run` pauses the collector while the front end is imported, then
freezes what the import made (:func:`gc.freeze`): later collections, the one
at exit and those of a window's or a game's main loop too, pass over it. The
front end itself runs with the collector as it was.
"""

from __future__ import annotations

import gc
import importlib

__all__ = ["run"]


def run(module: str) -> object:
    """Import ``module`` with the collector paused and return what its ``main()`` returns."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        main = importlib.import_module(module).main
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    return main()
