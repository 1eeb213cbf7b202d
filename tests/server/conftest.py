"""The databases the service's tests run on: a SQLite file, and a real PostgreSQL when one is running.

`.ci/run` starts a PostgreSQL and exports ``PATIENCE_TEST_POSTGRES_URL``;
each test module gets a fresh database in it. Without it the PostgreSQL
tests skip and say why.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverhelp import Server

POSTGRES_URL = os.environ.get("PATIENCE_TEST_POSTGRES_URL")
NO_POSTGRES = "no PostgreSQL: PATIENCE_TEST_POSTGRES_URL is not set (.ci/run starts one; see .ci/postgres.sh)"


def fresh_postgres_database() -> str:
    """A new, empty database on the test PostgreSQL, as a SQLAlchemy URL."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    assert POSTGRES_URL is not None
    url = make_url(POSTGRES_URL)
    name = f"test_{uuid.uuid4().hex[:12]}"
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return url.set(database=name).render_as_string(hide_password=False)


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
