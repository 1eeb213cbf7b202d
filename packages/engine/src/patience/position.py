"""A position: what lies in the columns, the cells and on the foundations. Immutable and hashable."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Final

import attr

from patience.cardnames import display
from patience.cards import Card, Suit, full_deck
from patience.errors import IllegalMoveError, InvalidBoardError
from patience.moves import Move, Place, PlaceKind
from patience.texts import _, ngettext

__all__ = ["Position"]

# Enum members read through their class cost a descriptor call each time (see patience.moves).
_COLUMN: Final = PlaceKind.COLUMN
_CELL: Final = PlaceKind.CELL
_FOUNDATION: Final = PlaceKind.FOUNDATION
#: The suits by value: foundation ``f`` holds ``_SUITS[f % 4]`` (an enum's call costs more than the read).
_SUITS: Final = tuple(Suit)


#: For each base rank (index 1-13), each card's height on its foundation: how many cards of its suit
#: lie under it there (``(rank - base) % 13``). Index 0 is unused.
HEIGHTS = (b"", *(bytes((index % 13 + 1 - base) % 13 for index in range(52)) for base in range(1, 14)))


# attr.s, not attrs.frozen: mypyc compiles an attr.s class as a native class (its fields read as C struct
# members), and the __init__ below is compiled with it; attrs still adds ==, hash, repr and the frozen
# __setattr__, and attrs.evolve works as on any attrs class.
@attr.s(auto_attribs=True, frozen=True, init=False, order=False)
class Position:
    """Columns (covered card first), cells (``None`` when free) and foundations.

    ``foundations[f]`` is how many cards lie on foundation ``f``: one
    foundation per suit in :class:`Suit` order (spades, hearts, diamonds,
    clubs), and with two decks a second set of four after the first
    (foundation ``f`` holds suit ``Suit(f % 4)``). Each foundation starts
    at the rank ``base`` (1, the ace, unless the variant's deal sets it, as
    Penguin's does) and wraps from K to A, so with the ace as the base
    ``foundations[s]`` is the highest rank home. A position does not know the
    rules: legality lives in the variant (see :mod:`patience.legality`).

    Foundations built by rank regardless of suit (Stalactites) hold cards of
    mixed suits: ``piles[f]`` lists the cards on foundation ``f``, its base
    (dealt there, and never leaving) first, and ``foundations[f]`` is their
    number. Such a foundation takes the next higher rank of any suit (a K
    then an A), up to 13 cards. ``piles`` is empty for foundations by suit.
    """

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, ...] = (0, 0, 0, 0)
    base: int = 1
    """The rank every foundation starts with."""
    piles: tuple[tuple[Card, ...], ...] = ()
    """The cards on each foundation, base first, when the foundations build by rank (else empty)."""

    def __init__(
        self,
        columns: tuple[tuple[Card, ...], ...],
        cells: tuple[Card | None, ...],
        foundations: tuple[int, ...] = (0, 0, 0, 0),
        base: int = 1,
        piles: tuple[tuple[Card, ...], ...] = (),
    ) -> None:
        # object.__setattr__ passes the frozen __setattr__; compiled, each is a store into the struct.
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "foundations", foundations)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "piles", piles)

    def __reduce__(self) -> tuple[type[Position], tuple[object, ...]]:
        # pickle and copy make it through __init__, as a compiled class must be made.
        return type(self), (self.columns, self.cells, self.foundations, self.base, self.piles)

    @classmethod
    def by_rank(
        cls, columns: tuple[tuple[Card, ...], ...], cells: tuple[Card | None, ...], piles: tuple[tuple[Card, ...], ...]
    ) -> Position:
        """A position whose foundations build by rank regardless of suit and hold ``piles`` (base first)."""
        return cls(columns, cells, tuple(len(pile) for pile in piles), 1, piles)

    # -- reading ----------------------------------------------------------
    @property
    def decks(self) -> int:
        """How many decks the position is played with: 1 (four foundations), 2 (eight) or 3 (twelve)."""
        return len(self.foundations) // 4

    def height(self, card: Card) -> int:
        """How many cards lie under ``card`` on its foundation when it is there: it goes home onto that many."""
        return (card.rank - self.base) % 13

    def foundation_cards(self, index: int) -> tuple[Card, ...]:
        """The cards on foundation ``index``, bottom (the base) first."""
        if self.piles:
            return self.piles[index]
        count = self.foundations[index]
        if not count:
            return ()
        suit = _SUITS[index % 4]
        return tuple([Card((self.base - 1 + i) % 13 + 1, suit) for i in range(count)])

    def foundation_top(self, index: int) -> Card | None:
        """The top card of foundation ``index``, ``None`` when it is empty."""
        if self.piles:
            pile = self.piles[index]
            return pile[-1] if pile else None
        count = self.foundations[index]
        return Card((self.base + count - 2) % 13 + 1, _SUITS[index % 4]) if count else None

    def home_index(self, card: Card) -> int | None:
        """The foundation ``card`` goes onto now (the first of its suit it is next for), else ``None``.

        With foundations by rank: the first, from the left, whose top card is one rank lower (a K under
        an A) and which holds fewer than 13 cards.
        """
        if self.piles:
            rank = card.rank
            for f, pile in enumerate(self.piles):
                if len(pile) < 13 and pile[-1].rank % 13 + 1 == rank:
                    return f
            return None
        suit = card.index // 13
        height = HEIGHTS[self.base][card.index]
        found = self.foundations
        for f in range(suit, len(found), 4):
            if found[f] == height:
                return f
        return None

    def is_home(self, card: Card) -> bool:
        """Whether a card equal to ``card`` lies on a foundation (one of them, with two decks)."""
        if self.piles:
            return any(card in pile for pile in self.piles)
        height = HEIGHTS[self.base][card.index]
        suit = card.index // 13
        return any(self.foundations[f] > height for f in range(suit, len(self.foundations), 4))

    def cards(self) -> Iterator[Card]:
        """Every card in the position, foundation cards included."""
        for column in self.columns:
            yield from column
        for card in self.cells:
            if card is not None:
                yield card
        for index in range(len(self.foundations)):
            yield from self.foundation_cards(index)

    def validate(self) -> None:
        """Raise :class:`InvalidBoardError` unless the position holds each card once per deck.

        One deck is 52 cards on 4 foundations, two decks 104 cards on 8, three 156 on 12.
        """
        if len(self.foundations) not in (4, 8, 12):
            raise InvalidBoardError(
                _("a position has 4, 8 or 12 foundations, not {count}").format(count=len(self.foundations))
            )
        if not 1 <= self.base <= 13:
            raise InvalidBoardError(_("the foundations' base {base} is not a rank (1 to 13)").format(base=self.base))
        if self.piles:
            self._validate_piles()
        if any(not 0 <= count <= 13 for count in self.foundations):
            raise InvalidBoardError(_("a foundation holds 0 to 13 cards: {counts}").format(counts=self.foundations))
        decks = self.decks
        size = 52 * decks
        # Counted by index: a card's hash is a Python-level call, an index is a plain read.
        counts = [0] * 52
        for column in self.columns:
            for card in column:
                counts[card.index] = counts[card.index] + 1
        for held in self.cells:
            if held is not None:
                counts[held.index] = counts[held.index] + 1
        if self.piles:
            for pile in self.piles:
                for card in pile:
                    counts[card.index] = counts[card.index] + 1
        else:
            # Foundation f holds suit f % 4 from the base up: counted by index, no card made.
            for f, count in enumerate(self.foundations):
                for i in range(count):
                    index = f % 4 * 13 + (self.base - 1 + i) % 13
                    counts[index] = counts[index] + 1
        twice = sorted(str(card) for card in full_deck() if counts[card.index] > decks)
        missing = sorted(str(card) for card in full_deck() if counts[card.index] < decks)
        problems = []
        if twice:
            many = (
                _("appears more than once: {cards}")
                if decks == 1
                else _("appears more than twice: {cards}")
                if decks == 2
                else _("appears more than three times: {cards}")
            )
            problems.append(many.format(cards=" ".join(twice)))
        if missing:
            problems.append(_("missing ({count}): {cards}").format(count=len(missing), cards=" ".join(missing)))
        if problems:
            total = sum(counts)
            head = (
                _("the board has {total} cards, not {size}").format(total=total, size=size)
                if total != size
                else _("the board has {size} cards but not the {size}").format(size=size)
            )
            # Each part is a whole clause; they are listed after one another, separated by semicolons.
            raise InvalidBoardError("; ".join([head, *problems]))

    def _validate_piles(self) -> None:
        """Raise :class:`InvalidBoardError` unless the foundations by rank are 4, each with its base, in order."""
        if (
            len(self.piles) != 4
            or tuple(len(pile) for pile in self.piles) != self.foundations
            or not all(self.foundations)
        ):
            raise InvalidBoardError(
                _("a position has 4 foundations by rank, each holding at least its base card: {counts}").format(
                    counts=self.foundations
                )
            )
        for pile in self.piles:
            for lower, upper in pairwise(pile):
                if lower.rank % 13 + 1 != upper.rank:
                    raise InvalidBoardError(
                        _("{upper} cannot lie on {lower} on a foundation that builds up by rank").format(
                            upper=display(upper), lower=display(lower)
                        )
                    )

    @property
    def free_cells(self) -> int:
        """How many cells are empty."""
        return self.cells.count(None)

    @property
    def empty_columns(self) -> int:
        """How many columns are empty."""
        return self.columns.count(())

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations."""
        return sum(self.foundations)

    @property
    def is_won(self) -> bool:
        """Every card is home (52 with one deck, 104 with two)."""
        return self.cards_home == 13 * len(self.foundations)

    def card_at(self, place: Place) -> Card | None:
        """The movable card at ``place``: a column's top card, a cell's card, a foundation's top card."""
        if place.kind is _COLUMN:
            column = self.column(place)
            return column[-1] if column else None
        if place.kind is _CELL:
            return self.cells[self._cell_index(place)]
        if place.index is None or not 0 <= place.index < len(self.foundations):
            return None
        return self.foundation_top(place.index)

    def column(self, place: Place) -> tuple[Card, ...]:
        """The cards of a column place, covered card first."""
        if place.kind is not _COLUMN or place.index is None or not 0 <= place.index < len(self.columns):
            raise IllegalMoveError(
                _("there is no {place} (columns 1 to {columns})").format(
                    place=place.describe(), columns=len(self.columns)
                )
            )
        return self.columns[place.index]

    def _cell_index(self, place: Place) -> int:
        if place.index is None or not 0 <= place.index < len(self.cells):
            letters = " ".join(str(Place.cell(i)) for i in range(len(self.cells)))
            if letters:
                message = _("there is no {place} in this game (cells: {letters})")
            else:
                message = _("there is no {place} in this game (cells: none)")
            raise IllegalMoveError(message.format(place=place.describe(), letters=letters))
        return place.index

    def exists(self, place: Place) -> bool:
        """Whether ``place`` is part of this position's table."""
        if place.kind is _COLUMN:
            return place.index is not None and 0 <= place.index < len(self.columns)
        if place.kind is _CELL:
            return place.index is not None and 0 <= place.index < len(self.cells)
        return place.index is None or 0 <= place.index < len(self.foundations)

    def moving_cards(self, move: Move) -> tuple[Card, ...]:
        """The cards ``move`` would carry, bottom card first; empty when the source has too few."""
        source = move.source
        if source.kind is _COLUMN:
            column = self.column(source)
            return column[-move.count :] if len(column) >= move.count else ()
        card = self.card_at(source)
        return (card,) if card is not None and move.count == 1 else ()

    def notation(self, move: Move) -> str:
        """``move`` written exactly as ``fc-solve -snx`` writes it from this position (before the move).

        ``str(move)`` always carries a run's length (``18v3``) so that it reads
        back without a position; fc-solve writes the length only for a run
        into an empty column (``23v4``) and leaves it out onto a card (``18``),
        where the destination's rank fixes it, and for a complete suit going
        home (Simple Simon's 13 cards), which it writes ``5h``. Its places run
        together up to column 10 (``108``, :meth:`Move.standard`).
        """
        text = move.standard()
        dest = move.destination
        if move.count > 1 and (
            dest.kind is _FOUNDATION or (dest.kind is _COLUMN and self.exists(dest) and self.column(dest))
        ):
            return text.partition("v")[0]
        return text

    # -- changing ---------------------------------------------------------
    def apply(self, move: Move) -> Position:
        """The position after ``move``, without any rule check beyond "the cards are there"."""
        # The game's and the replay's every move: only what changes is copied.
        source, dest, count = move.source, move.destination, move.count
        columns = self.columns
        cells = self.cells
        foundations = self.foundations
        new_columns: list[tuple[Card, ...]] | None = None
        new_cells: list[Card | None] | None = None
        new_foundations: list[int] | None = None
        kind, at = source.kind, source.index
        if kind is _COLUMN:
            column = self.column(source)
            size = len(column) - count
            if size < 0:
                raise IllegalMoveError(
                    ngettext(
                        "{move}: {place} has no {count} card to move",
                        "{move}: {place} has no {count} cards to move",
                        count,
                    ).format(move=move, place=source.describe(), count=count)
                )
            assert at is not None
            cards = column[size:]
            new_columns = list(columns)
            new_columns[at] = column[:size]
        else:
            held = self.card_at(source)
            if held is None or count != 1:
                raise IllegalMoveError(
                    ngettext(
                        "{move}: {place} has no {count} card to move",
                        "{move}: {place} has no {count} cards to move",
                        count,
                    ).format(move=move, place=source.describe(), count=count)
                )
            cards = (held,)
            if kind is _CELL:
                new_cells = list(cells)
                new_cells[self._cell_index(source)] = None
            else:
                assert at is not None
                if self.piles:
                    raise IllegalMoveError(
                        _("{move}: nothing comes back from a foundation built by rank").format(move=move)
                    )
                new_foundations = list(foundations)
                new_foundations[at] -= 1
        kind, to = dest.kind, dest.index
        if kind is _COLUMN:
            self.column(dest)
            assert to is not None
            if new_columns is None:
                new_columns = list(columns)
            new_columns[to] = new_columns[to] + cards
        elif kind is _CELL:
            index = self._cell_index(dest)
            if new_cells is None:
                new_cells = list(cells)
            if new_cells[index] is not None:
                raise IllegalMoveError(_("{move}: {place} is not empty").format(move=move, place=dest.describe()))
            new_cells[index] = cards[0]
        else:
            # A run goes home top card first (a complete suit, ace to king, under Rules.whole_suit_home).
            card = cards[-1]
            home = self.home_index(card)
            if home is None or foundations[home] + len(cards) > 13:
                raise IllegalMoveError(
                    _("{move}: {card} is not next for its foundation").format(move=move, card=display(card))
                )
            if new_foundations is None:
                new_foundations = list(foundations)
            new_foundations[home] += len(cards)
            if self.piles:
                if len(cards) != 1:
                    raise IllegalMoveError(
                        _("{move}: {card} is not next for its foundation").format(move=move, card=display(card))
                    )
                piles = list(self.piles)
                piles[home] = piles[home] + cards
                return Position(
                    columns if new_columns is None else tuple(new_columns),
                    cells if new_cells is None else tuple(new_cells),
                    tuple(new_foundations),
                    self.base,
                    tuple(piles),
                )
        return Position(
            columns if new_columns is None else tuple(new_columns),
            cells if new_cells is None else tuple(new_cells),
            foundations if new_foundations is None else tuple(new_foundations),
            self.base,
            self.piles,
        )

    def __str__(self) -> str:
        from patience.formats.board import format_board

        return format_board(self)
