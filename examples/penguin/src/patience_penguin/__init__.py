"""Penguin, a variant for patience that lives in its own distribution.

- The first card of Microsoft deal #N (the "beak") sets the foundations'
  base rank; its three brothers (the same rank, the other suits) start on
  their foundations.
- The other 49 cards, the beak first, go round-robin into 7 columns of 7,
  so the beak lies at the bottom of column 1.
- Columns and foundations build by suit around the corner (A on 2, K on A).
- 7 cells; only a card one rank below the base, alone or with its run, goes
  into an empty column.
"""

from __future__ import annotations

from collections.abc import Callable

from patience import (
    N_,
    AutoPlay,
    Build,
    EmptyColumns,
    N_paragraphs,
    Position,
    Rules,
    Scoring,
    Variant,
    hookimpl,
    ms_deal,
)

__all__ = ["PENGUIN", "deal_penguin", "patience_deal", "patience_register_variants"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up by suit from the base rank.

The deal: the first card of Microsoft's deal (the beak) sets the base rank of the foundations, and the three \
other cards of that rank start on their foundations. The other 49 cards, the beak first, are dealt face up \
into 7 columns of 7, so the beak lies at the bottom of the first column.

Foundations: each is built up by suit from the base, around the corner: after the king comes the ace \
(with base 5: 5, 6 … king, ace … 4).

Columns: a column's top card may move onto the next higher card of the same suit (♥7 on ♥8); a king may go \
on the ace of its suit. Only a card one rank below the base (a king when the base is the ace), alone or \
with the run on it, may go into an empty column.

Free cells: there are 7, each holds one card.

Runs: a same-suit run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: every card that can go home goes home by itself.

Score: +10 for each card that reaches a foundation; an undo takes back what the undone move earned. \
Undo: the last 100 moves.
""")

PENGUIN = Variant(
    name="penguin",
    title="Penguin",
    prefix="PG",
    columns=7,
    cell_counts=(7,),
    default_cells=7,
    rules=Rules(
        build=Build.SAME_SUIT,
        wrap=True,  # a king may lie on an ace
        base_rank=None,  # the deal sets it: Position.base
        empty_columns=EmptyColumns.BELOW_BASE,
        autoplay=AutoPlay.ALL,
        # Undo takes back what the move earned: otherwise undo and redo would earn the same cards again.
        scoring=Scoring(undo_takes_back=True),
    ),
    description=N_("7 columns of 7; the first card sets the foundations' base; build by suit, K on A; 7 cells."),
    rules_text=RULES_TEXT,
    family=N_("Baker's Game"),
)
"""The variant, declared as data: the engine's default hooks and the solver read ``PENGUIN.rules``."""


def deal_penguin(deal: int, cells: int = 7) -> Position:
    """Penguin deal ``deal`` as dealt: the beak's brothers home, the other 49 cards in 7 columns."""
    beak, *rest = ms_deal(deal)
    brothers = [card for card in rest if card.rank == beak.rank]
    cards = [beak, *(card for card in rest if card.rank != beak.rank)]
    columns = tuple(tuple(cards[start::7]) for start in range(7))
    foundations = tuple(int(any(card.suit.value == suit for card in brothers)) for suit in range(4))
    return Position(columns, (None,) * cells, foundations, base=beak.rank)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Penguin."""
    register(PENGUIN)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position | None:
    """Deal Penguin; ``None`` for any other variant."""
    if variant.name != PENGUIN.name:
        return None
    return deal_penguin(deal, cells)
