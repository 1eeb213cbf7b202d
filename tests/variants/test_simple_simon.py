"""Simple Simon: PySolFC's deals, building regardless of suit, runs of one suit, whole suits home."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pysolfc import DEALS, layout, talon
from tables import game_at, table

from patience import Card, Game, Move, Place, Position, format_board, full_deck
from patience.reasons import Refusal
from patience.testing import check_variant
from patience_solver.testing import check_solver

SS = "simple-simon"
PATIENCE = Path(sys.executable).parent / "patience"


def _run(*args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "PATIENCE_LANG": "en"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=120, env=env, check=False
    )


# -- deals --------------------------------------------------------------------------


@pytest.mark.parametrize("number", DEALS)
def test_deal_is_pysolfc_simple_simon_card_for_card(number: int) -> None:
    dealt = Game.new(SS, deal=number).dealt
    assert dealt.columns == layout("simple_simon", number).columns
    assert dealt.cells == ()
    assert dealt.foundations == (0, 0, 0, 0)


@pytest.mark.parametrize("number", DEALS[::4])
def test_deal_follows_pysolfc_start_game_rows_from_its_talon(number: int) -> None:
    # PySolFC's startGame: a row across the first 9 columns, then 8 ... 3, then one across all 10,
    # each card from the top of the talon (the end of the list).
    cards = talon(number)
    columns: list[list[Card]] = [[] for _ in range(10)]
    for width in (9, 8, 7, 6, 5, 4, 3, 10):
        for column in range(width):
            columns[column].append(cards.pop())
    assert Game.new(SS, deal=number).dealt.columns == tuple(map(tuple, columns))


def test_columns_hold_8_8_8_7_6_5_4_3_2_1_cards_and_there_are_no_cells() -> None:
    game = Game.new(SS, deal=1)
    assert [len(column) for column in game.dealt.columns] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert game.cells == 0
    assert game.code == "SS1-C0-AAAAAAB"


# -- rules --------------------------------------------------------------------------


def _game(position: Position) -> Game:
    return game_at(SS, position)


def test_a_card_goes_on_the_next_higher_card_of_any_suit() -> None:
    game = _game(table(["9C", "8H", "8C", "7S"], n_columns=10, n_cells=0))
    assert game.check(Move.parse("21"))  # ♥8 on ♣9
    assert game.check(Move.parse("43"))  # ♠7 on ♣8: the same colour is fine too
    verdict = game.check(Move.parse("41"))
    assert not verdict
    assert verdict.reason.kind is Refusal.WRONG_RANK
    assert "only a 8 goes on it" not in str(verdict.reason)


@pytest.mark.parametrize("card", ["QS", "5D", "AH"])
def test_any_card_goes_into_an_empty_column(card: str) -> None:
    game = _game(table([f"3C {card}", ""], n_columns=10, n_cells=0))
    assert game.check(Move.parse("12"))


def test_a_mixed_run_does_not_go_into_an_empty_column_as_one_but_its_top_part_of_one_suit_does() -> None:
    game = _game(table(["KD 9H 8S 7S", ""], n_columns=10, n_cells=0))
    assert game.check(Move(Place.column(0), Place.column(1), 2))
    verdict = game.check(Move(Place.column(0), Place.column(1), 3))
    assert not verdict
    assert verdict.reason.kind is Refusal.RUN_NOT_MOVABLE


def test_a_run_of_one_suit_moves_whatever_its_length_with_no_free_place() -> None:
    game = _game(table(["JH", "TS 9S 8S 7S 6S 5S"], n_columns=10, n_cells=0))
    assert game.position.empty_columns == 0
    assert game.check(Move(Place.column(1), Place.column(0), 6))
    assert Move(Place.column(1), Place.column(0), 6) in game.legal_moves


def test_only_a_complete_suit_goes_home_by_typing_its_column_and_h() -> None:
    suit = " ".join(f"{rank}S" for rank in "KQJT98765432A")
    game = _game(table([suit, "AH"], n_columns=10, n_cells=0))
    refused = game.check(Move.parse("2h"))
    assert not refused
    assert refused.reason.kind is Refusal.SUIT_HOME_ONLY
    action = game.play("1h")
    assert action.moves == (Move(Place.column(0), Place.foundation(), 13),)
    assert game.position.foundations[0] == 13
    assert game.score == 130


def test_a_tap_or_a_double_tap_on_the_ace_sends_its_whole_suit_home() -> None:
    suit = " ".join(f"{rank}D" for rank in "KQJT98765432A")
    for act in ("tap", "double_tap"):
        game = _game(table([suit], n_columns=10, n_cells=0))
        action = getattr(game, act)(Place.column(0))
        assert action is not None
        assert action.moves == (Move(Place.column(0), Place.foundation(), 13),)


# -- the conformance kit and the solver --------------------------------------------------


def test_simple_simon_passes_the_conformance_kit() -> None:
    check_variant(SS, games=3, moves=40)
    check_solver(SS, games=2, moves=30, solve_deals=(), time_limit=20)


def test_patience_solve_solves_a_deal_and_the_solution_replays_to_a_win() -> None:
    result = _run("solve", SS, "1", "--format", "json", "--time-limit", "60")
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    assert data["result"] == "solved"
    game = Game.new(SS, deal=1)
    for move in data["moves"]:
        game.play(move)
    assert game.is_won


def test_solve_sn_lines_write_a_suit_home_as_fc_solve_does_and_replay_to_a_win_piped_into_play() -> None:
    solved = _run("solve", SS, "2", "--format", "sn", "--time-limit", "60")
    assert solved.returncode == 0, solved.stderr
    lines = solved.stdout.split()
    home = [line for line in lines if line.endswith("h")]
    assert len(home) == 4  # four complete suits, each one move home, written like fc-solve's 5h
    assert not [line for line in lines if "h" in line and not line.endswith("h")]
    played = _run("play", SS, "2", text=solved.stdout)
    assert played.returncode == 0, played.stderr
    assert "line " not in played.stdout  # no line refused
    assert played.stdout.splitlines()[-1].startswith("won: score ")


def test_patience_solve_reports_a_lost_board_lost(tmp_path: Path) -> None:
    # Every column topped by a king, a jack or a nine, with cards under them that join no run of one
    # suit: no top card fits on another and no column is empty, so there is no move at all.
    tops = [Card.parse(text) for text in ("KS", "KH", "KD", "KC", "JS", "JH", "JD", "JC", "9S", "9H")]
    rest = [card for card in full_deck() if card not in tops]
    position = Position(tuple((*rest[i::10], top) for i, top in enumerate(tops)), ())
    assert not list(Game.from_position(SS, position).legal_moves)
    board = tmp_path / "lost.txt"
    board.write_text(format_board(position))
    result = _run("solve", SS, "--board", str(board), "--time-limit", "30")
    assert result.returncode == 3, result.stdout + result.stderr
    assert "cannot be won" in result.stdout


# -- the terminal ----------------------------------------------------------------------


def test_patience_play_piped_shows_the_game_in_80_columns() -> None:
    result = _run("play", SS, "1", text="board\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    header = next(line for line in lines if line.split()[:1] == ["1"])
    assert header.split() == [str(n) for n in range(1, 11)]
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("typed", ["1h", "AS", "♠A", "1"])
def test_typing_the_column_home_the_ace_or_the_column_sends_a_complete_suit_home(typed: str) -> None:
    from patience_cli.repl import Controller

    suit = " ".join(f"{rank}S" for rank in "KQJT98765432A")
    controller = Controller(_game(table([suit], n_columns=10, n_cells=0)))
    reply = controller.handle(typed)
    assert not [said for said in reply.lines if said.kind == "error"], reply.text
    assert controller.game.log == ["1hvd"]
    assert controller.game.position.foundations[0] == 13


def test_typing_a_lone_card_home_says_that_only_a_complete_suit_goes_home() -> None:
    from patience_cli.repl import Controller

    controller = Controller(_game(table(["5D AS"], n_columns=10, n_cells=0)))
    reply = controller.handle("1h")
    errors = [said.text for said in reply.lines if said.kind == "error"]
    assert len(errors) == 1
    # The prompt adds its note on "1h" as a card name (♥A) after the refusal.
    assert errors[0].startswith("♠A cannot go home alone: only a complete suit, king to ace, goes home in Simple Simon")
