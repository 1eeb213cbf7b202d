"""Simple Simon: 10 columns, no cells, built down regardless of suit; only a complete suit goes home."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["SIMPLE_SIMON", "deal_simple_simon"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit. A suit goes home only complete: the thirteen \
cards from the king to the ace lying in order on top of a column go to a foundation together, as one move.

The deal: PySolFC's deal numbers; 10 columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1 cards, all face up. There \
are no free cells.

Columns: a column's top card may move onto the next higher card of any suit (♥7 on ♣8). Any card, or any \
run of one suit, may go into an empty column.

Runs: a run of one suit on top of a column (♠9 ♠8 ♠7) moves as one move, however long it is; a run of \
mixed suits moves one part of one suit at a time.

Automatic play: a complete suit, king to ace, on top of a column goes home by itself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

SIMPLE_SIMON = Variant(
    name="simple-simon",
    title="Simple Simon",
    prefix="SS",
    columns=10,
    cell_counts=(0,),
    default_cells=0,
    rules=Rules(
        build=Build.ANY_SUIT,
        empty_columns=EmptyColumns.ANY,
        run_build=Build.SAME_SUIT,
        unlimited_runs=True,
        whole_suit_home=True,
        autoplay=AutoPlay.ALL,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("10 columns, no cells; build regardless of suit, move runs of one suit; whole suits go home."),
    rules_text=RULES_TEXT,
    aliases=("simple_simon", "simplesimon", "simon"),
    family=N_("Spider"),
)

#: How many columns each of PySolFC's dealing rows reaches: seven short rows, then one across all ten.
_ROWS = (9, 8, 7, 6, 5, 4, 3, 10)


def deal_simple_simon(deal: int) -> Position:
    """PySolFC's Simple Simon deal ``deal``: rows across the first 9, 8 ... 3 columns, then one across all 10."""
    cards = iter(pysolfc_deal(deal))
    columns: list[list[Card]] = [[] for _ in range(10)]
    for width in _ROWS:
        for column in columns[:width]:
            column.append(next(cards))
    return Position(tuple(tuple(column) for column in columns), ())


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Simple Simon."""
    register(SIMPLE_SIMON)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Simple Simon: PySolFC's deal of the same number."""
    return deal_simple_simon(deal)
