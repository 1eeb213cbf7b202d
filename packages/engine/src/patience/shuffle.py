"""The shuffles: Microsoft FreeCell's (with FreeCell Pro's extension to deal 8,589,934,591) and PySolFC's."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Final

from mypy_extensions import i64

from patience.cards import Card, Suit, full_deck
from patience.errors import InvalidDealError, clipped
from patience.i18n import format_number
from patience.texts import _

__all__ = [
    "MAX_DEAL",
    "check_deal_number",
    "deal_round_robin",
    "move_to_bottom",
    "move_to_top",
    "ms_deal",
    "pysolfc_deal",
    "pysolfc_talon",
    "read_deal_number",
]

#: The highest deal number (FreeCell Pro's extension of Microsoft's 1-32,000 and 1-1,000,000).
MAX_DEAL = 8_589_934_591


def check_deal_number(deal: int) -> int:
    """Return ``deal`` if it is a deal number (1 to 8,589,934,591), else raise :class:`InvalidDealError`."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
        raise InvalidDealError(
            _("deal number {deal} is out of range: deals are numbered 1 to {max}").format(
                deal=repr(deal), max=format_number(MAX_DEAL)
            )
        )
    return deal


#: A deal number as people write it: ASCII digits only (``١٢٣`` is not 123), ``#`` before, ``_`` or ``,`` between.
_DEAL_TEXT = re.compile(r"#?[+-]?[0-9][0-9_,]*")


def read_deal_number(text: str) -> int:
    """The deal number ``text`` names (``160``, ``#160``, ``1_000``, ``1,000``); :class:`InvalidDealError` if none.

    Only ASCII digits count, and a number too long to be a deal is refused
    by its length before it is converted, so 5,000 digits get the same
    one-line refusal as 0.
    """
    raw = text.strip()
    if not _DEAL_TEXT.fullmatch(raw):
        raise InvalidDealError(
            _("{text} is not a deal number: deals are numbered 1 to {max}").format(
                text=clipped(raw), max=format_number(MAX_DEAL)
            )
        )
    digits = raw.removeprefix("#").replace(",", "").replace("_", "")
    if len(digits.lstrip("+-").lstrip("0")) > len(str(MAX_DEAL)):
        raise InvalidDealError(
            _("deal number {deal} is out of range: deals are numbered 1 to {max}").format(
                deal=clipped(raw), max=format_number(MAX_DEAL)
            )
        )
    return check_deal_number(int(digits))


#: The cards by their number in Microsoft's deck order (cards are values: every deal hands out these).
_MS_CARDS: Final = tuple(Card.from_ms_index(index) for index in range(52))


def ms_deal(deal: int, decks: int = 1) -> tuple[Card, ...]:
    """The 52 cards of Microsoft deal ``deal`` in dealing order (104 with ``decks=2``, 156 with ``decks=3``).

    Card ``i`` goes to column ``i % 8`` in FreeCell, so ``ms_deal(1)[:8]`` is
    the first row of game #1: ``JD 2D 9H JC 5D 7H 7C 5H``. Two decks are
    shuffled the same way as one long deck: the two decks in Microsoft's
    order (AC AD AH AS 2C ... KS, then again), numbered 0-103, and the same
    random numbers taken modulo 104, 103, ... instead of 52, 51, ...; three
    decks likewise, numbered 0-155.
    """
    check_deal_number(deal)
    if decks not in (1, 2, 3):
        raise InvalidDealError(_("a deal is shuffled from 1, 2 or 3 decks, not {decks}").format(decks=decks))
    # Deals from 2^31 on use FreeCell Pro's variant of the generator: a 33-bit
    # state, and the high bit of each draw forced (below 2^32) or a 16-bit draw.
    # The draw is written out in the loop: a nested function sharing the state costs more than the shuffle.
    # Native 64-bit ints in the compiled build: the state stays below 2^34, its product below 2^52.
    state: i64 = deal if deal < 0x1_0000_0000 else deal - 0x1_0000_0000
    mask: i64 = (1 << 34) - 1
    pro = deal >= 0x1_0000_0000
    high: i64 = 0x8000 if deal >= 0x8000_0000 else 0  # below 2^32
    size: i64 = 52 * decks
    cards = list(range(size - 1, -1, -1))
    for i in range(size):
        state = (state * 214013 + 2531011) & mask
        if pro:
            value = ((state >> 16) & 0xFFFF) + 1
        else:
            value = (state >> 16) & 0x7FFF | high
        j = size - 1 - value % (size - i)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple([_MS_CARDS[index % 52] for index in cards])


def deal_round_robin(cards: tuple[Card, ...], columns: int) -> tuple[tuple[Card, ...], ...]:
    """Deal ``cards`` one at a time across ``columns`` columns, card ``i`` to column ``i % columns``."""
    return tuple(cards[start::columns] for start in range(columns))


#: PySolFC's suits by their number there: clubs, spades, hearts, diamonds.
_PYSOLFC_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)

#: One deck in PySolFC's order: by suit as PySolFC numbers them, ace to king.
_PYSOLFC_DECK: Final = tuple(
    full_deck()[suit.value * 13 + rank - 1] for suit in _PYSOLFC_SUITS for rank in range(1, 14)
)
#: One deck in Microsoft's order (by rank; clubs, diamonds, hearts, spades), which PySolFC's Microsoft shuffle takes.
_PYSOLFC_MS_DECK: Final = tuple(_PYSOLFC_DECK[rank + suit] for rank in range(13) for suit in (0, 39, 26, 13))

#: The highest game number PySolFC shuffles with Microsoft's generator; above it, Python's Mersenne Twister.
PYSOLFC_MS_DEALS = 32_000


def pysolfc_talon(deal: int, decks: int = 1) -> list[Card]:
    """PySolFC's game number ``deal`` shuffled, as its talon holds the cards: the last one is dealt first.

    PySolFC numbers each deck clubs, spades, hearts, diamonds, ace to king.
    Game numbers up to 32,000 are shuffled with Microsoft's generator
    (a single deck first put in Microsoft's order, so that FreeCell's deals
    are Microsoft's); higher ones with Python's :class:`random.Random`
    seeded with the number. Either way the shuffle swaps each place ``n``,
    from the last down, with a place ``0 <= j <= n``. A game that moves
    cards before dealing (PySolFC's ``_shuffleHook``) does it on this list
    with :func:`move_to_top` or :func:`move_to_bottom`.
    """
    check_deal_number(deal)
    if decks not in (1, 2, 3):
        raise InvalidDealError(_("a deal is shuffled from 1, 2 or 3 decks, not {decks}").format(decks=decks))
    if deal <= PYSOLFC_MS_DEALS:
        cards = list(_PYSOLFC_MS_DECK if decks == 1 else _PYSOLFC_DECK * decks)
        state = deal
        for n in range(len(cards) - 1, 0, -1):
            state = (state * 214013 + 2531011) & ((1 << 33) - 1)
            j = ((state >> 16) & 0x7FFF) % (n + 1)
            cards[n], cards[j] = cards[j], cards[n]
    else:
        cards = list(_PYSOLFC_DECK * decks)
        twister = random.Random(deal)  # a deal, not a secret: PySolFC's own generator
        for n in range(len(cards) - 1, 0, -1):
            j = int(twister.random() * (n + 1))
            cards[n], cards[j] = cards[j], cards[n]
    return cards


def pysolfc_deal(deal: int, decks: int = 1) -> tuple[Card, ...]:
    """PySolFC's game number ``deal`` in dealing order: :func:`pysolfc_talon` from its top down."""
    return tuple(reversed(pysolfc_talon(deal, decks)))


def _sorted_out(
    talon: Sequence[Card], select: Callable[[Card], tuple[int, ...] | None], most: int
) -> tuple[list[Card], list[Card]]:
    # PySolFC's _shuffleHookMoveSorter: the chosen cards (at most ``most``) in descending order of key,
    # ties broken by their place in the talon, and the rest in their order.
    chosen: list[tuple[tuple[int, ...], int, Card]] = []
    rest: list[Card] = []
    place = len(talon)
    for at, card in enumerate(talon):
        key = select(card)
        if key is not None:
            chosen.append((key, place, card))
            if len(chosen) >= most:
                rest += talon[at + 1 :]
                break
        else:
            rest.append(card)
        place -= 1
    chosen.sort(key=lambda item: (item[0], item[1]))
    return rest, [card for _key, _place, card in reversed(chosen)]


def move_to_top(
    talon: Sequence[Card], select: Callable[[Card], tuple[int, ...] | None], most: int = 999_999
) -> list[Card]:
    """``talon`` with the cards ``select`` gives a key for moved to its top (dealt first), as PySolFC does.

    Of the chosen cards (at most ``most``, the first ones from the bottom),
    the one with the lowest key ends on top, so it is dealt first.
    """
    rest, chosen = _sorted_out(talon, select, most)
    return rest + chosen


def move_to_bottom(
    talon: Sequence[Card], select: Callable[[Card], tuple[int, ...] | None], most: int = 999_999
) -> list[Card]:
    """``talon`` with the chosen cards moved to its bottom (dealt last), as PySolFC does."""
    rest, chosen = _sorted_out(talon, select, most)
    return chosen + rest
