"""The databases the service's tests run on: a SQLite file, and a real PostgreSQL when one is running.

`.ci/run` starts a PostgreSQL and exports ``PATIENCE_TEST_POSTGRES_URL``;
each test module gets a fresh database in it. Without it the PostgreSQL
tests skip and say why.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serverhelp import NO_POSTGRES, POSTGRES_URL, Server, fresh_postgres_database


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database URL for a new, empty leaderboard: SQLite, then PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite+pysqlite:///{tmp_path_factory.mktemp('sqlite') / 'board.sqlite3'}"
    if POSTGRES_URL is None:
        pytest.skip(NO_POSTGRES)
    return fresh_postgres_database()


@pytest.fixture(scope="module")
def server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A `patience serve` process on that database."""
    home: Path = tmp_path_factory.mktemp("home")
    running = Server(database, home, rate="40/60")
    yield running
    running.stop()
