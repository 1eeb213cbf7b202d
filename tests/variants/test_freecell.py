"""The FreeCell rules of seed 003 (German), one named test each."""

from __future__ import annotations

import pytest
from tables import cards, game_at, table

from patience import (
    Card,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    NothingToUndoError,
    Place,
    get_variant,
    ms_deal,
)
from patience.plugins import defaults as default_hooks
from patience.scoring import ActionKind, ScoredAction, ScoreState
from patience.shuffle import deal_round_robin

FC = "freecell"
ACES = ["AH", "AD", "AC", "AS"]


def col(n: int) -> Place:
    return Place.column(n - 1)


# -- Aufbau: the deal -----------------------------------------------------------


@pytest.mark.parametrize("number", [1, 617, 1_000_000, 8_589_934_591])
def test_deal_is_4_columns_of_7_and_4_of_6_with_4_empty_cells(number: int) -> None:
    game = Game.new(FC, deal=number)
    assert [len(column) for column in game.dealt.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert game.dealt.cells == (None,) * 4
    assert game.dealt.columns == deal_round_robin(ms_deal(number), 8)


@pytest.mark.parametrize("cells", [4, 3, 2, 1])
def test_freecell_is_played_with_4_3_2_or_1_cells(cells: int) -> None:
    assert len(Game.new(FC, deal=1, cells=cells).position.cells) == cells


def test_game_one_is_windows_game_one() -> None:
    dealt = Game.new(FC, deal=1).dealt
    assert " ".join(str(column[0]) for column in dealt.columns) == "JD 2D 9H JC 5D 7H 7C 5H"
    assert dealt.columns[0] == cards("JD KD 2S 4C 3S 6D 6S")


# -- Reihen verschieben: the seed's capacity examples ---------------------------


def _capacity_table(free: int, empty: int, run: int, *, to_empty: bool) -> Game:
    """A run of ``run`` alternating cards (black bottom card of rank run + 3) on top of column 1.

    Column 2 is the destination: empty when ``to_empty`` (and then one of the
    ``empty`` empty columns), else the red card the run's bottom card fits on.
    """
    bottom = run + 3
    moving = " ".join(f"{rank}{'S' if (bottom - rank) % 2 == 0 else 'H'}" for rank in range(bottom, bottom - run, -1))
    moving = moving.replace("13", "K").replace("12", "Q").replace("11", "J").replace("10", "T")
    above = {10: "T", 11: "J", 12: "Q", 13: "K"}.get(bottom + 1, str(bottom + 1))
    columns = ["2C " + moving, "" if to_empty else f"{above}D"]
    columns += [""] * (empty - (1 if to_empty else 0))
    return game_at(FC, table(columns, ACES[: 4 - free], n_cells=4))


SEED_EXAMPLES = [
    pytest.param(4, 0, False, 5, id="4-free-no-empty-5"),
    pytest.param(2, 1, False, 6, id="2-free-1-empty-6"),
    pytest.param(1, 2, False, 8, id="1-free-2-empty-8"),
    pytest.param(3, 1, True, 4, id="3-free-destination-only-empty-4"),
    pytest.param(0, 0, False, 1, id="none-free-none-empty-1"),
]


@pytest.mark.parametrize(("free", "empty", "to_empty", "capacity"), SEED_EXAMPLES)
def test_seed_capacity_example_moves_exactly_that_many(free: int, empty: int, to_empty: bool, capacity: int) -> None:
    game = _capacity_table(free, empty, capacity, to_empty=to_empty)
    assert game.position.free_cells == free
    assert game.position.empty_columns == empty
    assert (game.max_group_to_empty if to_empty else game.max_group) == capacity
    move = Move(col(1), col(2), capacity)
    assert game.check(move), str(game.check(move).reason)
    game.play(move)
    assert game.moves == 1


@pytest.mark.parametrize(("free", "empty", "to_empty", "capacity"), SEED_EXAMPLES)
def test_seed_capacity_example_refuses_one_card_more(free: int, empty: int, to_empty: bool, capacity: int) -> None:
    game = _capacity_table(free, empty, capacity + 1, to_empty=to_empty)
    with pytest.raises(IllegalMoveError, match=f"run of {capacity + 1} cards, .* move at most {capacity}$"):
        game.play(Move(col(1), col(2), capacity + 1))


def test_capacity_message_for_two_free_cells_and_one_empty_column() -> None:
    game = _capacity_table(2, 1, 7, to_empty=False)
    with pytest.raises(IllegalMoveError) as error:
        game.play("12")
    assert str(error.value) == "run of 7 cards, but 2 free cells and 1 empty column move at most 6"


def test_a_group_move_is_one_move_for_counting_scoring_and_undo() -> None:
    game = _capacity_table(4, 0, 5, to_empty=False)
    before = game.position
    game.play(Move(col(1), col(2), 5))
    assert (game.moves, game.score) == (1, 0)
    game.undo()
    assert game.position == before


# -- Anlegen in den Spalten: alternating colours ----------------------------------


@pytest.mark.parametrize(("card", "base"), [("9H", "TS"), ("9D", "TC"), ("9S", "TH"), ("9C", "TD")])
def test_a_card_goes_on_one_rank_higher_of_the_other_colour(card: str, base: str) -> None:
    game = game_at(FC, table([base, f"KC {card}" if card != "9C" else f"KS {card}"], n_cells=4))
    game.play("21")
    assert game.position.columns[0] == cards(f"{base} {card}")


@pytest.mark.parametrize(("card", "base"), [("9H", "TD"), ("9H", "TH"), ("9S", "TC"), ("9S", "TS")])
def test_a_card_never_goes_on_the_same_colour(card: str, base: str) -> None:
    game = game_at(FC, table([base, f"2D {card}" if base != "TS" else f"2C {card}"], n_cells=4))
    verdict = game.check(Move.parse("21"))
    assert not verdict
    shown, under = Card.parse(card).display, Card.parse(base).display
    assert str(verdict.reason) == f"{shown} cannot go on {under}: FreeCell builds in alternating colours"


def test_hearts_or_diamonds_do_not_matter_only_red_or_black() -> None:
    game = game_at(FC, table(["TS", "TC", "KC 9H", "KS 9D"], n_cells=4))
    assert game.check(Move.parse("31")) and game.check(Move.parse("32"))
    assert game.check(Move.parse("41")) and game.check(Move.parse("42"))


def test_a_same_colour_run_is_not_a_group() -> None:
    game = game_at(FC, table(["2D 9S 8C", "TH"], n_cells=4))
    verdict = game.check(Move(col(1), col(2), 2))
    assert not verdict
    expected = "the top 2 cards of column 1 are not an ordered run: FreeCell builds in alternating colours"
    assert str(verdict.reason) == expected


# -- Leere Spalten: any card, any run that fits --------------------------------------


@pytest.mark.parametrize("card", ["QS", "5D", "2H", "KC"])
def test_any_card_goes_to_an_empty_column(card: str) -> None:
    game = game_at(FC, table([f"3C {card}", ""], ["JH"], n_cells=4))
    assert game.check(Move.parse("12"))
    assert game.check(Move.parse("a2"))


def test_a_run_goes_to_an_empty_column() -> None:
    game = game_at(FC, table(["3C 8H 7S 6H", ""], n_cells=4))
    game.play(Move(col(1), col(2), 3))
    assert game.position.columns[1] == cards("8H 7S 6H")


def test_a_whole_column_into_an_empty_column_is_refused() -> None:
    game = game_at(FC, table(["8H 7S 6H", ""], n_cells=4))
    verdict = game.check(Move(col(1), col(2), 3))
    assert not verdict
    assert str(verdict.reason) == "moving a whole column into an empty column changes nothing"
    assert not game.check(Move.parse("22"))


# -- Die freien Zellen --------------------------------------------------------------


def test_a_cell_holds_exactly_one_card() -> None:
    game = game_at(FC, table(["5D", "5S"], ["JH"], n_cells=4))
    assert not game.check(Move.parse("1a"))
    assert game.check(Move.parse("1b"))


def test_a_cell_card_goes_back_to_a_fitting_column_an_empty_column_or_home() -> None:
    game = game_at(FC, table(["QS", "", "JS"], ["JH", "AD"], n_cells=4))
    assert game.check(Move.parse("a1"))
    assert game.check(Move.parse("a2"))
    assert not game.check(Move.parse("a3"))
    assert game.check(Move.parse("bh"))


# -- Die Ablagen: nothing comes back --------------------------------------------------


def test_nothing_comes_back_from_a_foundation() -> None:
    game = game_at(FC, table(["6H"], home={"H": 5, "S": 5}, n_cells=4))
    for text in ("hHa", "hS1", "hH1"):
        verdict = game.check(Move.parse(text))
        assert not verdict
        assert str(verdict.reason) == "nothing comes back from a foundation in FreeCell"
    assert not any(move.source.kind.value == "foundation" for move in game.legal_moves)


# -- Automatisches Ablegen ------------------------------------------------------------


def test_heart_five_goes_home_by_itself_when_spade_four_and_club_four_are_home() -> None:
    game = game_at(FC, table(["KD 5H 9D"], home={"H": 4, "S": 4, "C": 4}, n_cells=4))
    action = game.play("1a")
    assert action.auto == (Move.parse("1h"),)
    assert game.position.foundations[1] == 5


@pytest.mark.parametrize("home", [{"H": 4, "S": 4, "C": 3}, {"H": 4, "S": 3, "C": 4}])
def test_heart_five_stays_when_only_one_black_four_is_home(home: dict[str, int]) -> None:
    game = game_at(FC, table(["KD 5H 9D"], home=home, n_cells=4))
    action = game.play("1a")
    assert action.auto == ()
    assert game.position.columns[0] == cards("KD 5H")
    assert game.check(Move.parse("1h"))  # the player may still play it home


@pytest.mark.parametrize(("card", "home"), [("AH", {}), ("2H", {"H": 1}), ("AS", {}), ("2C", {"C": 1})])
def test_aces_and_twos_always_go_home_by_themselves(card: str, home: dict[str, int]) -> None:
    game = game_at(FC, table([f"KD {card} 9D"], home=home, n_cells=4))
    game.play("1a")
    assert Card.parse(card) not in game.position.columns[0]
    assert game.position.foundations[Card.parse(card).suit.value] == Card.parse(card).rank


def test_a_three_waits_for_both_twos_of_the_other_colour() -> None:
    game = game_at(FC, table(["KD 3H 9D"], home={"H": 2, "S": 2, "C": 1}, n_cells=4))
    game.play("1a")
    assert game.position.columns[0][-1] == Card.parse("3H")


def test_automatic_play_goes_on_as_long_as_cards_are_safe() -> None:
    game = game_at(FC, table(["KD 3H 2S AS 9D", "KS 2H"], home={"H": 1, "C": 2}, n_cells=4))
    action = game.play("1a")
    # AS, then 2S (twos always), then 3H (both black twos home); 2H went first.
    assert set(action.auto) == {Move.parse("1h"), Move.parse("2h")}
    assert game.position.foundations == (2, 3, 0, 2)


def test_aces_on_top_right_after_the_deal_go_home_at_once() -> None:
    game = Game.new(FC, deal=2)  # AS lies on top of column 1
    assert game.dealt.columns[0][-1] == Card.parse("AS")
    assert game.start_auto == (Move.parse("1h"),)
    assert game.position.foundations[0] == 1
    assert game.position.columns[0] == game.dealt.columns[0][:-1]


def test_automatic_moves_score_but_do_not_count_as_moves() -> None:
    game = Game.new(FC, deal=2)
    assert (game.score, game.moves) == (10, 0)
    other = game_at(FC, table(["KD AH 9D"], n_cells=4))
    other.play("1a")
    assert (other.score, other.moves) == (10, 1)


# -- Ende und Wertung: Finish, undo, redo, give up, score -----------------------------


def _finishable() -> Game:
    # 3H is under 5S: foundation moves alone finish (5S, 3H, then the rest), but
    # automatic play is stuck because 5S waits for the red fours.
    return game_at(
        FC,
        table(
            ["3H 5S", "KH QH JH TH 9H 8H 7H 6H 5H 4H", "KS QS JS TS 9S 8S 7S 6S"],
            home={"S": 4, "H": 2, "D": 13, "C": 13},
            n_cells=4,
        ),
    )


def test_finish_plays_the_rest_when_only_foundation_moves_remain() -> None:
    game = _finishable()
    assert game.can_finish
    action = game.finish()
    assert game.is_won
    assert len(action.moves) == 20
    assert action.moves[0] == Move.parse("1h")


def test_each_card_finish_plays_counts_as_a_move() -> None:
    game = _finishable()
    game.finish()
    assert game.moves == 20
    assert game.score == 20 * 10 + (700 - 2 * 20)


def test_finish_is_refused_while_a_card_needs_another_move() -> None:
    game = game_at(
        FC,
        table(
            ["3H 4H", "KH QH JH TH 9H 8H 7H 6H 5H", "KS QS JS TS 9S 8S 7S 6S 5S"],
            home={"S": 4, "H": 2, "D": 13, "C": 13},
            n_cells=4,
        ),
    )
    assert not game.can_finish
    assert game.finish_moves() is None
    with pytest.raises(IllegalMoveError) as error:
        game.finish()
    assert str(error.value) == "cannot finish yet: some cards still need moves that are not to a foundation"
    assert game.moves == 0


def _oscillating() -> Game:
    return game_at(FC, table(["9H 8S", "*"], n_cells=4))


def test_undo_goes_back_up_to_300_steps() -> None:
    game = _oscillating()
    start = game.position
    for i in range(301):
        game.play("1a" if i % 2 == 0 else "a1")
    for _ in range(300):
        game.undo()
    assert game.position == start.apply(Move.parse("1a"))
    with pytest.raises(NothingToUndoError):
        game.undo()


def _one_move_sends_two_home() -> Game:
    # 3H may go home but is not safe (no club is home); once it is, 4S follows by itself.
    return game_at(FC, table(["KD 3H", "KC 4S", "QD 9C"], home={"S": 3, "D": 3, "H": 2}, n_cells=4))


def test_each_undo_costs_10_and_counts_as_a_move() -> None:
    game = _one_move_sends_two_home()
    game.play("1h")
    game.play("3a")
    assert (game.score, game.moves) == (20, 2)
    game.undo()
    assert (game.score, game.moves) == (10, 3)
    assert game.undos == 1


def test_undo_takes_back_the_points_the_move_earned_so_redo_cannot_farm_them() -> None:
    game = _one_move_sends_two_home()
    before = game.position
    game.play("1h")
    assert (game.score, game.moves, game.cards_home) == (20, 1, 10)
    game.undo()
    assert game.position == before
    assert (game.score, game.moves) == (0, 2)  # the 20 it earned back, then -10, floored at 0
    game.redo()
    assert (game.score, game.moves) == (20, 3)
    for _ in range(3):
        game.undo()
        game.redo()
    assert game.score == 20


def test_undo_never_takes_the_score_below_zero() -> None:
    game = _oscillating()
    game.play("1a")
    game.undo()
    assert (game.score, game.moves) == (0, 2)


def test_redo_replays_the_undone_move_as_a_new_move() -> None:
    game = game_at(FC, table(["KD AS", "KC 2S"], n_cells=4))
    game.play("1h")
    after = game.position
    game.undo()
    action = game.redo()
    assert action.moves == (Move.parse("1h"),)
    assert game.position == after
    assert game.moves == 3
    # The undo took back the 20 points and cost 10 (floored at 0); the redone cards score again.
    assert game.score == 20
    assert not game.can_redo


def test_a_new_move_clears_what_could_be_redone() -> None:
    game = _oscillating()
    game.play("1a")
    game.undo()
    game.play("1b")
    assert not game.can_redo


def test_give_up_ends_the_game_and_the_points_stand() -> None:
    game = game_at(FC, table(["KD AS 9D", "*"], n_cells=4))
    game.play("1a")
    assert game.score == 10
    game.give_up()
    assert game.is_over and game.gave_up and not game.is_won
    assert game.score == 10
    assert not game.legal_moves
    with pytest.raises(GameOverError):
        game.play("a1")
    with pytest.raises(GameOverError):
        game.undo()


def test_win_bonus_is_700_minus_2_per_move() -> None:
    game = _finishable()
    game.play("2a")  # 4H to a cell: a move
    game.undo()  # another move, -10
    game.finish()
    assert game.moves == 22
    assert game.score == max(0, 0 - 10) + 200 + 700 - 2 * 22


def test_win_bonus_never_goes_below_zero() -> None:
    variant = get_variant(FC)
    state = ScoreState(score=120, moves=400)
    after = default_hooks.patience_score_action(variant=variant, state=state, action=ScoredAction(ActionKind.WIN))
    assert after.score == 120


def test_moves_are_own_actions_undos_and_finish_cards_but_not_automatic_ones() -> None:
    game = _finishable()
    game.play("2a")  # 1
    game.play("3b")  # 2
    game.undo()  # 3
    game.undo()  # 4
    assert game.moves == 4
    game.finish()  # 20 cards
    assert game.moves == 24
    auto = game_at(FC, table(["KD 3H 2H AH 9D"], home={"S": 2, "C": 2}, n_cells=4))
    auto.play("1a")  # three cards go home by themselves
    assert (auto.moves, auto.score) == (1, 30)


def test_double_tap_prefers_the_longest_accepting_column() -> None:
    game = game_at(FC, table(["KD 7H", "8S", "3D 4D 5D 8C", "9S"], n_cells=4))
    assert game.double_tap_move(col(1)) == Move.parse("13")
