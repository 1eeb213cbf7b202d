"""Move legality, automatic play and capacity computed from a variant's :class:`~patience.rules.Rules`.

These functions are what the built-in default hooks call. They take the rules
as data, so the solver's compiled generator can be tested against them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Final

from attrs import frozen

from patience.cards import Card, Suit
from patience.moves import Move, Place, PlaceKind
from patience.position import HEIGHTS, Position
from patience.rules import AutoPlay, Build, EmptyColumns, Rules, builds_on, group_capacity

__all__ = [
    "LEGAL",
    "Verdict",
    "autoplay_moves",
    "can_go_home",
    "candidate_moves",
    "check_move",
    "is_run",
    "max_group",
    "run_length",
]

# Enum members read through their class cost a descriptor call each time (see patience.moves).
_COLUMN: Final = PlaceKind.COLUMN
_CELL: Final = PlaceKind.CELL
_FOUNDATION: Final = PlaceKind.FOUNDATION
_NO_AUTOPLAY: Final = AutoPlay.NONE
_SAFE_ALTERNATE: Final = AutoPlay.SAFE_ALTERNATE
_NO_EMPTY_COLUMNS: Final = EmptyColumns.NONE


@frozen
class Verdict:
    """Whether a move is legal and, when it is not, why, in the variant's words."""

    legal: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.legal


LEGAL: Final = Verdict(True)


def _no(reason: str) -> Verdict:
    return Verdict(False, reason)


def is_run(build: Build, cards: tuple[Card, ...], wrap: bool = False) -> bool:
    """Whether ``cards`` (bottom first) form an ordered run under ``build`` (turning from A to K when ``wrap``)."""
    for lower, upper in pairwise(cards):  # noqa: SIM110 (a loop: all() over a generator is slower here)
        if not builds_on(build, upper, lower, wrap):
            return False
    return True


def run_length(build: Build, column: tuple[Card, ...], wrap: bool = False) -> int:
    """How many cards at the top of ``column`` form an ordered run (turning from A to K when ``wrap``)."""
    if not column:
        return 0
    length = 1
    while length < len(column) and builds_on(build, column[-length], column[-length - 1], wrap):
        length += 1
    return length


def max_group(rules: Rules, position: Position, *, to_empty_column: bool) -> int:
    """How many cards can move at once right now (to a non-empty column unless ``to_empty_column``)."""
    return group_capacity(
        position.free_cells,
        position.empty_columns,
        to_empty_column=to_empty_column,
        group_moves=rules.group_moves,
    )


def can_go_home(position: Position, card: Card) -> bool:
    """Whether ``card`` is the next card for its foundation (for one of them, with two decks)."""
    return position.home_index(card) is not None


def check_move(rules: Rules, position: Position, move: Move, title: str = "this game") -> Verdict:
    """Judge ``move`` under ``rules``; the reason names the rule in ``title``'s words."""
    # Every move the game plays, lists or replays comes through here: the places and cards are read
    # directly rather than through Position's checked accessors, in the same order of checks.
    source, dest, count = move.source, move.destination, move.count
    skind, at = source.kind, source.index
    dkind, to = dest.kind, dest.index
    columns, cells = position.columns, position.cells
    if not _exists(position, skind, at):
        return _no_place(position, source, title)
    if not _exists(position, dkind, to):
        return _no_place(position, dest, title)
    if skind is dkind and at == to:
        return _no("a card cannot move to where it already is")
    if skind is _FOUNDATION:
        if not rules.foundation_takeback:
            return _no(f"nothing comes back from a foundation in {title}")
        if dkind is _FOUNDATION:
            return _no("a card cannot move from one foundation to another")
    if count > 1 and skind is not _COLUMN:
        return _no(f"only a column holds a run of cards; {source.describe()} gives one card at a time")
    bottom: Card | None
    if skind is _COLUMN:
        assert at is not None
        column = columns[at]
        bottom = column[-count] if len(column) >= count else None
    elif skind is _CELL:
        assert at is not None
        bottom = cells[at]
    else:
        bottom = position.card_at(source)
    if bottom is None:
        if skind is _COLUMN and count > 1 and position.column(source):
            n = len(position.column(source))
            return _no(f"{source.describe()} holds only {n} card{'s' if n != 1 else ''}, not {count}")
        return _no(f"{source.describe()} is empty")
    if count > 1:
        if dkind is not _COLUMN:
            where = "a cell holds one card" if dkind is _CELL else "cards go home one at a time"
            return _no(f"{where}, not a run of {count}")
        if not is_run(rules.build, position.moving_cards(move), rules.wrap):
            return _no(
                f"the top {count} cards of {source.describe()} are not an ordered run: {title} {rules.build.words}"
            )
    if dkind is _FOUNDATION:
        if position.home_index(bottom) is not None:
            return LEGAL
        return _no(_foundation_reason(position, bottom))
    assert to is not None
    if dkind is _CELL:
        if skind is _CELL:
            return _no("moving a card from one cell to another changes nothing")
        occupant = cells[to]
        if occupant is not None:
            return _no(f"{dest.describe()} already holds {occupant.display}: a cell holds one card")
        return LEGAL
    # destination is a column
    target = columns[to]
    if target:
        top = target[-1]
        if not builds_on(rules.build, bottom, top, rules.wrap):
            return _no(_build_reason(rules, bottom, top, title))
    else:
        if rules.empty_columns is _NO_EMPTY_COLUMNS:
            return _no(f"nothing may go to an empty column in {title}")
        rank = rules.empty_column_rank(position.base)
        if rank is not None and bottom.rank != rank:
            what = bottom.display if count == 1 else f"a run from {bottom.display}"
            name = "a king" if rank == 13 else f"{_a(rank)} {_RANK_WORDS[rank]}"
            return _no(f"{what} cannot go to an empty column: only {name}, alone or with its run, may in {title}")
        if skind is _COLUMN and count == len(position.column(source)):
            return _no("moving a whole column into an empty column changes nothing")
    if count == 1:
        return LEGAL  # one card always moves: the capacity is at least one
    limit = max_group(rules, position, to_empty_column=not target)
    if count > limit:
        return _no(_capacity_reason(rules, position, count, limit, to_empty=not target))
    return LEGAL


def _exists(position: Position, kind: PlaceKind, index: int | None) -> bool:
    """:meth:`Position.exists` for a place given by its parts."""
    if kind is _COLUMN:
        return index is not None and 0 <= index < len(position.columns)
    if kind is _CELL:
        return index is not None and 0 <= index < len(position.cells)
    return index is None or 0 <= index < len(position.foundations)


def _no_place(position: Position, place: Place, title: str) -> Verdict:
    """Why a move naming ``place``, which this table does not have, is refused."""
    if place.kind is _COLUMN:
        return _no(f"there is no {place.describe()}: {title} has columns 1 to {len(position.columns)}")
    letters = " ".join(str(Place.cell(i)) for i in range(len(position.cells)))
    return _no(f"there is no {place.describe()}: {title} has {len(position.cells)} cells ({letters})")


_RANK_WORDS = ("", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")


def _a(rank: int) -> str:
    """The article for a rank's word: "an ace", "an 8", "a king"."""
    return "an" if rank in (1, 8) else "a"


def _build_reason(rules: Rules, card: Card, top: Card, title: str) -> str:
    """Why ``card`` may not lie on ``top``: the rank, the turn from A to K, or the suit or colour."""
    refused = f"{card.display} cannot go on {top.display}"
    if top.rank == 1 and not rules.wrap:
        return f"{refused}: nothing goes on an ace in {title}, which does not build around from A to K"
    below = 13 if top.rank == 1 else top.rank - 1
    if card.rank != below:
        if rules.build is Build.SAME_SUIT:
            fits = Card(below, top.suit).display
        elif rules.build is Build.ALTERNATE_COLOURS:
            other = "black" if top.colour.value == "red" else "red"
            fits = f"{_a(below)} {other} {_RANK_WORDS[below]}"
        else:
            fits = f"{_a(below)} {_RANK_WORDS[below]}"
        turn = " (a king goes on an ace: it builds around from A to K)" if top.rank == 1 else ""
        return f"{refused}: wrong rank, only {fits} goes on it in {title}{turn}"
    return f"{refused}: {title} {rules.build.words}"


def _foundation_reason(position: Position, card: Card) -> str:
    """Why ``card`` may not go home: its foundation wants another card next, or is full."""
    suit = card.suit.value
    tops = [position.foundations[f] for f in range(suit, len(position.foundations), 4)]
    if all(height == 13 for height in tops):
        return f"{card.display} cannot go home: its foundation is full"
    height = min(h for h in tops if h < 13)
    rank = (position.base + height - 1) % 13 + 1
    if height == 0:
        need = "an ace" if rank == 1 else f"the {Card(rank, card.suit).display} (the base)"
    else:
        need = f"the {Card(rank, card.suit).display}"
    return f"{card.display} cannot go home yet: its foundation needs {need} next"


def _capacity_reason(rules: Rules, position: Position, count: int, limit: int, *, to_empty: bool) -> str:
    if not rules.group_moves:
        return f"run of {count} cards, but only one card moves at a time in this game"
    free = position.free_cells
    empty = position.empty_columns - (1 if to_empty else 0)
    cells = f"{free} free cell{'s' if free != 1 else ''}"
    columns = f"{empty} empty column{'s' if empty != 1 else ''}"
    extra = " (the destination does not count)" if to_empty else ""
    return f"run of {count} cards, but {cells} and {columns}{extra} move at most {limit}"


def candidate_moves(
    position: Position, *, foundation_takeback: bool = False, build: Build | None = None, wrap: bool = False
) -> Iterator[Move]:
    """Every structurally possible move (each source run length to each place), legal or not.

    The game filters these through the legality hook; a variant with exotic
    rules still sees every move a player could try. With ``build`` (for a
    variant whose rules are data) only runs ordered by it (and ``wrap``) are
    offered, since :func:`check_move` refuses the others anyway.
    """
    n_cols = len(position.columns)
    sources: list[tuple[Place, int]] = []
    for i, column in enumerate(position.columns):
        if column:
            sources.append((Place.column(i), len(column) if build is None else run_length(build, column, wrap)))
    for i, card in enumerate(position.cells):
        if card is not None:
            sources.append((Place.cell(i), 1))
    if foundation_takeback:
        for index, count in enumerate(position.foundations):
            if count:
                sources.append((Place(_FOUNDATION, index), 1))
    free_cell = next((i for i, card in enumerate(position.cells) if card is None), None)
    for source, height in sources:
        yield Move(source, Place.foundation())
        if free_cell is not None:
            yield Move(source, Place.cell(free_cell))
        seen_empty = False
        for j in range(n_cols):
            dest = Place.column(j)
            if dest == source:
                continue
            if not position.columns[j]:
                # All empty columns are alike; one of them stands for all.
                if seen_empty:
                    continue
                seen_empty = True
            for count in range(1, height + 1):
                yield Move(source, dest, count)


def autoplay_moves(policy: AutoPlay, position: Position) -> list[Move]:
    """The foundation moves that ``policy`` makes by itself from ``position``, in order, until none is left.

    Each pass looks at the columns, then the cells, that held a card when the
    pass began, each once, and sends its card home when the policy allows;
    passes repeat until one moves nothing. With two decks each pass looks at
    the columns in the order of their cards (as bytes of card indices), so
    that which of two equal cards goes home does not depend on where the
    columns stand.
    """
    if policy is _NO_AUTOPLAY:
        return []
    found = list(position.foundations)
    safe_only = policy is _SAFE_ALTERNATE
    base = position.base
    heights = HEIGHTS[base]
    # A card goes home only when it is next for its foundation: the set of those cards answers for most
    # cards without asking the policy (which also weighs whether the move is safe).
    wanted = _next_cards(found, base)
    # Most positions have no card that may go home: find that out before copying anything.
    for column in position.columns:
        if column and column[-1].index in wanted and _goes_home(column[-1].index, found, safe_only, heights) >= 0:
            break
    else:
        for card in position.cells:
            if card is not None and card.index in wanted and _goes_home(card.index, found, safe_only, heights) >= 0:
                break
        else:
            return []
    columns = position.columns
    tops = [len(column) for column in columns]
    cells = list(position.cells)
    column_home = _COLUMN_HOME if len(columns) <= len(_COLUMN_HOME) else _home_moves(Place.column, len(columns))
    cell_home = _CELL_HOME if len(cells) <= len(_CELL_HOME) else _home_moves(Place.cell, len(cells))
    two_decks = len(found) > 4
    moves: list[Move] = []
    changed = True
    order = list(range(len(columns)))
    while changed:
        changed = False
        if two_decks:
            # Two decks: two columns may show equal cards and only one may be wanted. The columns are
            # looked at in the order of their cards, so that the solver can tell which one goes.
            order = sorted(order, key=lambda i: bytes(card.index for card in columns[i][: tops[i]]))
        for i in order:
            height = tops[i]
            if height:
                index = columns[i][height - 1].index
                if index in wanted:
                    onto = _goes_home(index, found, safe_only, heights)
                    if onto >= 0:
                        tops[i] = height - 1
                        found[onto] += 1
                        wanted = _went_home(wanted, index, found, onto, base)
                        moves.append(column_home[i])
                        changed = True
        for i, held in enumerate(cells):
            if held is not None:
                index = held.index
                if index in wanted:
                    onto = _goes_home(index, found, safe_only, heights)
                    if onto >= 0:
                        cells[i] = None
                        found[onto] += 1
                        wanted = _went_home(wanted, index, found, onto, base)
                        moves.append(cell_home[i])
                        changed = True
    return moves


def _went_home(wanted: set[int], index: int, found: list[int], onto: int, base: int) -> set[int]:
    """:func:`_next_cards` after card ``index`` went onto foundation ``onto`` (``found`` counts it already)."""
    if len(found) > 4:
        return _next_cards(found, base)  # two decks: the other foundation of the suit may want the same card
    wanted.discard(index)
    if found[onto] < 13:
        wanted.add(index - 12 if index % 13 == 12 else index + 1)
    return wanted


def _home_moves(place: Callable[[int], Place], count: int) -> tuple[Move, ...]:
    """The moves home from the first ``count`` places made by ``place`` (columns or cells)."""
    return tuple(Move(place(i), _HOME) for i in range(count))


def _next_cards(found: list[int], base: int) -> set[int]:
    """The indices of the cards next for the foundations that hold ``found`` cards (from rank ``base``)."""
    return {f % 4 * 13 + (base - 1 + height) % 13 for f, height in enumerate(found) if height < 13}


# Moves are immutable values: the automatic moves home from the first columns and cells are made once.
_HOME: Final = Place.foundation()
_COLUMN_HOME: Final = tuple(Move(Place.column(i), _HOME) for i in range(16))
_CELL_HOME: Final = tuple(Move(Place.cell(i), _HOME) for i in range(16))


#: For each suit (by value), the two suits of the other colour.
_OTHER_COLOUR: Final = tuple(tuple(other.value for other in Suit if other.colour is not suit.colour) for suit in Suit)


def _goes_home(index: int, found: list[int], safe_only: bool, heights: bytes) -> int:
    """The foundation card ``index`` (a :attr:`Card.index`) goes onto when it is next there and safe; else -1.

    Safe, with ``safe_only``, under the seed's rule; otherwise always.

    The seed's rule: the first two cards of a foundation (aces and twos)
    always; another card once both foundations of the other colour hold as
    many cards as the one it goes onto (with two decks, all four of them).
    """
    suit = index // 13
    height = heights[index]
    if found[suit] == height:
        onto = suit
    elif len(found) > 4 and found[suit + 4] == height:
        onto = suit + 4
    else:
        return -1
    if not safe_only or height <= 1:
        return onto
    first, second = _OTHER_COLOUR[suit]
    if len(found) > 4:
        return onto if min(found[first], found[second], found[first + 4], found[second + 4]) >= height else -1
    return onto if found[first] >= height and found[second] >= height else -1
