"""Double FreeCell, from outside: 104 cards, 8 foundations, equal cards told apart by their place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from patience_double_freecell import DOUBLE_FREECELL, deal_double_freecell

import patience
from patience import Card, Game, IllegalMoveError, Place, PlaceKind, Position, full_deck, ms_deal, parse_board
from patience_solver import Outcome, solve


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def table(columns: list[str], *, home: tuple[int, ...] = (0,) * 8, cells: tuple[str, ...] = ()) -> Position:
    """A two-deck position: ``columns`` as written, the cards nobody named in columns 9 and 10, highest on top.

    ``home`` counts the cards on each of the 8 foundations (spades, hearts, diamonds, clubs, then again).
    """
    start = Position((), (), home)
    named = Counter(card for text in columns for card in cards(text)) + Counter(Card.parse(c) for c in cells)
    named += Counter(card for index in range(8) for card in start.foundation_cards(index))
    spare = sorted((Counter(dict.fromkeys(full_deck(), 2)) - named).elements(), key=lambda card: card.rank)
    written = [cards(text) for text in columns] + [()] * (8 - len(columns))
    held = [Card.parse(c) for c in cells]
    position = Position((*written, tuple(spare[0::2]), tuple(spare[1::2])), (*held, *([None] * (6 - len(held)))), home)
    position.validate()
    return position


def game_at(position: Position) -> Game:
    return Game.from_position("double-freecell", position, autoplay_first=False)


# -- the deal -------------------------------------------------------------------------------------


def test_the_deal_is_104_cards_in_10_columns_each_card_twice() -> None:
    position = deal_double_freecell(1)
    assert [len(column) for column in position.columns] == [11] * 4 + [10] * 6
    assert position.cells == (None,) * 6
    assert position.foundations == (0,) * 8
    assert Counter(position.cards()) == Counter(dict.fromkeys(full_deck(), 2))


def test_the_deal_is_the_two_deck_microsoft_shuffle_dealt_round_robin() -> None:
    shuffle = ms_deal(1, decks=2)
    assert len(shuffle) == 104
    position = deal_double_freecell(1)
    assert [position.columns[i % 10][i // 10] for i in range(104)] == list(shuffle)
    assert Game.new("double-freecell", 1).position == Game.new("double-freecell", 1).position
    assert deal_double_freecell(1) != deal_double_freecell(2)


def test_one_deck_shuffles_stay_microsoft_s() -> None:
    assert " ".join(str(card) for card in ms_deal(1)[:8]) == "JD 2D 9H JC 5D 7H 7C 5H"
    assert ms_deal(1, decks=1) == ms_deal(1)


def test_a_two_deck_board_has_eight_foundations_and_round_trips() -> None:
    position = deal_double_freecell(3)
    text = str(position)
    assert text.splitlines()[0] == "Foundations: H-0 C-0 D-0 S-0 H-0 C-0 D-0 S-0"
    assert parse_board(text) == position


def test_a_board_of_the_wrong_size_is_refused_for_this_variant() -> None:
    one_deck = Game.new("freecell", 1).position
    with pytest.raises(patience.InvalidBoardError, match="two decks"):
        Game.from_position("double-freecell", one_deck)


# -- foundations and equal cards ------------------------------------------------------------------


def test_each_suit_has_two_foundations_and_a_card_goes_onto_the_first_it_is_next_for() -> None:
    # Spades: A-3 on the first foundation, A on the second; the other ♠2 goes onto the second.
    game = game_at(table(["9D 2S", "9D 4S"], home=(3, 0, 0, 0, 1, 0, 0, 0)))
    game.play("2h")
    # ♠4 onto the first; the ♠2 on column 1, a two, then goes onto the second by itself.
    assert game.position.foundations[:8:4] == (4, 2)
    assert game.position.columns[0] == cards("9D")


def test_a_card_that_no_foundation_wants_is_refused_with_what_they_need() -> None:
    game = game_at(table(["9D 5S"], home=(3, 0, 0, 0, 1, 0, 0, 0)))
    with pytest.raises(IllegalMoveError, match="♠5 cannot go home yet: its foundation needs the ♠2 next"):
        game.play("1h")


def test_equal_cards_are_told_apart_by_their_place() -> None:
    game = game_at(table(["KC 5H", "QC 5H", "6S"]))
    game.play("13")
    assert game.position.columns[0] == cards("KC")
    assert game.position.columns[1] == cards("QC 5H")
    assert game.position.columns[2] == cards("6S 5H")
    assert game.find(Card.parse("5H")) == Place.column(1)


def test_automatic_play_waits_for_all_four_cards_of_the_other_colour() -> None:
    # ♥3 is next on a hearts foundation; three black 2s are home, the fourth (♣2) is not.
    home = (2, 2, 0, 1, 2, 0, 0, 2)
    game = game_at(table(["9D 3H", "2C KD"], home=home))
    game.play("1a")
    assert game.position.cells[0] == Card.parse("3H")
    game.play("2b")  # uncovers ♣2, which goes home by itself; then ♥3 follows
    assert game.position.cells == (None, Card.parse("KD"), None, None, None, None)
    assert game.position.foundations[1] == 3


# -- empty columns and winning --------------------------------------------------------------------


def test_any_card_or_run_goes_into_an_empty_column() -> None:
    game = game_at(table(["", "KD 9S 8H 7C", "KC 4D"]))
    game.play("21v3")
    assert game.position.columns[0] == cards("9S 8H 7C")
    game.play("34")
    assert game.position.columns[2] == cards("KC")
    assert game.position.columns[3] == cards("4D")


def test_the_game_is_won_only_when_all_104_cards_are_home() -> None:
    almost = (13, 13, 13, 13, 13, 13, 13, 12)
    columns = [cards("KC"), *([()] * 9)]
    position = Position(tuple(columns), (None,) * 6, almost)
    position.validate()
    assert not position.is_won
    game = game_at(position)
    game.play("1h")
    assert game.is_won
    assert game.cards_home == 104


def test_a_whole_game_is_won_through_the_api() -> None:
    game = Game.new("double-freecell", 4)
    result = solve(game.variant, game.position, time_limit=120)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        assert move in game.legal_moves
        game.play(move)
    assert game.is_won
    assert all(count == 13 for count in game.position.foundations)


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_solver_solutions_replay_through_game_play(deal: int) -> None:
    game = Game.new("double-freecell", deal)
    result = solve(game.variant, game.position, time_limit=120)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        game.play(move)
    assert game.is_won


def test_the_variant_declares_two_decks_as_data() -> None:
    assert DOUBLE_FREECELL.rules.decks == 2
    assert patience.get_variant("double-freecell").plugin == "double-freecell"
    assert all(move.source.kind is not PlaceKind.FOUNDATION for move in Game.new("double-freecell", 1).legal_moves)


def test_it_passes_the_conformance_suite(
    patience_conformance: Callable[..., None], patience_solver_conformance: Callable[..., None]
) -> None:
    # patience.testing (a pytest plugin installed with the engine) gives this fixture.
    patience_conformance("double-freecell")
    patience_solver_conformance("double-freecell")
