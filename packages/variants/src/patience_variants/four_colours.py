"""Four Colours: PySolFC's deals, each card dealt to the column of its suit; each cell takes one suit."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Suit, Variant, hookimpl
from patience.shuffle import pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["FOUR_COLOURS", "deal_four_colours"]

#: PySolFC's suit order, which numbers its columns and its cells: clubs, spades, hearts, diamonds.
SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: PySolFC's deal numbers. Each card is dealt to the column of its suit: column 1 takes the clubs, \
2 the spades, 3 the hearts and 4 the diamonds, 13 cards each; columns 5, 6 and 7 start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Any card, or any run, may go into an empty column.

Cells: there are 4, and each takes only its own suit: cell a the clubs, b the spades, c the hearts and \
d the diamonds, one card at a time.

Runs: an ordered run on top of a column moves as one move, however long it is.

Automatic play: aces and twos go home by themselves; any other card goes home once both cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

FOUR_COLOURS = Variant(
    name="four-colours",
    title="Four Colours",
    prefix="CO",
    columns=7,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        unlimited_runs=True,
        cell_suits=SUIT_ORDER,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("7 columns, each card dealt to the column of its suit; each of the 4 cells takes one suit."),
    rules_text=RULES_TEXT,
    aliases=("four-colors", "co"),
    family=N_("FreeCell"),
)


def deal_four_colours(deal: int, cells: int) -> Position:
    """PySolFC's Four Colours deal ``deal``: each card, in dealing order, onto the column of its suit."""
    columns: list[list[Card]] = [[] for _ in range(7)]
    for card in pysolfc_deal(deal):
        columns[SUIT_ORDER.index(card.suit)].append(card)
    return Position(tuple(tuple(column) for column in columns), (None,) * cells)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Four Colours."""
    register(FOUR_COLOURS)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Four Colours."""
    return deal_four_colours(deal, cells)
