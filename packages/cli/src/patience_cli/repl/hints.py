"""The ``hint`` command's link to the solver: :class:`patience.solver.Hinter` in the REPL's words.

The engine's hinter keeps the solution behind its last hint, so following
the hints wins; this module turns its answers into the REPL's lines.
"""

from __future__ import annotations

import enum
import threading

from attrs import frozen

from patience import Game, Move, PlaceKind, Position

__all__ = ["HintResult", "Hinter", "Verdict", "describe_move", "snapshot"]


class Verdict(enum.Enum):
    """What the hint knows about the position."""

    SOLVED = "solved"
    """Following the hints wins."""
    LOST = "lost"
    """The position can no longer be won (proved by the solver)."""
    UNDECIDED = "undecided"
    """The solver found neither a solution nor a proof within its time."""


@frozen
class HintResult:
    """A suggested move (or none), what the solver knows, and why."""

    move: Move | None
    verdict: Verdict
    reason: str


def snapshot(game: Game) -> Game:
    """A fresh game at ``game``'s position, for a solver running in another thread."""
    return Game.from_position(game.variant, game.position)


def describe_move(position: Position, move: Move) -> str:
    """A move in words: ``23: ♠7 onto ♦8``, ``4a: ♥6 to a free cell``, ``5h: ♦A goes home``."""
    cards = position.moving_cards(move)
    if not cards:
        return str(move)
    what = cards[0].display if move.count == 1 else f"the run of {move.count} from {cards[0].display}"
    dest = move.destination
    if dest.kind is PlaceKind.FOUNDATION:
        return f"{move}: {what} goes home"
    if dest.kind is PlaceKind.CELL:
        return f"{move}: {what} to a free cell"
    target = position.column(dest)
    return f"{move}: {what} onto {target[-1].display}" if target else f"{move}: {what} to the empty column"


class Hinter:
    """Hints from the solver that stay on one winning line while the player follows it."""

    def __init__(self) -> None:
        from patience.solver import Hinter as SolverHinter

        self._solver = SolverHinter()

    def __call__(self, game: Game, *, time_limit: float = 2.0, cancel: threading.Event | None = None) -> HintResult:
        """One move for ``game``'s position, from the current solution or a new search."""
        from patience.solver import Outcome

        found = self._solver(game, time_limit=time_limit, cancel=cancel)
        verdict = {Outcome.SOLVED: Verdict.SOLVED, Outcome.LOST: Verdict.LOST}.get(found.outcome, Verdict.UNDECIDED)
        if found.move is None and found.outcome is Outcome.SOLVED:
            reason = "nothing is left to do"
        elif found.outcome is Outcome.LOST:
            reason = "this position can no longer be won"
        elif found.move is None and cancel is not None and cancel.is_set():
            reason = "the search was stopped"
        elif found.move is None:
            reason = f"no solution found in {time_limit:g} s; ask again, or undo a few moves"
        else:
            reason = describe_move(game.position, found.move)
            if found.moves_left is not None:
                reason += f" ({found.moves_left} move{'s' if found.moves_left != 1 else ''} to a win)"
        return HintResult(found.move, verdict, reason)
