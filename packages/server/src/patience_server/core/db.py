"""The database connection: the engines, the service's :class:`Database`, and the Alembic upgrade.

The schema lives in Alembic migrations from the first table on
(``patience_server/migrations``); :mod:`patience_server.models` mirrors it
for the queries of :mod:`patience_server.crud`.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import sqlalchemy as sa
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry

from patience_server.core.config import DATABASE_THREADS

__all__ = [
    "BUSY_TIMEOUT",
    "CONNECT_TIMEOUT",
    "IDLE_PING",
    "MIGRATIONS",
    "POOL_SIZE",
    "POOL_TIMEOUT",
    "Database",
    "make_engine",
    "upgrade",
]

#: The Alembic scripts shipped with the package.
MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"

#: Connections a PostgreSQL pool keeps open: one for each of anyio's worker threads, which run the declared
#: routes' work (the hot requests' work runs in a few threads of the service's own, ``DATABASE_THREADS``).
POOL_SIZE = 40

#: A pooled connection unused for longer than this is pinged before it is handed out again (seconds).
IDLE_PING = 10.0

#: How long a SQLite statement waits for a lock another connection or process holds, in seconds; then the
#: request is answered 503 (``unavailable``) rather than waiting on.
BUSY_TIMEOUT = 1.0

#: How long opening a PostgreSQL connection may take, in seconds (a database that does not answer is 503).
CONNECT_TIMEOUT = 2

#: How long a request waits for a free pooled connection, in seconds.
POOL_TIMEOUT = 2.0

_T = TypeVar("_T")


def _sqlite_pragmas(connection: object, _record: object) -> None:
    # WAL lets readers go on while one writer commits; the busy timeout makes concurrent writers wait, not
    # fail, but only briefly: a file locked by another process is an outage (503), not a reason to wait on.
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
    cursor.execute("PRAGMA journal_mode=WAL")
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
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT}, **options)
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # As many kept connections as requests can run at once (anyio's 40 worker threads): with 10, every
    # connection beyond them was closed when it came back, and a new one opened for the next request
    # (260 new PostgreSQL sessions for 320 submissions under the benchmark), each a new server process.
    engine = sa.create_engine(
        url,
        pool_size=POOL_SIZE,
        max_overflow=10,
        pool_timeout=POOL_TIMEOUT,
        connect_args={"connect_timeout": CONNECT_TIMEOUT},
        **options,
    )
    sa.event.listen(engine, "checkin", _note_checkin)
    sa.event.listen(engine, "checkout", _ping_if_idle)
    return engine


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


class Database:
    """One app's database: an engine for transactions, one in autocommit, and where a request's work runs.

    One statement needs no transaction around it: in autocommit it is one
    round trip to PostgreSQL, where BEGIN and COMMIT (or ROLLBACK after a
    read) would be two more.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.autocommit = make_engine(url, autocommit=True)
        #: Whether the players' ids come from a sequence that can be asked first (PostgreSQL's).
        self.numbered = self.engine.dialect.name == "postgresql"
        #: The largest id a row can have: PostgreSQL's ``integer`` ids are 32-bit, SQLite's 64-bit. An id
        #: beyond it is no row's, and is never sent in a query (PostgreSQL would refuse to compare it).
        self.max_id = 2**31 - 1 if self.engine.dialect.name == "postgresql" else 2**63 - 1
        # A few threads are enough for the commits to overlap; with anyio's 40, up to 32 at once took turns
        # at the GIL and each held its own PostgreSQL connection and server process. Three processes at 32
        # clients: 168-183/s with 8 threads, 195-216/s with 4 (and with 2), 171/s with 16.
        self.threads = anyio.CapacityLimiter(DATABASE_THREADS)
        #: The key of the ranked deals (``PATIENCE_SERVER_SECRET``, else the database's): set when the app is made.
        self.secret = b""
        #: The median seconds between actions under which a result waits for review (:mod:`patience_server.timing`).
        self.review_pace = 0.4

    def upgrade(self) -> None:
        """Bring the database to the newest schema (:func:`upgrade`)."""
        upgrade(self.engine)

    async def run(self, function: Callable[..., _T], *args: Any) -> _T:
        """``function(*args)`` in one of :attr:`threads`, never on the event loop.

        A database can wait: a commit for the disk, a statement for a lock
        (another process holding a SQLite file), a connection for a database
        that is down. On the event loop that wait stalled every request;
        in a worker thread only this one waits. From worker threads several
        PostgreSQL commits overlap too, and share a flush.
        """
        return await anyio.to_thread.run_sync(functools.partial(function, *args), limiter=self.threads)

    def dispose(self) -> None:
        """Close every pooled connection of both engines (the service stops)."""
        self.engine.dispose()
        self.autocommit.dispose()
