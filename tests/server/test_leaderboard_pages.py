"""The leaderboard at scale: ``?limit=N&after=RANK`` pages the ranked entries of a board of 13,306 results.

The results are written straight into the server's database (as years of
players would have), then read back through a real server process, page
by page, by the API and by the client the front ends use.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from serverhelp import PATIENCE, Server, call

from patience_home.leaderboard import Client
from patience_server.models import Attempt, Player

#: The board filled here: a date long past (its deal is never computed) and the default board.
DATE = "2026-03-14"
BOARD = f"/api/v1/daily/{DATE}/leaderboard?variant=freecell&cells=4"
ROWS = 13_306


def _row(n: int) -> tuple[int, int, int, dt.datetime]:
    """Result ``n``'s (won, score, undos, submitted): many ties, so that the order's every key decides somewhere."""
    won = 1 if n % 3 else 0
    start = dt.datetime(2026, 3, 14, 8, tzinfo=dt.UTC)
    return won, (n * 7919) % 40 * 10, n % 5, start + dt.timedelta(seconds=(n * 104729) % 500)


def _fill(database: str) -> list[str]:
    """Write the board's results into ``database``: the players' names in the order the board ranks them."""
    engine = sa.create_engine(database)
    created = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
    players = [
        {"id": n, "name": f"pager-{n:05d}", "token_hash": f"{n:064x}", "created": created} for n in range(1, ROWS + 1)
    ]
    attempts = []
    for n in range(1, ROWS + 1):
        won, score, undos, submitted = _row(n)
        attempts.append(
            {
                "id": n,
                "player_id": n,
                "date": DATE,
                "variant": "freecell",
                "cells": 4,
                "deal": 1,
                "code": "x",
                "started": submitted - dt.timedelta(minutes=5),
                "result": "won" if won else "gave-up",
                "won": won,
                "score": score,
                "moves": 90 + n % 20,
                "undos": undos,
                "cards_home": 52 if won else n % 52,
                "submitted": submitted,
                "record": "",
            }
        )
    with engine.begin() as connection:
        connection.execute(sa.insert(Player), players)
        connection.execute(sa.insert(Attempt), attempts)
        if engine.dialect.name == "postgresql":
            # Rows written with their ids: the sequences move past them, as if the service had numbered them.
            for table in ("players", "attempts"):
                connection.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), {ROWS})"))
    engine.dispose()
    ranked = sorted(range(1, ROWS + 1), key=lambda n: (-_row(n)[0], -_row(n)[1], _row(n)[2], _row(n)[3], n))
    return [f"pager-{n:05d}" for n in ranked]


@pytest.fixture(scope="module")
def filled(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, list[str]]]:
    """A server on a database holding the 13,306 results, and the names in their rank order."""
    home: Path = tmp_path_factory.mktemp("home")
    server = Server(database, home)  # migrates the new database, so the tables exist
    order = _fill(database)
    yield server, order
    server.stop()


def _page(server: Server, query: str = "", language: str = "en") -> tuple[int, Any]:
    status, body, _kind = call("GET", f"{server.url}{BOARD}{query}&lang={language}")
    return status, body


def test_a_page_holds_the_hundred_best_ranks_when_no_limit_is_given(filled: tuple[Server, list[str]]) -> None:
    server, order = filled
    status, body = _page(server)
    assert status == 200
    assert [row["rank"] for row in body] == list(range(1, 101))
    assert [row["name"] for row in body] == order[:100]


def test_paging_after_the_last_rank_reads_every_entry_once_in_rank_order(filled: tuple[Server, list[str]]) -> None:
    server, order = filled
    seen: list[dict[str, Any]] = []
    while True:
        status, body = _page(server, f"&limit=500&after={seen[-1]['rank'] if seen else 0}")
        assert status == 200
        assert len(body) <= 500
        seen.extend(body)
        if len(body) < 500:
            break
    assert [row["rank"] for row in seen] == list(range(1, ROWS + 1))
    assert [row["name"] for row in seen] == order


def test_a_page_starts_right_after_the_rank_it_is_given(filled: tuple[Server, list[str]]) -> None:
    server, order = filled
    status, body = _page(server, "&limit=3&after=13302")
    assert status == 200
    assert [(row["rank"], row["name"]) for row in body] == [
        (13303, order[13302]),
        (13304, order[13303]),
        (13305, order[13304]),
    ]
    assert _page(server, "&limit=5&after=13305")[1][0]["rank"] == ROWS
    assert _page(server, f"&after={ROWS}") == (200, [])
    assert _page(server, "&after=2147483647") == (200, [])


def test_a_default_page_of_a_large_board_is_small(filled: tuple[Server, list[str]]) -> None:
    server, _order = filled
    status, body = _page(server)
    assert status == 200
    # 100 entries of about 180 bytes each (how the game was played included), where the whole board was 1.3 MB.
    assert len(json.dumps(body)) < 20_000


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("&limit=0", "limit"),
        ("&limit=501", "limit"),
        ("&limit=-1", "limit"),
        ("&limit=99999999999999999999999", "limit"),
        ("&limit=ten", "limit"),
        ("&limit=", "limit"),
        ("&limit=1.5", "limit"),
        ("&after=-1", "after"),
        ("&after=2147483648", "after"),
        ("&after=9223372036854775808", "after"),
        ("&after=" + "9" * 5000, "after"),
        ("&after=first", "after"),
    ],
)
def test_a_bad_limit_or_after_is_refused_in_each_language(
    filled: tuple[Server, list[str]], query: str, words: str
) -> None:
    server, _order = filled
    messages = set()
    for language in ("en", "de", "hu"):
        status, body = _page(server, query, language)
        assert status == 422, (language, body)
        assert body["error_code"] == "invalid_request"
        assert body["error"].startswith(f"{words}:")
        messages.add(body["error"])
    assert len(messages) == 3


def test_the_bounds_of_limit_are_served(filled: tuple[Server, list[str]]) -> None:
    server, order = filled
    assert [row["name"] for row in _page(server, "&limit=1")[1]] == order[:1]
    assert len(_page(server, "&limit=500")[1]) == 500


def test_the_client_pages_through_the_whole_board(filled: tuple[Server, list[str]]) -> None:
    server, order = filled
    entries = Client(server.url).leaderboard(DATE, "freecell", 4)
    assert [entry.rank for entry in entries] == list(range(1, ROWS + 1))
    assert [entry.name for entry in entries] == order
    top = Client(server.url).leaderboard(DATE, "freecell", 4, limit=750)
    assert [entry.name for entry in top] == order[:750]


def test_the_leaderboard_command_prints_every_entry_of_a_large_board(
    filled: tuple[Server, list[str]], tmp_path: Path
) -> None:
    server, order = filled
    done = subprocess.run(
        [PATIENCE, "daily", "leaderboard", "--date", DATE, "--server", server.url, "--format", "json"],
        capture_output=True,
        text=True,
        env={"PATIENCE_HOME": str(tmp_path), "PATIENCE_LANG": "en", "PATH": "/usr/bin:/bin"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [row["name"] for row in json.loads(done.stdout)] == order


def _page_names(text: str) -> list[str]:
    return re.findall(r'<td[^>]* class="n">([^<]*)</td>', text)


def _page_ranks(text: str) -> list[str]:
    return re.findall(r"<tr(?: class=\"me\")?><td>([^<]*)</td>", text)


def test_the_days_page_shows_the_first_hundred_ranks_and_says_more_follow(filled: tuple[Server, list[str]]) -> None:
    server, order = filled
    status, text, _kind = call("GET", f"{server.url}/daily/{DATE}?lang=en")
    assert status == 200
    assert _page_names(text) == order[:100]
    assert _page_ranks(text) == [f"{rank:,}" for rank in range(1, 101)]
    assert "Only the first 100 ranks are shown here." in text
    assert f'href="/api/v1/daily/{DATE}/leaderboard?variant=freecell&amp;cells=4&amp;after=100"' in text


def test_the_days_page_adds_the_named_players_own_rank_below_the_first(filled: tuple[Server, list[str]]) -> None:
    server, order = filled
    status, text, _kind = call("GET", f"{server.url}/daily/{DATE}?lang=de&name={order[12_999]}")
    assert status == 200
    assert _page_names(text) == [*order[:100], "…", order[12_999]]
    assert _page_ranks(text)[-1] == "13.000"
    assert '<tr class="me"><td>13.000</td>' in text
    among = call("GET", f"{server.url}/daily/{DATE}?lang=en&name={order[4]}")[1]
    assert _page_names(among) == order[:100]
    assert f'<tr class="me"><td>5</td><td class="n">{order[4]}</td>' in among
    unknown = call("GET", f"{server.url}/daily/{DATE}?lang=en&name=nobody-here")[1]
    assert _page_names(unknown) == order[:100]


@pytest.mark.parametrize("name", ["", "x" * 33, "y" * 5000, "<b>&amp;</b>", "pager-00001 "])
def test_a_name_that_no_player_has_shows_the_first_ranks_alone(filled: tuple[Server, list[str]], name: str) -> None:
    server, order = filled
    query = urllib.parse.urlencode({"lang": "en", "name": name})
    status, text, _kind = call("GET", f"{server.url}/daily/{DATE}?{query}")
    assert status == 200
    assert _page_names(text) == order[:100]
    assert 'class="me"' not in text
    assert "<b>" not in text
