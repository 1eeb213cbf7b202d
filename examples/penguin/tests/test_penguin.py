"""Penguin, from outside: the deal, the base rank, building around the corner, empty columns, winning."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from patience_penguin import PENGUIN, deal_penguin

import patience
from patience import Card, Game, IllegalMoveError, Move, Position, full_deck, ms_deal, parse_board
from patience_solver import Outcome, solve


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def table(columns: list[str], *, base: int, home: dict[str, int], cells: tuple[str, ...] = ()) -> Position:
    """A Penguin position: ``columns`` as written, the cards nobody named in column 7, highest first home last.

    ``home`` gives how many cards lie on each suit's foundation, from the base.
    """
    found = [0, 0, 0, 0]
    for letter, count in home.items():
        found[patience.Suit.parse(letter).value] = count
    placed = [card for text in columns for card in cards(text)] + [Card.parse(c) for c in cells]
    start = Position((), (), tuple(found), base)
    at_home = {card for index in range(4) for card in start.foundation_cards(index)}
    spare = [card for card in full_deck() if card not in placed and card not in at_home]
    # Nearest the base at the bottom, so that no spare card on top is next for its foundation.
    spare.sort(key=start.height)
    written = [cards(text) for text in columns]
    written += [()] * (6 - len(written))
    held = [Card.parse(c) for c in cells]
    position = Position((*written, tuple(spare)), (*held, *([None] * (7 - len(held)))), tuple(found), base)
    position.validate()
    return position


def play(position: Position, move: str) -> Game:
    game = Game.from_position("penguin", position, autoplay_first=False)
    game.play(move)
    return game


def refusal(position: Position, move: str) -> str:
    game = Game.from_position("penguin", position, autoplay_first=False)
    with pytest.raises(IllegalMoveError) as error:
        game.play(move)
    return str(error.value)


# -- the deal -------------------------------------------------------------------------------------


def test_the_deal_is_49_cards_in_7_columns_of_7_and_3_cards_home() -> None:
    position = deal_penguin(1)
    assert [len(column) for column in position.columns] == [7] * 7
    assert position.cells == (None,) * 7
    assert position.cards_home == 3
    assert Counter(position.cards()) == Counter(full_deck())


def test_the_deal_follows_the_microsoft_shuffle_with_the_beak_first() -> None:
    shuffle = ms_deal(1)
    beak = shuffle[0]
    rest = [card for card in shuffle[1:] if card.rank != beak.rank]
    position = deal_penguin(1)
    dealt = [position.columns[i % 7][i // 7] for i in range(49)]
    assert dealt == [beak, *rest]
    assert position.columns[0][0] == beak  # at the bottom of column 1


def test_the_first_card_dealt_sets_the_base_rank_and_its_brothers_start_home() -> None:
    for deal in (1, 2, 3, 617, 1_000_000):
        position = deal_penguin(deal)
        beak = ms_deal(deal)[0]
        assert position.base == beak.rank
        tops = {position.foundation_top(i) for i in range(4)} - {None}
        assert tops == {Card(beak.rank, suit) for suit in patience.Suit if suit is not beak.suit}
        assert position.foundations[beak.suit.value] == 0


def test_the_deal_is_reproducible_and_differs_between_deals() -> None:
    assert Game.new("penguin", 7).position == Game.new("penguin", 7).position
    assert deal_penguin(7) != deal_penguin(8)


def test_the_base_rank_is_the_beak_s_in_the_game_and_the_board_format() -> None:
    game = Game.new("penguin", 1)
    assert game.position.base == ms_deal(1)[0].rank == 11
    text = str(game.position)
    assert text.startswith("Base: J\n")
    assert parse_board(text) == game.position


# -- building around the corner -------------------------------------------------------------------


def test_a_king_goes_on_an_ace_of_its_suit_building_around_the_corner() -> None:
    position = table(["2S AS", "KS", "KH"], base=5, home={"H": 1, "D": 1, "C": 1})
    game = play(position, "21")
    assert game.position.columns[0] == cards("2S AS KS")
    assert refusal(position, "31") == "♥K cannot go on ♠A: Penguin builds by suit"


def test_an_ace_goes_on_a_two_of_its_suit() -> None:
    position = table(["2S", "AS"], base=5, home={"H": 1, "D": 1, "C": 1})
    assert play(position, "21").position.columns[0] == cards("2S AS")


def test_a_card_of_the_wrong_rank_is_refused_for_its_rank() -> None:
    position = table(["9S", "7S"], base=5, home={"H": 1, "D": 1, "C": 1})
    assert refusal(position, "21") == ("♠7 cannot go on ♠9: wrong rank, only ♠8 goes on it in Penguin")


def test_a_run_around_the_corner_moves_as_one() -> None:
    position = table(["3S 2S AS KS", "4S"], base=5, home={"H": 1, "D": 1, "C": 1})
    game = play(position, "12v4")
    assert game.position.columns[1] == cards("4S 3S 2S AS KS")


def test_foundations_build_up_from_the_base_and_wrap_from_king_to_ace() -> None:
    # Spades: 5 to K home (9 cards); the ace is next, then 2, 3 and 4.
    position = table(["AS", "2S"], base=5, home={"S": 9, "H": 1, "D": 1, "C": 1})
    assert position.foundation_top(0) == Card.parse("KS")
    game = play(position, "1h")
    # The ace went home on the king, and the 2 followed it by itself.
    assert game.position.foundation_top(0) == Card.parse("2S")
    assert game.position.foundations[0] == 11


def test_a_card_out_of_turn_is_refused_with_the_card_its_foundation_needs() -> None:
    position = table(["3S"], base=5, home={"S": 9, "H": 1, "D": 1, "C": 1})
    assert refusal(position, "1h") == "♠3 cannot go home yet: its foundation needs the ♠A next"
    empty = table(["6S"], base=5, home={"H": 1, "D": 1, "C": 1})
    assert refusal(empty, "1h") == "♠6 cannot go home yet: its foundation needs the ♠5 (the base) next"


# -- empty columns ---------------------------------------------------------------------------------


def test_only_a_card_one_below_the_base_goes_into_an_empty_column() -> None:
    position = table(["", "9H 4S", "KS"], base=5, home={"H": 1, "D": 1, "C": 1})
    assert play(position, "21").position.columns[0] == cards("4S")
    assert refusal(position, "31") == (
        "♠K cannot go to an empty column: only a 4, alone or with its run, may in Penguin"
    )


def test_a_run_from_a_card_one_below_the_base_goes_into_an_empty_column() -> None:
    position = table(["", "9H 4S 3S 2S"], base=5, home={"H": 1, "D": 1, "C": 1})
    game = Game.from_position("penguin", position, autoplay_first=False)
    assert game.parse_move("21") == Move.parse("21v3")
    game.play("21")
    assert game.position.columns[0] == cards("4S 3S 2S")


def test_with_an_ace_base_the_card_below_is_a_king() -> None:
    position = table(["", "9H KS", "QS"], base=1, home={"H": 1, "D": 1, "C": 1})
    assert play(position, "21").position.columns[0] == cards("KS")
    assert "only a king" in refusal(position, "31")


# -- winning ---------------------------------------------------------------------------------------


def test_the_game_is_won_when_every_card_is_home() -> None:
    position = table(["4S"], base=5, home={"S": 12, "H": 13, "D": 13, "C": 13})
    game = play(position, "1h")
    assert game.position.foundations == (13, 13, 13, 13)
    assert game.is_won


def test_a_whole_game_is_won_through_the_api() -> None:
    game = Game.new("penguin", 2)
    moves = solve(game.variant, game.position, time_limit=60).moves
    assert moves
    for move in moves:
        assert move in game.legal_moves
        game.play(move)
    assert game.is_won
    assert game.cards_home == 52


@pytest.mark.parametrize("deal", [1, 3, 4, 5, 6, 617])
def test_solver_solutions_replay_through_game_play(deal: int) -> None:
    game = Game.new("penguin", deal)
    result = solve(game.variant, game.position, time_limit=60)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        game.play(move)
    assert game.is_won


def test_the_variant_declares_its_rules_as_data() -> None:
    assert PENGUIN.rules.base_rank is None
    assert PENGUIN.rules.wrap
    assert patience.get_variant("penguin").plugin == "penguin"


def test_it_passes_the_conformance_suite(
    patience_conformance: Callable[..., None], patience_solver_conformance: Callable[..., None]
) -> None:
    # patience.testing (a pytest plugin installed with the engine) gives this fixture.
    patience_conformance("penguin")
    patience_solver_conformance("penguin")
