"""Two server processes on one PostgreSQL act as one service: a race to start the same attempt gives one 201."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverhelp import NO_POSTGRES, POSTGRES_URL, Server, call, fresh_postgres_database, ranked, today, unique_name

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server]]:
    if POSTGRES_URL is None:
        pytest.skip(NO_POSTGRES)
    database = fresh_postgres_database()
    home: Path = tmp_path_factory.mktemp("two")
    first = Server(database, home)
    second = Server(database, home)
    yield first, second
    first.stop()
    second.stop()


def _race(server: Server, barrier: threading.Barrier, token: str, variant: str, cells: int, out: list[int]) -> None:
    barrier.wait()
    url = f"{server.url}/api/v1/daily/{today()}/attempts"
    out.append(call("POST", url, {"variant": variant, "cells": cells}, token=token)[0])


BOARDS = [("freecell", 4), ("freecell", 3), ("freecell", 2), ("eight-off", 8), ("seahaven-towers", 4)]


def test_simultaneous_attempt_starts_on_two_processes_give_exactly_one_201(two_servers: tuple[Server, Server]) -> None:
    first, second = two_servers
    for server in (first, second):
        # An attempt start finds the day's ranked deal and each process keeps it: a warm-up player's starts make
        # both processes warm before the race, so the two requests meet at the database, not one in the solver.
        status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": unique_name("warm")})
        assert status == 201
        for variant, cells in BOARDS:
            url = f"{server.url}/api/v1/daily/{today()}/attempts"
            status, started, _ = call("POST", url, {"variant": variant, "cells": cells}, token=body["token"])
            assert status == 201 and started["deal"] == ranked(today(), variant, cells).deal
    for round_number in range(10):
        status, body, _ = call("POST", f"{first.url}/api/v1/players", {"name": unique_name(f"race{round_number}")})
        assert status == 201
        token = body["token"]
        # A player registered on one process is known to the other at once.
        for variant, cells in BOARDS:
            barrier = threading.Barrier(2)
            statuses: list[int] = []

            threads = [
                threading.Thread(target=_race, args=(server, barrier, token, variant, cells, statuses))
                for server in (first, second)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(statuses) == [201, 409], (variant, cells, statuses)
