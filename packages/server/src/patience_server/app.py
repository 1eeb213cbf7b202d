"""The HTTP service: the JSON API under ``/api/v1``, the leaderboard pages, and :func:`serve`.

Every endpoint, key and status code is the one ``docs/server.md`` lists.
The handlers build SQL only with SQLAlchemy expressions (bound parameters),
tokens are kept as SHA-256 hashes and compared with
:func:`hmac.compare_digest`, every error is a JSON body ``{"error": ...}``,
and one line is logged per request.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import hmac
import html
import json
import logging
import os
import secrets
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Annotated, Any, NamedTuple, TypeVar

import anyio
import anyio.to_thread
import sqlalchemy as sa
from fastapi import Depends, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.routing import Route

from patience import PatienceError, get_variant
from patience.daily import DailyDeal, daily_deal, parse_date
from patience.plugins import check_cells
from patience.records import RecordError, check_record, parse_record
from patience_server.db import Attempt, Player, default_database_url, make_engine, upgrade

__all__ = ["MAX_ACTIONS", "MAX_BODY", "ApiError", "RateLimiter", "create_app", "serve"]

log = logging.getLogger("patience_server")

#: The largest request body accepted, in bytes (a long game's record is a few KiB).
MAX_BODY = 256 * 1024
#: Requests on attempts and records allowed per player within :data:`RATE_WINDOW` seconds, by default.
RATE_COUNT = 60
RATE_WINDOW = 60.0
#: Results the replay of an accepted record must come to: an unfinished (or abandoned) game is not over yet.
ENDED = ("won", "gave-up")
#: The most actions a record may hold; longer ones are refused before any is replayed (a won game takes a few hundred).
MAX_ACTIONS = 5000
#: Worker threads that run requests' work on PostgreSQL (a few suffice for commits to overlap).
DATABASE_THREADS = 4
#: Registrations allowed per client address within :data:`RATE_WINDOW` seconds, by default.
REGISTER_COUNT = 20
#: Records refused after their replay allowed per player within :data:`RATE_WINDOW` seconds, by default.
REFUSED_COUNT = 10

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class ApiError(Exception):
    """An answer other than success: the status code, the message, and the failing action for a record."""

    def __init__(self, status: int, message: str, action: int | None = None, *, with_action: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.action = action
        self.with_action = with_action

    def body(self) -> dict[str, Any]:
        """The JSON body: ``{"error": ...}``, plus ``"action"`` for a refused record."""
        data: dict[str, Any] = {"error": self.message}
        if self.with_action:
            data["action"] = self.action
        return data


class _TooLarge(Exception):
    """The body grew past :data:`MAX_BODY` while it was read."""


class RateLimiter:
    """At most ``count`` requests per key within ``window`` seconds (a sliding window kept by this process).

    This is the one thing a process keeps in memory; losing it on a restart
    only forgets who was busy, and with several processes each one limits on
    its own.
    """

    def __init__(self, count: int = RATE_COUNT, window: float = RATE_WINDOW) -> None:
        self.count = count
        self.window = window
        self._seen: dict[int | str, deque[float]] = {}
        self._lock = threading.Lock()

    def full(self, key: int | str) -> bool:
        """True when ``key`` is at the limit now (nothing is counted)."""
        now = time.monotonic()
        with self._lock:
            seen = self._seen.get(key)
            return seen is not None and sum(1 for when in seen if now - when < self.window) >= self.count

    def allow(self, key: int | str) -> bool:
        """Count one request for ``key``; False when it is over the limit."""
        now = time.monotonic()
        with self._lock:
            seen = self._seen.setdefault(key, deque())
            while seen and now - seen[0] >= self.window:
                seen.popleft()
            if len(seen) >= self.count:
                return False
            seen.append(now)
            if len(self._seen) > 100_000:  # forget idle players rather than grow without end
                self._seen = {k: v for k, v in self._seen.items() if v and now - v[-1] < self.window}
            return True


def _rate_from_env(variable: str = "PATIENCE_RATE_LIMIT", default: int = RATE_COUNT) -> RateLimiter:
    """``COUNT/SECONDS`` from the environment ``variable`` (default ``default`` in :data:`RATE_WINDOW` seconds)."""
    text = os.environ.get(variable, "")
    count, _, window = text.partition("/")
    if count.strip().isdigit() and window.strip().replace(".", "", 1).isdigit():
        return RateLimiter(int(count), float(window))
    return RateLimiter(default)


class _Guard:
    """ASGI middleware: refuse bodies over :data:`MAX_BODY` with 413 and log one line per request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = [500]
        sent = [False]

        async def send_logged(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                sent[0] = True
            await send(message)

        length = dict(scope.get("headers") or []).get(b"content-length", b"")
        try:
            if length.isdigit() and int(length) > MAX_BODY:
                raise _TooLarge
            received = [0]

            async def receive_limited() -> Message:
                message = await receive()
                if message["type"] == "http.request":
                    received[0] += len(message.get("body", b""))
                    if received[0] > MAX_BODY:
                        raise _TooLarge
                return message

            await self.app(scope, receive_limited, send_logged)
        except _TooLarge:
            if not sent[0]:
                error = ApiError(413, f"the request body is over {MAX_BODY // 1024} KiB")
                await JSONResponse(error.body(), status_code=413)(scope, receive, send_logged)
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            client = scope.get("client") or ("-", 0)
            log.info("%s %s %s %d %.1fms", client[0], scope["method"], scope["path"], status[0], elapsed)


class Who(NamedTuple):
    """The player a request's token proves: id and name (read with one plain query, no ORM object)."""

    id: int
    name: str


# The statements every request runs are built once, with bound parameters: building them per request
# (SQLAlchemy's expression objects and their cache keys) cost about as much as running them.
_FIND_PLAYER = sa.select(Player.id, Player.name, Player.token_hash).where(Player.id == sa.bindparam("ident"))
_ADD_PLAYER = sa.insert(Player).returning(Player.id)
_NEXT_PLAYER_ID = sa.select(sa.func.nextval(sa.func.pg_get_serial_sequence("players", "id")))
_ADD_NUMBERED_PLAYER = sa.insert(Player)
_SET_TOKEN = sa.update(Player).where(Player.id == sa.bindparam("ident")).values(token_hash=sa.bindparam("new_hash"))
_ADD_ATTEMPT = sa.insert(Attempt).returning(Attempt.id)
_FIND_ATTEMPT = sa.select(Attempt.date, Attempt.variant, Attempt.cells, Attempt.deal, Attempt.result).where(
    Attempt.id == sa.bindparam("attempt"),
    Attempt.player_id == sa.bindparam("player"),
    Attempt.date == sa.bindparam("day"),
)
_SET_RESULT = (
    sa.update(Attempt)
    .where(Attempt.id == sa.bindparam("attempt"), Attempt.result.is_(None))
    .values(
        result=sa.bindparam("new_result"),
        won=sa.bindparam("new_won"),
        score=sa.bindparam("new_score"),
        moves=sa.bindparam("new_moves"),
        undos=sa.bindparam("new_undos"),
        cards_home=sa.bindparam("new_cards_home"),
        submitted=sa.bindparam("new_submitted", type_=sa.DateTime(timezone=True)),
        record=sa.bindparam("new_record"),
    )
)


def _ranked_before() -> sa.Select[Any]:
    """How many accepted attempts of a board rank before the one given by the bound parameters."""
    won: sa.BindParameter[int] = sa.bindparam("won")
    score: sa.BindParameter[int] = sa.bindparam("score")
    undos: sa.BindParameter[int] = sa.bindparam("undos")
    submitted = sa.bindparam("submitted", type_=sa.DateTime(timezone=True))
    ident: sa.BindParameter[int] = sa.bindparam("ident")
    better = sa.or_(
        Attempt.won > won,
        sa.and_(Attempt.won == won, Attempt.score > score),
        sa.and_(Attempt.won == won, Attempt.score == score, Attempt.undos < undos),
        sa.and_(Attempt.won == won, Attempt.score == score, Attempt.undos == undos, Attempt.submitted < submitted),
        sa.and_(
            Attempt.won == won,
            Attempt.score == score,
            Attempt.undos == undos,
            Attempt.submitted == submitted,
            Attempt.id < ident,
        ),
    )
    return (
        sa.select(sa.func.count())
        .select_from(Attempt)
        .where(
            Attempt.date == sa.bindparam("day"),
            Attempt.variant == sa.bindparam("variant"),
            Attempt.cells == sa.bindparam("cells"),
            Attempt.result.is_not(None),
            better,
        )
    )


_RANKED_BEFORE = _ranked_before()


async def _player(request: Request, authorization: Annotated[str | None, Header()] = None) -> Who:
    """The player whose token the request carries, or 401; 429 when they are over the rate limit."""
    return _player_of(request, authorization)


def _player_of(request: Request, authorization: str | None) -> Who:
    """:func:`_player`'s work, synchronously (the lookup is one indexed row)."""
    engine: sa.Engine = request.app.state.autocommit
    limiter: RateLimiter = request.app.state.limiter
    scheme, _, token = (authorization or "").partition(" ")
    ident, _, secret = token.strip().partition(".")
    if scheme.lower() != "bearer" or not ident.isdigit() or not secret or len(ident) > 18:
        raise ApiError(401, "no valid token: send `Authorization: Bearer TOKEN` with your player's token")
    with engine.connect() as connection:
        found = connection.execute(_FIND_PLAYER, {"ident": int(ident)}).first()
    # Compared in constant time, against a dummy hash when the id is unknown so both cases take as long.
    stored = str(found.token_hash) if found is not None else "0" * 64
    if not hmac.compare_digest(stored, hash_token(token.strip())) or found is None:
        raise ApiError(401, "wrong token: this token belongs to no player")
    if not limiter.allow(int(found.id)):
        raise ApiError(429, f"too many requests: at most {limiter.count} in {limiter.window:g} s, try again soon")
    return Who(int(found.id), str(found.name))


Auth = Annotated[Who, Depends(_player)]


class PlayerIn(BaseModel):
    """``POST /api/v1/players``."""

    name: str


class AttemptIn(BaseModel):
    """``POST /api/v1/daily/{date}/attempts``."""

    variant: str = "freecell"
    cells: int | None = None


def hash_token(token: str) -> str:
    """The SHA-256 of a token, as stored."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def check_name(name: str) -> str:
    """A player's name: 1 to 32 printable characters, no space at either end; else 422."""
    if not 1 <= len(name) <= 32 or not name.isprintable() or name != name.strip():
        raise ApiError(422, "a name is 1 to 32 printable characters, with no space at either end")
    return name


def create_app(database_url: str | None = None, *, rate: RateLimiter | None = None) -> FastAPI:
    """The service on ``database_url`` (default: SQLite in the data directory), migrated to the newest schema."""
    url = database_url or default_database_url()
    engine = make_engine(url)
    upgrade(engine)
    limiter = rate if rate is not None else _rate_from_env()
    # Registering needs no token, so it is limited by the client's address (PATIENCE_REGISTER_LIMIT).
    registrations = _rate_from_env("PATIENCE_REGISTER_LIMIT", REGISTER_COUNT)
    # A refused record leaves its attempt open for a corrected one; replays that end refused are limited
    # apart (PATIENCE_REFUSED_LIMIT), so nobody can keep the service replaying records it refuses.
    refusals = _rate_from_env("PATIENCE_REFUSED_LIMIT", REFUSED_COUNT)
    app = FastAPI(
        title="patience daily leaderboard",
        version="1",
        description="One attempt per player and day; every record is replayed by the engine before it counts.",
    )
    app.state.engine = engine
    # One statement needs no transaction around it: in autocommit it is one round trip to PostgreSQL,
    # where BEGIN and COMMIT (or ROLLBACK after a read) would be two more.
    autocommit = make_engine(url, autocommit=True)
    # Whether the players' ids come from a sequence that can be asked first (PostgreSQL's).
    numbered = engine.dialect.name == "postgresql"
    waits_for_disk = engine.dialect.name == "postgresql"
    app.state.autocommit = autocommit
    app.state.limiter = limiter

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.body(), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        message = f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg", "invalid request"))
        return JSONResponse({"error": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(error.detail)}, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(_TooLarge)
    async def _too_large(_request: Request, _error: _TooLarge) -> JSONResponse:
        return JSONResponse(ApiError(413, f"the request body is over {MAX_BODY // 1024} KiB").body(), status_code=413)

    @app.exception_handler(PatienceError)
    async def _refused(_request: Request, error: PatienceError) -> JSONResponse:
        # Whatever the engine refuses (no daily deal for those arguments, ...) is the request's fault: 422.
        return JSONResponse({"error": str(error)}, status_code=422)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, error: Exception) -> JSONResponse:
        log.exception("internal error")
        return JSONResponse({"error": "internal error"}, status_code=500)

    # The declared endpoints are coroutines: for a plain function FastAPI hops to a worker thread and
    # back several times a request, which cost more than the few indexed statements. A well-formed
    # request of a game is served by the plain routes at the end, with the same functions.
    @app.post("/api/v1/players", status_code=201)
    async def register(body: PlayerIn, request: Request) -> dict[str, str]:
        """Register a player: the token is shown once and kept only as a hash."""
        return _register(body, request)

    def _register(body: PlayerIn, request: Request) -> dict[str, str]:
        address = request.client.host if request.client is not None else "-"
        if not registrations.allow(address):
            raise ApiError(
                429,
                f"too many new players from {address}: at most {registrations.count} "
                f"in {registrations.window:g} s, try again soon",
            )
        name = check_name(body.name)
        secret = secrets.token_urlsafe(32)
        now = dt.datetime.now(dt.UTC)
        try:
            if numbered:
                # PostgreSQL hands out the id first, so the player is one INSERT with its token's hash, in
                # autocommit: two round trips where BEGIN, INSERT, UPDATE and COMMIT were four.
                with autocommit.connect() as connection:
                    ident = connection.execute(_NEXT_PLAYER_ID).scalar_one()
                    token = f"{ident}.{secret}"
                    row = {"id": ident, "name": name, "token_hash": hash_token(token), "created": now}
                    connection.execute(_ADD_NUMBERED_PLAYER, row)
            else:
                with engine.begin() as connection:
                    # The unique name is the database's to check: one statement, no race between two processes.
                    ident = connection.execute(
                        _ADD_PLAYER,
                        # A random placeholder until the id, which the token starts with, is known.
                        {"name": name, "token_hash": secrets.token_hex(32), "created": now},
                    ).scalar_one()
                    token = f"{ident}.{secret}"
                    connection.execute(_SET_TOKEN, {"ident": ident, "new_hash": hash_token(token)})
        except sa.exc.IntegrityError:
            raise ApiError(409, f"the name {name!r} is taken: choose another") from None
        return {"name": name, "token": token}

    @app.post("/api/v1/daily/{date}/attempts", status_code=201)
    async def start_attempt(date: str, body: AttemptIn, who: Auth) -> dict[str, Any]:
        """Start the player's one attempt at the day's deal."""
        return _start(date, body, who)

    def _start(date: str, body: AttemptIn, who: Who) -> dict[str, Any]:
        day = _today_or_422(date)
        daily = _daily(day, body.variant, body.cells)
        try:
            with autocommit.connect() as connection:
                ident = connection.execute(
                    _ADD_ATTEMPT,
                    {
                        "player_id": who.id,
                        "date": daily.date,
                        "variant": daily.variant,
                        "cells": daily.cells,
                        "deal": daily.deal,
                        "code": daily.code,
                        "started": dt.datetime.now(dt.UTC),
                    },
                ).scalar_one()
        except sa.exc.IntegrityError:
            raise ApiError(
                409, f"{who.name} has already started the {daily.title} daily deal of {daily.date}: one attempt a day"
            ) from None
        return {"attempt": ident, "deal": daily.deal, "code": daily.code}

    @app.put("/api/v1/daily/{date}/attempts/{attempt}/record")
    async def send_record(date: str, attempt: int, request: Request, who: Auth) -> dict[str, Any]:
        """Replay the attempt's record; store and rank the result it really gives."""
        raw = await request.body()
        return _accept(date, attempt, raw, who)

    def _accept(date: str, attempt: int, raw: bytes, who: Who) -> dict[str, Any]:
        # One connection for the request's three statements: no lock is held between them (autocommit).
        with autocommit.connect() as connection:
            return _accept_on(connection, date, attempt, raw, who)

    def _accept_on(connection: sa.Connection, date: str, attempt: int, raw: bytes, who: Who) -> dict[str, Any]:
        row = connection.execute(_FIND_ATTEMPT, {"attempt": attempt, "player": who.id, "day": date}).first()
        if row is None:
            raise ApiError(404, f"{who.name} has no attempt {attempt} on {date}")
        if row.result is not None:
            raise ApiError(409, f"attempt {attempt} already has its record")
        try:
            text = raw.decode("utf-8")
            record = parse_record(text)
        except (UnicodeDecodeError, RecordError) as error:
            raise ApiError(422, f"not a game record: {error}", with_action=True) from None
        if len(record.actions) > MAX_ACTIONS:
            # Refused before any replay: a long record costs CPU in proportion to its length.
            raise ApiError(
                422,
                f"the record has {len(record.actions):,} actions: at most {MAX_ACTIONS:,} are accepted",
                MAX_ACTIONS + 1,
                with_action=True,
            )
        for tag, expected in (("Variant", row.variant), ("Cells", str(row.cells)), ("Deal", str(row.deal))):
            if record.tag(tag) != expected:
                raise ApiError(
                    422,
                    f"the record is not of this attempt's deal: {tag} {record.tag(tag)!r}, the attempt's is {expected}",
                    with_action=True,
                )
        if refusals.full(who.id):
            raise ApiError(
                429,
                f"too many refused records: at most {refusals.count} in {refusals.window:g} s, try again later",
            )
        checked = check_record(record)
        if checked.problem is not None:
            refusals.allow(who.id)
            raise ApiError(422, checked.problem, checked.action, with_action=True)
        if checked.result not in ENDED:
            refusals.allow(who.id)
            raise ApiError(422, "the game has not ended: send its record once it is won or given up", with_action=True)
        # What the replay came to, never what the record says it came to.
        result = checked.result
        won = 1 if result == "won" else 0
        now = dt.datetime.now(dt.UTC)
        # Each its own statement: the update alone decides (only one can fill an empty result), and the
        # rank counts what is committed when it runs, as it would inside a READ COMMITTED transaction.
        updated = connection.execute(
            _SET_RESULT,
            {
                "attempt": attempt,
                "new_result": result,
                "new_won": won,
                "new_score": checked.score,
                "new_moves": checked.moves,
                "new_undos": checked.undos,
                "new_cards_home": checked.cards_home,
                "new_submitted": now,
                "new_record": text,
            },
        ).rowcount
        if updated != 1:
            raise ApiError(409, f"attempt {attempt} already has its record")
        before = connection.execute(
            _RANKED_BEFORE,
            {
                "day": row.date,
                "variant": row.variant,
                "cells": row.cells,
                "won": won,
                "score": checked.score,
                "undos": checked.undos,
                "submitted": now,
                "ident": attempt,
            },
        ).scalar_one()
        rank = int(before) + 1
        return {
            "result": result,
            "score": checked.score,
            "moves": checked.moves,
            "undos": checked.undos,
            "cards_home": checked.cards_home,
            "rank": rank,
        }

    @app.get("/api/v1/daily/{date}/leaderboard")
    def leaderboard(
        date: str, variant: Annotated[str, Query()] = "freecell", cells: Annotated[int | None, Query()] = None
    ) -> list[dict[str, Any]]:
        """The day's ranked results: wins first, then higher score, fewer undos, earlier submission."""
        day = _date_or_422(date)
        var, n_cells = _variant(variant, cells)
        return _board(day.isoformat(), var, n_cells)

    @app.get("/api/v1/health")
    async def health() -> dict[str, str]:
        """200 when the service can reach its database."""
        with engine.connect() as connection:
            connection.execute(sa.select(1))
        return {"status": "ok"}

    @app.get("/daily/{date}", response_class=HTMLResponse)
    def page(
        date: str, variant: Annotated[str, Query()] = "freecell", cells: Annotated[int | None, Query()] = None
    ) -> HTMLResponse:
        """The day's leaderboard as a small page."""
        day = _date_or_422(date)
        var, n_cells = _variant(variant, cells)
        rows = _board(day.isoformat(), var, n_cells)
        return HTMLResponse(_page(day, var, n_cells, rows, _deal_of(day, var, n_cells)))

    @app.get("/", response_class=HTMLResponse)
    def front(
        variant: Annotated[str, Query()] = "freecell", cells: Annotated[int | None, Query()] = None
    ) -> HTMLResponse:
        """Today's leaderboard (the server's UTC date)."""
        day = dt.datetime.now(dt.UTC).date()
        var, n_cells = _variant(variant, cells)
        rows = _board(day.isoformat(), var, n_cells)
        return HTMLResponse(_page(day, var, n_cells, rows, _deal_of(day, var, n_cells)))

    def _deal_of(day: dt.date, variant: str, cells: int) -> tuple[int, str]:
        """The day's deal and code: computed for the dates that can be played, else read from that day's attempts.

        A page never makes the solver search a date nobody could play (that
        would be CPU for the asking): such a date without attempts is 404.
        """
        if abs((day - dt.datetime.now(dt.UTC).date()).days) <= 1:
            daily = _daily_cached(day, variant, cells)
            return daily.deal, daily.code
        with engine.connect() as connection:
            found = connection.execute(
                sa.select(Attempt.deal, Attempt.code)
                .where(Attempt.date == day.isoformat(), Attempt.variant == variant, Attempt.cells == cells)
                .limit(1)
            ).first()
        if found is None:
            title = get_variant(variant).title
            raise ApiError(404, f"nobody played the {title} daily deal of {day} with {cells} cells")
        return int(found[0]), str(found[1])

    def _board(day: str, variant: str, cells: int) -> list[dict[str, Any]]:
        query = (
            sa.select(Attempt, Player.name)
            .join(Player, Player.id == Attempt.player_id)
            .where(
                Attempt.date == day,
                Attempt.variant == variant,
                Attempt.cells == cells,
                Attempt.result.is_not(None),
            )
            .order_by(
                Attempt.won.desc(), Attempt.score.desc(), Attempt.undos.asc(), Attempt.submitted.asc(), Attempt.id
            )
        )
        with Session(engine) as session:
            rows = [(attempt, name) for attempt, name in session.execute(query).tuples()]
        return [
            {
                "rank": rank,
                "name": name,
                "result": attempt.result,
                "score": attempt.score,
                "moves": attempt.moves,
                "undos": attempt.undos,
                "cards_home": attempt.cards_home,
            }
            for rank, (attempt, name) in enumerate(rows, start=1)
        ]

    # The three requests of every game bypass FastAPI's per-request machinery (dependency solving,
    # validation and serialisation took about 0.14 ms of each): plain routes ahead of the declared ones
    # serve a well-formed request with the same functions. Anything else - a body that is not the
    # JSON object expected, an attempt number that is not a plain number - goes on, already read, to
    # the declared route, so refusals and their messages stay FastAPI's, and /openapi.json still
    # describes the declared routes.
    declared = {
        (route.path, method): route
        for route in app.routes
        if isinstance(route, APIRoute)
        for method in route.methods or ()
    }

    # A few threads are enough for the commits to overlap; with anyio's 40, up to 32 at once took turns
    # at the GIL and each held its own PostgreSQL connection and server process. Three processes at 32
    # clients: 168-183/s with 8 threads, 195-216/s with 4 (and with 2), 171/s with 16.
    database_threads = anyio.CapacityLimiter(DATABASE_THREADS)

    async def _run(function: Callable[..., _T], *args: Any) -> _T:
        # PostgreSQL's commits wait for the disk: from worker threads several requests' commits overlap
        # (and share a flush), where on the event loop they queued one behind the other, which halved
        # the rate. SQLite's commits do not wait for the disk, and there the hop costs more than it saves.
        if waits_for_disk:
            return await anyio.to_thread.run_sync(functools.partial(function, *args), limiter=database_threads)
        return function(*args)

    async def fast_register(request: Request) -> Response:
        raw = await request.body()
        body = _json_model(request, raw, PlayerIn)
        if body is None:
            return _Declared(declared[("/api/v1/players", "POST")], raw)
        return JSONResponse(await _run(_register, body, request), status_code=201)

    async def fast_start(request: Request) -> Response:
        raw = await request.body()
        body = _json_model(request, raw, AttemptIn)
        if body is None:
            return _Declared(declared[("/api/v1/daily/{date}/attempts", "POST")], raw)

        def start() -> dict[str, Any]:
            who = _player_of(request, request.headers.get("authorization"))
            return _start(request.path_params["date"], body, who)

        return JSONResponse(await _run(start), status_code=201)

    async def fast_record(request: Request) -> Response:
        raw = await request.body()
        attempt = str(request.path_params["attempt"])
        if not (attempt.isascii() and attempt.isdigit() and len(attempt) <= 18):
            return _Declared(declared[("/api/v1/daily/{date}/attempts/{attempt}/record", "PUT")], raw)

        def accept() -> dict[str, Any]:
            who = _player_of(request, request.headers.get("authorization"))
            return _accept(request.path_params["date"], int(attempt), raw, who)

        return JSONResponse(await _run(accept))

    fast = [
        Route("/api/v1/players", fast_register, methods=["POST"]),
        Route("/api/v1/daily/{date}/attempts", fast_start, methods=["POST"]),
        Route("/api/v1/daily/{date}/attempts/{attempt}/record", fast_record, methods=["PUT"]),
    ]
    app.router.routes[:0] = fast
    return app


_Model = TypeVar("_Model", bound=BaseModel)
_T = TypeVar("_T")


def _json_model(request: Request, raw: bytes, model: type[_Model]) -> _Model | None:
    """The body as ``model`` when it is plainly one (a JSON object that validates); else ``None``."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    try:
        return model.model_validate(data)
    except ValidationError:
        return None


class _Declared(Response):
    """Hands the request, its body already read, to the declared FastAPI route, which answers it."""

    def __init__(self, route: APIRoute, body: bytes) -> None:
        super().__init__()
        self.route = route
        self.body_read = body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": self.body_read, "more_body": False}

        await self.route.app(scope, replay, send)


def _date_or_422(text: str) -> dt.date:
    try:
        return parse_date(text)
    except PatienceError as error:
        raise ApiError(422, str(error)) from None


def _today_or_422(text: str) -> dt.date:
    """The date, when it is the server's UTC date give or take one day (players' time zones); else 422."""
    day = _date_or_422(text)
    today = dt.datetime.now(dt.UTC).date()
    if abs((day - today).days) > 1:
        raise ApiError(422, f"only today's daily deal can be played: {day} is not {today} give or take a day")
    return day


@functools.lru_cache(maxsize=256)
def _variant(name: str, cells: int | None) -> tuple[str, int]:
    # Cached: looking a variant up walks every plugin (milliseconds); a process's plugins do not change.
    try:
        variant = get_variant(name)
        return variant.name, check_cells(variant, cells)
    except PatienceError as error:
        raise ApiError(422, str(error)) from None


@functools.lru_cache(maxsize=256)
def _daily_cached(day: dt.date, variant: str, cells: int) -> DailyDeal:
    # The deal is a pure function of its arguments: caching it is not state, every process computes the same.
    return daily_deal(day, variant, cells)


def _daily(day: dt.date, variant: str, cells: int | None) -> DailyDeal:
    name, n_cells = _variant(variant, cells)
    return _daily_cached(day, name, n_cells)


_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;padding:.75rem;background:#0b5d2a;color:#f4f4f4}
h1{font-size:1.4rem;margin:0 0 .3rem}p{margin:.2rem 0 1rem;color:#cfe8d6}
table{width:100%;border-collapse:collapse;background:#fff;color:#111;border-radius:8px;overflow:hidden}
th,td{padding:.5rem .25rem;text-align:right;font-size:.9rem;white-space:nowrap}th{background:#e8efe9}
td.n,th.n{text-align:left;width:100%;white-space:normal;overflow-wrap:break-word;word-break:normal}
tr:nth-child(even) td{background:#f6f8f6}
.won{color:#0b5d2a;font-weight:600}nav a{color:#fff;margin-right:1rem}
"""


def _page(day: dt.date, variant: str, cells: int, rows: list[dict[str, Any]], deal: tuple[int, str]) -> str:
    var = get_variant(variant)
    title = html.escape(var.title)
    total = 52 * var.rules.decks
    body = "".join(
        f'<tr><td>{row["rank"]}</td><td class="n">{html.escape(row["name"])}</td>'
        f'<td class="{"won" if row["result"] == "won" else ""}">{html.escape(row["result"])}</td>'
        f"<td>{row['score']}</td><td>{row['cards_home']}/{total}</td><td>{row['moves']}</td><td>{row['undos']}</td></tr>"
        for row in rows
    )
    if not rows:
        body = '<tr><td colspan="7" class="n">No results yet.</td></tr>'
    prev, after = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    query = f"?variant={html.escape(variant)}&amp;cells={cells}"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Daily {title} {day}</title><style>{_STYLE}</style></head><body>"
        f"<h1>Daily {title} {day}</h1><p>Deal #{deal[0]} · {cells} cells · {html.escape(deal[1])}</p>"
        '<table><thead><tr><th>#</th><th class="n">Player</th><th>Result</th><th>Score</th>'
        f"<th>Home</th><th>Moves</th><th>Undos</th></tr></thead><tbody>{body}</tbody></table>"
        f'<p><nav><a href="/daily/{prev}{query}">← {prev}</a><a href="/daily/{after}{query}">{after} →</a></nav></p>'
        "</body></html>"
    )


def serve(database_url: str | None = None, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the service with uvicorn until interrupted (``patience serve``)."""
    import uvicorn

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    log.setLevel(logging.INFO)
    app = _Guard(create_app(database_url))
    uvicorn.run(app, host=host, port=port, access_log=False, log_level="warning")
