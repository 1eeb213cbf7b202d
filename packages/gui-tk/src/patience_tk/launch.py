"""The ``patience-tk`` console script: :func:`patience_tk.app.main`, imported with the cyclic garbage collector paused.

As for ``patience`` (:mod:`patience_cli.launch`): what importing the window
makes (Tk's wrappers, the engine, the card sets' tables) lives as long as the
process and holds no garbage, so the collector is paused while it is made and
then passes over it for good (:func:`gc.freeze`), in every collection the
window's main loop triggers too.
"""

from __future__ import annotations

import gc

__all__ = ["main"]


def main() -> int:
    """Run ``patience-tk`` with ``sys.argv[1:]``; its exit code."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        from patience_tk.app import main as run
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    return run()
