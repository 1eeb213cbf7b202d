"""Double FreeCell, a two-deck variant for patience that lives in its own distribution.

- The 104 cards of two decks, shuffled by the Microsoft shuffle of deal #N
  (``ms_deal(N, decks=2)``), go round-robin into 10 columns: columns 1-4
  get 11 cards, columns 5-10 get 10.
- 6 cells; 8 foundations, two for each suit, from ace to king.
- Build down in alternating colours; any card or run fills an empty column.
- Safe cards go home by themselves, as in FreeCell (a card once all four
  cards of the other colour one rank lower are home).
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

__all__ = ["DOUBLE_FREECELL", "deal_double_freecell", "patience_deal", "patience_register_variants"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 104 cards of two decks to the eight foundations, two per suit, each built up from the ace to \
the king.

The deal: the two decks are shuffled by Microsoft's deal number and dealt face up into 10 columns: the first \
4 get 11 cards, the other 6 get 10. The 6 free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Any card, or any run that fits, may go into an empty column.

Free cells: each holds one card. A card leaves a cell for a column where it fits, an empty column or a \
foundation.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: aces and twos go home by themselves; any other card goes home once all four cards of the \
other colour one rank lower are home. Cards on a foundation stay there.

Score: +10 for each card home; undoing takes back what the undone move earned. Undo: the last 500 moves.
""")

DOUBLE_FREECELL = Variant(
    name="double-freecell",
    title="Double FreeCell",
    prefix="DF",
    columns=10,
    cell_counts=(6,),
    default_cells=6,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        decks=2,  # 104 cards, 8 foundations
        undo_limit=500,
        scoring=Scoring(card_home=10, undo_takes_back=True),
    ),
    description=N_(
        "Two decks in 10 columns; 6 cells, 8 foundations; alternating colours; any card fills an empty column."
    ),
    rules_text=RULES_TEXT,
    family=N_("FreeCell"),
)
"""The variant, declared as data: the engine's default hooks and the solver read ``DOUBLE_FREECELL.rules``."""


def deal_double_freecell(deal: int, cells: int = 6) -> Position:
    """Double FreeCell deal ``deal`` as dealt: card ``i`` of the two-deck shuffle to column ``i % 10``."""
    cards = ms_deal(deal, decks=2)
    columns = tuple(cards[start::10] for start in range(10))
    return Position(columns, (None,) * cells, foundations=(0,) * 8)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Double FreeCell."""
    register(DOUBLE_FREECELL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position | None:
    """Deal Double FreeCell; ``None`` for any other variant."""
    if variant.name != DOUBLE_FREECELL.name:
        return None
    return deal_double_freecell(deal, cells)
