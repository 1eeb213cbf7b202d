"""FreeCell (Microsoft deal numbers, 4, 3, 2 or 1 cells) and the FreeCell rules the family shares."""

from __future__ import annotations

from collections.abc import Callable

from patience import AutoPlay, Build, EmptyColumns, Position, Rules, Scoring, Variant, hookimpl
from patience.shuffle import deal_round_robin, ms_deal

__all__ = ["FREECELL", "FREECELL_SCORING", "deal_freecell"]

#: +10 a card home, -10 an undo (which counts as a move), win bonus 700 - 2 x moves.
#: An undo also takes back what the undone action earned: otherwise undoing and
#: redoing a move that sends cards home would earn their points again and again.
FREECELL_SCORING = Scoring(
    card_home=10,
    undo_takes_back=True,
    undo_penalty=10,
    undo_is_move=True,
    win_bonus=700,
    win_bonus_per_move=2,
)

FREECELL = Variant(
    name="freecell",
    title="FreeCell",
    prefix="FC",
    columns=8,
    cell_counts=(4, 3, 2, 1),
    default_cells=4,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description="Microsoft's deals; build down in alternating colours; any card fills an empty column.",
    aliases=("fc", "free-cell"),
)


def deal_freecell(deal: int, cells: int) -> Position:
    """Microsoft FreeCell deal ``deal``: 4 columns of 7 and 4 of 6, ``cells`` empty cells."""
    return Position(deal_round_robin(ms_deal(deal), 8), (None,) * cells)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register FreeCell."""
    register(FREECELL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal FreeCell."""
    return deal_freecell(deal, cells)
