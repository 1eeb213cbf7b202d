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
from patience.movegen import HomeRule, autoplay_rule, is_whole_suit, lies_on, tables_for
from patience.moves import Move, Place, PlaceKind
from patience.position import HEIGHTS, Position
from patience.reasons import Reason, Refusal
from patience.rules import AutoPlay, Build, Rules

__all__ = [
    "LEGAL",
    "Verdict",
    "autoplay_moves",
    "can_go_home",
    "candidate_moves",
    "check_move",
    "free_cells",
    "is_run",
    "max_group",
    "run_length",
]

# Enum members read through their class cost a descriptor call each time (see patience.moves).
_COLUMN: Final = PlaceKind.COLUMN
_CELL: Final = PlaceKind.CELL
_FOUNDATION: Final = PlaceKind.FOUNDATION
_NO_AUTOPLAY: Final = AutoPlay.NONE


@frozen
class Verdict:
    """Whether a move is legal and, when it is not, why.

    ``reason`` is a :class:`~patience.reasons.Reason` (a kind and its
    parameters, put into words in the language in use by ``str()``), or a
    plain string from a plugin's own legality hook, shown as it is.
    """

    legal: bool
    reason: Reason | str = ""

    def __bool__(self) -> bool:
        return self.legal


LEGAL: Final = Verdict(True)


def _no(kind: Refusal, **params: Card | Place | Build | int | str | bool) -> Verdict:
    return Verdict(False, Reason.of(kind, **params))


def is_run(build: Build, cards: tuple[Card, ...], wrap: bool = False) -> bool:
    """Whether ``cards`` (bottom first) form an ordered run under ``build`` (turning from A to K when ``wrap``)."""
    for lower, upper in pairwise(cards):  # noqa: SIM110 (a loop: all() over a generator is slower here)
        if not lies_on(build, wrap, upper.index, lower.index):
            return False
    return True


def run_length(build: Build, column: tuple[Card, ...], wrap: bool = False) -> int:
    """How many cards at the top of ``column`` form an ordered run (turning from A to K when ``wrap``)."""
    if not column:
        return 0
    length = 1
    while length < len(column) and lies_on(build, wrap, column[-length].index, column[-length - 1].index):
        length += 1
    return length


def max_group(rules: Rules, position: Position, *, to_empty_column: bool) -> int:
    """How many cards can move at once right now (to a non-empty column unless ``to_empty_column``)."""
    return rules.run_capacity(free_cells(rules, position), position.empty_columns, to_empty_column=to_empty_column)


def free_cells(rules: Rules, position: Position) -> int:
    """How many free cells ``position`` has: empty cells past the reserve (an emptied reserve cell takes nothing)."""
    if not rules.reserve:
        return position.free_cells
    return sum(1 for card in position.cells[rules.reserve :] if card is None)


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
    tables = tables_for(rules)
    if not _exists(position, skind, at):
        return _no_place(position, source, title)
    if not _exists(position, dkind, to):
        return _no_place(position, dest, title)
    if skind is dkind and at == to:
        return _no(Refusal.SAME_PLACE)
    if skind is _FOUNDATION:
        if not rules.foundation_takeback:
            return _no(Refusal.NO_TAKEBACK, title=title)
        if dkind is _FOUNDATION:
            return _no(Refusal.FOUNDATION_TO_FOUNDATION)
    if count > 1 and skind is not _COLUMN:
        return _no(Refusal.RUN_FROM_NON_COLUMN, place=source)
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
            return _no(Refusal.TOO_FEW_CARDS, place=source, held=len(position.column(source)), count=count)
        return _no(Refusal.EMPTY_SOURCE, place=source)
    if dkind is _FOUNDATION and tables.whole_suit:
        return _whole_suit_verdict(position, source, count, bottom, title)
    if count > 1:
        if dkind is not _COLUMN:
            return _no(Refusal.RUN_TO_CELL if dkind is _CELL else Refusal.RUN_HOME, count=count)
        builds, runs = tables.builds, tables.runs
        for lower, upper in pairwise(position.moving_cards(move)):
            pair = upper.index * 52 + lower.index
            if not runs[pair]:
                if builds[pair]:
                    # Built as the columns build, but not as a run that moves must be (Simple Simon: one suit).
                    return _no(
                        Refusal.RUN_NOT_MOVABLE, count=count, place=source, title=title, build=tables.run_building
                    )
                return _no(Refusal.NOT_A_RUN, count=count, place=source, title=title, build=tables.building)
    if dkind is _FOUNDATION:
        if position.home_index(bottom) is not None:
            return LEGAL
        return _foundation_reason(position, bottom)
    assert to is not None
    if dkind is _CELL:
        if to < rules.reserve:
            return _no(Refusal.RESERVE_CELL, place=dest, title=title)
        if skind is _CELL:
            return _no(Refusal.CELL_TO_CELL)
        suits = rules.cell_suits
        if suits and suits[to] is not bottom.suit:
            return _no(Refusal.CELL_SUIT, card=bottom, place=dest, suit=suits[to].value, title=title)
        occupant = cells[to]
        if occupant is not None:
            return _no(Refusal.CELL_TAKEN, place=dest, card=occupant)
        return LEGAL
    # destination is a column
    target = columns[to]
    if target:
        top = target[-1]
        if not tables.builds[bottom.index * 52 + top.index]:
            return _build_reason(tables.building, tables.wraps, bottom, top, title)
    else:
        if tables.no_empty:
            return _no(Refusal.NO_EMPTY_COLUMNS, title=title)
        rank = rules.empty_column_rank(position.base)
        if rank is not None and bottom.rank != rank:
            return _no(Refusal.EMPTY_COLUMN_RANK, card=bottom, count=count, rank=rank, title=title)
        if skind is _COLUMN and count == len(position.column(source)):
            return _no(Refusal.WHOLE_COLUMN_TO_EMPTY)
    if count == 1:
        return LEGAL  # one card always moves: the capacity is at least one
    limit = max_group(rules, position, to_empty_column=not target)
    if count > limit:
        return _capacity_reason(rules, position, count, limit, to_empty=not target)
    return LEGAL


def _whole_suit_verdict(position: Position, source: Place, count: int, bottom: Card, title: str) -> Verdict:
    """Whether ``count`` cards from ``source`` go home where only a complete suit does (``Rules.whole_suit_home``)."""
    if count == 13 and source.kind is _COLUMN and is_whole_suit(position.column(source)):
        return LEGAL  # with one deck a suit's foundation is empty while its 13 cards lie in a column
    if count == 1:
        return _no(Refusal.SUIT_HOME_ONLY, card=bottom, title=title)
    return _no(Refusal.NOT_A_WHOLE_SUIT, count=count, place=source, title=title)


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
        return _no(Refusal.NO_SUCH_COLUMN, place=place, title=title, columns=len(position.columns))
    return _no(Refusal.NO_SUCH_CELL, place=place, title=title, cells=len(position.cells))


def _build_reason(build: Build, wrap: bool, card: Card, top: Card, title: str) -> Verdict:
    """Why ``card`` may not lie on ``top`` under ``build``: the rank, the turn from A to K, or the suit or colour."""
    if build is Build.NONE:
        return _no(Refusal.NOTHING_ON_COLUMNS, card=card, top=top, title=title)
    if top.rank == 1 and not wrap:
        return _no(Refusal.NOTHING_ON_ACE, card=card, top=top, title=title)
    below = 13 if top.rank == 1 else top.rank - 1
    if card.rank != below:
        return _no(Refusal.WRONG_RANK, card=card, top=top, title=title, build=build, rank=below, around=top.rank == 1)
    return _no(Refusal.WRONG_SUIT, card=card, top=top, title=title, build=build)


def _foundation_reason(position: Position, card: Card) -> Verdict:
    """Why ``card`` may not go home: its foundation wants another card next, or is full."""
    if position.piles:
        wanted = sorted({pile[-1].rank % 13 + 1 for pile in position.piles if 0 < len(pile) < 13})
        if not wanted:
            return _no(Refusal.FOUNDATION_FULL, card=card)
        return _no(Refusal.NEEDS_RANK, card=card, ranks=" ".join(str(rank) for rank in wanted))
    suit = card.suit.value
    tops = [position.foundations[f] for f in range(suit, len(position.foundations), 4)]
    if all(height == 13 for height in tops):
        return _no(Refusal.FOUNDATION_FULL, card=card)
    height = min(h for h in tops if h < 13)
    rank = (position.base + height - 1) % 13 + 1
    if height == 0:
        if rank == 1:
            return _no(Refusal.NEEDS_ACE, card=card)
        return _no(Refusal.NEEDS_BASE, card=card, needed=Card(rank, card.suit))
    return _no(Refusal.NEEDS_CARD, card=card, needed=Card(rank, card.suit))


def _capacity_reason(rules: Rules, position: Position, count: int, limit: int, *, to_empty: bool) -> Verdict:
    if not rules.group_moves:
        return _no(Refusal.NO_GROUP_MOVES, count=count)
    free = free_cells(rules, position)
    empty = position.empty_columns - (1 if to_empty else 0)
    return _no(Refusal.OVER_CAPACITY, count=count, free=free, empty=empty, limit=limit, to_empty=to_empty)


def candidate_moves(
    position: Position,
    *,
    foundation_takeback: bool = False,
    build: Build | None = None,
    wrap: bool = False,
    reserve: int = 0,
    cell_suits: tuple[Suit, ...] = (),
) -> Iterator[Move]:
    """Every structurally possible move (each source run length to each place), legal or not.

    The game filters these through the legality hook; a variant with exotic
    rules still sees every move a player could try. With ``build`` (for a
    variant whose rules are data) only runs ordered by it (and ``wrap``) are
    offered, since :func:`check_move` refuses the others anyway. The first
    ``reserve`` cells are a reserve: no move goes into one. With ``cell_suits``
    (:attr:`Rules.cell_suits`) a card is offered the cell of its suit, when that one is free.
    """
    n_cols = len(position.columns)
    n_cells = len(position.cells)
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
    free_cell = next((i for i, card in enumerate(position.cells) if card is None and i >= reserve), None)
    for source, height in sources:
        yield Move(source, Place.foundation())
        if height >= 13:
            # A complete suit goes home as one move where the rules say so (Rules.whole_suit_home).
            yield Move(source, Place.foundation(), 13)
        if cell_suits:
            card = position.card_at(source)
            cell = next((i for i, suit in enumerate(cell_suits[:n_cells]) if card and suit is card.suit), -1)
            if cell >= 0 and position.cells[cell] is None:
                yield Move(source, Place.cell(cell))
        elif free_cell is not None:
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


def autoplay_moves(policy: AutoPlay, position: Position, *, whole_suit: bool = False) -> list[Move]:
    """The foundation moves that ``policy`` makes by itself from ``position``, in order, until none is left.

    Each pass looks at the columns, then the cells, that held a card when the
    pass began, each once, and sends its card home when the policy allows;
    passes repeat until one moves nothing. With two decks each pass looks at
    the columns in the order of their cards (as bytes of card indices), so
    that which of two equal cards goes home does not depend on where the
    columns stand. With ``whole_suit`` (:attr:`Rules.whole_suit_home`) no card
    goes home alone: unless ``policy`` is :attr:`AutoPlay.NONE`, each complete
    suit on top of a column goes home as one move, columns in order. With
    foundations by rank (:attr:`Position.piles`) every card that can go home
    goes, onto the first foundation that takes it, whatever the policy
    other than :attr:`AutoPlay.NONE`: nothing is built on a card there.
    """
    if policy is _NO_AUTOPLAY:
        return []
    if whole_suit:
        return _whole_suits_home(position)
    if position.piles:
        return _piles_home(position)
    found = list(position.foundations)
    base = position.base
    rule = autoplay_rule(policy, base, len(found) // 4)
    heights = HEIGHTS[base]
    # Most positions have no card that may go home: find that out before copying anything. A card goes home
    # only when it is next for its foundation, which _goes_home tests before it asks the policy; with one
    # deck that is one comparison, made here first (a call costs more in the pure Python build).
    one_deck = len(found) == 4
    for column in position.columns:
        if column:
            index = column[-1].index
            if (not one_deck or found[index // 13] == heights[index]) and _goes_home(index, found, rule, heights) >= 0:
                break
    else:
        for card in position.cells:
            if card is not None and _goes_home(card.index, found, rule, heights) >= 0:
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
                if one_deck and found[index // 13] != heights[index]:
                    continue  # not next for its foundation (_goes_home's first test, without the call)
                onto = _goes_home(index, found, rule, heights)
                if onto >= 0:
                    tops[i] = height - 1
                    found[onto] += 1
                    moves.append(column_home[i])
                    changed = True
        for i, held in enumerate(cells):
            if held is not None:
                index = held.index
                if one_deck and found[index // 13] != heights[index]:
                    continue
                onto = _goes_home(index, found, rule, heights)
                if onto >= 0:
                    cells[i] = None
                    found[onto] += 1
                    moves.append(cell_home[i])
                    changed = True
    return moves


def _piles_home(position: Position) -> list[Move]:
    """Every card that can go home onto foundations by rank, in passes over the columns, then the cells.

    Two cards of one rank may be next where one foundation takes that rank: as with two decks, each
    pass looks at the columns in the order of their cards (as bytes of card indices) and at the cells
    in the order of the cards they hold, so that which one goes does not depend on where it lies and
    the solver, which sorts its columns and cells, sends the same one home.
    """
    moves: list[Move] = []
    changed = True
    while changed:
        changed = False
        columns = position.columns
        for i in sorted(range(len(columns)), key=lambda i: bytes(card.index for card in columns[i])):
            column = position.columns[i]
            if column and position.home_index(column[-1]) is not None:
                move = Move(Place.column(i), _HOME)
                position = position.apply(move)
                moves.append(move)
                changed = True
        cells = position.cells
        for i in sorted((i for i, held in enumerate(cells) if held is not None), key=lambda i: _index(cells[i])):
            held = position.cells[i]
            if held is not None and position.home_index(held) is not None:
                move = Move(Place.cell(i), _HOME)
                position = position.apply(move)
                moves.append(move)
                changed = True
    return moves


def _index(card: Card | None) -> int:
    """A held card's index (a free cell sorts first)."""
    return -1 if card is None else card.index


def _whole_suits_home(position: Position) -> list[Move]:
    """The moves of every complete suit home, columns in order (a column may hold two suits, one on the other)."""
    moves: list[Move] = []
    for i, column in enumerate(position.columns):
        while is_whole_suit(column):
            moves.append(Move(Place.column(i), _HOME, 13))
            column = column[:-13]
    return moves


def _home_moves(place: Callable[[int], Place], count: int) -> tuple[Move, ...]:
    """The moves home from the first ``count`` places made by ``place`` (columns or cells)."""
    return tuple(Move(place(i), _HOME) for i in range(count))


# Moves are immutable values: the automatic moves home from the first columns and cells are made once.
_HOME: Final = Place.foundation()
_COLUMN_HOME: Final = tuple(Move(Place.column(i), _HOME) for i in range(16))
_CELL_HOME: Final = tuple(Move(Place.cell(i), _HOME) for i in range(16))


def _goes_home(index: int, found: list[int], rule: HomeRule, heights: bytes) -> int:
    """The foundation card ``index`` goes onto when it is next there and ``rule`` allows it; else -1."""
    suit = index // 13
    height = heights[index]
    if found[suit] == height:
        return suit if rule(index, found) else -1
    if len(found) > 4:  # the suit's other foundations, with two or three decks
        for onto in range(suit + 4, len(found), 4):
            if found[onto] == height:
                return onto if rule(index, found) else -1
    return -1
