"""Stalactites: 8 columns of 6 that take nothing, 2 free cells, foundations built by rank from dealt bases."""

from __future__ import annotations

from collections.abc import Callable

from patience import (
    N_,
    AutoPlay,
    Build,
    EmptyColumns,
    FoundationBuild,
    N_paragraphs,
    Position,
    Rules,
    Variant,
    hookimpl,
)
from patience.shuffle import deal_round_robin, pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["STALACTITES", "deal_stalactites"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, 13 cards on each. A foundation builds up by rank \
regardless of suit from the card dealt onto it, and goes round the corner from the king to the ace \
(♣9 ♥10 ♠J ♠Q ♦K ♥A …).

The deal: PySolFC's game numbers; 8 columns of 6 cards, face up, and one card onto each foundation as its \
base. The 2 free cells start empty.

Columns: nothing is ever put on a column, not even on an empty one: a card only leaves a column, to a free \
cell or to a foundation.

Free cells: each holds one card, which may only go to a foundation from there.

Runs: none; cards move one at a time.

Automatic play: every card that can go home goes there by itself, onto the first foundation from the left \
that takes it. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

STALACTITES = Variant(
    name="stalactites",
    title="Stalactites",
    prefix="SL",
    columns=8,
    cell_counts=(2,),
    default_cells=2,
    rules=Rules(
        build=Build.NONE,
        empty_columns=EmptyColumns.NONE,
        group_moves=False,
        base_rank=None,
        foundation_build=FoundationBuild.BY_RANK,
        autoplay=AutoPlay.ALL,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("8 columns of 6 that take nothing and 2 free cells; foundations build by rank from dealt bases."),
    rules_text=RULES_TEXT,
    aliases=("grampus", "old-mole"),
    family=N_("FreeCell"),
)


def deal_stalactites(deal: int, cells: int) -> Position:
    """PySolFC's game ``deal``: 6 rows across the 8 columns, then one card onto each foundation, left to right."""
    dealt = pysolfc_deal(deal)
    return Position.by_rank(deal_round_robin(dealt[:48], 8), (None,) * cells, tuple((card,) for card in dealt[48:]))


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Stalactites."""
    register(STALACTITES)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Stalactites."""
    return deal_stalactites(deal, cells)
