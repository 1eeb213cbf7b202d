"""The listener API (``Game.subscribe``) and the errors a player sees, one per rule family."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tables import game_at, table

from patience import (
    GameEvent,
    GameOverError,
    IllegalMoveError,
    InvalidBoardError,
    InvalidCardError,
    InvalidCodeError,
    InvalidDealError,
    InvalidMoveError,
    Move,
    NothingToRedoError,
    NothingToUndoError,
    PatienceError,
    Position,
    UnknownVariantError,
)


def _record(kinds: list[str]) -> Callable[[GameEvent], None]:
    def listener(event: GameEvent) -> None:
        kinds.append(event.kind)

    return listener


def test_listeners_hear_move_undo_and_redo() -> None:
    game = game_at("eight-off", table(["9H 8H"]))
    heard: list[str] = []
    game.subscribe(_record(heard))
    game.play("1a")
    game.undo()
    game.redo()
    assert heard == ["move", "undo", "redo"]


def test_listeners_hear_finish_and_won() -> None:
    game = game_at(
        "freecell",
        table(
            ["3H 5S", "KH QH JH TH 9H 8H 7H 6H 5H 4H", "KS QS JS TS 9S 8S 7S 6S"],
            home={"S": 4, "H": 2, "D": 13, "C": 13},
            n_cells=4,
        ),
    )
    events: list[GameEvent] = []
    game.subscribe(events.append)
    action = game.finish()
    assert [event.kind for event in events] == ["finish", "won"]
    assert events[0].action == action


def test_listeners_hear_won_after_the_winning_move() -> None:
    game = game_at("eight-off", table(["KS"], home={"S": 12, "H": 13, "D": 13, "C": 13}))
    heard: list[str] = []
    game.subscribe(_record(heard))
    game.play("1h")
    assert heard == ["move", "won"]


def test_listeners_hear_gave_up() -> None:
    game = game_at("freecell", table(["9H 8S"], n_cells=4))
    heard: list[str] = []
    game.subscribe(_record(heard))
    game.give_up()
    assert heard == ["gave-up"]


def test_listeners_hear_tap_and_double_tap_as_moves_and_restart_as_new() -> None:
    game = game_at("eight-off", table(["AS 7H", "8H"]))
    heard: list[str] = []
    game.subscribe(_record(heard))
    game.double_tap(Move.parse("12").source)
    game.tap(Move.parse("1h").source)
    game.restart()
    assert heard == ["move", "move", "new"]


def test_an_unsubscribed_listener_hears_nothing_more() -> None:
    game = game_at("eight-off", table(["9H 8H"]))
    heard: list[str] = []
    unsubscribe = game.subscribe(_record(heard))
    game.play("1a")
    unsubscribe()
    game.play("a1")
    assert heard == ["move"]


def test_a_refused_move_fires_no_event() -> None:
    game = game_at("eight-off", table(["9H 8H", "8D"]))
    heard: list[str] = []
    game.subscribe(_record(heard))
    with pytest.raises(IllegalMoveError):
        game.play("21")
    assert heard == []


# -- errors: one per rule family, in the variant's words ----------------------------------


@pytest.mark.parametrize(
    ("variant", "position", "move", "message"),
    [
        pytest.param(
            "eight-off", table(["8D", "KS 7H"]), "21", "♥7 cannot go on ♦8: Eight Off builds by suit", id="suit"
        ),
        pytest.param(
            "freecell",
            table(["8D", "KS 7H"], n_cells=4),
            "21",
            "♥7 cannot go on ♦8: FreeCell builds in alternating colours",
            id="colours",
        ),
        pytest.param(
            "eight-off",
            table(["3C QS", ""]),
            "12",
            "♠Q cannot go to an empty column: only a king, alone or with its run, may in Eight Off",
            id="kings-only",
        ),
        pytest.param(
            "eight-off",
            table(["KH 9S 8S 7S 6S 5S 4S 3S", "TS", ""], ["2H", "3H", "4H", "6H", "7H", "8H"]),
            "12",
            "run of 7 cards, but 2 free cells and 1 empty column move at most 6",
            id="capacity",
        ),
        pytest.param(
            "freecell",
            table(["5D", "*"], ["AS"], n_cells=4),
            "1a",
            "cell a already holds ♠A: a cell holds one card",
            id="full-cell",
        ),
        pytest.param(
            "freecell",
            table(["5D"], home={"S": 3}, n_cells=4),
            "hSa",
            "nothing comes back from a foundation in FreeCell",
            id="foundation",
        ),
        pytest.param(
            "eight-off",
            table(["5D", "2S"]),
            "2h",
            "♠2 cannot go home yet: its foundation needs an ace next",
            id="home",
        ),
    ],
)
def test_illegal_move_error_says_the_rule_in_the_variant_s_words(
    variant: str, position: Position, move: str, message: str
) -> None:
    game = game_at(variant, position)
    with pytest.raises(IllegalMoveError) as error:
        game.play(move)
    assert str(error.value) == message


def test_a_cell_that_does_not_exist_is_named_with_the_cells_there_are() -> None:
    game = game_at("eight-off", table(["5D"], n_cells=2))
    with pytest.raises(IllegalMoveError, match=r"there is no cell e: Eight Off has 2 cells \(a b\)"):
        game.play("1e")


@pytest.mark.parametrize(
    "error",
    [
        PatienceError,
        IllegalMoveError,
        InvalidMoveError,
        InvalidCardError,
        InvalidCodeError,
        InvalidDealError,
        InvalidBoardError,
        UnknownVariantError,
        GameOverError,
        NothingToUndoError,
        NothingToRedoError,
    ],
)
def test_every_engine_error_is_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, ValueError)
    assert issubclass(error, PatienceError)


def test_nothing_to_undo_or_redo_are_errors_with_a_message() -> None:
    game = game_at("eight-off", table(["5D"]))
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        game.undo()
    with pytest.raises(NothingToRedoError, match="nothing to redo"):
        game.redo()


def test_a_run_asked_of_a_cell_says_a_cell_gives_one_card() -> None:
    game = game_at("eight-off", table(["TH"], ["9H"]))
    verdict = game.check(Move(Move.parse("a1").source, Move.parse("a1").destination, 2))
    assert not verdict
    assert str(verdict.reason) == "only a column holds a run of cards; cell a gives one card at a time"


def test_a_king_run_too_long_for_an_empty_column_is_refused_for_capacity() -> None:
    # "12" without a length: the player means the king's run, so the reason is the capacity.
    full = ["2H", "3H", "4H", "6H", "7H", "8H", "9H", "TH"]
    game = game_at("eight-off", table(["5C KS QS JS", ""], full))
    with pytest.raises(IllegalMoveError) as error:
        game.play("12")
    assert str(error.value) == (
        "run of 3 cards, but 0 free cells and 0 empty columns (the destination does not count) move at most 1"
    )


def test_a_bare_column_move_into_an_empty_column_carries_the_king_and_its_run() -> None:
    game = game_at("eight-off", table(["5C KS QS JS", ""]))
    assert game.parse_move("12") == Move.parse("12v3")
