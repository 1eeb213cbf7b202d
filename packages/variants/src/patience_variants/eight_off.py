"""Eight Off: 8 columns of 6, four cards in the cells, built by suit, kings only into empty columns.

Deal #N is Microsoft FreeCell deal #N; the four cards of its seventh row (the
top cards of columns 1-4) go to the cells. With 2 cells, the cards of
columns 1 and 2 fill both cells and the other two stay on top of columns 3
and 4.
"""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Scoring, Variant, hookimpl
from patience.shuffle import deal_round_robin, ms_deal

__all__ = ["EIGHT_OFF", "deal_eight_off"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: 48 cards face up in 8 columns of 6; the other 4 start in the free cells. With 8 cells, four cells \
start free; with 4 cells none; with 2 cells both are filled and the other two cards lie on columns 3 and 4. \
Most 4-cell and 2-cell deals cannot be won, so the New Game dialog offers winnable deals only.

Columns: a column's top card may move onto the next higher card of the same suit (♥7 on ♥8). Only a king, \
alone or with the run on it, may go into an empty column.

Free cells: any card may go into an empty cell.

Runs: a same-suit run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

No automatic play: no card goes home by itself (Finish plays them all when nothing else is left to do). \
A foundation's top card may be taken back to a free cell or onto a column that takes it.

Score: +10 the first time each card reaches a foundation; undoing takes back what the move earned. \
Undo: the last 100 moves.
""")

EIGHT_OFF = Variant(
    name="eight-off",
    title="Eight Off",
    prefix="EO",
    columns=8,
    cell_counts=(8, 4, 2),
    default_cells=8,
    rules=Rules(
        build=Build.SAME_SUIT,
        empty_columns=EmptyColumns.KINGS_ONLY,
        foundation_takeback=True,
        undo_limit=100,
        scoring=Scoring(card_home=10, first_time_only=True, undo_takes_back=True),
    ),
    description=N_("8 columns of 6, four cards start in the cells; build by suit; only kings fill empty columns."),
    rules_text=RULES_TEXT,
    aliases=("eightoff", "eo"),
    family=N_("Baker's Game"),
)


def deal_eight_off(deal: int, cells: int) -> Position:
    """Eight Off deal ``deal`` with ``cells`` cells (8, 4 or 2), as dealt."""
    columns = [list(column) for column in deal_round_robin(ms_deal(deal), 8)]
    row_seven = [columns[i].pop() for i in range(4)]
    in_cells = row_seven[:cells]
    for i in range(cells, 4):
        # With fewer than four cells the rest of the seventh row stays on its column.
        columns[i].append(row_seven[i])
    held: list[Card | None] = [*in_cells, *([None] * (cells - len(in_cells)))]
    return Position(tuple(tuple(c) for c in columns), tuple(held))


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Eight Off."""
    register(EIGHT_OFF)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Eight Off."""
    return deal_eight_off(deal, cells)
