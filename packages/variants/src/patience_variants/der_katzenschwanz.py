"""Der Katzenschwanz: two decks laid out in 9 columns that each start at a king; nothing fills an empty column."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import pysolfc_deal
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["DER_KATZENSCHWANZ", "deal_at_kings", "deal_der_katzenschwanz"]

RULES_TEXT = N_paragraphs("""\
Goal: move all 104 cards of two decks to the eight foundations, two per suit, each built up from the ace \
to the king.

The deal: PySolFC's deal numbers; the cards are dealt one at a time into a column, and each king starts \
the next column (unless the column being dealt is still empty), so the 9 columns are of uneven length. \
The 8 free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Nothing may go into an empty column: it stays empty.

Free cells: each holds one card.

Runs: an ordered run of any length on top of a column moves as one move, however many cells are free.

Automatic play: aces and twos go home by themselves; any other card goes home once all four cards of the \
other colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

DER_KATZENSCHWANZ = Variant(
    name="der-katzenschwanz",
    title="Der Katzenschwanz",
    prefix="DK",
    columns=9,
    cell_counts=(8,),
    default_cells=8,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.NONE,
        unlimited_runs=True,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        decks=2,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_(
        "Two decks in 9 columns that start at kings; 8 cells; alternating colours; empty columns stay empty."
    ),
    rules_text=RULES_TEXT,
    aliases=("der-katz", "katzenschwanz", "der-katzenschwantz", "dk"),
    family=N_("Der Katzenschwanz"),
)


def deal_at_kings(cards: tuple[Card, ...], columns: int, *, aces_home: bool) -> Position:
    """``cards`` dealt in order into ``columns`` columns as PySolFC's ``DerKatzenschwanz.startGame`` deals them.

    Each card goes onto the column being dealt; a king first moves on to the
    next column if the one being dealt already holds cards (so a deal that
    starts with a king keeps it in the first column). With ``aces_home``
    (``DieSchlange.startGame``) the aces go to the foundations instead.
    """
    dealt: list[list[Card]] = [[] for _ in range(columns)]
    at = 0
    for card in cards:
        if aces_home and card.rank == 1:
            continue
        if card.rank == 13 and dealt[at]:
            at += 1
        dealt[at].append(card)
    foundations = (1,) * 8 if aces_home else (0,) * 8
    return Position(tuple(tuple(column) for column in dealt), (), foundations=foundations)


def deal_der_katzenschwanz(deal: int, cells: int) -> Position:
    """PySolFC's deal ``deal`` of two decks, a column started at each king; ``cells`` empty cells."""
    dealt = deal_at_kings(pysolfc_deal(deal, decks=2), 9, aces_home=False)
    return Position(dealt.columns, (None,) * cells, foundations=dealt.foundations)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Der Katzenschwanz."""
    register(DER_KATZENSCHWANZ)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Der Katzenschwanz."""
    return deal_der_katzenschwanz(deal, cells)
