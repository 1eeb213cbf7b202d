"""The day's page is made once a minute: per board, language and name, a second request that minute reads no table.

Against a real server process, a result written straight into the
database does not show on the page already made this minute, while a page
of another language, made for the first time, shows it. In this process,
with the cache's clock stepped by hand, the statements the database runs
are counted, and the page changes when the minute turns.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from serverhelp import Server, call

from patience_server.api.routes import pages
from patience_server.app import create_app
from patience_server.models import Attempt, Player

#: A day long past: its page takes its deal from that day's attempts.
DATE = "2026-02-02"
PAGE = f"/daily/{DATE}?variant=freecell&cells=4"


def _add_result(database: str, name: str, score: int, day: str = DATE) -> None:
    """A player ``name`` and their won attempt of ``day``, written straight into ``database``."""
    engine = sa.create_engine(database)
    when = dt.datetime(2026, 2, 2, 9, tzinfo=dt.UTC)
    with engine.begin() as connection:
        ident = connection.execute(
            sa.insert(Player).returning(Player.id),
            {"name": name, "token_hash": name.ljust(64, "0")[:64], "created": when},
        ).scalar_one()
        connection.execute(
            sa.insert(Attempt),
            {
                "player_id": ident,
                "date": day,
                "variant": "freecell",
                "cells": 4,
                "deal": 7,
                "code": "x",
                "started": when,
                "result": "won",
                "won": 1,
                "score": score,
                "moves": 80,
                "undos": 0,
                "cards_home": 52,
                "submitted": when,
                "record": "",
            },
        )
    engine.dispose()


def _early_in_a_minute() -> None:
    """Wait, when the minute is nearly over, for the next one: the test's requests then share one minute."""
    second = time.time() % 60
    if second > 45:
        time.sleep(60.5 - second)


def test_a_page_made_this_minute_is_served_again_without_the_new_result(server: Server, database: str) -> None:
    _add_result(database, "cache-first", 500)
    _early_in_a_minute()
    status, first, kind = call("GET", f"{server.url}{PAGE}&lang=en")
    assert (status, kind.split(";")[0]) == (200, "text/html")
    assert "cache-first" in first
    _add_result(database, "cache-later", 900)
    again = call("GET", f"{server.url}{PAGE}&lang=en")[1]
    assert again == first
    # Another language is another page, made now: it has the new result.
    german = call("GET", f"{server.url}{PAGE}&lang=de")[1]
    assert "cache-later" in german
    assert "cache-first" in german


class _Clock:
    """A clock the test moves: seconds since the epoch."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _get(app: Any, path: str, query: str) -> tuple[int, str]:
    """One GET through the app's ASGI interface, in this process: its status and body."""
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "scheme": "http",
        "headers": [],
        "client": ("127.0.0.1", 5),
        "server": ("127.0.0.1", 80),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent[0]["status"], b"".join(message.get("body", b"") for message in sent[1:]).decode()


@pytest.fixture
def stepped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, str, _Clock, list[str]]:
    """An app in this process, its database URL, the page cache's clock and every statement the database ran."""
    url = f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}"
    app = create_app(url)
    clock = _Clock(1_800_000_000.0)  # the start of a minute
    monkeypatch.setattr(pages, "CACHE", pages.PageCache(clock))
    statements: list[str] = []
    for engine in (app.state.db.engine, app.state.db.autocommit):
        sa.event.listen(engine, "before_cursor_execute", lambda *args: statements.append(str(args[2])))
    return app, url, clock, statements


def test_a_second_request_within_the_minute_runs_no_statement(
    stepped: tuple[Any, str, _Clock, list[str]],
) -> None:
    app, url, clock, statements = stepped
    _add_result(url, "counted", 300)
    status, first = _get(app, f"/daily/{DATE}", "lang=en")
    assert status == 200
    assert statements  # the first request read the board
    statements.clear()
    clock.now += 59
    assert _get(app, f"/daily/{DATE}", "lang=en") == (200, first)
    assert statements == []


def test_the_page_is_made_again_when_the_minute_turns(stepped: tuple[Any, str, _Clock, list[str]]) -> None:
    app, url, clock, statements = stepped
    _add_result(url, "before-the-turn", 300)
    first = _get(app, f"/daily/{DATE}", "lang=hu")[1]
    _add_result(url, "after-the-turn", 400)
    clock.now += 30
    assert _get(app, f"/daily/{DATE}", "lang=hu")[1] == first
    clock.now += 30
    statements.clear()
    turned = _get(app, f"/daily/{DATE}", "lang=hu")[1]
    assert "after-the-turn" in turned
    assert statements


def test_each_board_language_and_name_is_its_own_page(stepped: tuple[Any, str, _Clock, list[str]]) -> None:
    app, url, _clock, statements = stepped
    _add_result(url, "own-page", 300)
    for query in ("lang=en", "lang=de", "lang=en&name=own-page", "lang=en&cells=3"):
        statements.clear()
        assert _get(app, f"/daily/{DATE}", f"variant=freecell&{query}")[0] in (200, 404)
        assert statements, query
    for query in ("lang=en", "lang=de", "lang=en&name=own-page"):
        statements.clear()
        assert _get(app, f"/daily/{DATE}", f"variant=freecell&{query}")[0] == 200
        assert statements == [], query


def test_a_page_that_is_not_found_is_not_kept(stepped: tuple[Any, str, _Clock, list[str]]) -> None:
    app, url, _clock, _statements = stepped
    assert _get(app, "/daily/2026-02-03", "lang=en")[0] == 404
    _add_result(url, "found-later", 100, day="2026-02-03")
    status, text = _get(app, "/daily/2026-02-03", "lang=en")
    assert status == 200
    assert "found-later" in text


def test_a_full_cache_drops_its_oldest_page_first() -> None:
    cache = pages.PageCache(_Clock(0.0), size=2)
    made: list[str] = []

    def make(text: str) -> Any:
        return lambda: made.append(text) or text

    for key in ("a", "b", "c"):
        cache.get((key,), make(key))
    assert cache.get(("c",), make("c2")) == "c"
    assert cache.get(("b",), make("b2")) == "b"
    assert cache.get(("a",), make("a2")) == "a2"
    assert made == ["a", "b", "c", "a2"]
