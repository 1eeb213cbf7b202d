"""Beleaguered Castle on Microsoft's deals: the aces start home, 8 columns of 6, build down regardless of suit.

Cards move one at a time. The shipped ``beleaguered-castle`` deals PySolFC's games; this one, as an outside
author writes it, deals Microsoft's.
"""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, Build, Card, EmptyColumns, Position, Rules, Scoring, Variant, hookimpl
from patience.shuffle import deal_round_robin, ms_deal

BELEAGUERED_CASTLE = Variant(
    name="beleaguered-castle-ms",
    title="Beleaguered Castle (Microsoft deals)",
    prefix="QB",
    columns=8,
    cell_counts=(0,),
    default_cells=0,
    rules=Rules(
        build=Build.ANY_SUIT,
        empty_columns=EmptyColumns.ANY,
        group_moves=False,
        scoring=Scoring(card_home=10, undo_takes_back=True),
    ),
    description=N_("The aces start home; 8 columns of 6 built down regardless of suit, one card at a time."),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Beleaguered Castle on Microsoft's deals."""
    register(BELEAGUERED_CASTLE)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """The four aces on their foundations, the other 48 cards dealt across 8 columns."""
    rest: tuple[Card, ...] = tuple(card for card in ms_deal(deal) if card.rank != 1)
    return Position(deal_round_robin(rest, 8), (), foundations=(1, 1, 1, 1))
