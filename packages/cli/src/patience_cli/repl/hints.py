"""The ``hint`` command's link to the solver (``patience.solver``), with a plain fallback while it is missing."""

from __future__ import annotations

import enum
import threading

from attrs import frozen

from patience import Game, Move

__all__ = ["HintResult", "Verdict", "find_hint", "snapshot", "solver_available"]


class Verdict(enum.Enum):
    """What the hint knows about the position."""

    SOLVED = "solved"
    """Following the hints wins."""
    LOST = "lost"
    """The position can no longer be won (proved by the solver)."""
    UNDECIDED = "undecided"
    """The solver ran out of time, or there is no solver."""


@frozen
class HintResult:
    """A suggested move (or none), what the solver knows, and why."""

    move: Move | None
    verdict: Verdict
    reason: str


def solver_available() -> bool:
    """Whether ``patience.solver`` is installed."""
    try:
        from patience import solver  # noqa: F401
    except ImportError:
        return False
    return True


def find_hint(game: Game, *, time_limit: float = 2.0, cancel: threading.Event | None = None) -> HintResult:
    """Ask the solver for one move from ``game``'s position.

    To ask from another thread, pass a copy (:func:`snapshot`) so the game
    may change while the solver thinks.
    """
    try:
        from patience.solver import Outcome, hint
    except ImportError:
        return _fallback(game)
    answer = hint(game, time_limit=time_limit, cancel=cancel)
    verdict = {Outcome.SOLVED: Verdict.SOLVED, Outcome.LOST: Verdict.LOST}.get(answer.outcome, Verdict.UNDECIDED)
    return HintResult(answer.move, verdict, answer.reason)


def snapshot(game: Game) -> Game:
    """A fresh game at ``game``'s position, for a solver running in another thread."""
    return Game.from_position(game.variant, game.position)


def _fallback(game: Game) -> HintResult:
    """Without a solver: finish if possible, else a card that can go home, else nothing."""
    if game.can_finish:
        return HintResult(None, Verdict.SOLVED, "every card left can go home: type finish")
    for move in game.legal_moves:
        if move.destination.kind.value == "foundation":
            return HintResult(move, Verdict.UNDECIDED, "a card can go home (no solver installed to look further)")
    return HintResult(None, Verdict.UNDECIDED, "no solver is installed, so there is no hint beyond cards going home")
