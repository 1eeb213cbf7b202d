"""Places and moves in standard FreeCell notation (the notation ``fc-solve -m -snx`` writes), widened.

Columns are numbered from ``1``; cells are lettered ``a b c d e f g k``
(fc-solve's letters: ``h`` is the foundation) and past the eighth ``m n p r
w x y z`` (:data:`CELL_LETTERS`). ``3a``, ``a5``, ``5h``, ``18`` and ``23v4``
(a run of 4 cards) are moves. Taking a card back from a foundation, which
Eight Off allows, is written with the suit after the ``h``: ``hSa`` (spades
foundation to cell a), ``hD5``.

The two places of a move may always be written with a ``-`` between them
(``3-a``, ``11-3``, ``3-12``, ``12-a``), and :func:`str` writes it when a
column past 9 is named (``10-8``, ``3-12``), so that a move reads back the
same on a table of any width. Without it a move is read in every way it
splits into two places; ``108``, ``310`` and ``110`` have one reading, and
where the table has two (``111`` with 11 columns: ``1-11`` or ``11-1``) the
separator is required.
"""

from __future__ import annotations

import enum
from typing import Final

import attr

from patience.cardnames import suit_word
from patience.cards import Suit
from patience.errors import AmbiguousMoveError, InvalidMoveError, clipped
from patience.i18n import current_language
from patience.i18n.hungarian import with_article
from patience.texts import _

__all__ = ["CELL_LETTERS", "MAX_CELLS", "Move", "Place", "PlaceKind"]

#: Cell letters by cell index: fc-solve's eight (``h`` names the foundation, ``i`` and ``j`` are skipped),
#: then those that name nothing else at the prompt: not ``l`` or ``o`` (read as 1 and 0 beside column
#: numbers), ``q`` and ``u`` (quit and undo), ``s`` (a suit after ``h``), ``t`` (ten) or ``v`` (a run's length).
CELL_LETTERS: Final = "abcdefgkmnprwxyz"

#: The most cells a table may have: one a letter.
MAX_CELLS: Final = len(CELL_LETTERS)


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


# attr.s rather than attrs.frozen: compiled, a native class (see patience.position.Position).
@attr.s(auto_attribs=True, frozen=True, init=False, order=False)
class Place:
    """A column, a cell or a foundation.

    ``index`` is 0-based for columns and cells. For a foundation it is the
    :class:`~patience.cards.Suit` value when the foundation is a move's
    source, and ``None`` when it is a destination (the card's suit decides).
    """

    kind: PlaceKind
    index: int | None

    def __init__(self, kind: PlaceKind, index: int | None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "index", index)

    def __reduce__(self) -> tuple[type[Place], tuple[object, ...]]:
        # pickle and copy make it through __init__, as a compiled class must be made.
        return type(self), (self.kind, self.index)

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
            if not 0 <= self.index < MAX_CELLS:
                raise InvalidMoveError(
                    _("cell {number} has no letter: a table has at most {most} cells").format(
                        number=self.index + 1, most=MAX_CELLS
                    )
                )
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


# attr.s rather than attrs.frozen: compiled, a native class (see patience.position.Position).
@attr.s(auto_attribs=True, frozen=True, init=False, order=False, repr=False)
class Move:
    """Move ``count`` cards from ``source`` to ``destination``.

    ``str()`` writes standard notation and :meth:`parse` reads it back, so
    ``Move.parse(str(m)) == m``. A run of more than one card is written with
    its length in hexadecimal after ``v`` (``23v4``), as ``fc-solve -snx`` does.
    """

    source: Place
    destination: Place
    count: int = 1

    def __init__(self, source: Place, destination: Place, count: int = 1) -> None:
        if count < 1:
            raise InvalidMoveError(_("a move carries at least one card, not {count}").format(count=count))
        if destination.kind is _FOUNDATION and destination.index is not None:
            raise InvalidMoveError(_("a move to a foundation is written to h, without a suit"))
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "destination", destination)
        object.__setattr__(self, "count", count)

    def __reduce__(self) -> tuple[type[Move], tuple[object, ...]]:
        # pickle and copy make it through __init__, as a compiled class must be made.
        return type(self), (self.source, self.destination, self.count)

    def __str__(self) -> str:
        return self._written(_past(self, 9))

    def standard(self) -> str:
        """The move as ``fc-solve -snx`` writes it: no ``-`` while its columns are 1 to 10 (``108``, ``310``).

        fc-solve's tables have at most 10 columns; a move naming a column
        past 10 has no fc-solve form and is written with the ``-`` (``11-3``).
        """
        return self._written(_past(self, 10))

    def _written(self, separated: bool) -> str:
        text = f"{self.source}-{self.destination}" if separated else f"{self.source}{self.destination}"
        if self.count > 1:
            text += f"v{self.count:x}"
        return text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, *, columns: int | None = None, cells: int | None = None) -> Move:
        """Read a move in standard notation: ``3a``, ``a5``, ``5h``, ``18``, ``23v4``, ``hSa``, ``11-3``.

        A ``-`` may stand between the two places; without it the text is
        read in every way it splits into two places, and one whose columns
        the table does not have (``columns``) is set aside: ``111`` on a
        table of 11 columns or more is refused as having two readings.
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
        source, destination = _places(body, raw, columns, cells)
        if source.kind is _FOUNDATION and source.index is None:
            raise InvalidMoveError(
                _("{text}: a card taken from a foundation needs its suit after h, like hSa").format(text=clipped(raw))
            )
        if destination.kind is _FOUNDATION and destination.index is not None:
            raise InvalidMoveError(_("{text}: a move home is written to h alone, like 5h").format(text=clipped(raw)))
        return cls(source, destination, count)


def _past(move: Move, last: int) -> bool:
    """Whether ``move`` names a column numbered past ``last``."""
    return any(place.kind is _COLUMN and (place.index or 0) >= last for place in (move.source, move.destination))


_SUIT_LETTERS: Final = frozenset("shdc")


def _is_token(text: str) -> bool:
    """Whether ``text`` is one place as a move without ``-`` writes it: ``3``, ``12``, ``a``, ``h``, ``hs``."""
    if text.isascii() and text.isdigit():
        return text[0] != "0" and len(text) <= 6
    if len(text) == 1:
        return text in CELL_LETTERS or text == "h"
    return len(text) == 2 and text[0] == "h" and text[1] in _SUIT_LETTERS


def _is_whole(source: str, destination: str) -> bool:
    """Whether a source and a destination may be a move: a foundation source has its suit, a destination none."""
    return source != "h" and not (destination.startswith("h") and len(destination) == 2)


def _places(body: str, raw: str, columns: int | None, cells: int | None) -> tuple[Place, Place]:
    """The two places of a move's ``body`` (lower case, the run length taken off); ``raw`` is what was typed."""
    if "-" in body:
        parts = body.split("-")
        if len(parts) != 2:
            raise InvalidMoveError(
                _("{text} is not a move: write one - between its two places, like 11-3").format(text=clipped(raw))
            )
        if not all(part.strip() for part in parts):
            raise InvalidMoveError(
                _("{text} is not a move: write a source and a destination, like 3a, a5, 5h or 18").format(
                    text=clipped(raw)
                )
            )
        return (
            Place.parse(parts[0], columns=columns, cells=cells),
            Place.parse(parts[1], columns=columns, cells=cells),
        )
    readings = [(body[:i], body[i:]) for i in range(1, len(body)) if _is_token(body[:i]) and _is_token(body[i:])]
    whole = [reading for reading in readings if _is_whole(*reading)]
    if columns is not None and len(whole) > 1:
        # Readings whose columns the table lacks are set aside; when none is left, no reading is taken
        # and the left-to-right reading below says what is wrong.
        whole = [reading for reading in whole if all(_fits(text, columns) for text in reading)]
        readings = whole
    if len(whole) > 1:
        forms = [f"{source}-{destination}" for source, destination in whole]
        raise AmbiguousMoveError(
            _("{text} can be read more than one way ({forms}): write a - between its two places").format(
                text=clipped(raw), forms=", ".join(forms)
            )
        )
    if whole or readings:
        # One reading, or none that is a whole move: the parts say what is wrong with it ("h" without a suit).
        source_text, dest_text = (whole or readings)[0]
    else:
        # No way to read two places: the left-to-right reading of the notation names the part that is wrong.
        source_text, rest = _split_place(body, raw)
        dest_text, tail = _split_place(rest, raw)
        if tail:
            raise InvalidMoveError(
                _("{text} is not a move: unexpected {tail} at the end").format(text=clipped(raw), tail=clipped(tail))
            )
    return (
        Place.parse(source_text, columns=columns, cells=cells),
        Place.parse(dest_text, columns=columns, cells=cells),
    )


def _fits(text: str, columns: int) -> bool:
    """Whether the place ``text`` names exists on a table of ``columns`` columns (cells and home always do)."""
    return not text.isdigit() or int(text) <= columns


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
