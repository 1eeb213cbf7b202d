"""Forecell, a variant for patience that lives in its own distribution.

Forecell is dealt like Eight Off with four cells and played like FreeCell
with kings only for empty columns:

- the 52 cards of Microsoft deal #N go round-robin into 8 columns of 6, and
  the last 4 cards fill the 4 cells;
- columns build down in alternating colours;
- only a king, alone or with the run on it, goes into an empty column;
- safe cards go home by themselves, as in FreeCell;
- FreeCell's scoring.

This module is the plugin: the ``patience`` entry-point group in
``pyproject.toml`` names it, and the engine registers it with pluggy.
"""

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
    Rules,
    Scoring,
    Variant,
    hookimpl,
    ms_deal,
)

__all__ = ["FORECELL", "deal_forecell", "patience_deal", "patience_register_variants"]

#: Columns in a Forecell table.
COLUMNS = 8
#: Cards dealt to the columns; the rest of the deck fills the cells.
IN_COLUMNS = 48

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: Microsoft's deal numbers; 48 cards face up in 8 columns of 6, and the last 4 cards fill the 4 free \
cells.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Only a king, alone or with the run on it, may go into an empty column.

Free cells: each holds one card. A card leaves a cell for a column where it fits, an empty column (a king \
only) or its foundation.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: aces and twos go home by themselves; any other card goes home once both cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

FORECELL = Variant(
    name="forecell",
    title="Forecell",
    prefix="FO",
    columns=COLUMNS,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.KINGS_ONLY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        # FreeCell's scoring: an undo takes back what the undone action earned, then costs 10.
        scoring=Scoring(
            card_home=10,
            undo_takes_back=True,
            undo_penalty=10,
            undo_is_move=True,
            win_bonus=700,
            win_bonus_per_move=2,
        ),
    ),
    description=N_(
        "8 columns of 6, the last 4 cards fill the cells; alternating colours; only kings fill empty columns."
    ),
    # Shown by the window under Help > Rules of Forecell: short paragraphs, a blank line between them.
    rules_text=RULES_TEXT,
    aliases=("fore-cell",),
    family=N_("FreeCell"),
)
"""The variant, declared as data: the engine's default hooks and the solver read ``FORECELL.rules``."""


def deal_forecell(deal: int, cells: int = 4) -> Position:
    """Forecell deal ``deal`` as dealt: shuffle card ``i`` to column ``i % 8``, cards 49-52 to the cells."""
    cards = ms_deal(deal)
    columns = tuple(cards[start:IN_COLUMNS:COLUMNS] for start in range(COLUMNS))
    held: tuple[Card | None, ...] = cards[IN_COLUMNS:]
    return Position(columns, held + (None,) * (cells - len(held)))


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Forecell."""
    register(FORECELL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Forecell (the engine calls this only for Forecell, the variant this plugin registers)."""
    return deal_forecell(deal, cells)
