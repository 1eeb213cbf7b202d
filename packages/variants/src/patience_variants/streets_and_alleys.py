"""Streets and Alleys: Beleaguered Castle's rules with no card home at the start: 4 columns of 7 and 4 of 6."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, N_paragraphs, Position, Variant, hookimpl
from patience.shuffle import deal_round_robin, pysolfc_deal
from patience_variants.beleaguered_castle import CASTLE_RULES

__all__ = ["STREETS_AND_ALLEYS"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: all 52 cards are dealt face up into 8 columns, 4 of 7 cards and 4 of 6; the foundations start \
empty. Game #N is PySolFC's game #N.

Columns: a column's top card may move onto another column's top card one rank higher, whatever its suit \
(♥7 on ♣8). Any card, or any run that fits, may go into an empty column.

Free cells: none.

Runs: a run built down on top of a column moves as one move if it has no more than 2^(empty columns) cards; \
an empty column that is the destination does not count.

Automatic play: none; you move each card home yourself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

STREETS_AND_ALLEYS = Variant(
    name="streets-and-alleys",
    title="Streets and Alleys",
    prefix="SA",
    columns=8,
    cell_counts=(0,),
    default_cells=0,
    rules=CASTLE_RULES,
    description=N_("Beleaguered Castle with the aces dealt too: 4 columns of 7 and 4 of 6; no free cells."),
    rules_text=RULES_TEXT,
    aliases=("streets", "sa"),
    family=N_("Beleaguered Castle"),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Streets and Alleys."""
    register(STREETS_AND_ALLEYS)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """PySolFC's game ``deal`` dealt in rows across the 8 columns; the seventh row fills the first 4."""
    return Position(deal_round_robin(pysolfc_deal(deal), 8), ())
