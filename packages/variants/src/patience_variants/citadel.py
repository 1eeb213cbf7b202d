"""Citadel: Beleaguered Castle's rules; while PySolFC deals, every card that fits a foundation goes there."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, Card, N_paragraphs, Position, Variant, hookimpl
from patience.shuffle import move_to_top, pysolfc_talon
from patience_variants.beleaguered_castle import CASTLE_RULES, pysolfc_suit

__all__ = ["CITADEL", "deal_citadel"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: the four aces start on their foundations; the other cards are dealt face up across 8 columns, \
one column after the other, and a card that fits its foundation goes there instead, so the column whose turn \
it was gets the next card only in the next round. Game #N is PySolFC's game #N.

Columns: a column's top card may move onto another column's top card one rank higher, whatever its suit \
(♥7 on ♣8). Any card, or any run that fits, may go into an empty column.

Free cells: none.

Runs: a run built down on top of a column moves as one move if it has no more than 2^(empty columns) cards; \
an empty column that is the destination does not count.

Automatic play: none; you move each card home yourself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

CITADEL = Variant(
    name="citadel",
    title="Citadel",
    prefix="CI",
    columns=8,
    cell_counts=(0,),
    default_cells=0,
    rules=CASTLE_RULES,
    description=N_("Beleaguered Castle where the deal sends every card that fits home; no free cells."),
    rules_text=RULES_TEXT,
    aliases=("ci",),
    family=N_("Beleaguered Castle"),
)


def deal_citadel(deal: int) -> Position:
    """PySolFC's game ``deal``: the aces from the talon's top go home, then each card to its column or home.

    The columns take turns, one card each; a card that fits its foundation goes there and uses up the turn
    of the column it would have gone to, as PySolFC's ``startGame`` deals it.
    """
    talon = move_to_top(pysolfc_talon(deal), lambda card: pysolfc_suit(card) if card.rank == 1 else None)
    cards = tuple(reversed(talon))
    home = [0, 0, 0, 0]
    for ace in cards[:4]:
        home[ace.suit.value] = 1
    columns: list[list[Card]] = [[] for _ in range(8)]
    for turn, card in enumerate(cards[4:]):
        if home[card.suit.value] == card.rank - 1:
            home[card.suit.value] = card.rank
        else:
            columns[turn % 8].append(card)
    return Position(tuple(tuple(column) for column in columns), (), foundations=tuple(home))


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Citadel."""
    register(CITADEL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Citadel."""
    return deal_citadel(deal)
