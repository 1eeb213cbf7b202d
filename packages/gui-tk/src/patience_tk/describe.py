"""Moves and actions in the words a player uses: ``♥7 home``, ``4 cards from column 2 to column 4``.

The window says what happened with card names, never with notation, in the
language in use. The cards a move carried are read from the position
*before* it (the controller keeps it), so what is said is what the player
saw move.
"""

from __future__ import annotations

from patience import Action, ActionKind, Move, PatienceError, Place, PlaceKind, Position
from patience.cardnames import display, suit_word
from patience.i18n import current_language
from patience.i18n.hungarian import with_article
from patience_tk.texts import _, ngettext, pgettext

__all__ = ["cards_word", "describe_action", "describe_move"]


def _number(place: Place) -> str:
    """A column's number or a cell's letter as the words around it need it (Hungarian: with its article)."""
    text = str(place)
    if current_language() != "hu":
        return text
    return with_article(f"{text}." if place.kind is PlaceKind.COLUMN else text)


def _to(place: Place) -> str:
    """Where a move goes: ``home``, ``to column 3``, ``to cell a``."""
    if place.kind is PlaceKind.FOUNDATION:
        return pgettext("move to", "home")
    if place.kind is PlaceKind.COLUMN:
        # Translators: {column} is the number ("3"); in Hungarian it comes with its article ("a 3.").
        return pgettext("move to", "to column {column}").format(column=_number(place))
    # Translators: {cell} is the letter ("a"); in Hungarian it comes with its article ("az a").
    return pgettext("move to", "to cell {cell}").format(cell=_number(place))


def _from(place: Place) -> str:
    """Where a move starts: ``from column 2``, ``from cell b``, ``from the hearts foundation``."""
    if place.kind is PlaceKind.COLUMN:
        return pgettext("move from", "from column {column}").format(column=_number(place))
    if place.kind is PlaceKind.CELL:
        return pgettext("move from", "from cell {cell}").format(cell=_number(place))
    suit = place.suit
    if suit is None:
        return pgettext("move from", "from the foundation")
    return pgettext("move from", "from the {suit} foundation").format(suit=suit_word(suit))


def describe_move(before: Position, move: Move) -> str:
    """``move`` played from ``before``: ``♥7 home``, ``♠9 to cell b``, ``4 cards from column 2 to column 4``."""
    cards = before.moving_cards(move) if before.exists(move.source) else ()
    where = _to(move.destination)
    if len(cards) == 1:
        # Translators: one card and where it went ("♥7 home", "♠9 to cell b").
        return pgettext("move in words", "{card} {to_place}").format(card=display(cards[0]), to_place=where)
    if cards:
        return ngettext(
            "{count} card ({card} down) {from_place} {to_place}",
            "{count} cards ({card} down) {from_place} {to_place}",
            len(cards),
        ).format(count=len(cards), card=display(cards[0]), from_place=_from(move.source), to_place=where)
    return ngettext("{count} card {from_place} {to_place}", "{count} cards {from_place} {to_place}", move.count).format(
        count=move.count, from_place=_from(move.source), to_place=where
    )


def describe_action(before: Position, action: Action) -> str:
    """Every card movement of ``action`` played from ``before``, joined with commas; a redeal in a word."""
    if action.kind is ActionKind.REDEAL:
        return _("the redeal")
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
    return ngettext("{count} card", "{count} cards", count).format(count=count)
