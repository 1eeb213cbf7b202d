"""Relaxed Seahaven Towers: Seahaven Towers where a same-suit run of any length moves, dealt as PySolFC deals it."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["RELAXED_SEAHAVEN_TOWERS", "deal_relaxed_seahaven"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: PySolFC's deal numbers; 10 columns of 5 cards; the last 2 cards start in the second and third \
of the 4 free cells.

Columns: a column's top card may move onto the next higher card of the same suit (♠9 on ♠10). Only a king, \
alone or with the run on it, may go into an empty column.

Free cells: each holds one card.

Runs: a same-suit run of any length on top of a column moves as one move, however many free cells \
and empty columns there are.

Automatic play: every card that can go home goes home by itself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

RELAXED_SEAHAVEN_TOWERS = Variant(
    name="relaxed-seahaven-towers",
    title="Relaxed Seahaven Towers",
    prefix="RS",
    columns=10,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.SAME_SUIT,
        empty_columns=EmptyColumns.KINGS_ONLY,
        unlimited_runs=True,
        autoplay=AutoPlay.ALL,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("Seahaven Towers with PySolFC's deals; a same-suit run of any length moves at once."),
    rules_text=RULES_TEXT,
    aliases=("relaxed-seahaven", "relaxed-seahaven-tower", "rs"),
    family=N_("Baker's Game"),
)


def deal_relaxed_seahaven(deal: int, cells: int) -> Position:
    """PySolFC's deal ``deal`` (its ``SeahavenTowers.startGame``): 10 columns of 5, cards 51 and 52 to cells 2 and 3."""
    cards = pysolfc_deal(deal)
    held = (None, cards[50], cards[51]) + (None,) * (cells - 3)
    return Position(deal_round_robin(cards[:50], 10), held)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Relaxed Seahaven Towers."""
    register(RELAXED_SEAHAVEN_TOWERS)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Relaxed Seahaven Towers."""
    return deal_relaxed_seahaven(deal, cells)
