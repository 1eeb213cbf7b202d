"""A ranked attempt is a live game on the server: its deal from the server's secret, its actions streamed as played.

Against real server processes, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import concurrent.futures
from pathlib import Path
from typing import Any

import pytest
from serverhelp import (
    NO_POSTGRES,
    POSTGRES_URL,
    SECRET,
    Server,
    call,
    fresh_postgres_database,
    ranked,
    record_text,
    solution,
    stream,
    today,
    unique_name,
    won_game,
)

from patience import Game
from patience_solver.daily import daily_deal, ranked_deal


def register(server: Server) -> str:
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": unique_name()})
    assert status == 201, body
    return str(body["token"])


def start(server: Server, token: str) -> dict[str, Any]:
    status, body, _ = call(
        "POST", f"{server.url}/api/v1/daily/{today()}/attempts", {"variant": "freecell", "cells": 4}, token=token
    )
    assert status == 201, body
    return dict(body)


def actions(server: Server, token: str, attempt: int, body: dict[str, Any]) -> tuple[int, Any]:
    status, answer, _ = call(
        "POST", f"{server.url}/api/v1/daily/{today()}/attempts/{attempt}/actions", body, token=token
    )
    return status, answer


def test_the_ranked_deal_is_the_secrets_and_not_the_public_daily_deal(server: Server) -> None:
    attempt = start(server, register(server))
    expected = ranked_deal(SECRET.encode(), today(), "freecell", 4)
    assert (attempt["deal"], attempt["code"]) == (expected.deal, expected.code)
    assert attempt["deal"] != daily_deal(today(), "freecell", 4).deal
    # Still checked winnable, as the public deal is.
    assert Game.from_code(attempt["code"]).variant.name == "freecell"
    assert solution(today())


def test_without_a_secret_set_the_database_makes_one_that_every_process_shares(database: str, tmp_path: Path) -> None:
    if database.startswith("sqlite"):
        database = f"sqlite+pysqlite:///{tmp_path / 'own.sqlite3'}"
    elif POSTGRES_URL is None:
        pytest.skip(NO_POSTGRES)
    else:
        database = fresh_postgres_database()
    first = Server(database, tmp_path, secret=None)
    second = Server(database, tmp_path, secret=None)
    try:
        deals = {start(running, register(running))["deal"] for running in (first, second)}
    finally:
        first.stop()
        second.stop()
    again = Server(database, tmp_path, secret=None)
    try:
        deals.add(start(again, register(again))["deal"])
    finally:
        again.stop()
    assert len(deals) == 1
    (deal,) = deals
    assert deal not in (daily_deal(today(), "freecell", 4).deal, ranked(today()).deal)


def test_the_page_and_the_json_leaderboard_leave_the_ranked_deal_out_while_the_day_is_played(server: Server) -> None:
    token = register(server)
    attempt = start(server, token)
    game = won_game(today())
    stream(server.url, today(), attempt["attempt"], token, tuple(game.log))
    status, body, _ = call(
        "PUT",
        f"{server.url}/api/v1/daily/{today()}/attempts/{attempt['attempt']}/record",
        token=token,
        text=record_text(game),
    )
    assert status == 200, body
    status, page, _ = call("GET", f"{server.url}/daily/{today()}?variant=freecell&cells=4")
    assert status == 200
    assert str(attempt["deal"]) not in page.replace(",", "").replace("\u202f", "").replace("\xa0", "")
    assert attempt["code"] not in page
    assert "the deal is shown once the day is over" in page
    status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
    assert status == 200 and rows
    text = repr(rows)
    assert attempt["code"] not in text and str(attempt["deal"]) not in text


def test_streamed_actions_are_applied_in_order_and_a_resent_overlap_is_accepted(server: Server) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    line = list(solution(today()))
    assert actions(server, token, number, {"first": 1, "actions": line[:5]}) == (200, {"applied": 5})
    # The same batch again, and one that overlaps it: nothing is applied twice.
    assert actions(server, token, number, {"first": 1, "actions": line[:5]}) == (200, {"applied": 5})
    assert actions(server, token, number, {"first": 4, "actions": line[3:8], "offsets": [10, 20, 30, 40, 50]}) == (
        200,
        {"applied": 8},
    )


def test_a_different_token_at_an_applied_number_is_409(server: Server) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    line = list(solution(today()))
    assert actions(server, token, number, {"first": 1, "actions": line[:3]})[0] == 200
    status, body = actions(server, token, number, {"first": 3, "actions": ["undo"]})
    assert status == 409
    assert body["error_code"] == "action_conflict"
    assert body["error"] == f"action 3 is {line[2]} on the server, not undo"


def test_a_batch_that_leaves_a_gap_is_409_with_the_applied_count(server: Server) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    line = list(solution(today()))
    assert actions(server, token, number, {"first": 1, "actions": line[:3]})[0] == 200
    status, body = actions(server, token, number, {"first": 6, "actions": line[5:7]})
    assert status == 409
    assert body == {
        "error": "the batch starts at action 6, but the attempt has 3 actions: send from 4",
        "error_code": "action_conflict",
        "applied": 3,
    }


def test_an_illegal_action_is_422_naming_it_and_nothing_of_its_batch_is_applied(server: Server) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    line = list(solution(today()))
    status, body = actions(server, token, number, {"first": 1, "actions": [*line[:2], "zz", line[2]]})
    assert status == 422
    assert (body["error_code"], body["action"]) == ("illegal_action", 3)
    assert body["error"] == "action 3 'zz': there is no cell z: FreeCell has 4 cells (a b c d)"
    assert actions(server, token, number, {"first": 1, "actions": line[:1]}) == (200, {"applied": 1})


def test_a_game_streamed_an_action_a_batch_through_refusals_and_resends_ends_as_its_replay(server: Server) -> None:
    # Each batch plays on the game the server keeps from the last one; a refused batch and a resend must not
    # leave that game anywhere but where the stored actions do.
    token = register(server)
    number = start(server, token)["attempt"]
    line = list(solution(today()))
    for index, move in enumerate(line, start=1):
        if index % 7 == 0:
            status, body = actions(server, token, number, {"first": index, "actions": ["zz"]})
            assert (status, body["action"]) == (422, index)
        if index % 5 == 0:
            assert actions(server, token, number, {"first": index - 1, "actions": line[index - 2 : index - 1]}) == (
                200,
                {"applied": index - 1},
            )
        assert actions(server, token, number, {"first": index, "actions": [move]}) == (200, {"applied": index})
    game = won_game(today())
    assert tuple(game.log) == tuple(line)
    status, body = _put(server, token, number, record_text(game))
    assert status == 200 and body["result"] == "won", body


def test_streamed_actions_count_against_their_own_limit_not_the_players_requests(database: str, tmp_path: Path) -> None:
    # A quick player streams more than one action a second: the player's request limit must not hold them up.
    running = Server(database, tmp_path, rate="5/60", actions="30/60")
    try:
        token = register(running)
        number = start(running, token)["attempt"]
        line = list(solution(today()))
        for index, move in enumerate(line[:30], start=1):
            assert actions(running, token, number, {"first": index, "actions": [move]}) == (200, {"applied": index})
        status, body = actions(running, token, number, {"first": 31, "actions": [line[30]]})
        assert (status, body["error_code"]) == (429, "rate_limited")
        assert body["error"] == "too many requests: at most 30 requests in 60 s, try again soon"
    finally:
        running.stop()


def test_actions_after_the_game_ended_are_409_game_over(server: Server) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    line = list(solution(today()))
    assert stream(server.url, today(), number, token, line) == len(line)
    status, body = actions(server, token, number, {"first": len(line) + 1, "actions": ["undo"]})
    assert status == 409
    assert (body["error_code"], body["action"]) == ("game_over", len(line) + 1)


@pytest.mark.parametrize(
    "body",
    [
        {"first": 0, "actions": ["1a"]},
        {"first": True, "actions": ["1a"]},
        {"first": 1, "actions": []},
        {"first": 1, "actions": [1]},
        {"first": 1, "actions": ["1a"], "offsets": [1, 2]},
        {"first": 1, "actions": ["1a"], "offsets": [-1]},
        {"first": 1, "actions": ["1a"], "extra": 1},
        {"first": 1, "actions": ["x" * 17]},
    ],
)
def test_a_batch_that_is_not_one_is_422(server: Server, body: dict[str, Any]) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    status, answer = actions(server, token, number, body)
    assert status == 422, answer
    assert answer["error_code"] == "invalid_request"


def test_actions_of_anothers_attempt_are_404(server: Server) -> None:
    owner = register(server)
    number = start(server, owner)["attempt"]
    status, body = actions(server, register(server), number, {"first": 1, "actions": ["1a"]})
    assert (status, body["error_code"]) == (404, "not_found")


def _put(server: Server, token: str, number: int, text: str) -> tuple[int, Any]:
    status, body, _ = call(
        "PUT", f"{server.url}/api/v1/daily/{today()}/attempts/{number}/record", token=token, text=text
    )
    return status, body


def test_the_record_must_hold_the_streamed_actions(server: Server) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    game = won_game(today())
    status, body = _put(server, token, number, record_text(game))
    assert (status, body["error_code"]) == (422, "record_mismatch")
    assert body["error"] == "no action of this attempt was streamed: a ranked game sends each action as it is played"
    stream(server.url, today(), number, token, tuple(game.log)[:-1])
    status, body = _put(server, token, number, record_text(game))
    assert (status, body["error_code"]) == (422, "record_mismatch")
    assert body["error"] == "the record's actions are not the ones streamed while the game was played"
    stream(server.url, today(), number, token, tuple(game.log), first=1)
    status, body = _put(server, token, number, record_text(game))
    assert status == 200, body
    status, body = actions(server, token, number, {"first": len(game.log) + 1, "actions": ["undo"]})
    assert (status, body["error_code"]) == (409, "game_over")


def test_two_processes_taking_one_attempts_actions_in_a_race_apply_each_once(
    database: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    home = tmp_path_factory.mktemp("race")
    servers = [Server(database, home), Server(database, home)]
    try:
        token = register(servers[0])
        number = start(servers[0], token)["attempt"]
        line = list(solution(today()))
        batches = [{"first": 1 + i, "actions": line[i : i + 3]} for i in range(30)]

        def send(index: int) -> tuple[int, Any]:
            return actions(servers[index % 2], token, number, batches[index // 2])

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(send, range(60)))
        assert all(status in (200, 409) for status, _ in answers), answers
        assert all(body["error_code"] == "action_conflict" for status, body in answers if status == 409)
        # Then the client resends from where the server stands, and the whole line is there once.
        applied = max(body["applied"] for status, body in answers if status == 200)
        assert stream(servers[1].url, today(), number, token, line[applied:], first=applied + 1) == len(line)
        game = won_game(today())
        status, body = _put(servers[1], token, number, record_text(game))
        assert status == 200, body
    finally:
        for running in servers:
            running.stop()


def hint(server: Server, token: str, attempt: int) -> tuple[int, Any]:
    status, body, _ = call("POST", f"{server.url}/api/v1/daily/{today()}/attempts/{attempt}/hints", token=token)
    return status, body


def test_a_hint_comes_from_the_server_counted_and_kept_as_a_hint_action(database: str, tmp_path: Path) -> None:
    running = Server(database, tmp_path)
    try:
        token = register(running)
        number = start(running, token)["attempt"]
        line = list(solution(today()))
        assert stream(running.url, today(), number, token, line[:3]) == 3
        status, body = hint(running, token, number)
        assert status == 200, body
        assert set(body) == {"move", "lost", "hints"}
        assert (body["lost"], body["hints"]) == (False, 1)
        # The hinted move is legal where the game stands, and the hint is the attempt's action 4.
        game = Game.from_code(ranked(today()).code)
        for move in line[:3]:
            game.play(move)
        game.play(body["move"])
        status, again = actions(running, token, number, {"first": 4, "actions": ["hint"]})
        assert (status, again) == (200, {"applied": 4})
        status, clash = actions(running, token, number, {"first": 4, "actions": [line[3]]})
        assert (status, clash["error_code"]) == (409, "action_conflict")
        # The same position asked again: the cache answers, and the count goes on.
        status, second = hint(running, token, number)
        assert (status, second["move"], second["hints"]) == (200, body["move"], 2)
    finally:
        running.stop()


def test_hints_beyond_a_few_a_minute_are_429(database: str, tmp_path: Path) -> None:
    running = Server(database, tmp_path, hints="2/60")
    try:
        token = register(running)
        number = start(running, token)["attempt"]
        assert [hint(running, token, number)[0] for _ in range(3)] == [200, 200, 429]
        status, body = hint(running, token, number)
        assert (status, body["error_code"]) == (429, "rate_limited")
    finally:
        running.stop()


def test_no_hint_after_the_game_ended(server: Server) -> None:
    token = register(server)
    number = start(server, token)["attempt"]
    stream(server.url, today(), number, token, list(solution(today())))
    status, body = hint(server, token, number)
    assert (status, body["error_code"]) == (409, "game_over")
