"""Good Measure: Baker's Dozen on 10 columns of 5, two aces dealt home, as PySolFC deals it."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, N_paragraphs, Position, Variant, hookimpl
from patience.shuffle import deal_round_robin, move_to_bottom, pysolfc_talon
from patience_variants.bakers_dozen import DOZEN_RULES, kings_under
from patience_variants.beleaguered_castle import pysolfc_suit

__all__ = ["GOOD_MEASURE", "deal_good_measure"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: 10 columns of 5 cards, face up; the kings are moved towards the bottom of their columns, and the \
last two cards, two aces, start on their foundations. Game #N is PySolFC's game #N.

Columns: a column's top card may move onto another column's top card one rank higher, whatever its suit \
(♥7 on ♣8). An emptied column stays empty: no card may go into it.

Free cells: none.

Runs: none; cards move one at a time.

Automatic play: none; you move each card home yourself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

GOOD_MEASURE = Variant(
    name="good-measure",
    title="Good Measure",
    prefix="GM",
    columns=10,
    cell_counts=(0,),
    default_cells=0,
    rules=DOZEN_RULES,
    description=N_("Baker's Dozen on 10 columns of 5 with two aces dealt home; gaps stay empty."),
    rules_text=RULES_TEXT,
    aliases=("gm",),
    family=N_("Baker's Dozen"),
)


def deal_good_measure(deal: int) -> Position:
    """PySolFC's game ``deal``: 5 rows across the 10 columns, and 2 aces home.

    As PySolFC's ``_shuffleHook`` does, the kings are put under for 10 columns first, and then the 2 aces
    nearest the talon's bottom are moved to its bottom, to be dealt last, onto their foundations.
    """
    talon = kings_under(pysolfc_talon(deal), 10)
    talon = move_to_bottom(talon, lambda card: pysolfc_suit(card) if card.rank == 1 else None, 2)
    dealt = tuple(reversed(talon))
    home = [0, 0, 0, 0]
    for ace in dealt[50:]:
        home[ace.suit.value] = 1
    return Position(deal_round_robin(dealt[:50], 10), (), foundations=tuple(home))


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Good Measure."""
    register(GOOD_MEASURE)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Good Measure."""
    return deal_good_measure(deal)
