"""`patience solve` and `patience census`: exit codes, sn lines that replay, CSV; fc-solve agreement when installed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

import patience
from patience import Game, Move, PlaceKind, Position, deal_position, format_board
from patience_cli.app import app
from patience_solver import Outcome, solve

LOST_BOARD = (Path(__file__).parent / "data" / "lost-eight-off-2-cells.txt").read_text()

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_solved_deal_exits_0() -> None:
    code, out, _ = run("solve", "freecell", "1")
    assert code == 0
    assert out.startswith("FreeCell deal #1 (FC1-C4-AAAAAAB): solved in ")


def test_lost_board_exits_3(tmp_path: Path) -> None:
    board = tmp_path / "lost.txt"
    board.write_text(LOST_BOARD)
    code, out, _ = run("solve", "eight-off", "--board", str(board), "--cells", "2")
    assert code == 3
    assert "cannot be won" in out


def test_undecided_exits_4() -> None:
    code, out, _ = run("solve", "freecell", "11982", "--time-limit", "0.05")
    assert code == 4
    assert "no solution found" in out


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "freecell", "0"),
        ("solve", "nosuchgame", "1"),
        ("solve", "--code", "XX1-C4-AAAAAAB"),
        ("solve", "freecell", "1", "--cells", "7"),
        ("solve", "freecell", "1", "--time-limit", "-1"),
        ("solve", "freecell", "--board", "/no/such/file"),
        ("census", "freecell", "9-3"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...]) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith("patience: ")


def test_json_output() -> None:
    code, out, _ = run("solve", "--code", "FC1-C4-AAAAAAB", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["result"] == "solved"
    assert data["code"] == "FC1-C4-AAAAAAB"
    assert len(data["moves"]) <= len(data["sn"])


def replay_sn(position: Position, lines: list[str]) -> Position:
    """Replay -snx lines with no automatic play at all, as an independent program would."""
    for line in lines:
        move = Move.parse(line)
        if "v" not in line and move.source.kind is PlaceKind.COLUMN and move.destination.kind is PlaceKind.COLUMN:
            column = position.columns[move.source.index or 0]
            target = position.columns[move.destination.index or 0]
            if target:
                # fc-solve leaves out the run length onto a card: the destination's rank fixes it.
                count = next(n for n in range(1, len(column) + 1) if column[-n].rank + 1 == target[-1].rank)
                move = Move(move.source, move.destination, count)
        position = position.apply(move)
    return position


@pytest.mark.parametrize("code", ["EO1-C8-AAAAAFA", "FC1-C4-AAAAAAB", "BG1-C4-AAAAAAC", "ST1-C4-AAAAAAB"])
def test_sn_lines_replay_from_the_deal_without_automatic_play(code: str) -> None:
    status, out, _ = run("solve", "--code", code, "--format", "sn")
    assert status == 0
    game = Game.from_code(code)
    assert replay_sn(game.dealt, out.split()).is_won


def test_census_csv() -> None:
    code, out, _ = run("census", "freecell", "11980-11983", "--time-limit", "30")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "deal,result,moves,seconds,reason"
    rows = [line.split(",") for line in lines[1:]]
    assert [row[0] for row in rows] == ["11980", "11981", "11982", "11983"]
    assert [row[1] for row in rows] == ["solved", "solved", "unsolvable", "solved"]


def test_census_with_two_jobs_keeps_order() -> None:
    code, out, _ = run("census", "eight-off", "1-6", "--cells", "4", "--jobs", "2", "--format", "table")
    assert code == 0
    deals = [line.split()[0] for line in out.splitlines()[1:7]]
    assert deals == ["1", "2", "3", "4", "5", "6"]


FC_SOLVE = shutil.which("fc-solve")


@pytest.mark.fcsolve
@pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve (Debian freecell-solver-bin) is not installed")
@pytest.mark.parametrize(
    ("name", "game", "cells"),
    [
        ("eight-off", "eight_off", 8),
        ("eight-off", "eight_off", 4),
        ("bakers-game", "bakers_game", 4),
        ("freecell", "freecell", 2),
        ("seahaven-towers", "seahaven_towers", 4),
    ],
)
def test_every_deal_fc_solve_wins_is_won_here_and_never_called_lost(name: str, game: str, cells: int) -> None:
    assert FC_SOLVE is not None
    variant = patience.get_variant(name)
    for deal in range(1, 9):
        position = deal_position(variant, deal, cells)
        done = subprocess.run(
            [FC_SOLVE, "--game", game, "--freecells-num", str(cells), "-mi", "200000"],
            input=format_board(position),
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        fc_won = "This game is solveable." in done.stdout
        ours = solve(variant, position, time_limit=20).outcome
        if fc_won:
            assert ours is Outcome.SOLVED, f"{name} {cells} cells deal {deal}: fc-solve wins it"


def test_deal_winnable_prints_the_next_won_deal_and_its_code() -> None:
    code, out, _ = run("deal", "eight-off", "--cells", "4", "--winnable", "--from", "3")
    assert code == 0
    first = out.splitlines()[0].split()
    assert first[0] == "deal"
    number = int(first[1])
    assert number >= 3
    assert first[3] == str(patience.GameCode("EO", 4, number))
    variant = patience.get_variant("eight-off")
    assert solve(variant, deal_position(variant, number, 4)).outcome is Outcome.SOLVED


WON = "Foundations: H-K C-K D-K S-K\nFreecells: - - - -\n" + ":\n" * 8
WON_BY_AUTOMATIC_PLAY = "Foundations: H-J C-K D-K S-K\nFreecells: KH - - -\nQH\n" + ":\n" * 7


def test_solve_sn_on_a_board_won_by_automatic_play_lists_the_automatic_moves_as_fc_solve_does() -> None:
    from typer.testing import CliRunner

    from patience_cli.app import app

    runner = CliRunner()
    sn = runner.invoke(app, ["solve", "freecell", "--board", "-", "-f", "sn"], input=WON_BY_AUTOMATIC_PLAY)
    assert (sn.exit_code, sn.stdout, sn.stderr) == (0, "1h\nah\n", "")
    text = runner.invoke(app, ["solve", "freecell", "--board", "-"], input=WON_BY_AUTOMATIC_PLAY)
    assert text.stdout == "FreeCell board: won by automatic play, 2 cards go home by themselves: 1h ah\n"
    data = runner.invoke(app, ["solve", "freecell", "--board", "-", "-f", "json"], input=WON_BY_AUTOMATIC_PLAY)
    assert '"sn": [\n    "1h",\n    "ah"\n  ]' in data.stdout


def test_solve_on_a_board_already_won_says_so() -> None:
    from typer.testing import CliRunner

    from patience_cli.app import app

    runner = CliRunner()
    text = runner.invoke(app, ["solve", "freecell", "--board", "-"], input=WON)
    assert (text.exit_code, text.stdout) == (0, "FreeCell board: already won, nothing to play\n")
    sn = runner.invoke(app, ["solve", "freecell", "--board", "-", "-f", "sn"], input=WON)
    assert (sn.exit_code, sn.stdout, sn.stderr) == (0, "", "patience: FreeCell board: already won, nothing to play\n")
