"""The Microsoft FreeCell shuffle, with FreeCell Pro's extension to deal 8,589,934,591."""

from __future__ import annotations

import re

from patience.cards import Card
from patience.errors import InvalidDealError, clipped
from patience.i18n import format_number
from patience.texts import _

__all__ = ["MAX_DEAL", "check_deal_number", "deal_round_robin", "ms_deal", "read_deal_number"]

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
    # Deals from 2^31 on use FreeCell Pro's variant of the generator: a 33-bit
    # state, and the high bit of each draw forced (below 2^32) or a 16-bit draw.
    state = deal if deal < 0x1_0000_0000 else deal - 0x1_0000_0000
    mask = (1 << 34) - 1

    def draw() -> int:
        nonlocal state
        state = (state * 214013 + 2531011) & mask
        if deal < 0x1_0000_0000:
            value = (state >> 16) & 0x7FFF
            return value if deal < 0x8000_0000 else value | 0x8000
        return ((state >> 16) & 0xFFFF) + 1

    if decks not in (1, 2, 3):
        raise InvalidDealError(_("a deal is shuffled from 1, 2 or 3 decks, not {decks}").format(decks=decks))
    size = 52 * decks
    cards = list(range(size - 1, -1, -1))
    for i in range(size):
        j = size - 1 - draw() % (size - i)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(Card.from_ms_index(index % 52) for index in cards)


def deal_round_robin(cards: tuple[Card, ...], columns: int) -> tuple[tuple[Card, ...], ...]:
    """Deal ``cards`` one at a time across ``columns`` columns, card ``i`` to column ``i % columns``."""
    return tuple(cards[start::columns] for start in range(columns))
