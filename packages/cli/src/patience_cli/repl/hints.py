"""The ``hint`` command's link to the solver (``patience.solver``), with a plain fallback when it is missing.

A :class:`Hinter` keeps the solution behind its last hint. A heuristic
search started afresh from each position may pick a different line every
time, and its first moves can then undo each other (``23``, ``32``, ``23``);
following one solution to its end is what makes "follow the hints and win"
true. Any position on that solution (after undo too) gets its next move
without searching again.
"""

from __future__ import annotations

import enum
import threading

from attrs import frozen

from patience import Game, Move, PlaceKind, Position

__all__ = ["HintResult", "Hinter", "Verdict", "describe_move", "snapshot", "solver_available"]


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
        self._plan: dict[Position, tuple[Move, int]] = {}

    def __call__(self, game: Game, *, time_limit: float = 2.0, cancel: threading.Event | None = None) -> HintResult:
        """One move for ``game``'s position, from the current solution or a new search."""
        planned = self._plan.get(game.position)
        if planned is not None:
            move, left = planned
            return HintResult(move, Verdict.SOLVED, _winning(game.position, move, left))
        try:
            from patience.solver import Outcome, solve
        except ImportError:
            return _fallback(game)
        result = solve(game.variant, game.position, time_limit=time_limit, cancel=cancel)
        if result.outcome is Outcome.SOLVED and result.moves:
            self._plan = _replay(game, result.moves)
            return HintResult(
                result.moves[0], Verdict.SOLVED, _winning(game.position, result.moves[0], len(result.moves))
            )
        if result.outcome is Outcome.SOLVED:
            return HintResult(None, Verdict.SOLVED, "nothing is left to do")
        if result.outcome is Outcome.LOST:
            return HintResult(None, Verdict.LOST, "this position can no longer be won")
        if cancel is not None and cancel.is_set():
            return HintResult(None, Verdict.UNDECIDED, "the search was stopped")
        return HintResult(
            None, Verdict.UNDECIDED, f"no solution found in {time_limit:g} s; ask again, or undo a few moves"
        )


def _winning(position: Position, move: Move, left: int) -> str:
    return f"{describe_move(position, move)} ({left} move{'s' if left != 1 else ''} to a win)"


def _replay(game: Game, moves: tuple[Move, ...]) -> dict[Position, tuple[Move, int]]:
    """Each position along the solution, with the move to play there and how many are left."""
    plan: dict[Position, tuple[Move, int]] = {}
    sim = snapshot(game)
    for i, move in enumerate(moves):
        plan[sim.position] = (move, len(moves) - i)
        sim.play(move)
    return plan


def _fallback(game: Game) -> HintResult:
    """Without a solver: finish if possible, else a card that can go home, else nothing."""
    if game.can_finish:
        return HintResult(None, Verdict.SOLVED, "every card left can go home: type finish")
    for move in game.legal_moves:
        if move.destination.kind is PlaceKind.FOUNDATION:
            return HintResult(move, Verdict.UNDECIDED, describe_move(game.position, move))
    return HintResult(None, Verdict.UNDECIDED, "no solver is installed, so there is no hint beyond cards going home")
