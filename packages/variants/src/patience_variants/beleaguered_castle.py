"""Beleaguered Castle: PySolFC's deals, the aces start home, 8 columns of 6 built down regardless of suit."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, move_to_bottom, pysolfc_talon
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["BELEAGUERED_CASTLE", "CASTLE_RULES", "deal_beleaguered_castle", "pysolfc_suit"]

#: The rules of the Beleaguered Castle family, fc-solve's ``beleaguered_castle`` preset: no free cells, build
#: down regardless of suit, any card into an empty column, runs through empty columns. Nothing goes home by
#: itself: with building by rank, a card sent home may be the only place for a card one rank lower.
CASTLE_RULES = Rules(
    build=Build.ANY_SUIT,
    empty_columns=EmptyColumns.ANY,
    autoplay=AutoPlay.NONE,
    undo_limit=300,
    scoring=FREECELL_SCORING,
)

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: the four aces start on their foundations; the other 48 cards are dealt face up into 8 columns of 6. \
Game #N is PySolFC's game #N.

Columns: a column's top card may move onto another column's top card one rank higher, whatever its suit \
(♥7 on ♣8). Any card, or any run that fits, may go into an empty column.

Free cells: none.

Runs: a run built down on top of a column moves as one move if it has no more than 2^(empty columns) cards; \
an empty column that is the destination does not count.

Automatic play: none; you move each card home yourself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

BELEAGUERED_CASTLE = Variant(
    name="beleaguered-castle",
    title="Beleaguered Castle",
    prefix="BC",
    columns=8,
    cell_counts=(0,),
    default_cells=0,
    rules=CASTLE_RULES,
    description=N_("The aces start home; 8 columns of 6 built down regardless of suit; no free cells."),
    rules_text=RULES_TEXT,
    aliases=("castle", "bc"),
    family=N_("Beleaguered Castle"),
)


def pysolfc_suit(card: Card) -> tuple[int]:
    """The key PySolFC sorts moved cards by: its suit number (clubs 0, spades 1, hearts 2, diamonds 3)."""
    return ("CSHD".index(card.suit.letter),)


def deal_beleaguered_castle(deal: int) -> Position:
    """PySolFC's game ``deal``: the aces put at the talon's bottom and dealt home, the rest 8 columns of 6."""
    talon = move_to_bottom(pysolfc_talon(deal), lambda card: pysolfc_suit(card) if card.rank == 1 else None)
    dealt = tuple(reversed(talon))[:48]
    return Position(deal_round_robin(dealt, 8), (), foundations=(1, 1, 1, 1))


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Beleaguered Castle."""
    register(BELEAGUERED_CASTLE)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Beleaguered Castle."""
    return deal_beleaguered_castle(deal)
