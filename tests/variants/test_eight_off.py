"""Every rule sentence of the Eight Off seed (000, German; 001 the same in Hungarian), one named test each."""

from __future__ import annotations

import pytest
from tables import cards, game_at, table

from patience import (
    Card,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidCodeError,
    InvalidDealError,
    Move,
    NothingToUndoError,
    Place,
    Position,
    ms_deal,
)
from patience.rules import group_capacity
from patience.shuffle import deal_round_robin

EO = "eight-off"


def col(n: int) -> Place:
    """Column ``n`` counted from 1, as players count."""
    return Place.column(n - 1)


def deal(number: int, cells: int) -> Position:
    return Game.new(EO, deal=number, cells=cells).dealt


# -- Der Aufbau: the deal ---------------------------------------------------


@pytest.mark.parametrize("number", [1, 160, 11982, 1_000_000])
def test_deal_is_48_cards_in_8_columns_of_6_and_4_in_the_first_4_of_8_cells(number: int) -> None:
    position = deal(number, 8)
    assert [len(column) for column in position.columns] == [6] * 8
    assert len(position.cells) == 8
    assert all(card is not None for card in position.cells[:4])
    assert position.cells[4:] == (None,) * 4
    assert position.foundations == (0, 0, 0, 0)
    position.validate()


@pytest.mark.parametrize("number", [1, 160, 11982])
def test_deal_cells_hold_the_seventh_row_of_the_microsoft_deal(number: int) -> None:
    shuffled = ms_deal(number)
    freecell_columns = deal_round_robin(shuffled, 8)
    position = deal(number, 8)
    assert position.cells[:4] == shuffled[48:52]
    assert position.columns == tuple(column[:6] for column in freecell_columns)


def test_deal_with_4_cells_fills_all_4_cells() -> None:
    position = deal(1, 4)
    assert len(position.cells) == 4
    assert position.cells == ms_deal(1)[48:52]
    assert [len(column) for column in position.columns] == [6] * 8
    assert position.free_cells == 0


def test_deal_with_2_cells_fills_both_and_puts_the_other_2_on_columns_3_and_4() -> None:
    shuffled = ms_deal(1)
    position = deal(1, 2)
    assert position.cells == shuffled[48:50]
    assert [len(column) for column in position.columns] == [6, 6, 7, 7, 6, 6, 6, 6]
    # "an das untere Ende": the end a player sees, the top card that moves first.
    assert position.columns[2][-1] == shuffled[50]
    assert position.columns[3][-1] == shuffled[51]
    position.validate()


def test_deal_8_4_2_cells_are_the_same_cards_in_the_same_columns() -> None:
    eight, four, two = deal(7, 8), deal(7, 4), deal(7, 2)
    assert eight.columns == four.columns
    assert two.columns[:2] == eight.columns[:2] and two.columns[4:] == eight.columns[4:]


def test_only_the_offered_cell_counts_are_dealt() -> None:
    for cells in (8, 4, 2):
        assert len(Game.new(EO, deal=1, cells=cells).position.cells) == cells
    with pytest.raises(InvalidDealError, match="8, 4 or 2 cells, not 3"):
        Game.new(EO, deal=1, cells=3)


def test_default_is_8_cells() -> None:
    assert len(Game.new(EO, deal=1).position.cells) == 8


# -- Die erlaubten Züge: what moves -----------------------------------------


def test_only_the_top_card_of_a_column_moves() -> None:
    # 9H is covered by 5C: the only way to lift it is with 5C, which is no run.
    game = game_at(EO, table(["9H 5C", "TH"]))
    assert not game.check(Move(col(1), col(2)))  # 5C on TH
    verdict = game.check(Move(col(1), col(2), 2))
    assert not verdict
    assert "not an ordered run" in str(verdict.reason)
    assert not game.check(Move(col(1), Place.cell(4), 2))


def test_a_cell_card_moves() -> None:
    game = game_at(EO, table(["TH", "*"], ["9H", "AS"]))
    assert game.check(Move.parse("a1"))
    assert game.check(Move.parse("bh"))


def test_heart_seven_goes_on_heart_eight() -> None:
    game = game_at(EO, table(["8H", "7H"]))
    game.play("21")
    assert game.position.columns[0] == cards("8H 7H")


@pytest.mark.parametrize("base", ["8D", "8S", "8C"])
def test_heart_seven_never_goes_on_diamond_eight_or_a_black_eight(base: str) -> None:
    game = game_at(EO, table([base, "7H"]))
    verdict = game.check(Move.parse("21"))
    assert not verdict
    assert str(verdict.reason) == f"♥7 cannot go on {Card.parse(base).display}: Eight Off builds by suit"


@pytest.mark.parametrize("base", ["9H", "6H", "KH"])
def test_a_card_goes_only_exactly_one_rank_lower(base: str) -> None:
    game = game_at(EO, table([base, "7H"]))
    assert not game.check(Move.parse("21"))


def test_any_card_goes_into_an_empty_cell() -> None:
    game = game_at(EO, table(["5D", "KS", "AC"], ["2H", "3H", "4H", "5H"]))
    for source in ("1", "2", "3"):
        assert game.check(Move.parse(f"{source}e"))
    game.play("1e")
    assert game.position.cells[4] == Card.parse("5D")


def test_a_cell_holds_one_card() -> None:
    game = game_at(EO, table(["5D", "KS"], ["2H"]))
    verdict = game.check(Move.parse("1a"))
    assert not verdict
    assert str(verdict.reason) == "cell a already holds ♥2: a cell holds one card"


def test_a_run_does_not_go_into_a_cell() -> None:
    game = game_at(EO, table(["KS QS JS", "*"]))
    verdict = game.check(Move.parse("1av2"))
    assert not verdict
    assert "a cell holds one card" in str(verdict.reason)


def test_foundation_starts_with_the_ace() -> None:
    game = game_at(EO, table(["2S", "AS"]))
    verdict = game.check(Move.parse("1h"))
    assert not verdict
    assert str(verdict.reason) == "♠2 cannot go home yet: its foundation needs an ace next"
    game.play("2h")
    game.play("1h")
    assert game.position.foundations[0] == 2


def test_foundation_builds_up_in_suit_one_card_after_another() -> None:
    game = game_at(EO, table(["3H", "2D", "2H"], home={"H": 1}))
    assert not game.check(Move.parse("1h"))  # 3H before 2H
    assert not game.check(Move.parse("2h"))  # 2D on the diamonds foundation needs AD
    game.play("3h")
    game.play("1h")
    assert game.position.foundations == (0, 3, 0, 0)


def test_foundation_takes_one_card_at_a_time() -> None:
    game = game_at(EO, table(["3H 2H", "*"], home={"H": 1}))
    verdict = game.check(Move(col(1), Place.foundation(), 2))
    assert not verdict
    assert "one at a time" in str(verdict.reason)


def test_foundation_goes_up_to_the_king() -> None:
    game = game_at(EO, table(["KH", "*"], home={"H": 12}))
    game.play("1h")
    assert game.position.foundations[1] == 13


# -- Auf eine leere Spalte: kings only ----------------------------------------


def test_a_king_alone_goes_to_an_empty_column() -> None:
    game = game_at(EO, table(["5C KS", ""], ["KD"]))
    assert game.check(Move.parse("12"))
    assert game.check(Move.parse("a2"))


def test_a_king_with_its_run_goes_to_an_empty_column() -> None:
    game = game_at(EO, table(["5C KS QS JS", ""]))
    game.play(Move(col(1), col(2), 3))
    assert game.position.columns[1] == cards("KS QS JS")
    assert game.position.columns[0] == cards("5C")


@pytest.mark.parametrize("card", ["QS", "JS", "5D", "AH"])
def test_no_card_but_a_king_goes_to_an_empty_column(card: str) -> None:
    game = game_at(EO, table([f"3C {card}", ""], ["QH"]))
    verdict = game.check(Move.parse("12"))
    assert not verdict
    shown = Card.parse(card).display
    assert str(verdict.reason) == (
        f"{shown} cannot go to an empty column: only a king, alone or with its run, may in Eight Off"
    )
    assert not game.check(Move.parse("a2"))


def test_a_run_from_a_queen_does_not_go_to_an_empty_column() -> None:
    game = game_at(EO, table(["3C QS JS", ""]))
    verdict = game.check(Move(col(1), col(2), 2))
    assert not verdict
    assert "only a king" in str(verdict.reason)


def test_moving_a_whole_column_into_an_empty_column_is_refused() -> None:
    game = game_at(EO, table(["KS QS", ""]))
    verdict = game.check(Move(col(1), col(2), 2))
    assert not verdict
    assert "changes nothing" in str(verdict.reason)


# -- Das Verschieben von Gruppen: group moves ----------------------------------


@pytest.mark.parametrize(
    ("free", "empty", "to_empty", "capacity"),
    [
        (0, 0, False, 1),
        (1, 0, False, 2),
        (2, 0, False, 3),
        (4, 0, False, 5),
        (8, 0, False, 9),
        (2, 1, False, 6),
        (2, 1, True, 3),
        (2, 2, True, 6),
        (1, 2, False, 8),
        (0, 3, False, 8),
    ],
)
def test_group_capacity_is_free_cells_plus_one_times_two_to_the_empty_columns(
    free: int, empty: int, to_empty: bool, capacity: int
) -> None:
    assert group_capacity(free, empty, to_empty_column=to_empty) == capacity


def test_a_free_cell_adds_one_card_and_an_empty_column_doubles() -> None:
    assert group_capacity(3, 0, to_empty_column=False) - group_capacity(2, 0, to_empty_column=False) == 1
    assert group_capacity(2, 1, to_empty_column=False) == 2 * group_capacity(2, 0, to_empty_column=False)


def test_an_ordered_same_suit_run_moves_at_once() -> None:
    # The seed's example run: clubs 9, 8 and 7.
    game = game_at(EO, table(["5H 9C 8C 7C", "TC"], ["2H", "3H", "4H", "6H", "7H", "8H"]))
    game.play(Move(col(1), col(2), 3))
    assert game.position.columns[1] == cards("TC 9C 8C 7C")
    assert game.moves == 1


def test_a_mixed_suit_run_is_not_a_group_in_eight_off() -> None:
    game = game_at(EO, table(["5H 9C 8S 7C", "TC"]))
    verdict = game.check(Move(col(1), col(2), 3))
    assert not verdict
    assert str(verdict.reason) == "the top 3 cards of column 1 are not an ordered run: Eight Off builds by suit"


# 8 cells with 6 held, 4 cells with 2 held, 2 cells with none held: always 2 free.
TWO_FREE = [
    (8, ["2H", "3H", "4H", "6H", "7H", "8H"]),
    (4, ["2H", "3H"]),
    (2, []),
]


@pytest.mark.parametrize(("n_cells", "held"), TWO_FREE)
def test_king_and_run_of_3_fit_empty_column_with_two_cells(n_cells: int, held: list[str]) -> None:
    """The seed's worked example: 2 free cells, one empty column, at most 3 cards."""
    game = game_at(EO, table(["5C KS QS JS", ""], held, n_cells=n_cells))
    assert game.position.free_cells == 2
    assert game.position.empty_columns == 1
    game.play(Move(col(1), col(2), 3))
    assert game.position.columns[1] == cards("KS QS JS")


@pytest.mark.parametrize(("n_cells", "held"), TWO_FREE)
def test_king_and_run_of_4_do_not_fit_empty_column_with_two_cells(n_cells: int, held: list[str]) -> None:
    game = game_at(EO, table(["5C KS QS JS TS", ""], held, n_cells=n_cells))
    with pytest.raises(IllegalMoveError) as error:
        game.play(Move(col(1), col(2), 4))
    assert str(error.value) == (
        "run of 4 cards, but 2 free cells and 0 empty columns (the destination does not count) move at most 3"
    )


def test_the_destination_column_does_not_count_but_another_empty_column_does() -> None:
    held = ["2H", "3H", "4H", "6H", "7H", "8H"]
    game = game_at(EO, table(["5C KS QS JS TS 9S 8S", "", ""], held))
    assert game.check(Move(col(1), col(2), 6))
    assert not game.check(Move(col(1), col(2), 7))


def test_capacity_message_names_cells_and_empty_columns() -> None:
    held = ["2H", "3H", "4H", "6H", "7H", "8H"]
    game = game_at(EO, table(["KH 9S 8S 7S 6S 5S 4S 3S", "TS", ""], held))
    with pytest.raises(IllegalMoveError) as error:
        game.play("12")
    assert str(error.value) == "run of 7 cards, but 2 free cells and 1 empty column move at most 6"
    assert str(game.check(Move(col(1), col(2), 7)).reason) == str(error.value)


def test_a_group_move_counts_as_one_move() -> None:
    game = game_at(EO, table(["5C KS QS JS", ""]))
    game.play(Move(col(1), col(2), 3))
    assert game.moves == 1
    assert len(game.log) == 1


# -- Das Spielende: the end -----------------------------------------------------


def test_game_is_won_when_all_52_cards_are_home() -> None:
    game = game_at(EO, table(["KS"], home={"S": 12, "H": 13, "D": 13, "C": 13}, n_columns=8))
    assert not game.position.is_won
    game.play("1h")
    assert game.is_won
    assert game.cards_home == 52
    with pytest.raises(GameOverError):
        game.play("1h")


def test_no_defeat_is_announced_when_no_move_is_left() -> None:
    # Every cell full and every top card stuck: the game just has no move.
    game = game_at(EO, table(["2S", "2H", "2D", "2C"], ["9S", "9H", "9D", "9C", "8S", "8H", "8D", "8C"]))
    assert not game.is_over
    assert not game.is_won


# -- Was die App zusätzlich bietet: the app's conveniences ---------------------


def test_no_card_goes_home_by_itself_after_the_deal() -> None:
    game = Game.new(EO, deal=2)  # AD lies on top of column 2, AS in cell a
    assert game.position == game.dealt
    assert game.position.columns[1][-1] == Card.parse("AD")
    assert game.score == 0


def test_no_card_goes_home_by_itself_after_a_move() -> None:
    game = game_at(EO, table(["AS 5H", "2S"]))
    game.play("1e")
    assert game.position.columns[0] == cards("AS")
    assert game.position.foundations == (0, 0, 0, 0)


def test_tap_sends_a_top_card_to_its_foundation() -> None:
    game = Game.new(EO, deal=2)
    action = game.tap(col(2))
    assert action is not None
    assert game.position.foundations[2] == 1
    assert game.tap(Place.cell(0)) is not None  # AS from cell a
    assert game.position.foundations[0] == 1


def test_tap_does_nothing_when_the_card_may_not_go_home() -> None:
    game = Game.new(EO, deal=2)
    before = game.position
    assert game.tap(col(1)) is None  # 3H
    assert game.position == before
    assert game.moves == 0


def test_double_tap_tries_the_foundation_first() -> None:
    game = game_at(EO, table(["7H", "8H"], home={"H": 6}))
    assert game.double_tap_move(col(1)) == Move.parse("1h")


def test_double_tap_then_the_column_that_accepts_the_card() -> None:
    game = game_at(EO, table(["7H", "8H", ""]))
    assert game.double_tap_move(col(1)) == Move.parse("12")


def test_double_tap_puts_a_king_into_an_empty_column_before_a_free_cell() -> None:
    game = game_at(EO, table(["3C KS", "*", ""]))
    assert game.double_tap_move(col(1)) == Move.parse("13")


def test_double_tap_puts_a_queen_into_a_free_cell_not_an_empty_column() -> None:
    game = game_at(EO, table(["KS 3C QS", "*", ""], ["2H"]))
    assert game.double_tap_move(col(1)) == Move.parse("1b")


def test_double_tap_does_nothing_without_a_target() -> None:
    game = game_at(EO, table(["KS 3C QS", "*"], ["9S", "9H", "9D", "9C", "8S", "8H", "8D", "8C"]))
    assert game.double_tap_move(col(1)) is None
    assert game.double_tap(col(1)) is None


def test_double_tap_plays_the_move() -> None:
    game = game_at(EO, table(["7H", "8H"]))
    action = game.double_tap(col(1))
    assert action is not None
    assert game.position.columns[1] == cards("8H 7H")


def test_a_foundation_top_card_goes_back_to_a_free_cell() -> None:
    game = game_at(EO, table(["*"], home={"H": 5}))
    game.play("hHa")
    assert game.position.cells[0] == Card.parse("5H")
    assert game.position.foundations[1] == 4


def test_a_foundation_top_card_goes_back_onto_a_column_that_accepts_it() -> None:
    game = game_at(EO, table(["6H", "6S"], home={"H": 5}))
    assert not game.check(Move.parse("hH2"))
    game.play("hH1")
    assert game.position.columns[0] == cards("6H 5H")


def test_a_foundation_card_does_not_go_back_into_a_full_cell() -> None:
    game = game_at(EO, table(["*"], ["9S", "9H", "9D", "9C", "8S", "8H", "8D", "8C"], home={"H": 5}))
    assert not game.check(Move.parse("hHa"))


def test_taking_a_card_back_earns_and_costs_nothing_and_playing_it_home_again_earns_nothing() -> None:
    game = game_at(EO, table(["AS", "*"]))
    game.play("1h")
    assert game.score == 10
    game.play("hSa")
    assert game.score == 10
    game.play("ah")
    assert game.score == 10


# -- Rückgängig: undo -------------------------------------------------------------


def test_undo_goes_back_the_last_100_actions() -> None:
    game = game_at(EO, table(["9H 8H", "*"]))
    start = game.position
    for i in range(101):
        game.play("1a" if i % 2 == 0 else "a1")
    after_first = start.apply(Move.parse("1a"))
    for _ in range(100):
        game.undo()
    assert game.position == after_first
    with pytest.raises(NothingToUndoError):
        game.undo()


def test_a_group_move_comes_back_whole() -> None:
    game = game_at(EO, table(["5C KS QS JS", ""]))
    before = game.position
    game.play(Move(col(1), col(2), 3))
    action = game.undo()
    assert action.moves == (Move(col(1), col(2), 3),)
    assert game.position == before


def test_undo_takes_back_the_points_the_action_earned() -> None:
    game = game_at(EO, table(["AS", "2S"]))
    game.play("1h")
    game.play("2h")
    assert game.score == 20
    game.undo()
    assert game.score == 10
    game.undo()
    assert game.score == 0


def test_undo_of_a_move_that_earned_nothing_costs_nothing() -> None:
    game = game_at(EO, table(["AS", "2S"]))
    game.play("1h")
    game.play("2a")
    game.undo()
    assert game.score == 10


def test_score_never_goes_below_zero() -> None:
    game = game_at(EO, table(["AS", "2S"]))
    game.play("2a")
    game.undo()
    assert game.score == 0
    game.play("1h")
    game.play("hSb")
    game.undo()
    game.undo()
    assert game.score == 0


def test_a_card_home_earns_10_the_first_time_only_even_after_undo_and_replay() -> None:
    game = game_at(EO, table(["AS 2S", "*"]))
    game.play("1a")
    game.play("1h")  # AS +10
    game.play("ah")  # 2S +10
    game.play("hSb")  # back, 0
    game.play("bh")  # home again, 0
    assert game.score == 20
    game.undo()
    game.undo()
    assert game.score == 20
    game.undo()
    assert game.score == 10


# -- Partiecode: game codes --------------------------------------------------------


def test_game_code_eo1_c8_aaaaafa_is_eight_off_8_cells_deal_160() -> None:
    game = Game.from_code("EO1-C8-AAAAAFA")
    assert game.variant.name == EO
    assert game.cells == 8
    assert game.deal == 160
    assert game.position == Game.new(EO, deal=160, cells=8).position
    assert game.code == "EO1-C8-AAAAAFA"


def test_game_code_is_read_case_insensitively() -> None:
    assert Game.from_code("eo1-c8-aaaaafa").deal == 160


def test_game_code_restores_the_deal_exactly_with_4_and_2_cells() -> None:
    for cells in (4, 2):
        game = Game.new(EO, deal=12345, cells=cells)
        assert game.code is not None
        again = Game.from_code(game.code)
        assert (again.deal, again.cells, again.position) == (12345, cells, game.position)


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("EO1C8AAAAAFA", "is not a game code: codes look like EO1-C8-AAAAAFA"),
        ("EO1-C8-AAAA1FA", "'1' is not a base-32 character"),
        ("EO1-C8-AAAAA8A", "'8' is not a base-32 character"),
        ("EO1-C8-AAAFA", "the deal part must be 7 characters, not 5"),
        ("EO2-C8-AAAAAFA", "code version 2 is not known"),
        ("ZZ1-C8-AAAAAFA", "no installed variant has code prefix 'ZZ'"),
        ("EO1-C6-AAAAAFA", "Eight Off is played with 8, 4 or 2 cells, not 6"),
        ("EO1-C8-AAAAAAA", "deal number 0 is out of range"),
        ("EO1-C8-7777777", "deal number 34359738367 is out of range"),
    ],
)
def test_a_bad_game_code_is_refused_with_a_message_saying_why(code: str, why: str) -> None:
    with pytest.raises(InvalidCodeError) as error:
        Game.from_code(code)
    assert why in str(error.value)
    assert isinstance(error.value, ValueError)
