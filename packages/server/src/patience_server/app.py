"""The HTTP service: the JSON API under ``/api/v1``, the leaderboard pages, and :func:`serve`.

Every endpoint, key and status code is the one ``docs/server.md`` lists.
The handlers build SQL only with SQLAlchemy expressions (bound parameters),
tokens are kept as SHA-256 hashes and compared with
:func:`hmac.compare_digest`, every error is a JSON body ``{"error": ...,
"error_code": ...}`` in the request's language (:mod:`.speech`), and one line
is logged per request.
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
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Annotated, Any, NamedTuple, TypeVar

import anyio
import anyio.to_thread
import sqlalchemy as sa
from fastapi import Depends, FastAPI, Header, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.routing import Route

from patience import PatienceError, get_variant
from patience.formats.records import RecordError, Replay, check_record, parse_record
from patience.i18n import current_language, format_date, format_number, speaking
from patience.plugins import check_cells
from patience_server.db import Attempt, Player, default_database_url, make_engine, upgrade
from patience_server.speech import VARY, ApiError, ErrorCode, error_responses, language_of_request, tr
from patience_solver.daily import DailyDeal, daily_deal, parse_date

__all__ = ["MAX_ACTIONS", "MAX_BODY", "ApiError", "ErrorCode", "RateLimiter", "create_app", "serve"]

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
#: The largest id a database row can have (a signed 64-bit integer): a larger attempt number is 422.
MAX_ID = 2**63 - 1
#: Registrations allowed per client address within :data:`RATE_WINDOW` seconds, by default.
REGISTER_COUNT = 20
#: Records refused after their replay allowed per player within :data:`RATE_WINDOW` seconds, by default.
REFUSED_COUNT = 10

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class _TooLarge(Exception):
    """The body grew past :data:`MAX_BODY` while it was read."""


def _too_large() -> ApiError:
    size = format_number(MAX_BODY // 1024)
    return ApiError(ErrorCode.BODY_TOO_LARGE, tr.gettext("the request body is over {size} KiB").format(size=size))


def _internal() -> ApiError:
    return ApiError(ErrorCode.INTERNAL_ERROR, tr.gettext("internal error: the service failed on this request"))


def _unavailable() -> ApiError:
    return ApiError(ErrorCode.UNAVAILABLE, tr.gettext("the database cannot be reached just now: try again soon"))


def _rate_limited(limiter: RateLimiter) -> ApiError:
    seconds = format_number(limiter.window)
    message = tr.ngettext(
        "too many requests: at most {count} request in {seconds} s, try again soon",
        "too many requests: at most {count} requests in {seconds} s, try again soon",
        limiter.count,
    )
    return ApiError(ErrorCode.RATE_LIMITED, message.format(count=format_number(limiter.count), seconds=seconds))


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


class _Speaking:
    """ASGI middleware: answer each request in its language, and a failure nothing else answered with a JSON 500.

    The language is the request's alone (:func:`patience.i18n.speaking`: a
    context variable, which the worker threads a request's work runs in
    inherit), never the process's.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = [False]

        async def send_started(message: Message) -> None:
            if message["type"] == "http.response.start":
                started[0] = True
            await send(message)

        with speaking(language_of_request(scope.get("query_string", b""), scope.get("headers") or [])):
            try:
                await self.app(scope, receive, send_started)
            except _TooLarge:
                raise
            except Exception:
                log.exception("internal error")
                if not started[0]:
                    await _internal().response()(scope, receive, send_started)


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
        language = language_of_request(scope.get("query_string", b""), scope.get("headers") or [])
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
                with speaking(language):
                    error = _too_large()
                await error.response()(scope, receive, send_logged)
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
        raise ApiError(
            ErrorCode.UNAUTHORIZED,
            tr.gettext("no valid token: send `Authorization: Bearer TOKEN` with your player's token"),
            headers={"WWW-Authenticate": "Bearer"},
        )
    with engine.connect() as connection:
        found = connection.execute(_FIND_PLAYER, {"ident": int(ident)}).first()
    # Compared in constant time, against a dummy hash when the id is unknown so both cases take as long.
    stored = str(found.token_hash) if found is not None else "0" * 64
    if not hmac.compare_digest(stored, hash_token(token.strip())) or found is None:
        raise ApiError(
            ErrorCode.UNAUTHORIZED,
            tr.gettext("wrong token: this token belongs to no player"),
            headers={"WWW-Authenticate": "Bearer"},
        )
    if not limiter.allow(int(found.id)):
        raise _rate_limited(limiter)
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


#: The fewest and the most characters of a player's name.
NAME_LENGTH = (1, 32)


def check_name(name: str) -> str:
    """A player's name: 1 to 32 printable characters, no space at either end; else 422.

    ``invalid_name`` for its length, ``name_invisible`` for a character
    nobody could see (a tab, a line break, a space at either end).
    """
    least, most = NAME_LENGTH
    if not least <= len(name) <= most:
        raise ApiError(
            ErrorCode.INVALID_NAME,
            tr.gettext("a name is {least} to {most} characters long").format(
                least=format_number(least), most=format_number(most)
            ),
        )
    if not name.isprintable() or name != name.strip():
        raise ApiError(
            ErrorCode.NAME_INVISIBLE,
            tr.gettext("a name may hold no tab, line break or other invisible character, nor start or end in a space"),
        )
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
        return error.response()

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        return _validation_error(error.errors()).response()

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return _http_error(request, error).response()

    @app.exception_handler(_TooLarge)
    async def _too_large_body(_request: Request, _error: _TooLarge) -> JSONResponse:
        return _too_large().response()

    @app.exception_handler(PatienceError)
    async def _refused(_request: Request, error: PatienceError) -> JSONResponse:
        # Whatever else the engine refuses (no daily deal for those arguments, ...) is the request's fault: 422,
        # in the engine's words.
        return ApiError(ErrorCode.ENGINE_REFUSED, str(error)).response()

    @app.exception_handler(sa.exc.OperationalError)
    async def _database_away(_request: Request, error: sa.exc.OperationalError) -> JSONResponse:
        # The database refused to connect or answer (down, restarting, locked too long): worth a retry.
        log.warning("database unavailable: %s", " ".join(str(error.orig).split()))
        return _unavailable().response()

    # Anything else that fails is answered 500 by _Speaking, with the traceback in the log only.
    app.add_middleware(_Speaking)

    # The declared endpoints are coroutines: for a plain function FastAPI hops to a worker thread and
    # back several times a request, which cost more than the few indexed statements. A well-formed
    # request of a game is served by the plain routes at the end, with the same functions.
    @app.post("/api/v1/players", status_code=201, responses=error_responses(409, 422, 429))
    async def register(body: PlayerIn, request: Request) -> dict[str, str]:
        """Register a player: the token is shown once and kept only as a hash."""
        return _register(body, request)

    def _register(body: PlayerIn, request: Request) -> dict[str, str]:
        address = request.client.host if request.client is not None else "-"
        if not registrations.allow(address):
            message = tr.ngettext(
                "too many new players from {address}: at most {count} in {seconds} s, try again soon",
                "too many new players from {address}: at most {count} in {seconds} s, try again soon",
                registrations.count,
            )
            seconds = format_number(registrations.window)
            count = format_number(registrations.count)
            raise ApiError(ErrorCode.RATE_LIMITED, message.format(address=address, count=count, seconds=seconds))
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
            raise ApiError(
                ErrorCode.NAME_TAKEN, tr.gettext("the name “{name}” is taken: choose another").format(name=name)
            ) from None
        return {"name": name, "token": token}

    @app.post("/api/v1/daily/{date}/attempts", status_code=201, responses=error_responses(401, 409, 422, 429))
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
            message = tr.gettext("{name} has already started the daily {variant} of {date}: one attempt a day")
            when = format_date(day)
            raise ApiError(
                ErrorCode.ACTION_CONFLICT, message.format(name=who.name, variant=daily.title, date=when)
            ) from None
        return {"attempt": ident, "deal": daily.deal, "code": daily.code}

    @app.put("/api/v1/daily/{date}/attempts/{attempt}/record", responses=error_responses(401, 404, 409, 413, 422, 429))
    async def send_record(
        date: str, attempt: Annotated[int, Path(ge=0, le=MAX_ID)], request: Request, who: Auth
    ) -> dict[str, Any]:
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
            raise ApiError(
                ErrorCode.NOT_FOUND,
                tr.gettext("{name} has no attempt {attempt} on {date}").format(
                    name=who.name, attempt=attempt, date=date
                ),
            )
        if row.result is not None:
            raise _recorded(attempt)
        try:
            text = raw.decode("utf-8")
            record = parse_record(text)
        except (UnicodeDecodeError, RecordError) as error:
            # The reason is the engine's words.
            reason = error.reason if isinstance(error, UnicodeDecodeError) else str(error)
            message = tr.gettext("not a game record: {reason}").format(reason=reason)
            raise ApiError(ErrorCode.NOT_A_RECORD, message, with_action=True) from None
        if len(record.actions) > MAX_ACTIONS:
            # Refused before any replay: a long record costs CPU in proportion to its length.
            message = tr.ngettext(
                "the record has {count} action: at most {most} are accepted",
                "the record has {count} actions: at most {most} are accepted",
                len(record.actions),
            )
            count, most = format_number(len(record.actions)), format_number(MAX_ACTIONS)
            raise ApiError(
                ErrorCode.RECORD_TOO_LONG, message.format(count=count, most=most), MAX_ACTIONS + 1, with_action=True
            )
        for tag, expected in (("Variant", row.variant), ("Cells", str(row.cells)), ("Deal", str(row.deal))):
            if record.tag(tag) != expected:
                message = tr.gettext(
                    "the record is not of this attempt's deal: its {tag} is “{claimed}”, the attempt's is {expected}"
                )
                raise ApiError(
                    ErrorCode.WRONG_DEAL,
                    message.format(tag=tag, claimed=record.tag(tag) or "", expected=expected),
                    with_action=True,
                )
        if refusals.full(who.id):
            message = tr.ngettext(
                "too many refused records: at most {count} in {seconds} s, try again later",
                "too many refused records: at most {count} in {seconds} s, try again later",
                refusals.count,
            )
            count, seconds = format_number(refusals.count), format_number(refusals.window)
            raise ApiError(ErrorCode.RATE_LIMITED, message.format(count=count, seconds=seconds))
        checked = check_record(record)
        if checked.problem is not None:
            refusals.allow(who.id)
            raise ApiError(_problem_code(checked), checked.problem, checked.action, with_action=True)
        if checked.result not in ENDED:
            refusals.allow(who.id)
            raise ApiError(
                ErrorCode.GAME_NOT_ENDED,
                tr.gettext("the game has not ended: send its record once it is won or given up"),
                with_action=True,
            )
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
            raise _recorded(attempt)
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

    @app.get("/api/v1/daily/{date}/leaderboard", responses=error_responses(422))
    def leaderboard(
        date: str, variant: Annotated[str, Query()] = "freecell", cells: Annotated[int | None, Query()] = None
    ) -> list[dict[str, Any]]:
        """The day's ranked results: wins first, then higher score, fewer undos, earlier submission."""
        day = _date_or_422(date)
        var, n_cells = _variant(variant, cells)
        return _board(day.isoformat(), var, n_cells)

    @app.get("/api/v1/health", responses=error_responses())
    async def health() -> dict[str, str]:
        """200 when the service can reach its database."""
        with engine.connect() as connection:
            connection.execute(sa.select(1))
        return {"status": "ok"}

    @app.get("/daily/{date}", response_class=HTMLResponse, responses=error_responses(404, 422, page=True))
    def page(
        date: str,
        variant: Annotated[str, Query()] = "freecell",
        cells: Annotated[int | None, Query()] = None,
        lang: Annotated[str | None, Query(description=LANG_QUERY)] = None,
    ) -> HTMLResponse:
        """The day's leaderboard as a small page, in the language of ``?lang=`` or else ``Accept-Language``."""
        day = _date_or_422(date)
        var, n_cells = _variant(variant, cells)
        rows = _board(day.isoformat(), var, n_cells)
        return _html(_page(day, var, n_cells, rows, _deal_of(day, var, n_cells)))

    @app.get("/", response_class=HTMLResponse, responses=error_responses(422, page=True))
    def front(
        variant: Annotated[str, Query()] = "freecell",
        cells: Annotated[int | None, Query()] = None,
        lang: Annotated[str | None, Query(description=LANG_QUERY)] = None,
    ) -> HTMLResponse:
        """Today's leaderboard (the server's UTC date), in the language of ``?lang=`` or else ``Accept-Language``."""
        day = dt.datetime.now(dt.UTC).date()
        var, n_cells = _variant(variant, cells)
        rows = _board(day.isoformat(), var, n_cells)
        return _html(_page(day, var, n_cells, rows, _deal_of(day, var, n_cells)))

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
            message = tr.ngettext(
                "nobody played the daily {variant} of {date} with {cells} free cell",
                "nobody played the daily {variant} of {date} with {cells} free cells",
                cells,
            )
            title = get_variant(variant).title
            when = format_date(day)
            raise ApiError(ErrorCode.NOT_FOUND, message.format(variant=title, date=when, cells=format_number(cells)))
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
    # the declared route, which refuses it, and /openapi.json still describes the declared routes.
    # Both raise the same ApiError from the same functions, answered by the same handlers, inside the
    # same _Speaking: a refusal's body, id and language do not depend on the route that served it.
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


#: What the pages say of their ``?lang=`` (the OpenAPI description).
LANG_QUERY = "en, de or hu: the page's language (any other value: English); without it, Accept-Language decides"


def _html(text: str) -> HTMLResponse:
    """A page: its words depend on the request's language, so caches keep one per Accept-Language."""
    return HTMLResponse(text, headers=VARY)


def _recorded(attempt: int) -> ApiError:
    message = tr.gettext("attempt {attempt} already has its record").format(attempt=attempt)
    return ApiError(ErrorCode.ACTION_CONFLICT, message)


def _problem_code(checked: Replay) -> ErrorCode:
    """The id of a replay's problem: an action it could not play (after the end: game over), else a claim."""
    if checked.action is None:
        return ErrorCode.RECORD_MISMATCH
    game = checked.game
    if game is not None and (game.is_won or game.gave_up):
        return ErrorCode.GAME_OVER
    return ErrorCode.ILLEGAL_ACTION


#: The request's parts that FastAPI names first in a validation error's location.
_PARTS = frozenset({"body", "query", "path", "header", "cookie"})


def _validation_error(errors: Sequence[Any]) -> ApiError:
    """A request FastAPI could not read: its first problem, in the request's language (``invalid_request``)."""
    first: dict[str, Any] = dict(errors[0]) if errors else {}
    location = list(first.get("loc", ()))
    if location and location[0] in _PARTS:
        location = location[1:]
    field = ".".join(str(part) for part in location)
    kind = str(first.get("type", ""))
    if kind == "json_invalid":
        message = tr.gettext("the body is not valid JSON")
    elif not field and kind in ("model_attributes_type", "dict_type", "model_type"):
        message = tr.gettext("the body must be a JSON object")
    elif not field:
        message = tr.gettext("the request is not one this service can read")
    elif kind == "missing":
        message = tr.gettext("{field}: this value is required").format(field=field)
    elif kind.startswith("int_"):
        message = tr.gettext("{field}: a whole number is expected").format(field=field)
    elif kind.startswith("string_"):
        message = tr.gettext("{field}: a text is expected").format(field=field)
    else:
        message = tr.gettext("{field}: this value is not valid").format(field=field)
    return ApiError(ErrorCode.INVALID_REQUEST, message)


def _http_error(request: Request, error: StarletteHTTPException) -> ApiError:
    """An answer Starlette gave before any route (no such path, not this method, ...), in the request's language."""
    headers = dict(error.headers or {})
    if error.status_code == 404:
        message = tr.gettext("there is nothing at {path}").format(path=request.url.path)
        return ApiError(ErrorCode.NOT_FOUND, message, headers=headers)
    if error.status_code == 405:
        allowed = headers.get("allow", headers.get("Allow", ""))
        message = tr.gettext("{method} is not allowed on {path}: it takes {allowed}")
        return ApiError(
            ErrorCode.METHOD_NOT_ALLOWED,
            message.format(method=request.method, path=request.url.path, allowed=allowed),
            headers=headers,
        )
    if error.status_code >= 500:
        return _internal()
    return ApiError(ErrorCode.INVALID_REQUEST, tr.gettext("the request is not one this service can read"))


def _date_or_422(text: str) -> dt.date:
    try:
        return parse_date(text)
    except PatienceError:
        message = tr.gettext("“{text}” is not a date: write it as YYYY-MM-DD, like {example}")
        raise ApiError(ErrorCode.INVALID_DATE, message.format(text=text, example="2026-12-24")) from None


def _today_or_422(text: str) -> dt.date:
    """The date, when it is the server's UTC date give or take one day (players' time zones); else 422."""
    day = _date_or_422(text)
    today = dt.datetime.now(dt.UTC).date()
    if abs((day - today).days) > 1:
        message = tr.gettext("only today's daily deal can be played: {date} is not {today} give or take a day")
        raise ApiError(ErrorCode.DATE_NOT_PLAYABLE, message.format(date=format_date(day), today=format_date(today)))
    return day


def _variant(name: str, cells: int | None) -> tuple[str, int]:
    """The variant's name and its cell count (its default for ``None``), or 422 in the request's language."""
    found = _variant_cached(name, cells)
    if isinstance(found, tuple):
        return found
    if found == "variant":
        message = tr.gettext("there is no variant “{name}” on this server").format(name=name)
        raise ApiError(ErrorCode.UNKNOWN_VARIANT, message)
    title = get_variant(name).title
    count = cells if cells is not None else 0
    message = tr.ngettext(
        "{variant} is not played with {cells} free cell", "{variant} is not played with {cells} free cells", count
    ).format(variant=title, cells=format_number(count))
    raise ApiError(ErrorCode.INVALID_CELLS, message)


@functools.lru_cache(maxsize=256)
def _variant_cached(name: str, cells: int | None) -> tuple[str, int] | str:
    # Cached: looking a variant up walks every plugin (milliseconds); a process's plugins do not change.
    # What is wrong is cached as a word ("variant", "cells"), so that the message is in each request's language.
    try:
        variant = get_variant(name)
    except PatienceError:
        return "variant"
    try:
        return variant.name, check_cells(variant, cells)
    except PatienceError:
        return "cells"


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


def _result_word(result: str) -> str:
    """A stored result as the page's language says it."""
    if result == "won":
        return tr.pgettext("result", "won")
    if result == "gave-up":
        return tr.pgettext("result", "gave up")
    return result


def _page(day: dt.date, variant: str, cells: int, rows: list[dict[str, Any]], deal: tuple[int, str]) -> str:
    """The leaderboard page, every word in the language in use, numbers and dates as it writes them."""
    language = current_language()
    var = get_variant(variant)
    title = var.title
    total = format_number(52 * var.rules.decks)
    number = format_number
    body = "".join(
        f'<tr><td>{number(row["rank"])}</td><td class="n">{html.escape(row["name"])}</td>'
        f'<td class="{"won" if row["result"] == "won" else ""}">{html.escape(_result_word(row["result"]))}</td>'
        f"<td>{number(row['score'])}</td><td>{html.escape(number(row['cards_home']))}/{html.escape(total)}</td>"
        f"<td>{number(row['moves'])}</td><td>{number(row['undos'])}</td></tr>"
        for row in rows
    )
    if not rows:
        empty = html.escape(tr.gettext("No results yet."))
        body = f'<tr><td colspan="7" class="n">{empty}</td></tr>'
    prev, after = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    query = html.escape(f"?variant={variant}&cells={cells}&lang={language}")
    heading = html.escape(tr.gettext("Daily {variant}, {date}").format(variant=title, date=format_date(day)))
    line = tr.ngettext(
        "Deal #{deal} · {cells} free cell · {code}", "Deal #{deal} · {cells} free cells · {code}", cells
    ).format(deal=deal[0], cells=number(cells), code=deal[1])
    columns = (
        tr.pgettext("leaderboard column", "Player"),
        tr.pgettext("leaderboard column", "Result"),
        tr.pgettext("leaderboard column", "Score"),
        tr.pgettext("leaderboard column", "Home"),
        tr.pgettext("leaderboard column", "Moves"),
        tr.pgettext("leaderboard column", "Undos"),
    )
    head = f'<th>#</th><th class="n">{html.escape(columns[0])}</th>' + "".join(
        f"<th>{html.escape(column)}</th>" for column in columns[1:]
    )
    earlier = html.escape(tr.gettext("← {date}").format(date=format_date(prev, style="medium")))
    later = html.escape(tr.gettext("{date} →").format(date=format_date(after, style="medium")))
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{heading}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{heading}</h1><p>{html.escape(line)}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        f'<p><nav><a href="/daily/{prev}{query}">{earlier}</a><a href="/daily/{after}{query}">{later}</a></nav></p>'
        "</body></html>"
    )


def serve(database_url: str | None = None, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the service with uvicorn until interrupted (``patience serve``)."""
    import uvicorn

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    log.setLevel(logging.INFO)
    app = _Guard(create_app(database_url))
    uvicorn.run(app, host=host, port=port, access_log=False, log_level="warning")
