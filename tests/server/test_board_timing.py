"""The leaderboard says how each game was played: the server's seconds, the hints taken, resent offsets.

Against real server processes (SQLite and PostgreSQL). ``lenient`` is a
server whose review pace is 0 (``PATIENCE_REVIEW_PACE``), so that a won
game streamed by a test at machine speed ranks rather than waiting for
review; ``server`` keeps the documented pace.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from typing import Any

import pytest
from serverhelp import Server, call, ranked, record_text, solution, stream, today, unique_name, won_game

from patience import Game
from patience_server.timing import Received, needs_review, timing_of


@pytest.fixture(scope="module")
def lenient(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server on the module's database that reviews no timing."""
    running = Server(database, tmp_path_factory.mktemp("lenient"), review_pace="0")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server on the module's database with the documented review pace."""
    running = Server(database, tmp_path_factory.mktemp("paced"), review_pace=None)
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


def send(server: Server, token: str, attempt: int, body: dict[str, Any]) -> None:
    status, answer, _ = call(
        "POST", f"{server.url}/api/v1/daily/{today()}/attempts/{attempt}/actions", body, token=token
    )
    assert status == 200, answer


def put(server: Server, token: str, attempt: int, game: Game, result: str = "won") -> dict[str, Any]:
    status, body, _ = call(
        "PUT",
        f"{server.url}/api/v1/daily/{today()}/attempts/{attempt}/record",
        token=token,
        text=record_text(game, result),
    )
    assert status == 200, body
    return dict(body)


def board(server: Server) -> dict[str, dict[str, Any]]:
    status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
    assert status == 200, rows
    return {row["name"]: row for row in rows}


def hinted_win() -> Game:
    """The day's winning line with a hint asked for before three of its moves."""
    game = Game.from_code(ranked(today()).code)
    for index, move in enumerate(solution(today())):
        if index in (0, 10, 20):
            game.note_hint()
        game.play(move)
    assert game.is_won
    return game


def test_a_hint_won_game_shows_its_hints_and_ranks_below_an_unassisted_win(lenient: Server) -> None:
    helped, helped_token = register(lenient)
    attempt = start(lenient, helped_token)
    game = hinted_win()
    stream(lenient.url, today(), attempt, helped_token, tuple(game.log), size=1)
    answer = put(lenient, helped_token, attempt, game)
    assert (answer["hints"], answer["status"]) == (3, "ranked")
    alone, alone_token = register(lenient)
    attempt = start(lenient, alone_token)
    game = won_game(today())
    stream(lenient.url, today(), attempt, alone_token, tuple(game.log), size=1)
    assert put(lenient, alone_token, attempt, game)["hints"] == 0
    rows = board(lenient)
    assert rows[helped]["hints"] == 3 and rows[alone]["hints"] == 0
    # Submitted later with the same score, the unassisted win still ranks first.
    assert rows[alone]["rank"] < rows[helped]["rank"]
    status, page, _ = call("GET", f"{lenient.url}/daily/{today()}?variant=freecell&cells=4")
    assert status == 200
    assert "<th>Time</th><th>Hints</th>" in page


def test_a_hint_won_game_still_ranks_above_a_game_given_up(lenient: Server) -> None:
    quitter, token = register(lenient)
    attempt = start(lenient, token)
    game = Game.from_code(ranked(today()).code)
    game.play(solution(today())[0])
    game.give_up()
    stream(lenient.url, today(), attempt, token, tuple(game.log))
    put(lenient, token, attempt, game, "gave-up")
    helped, token = register(lenient)
    attempt = start(lenient, token)
    game = hinted_win()
    stream(lenient.url, today(), attempt, token, tuple(game.log))
    put(lenient, token, attempt, game)
    rows = board(lenient)
    assert rows[helped]["rank"] < rows[quitter]["rank"]


def test_seconds_are_the_servers_from_the_start_to_the_last_action_received(lenient: Server) -> None:
    name, token = register(lenient)
    attempt = start(lenient, token)
    game = Game.from_code(ranked(today()).code)
    began = time.monotonic()
    for number, move in enumerate(solution(today())[:3], start=1):
        time.sleep(0.5)
        game.play(move)
        # Offsets on single actions that claim far more time than passed: the server's clock wins.
        send(lenient, token, attempt, {"first": number, "actions": [move], "offsets": [number * 600_000]})
    took = time.monotonic() - began
    game.give_up()
    send(lenient, token, attempt, {"first": 4, "actions": ["giveup"]})
    answer = put(lenient, token, attempt, game, "gave-up")
    assert 1.4 <= answer["seconds"] <= took + 1.0
    assert answer["resent"] is False
    entry = board(lenient)[name]
    assert (entry["seconds"], entry["hints"], entry["resent"]) == (answer["seconds"], 0, False)


def test_a_resent_batchs_offsets_count_only_within_the_servers_window_and_mark_the_entry(server: Server) -> None:
    name, token = register(server)
    attempt = start(server, token)
    line = list(solution(today()))
    began = time.monotonic()
    time.sleep(1.0)
    # The whole game in one batch a second after the start, claiming ten seconds per action.
    send(
        server, token, attempt, {"first": 1, "actions": line, "offsets": [10_000 * n for n in range(1, len(line) + 1)]}
    )
    took = time.monotonic() - began
    answer = put(server, token, attempt, won_game(today()))
    assert answer["resent"] is True
    # The server's receive time, not the 570 seconds claimed.
    assert 1.0 <= answer["seconds"] <= took + 1.0
    # Taken within one second, the claimed pace is a solver's: it waits for review.
    assert (answer["status"], answer["rank"]) == ("review", None)
    entry = board(server)[name]
    assert (entry["resent"], entry["status"], entry["rank"]) == (True, "review", None)


START = dt.datetime(2026, 12, 24, 12, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return START + dt.timedelta(seconds=seconds)


def test_offsets_are_clamped_to_the_batchs_window_and_kept_in_order() -> None:
    actions = [
        Received(1, "1a", at(2), None),
        # A resent batch received at 10 s: claimed 1 s (before the batch before), 6 s, and 60 s (after it arrived).
        Received(2, "2b", at(10), 1_000),
        Received(3, "3c", at(10), 6_000),
        Received(4, "4d", at(10), 60_000),
    ]
    timing = timing_of(START, actions)
    assert timing.elapsed_ms == 10_000
    assert timing.resent is True
    # Gaps 2 s, 0 s (clamped to 2 s), 4 s, 4 s (clamped to 10 s): the median is 3 s.
    assert timing.median_ms == 3_000


def test_the_review_looks_at_twenty_actions_or_more_under_the_pace() -> None:
    quick = [Received(n, "1a", at(n * 0.1), None) for n in range(1, 21)]
    assert needs_review(timing_of(START, quick))
    assert not needs_review(timing_of(START, quick[:19]))
    steady = [Received(n, "1a", at(n * 0.5), None) for n in range(1, 41)]
    assert not needs_review(timing_of(START, steady))
    hinted = [Received(1, "hint", at(1), None), Received(2, "3a", at(2), None)]
    assert timing_of(START, hinted).hints == 1
