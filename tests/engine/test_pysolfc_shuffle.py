"""PySolFC's shuffle of its game numbers, compared card for card with ``pysol_cards``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pysol_cards.cards import createCards
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from patience import Card, InvalidDealError
from patience.shuffle import move_to_bottom, move_to_top, ms_deal, pysolfc_deal, pysolfc_talon

sys.path.insert(0, str(Path(__file__).parents[1] / "variants"))
from pysolfc import DEALS, SUITS, layout, talon


@pytest.mark.parametrize("decks", [1, 2, 3])
@pytest.mark.parametrize("deal", DEALS)
def test_the_talon_is_pysol_cards_shuffle(deal: int, decks: int) -> None:
    assert pysolfc_talon(deal, decks) == talon(deal, decks)


@pytest.mark.parametrize("deal", [1, 617, 31999, 32000])
def test_up_to_32000_a_single_deck_is_dealt_as_microsoft_deals(deal: int) -> None:
    assert pysolfc_deal(deal) == ms_deal(deal)


@pytest.mark.parametrize("deal", [32001, 100000, 8_589_934_591])
def test_above_32000_the_twister_deals_another_game(deal: int) -> None:
    assert pysolfc_deal(deal) != ms_deal(deal)
    assert sorted(card.index for card in pysolfc_deal(deal)) == list(range(52))


@pytest.mark.parametrize("deal", DEALS)
def test_dealing_order_is_the_talon_from_its_top(deal: int) -> None:
    dealt = pysolfc_deal(deal)
    columns = layout("freecell", deal).columns
    assert tuple(dealt[i::8] for i in range(8)) == columns


def _pysol_key(card: object) -> Card:
    rank, suit = card.rank, card.suit  # type: ignore[attr-defined]
    return Card(rank, SUITS[suit])


@pytest.mark.parametrize("deal", [5, 40000])
@pytest.mark.parametrize("most", [1, 2, 999_999])
def test_moving_cards_to_the_top_or_bottom_is_pysolfc_s_sorter(deal: int, most: int) -> None:
    # pysol_cards keeps PySolFC's _shuffleHookMoveSorter: the same selection and order.
    game = PysolGame("freecell", deal, RandomBase.DEALS_PYSOLFC)
    game.deal()
    theirs = list(reversed(game.cards))

    def pick(card: object) -> tuple[bool, object]:
        rank, suit = card.rank, card.suit  # type: ignore[attr-defined]
        return rank <= 2, (-rank, suit)

    ours_talon = [_pysol_key(card) for card in theirs]

    def select(card: Card) -> tuple[int, ...] | None:
        return (-card.rank, SUITS.index(card.suit)) if card.rank <= 2 else None

    top = [_pysol_key(card) for card in game._shuffleHookMoveToTop(theirs, pick, most)]
    bottom = [_pysol_key(card) for card in game._shuffleHookMoveToBottom(theirs, pick, most)]
    assert move_to_top(ours_talon, select, most) == top
    assert move_to_bottom(ours_talon, select, most) == bottom
    if most > 8:
        # Of all eight, the lowest key (-2: a two) ends on top, so it is dealt first.
        assert move_to_top(ours_talon, select, most)[-1].rank == 2


def test_three_decks_hold_each_card_three_times() -> None:
    cards = pysolfc_talon(40000, 3)
    assert len(cards) == 156
    assert all(cards.count(card) == 3 for card in set(cards))
    assert createCards(3)[-1].id == 155


@pytest.mark.parametrize(("deal", "decks"), [(0, 1), (8_589_934_592, 1), (1, 4)])
def test_a_deal_out_of_range_is_refused(deal: int, decks: int) -> None:
    with pytest.raises(InvalidDealError):
        pysolfc_talon(deal, decks)
