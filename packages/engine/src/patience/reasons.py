"""Why a move is refused, as data: a :class:`Refusal` kind and its parameters, put into words when shown.

:func:`patience.legality.check_move` answers a refused move with a
:class:`Reason`; its words are made only when it is shown, in the language
in use then (``str(reason)``, or :func:`describe` with a language), so that
no front end parses English and every language says it its own way:

>>> from patience import Card, Place
>>> reason = Reason.of(Refusal.EMPTY_SOURCE, place=Place.column(2))
>>> str(reason), describe(reason, "de"), describe(reason, "hu")
('column 3 is empty', 'Spalte 3 ist leer', 'a 3. oszlop üres')

A plugin's legality hook may still answer with a plain string; it is shown
as it is.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TypeAlias

from attrs import frozen

from patience.cardnames import display, rank_letter, suit_word
from patience.cards import Card, Colour, Suit
from patience.i18n import Domain, current_language, speaking
from patience.i18n.hungarian import with_article
from patience.moves import CELL_LETTERS, Place, PlaceKind
from patience.rules import Build

__all__ = ["Reason", "Refusal", "describe"]

_ = Domain("patience")

Value: TypeAlias = "Card | Place | Build | Colour | int | str | bool"


class Refusal(enum.Enum):
    """The kinds of refused moves, each with the parameters its words need."""

    NO_SUCH_COLUMN = "no_such_column"
    """The move names a column the table does not have (``place``, ``title``, ``columns``)."""
    NO_SUCH_CELL = "no_such_cell"
    """The move names a cell the table does not have (``place``, ``title``, ``cells``)."""
    SAME_PLACE = "same_place"
    """Source and destination are the same place."""
    NO_TAKEBACK = "no_takeback"
    """The variant takes nothing back from a foundation (``title``)."""
    FOUNDATION_TO_FOUNDATION = "foundation_to_foundation"
    """From one foundation to another."""
    RUN_FROM_NON_COLUMN = "run_from_non_column"
    """A run of several cards from a cell or a foundation (``place``)."""
    TOO_FEW_CARDS = "too_few_cards"
    """A run longer than the column holds (``place``, ``held``, ``count``)."""
    EMPTY_SOURCE = "empty_source"
    """Nothing to move (``place``)."""
    RUN_TO_CELL = "run_to_cell"
    """A run of several cards into a cell (``count``)."""
    RUN_HOME = "run_home"
    """A run of several cards to a foundation (``count``)."""
    NOT_A_RUN = "not_a_run"
    """The cards asked for are not an ordered run (``count``, ``place``, ``title``, ``build``)."""
    RUN_NOT_MOVABLE = "run_not_movable"
    """The cards build on one another but are not built as a moving run must be (``count``, ``place``,
    ``title``, ``build``: :attr:`patience.rules.Rules.run_build`)."""
    SUIT_HOME_ONLY = "suit_home_only"
    """One card to a foundation where only a complete suit goes home (``card``, ``title``)."""
    NOT_A_WHOLE_SUIT = "not_a_whole_suit"
    """Cards to a foundation that are not a complete suit from king to ace (``count``, ``place``, ``title``)."""
    FOUNDATION_FULL = "foundation_full"
    """The card's foundation is complete (``card``)."""
    NEEDS_ACE = "needs_ace"
    """The card's foundation is empty and starts with an ace (``card``)."""
    NEEDS_BASE = "needs_base"
    """The card's foundation is empty and starts with the deal's base card (``card``, ``needed``)."""
    NEEDS_CARD = "needs_card"
    """The card's foundation needs another card next (``card``, ``needed``)."""
    NEEDS_RANK = "needs_rank"
    """No foundation by rank takes the card's rank next (``card``; ``ranks``: the ranks they take, as numbers
    separated by spaces)."""
    CELL_TO_CELL = "cell_to_cell"
    """From one cell to another."""
    RESERVE_CELL = "reserve_cell"
    """Into a reserve cell, which is never refilled (``place``, ``title``)."""
    CELL_TAKEN = "cell_taken"
    """The cell holds a card already (``place``, ``card``)."""
    CELL_SUIT = "cell_suit"
    """Into a cell that takes only another suit (``card``, ``place``, ``suit``: that suit's value, ``title``)."""
    NOTHING_ON_ACE = "nothing_on_ace"
    """Building on an ace, which does not turn around to the king (``card``, ``top``, ``title``)."""
    WRONG_RANK = "wrong_rank"
    """Not the rank below (``card``, ``top``, ``title``, ``build``, ``rank``; ``around`` on an ace)."""
    WRONG_SUIT = "wrong_suit"
    """The right rank in the wrong suit or colour (``card``, ``top``, ``title``, ``build``)."""
    NOTHING_ON_COLUMNS = "nothing_on_columns"
    """Onto a column where nothing builds (``card``, ``top``, ``title``)."""
    NO_EMPTY_COLUMNS = "no_empty_columns"
    """The variant lets nothing into an empty column (``title``)."""
    EMPTY_COLUMN_RANK = "empty_column_rank"
    """Only one rank goes into an empty column (``card``, ``count``, ``rank``, ``title``)."""
    WHOLE_COLUMN_TO_EMPTY = "whole_column_to_empty"
    """A whole column into an empty column."""
    NO_GROUP_MOVES = "no_group_moves"
    """The variant moves one card at a time (``count``)."""
    OVER_CAPACITY = "over_capacity"
    """More cards than the free places can move (``count``, ``free``, ``empty``, ``limit``, ``to_empty``)."""


@frozen
class Reason:
    """A refusal: its :class:`Refusal` kind and its parameters (cards, places, counts, the game's title).

    ``str(reason)`` is its words in the language in use.
    """

    kind: Refusal
    params: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, kind: Refusal, **params: Value) -> Reason:
        """A reason of ``kind`` with ``params``."""
        return cls(kind, tuple(sorted(params.items())))

    @property
    def values(self) -> dict[str, Value]:
        """The parameters by name."""
        return dict(self.params)

    def __str__(self) -> str:
        return describe(self)


def describe(reason: Reason | str, language: str | None = None) -> str:
    """The words of ``reason`` in ``language`` (the language in use by default); a string as it is."""
    if isinstance(reason, str):
        return reason
    if language is not None and language != current_language():
        with speaking(language):
            return describe(reason)
    values = reason.values
    words = {name: _word(name, value) for name, value in values.items()}
    return _MESSAGES[reason.kind](values, words)


# -- the words of the parameters -------------------------------------------------------------------------


def _word(name: str, value: Value) -> str:
    if isinstance(value, Card):
        return display(value)
    if isinstance(value, Place):
        return _place(value)
    if name == "title" and isinstance(value, str):
        return with_article(value) if current_language() == "hu" else value
    return str(value)


def _place(place: Place) -> str:
    """A place in words, as a sentence names it: ``column 3``, ``Spalte 3``, ``a 3. oszlop``."""
    if place.kind is PlaceKind.COLUMN:
        number = str(place)
        # Translators: a column named in a sentence; Hungarian puts the article before it ("a 3. oszlop").
        phrase = _.gettext("column {number}").format(number=number)
        return _hungarian_article(phrase, f"{number}.")
    if place.kind is PlaceKind.CELL:
        letter = str(place)
        # Translators: a cell named in a sentence by its letter; Hungarian puts the article before it.
        phrase = _.gettext("cell {letter}").format(letter=letter)
        return _hungarian_article(phrase, letter)
    suit = place.suit
    if suit is None:
        return _.gettext("the foundation")
    # Translators: the foundation of one suit, with the suit's name ("the hearts foundation").
    return _.gettext("the {suit} foundation").format(suit=suit_word(suit))


def _hungarian_article(phrase: str, first: str) -> str:
    """``phrase`` after the article its first word (``first``) takes, in Hungarian; as it is elsewhere."""
    return f"{with_article(first).split(' ', 1)[0]} {phrase}" if current_language() == "hu" else phrase


def _a_rank(rank: int) -> str:
    """A card of ``rank``, any suit, as a sentence names it: ``a king``, ``an ace``, ``an 8``."""
    return (
        "",
        _.pgettext("a card of rank", "an ace"),
        _.pgettext("a card of rank", "a 2"),
        _.pgettext("a card of rank", "a 3"),
        _.pgettext("a card of rank", "a 4"),
        _.pgettext("a card of rank", "a 5"),
        _.pgettext("a card of rank", "a 6"),
        _.pgettext("a card of rank", "a 7"),
        _.pgettext("a card of rank", "an 8"),
        _.pgettext("a card of rank", "a 9"),
        _.pgettext("a card of rank", "a 10"),
        _.pgettext("a card of rank", "a jack"),
        _.pgettext("a card of rank", "a queen"),
        _.pgettext("a card of rank", "a king"),
    )[rank]


def _a_red_rank(rank: int) -> str:
    """A red card of ``rank``: ``a red queen``."""
    return (
        "",
        _.pgettext("a red card of rank", "a red ace"),
        _.pgettext("a red card of rank", "a red 2"),
        _.pgettext("a red card of rank", "a red 3"),
        _.pgettext("a red card of rank", "a red 4"),
        _.pgettext("a red card of rank", "a red 5"),
        _.pgettext("a red card of rank", "a red 6"),
        _.pgettext("a red card of rank", "a red 7"),
        _.pgettext("a red card of rank", "a red 8"),
        _.pgettext("a red card of rank", "a red 9"),
        _.pgettext("a red card of rank", "a red 10"),
        _.pgettext("a red card of rank", "a red jack"),
        _.pgettext("a red card of rank", "a red queen"),
        _.pgettext("a red card of rank", "a red king"),
    )[rank]


def _a_black_rank(rank: int) -> str:
    """A black card of ``rank``: ``a black 7``."""
    return (
        "",
        _.pgettext("a black card of rank", "a black ace"),
        _.pgettext("a black card of rank", "a black 2"),
        _.pgettext("a black card of rank", "a black 3"),
        _.pgettext("a black card of rank", "a black 4"),
        _.pgettext("a black card of rank", "a black 5"),
        _.pgettext("a black card of rank", "a black 6"),
        _.pgettext("a black card of rank", "a black 7"),
        _.pgettext("a black card of rank", "a black 8"),
        _.pgettext("a black card of rank", "a black 9"),
        _.pgettext("a black card of rank", "a black 10"),
        _.pgettext("a black card of rank", "a black jack"),
        _.pgettext("a black card of rank", "a black queen"),
        _.pgettext("a black card of rank", "a black king"),
    )[rank]


# -- the messages ------------------------------------------------------------------------------------------

Words = Mapping[str, str]
Values = Mapping[str, Value]


def _int(values: Values, name: str) -> int:
    value = values[name]
    assert isinstance(value, int)
    return value


def _build(values: Values) -> Build:
    value = values["build"]
    assert isinstance(value, Build)
    return value


def _no_such_cell(values: Values, w: Words) -> str:
    cells = _int(values, "cells")
    letters = " ".join(CELL_LETTERS[i] for i in range(cells))
    return _.ngettext(
        "there is no {place}: {title} has {cells} cell ({letters})",
        "there is no {place}: {title} has {cells} cells ({letters})",
        cells,
    ).format(place=w["place"], title=w["title"], cells=cells, letters=letters)


def _too_few_cards(values: Values, w: Words) -> str:
    held = _int(values, "held")
    return _.ngettext(
        "{place} holds only {held} card, not {count}", "{place} holds only {held} cards, not {count}", held
    ).format(place=w["place"], held=held, count=w["count"])


def _not_a_run(values: Values, w: Words) -> str:
    message = {
        Build.SAME_SUIT: _.gettext("the top {count} cards of {place} are not an ordered run: {title} builds by suit"),
        Build.ALTERNATE_COLOURS: _.gettext(
            "the top {count} cards of {place} are not an ordered run: {title} builds in alternating colours"
        ),
        Build.ANY_SUIT: _.gettext(
            "the top {count} cards of {place} are not an ordered run: {title} builds down regardless of suit"
        ),
        Build.NONE: _.gettext(
            "the top {count} cards of {place} are not an ordered run: {title} builds nothing on the columns"
        ),
    }[_build(values)]
    return message.format(count=w["count"], place=w["place"], title=w["title"])


def _run_not_movable(values: Values, w: Words) -> str:
    if _build(values) is Build.ALTERNATE_COLOURS:
        message = _.gettext(
            "the top {count} cards of {place} are not in alternating colours:"
            " only a run in alternating colours moves as one in {title}"
        )
    else:
        message = _.gettext(
            "the top {count} cards of {place} are not a run of one suit: only a run of one suit moves as one in {title}"
        )
    return message.format(count=w["count"], place=w["place"], title=w["title"])


def _wrong_suit(values: Values, w: Words) -> str:
    message = {
        Build.SAME_SUIT: _.gettext("{card} cannot go on {top}: {title} builds by suit"),
        Build.ALTERNATE_COLOURS: _.gettext("{card} cannot go on {top}: {title} builds in alternating colours"),
        Build.ANY_SUIT: _.gettext("{card} cannot go on {top}: {title} builds down regardless of suit"),
        Build.NONE: _.gettext(
            "{card} cannot go on {top}: nothing is put on a column in {title}, cards only leave them"
        ),
    }[_build(values)]
    return message.format(card=w["card"], top=w["top"], title=w["title"])


def _wrong_rank(values: Values, w: Words) -> str:
    build, rank, top = values["build"], _int(values, "rank"), values["top"]
    assert isinstance(top, Card)
    if build is Build.SAME_SUIT:
        fits = display(Card(rank, top.suit))
    elif build is Build.ALTERNATE_COLOURS:
        fits = _a_black_rank(rank) if top.colour is Colour.RED else _a_red_rank(rank)
    else:
        fits = _a_rank(rank)
    if values.get("around"):
        message = _.gettext(
            "{card} cannot go on {top}: wrong rank, only {fits} goes on it in {title}"
            " (a king goes on an ace: it builds around from A to K)"
        )
    else:
        message = _.gettext("{card} cannot go on {top}: wrong rank, only {fits} goes on it in {title}")
    return message.format(card=w["card"], top=w["top"], fits=fits, title=w["title"])


def _cell_suit(values: Values, w: Words) -> str:
    suit = suit_word(Suit(_int(values, "suit")))
    message = _.gettext("{card} cannot go to {place}: in {title} that cell takes only {suit}")
    return message.format(card=w["card"], place=w["place"], title=w["title"], suit=suit)


def _empty_column_rank(values: Values, w: Words) -> str:
    rank = _int(values, "rank")
    if _int(values, "count") == 1:
        message = _.gettext("{card} cannot go to an empty column: only {rank}, alone or with its run, may in {title}")
    else:
        message = _.gettext(
            "a run from {card} cannot go to an empty column: only {rank}, alone or with its run, may in {title}"
        )
    return message.format(card=w["card"], rank=_a_rank(rank), title=w["title"])


def _over_capacity(values: Values, w: Words) -> str:
    free, empty = _int(values, "free"), _int(values, "empty")
    cells = _.ngettext("{free} free cell", "{free} free cells", free).format(free=free)
    columns = _.ngettext("{empty} empty column", "{empty} empty columns", empty).format(empty=empty)
    if values.get("to_empty"):
        message = _.gettext(
            "run of {count} cards, but {cells} and {columns} (the destination does not count) move at most {limit}"
        )
    else:
        message = _.gettext("run of {count} cards, but {cells} and {columns} move at most {limit}")
    return message.format(count=w["count"], cells=cells, columns=columns, limit=w["limit"])


def _needs_rank(values: Values, w: Words) -> str:
    ranks = str(values["ranks"]).split()
    message = _.gettext("{card} cannot go home yet: the foundations take only {ranks} next")
    return message.format(card=w["card"], ranks=", ".join(rank_letter(int(rank)) for rank in ranks))


def _text(message: Callable[[], str]) -> Callable[[Values, Words], str]:
    """A message whose placeholders are all parameters' words."""
    return lambda _values, words: message().format(**words)


_MESSAGES: dict[Refusal, Callable[[Values, Words], str]] = {
    Refusal.NO_SUCH_COLUMN: _text(lambda: _.gettext("there is no {place}: {title} has columns 1 to {columns}")),
    Refusal.NO_SUCH_CELL: _no_such_cell,
    Refusal.SAME_PLACE: _text(lambda: _.gettext("a card cannot move to where it already is")),
    Refusal.NO_TAKEBACK: _text(lambda: _.gettext("nothing comes back from a foundation in {title}")),
    Refusal.FOUNDATION_TO_FOUNDATION: _text(lambda: _.gettext("a card cannot move from one foundation to another")),
    Refusal.RUN_FROM_NON_COLUMN: _text(
        lambda: _.gettext("only a column holds a run of cards; {place} gives one card at a time")
    ),
    Refusal.TOO_FEW_CARDS: _too_few_cards,
    Refusal.EMPTY_SOURCE: _text(lambda: _.gettext("{place} is empty")),
    Refusal.RUN_TO_CELL: _text(lambda: _.gettext("a cell holds one card, not a run of {count}")),
    Refusal.RUN_HOME: _text(lambda: _.gettext("cards go home one at a time, not a run of {count}")),
    Refusal.NOT_A_RUN: _not_a_run,
    Refusal.RUN_NOT_MOVABLE: _run_not_movable,
    Refusal.SUIT_HOME_ONLY: _text(
        lambda: _.gettext("{card} cannot go home alone: only a complete suit, king to ace, goes home in {title}")
    ),
    Refusal.NOT_A_WHOLE_SUIT: _text(
        lambda: _.gettext(
            "the top {count} cards of {place} are not a complete suit from king to ace,"
            " the only run that goes home in {title}"
        )
    ),
    Refusal.FOUNDATION_FULL: _text(lambda: _.gettext("{card} cannot go home: its foundation is full")),
    Refusal.NEEDS_ACE: _text(lambda: _.gettext("{card} cannot go home yet: its foundation needs an ace next")),
    Refusal.NEEDS_BASE: _text(
        lambda: _.gettext("{card} cannot go home yet: its foundation needs the {needed} (the base) next")
    ),
    Refusal.NEEDS_CARD: _text(lambda: _.gettext("{card} cannot go home yet: its foundation needs the {needed} next")),
    Refusal.NEEDS_RANK: _needs_rank,
    Refusal.CELL_TO_CELL: _text(lambda: _.gettext("moving a card from one cell to another changes nothing")),
    Refusal.RESERVE_CELL: _text(
        lambda: _.gettext("{place} is a reserve cell: nothing goes into a reserve cell in {title}")
    ),
    Refusal.CELL_TAKEN: _text(lambda: _.gettext("{place} already holds {card}: a cell holds one card")),
    Refusal.CELL_SUIT: _cell_suit,
    Refusal.NOTHING_ON_ACE: _text(
        lambda: _.gettext(
            "{card} cannot go on {top}: nothing goes on an ace in {title}, which does not build around from A to K"
        )
    ),
    Refusal.WRONG_RANK: _wrong_rank,
    Refusal.WRONG_SUIT: _wrong_suit,
    Refusal.NOTHING_ON_COLUMNS: _text(
        lambda: _.gettext("{card} cannot go on {top}: nothing is put on a column in {title}, cards only leave them")
    ),
    Refusal.NO_EMPTY_COLUMNS: _text(lambda: _.gettext("nothing may go to an empty column in {title}")),
    Refusal.EMPTY_COLUMN_RANK: _empty_column_rank,
    Refusal.WHOLE_COLUMN_TO_EMPTY: _text(
        lambda: _.gettext("moving a whole column into an empty column changes nothing")
    ),
    Refusal.NO_GROUP_MOVES: _text(
        lambda: _.gettext("run of {count} cards, but only one card moves at a time in this game")
    ),
    Refusal.OVER_CAPACITY: _over_capacity,
}
