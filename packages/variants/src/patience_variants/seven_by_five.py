"""Seven by Five: Seven by Four's deals with a fifth free cell."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience_variants.freecell import FREECELL_SCORING
from patience_variants.seven_by_four import deal_seven_columns

__all__ = ["SEVEN_BY_FIVE"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: Seven by Four's deals, PySolFC's game numbers dealt face up into 7 columns, 3 of 8 cards and 4 \
of 7. The 5 free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Any card, or any run that fits, may go into an empty column.

Free cells: each holds one card.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: aces and twos go home by themselves; any other card goes home once both cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

SEVEN_BY_FIVE = Variant(
    name="seven-by-five",
    title="Seven by Five",
    prefix="SV",
    columns=7,
    cell_counts=(5,),
    default_cells=5,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("FreeCell in 7 columns with 5 free cells; alternating colours; any card fills an empty column."),
    rules_text=RULES_TEXT,
    aliases=("7-by-5",),
    family=N_("FreeCell"),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Seven by Five."""
    register(SEVEN_BY_FIVE)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Seven by Five: Seven by Four's deal of the same number."""
    return deal_seven_columns(deal, cells)
