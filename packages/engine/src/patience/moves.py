"""Places and moves in standard FreeCell notation (the notation ``fc-solve -m -snx`` writes).

Columns are ``1``-``9`` and ``10``; cells are ``a b c d`` and, with 8 cells,
``e f g k`` (``h`` is the foundation). ``3a``, ``a5``, ``5h``, ``18`` and
``23v4`` (a run of 4 cards) are moves. Taking a card back from a foundation,
which Eight Off allows, is written with the suit after the ``h``: ``hSa``
(spades foundation to cell a), ``hD5``.
"""

from __future__ import annotations

import enum
from typing import Final

from attrs import frozen

from patience.cardnames import suit_word
from patience.cards import Suit
from patience.errors import InvalidMoveError, clipped
from patience.i18n import current_language
from patience.i18n.hungarian import with_article
from patience.texts import _

__all__ = ["CELL_LETTERS", "Move", "Place", "PlaceKind"]

#: Cell letters by cell index; ``h`` is skipped because it names the foundation.
CELL_LETTERS: Final = "abcdefgk"


class PlaceKind(enum.Enum):
    """Where a card can lie."""

    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"


# An enum member read through its class costs a descriptor call on every use; the rules and the game
# read these in their inner loops, so they read module constants instead.
_COLUMN: Final = PlaceKind.COLUMN
_CELL: Final = PlaceKind.CELL
_FOUNDATION: Final = PlaceKind.FOUNDATION


@frozen
class Place:
    """A column, a cell or a foundation.

    ``index`` is 0-based for columns and cells. For a foundation it is the
    :class:`~patience.cards.Suit` value when the foundation is a move's
    source, and ``None`` when it is a destination (the card's suit decides).
    """

    kind: PlaceKind
    index: int | None

    @classmethod
    def column(cls, index: int) -> Place:
        """Column ``index`` (0-based)."""
        if cls is Place and 0 <= index < _SHARED:
            return _COLUMNS[index]
        return cls(_COLUMN, index)

    @classmethod
    def cell(cls, index: int) -> Place:
        """Cell ``index`` (0-based)."""
        if cls is Place and 0 <= index < _SHARED:
            return _CELLS[index]
        return cls(_CELL, index)

    @classmethod
    def foundation(cls, suit: Suit | None = None) -> Place:
        """The foundation of ``suit``, or "the card's own foundation" when ``suit`` is None."""
        if suit is None and cls is Place:
            return _HOME
        return cls(_FOUNDATION, None if suit is None else suit.value)

    @property
    def suit(self) -> Suit | None:
        """The suit of a foundation place named with one."""
        if self.kind is _FOUNDATION and self.index is not None:
            return Suit(self.index % 4)
        return None

    def __str__(self) -> str:
        if self.kind is _COLUMN:
            assert self.index is not None
            return str(self.index + 1)
        if self.kind is _CELL:
            assert self.index is not None
            return CELL_LETTERS[self.index]
        suit = self.suit
        return "h" if suit is None else "h" + suit.letter

    def describe(self) -> str:
        """The place in words, as a sentence names it, in the language in use.

        ``column 3``, ``cell a``, ``the hearts foundation``; German ``Spalte 3``,
        Hungarian with its article, ``a 3. oszlop``.
        """
        if self.kind is _COLUMN:
            number = str(self)
            # Translators: a column named in a sentence; Hungarian puts the article before it ("a 3. oszlop").
            return _with_hungarian_article(_("column {number}").format(number=number), f"{number}.")
        if self.kind is _CELL:
            letter = str(self)
            # Translators: a cell named in a sentence by its letter; Hungarian puts the article before it.
            return _with_hungarian_article(_("cell {letter}").format(letter=letter), letter)
        suit = self.suit
        if suit is None:
            return _("the foundation")
        # Translators: the foundation of one suit, with the suit's name ("the hearts foundation").
        return _("the {suit} foundation").format(suit=suit_word(suit))

    @classmethod
    def parse(cls, text: str, *, columns: int | None = None, cells: int | None = None) -> Place:
        """Read one place: ``3``, ``10``, ``a``, ``k``, ``h`` or ``hS``.

        ``columns`` and ``cells``, the table's, only shape the message for
        text that is no place: it names that table's places.
        """
        key = text.strip()
        low = key.lower()
        # ASCII digits only (``²`` and ``١`` are digits to str.isdigit); no table has a million columns.
        if low.isascii() and low.isdigit() and low.strip("0") and len(low) <= 6:
            return cls.column(int(low) - 1)
        if len(low) == 1 and low in CELL_LETTERS:
            return cls.cell(CELL_LETTERS.index(low))
        if low == "h":
            return cls.foundation()
        if len(low) == 2 and low[0] == "h":
            try:
                return cls.foundation(Suit.parse(low[1]))
            except ValueError:
                pass
        raise InvalidMoveError(_not_a_place(text, columns, cells))


def _with_hungarian_article(phrase: str, first: str) -> str:
    """``phrase`` after the article its first word (``first``) takes, in Hungarian; as it is elsewhere."""
    return f"{with_article(first).split(' ', 1)[0]} {phrase}" if current_language() == "hu" else phrase


def _not_a_place(text: str, columns: int | None, cells: int | None) -> str:
    """Why ``text`` is no place, naming the table's places when its shape is known."""
    if columns is None or cells is None:
        return _("{text} is not a place: use a column number, a cell letter ({letters}) or h").format(
            text=clipped(text), letters=" ".join(CELL_LETTERS)
        )
    letters = " ".join(CELL_LETTERS[:cells])
    if cells == 0:
        return _("{text} is not a place: use a column number (1 to {columns}) or h").format(
            text=clipped(text), columns=columns
        )
    return _("{text} is not a place: use a column number (1 to {columns}), a cell letter ({letters}) or h").format(
        text=clipped(text), columns=columns, letters=letters
    )


# Places are immutable values, so the common ones are made once and shared (the rules and the
# solver's replay name places in their inner loops).
_SHARED: Final = 16
_COLUMNS: Final = tuple(Place(PlaceKind.COLUMN, i) for i in range(_SHARED))
_CELLS: Final = tuple(Place(PlaceKind.CELL, i) for i in range(_SHARED))
_HOME: Final = Place(PlaceKind.FOUNDATION, None)


@frozen
class Move:
    """Move ``count`` cards from ``source`` to ``destination``.

    ``str()`` writes standard notation and :meth:`parse` reads it back, so
    ``Move.parse(str(m)) == m``. A run of more than one card is written with
    its length in hexadecimal after ``v`` (``23v4``), as ``fc-solve -snx`` does.
    """

    source: Place
    destination: Place
    count: int = 1

    def __attrs_post_init__(self) -> None:
        if self.count < 1:
            raise InvalidMoveError(_("a move carries at least one card, not {count}").format(count=self.count))
        if self.destination.kind is _FOUNDATION and self.destination.index is not None:
            raise InvalidMoveError(_("a move to a foundation is written to h, without a suit"))

    def __str__(self) -> str:
        text = f"{self.source}{self.destination}"
        if self.count > 1:
            text += f"v{self.count:x}"
        return text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, *, columns: int | None = None, cells: int | None = None) -> Move:
        """Read a move in standard notation: ``3a``, ``a5``, ``5h``, ``18``, ``23v4``, ``hSa``.

        Without ``v`` the move carries one card; :meth:`patience.game.Game.parse_move`
        reads the notation in the context of a position, where ``18`` may mean a run.
        ``columns`` and ``cells`` are the table's, for messages (see :meth:`Place.parse`).
        """
        raw = text.strip()
        body = raw.lower()
        count = 1
        if "v" in body:
            body, _sep, count_text = body.partition("v")
            try:
                if not count_text.isascii():
                    raise ValueError(count_text)
                count = int(count_text, 16)
            except ValueError:
                raise InvalidMoveError(
                    _("{text}: the run length after v must be a hexadecimal number, like 23v4").format(
                        text=clipped(raw)
                    )
                ) from None
        source_text, rest = _split_place(body, raw)
        dest_text, tail = _split_place(rest, raw)
        if tail:
            raise InvalidMoveError(
                _("{text} is not a move: unexpected {tail} at the end").format(text=clipped(raw), tail=clipped(tail))
            )
        source = Place.parse(source_text, columns=columns, cells=cells)
        destination = Place.parse(dest_text, columns=columns, cells=cells)
        if source.kind is _FOUNDATION and source.index is None:
            raise InvalidMoveError(
                _("{text}: a card taken from a foundation needs its suit after h, like hSa").format(text=clipped(raw))
            )
        if destination.kind is _FOUNDATION and destination.index is not None:
            raise InvalidMoveError(_("{text}: a move home is written to h alone, like 5h").format(text=clipped(raw)))
        return cls(source, destination, count)


def _split_place(body: str, raw: str) -> tuple[str, str]:
    """Take one place off the front of ``body``; columns may be two digits (``10``)."""
    if not body:
        raise InvalidMoveError(
            _("{text} is not a move: write a source and a destination, like 3a, a5, 5h or 18").format(text=clipped(raw))
        )
    if body.startswith("10"):
        # "10" is column 10 unless what follows cannot be read then: "108" is 10->8,
        # "110" is 1->10 (handled because "1" alone is tried below when "10" leaves junk).
        rest = body[2:]
        if rest == "" or rest[0] != "0":
            return "10", rest
    if body[0] == "h":
        if len(body) >= 2 and body[1] in "shdc" and len(body) >= 3:
            return body[:2], body[2:]
        return "h", body[1:]
    return body[0], body[1:]
