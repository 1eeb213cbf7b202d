"""Baker's Dozen: PySolFC's deals, 13 columns of 4 with the kings put under, built down regardless of suit."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from patience import N_, AutoPlay, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Variant, hookimpl
from patience.shuffle import deal_round_robin, pysolfc_talon
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["BAKERS_DOZEN", "DOZEN_RULES", "kings_under"]

#: fc-solve's ``bakers_dozen`` preset: no free cells, build down by rank, nothing into an empty column, so
#: one card at a time. Nothing goes home by itself: with building by rank, a card sent home may be the only
#: place for a card one rank lower.
DOZEN_RULES = Rules(
    build=Build.ANY_SUIT,
    empty_columns=EmptyColumns.NONE,
    group_moves=False,
    autoplay=AutoPlay.NONE,
    undo_limit=300,
    scoring=FREECELL_SCORING,
)

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: 13 columns of 4 cards, face up; a king is put under the other cards of its column. Game #N is \
PySolFC's game #N.

Columns: a column's top card may move onto another column's top card one rank higher, whatever its suit \
(♥7 on ♣8). An emptied column stays empty: no card may go into it.

Free cells: none.

Runs: none; cards move one at a time.

Automatic play: none; you move each card home yourself.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

BAKERS_DOZEN = Variant(
    name="bakers-dozen",
    title="Baker's Dozen",
    prefix="BD",
    columns=13,
    cell_counts=(0,),
    default_cells=0,
    rules=DOZEN_RULES,
    description=N_("13 columns of 4 with the kings at the bottom; build down regardless of suit; gaps stay empty."),
    rules_text=RULES_TEXT,
    aliases=("bd",),
    family=N_("Baker's Dozen"),
)


def kings_under(talon: Sequence[Card], columns: int) -> list[Card]:
    """PySolFC's Baker's Dozen ``_shuffleHook``: each king swapped under the first non-king of its column.

    PySolFC reads the talon as if its first card were dealt first, card ``i`` to column ``i % columns``,
    swaps each king (in that order) with the earliest card of the same column that is no king, and then
    reverses the list: the talon it returns deals in that order.
    """
    cards = list(talon)
    for i in [i for i, card in enumerate(cards) if card.rank == 13]:
        for j in range(i % columns, i, columns):
            if cards[j].rank != 13:
                cards[i], cards[j] = cards[j], cards[i]
                break
    cards.reverse()
    return cards


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Baker's Dozen."""
    register(BAKERS_DOZEN)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """PySolFC's game ``deal`` with its kings put under, dealt in 4 rows across the 13 columns."""
    dealt = tuple(reversed(kings_under(pysolfc_talon(deal), 13)))
    return Position(deal_round_robin(dealt, 13), ())
