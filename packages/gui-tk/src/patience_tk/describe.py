"""Moves and actions in the words a player uses: ``♥7 home``, ``4 cards from column 2 to column 4``.

The window says what happened with card names, never with notation. The
cards a move carried are read from the position *before* it (the
controller keeps it), so what is said is what the player saw move.
"""

from __future__ import annotations

from patience import Action, Move, PatienceError, PlaceKind, Position

__all__ = ["cards_word", "describe_action", "describe_move"]


def describe_move(before: Position, move: Move) -> str:
    """``move`` played from ``before``: ``♥7 home``, ``♠9 to cell b``, ``4 cards from column 2 to column 4``."""
    cards = before.moving_cards(move) if before.exists(move.source) else ()
    dest = move.destination
    where = "home" if dest.kind is PlaceKind.FOUNDATION else f"to {dest.describe()}"
    if len(cards) == 1:
        return f"{cards[0].display} {where}"
    if cards:
        return f"{len(cards)} cards ({cards[0].display} down) from {move.source.describe()} {where}"
    return f"{move.count} cards from {move.source.describe()} {where}"


def describe_action(before: Position, action: Action) -> str:
    """Every card movement of ``action`` played from ``before``, joined with commas."""
    position = before
    said: list[str] = []
    for move in action.moves:
        said.append(describe_move(position, move))
        position = _after(position, move)
    return ", ".join(said)


def _after(position: Position, move: Move) -> Position:
    """The position after ``move`` (for describing the next card of a Finish); the same one if it cannot tell."""
    try:
        return position.apply(move)
    except PatienceError:  # describing must never fail: the words only lose a card name
        return position


def cards_word(count: int) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} card" if count == 1 else f"{count} cards"
