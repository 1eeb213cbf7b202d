"""Helpers for the Tk tests: the window package's own (:mod:`patience_tk.testing`), which the benchmark shares."""

from __future__ import annotations

import contextlib
import gc
import tkinter as tk
from collections.abc import Iterator

from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.testing import pump

__all__ = ["pump", "tk_root", "win"]


@contextlib.contextmanager
def tk_root() -> Iterator[tk.Tk]:
    """A real Tk root at the screen's corner, destroyed and its Tcl objects freed afterwards.

    Raises :class:`tkinter.TclError` when there is no usable display.
    """
    window = tk.Tk()
    window.geometry("+0+0")
    try:
        yield window
    finally:
        with contextlib.suppress(tk.TclError):
            window.destroy()
        del window
        # Free this root's Tk objects now, on this thread: a collection triggered later in a
        # solver thread would delete a Tcl interpreter from the wrong thread, which aborts.
        gc.collect()


def win(app: App) -> None:
    """Play the solver's solution of the window's game to the end (automatic play may finish it first)."""
    game = app.game
    result = solve(game.variant, game.position, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        if game.is_won:
            break
        game.play(move)
    pump(app.root)
    assert game.is_won
