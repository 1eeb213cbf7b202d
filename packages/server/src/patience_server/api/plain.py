"""The plain routes: the three requests of every game, served without FastAPI's per-request machinery.

Dependency solving, validation and serialisation took about 0.14 ms of
each request. Plain Starlette routes ahead of the declared ones serve a
well-formed registration, attempt start or record with the very functions
the declared routes call (:func:`.routes.players.register_player`,
:func:`.routes.attempts.start`, :func:`.routes.attempts.accept_record`).
Anything else (a body that is not the JSON object expected, an attempt
number that is not a plain number) goes on, already read, to the declared
route, which refuses it; ``/openapi.json`` describes the declared routes.
Both raise the same :class:`~patience_server.speech.ApiError`, answered by
the same handlers inside the same middleware: a refusal's body, id and
language do not depend on the route that served it.
"""

from __future__ import annotations

import json
from typing import TypeVar

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.responses import Response
from starlette.routing import Match, Route
from starlette.types import Message, Receive, Scope, Send

from patience_server.api.deps import current_player, get_db, get_limits
from patience_server.api.routes import attempts, players
from patience_server.core.config import API_V1_STR
from patience_server.schemas import AttemptIn, AttemptOut, PlayerIn, PlayerOut, RecordOut

__all__ = ["PLAIN_PATHS", "install", "json_model"]

_Model = TypeVar("_Model", bound=BaseModel)

#: The paths and methods served by a plain route first.
PLAIN_PATHS = (
    (f"{API_V1_STR}/players", "POST"),
    (f"{API_V1_STR}/daily/{{date}}/attempts", "POST"),
    (f"{API_V1_STR}/daily/{{date}}/attempts/{{attempt}}/record", "PUT"),
)


def json_model(request: Request, raw: bytes, model: type[_Model]) -> _Model | None:
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


#: The scope key that sends a request past the plain routes, to the declared ones.
_DECLARED = "patience.declared"


class _PlainRoute(Route):
    """A plain route, which a request sent on to the declared routes (:class:`_Declared`) does not match."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        """No match for a request handed on; else as a Starlette route matches."""
        if scope.get(_DECLARED):
            return Match.NONE, {}
        return super().matches(scope)


class _Declared(Response):
    """Hands the request, its body already read, to the app's router again, where the declared route answers it."""

    def __init__(self, body: bytes) -> None:
        super().__init__()
        self.body_read = body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": self.body_read, "more_body": False}

        # The router, not the app: the middleware around this request is already running.
        await scope["app"].router({**scope, _DECLARED: True}, replay, send)


def _json(answer: PlayerOut | AttemptOut | RecordOut, status: int = 200) -> JSONResponse:
    return JSONResponse(answer.model_dump(), status_code=status)


async def _register(request: Request) -> Response:
    raw = await request.body()
    body = json_model(request, raw, PlayerIn)
    if body is None:
        return _Declared(raw)
    address = request.client.host if request.client is not None else "-"
    db = get_db(request)
    return _json(await db.run(players.register_player, body, address, db, get_limits(request)), 201)


async def _start(request: Request) -> Response:
    raw = await request.body()
    body = json_model(request, raw, AttemptIn)
    if body is None:
        return _Declared(raw)
    db = get_db(request)

    def start() -> AttemptOut:
        who = current_player(request, request.headers.get("authorization"))
        return attempts.start(request.path_params["date"], body, who, db)

    return _json(await db.run(start), 201)


async def _record(request: Request) -> Response:
    raw = await request.body()
    attempt = str(request.path_params["attempt"])
    if not (attempt.isascii() and attempt.isdigit() and len(attempt) <= 18):
        return _Declared(raw)
    db = get_db(request)

    def accept() -> RecordOut:
        who = current_player(request, request.headers.get("authorization"))
        return attempts.accept_record(request.path_params["date"], int(attempt), raw, who, db, get_limits(request))

    return _json(await db.run(accept))


def install(app: FastAPI) -> None:
    """Put the plain routes ahead of ``app``'s declared ones."""
    endpoints = (_register, _start, _record)
    routes = [
        _PlainRoute(path, endpoint, methods=[method])
        for (path, method), endpoint in zip(PLAIN_PATHS, endpoints, strict=True)
    ]
    app.router.routes[:0] = routes
