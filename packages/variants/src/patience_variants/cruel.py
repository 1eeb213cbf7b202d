"""Cruel: the aces start home, 12 columns of 4 built down by suit, one card at a time, and a redeal."""

from __future__ import annotations

from collections.abc import Callable

from patience import (
    N_,
    AutoPlay,
    Build,
    Card,
    EmptyColumns,
    N_paragraphs,
    Position,
    Redeal,
    Rules,
    Suit,
    Variant,
    hookimpl,
)
from patience.shuffle import deal_round_robin, move_to_bottom, pysolfc_talon
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["CRUEL", "deal_cruel"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: the four aces start on their foundations; the other 48 cards are dealt face up to 12 columns of 4.

Columns: a column's top card may move onto the next higher card of the same suit (♣6 on ♣7). Nothing may \
go into an empty column. There are no free cells.

Runs: cards move one at a time.

Redeal: at any time, as often as you like, the columns can be gathered, from the first column to the last, \
and dealt again without shuffling, four cards to each column from the first. A redeal counts as a move and \
can be undone.

Automatic play: every card that can go home goes home by itself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

CRUEL = Variant(
    name="cruel",
    title="Cruel",
    prefix="CR",
    columns=12,
    cell_counts=(0,),
    default_cells=0,
    rules=Rules(
        build=Build.SAME_SUIT,
        empty_columns=EmptyColumns.NONE,
        autoplay=AutoPlay.ALL,
        group_moves=False,
        redeal=Redeal.FOURS,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("The aces start home; 12 columns of 4 built down by suit, one card at a time; redeal at will."),
    rules_text=RULES_TEXT,
    aliases=("cr",),
    family=N_("Baker's Dozen"),
)

#: PySolFC's suit numbers (clubs, spades, hearts, diamonds), by which it sorts the aces it sets aside.
_PYSOLFC_SUIT_ORDER = {
    suit: number for number, suit in enumerate((Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS))
}


def _ace(card: Card) -> tuple[int, ...] | None:
    """The aces, to the bottom of the talon (dealt last, to the foundations), in PySolFC's suit order."""
    return (_PYSOLFC_SUIT_ORDER[card.suit],) if card.rank == 1 else None


def deal_cruel(deal: int, cells: int = 0) -> Position:
    """PySolFC's Cruel #``deal``: four rows across 12 columns from the talon's top, then the aces home."""
    talon = move_to_bottom(pysolfc_talon(deal), _ace)
    order = tuple(reversed(talon))
    return Position(deal_round_robin(order[:48], 12), (None,) * cells, foundations=(1, 1, 1, 1))


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Cruel."""
    register(CRUEL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Cruel."""
    return deal_cruel(deal, cells)
