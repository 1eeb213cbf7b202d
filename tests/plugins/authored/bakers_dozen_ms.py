"""Baker's Dozen on Microsoft's deals: 13 columns of 4, the kings put under the other cards, built down by rank.

The shipped ``bakers-dozen`` deals PySolFC's games; this one, as an outside author writes it, deals Microsoft's.
"""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, Build, EmptyColumns, Position, Rules, Scoring, Variant, hookimpl
from patience.shuffle import deal_round_robin, ms_deal

BAKERS_DOZEN = Variant(
    name="bakers-dozen-ms",
    title="Baker's Dozen (Microsoft deals)",
    prefix="QC",
    columns=13,
    cell_counts=(0,),
    default_cells=0,
    rules=Rules(
        build=Build.ANY_SUIT,
        empty_columns=EmptyColumns.NONE,
        group_moves=False,
        scoring=Scoring(card_home=10, undo_takes_back=True),
    ),
    description=N_("13 columns of 4 with the kings at the bottom; build down regardless of suit; gaps stay empty."),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Baker's Dozen on Microsoft's deals."""
    register(BAKERS_DOZEN)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Four cards a column across 13 columns; in each column the kings go under the other cards."""
    columns = deal_round_robin(ms_deal(deal), 13)
    ordered = tuple(
        tuple(card for card in column if card.rank == 13) + tuple(card for card in column if card.rank != 13)
        for column in columns
    )
    return Position(ordered, ())
