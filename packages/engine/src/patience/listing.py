"""The legal moves of a position whose rules are data, listed from tables rather than judged one by one.

:class:`patience.Game` lists its legal moves here when no plugin overrides
the legality hook: the result is exactly what filtering
:func:`~patience.legality.candidate_moves` through
:func:`~patience.legality.check_move` gives (the same moves in the same
order), but each move is made only once it is known to be legal. Like the
solver's generator, it reads a building table of card indexes; it is one of
the modules the compiled build compiles.
"""

from __future__ import annotations

from typing import Final

from patience.cards import full_deck
from patience.legality import candidate_moves, check_move
from patience.moves import Move, Place, PlaceKind
from patience.position import Position
from patience.rules import Build, EmptyColumns, Rules, builds_on, group_capacity

__all__ = ["building_table", "legal_moves"]

_TABLES: Final[dict[tuple[Build, bool], tuple[bytes, tuple[tuple[int, ...], ...]]]] = {}
_DECK: Final = full_deck()
_HOME: Final = Place.foundation()


def building_table(build: Build, wrap: bool = False) -> tuple[bytes, tuple[tuple[int, ...], ...]]:
    """The tables of ``build`` (a king on an ace too when ``wrap``), by card index.

    ``table[upper * 52 + lower]`` is 1 when card ``upper`` may lie on card
    ``lower``; ``onto[card]`` lists the cards ``card`` may lie on.
    """
    tables = _TABLES.get((build, wrap))
    if tables is None:
        table = bytes(int(builds_on(build, upper, lower, wrap)) for upper in _DECK for lower in _DECK)
        onto = tuple(tuple(lower for lower in range(52) if table[upper * 52 + lower]) for upper in range(52))
        tables = _TABLES[(build, wrap)] = (table, onto)
    return tables


def legal_moves(rules: Rules, position: Position) -> list[Move]:
    """Every legal move of ``position`` under ``rules``, in the order :class:`patience.LegalMoves` lists them.

    Sources in order (columns, cells, then foundations when cards may come
    back from them); for each, the move home, to the first free cell, then to
    each column (the first empty one standing for all), shorter runs first.
    The tables cover one deck with foundations from the ace; other games (two
    decks, a dealt base) have the ordered candidates judged by check_move.
    """
    if rules.decks != 1 or position.decks != 1 or position.base != 1:
        candidates = candidate_moves(
            position, foundation_takeback=rules.foundation_takeback, build=rules.build, wrap=rules.wrap
        )
        return [move for move in candidates if check_move(rules, position, move)]
    table, onto = building_table(rules.build, rules.wrap)
    columns = position.columns
    cells = position.cells
    found = position.foundations
    n_columns = len(columns)
    free = 0
    free_cell = -1
    for i in range(len(cells)):
        if cells[i] is None:
            free += 1
            if free_cell < 0:
                free_cell = i
    empties = 0
    first_empty = -1
    where: dict[int, int] = {}
    for j in range(n_columns):
        column = columns[j]
        if column:
            where[column[-1].index] = j
        else:
            empties += 1
            if first_empty < 0:
                first_empty = j
    cap = group_capacity(free, empties, to_empty_column=False, group_moves=rules.group_moves)
    cap_empty = 0
    if empties and rules.empty_columns is not EmptyColumns.NONE:
        cap_empty = group_capacity(free, empties, to_empty_column=True, group_moves=rules.group_moves)
    # The one rank an empty column takes (0: any).
    empty_rank = (rules.empty_column_rank(position.base) or 0) if cap_empty else 0
    out: list[Move] = []
    for i in range(n_columns):
        column = columns[i]
        if not column:
            continue
        height = len(column)
        # The run on top, bottom card last: bottoms[k - 1] is the bottom card of a move of k cards.
        bottoms = [column[-1].index]
        while len(bottoms) < height and table[bottoms[-1] * 52 + column[-len(bottoms) - 1].index]:
            bottoms.append(column[-len(bottoms) - 1].index)
        source = Place.column(i)
        top = bottoms[0]
        if found[top // 13] == top % 13:
            out.append(Move(source, _HOME))
        if free_cell >= 0:
            out.append(Move(source, Place.cell(free_cell)))
        _to_columns(out, source, i, bottoms, height, where, first_empty, cap, cap_empty, empty_rank, onto)
    for i in range(len(cells)):
        card = cells[i]
        if card is None:
            continue
        source = Place.cell(i)
        index = card.index
        if found[index // 13] == index % 13:
            out.append(Move(source, _HOME))
        _to_columns(out, source, -1, [index], 0, where, first_empty, cap, cap_empty, empty_rank, onto)
    if rules.foundation_takeback:
        for suit in range(4):
            rank = found[suit]
            if not rank:
                continue
            source = Place(PlaceKind.FOUNDATION, suit)
            if free_cell >= 0:
                out.append(Move(source, Place.cell(free_cell)))
            index = suit * 13 + rank - 1
            _to_columns(out, source, -1, [index], 0, where, first_empty, cap, cap_empty, empty_rank, onto)
    return out


def _to_columns(
    out: list[Move],
    source: Place,
    own: int,
    bottoms: list[int],
    height: int,
    where: dict[int, int],
    first_empty: int,
    cap: int,
    cap_empty: int,
    empty_rank: int,
    onto: tuple[tuple[int, ...], ...],
) -> None:
    """Append the legal moves of the run ``bottoms`` from ``source`` (column ``own``, else -1) to the columns.

    ``where`` maps each column's top card to the column. Columns in order,
    shorter runs first, as the candidates are listed.
    """
    run = len(bottoms)
    found: list[tuple[int, int]] = []
    limit = run if run < cap else cap
    for k in range(1, limit + 1):
        for target in onto[bottoms[k - 1]]:
            j = where.get(target, -1)
            if j >= 0 and j != own:
                found.append((j, k))
    if cap_empty:
        limit = run if run < cap_empty else cap_empty
        for k in range(1, limit + 1):
            # A whole column into an empty one changes nothing; some empty columns take one rank.
            if k != height and not (empty_rank and bottoms[k - 1] % 13 + 1 != empty_rank):
                found.append((first_empty, k))
    if len(found) > 1:
        found.sort()
    for j, k in found:
        out.append(Move(source, Place.column(j), k))
