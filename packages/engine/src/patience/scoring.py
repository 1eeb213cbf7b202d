"""Score bookkeeping values passed to the ``patience_score_action`` hook."""

from __future__ import annotations

import enum

from attrs import frozen

from patience.cards import Card

__all__ = ["ActionKind", "ScoreState", "ScoredAction"]


class ActionKind(enum.Enum):
    """What a player did, as far as scoring is concerned."""

    MOVE = "move"
    UNDO = "undo"
    REDO = "redo"
    FINISH = "finish"
    REDEAL = "redeal"
    """The columns gathered and dealt again (:meth:`patience.Game.redeal`): one move."""
    WIN = "win"
    GIVE_UP = "give-up"
    DEAL = "deal"
    """The deal, with the automatic play right after it (scored once per deal or restart, from the
    starting score :attr:`patience.rules.Scoring.start`, even when nothing goes home)."""


@frozen
class ScoreState:
    """The score, the move count and which cards have ever reached a foundation."""

    score: int = 0
    moves: int = 0
    ever_home: frozenset[Card] = frozenset()


@frozen
class ScoredAction:
    """One action to score.

    ``cards_home`` lists every card that reached a foundation during the
    action, automatic play included; ``cards_back`` every card taken back
    from one. ``moves`` is how many moves the action counts as by itself
    (Finish: one per card); ``restored`` is, for an undo, the state from
    before the undone action.
    """

    kind: ActionKind
    cards_home: tuple[Card, ...] = ()
    cards_back: tuple[Card, ...] = ()
    moves: int = 0
    restored: ScoreState | None = None
