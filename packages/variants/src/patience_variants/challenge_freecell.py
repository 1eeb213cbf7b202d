"""Challenge FreeCell: FreeCell with the aces and twos dealt first, to the bottom of the columns."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, AutoPlay, Build, Card, EmptyColumns, N_paragraphs, Position, Rules, Suit, Variant, hookimpl
from patience.shuffle import deal_round_robin, move_to_top, pysolfc_talon
from patience_variants.freecell import FREECELL_SCORING

__all__ = ["CHALLENGE_FREECELL", "challenge_cards", "deal_challenge_freecell"]

#: PySolFC's number of each suit, which orders the aces and twos among themselves.
PYSOLFC_SUIT = {Suit.CLUBS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3}

RULES_TEXT = N_paragraphs("""\
Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: PySolFC's game numbers, with the eight aces and twos dealt first: the four twos lie at the \
bottom of columns 1 to 4 and the four aces at the bottom of columns 5 to 8. The other cards follow face \
up, 4 columns of 7 cards and 4 of 6. The 4 free cells start empty.

Columns: a column's top card may move onto another column's top card one rank higher and of the other \
colour (a red 7 on a black 8). Any card, or any run that fits, may go into an empty column.

Free cells: each holds one card.

Runs: an ordered run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

Automatic play: aces and twos go home by themselves; any other card goes home once both cards of the other \
colour one rank lower are home. Cards on a foundation stay there.

Score as in FreeCell: +10 for each card home; an undo costs 10 and takes back what the undone move earned; \
a win adds 700 − 2 × moves. Undo: up to 300 steps back.
""")

CHALLENGE_FREECELL = Variant(
    name="challenge-freecell",
    title="Challenge FreeCell",
    prefix="CH",
    columns=8,
    cell_counts=(4,),
    default_cells=4,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        autoplay=AutoPlay.SAFE_ALTERNATE,
        undo_limit=300,
        scoring=FREECELL_SCORING,
    ),
    description=N_("FreeCell with the aces and twos at the bottom of the columns; any card fills an empty column."),
    rules_text=RULES_TEXT,
    aliases=("challenge-free-cell",),
    family=N_("FreeCell"),
)


def _ace_or_two(card: Card) -> tuple[int, ...] | None:
    # PySolFC's key, its ranks counted from 0: the twos before the aces, each rank in suit order.
    return (1 - card.rank, PYSOLFC_SUIT[card.suit]) if card.rank <= 2 else None


def challenge_cards(deal: int) -> tuple[Card, ...]:
    """PySolFC's deal ``deal`` in dealing order after its hook: the twos, then the aces, then the rest."""
    return tuple(reversed(move_to_top(pysolfc_talon(deal), _ace_or_two)))


def deal_challenge_freecell(deal: int, cells: int) -> Position:
    """Deal ``deal`` of Challenge FreeCell (and Super Challenge FreeCell): card ``i`` to column ``i % 8``."""
    return Position(deal_round_robin(challenge_cards(deal), 8), (None,) * cells)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Challenge FreeCell."""
    register(CHALLENGE_FREECELL)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Deal Challenge FreeCell."""
    return deal_challenge_freecell(deal, cells)
