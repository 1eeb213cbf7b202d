"""Die Schlange: Der Katzenschwanz with the aces home from the deal and runs as long as the cells allow."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import pysolfc_deal
from patience_variants.der_katzenschwanz import deal_at_kings
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["DIE_SCHLANGE", "deal_die_schlange"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 104 cards of two decks to the eight foundations, two per suit, each built up from the ace \
to the king.

The deal: PySolFC's deal numbers; the 8 aces go to the foundations as they come, the other cards are dealt \
one at a time into a column, and each king starts the next column (unless the column being dealt is still \
empty), so the 9 columns are of uneven length. The 8 free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Nothing may go into an empty column: it stays empty.

Free cells: each holds one card.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: twos go home by themselves; any other card goes home once all four cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

DIE_SCHLANGE = Variant(
    name="die-schlange",
    title="Die Schlange",
    prefix="DS",
    columns=9,
    cell_counts=(8,),
    default_cells=8,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.NONE,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        decks=2,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("Der Katzenschwanz with the aces home from the deal; runs as long as the free cells allow."),
    rules_text=RULES_TEXT,
    aliases=("schlange", "ds"),
    family=N_("Der Katzenschwanz"),
)


def deal_die_schlange(deal: int, cells: int) -> Position:
    """PySolFC's deal ``deal`` of two decks: the aces home, the rest in columns started at each king."""
    dealt = deal_at_kings(pysolfc_deal(deal, decks=2), 9, aces_home=True)
    return Position(dealt.columns, (None,) * cells, foundations=dealt.foundations)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Die Schlange."""
    register(DIE_SCHLANGE)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Die Schlange."""
    return deal_die_schlange(deal, cells)
