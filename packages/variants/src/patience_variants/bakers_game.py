"""Baker's Game: FreeCell's layout and deal numbers, built by suit; every card that can go home does."""

from __future__ import annotations

from collections.abc import Callable

from patience import AutoPlay, Build, EmptyColumns, Position, Rules, Variant, hookimpl
from patience_variants.freecell import FREECELL_SCORING, deal_freecell

__all__ = ["BAKERS_GAME"]

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
    description="FreeCell's deals built by suit; any card fills an empty column.",
    aliases=("bakers", "baker", "bg"),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Baker's Game."""
    register(BAKERS_GAME)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Baker's Game: the FreeCell deal of the same number."""
    return deal_freecell(deal, cells)
