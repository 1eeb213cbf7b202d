"""Fan: PySolFC's deals, 17 fans of 3 and one card, built down by suit, only kings into empty columns."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["FAN"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: 18 columns, face up: 17 of 3 cards and the last of 1. Game #N is PySolFC's game #N.

Columns: a column's top card may move onto the next higher card of the same suit (♠9 on ♠10). Only a king, \
alone or with the run on it, may go into an empty column.

Free cells: none.

Runs: a same-suit run on top of a column moves as one move if it has no more than 2^(empty columns) cards; \
an empty column that is the destination does not count.

Automatic play: every card that can go home goes home by itself (in a same-suit game that is always safe).

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

FAN = Variant(
    name="fan",
    title="Fan",
    prefix="FN",
    columns=18,
    cell_counts=(0,),
    default_cells=0,
    rules=Rules(
        build=Build.SAME_SUIT,
        empty_columns=EmptyColumns.KINGS_ONLY,
        autoplay=AutoPlay.ALL,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("17 fans of 3 cards and one of 1; build down by suit; only kings fill empty columns."),
    rules_text=RULES_TEXT,
    aliases=("fn",),
    family=N_("Fan"),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Fan."""
    register(FAN)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """PySolFC's game ``deal``: two rows across the first 17 columns, then a row across all 18."""
    dealt = pysolfc_deal(deal)
    columns = deal_round_robin(dealt[:51], 17)
    return Position((*columns, dealt[51:]), ())
