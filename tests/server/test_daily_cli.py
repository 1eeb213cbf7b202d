"""`patience daily` end to end: a real server, the CLI piped with a solution, the leaderboard afterwards."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverhelp import PATIENCE, Server, call, ranked, solution, today, unique_name

from patience import Game
from patience_solver import solve
from patience_solver.daily import daily_deal


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("e2e")
    running = Server(f"sqlite+pysqlite:///{home / 'board.sqlite3'}", home)
    yield running
    running.stop()


def patience(args: list[str], home: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """``patience ARGS`` in ``home`` as its data directory, with no server but what ``env`` sets."""
    environ = {k: v for k, v in os.environ.items() if k != "PATIENCE_SERVER"}
    environ.update({"PATIENCE_HOME": str(home), **env})
    return subprocess.run(
        [PATIENCE, *args], input=stdin, capture_output=True, text=True, env=environ, timeout=120, check=False
    )


def daily(args: list[str], home: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """``patience daily ARGS``, as :func:`patience` runs it."""
    return patience(["daily", *args], home, stdin, **env)


def test_daily_play_piped_with_a_solution_ranks_on_the_server(sqlite_server: Server, tmp_path: Path) -> None:
    name = unique_name("e2e")
    date = today()
    moves = solution(date)
    expected = Game.from_code(ranked(date).code)
    for move in moves:
        expected.play(move)
    done = daily(["play", "--date", date, "--server", sqlite_server.url, "--name", name], tmp_path, "\n".join(moves))
    assert done.returncode == 0, done.stderr
    # The ranked deal is the player's own until the day is over: the share line names none.
    share = f"Daily FreeCell {date} · 52/52 home · {expected.moves} moves · 0 undos · won"
    assert share in done.stdout.splitlines()
    assert "rank 1 on the FreeCell leaderboard" in done.stdout
    status, rows, _ = call("GET", f"{sqlite_server.url}/api/v1/daily/{date}/leaderboard?variant=freecell&cells=4")
    assert status == 200
    assert [(row["name"], row["score"], row["result"]) for row in rows] == [(name, expected.score, "won")]
    # The token is kept: the next game needs no --name; the server refuses a second attempt, so it is practice.
    again = daily(["--date", date, "--server", sqlite_server.url], tmp_path, "giveup\n")
    assert again.returncode == 0, again.stderr
    assert "practice" in again.stdout
    # share prints the first attempt's line.
    shared = daily(["share", "--date", date], tmp_path)
    assert shared.stdout.strip() == share
    board = daily(["leaderboard", "--date", date, "--server", sqlite_server.url, "--format", "json"], tmp_path)
    assert json.loads(board.stdout)[0]["name"] == name
    table = daily(["leaderboard", "--date", date], tmp_path, PATIENCE_SERVER=sqlite_server.url)
    assert name in table.stdout


def test_second_machine_attempt_is_refused_by_the_server_and_played_as_practice(
    sqlite_server: Server, tmp_path: Path
) -> None:
    name = unique_name("twice")
    date = today()
    first = daily(["play", "--date", date, "--server", sqlite_server.url, "--name", name], tmp_path, "giveup\n")
    assert first.returncode == 0, first.stderr
    assert "gave-up" in first.stdout
    # Another machine (another data directory) with the same player's token.
    other = tmp_path / "other"
    other.mkdir()
    (other / "leaderboard.json").write_text((tmp_path / "leaderboard.json").read_text())
    second = daily(["play", "--date", date, "--server", sqlite_server.url], other, "giveup\n")
    assert second.returncode == 0
    assert "one attempt" in second.stderr
    assert "practice" in second.stdout


def test_no_server_plays_locally_and_says_so_in_one_line(tmp_path: Path) -> None:
    done = daily(["play"], tmp_path, "giveup\n")
    assert done.returncode == 0
    assert done.stderr.count("\n") == 1
    assert "no server" in done.stderr
    unreachable = daily(["play", "--cells", "3", "--server", "http://127.0.0.1:9", "--name", "x"], tmp_path, "giveup\n")
    assert unreachable.returncode == 0
    assert "cannot reach the server" in unreachable.stderr
    assert "Traceback" not in unreachable.stderr
    assert "gave-up" in unreachable.stdout


def test_daily_deal_prints_text_and_json(tmp_path: Path) -> None:
    done = daily(["deal", "freecell", "--date", "2026-12-24", "--format", "json"], tmp_path)
    assert json.loads(done.stdout) == {
        "date": "2026-12-24",
        "variant": "freecell",
        "cells": 4,
        "deal": 515111,
        "code": "FC1-C4-AAAPXBH",
    }
    text = daily(["deal", "--date", "2026-12-24"], tmp_path)
    assert "515111" in text.stdout
    bad = daily(["deal", "--date", "2026-02-30"], tmp_path)
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1


def test_options_before_the_command_are_the_commands_own(tmp_path: Path) -> None:
    before = daily(["--date", "2026-12-24", "deal"], tmp_path)
    assert before.returncode == 0 and "515111" in before.stdout
    # Given again after the command, the later one wins, as usual.
    after = daily(["--date", "2026-12-24", "deal", "--date", "2026-12-25"], tmp_path)
    assert "2026-12-25" in after.stdout and "515111" not in after.stdout
    cells = daily(["--cells", "3", "deal", "--date", "2026-12-24", "--format", "json"], tmp_path)
    assert json.loads(cells.stdout)["cells"] == 3
    # A bad date before the command is refused, not silently replaced by today's.
    bad = daily(["--date", "2026-13-01", "deal"], tmp_path)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1
    unknown = daily(["--name", "ada", "deal"], tmp_path)
    assert unknown.returncode == 2 and "--name does not go with `patience daily deal`" in unknown.stderr


def test_share_before_any_game_says_what_to_do(tmp_path: Path) -> None:
    done = daily(["share", "--date", "2026-12-24"], tmp_path)
    assert done.returncode == 2
    assert "patience daily play" in done.stderr


def test_an_attempt_left_unfinished_is_resumed_and_sent_to_the_same_attempt(
    sqlite_server: Server, tmp_path: Path
) -> None:
    name = unique_name("pause")
    date = today()
    moves = solution(date, "freecell", 3)
    args = ["play", "--cells", "3", "--date", date, "--server", sqlite_server.url]
    first = daily([*args, "--name", name], tmp_path, "\n".join(moves[:10]))
    assert first.returncode == 0, first.stderr
    assert "not sent" in first.stderr
    second = daily(args, tmp_path, "\n".join(moves[10:]))
    assert second.returncode == 0, second.stderr
    assert "resumed the day's attempt" in second.stderr
    assert "practice" not in second.stdout
    assert "rank 1 on the FreeCell leaderboard" in second.stdout
    status, rows, _ = call("GET", f"{sqlite_server.url}/api/v1/daily/{date}/leaderboard?variant=freecell&cells=3")
    assert status == 200
    assert [(row["name"], row["result"]) for row in rows] == [(name, "won")]


def test_an_attempt_left_for_another_game_waits_for_the_player_and_counts(
    sqlite_server: Server, tmp_path: Path
) -> None:
    name = unique_name("detour")
    date = today()
    moves = solution(date, "freecell", 3)
    args = ["play", "--cells", "3", "--date", date, "--server", sqlite_server.url]
    first = daily([*args, "--name", name], tmp_path, "\n".join(moves[:10]))
    assert first.returncode == 0, first.stderr
    # Another game, named by its deal, played a move and left: it does not take the attempt's place.
    other = patience(["play", "freecell", "5"], tmp_path, "1a\n")
    assert other.returncode == 0, other.stderr
    second = daily(args, tmp_path, "\n".join(moves[10:]))
    assert second.returncode == 0, second.stderr
    assert "resumed the day's attempt" in second.stderr
    assert "practice" not in second.stdout
    assert " on the FreeCell leaderboard" in second.stdout  # the server shared with the tests above ranks it
    status, rows, _ = call("GET", f"{sqlite_server.url}/api/v1/daily/{date}/leaderboard?variant=freecell&cells=3")
    assert status == 200 and (name, "won") in [(row["name"], row["result"]) for row in rows]


def test_plain_play_brings_back_the_days_attempt_as_the_attempt(sqlite_server: Server, tmp_path: Path) -> None:
    name = unique_name("plain")
    date = today()
    moves = solution(date, "freecell", 2)
    first = daily(
        ["play", "--cells", "2", "--date", date, "--server", sqlite_server.url, "--name", name],
        tmp_path,
        "\n".join(moves[:10]),
    )
    assert first.returncode == 0, first.stderr
    # `patience play` with no deal named brings back the last unfinished game: the day's attempt,
    # which must stay the attempt (its record sent when it ends), not become an ordinary game.
    plain = patience(["play"], tmp_path, "\n".join(moves[10:]), PATIENCE_SERVER=sqlite_server.url)
    assert plain.returncode == 0, plain.stderr
    assert "resumed the day's attempt" in plain.stderr
    assert f"Daily FreeCell {date}" in plain.stdout and "practice" not in plain.stdout
    assert "rank 1 on the FreeCell leaderboard" in plain.stdout
    status, rows, _ = call("GET", f"{sqlite_server.url}/api/v1/daily/{date}/leaderboard?variant=freecell&cells=2")
    assert status == 200
    assert [(row["name"], row["result"]) for row in rows] == [(name, "won")]


def test_the_days_attempt_cannot_be_restarted_in_the_terminal(tmp_path: Path) -> None:
    date = today()
    # No server: the public daily deal is played.
    public = Game.from_code(daily_deal(date, "freecell", 1).code)
    found = solve(public.variant, public.position, max_positions=200_000)
    moves = [str(move) for move in found.moves]
    done = daily(["play", "--cells", "1", "--date", date], tmp_path, "\n".join([*moves[:2], "restart", "stats"]))
    assert done.returncode == 0, done.stderr
    assert "the day's attempt cannot be started again: undo moves instead" in done.stdout + done.stderr
    listed = patience(["history", "--format", "json"], tmp_path)
    assert listed.returncode == 0, listed.stderr
    [game] = json.loads(listed.stdout)  # one game: the attempt, never abandoned for a second one
    assert game["result"] == "unfinished" and game["moves"] == 2
