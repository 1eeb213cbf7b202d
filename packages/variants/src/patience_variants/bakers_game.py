"""Baker's Game: FreeCell's layout and deal numbers, built by suit; every card that can go home does."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience_variants.freecell import FREECELL_SCORING, deal_freecell

__all__ = ["BAKERS_GAME"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: FreeCell's deals, 8 columns (4 of 7 cards and 4 of 6) and 4 empty free cells.

Columns: a column's top card may move onto the next higher card of the same suit (♥7 on ♥8). Any card, or \
any run that fits, may go into an empty column.

Free cells: each holds one card.

Runs: a same-suit run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: every card that can go home goes home by itself (in a same-suit game that is always safe).

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

BAKERS_GAME = Variant(
    name="bakers-game",
    title="Baker's Game",
    prefix="BG",
    columns=8,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.SAME_SUIT,
        empty_columns=EmptyColumns.ANY,
        autoplay=AutoPlay.ALL,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("FreeCell's deals built by suit; any card fills an empty column."),
    rules_text=RULES_TEXT,
    aliases=("bakers", "baker", "bg"),
    family=N_("Baker's Game"),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Baker's Game."""
    register(BAKERS_GAME)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Baker's Game: the FreeCell deal of the same number."""
    return deal_freecell(deal, cells)
