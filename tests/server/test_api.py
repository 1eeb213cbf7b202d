"""The HTTP API against a real server process, on SQLite and on PostgreSQL: every status code the issue lists."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from serverhelp import Server, call, ranked, record_text, today, unique_name, won_game

from patience.formats.records import RecordError, parse_record
from patience_solver.daily import daily_deal


def register(server: Server, name: str | None = None) -> tuple[str, str]:
    name = name or unique_name()
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": name})
    assert status == 201, body
    assert set(body) == {"name", "token"}
    return body["name"], body["token"]


def start(server: Server, token: str, date: str | None = None, **body: Any) -> tuple[int, Any]:
    payload = {"variant": "freecell", "cells": 4, **body}
    status, answer, _ = call("POST", f"{server.url}/api/v1/daily/{date or today()}/attempts", payload, token=token)
    return status, answer


def send(
    server: Server, token: str | None, attempt: int, text: str | bytes, date: str | None = None
) -> tuple[int, Any]:
    """Stream the record's actions as its game would have, then PUT the record."""
    try:
        actions = parse_record(text.decode() if isinstance(text, bytes) else text).actions
    except (RecordError, UnicodeDecodeError):
        actions = ()
    if token is not None and actions:
        # Whatever the stream refuses, the PUT's answer is what the test looks at.
        call(
            "POST",
            f"{server.url}/api/v1/daily/{date or today()}/attempts/{attempt}/actions",
            {"first": 1, "actions": list(actions)[:500]},
            token=token,
        )
    url = f"{server.url}/api/v1/daily/{date or today()}/attempts/{attempt}/record"
    status, answer, kind = call("PUT", url, token=token, text=text)
    assert kind.startswith("application/json")
    return status, answer


def board(server: Server, **query: Any) -> list[dict[str, Any]]:
    params = "&".join(f"{key}={value}" for key, value in {"variant": "freecell", "cells": 4, **query}.items())
    status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?{params}")
    assert status == 200
    return rows


def test_register_gives_a_token_once_and_refuses_a_taken_name(server: Server) -> None:
    name, token = register(server)
    assert token
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": name})
    assert (status, list(body), body["error_code"]) == (409, ["error", "error_code"], "name_taken")


@pytest.mark.parametrize("name", ["", "x" * 33, "tab\there", " lead", "new\nline"])
def test_a_name_outside_one_to_32_printable_characters_is_422(server: Server, name: str) -> None:
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": name})
    assert status == 422
    assert "name" in body["error"]
    assert body["error_code"] == ("invalid_name" if name in ("", "x" * 33) else "name_invisible")


def test_a_body_that_is_not_a_player_is_422_json(server: Server) -> None:
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"nom": "x"})
    assert status == 422
    assert body == {"error": "name: this value is required", "error_code": "invalid_request"}


def test_attempt_then_winning_record_ranks_and_shows_on_the_leaderboard(server: Server) -> None:
    name, token = register(server)
    status, attempt = start(server, token)
    daily = ranked(today(), "freecell", 4)
    assert status == 201
    assert (attempt["deal"], attempt["code"]) == (daily.deal, daily.code)
    assert attempt["deal"] != daily_deal(today(), "freecell", 4).deal
    game = won_game(today())
    status, result = send(server, token, attempt["attempt"], record_text(game))
    assert status == 200, result
    assert result["result"] == "won"
    assert (result["score"], result["moves"], result["undos"], result["cards_home"]) == (
        game.score,
        game.moves,
        game.undos,
        52,
    )
    rows = board(server)
    mine = next(row for row in rows if row["name"] == name)
    assert mine == {
        "rank": result["rank"],
        "name": name,
        "result": "won",
        "score": game.score,
        "moves": game.moves,
        "undos": 0,
        "cards_home": 52,
        "seconds": result["seconds"],
        "hints": 0,
        "resent": False,
        "status": "ranked",
    }
    # A record already accepted for that attempt: 409.
    status, body = send(server, token, attempt["attempt"], record_text(game))
    assert status == 409
    assert "already" in body["error"]
    assert body["error_code"] == "action_conflict"


def test_ranking_wins_first_then_score_then_fewer_undos(server: Server) -> None:
    clean_name, clean = register(server)
    undo_name, undone = register(server)
    quit_name, quitter = register(server)
    for token, game, result in (
        (quitter, None, "gave-up"),
        (undone, won_game(today(), undo_first=True), "won"),
        (clean, won_game(today()), "won"),
    ):
        _, attempt = start(server, token)
        if game is None:
            from patience import Game

            game = Game.from_code(attempt["code"])
            game.give_up()
        status, body = send(server, token, attempt["attempt"], record_text(game, result))
        assert status == 200, body
    names = [row["name"] for row in board(server) if row["name"] in (clean_name, undo_name, quit_name)]
    # The undo costs points (and counts as a move), so the clean win ranks first; the given-up game last.
    assert names == [clean_name, undo_name, quit_name]


def test_second_attempt_of_the_day_is_409(server: Server) -> None:
    _, token = register(server)
    assert start(server, token)[0] == 201
    status, body = start(server, token)
    assert status == 409
    assert "one attempt" in body["error"]
    assert body["error_code"] == "action_conflict"
    # Another cell count is another daily deal: its own attempt.
    assert start(server, token, cells=3)[0] == 201


@pytest.mark.parametrize("delta", [-1, 1])
def test_a_day_either_side_of_the_server_date_is_allowed(server: Server, delta: int) -> None:
    _, token = register(server)
    day = (dt.datetime.now(dt.UTC).date() + dt.timedelta(days=delta)).isoformat()
    assert start(server, token, date=day)[0] == 201


@pytest.mark.parametrize(("date", "body"), [("2020-01-01", {}), ("2026-02-30", {}), ("today", {})])
def test_only_today_can_be_attempted(server: Server, date: str, body: dict[str, Any]) -> None:
    _, token = register(server)
    status, answer = start(server, token, date=date, **body)
    assert status == 422
    assert answer["error_code"] == ("invalid_date" if date != "2020-01-01" else "date_not_playable")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"variant": "canfield"}, "unknown_variant"),
        ({"cells": 7}, "invalid_cells"),
        ({"cells": "four"}, "invalid_request"),
    ],
)
def test_an_unknown_variant_or_cell_count_is_422(server: Server, body: dict[str, Any], code: str) -> None:
    _, token = register(server)
    status, answer = start(server, token, **body)
    assert (status, answer["error_code"]) == (422, code)


@pytest.mark.parametrize("token", [None, "", "1.wrong", "garbage", "999999.abc"])
def test_no_or_a_wrong_token_is_401(server: Server, token: str | None) -> None:
    status, body = start(server, token) if token is not None else start(server, None)  # type: ignore[arg-type]
    assert status == 401
    assert list(body) == ["error", "error_code"]
    assert body["error_code"] == "unauthorized"
    assert send(server, token, 1, "x") == (401, body)


def test_impersonation_another_players_attempt_is_404_and_a_forged_token_401(server: Server) -> None:
    _, alice = register(server)
    _, mallory = register(server)
    _, attempt = start(server, alice)
    text = record_text(won_game(today()))
    assert send(server, mallory, attempt["attempt"], text)[0] == 404
    # Alice's id with Mallory's secret.
    forged = alice.split(".")[0] + "." + mallory.split(".", 1)[1]
    assert send(server, forged, attempt["attempt"], text)[0] == 401
    # Alice's record still goes in afterwards: nothing was taken over.
    assert send(server, alice, attempt["attempt"], text)[0] == 200


def test_tampered_records_are_422_with_the_action(server: Server) -> None:
    _, token = register(server)
    _, attempt = start(server, token)
    game = won_game(today())
    text = record_text(game)
    # A claimed score that the replay does not give.
    status, body = send(server, token, attempt["attempt"], text.replace(f'[Score "{game.score}"]', '[Score "9999"]'))
    assert status == 422
    assert "Score" in body["error"]
    assert body["action"] is None
    assert body["error_code"] == "record_mismatch"
    # An illegal action: the first move replaced by one that cannot be played.
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if line and not line.startswith("["))
    tokens = lines[first].split()
    tokens[2] = "hh"
    lines[first] = " ".join(tokens)
    status, body = send(server, token, attempt["attempt"], "\n".join(lines))
    assert status == 422
    assert body["action"] == 3
    assert "action 3" in body["error"]
    assert body["error_code"] == "illegal_action"
    # Not a record at all.
    status, body = send(server, token, attempt["attempt"], "hello")
    assert (status, body["error_code"]) == (422, "not_a_record")
    # The record of another deal (yesterday's) for today's attempt.
    other = record_text(won_game((dt.datetime.now(dt.UTC).date() - dt.timedelta(days=2)).isoformat()))
    status, body = send(server, token, attempt["attempt"], other)
    assert status == 422
    assert "Deal" in body["error"]
    assert body["error_code"] == "wrong_deal"
    # An unfinished game is not over yet.
    from patience import Game

    unfinished = Game.from_code(attempt["code"])
    status, body = send(server, token, attempt["attempt"], record_text(unfinished, "unfinished"))
    assert (status, body["error_code"]) == (422, "game_not_ended")
    # After all that, the honest record is still accepted.
    assert send(server, token, attempt["attempt"], text)[0] == 200


def test_a_body_over_256_kib_is_413(server: Server) -> None:
    _, token = register(server)
    _, attempt = start(server, token)
    status, body = send(server, token, attempt["attempt"], b"a" * (256 * 1024 + 1))
    assert status == 413
    assert "256 KiB" in body["error"]
    assert body["error_code"] == "body_too_large"


def test_a_player_over_the_rate_limit_gets_429(server: Server) -> None:
    _, token = register(server)
    statuses = [start(server, token, variant="canfield")[0] for _ in range(45)]
    assert statuses[:40] == [422] * 40
    assert set(statuses[40:]) == {429}
    status, body = start(server, token)
    assert (status, body["error_code"]) == (429, "rate_limited")


def test_health_openapi_pages_and_unknown_paths(server: Server) -> None:
    assert call("GET", f"{server.url}/api/v1/health")[0] == 200
    status, spec, _ = call("GET", f"{server.url}/openapi.json")
    assert status == 200
    assert "/api/v1/daily/{date}/attempts/{attempt}/record" in spec["paths"]
    _, token = register(server, unique_name("<b>bold</b>"))
    _, attempt = start(server, token)
    assert send(server, token, attempt["attempt"], record_text(won_game(today())))[0] == 200
    for path in (f"/daily/{today()}", "/"):
        status, page, kind = call("GET", f"{server.url}{path}")
        assert status == 200
        assert kind.startswith("text/html")
        assert "&lt;b&gt;bold&lt;/b&gt;" in page
        assert "<b>bold" not in page
        assert 'name="viewport"' in page
    status, body, kind = call("GET", f"{server.url}/api/v1/nothing")
    assert (status, kind) == (404, "application/json")
    assert body == {"error": "there is nothing at /api/v1/nothing", "error_code": "not_found"}
    assert call("GET", f"{server.url}/api/v1/daily/not-a-date/leaderboard")[0] == 422
    assert call("GET", f"{server.url}/daily/2026-13-40")[0] == 422


def test_one_log_line_per_request(server: Server) -> None:
    before = server.log.read_text().count("\n")
    for _ in range(3):
        call("GET", f"{server.url}/api/v1/health")
    import time

    time.sleep(0.3)
    lines = server.log.read_text().splitlines()[before:]
    assert [line.split()[-3:-1] for line in lines[-3:]] == [["/api/v1/health", "200"]] * 3
    assert "Traceback" not in server.log.read_text()


def test_requests_that_are_not_what_a_route_reads_are_refused_saying_why(server: Server) -> None:
    status, body, _ = call("POST", f"{server.url}/api/v1/players", text='{"name": "plain"}')
    assert (status, body) == (422, {"error": "the body must be a JSON object", "error_code": "invalid_request"})
    status, body, _ = call("POST", f"{server.url}/api/v1/players", [{"name": "listed"}])
    assert (status, body) == (422, {"error": "the body must be a JSON object", "error_code": "invalid_request"})
    _, token = register(server)
    assert start(server, token, cells="x")[1] == {
        "error": "cells: a whole number is expected",
        "error_code": "invalid_request",
    }
    url = f"{server.url}/api/v1/daily/{today()}/attempts"
    assert call("POST", url, {"cells": "x"})[0] == 401
    status, body = start(server, token, cells="4")  # a JSON string is not a whole number
    assert (status, body["error_code"]) == (422, "invalid_request")
    status, attempt = start(server, token, cells=4)
    assert status == 201
    record = record_text(won_game(today()))
    assert send(server, token, 0x7FFF, record)[0] == 404
    status, body, _ = call("PUT", f"{url}/x/record", token=token, text=record)
    assert status == 422 and "attempt" in body["error"] and body["error_code"] == "invalid_request"
    assert send(server, "1.wrong", attempt["attempt"], record)[0] == 401
    assert send(server, token, attempt["attempt"], record)[0] == 200
    _, spec, _ = call("GET", f"{server.url}/openapi.json")
    assert "post" in spec["paths"]["/api/v1/players"]
    assert "post" in spec["paths"]["/api/v1/daily/{date}/attempts"]
    assert "put" in spec["paths"]["/api/v1/daily/{date}/attempts/{attempt}/record"]
