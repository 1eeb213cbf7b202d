"""Relaxed FreeCell: FreeCell dealt as PySolFC deals it, where a run of any length moves as one."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["RELAXED_FREECELL", "deal_relaxed_freecell"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: PySolFC's game numbers; the cards are dealt face up into 8 columns, 4 of 7 cards and 4 of 6. \
The 4 free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Any card, or any run, may go into an empty column.

Free cells: each holds one card.

Runs: an ordered run of any length on top of a column moves as one move, however many free cells and \
empty columns there are.

Automatic play: aces and twos go home by themselves; any other card goes home once both cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

RELAXED_FREECELL = Variant(
    name="relaxed-freecell",
    title="Relaxed FreeCell",
    prefix="RF",
    columns=8,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        unlimited_runs=True,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("PySolFC's FreeCell deals; build down in alternating colours; a run of any length moves as one."),
    rules_text=RULES_TEXT,
    aliases=("relaxed-free-cell",),
    family=N_("FreeCell"),
)


def deal_relaxed_freecell(deal: int, cells: int) -> Position:
    """PySolFC's deal ``deal``: card ``i`` to column ``i % 8``, 4 columns of 7 and 4 of 6, the cells empty."""
    return Position(deal_round_robin(pysolfc_deal(deal), 8), (None,) * cells)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Relaxed FreeCell."""
    register(RELAXED_FREECELL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Relaxed FreeCell."""
    return deal_relaxed_freecell(deal, cells)
