"""Triple FreeCell: three decks dealt as PySolFC deals them into 13 columns, 10 free cells, 12 foundations."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["TRIPLE_FREECELL", "deal_triple_freecell"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 156 cards of three decks to the twelve foundations, three per suit, each built up from the \
ace to the king.

The deal: PySolFC's game numbers; the three decks are dealt face up into 13 columns of 12 cards. The 10 \
free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Any card, or any run that fits, may go into an empty column.

Free cells: each holds one card.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: aces and twos go home by themselves; any other card goes home once all six cards of the \
other colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

TRIPLE_FREECELL = Variant(
    name="triple-freecell",
    title="Triple FreeCell",
    prefix="TR",
    columns=13,
    cell_counts=(10,),
    default_cells=10,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        decks=3,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("Three decks in 13 columns; 10 free cells, 12 foundations; alternating colours."),
    rules_text=RULES_TEXT,
    aliases=("triple-free-cell",),
    family=N_("FreeCell"),
)


def deal_triple_freecell(deal: int, cells: int) -> Position:
    """PySolFC's three-deck deal ``deal``: card ``i`` to column ``i % 13``, 12 rows; 12 empty foundations."""
    return Position(deal_round_robin(pysolfc_deal(deal, 3), 13), (None,) * cells, (0,) * 12)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Triple FreeCell."""
    register(TRIPLE_FREECELL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Triple FreeCell."""
    return deal_triple_freecell(deal, cells)
