"""Bath: 10 columns dealt in a staircase of 1 to 8 cards, 2 free cells, kings only into empty columns."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["BATH", "deal_bath"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: PySolFC's game numbers; the cards are dealt face up into 10 columns in rows, each row one column \
shorter on the left than the one before, so that column 1 gets 1 card, column 2 gets 2 … and columns 8 \
to 10 get 8 each. The 2 free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Only a king, alone or with the run on it, may go into an empty column.

Free cells: each holds one card.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: aces and twos go home by themselves; any other card goes home once both cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

BATH = Variant(
    name="bath",
    title="Bath",
    prefix="BA",
    columns=10,
    cell_counts=(2,),
    default_cells=2,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.KINGS_ONLY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("10 columns of 1 to 8 cards and 2 free cells; alternating colours; only kings fill empty columns."),
    rules_text=RULES_TEXT,
    family=N_("FreeCell"),
)


def deal_bath(deal: int, cells: int) -> Position:
    """PySolFC's deal ``deal`` of Bath: its row ``r`` (from 0 to 7) goes to columns ``r + 1`` to 10."""
    cards = iter(pysolfc_deal(deal))
    columns: list[list[Card]] = [[] for _ in range(10)]
    for row in range(8):
        for column in columns[row:]:
            column.append(next(cards))
    return Position(tuple(map(tuple, columns)), (None,) * cells)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Bath."""
    register(BATH)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Bath."""
    return deal_bath(deal, cells)
