"""Helpers for the Tk tests: the window package's own (:mod:`patience_tk.testing`), which the benchmark shares."""

from __future__ import annotations

from patience.solver import Outcome, solve
from patience_tk import App
from patience_tk.testing import pump

__all__ = ["pump", "win"]


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
