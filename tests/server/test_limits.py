"""What the service refuses to spend or believe, on a real server process (SQLite and PostgreSQL).

The result stored is the replay's, not the record's claim; a record too long
is refused before it is replayed; registration is rate-limited by address;
pages never make the solver search a date nobody can play.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import subprocess
from pathlib import Path

import pytest
from serverhelp import PATIENCE, Server, call, record_text, solution, today, unique_name
from test_api import board, register, send, start

from patience import Game, PatienceError
from patience.formats.records import format_record, record_of
from patience_solver.daily import daily_deal


def test_a_record_claiming_abandoned_for_an_unfinished_game_is_refused_and_not_stored(server: Server) -> None:
    _name, token = register(server)
    status, attempt = start(server, token, cells=3)
    assert status == 201
    game = Game.from_code(attempt["code"])
    game.play(solution(today(), "freecell", 3)[0])
    status, answer = send(server, token, attempt["attempt"], record_text(game, result="abandoned"))
    assert status == 422, answer
    assert "not ended" in answer["error"]
    assert answer["error_code"] == "game_not_ended"
    assert board(server, cells=3) == []
    # The same game given up is accepted, and what is stored is what the replay came to.
    game.give_up()
    status, answer = send(server, token, attempt["attempt"], record_text(game, result="gave-up"))
    assert status == 200, answer
    assert answer["result"] == "gave-up"
    assert [row["result"] for row in board(server, cells=3)] == ["gave-up"]


def test_a_record_of_too_many_actions_is_refused_before_it_is_replayed(server: Server) -> None:
    _name, token = register(server)
    status, attempt = start(server, token, cells=2)
    assert status == 201
    game = Game.from_code(attempt["code"])
    first = solution(today(), "freecell", 2)[0]
    for _ in range(2600):  # 5,200 legal actions: a move and its undo, again and again
        game.play(first)
        game.undo()
    game.give_up()
    text = format_record(record_of(game, result="gave-up", started=dt.datetime.now(dt.UTC)))
    status, answer = send(server, token, attempt["attempt"], text)
    assert status == 422, answer
    assert "at most 5,000" in answer["error"]
    assert answer["error_code"] == "record_too_long"
    assert answer["action"] == 5001


def test_registration_and_refused_records_are_rate_limited(tmp_path: Path) -> None:
    limited = Server(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}", tmp_path, register="3/60", refused="2/60")
    try:
        _name, token = register(limited)
        statuses = [call("POST", f"{limited.url}/api/v1/players", {"name": unique_name()})[0] for _ in range(3)]
        status, body, _ = call("POST", f"{limited.url}/api/v1/players", {"name": unique_name()})
        assert statuses == [201, 201, 429]
        assert status == 429 and "too many new players" in body["error"]
        assert body["error_code"] == "rate_limited"
        # A player whose records keep being refused after their replay is stopped before the next replay.
        status, attempt = start(limited, token)
        assert status == 201
        unfinished = Game.from_code(attempt["code"])
        unfinished.play(solution(today())[0])
        refused = [send(limited, token, attempt["attempt"], record_text(unfinished, "abandoned")) for _ in range(3)]
        assert [status for status, _answer in refused] == [422, 422, 429]
        assert "too many refused records" in refused[2][1]["error"]
        assert refused[2][1]["error_code"] == "rate_limited"
    finally:
        limited.stop()


def test_pages_of_dates_nobody_can_play_are_404_without_solving(server: Server) -> None:
    long_ago = "2001-02-03"
    status, body, kind = call("GET", f"{server.url}/daily/{long_ago}?variant=eight-off&cells=2", timeout=5)
    assert (status, kind.split(";")[0]) == (404, "application/json")
    assert "nobody played" in body["error"]
    assert body["error_code"] == "not_found"
    status, page, _ = call("GET", f"{server.url}/daily/{today()}")
    # Today's ranked deal is not on its page while the day is played, and no solver ran for it.
    assert status == 200 and "the deal is shown once the day is over" in page
    assert f"Deal #{daily_deal(today()).deal}" not in page


def test_the_page_counts_a_two_deck_variants_cards(server: Server) -> None:
    _name, token = register(server)
    status, attempt = start(server, token, variant="double-freecell", cells=None)
    assert status == 201, attempt
    game = Game.from_code(attempt["code"])
    game.give_up()
    status, answer = send(server, token, attempt["attempt"], record_text(game, result="gave-up"))
    assert status == 200, answer
    status, page, _ = call("GET", f"{server.url}/daily/{today()}?variant=double-freecell")
    assert status == 200 and f"{game.cards_home}/104" in page and "/52<" not in page
    table = subprocess.run(
        [PATIENCE, "daily", "leaderboard", "double-freecell", "--date", today(), "--server", server.url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert table.returncode == 0, table.stderr
    assert f" {game.cards_home}/104 " in table.stdout


def test_an_engine_refusal_is_422_not_500(tmp_path: Path) -> None:
    from patience_server.app import create_app

    app = create_app(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}")
    handler = app.exception_handlers[PatienceError]
    answer = asyncio.run(handler(None, PatienceError("no winnable deal")))  # type: ignore[arg-type]
    assert answer.status_code == 422
    assert json.loads(bytes(answer.body)) == {"error": "no winnable deal", "error_code": "engine_refused"}


@pytest.mark.parametrize("home", ["~/patience-data"])
def test_the_database_lives_in_the_data_directory(home: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from patience_home.store import data_dir
    from patience_server.core.config import default_database_url

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("PATIENCE_HOME", home)
    assert default_database_url() == f"sqlite+pysqlite:///{data_dir() / 'leaderboard.sqlite3'}"
    assert (tmp_path / "patience-data").is_dir()


@pytest.mark.parametrize("token", ["².secret", "1².secret", "¹.secret"])
@pytest.mark.parametrize("request_of", ["start", "start refused by the declared route", "record"])
def test_a_token_whose_id_is_not_plain_digits_is_401_never_500(server: Server, token: str, request_of: str) -> None:
    # "²" passes str.isdigit() but not int(); urllib sends the header in Latin-1.
    day = today()
    if request_of == "record":
        status, body, _ = call("PUT", f"{server.url}/api/v1/daily/{day}/attempts/1/record", token=token, text="x")
    elif request_of == "start":
        status, body, _ = call("POST", f"{server.url}/api/v1/daily/{day}/attempts", {"cells": 4}, token=token)
    else:
        status, body, _ = call("POST", f"{server.url}/api/v1/daily/{day}/attempts", [], token=token)
    assert (status, body["error_code"]) == (401, "unauthorized"), body


@pytest.mark.parametrize("limit", ["²/60", "20/²", "²"])
def test_a_rate_limit_not_in_plain_digits_means_the_default(limit: str, tmp_path: Path) -> None:
    running = Server(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}", tmp_path, register=limit)
    try:
        answers = [call("POST", f"{running.url}/api/v1/players", {"name": unique_name()})[0] for _ in range(21)]
    finally:
        running.stop()
    # The default: 20 registrations a minute from one address.
    assert answers == [201] * 20 + [429]
