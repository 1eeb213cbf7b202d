"""Cards in the player's language: rank letters for display, and cards typed in words or letters.

The notation (``7H``, ``TD``, ``QC``) is language-neutral and always read.
On screen a card is its suit symbol and the language's rank letter: ``♣J``
in English, ``♣B`` in German (*Bube*), ``♣B`` in Hungarian (*bubi*),
``♥D`` for the German *Dame*. A player may also type a card in the
language in use: its words in either order (``Herz 7``, ``7 Herz``,
``kőr dáma``, ``dáma kőr``; accents may be left out: ``kor dama``) or its
rank letter with a suit symbol (``D♥``, ``♥D``). Language letters are
never read with the neutral suit letters, so that German ``D`` (*Dame*) is
never mistaken for neutral ``D`` (diamonds): ``DH`` is no card, ``QD`` is
the queen of diamonds in every language.
"""

from __future__ import annotations

import unicodedata

from patience.cards import Card, Suit
from patience.errors import InvalidCardError, clipped
from patience.i18n import Domain, current_language

__all__ = ["display", "parse_card", "rank_letter", "rank_word", "suit_word"]

_ = Domain("patience")


def _suit_words() -> tuple[str, ...]:
    """The suits' names in the language in use, in :class:`Suit` order (spades, hearts, diamonds, clubs)."""
    return (
        _.pgettext("suit", "spades"),
        _.pgettext("suit", "hearts"),
        _.pgettext("suit", "diamonds"),
        _.pgettext("suit", "clubs"),
    )


def _rank_words() -> tuple[str, ...]:
    """The ranks' names in the language in use, index = rank (index 0 unused)."""
    return (
        "",
        _.pgettext("rank", "ace"),
        _.pgettext("rank", "two"),
        _.pgettext("rank", "three"),
        _.pgettext("rank", "four"),
        _.pgettext("rank", "five"),
        _.pgettext("rank", "six"),
        _.pgettext("rank", "seven"),
        _.pgettext("rank", "eight"),
        _.pgettext("rank", "nine"),
        _.pgettext("rank", "ten"),
        _.pgettext("rank", "jack"),
        _.pgettext("rank", "queen"),
        _.pgettext("rank", "king"),
    )


def _rank_letters() -> tuple[str, ...]:
    """The rank letters shown on cards in the language in use, index = rank (numbers for 2-10)."""
    return (
        "",
        # Translators: the letter shown on an ace (English A, German A for Ass, Hungarian A for ász).
        _.pgettext("rank letter", "A"),
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        # Translators: the letter shown on a jack (German B for Bube, Hungarian B for bubi).
        _.pgettext("rank letter", "J"),
        # Translators: the letter shown on a queen (German D for Dame, Hungarian D for dáma).
        _.pgettext("rank letter", "Q"),
        # Translators: the letter shown on a king (German K for König, Hungarian K for király).
        _.pgettext("rank letter", "K"),
    )


def suit_word(suit: Suit) -> str:
    """The suit's name in the language in use: ``hearts``, ``Herz``, ``kőr``."""
    return _suit_words()[suit.value]


def rank_word(rank: int) -> str:
    """The rank's name in the language in use: ``queen``, ``Dame``, ``dáma``."""
    return _rank_words()[rank]


def rank_letter(rank: int) -> str:
    """The rank as shown on a card in the language in use: ``Q``, German ``D``, ``10``."""
    return _rank_letters()[rank]


def display(card: Card) -> str:
    """The card for people in the language in use: suit symbol, then rank letter (``♥D`` in German)."""
    return f"{card.suit.symbol}{rank_letter(card.rank)}"


def _folded(text: str) -> str:
    """``text`` in lower case without accents, so that ``kőr`` may be typed ``kor``."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def parse_card(text: str) -> Card:
    """A card typed in notation (``7H``, ``10H``, ``♥7``) or in the language in use (``Herz 7``, ``D♥``).

    Raises :class:`InvalidCardError` naming what was typed when it is
    neither.
    """
    try:
        return Card.parse(text)
    except InvalidCardError as error:
        neutral = error
    if current_language() == "en":
        raise neutral
    found = _parse_in_language(text.strip())
    if found is None:
        raise InvalidCardError(
            f"{clipped(text.strip())} is not a card: write it like 7H, 10H or ♥7,"
            f" or in words like {suit_word(Suit.HEARTS)} {rank_word(12)}"
        )
    return found


def _parse_in_language(text: str) -> Card | None:
    suits = {_folded(word): Suit(i) for i, word in enumerate(_suit_words())}
    symbols = {suit.symbol: suit for suit in Suit}
    ranks = {_folded(word): rank for rank, word in enumerate(_rank_words()) if rank}
    letters = {_folded(letter): rank for rank, letter in enumerate(_rank_letters()) if rank}
    for number in range(2, 11):
        ranks[str(number)] = number
    words = text.split()
    if len(words) == 2:
        first, second = (_folded(word) for word in words)
        for suit_text, rank_text in ((first, second), (second, first)):
            if suit_text in suits and rank_text in ranks:
                return Card(ranks[rank_text], suits[suit_text])
        return None
    if len(words) == 1 and len(text) >= 2:
        # A suit symbol with the language's rank letter, on either side: D♥ or ♥D.
        for symbol_first in (True, False):
            symbol, rest = (text[0], text[1:]) if symbol_first else (text[-1], text[:-1])
            rank = letters.get(_folded(rest)) or ranks.get(_folded(rest))
            if symbol in symbols and rank is not None:
                return Card(rank, symbols[symbol])
    return None
