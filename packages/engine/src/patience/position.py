"""A position: what lies in the columns, the cells and on the foundations. Immutable and hashable."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from attrs import frozen

from patience.cards import Card, Suit, full_deck
from patience.errors import IllegalMoveError, InvalidBoardError
from patience.moves import Move, Place, PlaceKind

__all__ = ["Position"]


@frozen
class Position:
    """Columns (covered card first), cells (``None`` when free) and foundations.

    ``foundations[s]`` is the highest rank home in suit ``Suit(s)`` (0 when
    empty). A position does not know the rules: legality lives in the variant
    (see :mod:`patience.legality`).
    """

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)

    # -- reading ----------------------------------------------------------
    def cards(self) -> Iterator[Card]:
        """Every card in the position, foundation cards included."""
        for column in self.columns:
            yield from column
        for card in self.cells:
            if card is not None:
                yield card
        for suit in Suit:
            for rank in range(1, self.foundations[suit.value] + 1):
                yield Card(rank, suit)

    def validate(self) -> None:
        """Raise :class:`InvalidBoardError` unless the position holds each of the 52 cards once."""
        counts = Counter(self.cards())
        twice = sorted((str(card) for card, n in counts.items() if n > 1))
        missing = sorted(str(card) for card in full_deck() if card not in counts)
        problems = []
        if twice:
            problems.append("appears more than once: " + " ".join(twice))
        if missing:
            problems.append(f"missing ({len(missing)}): " + " ".join(missing))
        if problems:
            total = sum(counts.values())
            head = f"the board has {total} cards, not 52" if total != 52 else "the board has 52 cards but not the 52"
            raise InvalidBoardError(f"{head}; " + "; ".join(problems))

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
        """All 52 cards are home."""
        return self.cards_home == 52

    def card_at(self, place: Place) -> Card | None:
        """The movable card at ``place``: a column's top card, a cell's card, a foundation's top card."""
        if place.kind is PlaceKind.COLUMN:
            column = self.column(place)
            return column[-1] if column else None
        if place.kind is PlaceKind.CELL:
            return self.cells[self._cell_index(place)]
        suit = place.suit
        if suit is None:
            return None
        rank = self.foundations[suit.value]
        return Card(rank, suit) if rank else None

    def column(self, place: Place) -> tuple[Card, ...]:
        """The cards of a column place, covered card first."""
        if place.kind is not PlaceKind.COLUMN or place.index is None or not 0 <= place.index < len(self.columns):
            raise IllegalMoveError(f"there is no {place.describe()} (columns 1 to {len(self.columns)})")
        return self.columns[place.index]

    def _cell_index(self, place: Place) -> int:
        if place.index is None or not 0 <= place.index < len(self.cells):
            letters = " ".join(str(Place.cell(i)) for i in range(len(self.cells)))
            raise IllegalMoveError(f"there is no {place.describe()} in this game (cells: {letters or 'none'})")
        return place.index

    def exists(self, place: Place) -> bool:
        """Whether ``place`` is part of this position's table."""
        if place.kind is PlaceKind.COLUMN:
            return place.index is not None and 0 <= place.index < len(self.columns)
        if place.kind is PlaceKind.CELL:
            return place.index is not None and 0 <= place.index < len(self.cells)
        return True

    def moving_cards(self, move: Move) -> tuple[Card, ...]:
        """The cards ``move`` would carry, bottom card first; empty when the source has too few."""
        source = move.source
        if source.kind is PlaceKind.COLUMN:
            column = self.column(source)
            return column[-move.count :] if len(column) >= move.count else ()
        card = self.card_at(source)
        return (card,) if card is not None and move.count == 1 else ()

    def notation(self, move: Move) -> str:
        """``move`` written exactly as ``fc-solve -snx`` writes it from this position (before the move).

        ``str(move)`` always carries a run's length (``18v3``) so that it reads
        back without a position; fc-solve writes the length only for a run
        into an empty column (``23v4``) and leaves it out onto a card (``18``),
        where the destination's rank fixes it.
        """
        text = str(move)
        dest = move.destination
        if move.count > 1 and dest.kind is PlaceKind.COLUMN and self.exists(dest) and self.column(dest):
            return text.partition("v")[0]
        return text

    # -- changing ---------------------------------------------------------
    def apply(self, move: Move) -> Position:
        """The position after ``move``, without any rule check beyond "the cards are there"."""
        cards = self.moving_cards(move)
        if not cards:
            raise IllegalMoveError(f"{move}: {move.source.describe()} has no {move.count} card(s) to move")
        columns = list(self.columns)
        cells = list(self.cells)
        foundations = list(self.foundations)
        source, dest = move.source, move.destination
        if source.kind is PlaceKind.COLUMN:
            assert source.index is not None
            columns[source.index] = columns[source.index][: -move.count]
        elif source.kind is PlaceKind.CELL:
            cells[self._cell_index(source)] = None
        else:
            foundations[cards[0].index // 13] -= 1
        if dest.kind is PlaceKind.COLUMN:
            index = dest.index
            assert index is not None
            self.column(dest)
            columns[index] = columns[index] + cards
        elif dest.kind is PlaceKind.CELL:
            index = self._cell_index(dest)
            if cells[index] is not None:
                raise IllegalMoveError(f"{move}: {dest.describe()} is not empty")
            cells[index] = cards[0]
        else:
            card = cards[0]
            foundations[card.index // 13] = card.rank
        return Position(tuple(columns), tuple(cells), (foundations[0], foundations[1], foundations[2], foundations[3]))

    def __str__(self) -> str:
        from patience.board import format_board

        return format_board(self)
