"""The ``patience`` console script: :func:`patience_cli.app.main`, imported with the cyclic garbage collector paused.

Importing the command line (typer, attrs, pluggy, the engine) makes a few
hundred thousand objects, classes, functions and tables that live as long as
the process, and no garbage; the collector would still walk them again and
again while they are made, and once more when the process ends. So the
collector is paused while they are imported, and what they made is then
frozen (:func:`gc.freeze`): later collections, the one at exit too, pass
over it. The command itself runs with the collector as it was.
"""

from __future__ import annotations

import gc

__all__ = ["main"]


def main() -> None:
    """Run the ``patience`` command line (its arguments are ``sys.argv[1:]``)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        from patience_cli.app import main as run
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    run()
