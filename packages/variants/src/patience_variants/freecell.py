"""FreeCell (Microsoft deal numbers, 4, 3, 2 or 1 cells) and the FreeCell rules the family shares."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Scoring, Variant, hookimpl
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

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: Microsoft's deal numbers; the cards are dealt face up into 8 columns, 4 of 7 cards and 4 of 6. \
Game #1 looks exactly like game #1 of Windows FreeCell.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Any card, or any run that fits, may go into an empty column.

Free cells: each holds one card. A card leaves a cell for a column where it fits, an empty column or its \
foundation.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: aces and twos go home by themselves; any other card goes home once both cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Finish: when foundation moves alone can end the game, one command plays them all.

Score: +10 for each card home; an undo costs 10 and takes back what the undone move earned; a win adds \
700 − 2 × moves. Undo: up to 300 steps back.
""")

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
    description=N_("Microsoft's deals; build down in alternating colours; any card fills an empty column."),
    rules_text=RULES_TEXT,
    aliases=("fc", "free-cell"),
    family=N_("FreeCell"),
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
