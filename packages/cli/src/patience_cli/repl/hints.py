"""The ``hint`` command's link to the solver: :class:`patience_solver.Hinter` in the REPL's words.

The engine's hinter keeps the solution behind its last hint, so following
the hints wins; this module turns its answers into the REPL's lines.
"""

from __future__ import annotations

import enum
import threading

from attrs import frozen

from patience import Game, Move
from patience_cli.texts import _, ngettext

__all__ = ["HintResult", "Hinter", "Verdict", "snapshot"]


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


class Hinter:
    """Hints from the solver that stay on one winning line while the player follows it."""

    def __init__(self, *, max_positions: int | None = None, max_memory: int | None = None) -> None:
        """Hints whose searches expand at most ``max_positions`` and take at most ``max_memory`` bytes.

        None is the solver's default: no budget of positions, and the memory
        that the process's limits and the machine allow.
        """
        from patience_solver import Hinter as SolverHinter

        self._solver = SolverHinter()
        self.max_positions = max_positions
        self.max_memory = max_memory

    def __call__(self, game: Game, *, time_limit: float = 2.0, cancel: threading.Event | None = None) -> HintResult:
        """One move for ``game``'s position, from the current solution or a new search."""
        from patience_solver import Outcome

        found = self._solver(
            game, time_limit=time_limit, cancel=cancel, max_positions=self.max_positions, max_memory=self.max_memory
        )
        verdict = {Outcome.SOLVED: Verdict.SOLVED, Outcome.LOST: Verdict.LOST}.get(found.outcome, Verdict.UNDECIDED)
        if found.move is None and found.outcome is Outcome.SOLVED:
            reason = _("nothing is left to do")
        elif found.outcome is Outcome.LOST:
            reason = _("this position can no longer be won")
        elif found.move is None and cancel is not None and cancel.is_set():
            reason = _("the search was stopped")
        elif found.move is None:
            reason = found.reason  # how long it searched, and how long asking again will
        else:
            reason = found.reason  # the move in words, as the solver describes it
            if found.moves_left is not None:
                reason = ngettext(
                    "{reason} ({moves} move to a win)", "{reason} ({moves} moves to a win)", found.moves_left
                ).format(reason=reason, moves=found.moves_left)
        return HintResult(found.move, verdict, reason)
