"""A 13-column game and a 10-cell FreeCell through every place a player types or reads a move.

The plugin is :mod:`wide_tables`: installed for real ``patience`` processes,
registered on a plugin manager of its own for the in-process parts (the
REPL's controller, completion and board, records, fc-solve's moves).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import types
from pathlib import Path

import pluggy
import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from wide_tables import SOURCE, install, patience

import patience as engine
from patience import Game, Move, Place
from patience.formats.fcsolve import FcsFollower, fcs_tokens
from patience.formats.records import check_record, format_record, parse_record, record_of
from patience_cli.repl import GameCompleter, Repl
from patience_cli.repl.controller import Controller
from patience_cli.repl.render import plain_board

START = dt.datetime(2026, 12, 1, 8, 0, tzinfo=dt.UTC)
WON = re.compile(r"won: score \d+ in \d+ moves")


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install(tmp_path_factory.mktemp("plugins"))


@pytest.fixture(scope="module")
def pm() -> pluggy.PluginManager:
    module = types.ModuleType("patience_wide_tables")
    exec(SOURCE, module.__dict__)
    manager = engine.make_plugin_manager()
    manager.register(module, name="wide-tables")
    return manager


def _game(pm: pluggy.PluginManager, name: str, deal: int = 1) -> Game:
    return Game.new(engine.get_variant(name, pm), deal, plugins=pm)


def _solution(pm: pluggy.PluginManager, name: str, deal: int) -> list[Move]:
    from patience_solver import Outcome, solve

    game = _game(pm, name, deal)
    result = solve(game.variant, game.dealt, plugins=pm, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    return list(result.moves)


# -- the command line, as a real process ---------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_solve_lines_of_a_13_column_game_name_columns_past_nine_and_replay_to_a_win(root: Path, deal: int) -> None:
    solved = patience(["solve", "dozen-wide", str(deal)], root)
    assert solved.returncode == 0, solved.stderr
    moves = [line.split()[1] for line in solved.stdout.splitlines()[1:]]
    assert any(re.fullmatch(r"1[0-3]-.*|.*-1[0-3](v.*)?", move) for move in moves)
    played = patience(["play", "dozen-wide", str(deal)], root, stdin="\n".join(moves) + "\n")
    assert played.returncode == 0, played.stderr
    assert not [line for line in played.stdout.splitlines() if line.startswith("line ")]
    assert WON.fullmatch(played.stdout.splitlines()[-1])


@pytest.mark.parametrize("form", ["sn", "json"])
def test_solve_sn_and_json_lines_of_a_13_column_game_replay_to_a_win(root: Path, form: str) -> None:
    solved = patience(["solve", "dozen-wide", "2", "--format", form], root)
    assert solved.returncode == 0, solved.stderr
    lines = json.loads(solved.stdout)["moves"] if form == "json" else solved.stdout.split()
    assert any("-" in line for line in lines)
    played = patience(["play", "dozen-wide", "2"], root, stdin="\n".join(lines) + "\n")
    assert WON.fullmatch(played.stdout.splitlines()[-1]), played.stdout[-500:]


def test_piped_play_refuses_a_move_with_two_readings_and_plays_it_with_the_dash(root: Path) -> None:
    # Deal 1: 113 could be column 1 to 13 or 11 to 3; 11-3 is neither legal, 8-11 is.
    played = patience(["play", "dozen-wide", "1"], root, stdin="113\n811\n")
    lines = played.stdout.splitlines()
    assert lines[0] == (
        "line 1: 113: '113' can be read more than one way (1-13, 11-3): write a - between its two places"
    )
    assert lines[1].startswith("8-11: ")
    assert played.returncode == 0


def test_the_ten_cell_freecell_deals_and_plays_into_its_tenth_cell(root: Path) -> None:
    dealt = patience(["deal", "freecell-ten", "1"], root)
    assert dealt.returncode == 0, dealt.stderr
    moves = ["6a", "7b", "7c", "7d", "8e", "8f", "8g", "1k", "1m", "1n"]
    played = patience(["play", "freecell-ten", "1"], root, stdin="\n".join([*moves, "board"]) + "\n")
    assert played.returncode == 0, played.stderr
    assert not [line for line in played.stdout.splitlines() if line.startswith("line ")], played.stdout
    labels = next(line for line in played.stdout.splitlines() if line.startswith(" a "))
    assert labels.split()[:10] == list("abcdefgkmn")
    back = patience(["play", "freecell-ten", "1"], root, stdin="1n\nn1\n").stdout.splitlines()
    # The card in cell n is named and judged: ♠6 left column 1, whose top is now ♦6.
    assert back[0].startswith("1n: ♠6")
    assert back[1].startswith("line 2: n1: ♠6 cannot go on ♦6")


# -- the REPL in-process -------------------------------------------------------------------------------


def test_the_repl_plays_columns_past_nine_with_and_without_the_dash(pm: pluggy.PluginManager) -> None:
    controller = Controller(_game(pm, "dozen-wide"), piped=True)
    assert controller.handle("11-9").text.startswith("11-9: ")
    assert controller.handle("131").text.startswith("13-1: ")
    refused = controller.handle("113")
    assert refused.lines[0].kind == "error"
    assert "can be read more than one way (1-13, 11-3)" in refused.text


@pytest.mark.timeout(30)
def test_the_interactive_prompt_plays_moves_past_column_nine(pm: pluggy.PluginManager) -> None:
    controller = Controller(_game(pm, "dozen-wide"))
    moved = controller.game.position.column(Place.column(10))[-1]
    with create_pipe_input() as pipe:
        repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput())
        pipe.send_text("11-9\n131\n\x04")
        repl.run()
    assert controller.game.moves == 2
    assert controller.game.position.column(Place.column(8))[-1] == moved
    assert (
        controller.game.position.column(Place.column(12))
        == _game(pm, "dozen-wide").position.column(Place.column(12))[:-1]
    )


def test_two_digits_alone_stay_a_move_between_single_digit_columns(pm: pluggy.PluginManager) -> None:
    controller = Controller(_game(pm, "dozen-wide"), piped=True)
    assert controller.handle("13").text.startswith("13: ")  # column 1 onto column 3, not column 13
    assert controller.game.position.column(Place.column(12)) == _game(pm, "dozen-wide").position.column(
        Place.column(12)
    )


def test_the_repl_board_labels_all_13_columns_and_10_cells(pm: pluggy.PluginManager) -> None:
    wide = plain_board(_game(pm, "dozen-wide")).splitlines()
    assert next(line for line in wide if line.startswith(" 1 ")).split() == [str(n) for n in range(1, 14)]
    cells = plain_board(_game(pm, "freecell-ten")).splitlines()
    assert cells[0].split() == [*"abcdefgkmn", "h"]


def _complete(game: Game, text: str) -> list[str]:
    completer = GameCompleter(lambda: game)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_completion_offers_moves_past_column_nine_with_or_without_the_dash(pm: pluggy.PluginManager) -> None:
    game = _game(pm, "dozen-wide")
    legal = {str(move) for move in game.legal_moves}
    assert {"8-11", "11-9", "12-7", "13-1"} <= legal
    assert "11-9" in _complete(game, "11")
    assert "11-9" in _complete(game, "11-")
    assert "8-11" in _complete(game, "811")
    assert "13-1" in _complete(game, "13")
    assert {"13", "14", "18"} <= set(_complete(game, "1"))


def test_completion_offers_the_ninth_and_tenth_cells(pm: pluggy.PluginManager) -> None:
    game = _game(pm, "freecell-ten")
    for move in ["6a", "7b", "7c", "7d", "8e", "8f", "8g", "1k"]:
        game.play(move)
    assert any(text.endswith("m") for text in _complete(game, "1"))


# -- records and fc-solve's moves ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["dozen-wide", "freecell-ten"])
def test_a_record_of_a_wide_game_reads_back_and_verifies(pm: pluggy.PluginManager, name: str) -> None:
    game = _game(pm, name, 2)
    if name == "freecell-ten":
        # Every cell filled, the ninth and tenth included, then taken back: the record holds 1m and 1n.
        filled = ["6a", "7b", "7c", "7d", "8e", "8f", "8g", "1k", "1m", "1n"]
        for move in filled:
            game.play(move)
        assert game.position.cells[9] is not None
        for _ in filled:
            game.undo()
    for move in _solution(pm, name, 2):
        game.play(move)
    assert game.is_won
    record = record_of(game, result="won", started=START)
    text = format_record(record)
    assert parse_record(text) == record
    assert check_record(parse_record(text), plugins=pm).problem is None
    if name == "dozen-wide":
        assert any(re.fullmatch(r"1[0-3]-.+|.+-1[0-3](v.+)?", token) for token in record.actions)
    else:
        assert {"1m", "1n"} <= set(record.actions)


def test_fc_solve_moves_past_column_ten_are_read_with_the_dash(pm: pluggy.PluginManager) -> None:
    game = _game(pm, "dozen-wide")
    assert fcs_tokens("8-11 11-9 12-7") == ["8-11", "11-9", "12-7"]
    assert fcs_tokens("Move a card from stack 7 to stack 10") == ["8-11"]
    follower = FcsFollower.from_deal(game)
    step = follower.step(game, "8-11")
    assert step.move == Move(Place.column(7), Place.column(10))
