"""Kings' Only Baker's Game: Baker's Game with only kings into empty columns, dealt as PySolFC deals it."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["KINGS_ONLY_BAKERS_GAME", "deal_kings_only_bakers_game"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: PySolFC's deal numbers; the cards are dealt face up into 8 columns, 4 of 7 cards and 4 of 6, \
and the 4 free cells start empty.

Columns: a column's top card may move onto the next higher card of the same suit (♥7 on ♥8). Only a king, \
alone or with the run on it, may go into an empty column.

Free cells: each holds one card.

Runs: a same-suit run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: every card that can go home goes home by itself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

KINGS_ONLY_BAKERS_GAME = Variant(
    name="kings-only-bakers-game",
    title="Kings' Only Baker's Game",
    prefix="KB",
    columns=8,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.SAME_SUIT,
        empty_columns=EmptyColumns.KINGS_ONLY,
        autoplay=AutoPlay.ALL,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("Baker's Game with PySolFC's deals; build by suit; only kings fill empty columns."),
    rules_text=RULES_TEXT,
    aliases=("ko-bakers-game", "king-only-bakers-game", "kings-only-bakers", "kb"),
    family=N_("Baker's Game"),
)


def deal_kings_only_bakers_game(deal: int, cells: int) -> Position:
    """PySolFC's deal ``deal`` (its ``FreeCell.startGame``): card ``i`` to column ``i % 8``, the cells empty."""
    return Position(deal_round_robin(pysolfc_deal(deal), 8), (None,) * cells)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Kings' Only Baker's Game."""
    register(KINGS_ONLY_BAKERS_GAME)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Kings' Only Baker's Game."""
    return deal_kings_only_bakers_game(deal, cells)
