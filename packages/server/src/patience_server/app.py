"""The app: :func:`create_app` (the factory), its lifespan, exception handlers and middleware, and :func:`serve`.

Every endpoint, key and status code is the one ``docs/server.md`` lists;
the routes are in :mod:`patience_server.api.routes` (one router per
resource), what they depend on in :mod:`patience_server.api.deps`, their SQL
in :mod:`patience_server.crud`. Every error is a JSON body ``{"error": ...,
"error_code": ...}`` in the request's language (:mod:`.speech`); a database
that cannot be reached is 503 with ``Retry-After``, a client too slow to
send its headers or body is dropped or answered 408, and one line is
logged per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any, cast

import anyio
import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from patience import PatienceError
from patience.i18n import format_number, speaking
from patience_server import crud
from patience_server.api.main import api_router, pages_router
from patience_server.core.config import MAX_BODY, Settings
from patience_server.core.db import Database
from patience_server.core.headers import SecurityHeaders
from patience_server.core.ratelimit import Limits, RateLimiter
from patience_server.speech import ApiError, ErrorCode, language_of_request, tr

__all__ = ["BODY_TIMEOUT", "HEADER_TIMEOUT", "RETRY_AFTER", "create_app", "lifespan", "serve"]

log = logging.getLogger("patience_server")


#: How long a client may take to send a request's headers, from connecting (or from the end of the answer
#: before), in seconds: a connection still sending them then is closed.
HEADER_TIMEOUT = 10.0

#: How long a client may take to send a request's body once its headers are in, in seconds: then 408.
BODY_TIMEOUT = 10.0

#: What ``Retry-After`` says when the database is unavailable, in seconds.
RETRY_AFTER = 5


class _TooLarge(Exception):
    """The body grew past :data:`~patience_server.core.config.MAX_BODY` while it was read."""


class _TooSlow(Exception):
    """The body was not all in within :data:`BODY_TIMEOUT` seconds."""


def _too_large() -> ApiError:
    size = format_number(MAX_BODY // 1024)
    return ApiError(ErrorCode.BODY_TOO_LARGE, tr.gettext("the request body is over {size} KiB").format(size=size))


def _internal() -> ApiError:
    return ApiError(ErrorCode.INTERNAL_ERROR, tr.gettext("internal error: the service failed on this request"))


def _unavailable() -> ApiError:
    return ApiError(
        ErrorCode.UNAVAILABLE,
        tr.gettext("the database cannot be reached just now: try again soon"),
        headers={"Retry-After": str(RETRY_AFTER)},
    )


def _too_slow() -> ApiError:
    message = tr.gettext("the request body did not arrive within {seconds} s")
    return ApiError(ErrorCode.REQUEST_TIMEOUT, message.format(seconds=format_number(int(BODY_TIMEOUT))))


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The service's life once :func:`create_app` has migrated its database: its connections closed when it stops."""
    yield
    cast(Database, app.state.db).dispose()


def create_app(database_url: str | None = None, *, rate: RateLimiter | None = None) -> FastAPI:
    """The service on ``database_url`` (default: SQLite in the data directory), migrated to the newest schema.

    The settings come from the environment (:meth:`Settings.from_env`);
    ``rate`` replaces the per-player limit of ``PATIENCE_RATE_LIMIT``.
    """
    settings = Settings.from_env(database_url)
    db = Database(settings.database_url)
    # Migrated here rather than in the lifespan: a database that cannot be reached or migrated is one
    # line of `patience serve`, before it listens.
    db.upgrade()
    db.secret = settings.secret.encode("utf-8") if settings.secret is not None else crud.load_secret(db)
    db.review_pace = settings.review_pace
    app = FastAPI(
        title="patience daily leaderboard",
        version="1",
        description="One attempt per player and day; every record is replayed by the engine before it counts.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.db = db
    app.state.limits = Limits.of(settings, players=rate)
    for error, handler in _HANDLERS.items():
        app.add_exception_handler(error, handler)
    # Anything else that fails is answered 500 by _Speaking, with the traceback in the log only.
    app.add_middleware(_Speaking)
    app.add_middleware(SecurityHeaders)
    app.include_router(api_router)
    app.include_router(pages_router)
    return app


# -- exception handlers: every refusal an ApiError's body, in the request's language --------------------


async def _api_error(_request: Request, error: Exception) -> JSONResponse:
    return cast(ApiError, error).response()


async def _invalid(_request: Request, error: Exception) -> JSONResponse:
    return _validation_error(cast(RequestValidationError, error).errors()).response()


async def _http(request: Request, error: Exception) -> JSONResponse:
    return _http_error(request, cast(StarletteHTTPException, error)).response()


async def _too_large_body(_request: Request, _error: Exception) -> JSONResponse:
    return _too_large().response()


async def _too_slow_body(_request: Request, _error: Exception) -> JSONResponse:
    return _too_slow().response()


async def _refused(_request: Request, error: Exception) -> JSONResponse:
    # Whatever else the engine refuses (no daily deal for those arguments, ...) is the request's fault: 422,
    # in the engine's words.
    return ApiError(ErrorCode.ENGINE_REFUSED, str(error)).response()


async def _database_away(_request: Request, error: Exception) -> JSONResponse:
    # The database refused to connect or answer (down, restarting, locked too long, no pooled connection
    # free in time): worth a retry.
    reason = getattr(error, "orig", None) or error
    log.warning("database unavailable: %s", " ".join(str(reason).split()))
    return _unavailable().response()


_HANDLERS: dict[type[Exception], Any] = {
    ApiError: _api_error,
    RequestValidationError: _invalid,
    StarletteHTTPException: _http,
    _TooLarge: _too_large_body,
    _TooSlow: _too_slow_body,
    PatienceError: _refused,
    sa.exc.OperationalError: _database_away,
    sa.exc.InterfaceError: _database_away,
    sa.exc.DisconnectionError: _database_away,
    sa.exc.TimeoutError: _database_away,
}

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
    # FastAPI answers 400 for a JSON body it could not parse, the parser's error as the cause.
    cause = error.__cause__
    if isinstance(cause, _TooLarge):
        return _too_large()
    if isinstance(cause, _TooSlow):
        return _too_slow()
    if isinstance(cause, RecursionError):
        return ApiError(ErrorCode.INVALID_REQUEST, tr.gettext("the body's JSON is nested too deeply"))
    if isinstance(cause, ValueError):
        return ApiError(ErrorCode.INVALID_REQUEST, tr.gettext("the body is not valid JSON"))
    return ApiError(ErrorCode.INVALID_REQUEST, tr.gettext("the request is not one this service can read"))


# -- middleware --------------------------------------------------------------------------------------


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
            except (_TooLarge, _TooSlow):
                raise
            except Exception:
                log.exception("internal error")
                if not started[0]:
                    await _internal().response()(scope, receive, send_started)


class _Guard:
    """ASGI middleware: refuse bodies over :data:`~patience_server.core.config.MAX_BODY` with 413, log each request.

    A body not all in within :data:`BODY_TIMEOUT` seconds is refused with
    408: a client sending a byte a second holds no request open for long.
    """

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
            complete = [False]
            deadline = started + BODY_TIMEOUT

            async def receive_limited() -> Message:
                if complete[0]:
                    # The body is in: what follows is the wait for a disconnect, which has no deadline.
                    return await receive()
                try:
                    with anyio.fail_after(max(deadline - time.perf_counter(), 0.0)):
                        message = await receive()
                except TimeoutError:
                    raise _TooSlow from None
                if message["type"] == "http.request":
                    received[0] += len(message.get("body", b""))
                    if received[0] > MAX_BODY:
                        raise _TooLarge
                    complete[0] = not message.get("more_body", False)
                return message

            await self.app(scope, receive_limited, send_logged)
        except (_TooLarge, _TooSlow) as refused:
            if not sent[0]:
                with speaking(language):
                    error = _too_large() if isinstance(refused, _TooLarge) else _too_slow()
                await error.response()(scope, receive, send_logged)
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            client = scope.get("client") or ("-", 0)
            log.info("%s %s %s %d %.1fms", client[0], scope["method"], scope["path"], status[0], elapsed)


def serve(
    database_url: str | None = None, host: str = "127.0.0.1", port: int = 8000, trusted: tuple[str, ...] = ()
) -> None:
    """Run the service with uvicorn until interrupted (``patience serve``).

    ``X-Forwarded-For`` names the client only on a request from one of the
    ``trusted`` proxies or those of ``PATIENCE_TRUSTED_PROXIES``; with none,
    uvicorn reads no proxy header at all (by itself it would trust loopback).
    """
    import uvicorn

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    log.setLevel(logging.INFO)
    service = create_app(database_url)
    proxies = tuple(dict.fromkeys((*trusted, *cast(Settings, service.state.settings).trusted_proxies)))
    app = SecurityHeaders(_Guard(service))
    uvicorn.run(
        app,
        host=host,
        port=port,
        access_log=False,
        log_level="warning",
        http=_header_deadline_protocol(),
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) or None,
    )


def _header_deadline_protocol() -> type[asyncio.Protocol]:
    """The HTTP protocol of uvicorn, with a deadline on each request's headers (:data:`HEADER_TIMEOUT`).

    uvicorn closes a connection idle between requests, but not one that
    sends its headers a byte at a time; this one is closed when its
    headers are not all in within the deadline.
    """
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class HeaderDeadline(HttpToolsProtocol):
        """uvicorn's httptools protocol, closing a connection whose request headers take too long."""

        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            """Start the first request's deadline."""
            super().connection_made(transport)
            self._arm()

        def on_headers_complete(self) -> None:
            """The headers are in: their deadline is met."""
            self._disarm()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            """The answer is sent: the next request's headers have their own deadline."""
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            """No deadline for a closed connection."""
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(HEADER_TIMEOUT, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            self.transport.close()

    return HeaderDeadline
