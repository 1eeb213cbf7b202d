"""A refused move names the rule it breaks, in the variant's words: one named test for each reason."""

from __future__ import annotations

import pytest
from tables import game_at, table

from patience import IllegalMoveError, Position


def refusal(variant: str, position: Position, move: str) -> str:
    game = game_at(variant, position)
    with pytest.raises(IllegalMoveError) as error:
        game.play(move)
    return str(error.value)


def test_wrong_rank_in_a_same_suit_game_says_the_rank_not_the_suit() -> None:
    # ♥5 onto ♥2: the suit is right, the rank is not.
    assert (
        refusal("eight-off", table(["2H", "KS 5H"]), "21")
        == "♥5 cannot go on ♥2: wrong rank, only ♥A goes on it in Eight Off"
    )


def test_wrong_rank_in_an_alternating_game_says_the_rank_not_the_colour() -> None:
    # ♦6 onto ♣10: the colours alternate, the rank is wrong.
    assert refusal("freecell", table(["TC", "KS 6D"], n_cells=4), "21") == (
        "♦6 cannot go on ♣10: wrong rank, only a red 9 goes on it in FreeCell"
    )


def test_wrong_suit_says_the_game_builds_by_suit() -> None:
    assert refusal("bakers-game", table(["8D", "KS 7H"], n_cells=4), "21") == (
        "♥7 cannot go on ♦8: Baker's Game builds by suit"
    )


def test_wrong_colour_says_the_game_builds_in_alternating_colours() -> None:
    assert refusal("freecell", table(["8D", "KS 7H"], n_cells=4), "21") == (
        "♥7 cannot go on ♦8: FreeCell builds in alternating colours"
    )


def test_a_king_on_an_ace_says_the_game_does_not_wrap() -> None:
    assert refusal("eight-off", table(["AH", "QS KH"]), "21") == (
        "♥K cannot go on ♥A: nothing goes on an ace in Eight Off, which does not build around from A to K"
    )


def test_kings_only_says_only_a_king_may_fill_an_empty_column() -> None:
    assert refusal("seahaven-towers", table(["3C QS", ""], n_columns=10, n_cells=4), "12") == (
        "♠Q cannot go to an empty column: only a king, alone or with its run, may in Seahaven Towers"
    )


def test_capacity_says_how_many_cards_may_move_and_why() -> None:
    position = table(["KH 9S 8S 7S 6S 5S 4S 3S", "TS", ""], ["2H", "3H", "4H", "6H", "7H", "8H"])
    assert refusal("eight-off", position, "12") == (
        "run of 7 cards, but 2 free cells and 1 empty column move at most 6"
    )


def test_an_empty_cell_says_it_is_empty() -> None:
    assert refusal("freecell", table(["5D"], n_cells=4), "a1") == "cell a is empty"


def test_a_full_cell_says_a_cell_holds_one_card() -> None:
    assert refusal("freecell", table(["5D", "*"], ["AS"], n_cells=4), "1a") == (
        "cell a already holds ♠A: a cell holds one card"
    )


def test_foundation_order_says_which_card_the_foundation_needs() -> None:
    assert refusal("eight-off", table(["5D", "4S"], home={"S": 2}), "2h") == (
        "♠4 cannot go home yet: its foundation needs the ♠3 next"
    )


def test_foundation_order_from_empty_says_an_ace() -> None:
    assert refusal("freecell", table(["5D", "2S"], n_cells=4), "2h") == (
        "♠2 cannot go home yet: its foundation needs an ace next"
    )
