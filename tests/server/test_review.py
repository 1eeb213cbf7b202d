"""A result whose timing no person reaches waits for the operator's review: unranked, listed after the ranked ones.

Against real server processes (SQLite and PostgreSQL); ``patience serve
review`` runs as a real command on the same database.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverhelp import PATIENCE, Server, call, ranked, record_text, solution, stream, today, unique_name, won_game

from patience import Game


@pytest.fixture(scope="module")
def server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A `patience serve` process on the module's database with the documented review pace."""
    running = Server(database, tmp_path_factory.mktemp("review"), review_pace=None)
    yield running
    running.stop()


def register(server: Server) -> tuple[str, str]:
    name = unique_name()
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": name})
    assert status == 201, body
    return name, str(body["token"])


def start(server: Server, token: str) -> int:
    status, body, _ = call(
        "POST", f"{server.url}/api/v1/daily/{today()}/attempts", {"variant": "freecell", "cells": 4}, token=token
    )
    assert status == 201, body
    return int(body["attempt"])


def put(server: Server, token: str, attempt: int, text: str) -> tuple[int, Any]:
    status, body, _ = call(
        "PUT", f"{server.url}/api/v1/daily/{today()}/attempts/{attempt}/record", token=token, text=text
    )
    return status, body


def board(server: Server) -> list[dict[str, Any]]:
    status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
    assert status == 200, rows
    return list(rows)


def review(database: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATIENCE_LANG": "en", "COLUMNS": "200"}
    return subprocess.run(
        [PATIENCE, "serve", "review", "--database", database, *arguments],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def perfect_line_in_a_second(server: Server) -> tuple[str, int]:
    """A solver's winning line, streamed action by action as fast as it goes, and its record sent."""
    name, token = register(server)
    attempt = start(server, token)
    line = solution(today())
    began = time.monotonic()
    assert stream(server.url, today(), attempt, token, line, size=1) == len(line)
    took = time.monotonic() - began
    status, body = put(server, token, attempt, record_text(won_game(today())))
    assert status == 200, body
    assert (body["status"], body["rank"], body["hints"]) == ("review", None, 0)
    # The server's clock: no more than the streaming took since the attempt started (a loaded machine is slower).
    assert body["seconds"] <= took + 1.0
    return name, attempt


def gave_up_early(server: Server) -> str:
    """An unassisted game of three actions, then given up: too short for the review, so it ranks."""
    name, token = register(server)
    attempt = start(server, token)
    game = Game.from_code(ranked(today()).code)
    for move in solution(today())[:3]:
        game.play(move)
    game.give_up()
    stream(server.url, today(), attempt, token, tuple(game.log), size=1)
    status, body = put(server, token, attempt, record_text(game, "gave-up"))
    assert status == 200, body
    assert body["status"] == "ranked" and isinstance(body["rank"], int)
    return name


def test_a_solvers_perfect_line_streamed_in_a_second_waits_for_review_after_the_ranked_entries(server: Server) -> None:
    ranked_name = gave_up_early(server)
    fast, _ = perfect_line_in_a_second(server)
    rows = board(server)
    names = [row["name"] for row in rows]
    entry = rows[names.index(fast)]
    assert (entry["status"], entry["rank"]) == ("review", None)
    assert names.index(ranked_name) < names.index(fast)
    assert all(row["status"] == "ranked" for row in rows[: names.index(fast)])
    assert all(isinstance(row["rank"], int) for row in rows if row["status"] == "ranked")


def test_serve_review_lists_the_results_waiting_and_clearing_one_ranks_it(server: Server, database: str) -> None:
    fast, attempt = perfect_line_in_a_second(server)
    listed = review(database)
    assert listed.returncode == 0, listed.stderr
    line = next(text for text in listed.stdout.splitlines() if fast in text)
    assert line.split()[0] == str(attempt)
    cleared = review(database, "--clear", str(attempt))
    assert cleared.returncode == 0, cleared.stderr
    assert cleared.stdout == f"attempt {attempt} of {fast} is cleared: it ranks on the leaderboard of {today()}\n"
    entry = next(row for row in board(server) if row["name"] == fast)
    # A won, unassisted game: it ranks above every game given up.
    assert (entry["status"], entry["rank"]) == ("ranked", 1)
    assert fast not in review(database).stdout


def test_a_rejected_result_leaves_the_board(server: Server, database: str) -> None:
    fast, attempt = perfect_line_in_a_second(server)
    rejected = review(database, "--reject", str(attempt))
    assert rejected.returncode == 0, rejected.stderr
    assert rejected.stdout == f"attempt {attempt} of {fast} is rejected: it leaves the leaderboard of {today()}\n"
    assert fast not in [row["name"] for row in board(server)]
    status, page, _ = call("GET", f"{server.url}/daily/{today()}?variant=freecell&cells=4&name={fast}")
    assert status == 200 and fast not in page


def test_an_attempt_that_waits_for_no_review_is_one_line_and_exit_2(server: Server, database: str) -> None:
    ranked_name = gave_up_early(server)
    del ranked_name
    for option in ("--clear", "--reject"):
        done = review(database, option, "999999")
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr == "patience: attempt 999999 is not waiting for review\n"


def test_with_nothing_waiting_serve_review_says_so_in_one_line(tmp_path: Path) -> None:
    done = review(f"sqlite+pysqlite:///{tmp_path / 'empty.sqlite3'}")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "No result is waiting for review.\n"


def test_serve_review_refuses_clear_and_reject_together(tmp_path: Path) -> None:
    done = review(f"sqlite+pysqlite:///{tmp_path / 'both.sqlite3'}", "--clear", "1", "--reject", "2")
    assert done.returncode == 2
    assert done.stderr == "patience: give --clear or --reject, not both\n"


def test_paging_reads_the_ranked_entries_then_those_waiting_for_review(server: Server) -> None:
    gave_up_early(server)
    fast, _ = perfect_line_in_a_second(server)
    whole = board(server)
    ranked_rows = [row for row in whole if row["status"] == "ranked"]
    pages: list[dict[str, Any]] = []
    after = 0
    while True:
        status, page, _ = call(
            "GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4&limit=1&after={after}"
        )
        assert status == 200, page
        pages.extend(page)
        if len(page) < 1 or page[-1]["rank"] is None:
            break
        after = page[-1]["rank"]
    assert [row["rank"] for row in pages[: len(ranked_rows)]] == list(range(1, len(ranked_rows) + 1))
    assert pages[len(ranked_rows)]["status"] == "review"
    assert fast in [row["name"] for row in whole if row["status"] == "review"]


def test_the_days_page_marks_a_result_waiting_for_review_in_place_of_its_rank(server: Server) -> None:
    fast, _ = perfect_line_in_a_second(server)
    status, page, _ = call("GET", f"{server.url}/daily/{today()}?variant=freecell&cells=4&name={fast}&lang=de")
    assert status == 200
    assert f'<tr class="me"><td>in Prüfung</td><td class="n">{fast}</td>' in page


def test_a_database_serve_review_cannot_open_is_one_line_and_exit_2() -> None:
    done = review("postgresql+psycopg://nobody@/x?host=/nonexistent")
    assert done.returncode == 2
    assert done.stderr.startswith("patience: cannot open the database: ")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
