"""Seahaven Towers: 10 columns of 5, two cards in the cells, built by suit, kings only into empty columns."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, ms_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["SEAHAVEN_TOWERS", "deal_seahaven"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: 10 columns of 5 cards; the last 2 cards start in the first two of the 4 free cells.

Columns: a column's top card may move onto the next higher card of the same suit (♠9 on ♠10). Only a king, \
alone or with the run on it, may go into an empty column.

Free cells: each holds one card.

Runs: a same-suit run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: every card that can go home goes home by itself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

SEAHAVEN_TOWERS = Variant(
    name="seahaven-towers",
    title="Seahaven Towers",
    prefix="ST",
    columns=10,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.SAME_SUIT,
        empty_columns=EmptyColumns.KINGS_ONLY,
        autoplay=AutoPlay.ALL,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("10 columns of 5, two cards start in the cells; build by suit; only kings fill empty columns."),
    rules_text=RULES_TEXT,
    aliases=("seahaven", "st"),
    family=N_("Baker's Game"),
)


def deal_seahaven(deal: int, cells: int) -> Position:
    """Microsoft shuffle ``deal`` dealt 10 wide; cards 51 and 52 go to cells 1 and 2."""
    cards = ms_deal(deal)
    held = (cards[50], cards[51]) + (None,) * (cells - 2)
    return Position(deal_round_robin(cards[:50], 10), held)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Seahaven Towers."""
    register(SEAHAVEN_TOWERS)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Seahaven Towers."""
    return deal_seahaven(deal, cells)
