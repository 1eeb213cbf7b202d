"""Three decks: 156 cards on 12 foundations, dealt, judged, written and read back like one or two."""

from __future__ import annotations

from collections import Counter

import pytest

from patience import Build, Card, EmptyColumns, Move, Place, Position, Rules, Suit
from patience.errors import InvalidBoardError
from patience.formats.board import format_board, parse_board
from patience.legality import autoplay_moves, check_move
from patience.rules import AutoPlay
from patience.shuffle import deal_round_robin, ms_deal

RULES = Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, decks=3)


def dealt(deal: int = 1) -> Position:
    return Position(deal_round_robin(ms_deal(deal, decks=3), 13), (None,) * 10, (0,) * 12)


def test_rules_take_three_decks_and_refuse_four() -> None:
    assert RULES.decks == 3
    with pytest.raises(ValueError, match="decks must be 1, 2 or 3, not 4"):
        Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, decks=4)


def test_a_three_deck_deal_holds_each_card_three_times() -> None:
    cards = ms_deal(5, decks=3)
    assert len(cards) == 156
    assert set(Counter(cards).values()) == {3}
    assert ms_deal(5, decks=3) == cards and ms_deal(6, decks=3) != cards


def test_a_three_deck_position_is_valid_with_twelve_foundations() -> None:
    position = dealt()
    position.validate()
    assert position.decks == 3


def test_a_card_four_times_in_three_decks_is_named() -> None:
    position = dealt()
    columns = list(position.columns)
    columns[0] = (*columns[0][:-1], columns[1][-1])
    with pytest.raises(InvalidBoardError, match="appears more than three times"):
        Position(tuple(columns), position.cells, position.foundations).validate()


def test_a_card_goes_onto_the_first_foundation_of_its_suit_it_is_next_for() -> None:
    ace = Card(1, Suit.HEARTS)
    spades_ace = Card(1, Suit.SPADES)
    position = Position(((ace,), (spades_ace,)), (None,), (1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0))
    # Hearts holds one card on its first and second foundations, none on its third: an ace goes to the third.
    assert position.home_index(ace) == 9
    assert position.home_index(spades_ace) == 4
    assert check_move(RULES, position, Move(Place.column(0), Place.foundation())).legal


def test_the_automatic_play_sends_aces_home_onto_twelve_foundations() -> None:
    aces = tuple((Card(1, suit),) for suit in Suit for _ in range(3))
    position = Position(aces, (None,), (0,) * 12)
    moves = autoplay_moves(AutoPlay.SAFE_ALTERNATE, position)
    assert len(moves) == 12
    for move in moves:
        position = position.apply(move)
    assert position.foundations == (1,) * 12


def test_a_three_deck_board_reads_back_as_written() -> None:
    position = dealt(7)
    text = format_board(position)
    assert text.splitlines()[0].count("-") == 12
    assert parse_board(text, cells=10) == position
    assert parse_board(text.split("\n", 1)[1], cells=10) == position  # 156 cards say three decks


def test_a_suit_listed_a_fourth_time_is_refused_with_its_line() -> None:
    text = "Foundations: H-0 H-0 H-0 H-0\n"
    with pytest.raises(InvalidBoardError, match="line 1: 'H' is listed a fourth time"):
        parse_board(text)
