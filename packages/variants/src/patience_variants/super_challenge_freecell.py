"""Super Challenge FreeCell: Challenge FreeCell's deals, where only a king may go into an empty column."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience_variants.challenge_freecell import deal_challenge_freecell
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["SUPER_CHALLENGE_FREECELL"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: Challenge FreeCell's deals, PySolFC's game numbers with the four twos at the bottom of columns \
1 to 4 and the four aces at the bottom of columns 5 to 8; 4 columns of 7 cards and 4 of 6. The 4 free \
cells start empty.

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

SUPER_CHALLENGE_FREECELL = Variant(
    name="super-challenge-freecell",
    title="Super Challenge FreeCell",
    prefix="SU",
    columns=8,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.KINGS_ONLY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("Challenge FreeCell's deals; alternating colours; only kings fill empty columns."),
    rules_text=RULES_TEXT,
    aliases=("super-challenge-free-cell",),
    family=N_("FreeCell"),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Super Challenge FreeCell."""
    register(SUPER_CHALLENGE_FREECELL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Super Challenge FreeCell: Challenge FreeCell's deal of the same number."""
    return deal_challenge_freecell(deal, cells)
