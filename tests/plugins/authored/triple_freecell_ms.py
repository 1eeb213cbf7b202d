"""Triple FreeCell on Microsoft's shuffle: three decks in 13 columns, 10 free cells, alternate colours, any card to
an empty column (the shipped Triple FreeCell deals PySolFC's numbers)."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, Position, Rules, Scoring, Variant, hookimpl
from patience.shuffle import deal_round_robin, ms_deal

TRIPLE_FREECELL_MS = Variant(
    name="triple-freecell-ms",
    title="Triple FreeCell (Microsoft Shuffle)",
    prefix="QA",
    columns=13,
    cell_counts=(10,),
    default_cells=10,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        decks=3,
        undo_limit=500,
        scoring=Scoring(card_home=10, undo_takes_back=True),
    ),
    description=N_(
        "Three decks in 13 columns; 10 cells, 12 foundations; alternate colours; any card to an empty column."
    ),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Triple FreeCell on Microsoft's shuffle."""
    register(TRIPLE_FREECELL_MS)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """156 cards shuffled the Microsoft way across 13 columns of 12, with 12 empty foundations."""
    return Position(deal_round_robin(ms_deal(deal, decks=3), 13), (None,) * 10, (0,) * 12)
