"""Cards in the player's language: rank letters on screen, cards typed in words or letters."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from patience import Card
from patience.cardnames import display, parse_card, rank_word, suit_word
from patience.cards import Suit
from patience.errors import InvalidCardError
from patience.i18n import speaking


@pytest.fixture
def german() -> Iterator[None]:
    with speaking("de"):
        yield


@pytest.fixture
def hungarian() -> Iterator[None]:
    with speaking("hu"):
        yield


def test_german_cards_show_the_german_rank_letters(german: None) -> None:
    assert display(Card.parse("JC")) == "♣B"
    assert display(Card.parse("QH")) == "♥D"
    assert display(Card.parse("KS")) == "♠K"
    assert display(Card.parse("AD")) == "♦A"
    assert display(Card.parse("TH")) == "♥10"


def test_the_suits_and_ranks_have_the_seeds_names() -> None:
    with speaking("de"):
        assert [suit_word(s) for s in Suit] == ["Pik", "Herz", "Karo", "Kreuz"]
        assert [rank_word(r) for r in (1, 11, 12, 13)] == ["Ass", "Bube", "Dame", "König"]
    with speaking("hu"):
        assert [suit_word(s) for s in Suit] == ["pikk", "kőr", "káró", "treff"]
        assert [rank_word(r) for r in (1, 11, 12, 13)] == ["ász", "bubi", "dáma", "király"]
    with speaking("en"):
        assert [suit_word(s) for s in Suit] == ["spades", "hearts", "diamonds", "clubs"]
        assert display(Card.parse("JC")) == "♣J"


def test_hungarian_cards_show_the_hungarian_rank_letters(hungarian: None) -> None:
    assert display(Card.parse("JC")) == "♣B"
    assert display(Card.parse("QH")) == "♥D"


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("7H", "7H"),
        ("10H", "TH"),
        ("♥7", "7H"),
        ("QD", "QD"),
        ("Herz 7", "7H"),
        ("7 Herz", "7H"),
        ("herz dame", "QH"),
        ("Kreuz Bube", "JC"),
        ("König Pik", "KS"),
        ("Karo 10", "TD"),
        ("Kreuz Ass", "AC"),
        ("koenig pik", None),
        ("D♥", "QH"),
        ("♥D", "QH"),
        ("B♣", "JC"),
        ("♦10", "TD"),
        ("DH", None),
        ("BC", None),
        ("Herz", None),
        ("Herz 11", None),
    ],
)
def test_german_players_type_cards_in_notation_or_in_german(german: None, typed: str, card: str | None) -> None:
    if card is None:
        with pytest.raises(InvalidCardError, match="is not a card"):
            parse_card(typed)
    else:
        assert parse_card(typed) == Card.parse(card)


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("kőr dáma", "QH"),
        ("dáma kőr", "QH"),
        ("kor dama", "QH"),
        ("treff bubi", "JC"),
        ("pikk ász", "AS"),
        ("káró 7", "7D"),
        ("király treff", "KC"),
        ("D♥", "QH"),
        ("♣B", "JC"),
        ("7H", "7H"),
        ("DH", None),
    ],
)
def test_hungarian_players_type_cards_in_notation_or_in_hungarian(
    hungarian: None, typed: str, card: str | None
) -> None:
    if card is None:
        with pytest.raises(InvalidCardError, match="is not a card"):
            parse_card(typed)
    else:
        assert parse_card(typed) == Card.parse(card)


def test_english_reads_the_notation_only() -> None:
    with speaking("en"):
        assert parse_card("♥Q") == Card.parse("QH")
        with pytest.raises(InvalidCardError):
            parse_card("Herz 7")
