"""Cards and suits: small immutable values whose parser and formatter mirror each other."""

from __future__ import annotations

import enum
from typing import Final

import attr

from patience.errors import InvalidCardError, clipped
from patience.texts import _

__all__ = ["RANK_NAMES", "Card", "Colour", "Suit", "full_deck"]


class Colour(enum.Enum):
    """The colour of a suit, which alternating-colour building looks at."""

    RED = "red"
    BLACK = "black"


class Suit(enum.Enum):
    """A suit, in the order the foundations are shown: spades, hearts, diamonds, clubs."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The one-letter name used in notation: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self.value]

    @property
    def symbol(self) -> str:
        """The suit symbol for display: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self.value]

    @property
    def colour(self) -> Colour:
        """Red for hearts and diamonds, black for spades and clubs."""
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def title(self) -> str:
        """The suit's English name in lower case, for messages."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (any case) or its symbol."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol):
                return suit
        raise InvalidCardError(_("{text} is not a suit: use S, H, D, C or ♠ ♥ ♦ ♣").format(text=clipped(text)))


#: Rank names in notation, index = rank; ``T`` is ten (``10`` is read too).
RANK_NAMES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
_DISPLAY_RANKS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Microsoft's deck numbers suits clubs, diamonds, hearts, spades.
_MS_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


# attr.s rather than attrs.frozen: compiled, a native class (see patience.position.Position).
@attr.s(auto_attribs=True, frozen=True, init=False, order=False, hash=False, repr=False)
class Card:
    """One card: ``rank`` from 1 (ace) to 13 (king) and a ``suit``.

    ``Card.parse("TD") == Card(10, Suit.DIAMONDS)`` and ``str()`` gives ``TD``
    back; ``repr()`` pastes back into Python.
    """

    rank: int
    suit: Suit
    index: int = attr.ib(init=False, eq=False, repr=False)
    """A dense number 0-51 (suit-major in :class:`Suit` order), for tables and sets: ``suit * 13 + rank - 1``."""

    def __init__(self, rank: int, suit: Suit) -> None:
        if not 1 <= rank <= 13:
            raise InvalidCardError(_("rank {rank} is not a card rank: use 1 (ace) to 13 (king)").format(rank=rank))
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        # Stored rather than computed: the rules and the solver read it in their inner loops.
        object.__setattr__(self, "index", suit.value * 13 + rank - 1)

    def __reduce__(self) -> tuple[type[Card], tuple[object, ...]]:
        # pickle and copy make it through __init__, as a compiled class must be made.
        return type(self), (self.rank, self.suit)

    def __hash__(self) -> int:
        # The index stands for rank and suit (what equality compares), and hashing it skips the
        # suit's enum hash, a Python call: the scoring's set of cards home and positions hash cards.
        return self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``AS``, ``TD``, ``10D``, ``qc`` or ``♥7``-style text (rank then suit, or suit then rank)."""
        raw = text.strip()
        key = raw.upper()
        if len(key) >= 2 and key[0] in "♠♥♦♣":
            key = key[1:] + key[0]
        if len(key) < 2:
            raise InvalidCardError(
                _("{text} is not a card: write rank then suit, like AS, TD, 10D or 7H").format(text=clipped(raw))
            )
        rank_text, suit_text = key[:-1], key[-1]
        if rank_text == "10":
            rank_text = "T"
        if rank_text == "1":
            rank_text = "A"
        if rank_text not in RANK_NAMES[1:]:
            raise InvalidCardError(
                _("{text} is not a card: rank {rank} is not one of A 2-9 T (or 10) J Q K").format(
                    text=clipped(raw), rank=clipped(rank_text)
                )
            )
        try:
            suit = Suit.parse(suit_text)
        except InvalidCardError:
            raise InvalidCardError(
                _("{text} is not a card: suit {suit} is not one of S H D C").format(
                    text=clipped(raw), suit=repr(suit_text)
                )
            ) from None
        return cls(RANK_NAMES.index(rank_text), suit)

    @classmethod
    def from_ms_index(cls, index: int) -> Card:
        """The card numbered ``index`` (0-51) in Microsoft's deck order (AC AD AH AS 2C ...)."""
        return cls(index // 4 + 1, _MS_SUITS[index % 4])

    @property
    def ms_index(self) -> int:
        """This card's number in Microsoft's deck order."""
        return (self.rank - 1) * 4 + _MS_SUITS.index(self.suit)

    @property
    def colour(self) -> Colour:
        """The colour of the card's suit."""
        return self.suit.colour

    @property
    def display(self) -> str:
        """The card for people: ``♥10``, ``♠A``."""
        return f"{self.suit.symbol}{_DISPLAY_RANKS[self.rank]}"

    def __str__(self) -> str:
        return f"{RANK_NAMES[self.rank]}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def full_deck() -> tuple[Card, ...]:
    """All 52 cards, suit by suit in :class:`Suit` order, ace to king (one tuple, made once: cards are values)."""
    return _FULL_DECK


_FULL_DECK: Final = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
