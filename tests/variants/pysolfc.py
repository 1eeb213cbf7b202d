"""PySolFC's deals as ``pysol_cards`` (by Freecell Solver's author) makes them: the oracle of the games' deals.

``layout(game, n)`` reads the text ``pysol_cards`` prints for a game it knows;
``talon(n, decks)`` is its shuffle alone, for the games it does not lay out,
whose dealing a test then writes from PySolFC's own ``startGame``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pysol_cards.cards import CardRenderer, createCards
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random import shuffle
from pysol_cards.random_base import RandomBase

from patience import Card, Suit

#: PySolFC's suit numbers: clubs, spades, hearts, diamonds.
SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)

#: Deal numbers below and above 32,000, where PySolFC changes from Microsoft's generator to the Mersenne Twister.
DEALS = (
    1,
    2,
    3,
    164,
    617,
    1941,
    11982,
    24000,
    31999,
    32000,
    32001,
    32002,
    45000,
    99999,
    100000,
    123456,
    1_000_000,
    987_654_321,
    4_294_967_296,
    8_589_934_591,
)


@dataclass(frozen=True)
class Layout:
    """A deal as ``pysol_cards`` lays it out."""

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    """Its ``Freecells:`` line, ``None`` for ``-``; empty when it prints none."""
    foundations: dict[Suit, list[int]]
    """The top rank of each foundation it prints (two for a suit with two decks)."""


def _card(text: str) -> Card:
    return Card.parse(text)


def layout(game: str, deal: int) -> Layout:
    """Deal ``deal`` of ``game`` (a ``pysol_cards`` game name such as ``citadel``) as ``pysol_cards`` prints it."""
    text = PysolGame(game, deal, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    columns: list[tuple[Card, ...]] = []
    cells: tuple[Card | None, ...] = ()
    foundations: dict[Suit, list[int]] = {}
    for line in text.splitlines():
        if line.startswith("Foundations:"):
            for item in line.split()[1:]:
                suit, rank = item.split("-")
                card = _card(rank + suit)
                foundations.setdefault(card.suit, []).append(card.rank)
        elif line.startswith("Freecells:"):
            cells = tuple(None if item == "-" else _card(item) for item in line.split()[1:])
        else:
            columns.append(tuple(_card(item) for item in line.split()))
    return Layout(tuple(columns), cells, foundations)


def talon(deal: int, decks: int = 1) -> list[Card]:
    """PySolFC's talon for game number ``deal`` after its shuffle, before any game's hook.

    The last card is dealt first.
    """
    cards = shuffle(createCards(decks), deal, RandomBase.DEALS_PYSOLFC)
    return [Card(card.rank, SUITS[card.suit]) for card in cards]
