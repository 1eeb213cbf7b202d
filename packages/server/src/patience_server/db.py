"""The database: two tables (players and their attempts), the engine and the Alembic upgrade.

The schema lives in Alembic migrations from the first table on
(``patience_server/migrations``); these SQLAlchemy models mirror it for the
queries. The one-attempt rule is a unique constraint, so two processes that
race to start the same attempt get exactly one row.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import ConnectionPoolEntry

__all__ = [
    "Attempt",
    "Base",
    "Player",
    "default_database_url",
    "make_engine",
    "upgrade",
]

#: The Alembic scripts shipped with the package.
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class Base(DeclarativeBase):
    """The models' common base."""


class Player(Base):
    """A player: a unique name, and the SHA-256 of the token that proves who they are (never the token)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(32), unique=True)
    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    created: Mapped[dt.datetime] = mapped_column(sa.DateTime(timezone=True))


class Attempt(Base):
    """A player's one attempt at a daily deal; the result columns are filled when its record is accepted."""

    __tablename__ = "attempts"
    __table_args__ = (sa.UniqueConstraint("player_id", "date", "variant", "cells", name="one_attempt_a_day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(sa.ForeignKey("players.id"))
    date: Mapped[str] = mapped_column(sa.String(10))
    variant: Mapped[str] = mapped_column(sa.String(64))
    cells: Mapped[int]
    deal: Mapped[int] = mapped_column(sa.BigInteger)
    code: Mapped[str] = mapped_column(sa.String(32))
    started: Mapped[dt.datetime] = mapped_column(sa.DateTime(timezone=True))
    result: Mapped[str | None] = mapped_column(sa.String(16))
    won: Mapped[int | None]
    score: Mapped[int | None]
    moves: Mapped[int | None]
    undos: Mapped[int | None]
    cards_home: Mapped[int | None]
    submitted: Mapped[dt.datetime | None] = mapped_column(sa.DateTime(timezone=True))
    record: Mapped[str | None] = mapped_column(sa.Text)


def default_database_url() -> str:
    """SQLite in patience's data directory (:func:`patience_home.store.data_dir`): ``leaderboard.sqlite3``."""
    from patience_home.store import data_dir

    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+pysqlite:///{folder / 'leaderboard.sqlite3'}"


def _sqlite_pragmas(connection: object, _record: object) -> None:
    # WAL lets readers go on while one writer commits; the busy timeout makes concurrent writers wait, not fail.
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str, *, autocommit: bool = False) -> sa.Engine:
    """An engine for ``url`` (``sqlite+pysqlite:///...`` or ``postgresql+psycopg://...``).

    With ``autocommit`` every statement commits on its own: a pool of its
    own for the one-statement work, so that no connection switches its
    isolation level at each checkout and back at each return.
    """
    options: dict[str, Any] = {"isolation_level": "AUTOCOMMIT"} if autocommit else {}
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 10}, **options)
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # As many kept connections as requests can run at once (anyio's 40 worker threads): with 10, every
    # connection beyond them was closed when it came back, and a new one opened for the next request
    # (260 new PostgreSQL sessions for 320 submissions under the benchmark), each a new server process.
    engine = sa.create_engine(url, pool_size=POOL_SIZE, max_overflow=10, **options)
    sa.event.listen(engine, "checkin", _note_checkin)
    sa.event.listen(engine, "checkout", _ping_if_idle)
    return engine


#: Connections a PostgreSQL pool keeps open: one for each of anyio's worker threads, which run the declared
#: routes' work (the hot requests' work runs in a few threads of the service's own, ``DATABASE_THREADS``).
POOL_SIZE = 40

#: A pooled connection unused for longer than this is pinged before it is handed out again (seconds).
IDLE_PING = 10.0


def _note_checkin(_connection: object, record: ConnectionPoolEntry) -> None:
    record.info["returned"] = time.monotonic()


def _ping_if_idle(connection: DBAPIConnection, record: ConnectionPoolEntry, _proxy: object) -> None:
    """Ping a connection that sat idle (the database may have restarted since) before a request uses it.

    A connection in steady use proves itself with every statement; pinging
    each checkout (``pool_pre_ping``) cost one more round trip per request,
    several per submission. A dead one is replaced: the pool tries again.
    """
    if time.monotonic() - record.info.get("returned", 0.0) < IDLE_PING:
        return
    cursor = connection.cursor()
    try:
        cursor.execute("SELECT 1")
    except Exception as error:
        raise sa.exc.DisconnectionError(str(error)) from error
    finally:
        # A cursor of a dead connection may fail to close: the pool drops that connection anyway.
        with contextlib.suppress(Exception):
            cursor.close()


def upgrade(engine: sa.Engine) -> None:
    """Bring the database to the newest schema with Alembic (several processes may call it at once)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Two processes starting together must not both create the tables: the first one migrates.
            connection.execute(sa.select(sa.func.pg_advisory_xact_lock(0x7061_7469_656E)))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
