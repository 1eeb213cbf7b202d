"""Baker's Game and Seahaven Towers (seed 003's "Herkunft und Varianten", SPEC 3.3 and 3.4)."""

from __future__ import annotations

import pytest
from tables import cards, game_at, table

from patience import Card, Game, Move, Place, ms_deal
from patience.shuffle import deal_round_robin

BG = "bakers-game"
ST = "seahaven-towers"


# -- Baker's Game -------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 617, 11982])
def test_bakers_game_deals_freecell_layout_and_numbers(number: int) -> None:
    assert Game.new(BG, deal=number).dealt == Game.new("freecell", deal=number).dealt


def test_bakers_game_builds_by_suit() -> None:
    game = game_at(BG, table(["8H", "8D", "8S", "KC 7H"], n_cells=4))
    assert game.check(Move.parse("41"))
    for base in ("2", "3"):
        verdict = game.check(Move.parse(f"4{base}"))
        assert not verdict
        assert "Baker's Game builds by suit" in str(verdict.reason)


def test_bakers_game_moves_same_suit_runs_only() -> None:
    game = game_at(BG, table(["2D 9C 8C", "TC", "TH"], n_cells=4))
    assert game.check(Move(Place.column(0), Place.column(1), 2))
    assert not game.check(Move(Place.column(0), Place.column(2), 2))


@pytest.mark.parametrize("card", ["QS", "5D", "KH"])
def test_bakers_game_takes_any_card_into_an_empty_column(card: str) -> None:
    game = game_at(BG, table([f"3C {card}", ""], n_cells=4))
    assert game.check(Move.parse("12"))


def test_bakers_game_sends_every_card_that_can_go_home() -> None:
    # 5H goes up although no black four is home: in a same-suit game every such move is safe.
    game = game_at(BG, table(["KD 5H 9D"], home={"H": 4}, n_cells=4))
    action = game.play("1a")
    assert action.auto == (Move.parse("1h"),)
    assert (game.score, game.moves) == (10, 1)


def test_bakers_game_aces_go_home_right_after_the_deal() -> None:
    game = Game.new(BG, deal=2)
    assert game.start_auto
    assert game.position.foundations[0] >= 1


def test_bakers_game_nothing_comes_back_from_a_foundation() -> None:
    game = game_at(BG, table(["6H"], home={"H": 5}, n_cells=4))
    assert not game.check(Move.parse("hHa"))


# -- Seahaven Towers -------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 617, 8_589_934_591])
def test_seahaven_deals_10_columns_of_5_and_cards_51_and_52_to_cells_a_and_b(number: int) -> None:
    shuffled = ms_deal(number)
    dealt = Game.new(ST, deal=number).dealt
    assert [len(column) for column in dealt.columns] == [5] * 10
    assert dealt.columns == deal_round_robin(shuffled[:50], 10)
    assert dealt.cells == (shuffled[50], shuffled[51], None, None)


def test_seahaven_builds_by_suit() -> None:
    game = game_at(ST, table(["8H", "8D", "8S", "KC 7H"], n_columns=10, n_cells=4))
    assert game.check(Move.parse("41"))
    assert not game.check(Move.parse("42"))
    assert "Seahaven Towers builds by suit" in str(game.check(Move.parse("43")).reason)


@pytest.mark.parametrize("card", ["QD", "5D", "AH"])
def test_seahaven_takes_only_kings_into_empty_columns(card: str) -> None:
    game = game_at(ST, table([f"3C {card}", "", "4C KS QS"], ["KH"], n_columns=10, n_cells=4))
    verdict = game.check(Move.parse("12"))
    assert not verdict
    assert "only a king, alone or with its run, may in Seahaven Towers" in str(verdict.reason)
    assert game.check(Move.parse("a2"))
    assert game.check(Move(Place.column(2), Place.column(1), 2))


def test_seahaven_column_ten_is_written_10() -> None:
    game = game_at(ST, table(["8H", "*", "*", "*", "*", "*", "*", "*", "*", "KC 7H"], n_columns=10, n_cells=4))
    game.play("101")
    assert game.position.columns[0] == cards("8H 7H")
    assert game.position.columns[9] == cards("KC")


def test_seahaven_sends_every_card_that_can_go_home() -> None:
    game = game_at(ST, table(["KD 5H 9D"], home={"H": 4}, n_columns=10, n_cells=4))
    action = game.play("1a")
    assert action.auto == (Move.parse("1h"),)


def test_seahaven_cells_cards_go_home_after_the_deal_when_they_can() -> None:
    for number in range(1, 200):
        dealt = Game.new(ST, deal=number).dealt
        if any(card is not None and card.rank == 1 for card in dealt.cells):
            game = Game.new(ST, deal=number)
            assert game.position.cells != dealt.cells
            assert game.moves == 0
            assert game.score >= 10
            return
    pytest.fail("no deal in 1-199 puts an ace in a cell")


def test_seahaven_scores_like_freecell() -> None:
    game = game_at(ST, table(["KD AS 9D"], n_columns=10, n_cells=4))
    game.play("1a")
    game.undo()
    assert (game.score, game.moves) == (0, 2)
    assert Card.parse("AS") in game.position.columns[0]
