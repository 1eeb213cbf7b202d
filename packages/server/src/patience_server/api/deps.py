"""What the routes depend on, as ``Depends`` providers and the ``Annotated`` types that name them.

An app keeps its settings, database and rate limiters on ``app.state``
(:func:`patience_server.app.create_app` puts them there); a route asks for
them by type (``db: DatabaseDep``), for the player its token proves
(``who: CurrentPlayer``), for the board its path and query name
(``board: DailyBoard``) and for the request's language (``language:
Language``). The checks below raise :class:`~patience_server.speech.ApiError`
in the request's language. Whatever waits for the database runs in one of
the database's worker threads (:meth:`~patience_server.core.db.Database.run`),
never on the event loop.
"""

from __future__ import annotations

import datetime as dt
import functools
from typing import Annotated, cast

from fastapi import Depends, Header, Query, Request

from patience import PatienceError, get_variant
from patience.i18n import format_date, format_number
from patience.plugins import check_cells
from patience_server import crud
from patience_server.core.config import Settings
from patience_server.core.db import Database
from patience_server.core.ratelimit import Limits, RateLimiter
from patience_server.core.security import read_bearer, token_matches
from patience_server.schemas import Board, Who
from patience_server.speech import ApiError, ErrorCode, language_of_request, tr
from patience_solver.daily import DailyDeal, parse_date, ranked_deal

__all__ = [
    "LANG_QUERY",
    "CurrentPlayer",
    "DailyBoard",
    "DatabaseDep",
    "Language",
    "LimitsDep",
    "SettingsDep",
    "StreamingPlayer",
    "TodaysBoard",
    "current_player",
    "daily_of",
    "date_over",
    "get_current_player",
    "get_daily_board",
    "get_db",
    "get_language",
    "get_limits",
    "get_settings",
    "get_todays_board",
    "parse_day",
    "playable_day",
    "ranked_deal_cached",
    "rate_limited",
    "variant_cells",
]


def get_settings(request: Request) -> Settings:
    """The app's settings."""
    return cast(Settings, request.app.state.settings)


def get_db(request: Request) -> Database:
    """The app's database."""
    return cast(Database, request.app.state.db)


def get_limits(request: Request) -> Limits:
    """The app's rate limiters."""
    return cast(Limits, request.app.state.limits)


SettingsDep = Annotated[Settings, Depends(get_settings)]
DatabaseDep = Annotated[Database, Depends(get_db)]
LimitsDep = Annotated[Limits, Depends(get_limits)]

#: What the pages say of their ``?lang=`` (the OpenAPI description).
LANG_QUERY = "en, de or hu: the page's language (any other value: English); without it, Accept-Language decides"


def get_language(request: Request, lang: Annotated[str | None, Query(description=LANG_QUERY)] = None) -> str:
    """The request's language (:func:`patience_server.speech.language_of_request`: ``?lang=``, else Accept-Language).

    It is the one the service speaks for the whole request (the middleware
    sets it around the request); a page also writes it into its HTML.
    """
    return language_of_request(request.scope.get("query_string", b""), request.scope.get("headers") or [])


Language = Annotated[str, Depends(get_language)]


def rate_limited(limiter: RateLimiter) -> ApiError:
    """The refusal of a request over ``limiter``'s limit (``rate_limited``)."""
    seconds = format_number(limiter.window)
    message = tr.ngettext(
        "too many requests: at most {count} request in {seconds} s, try again soon",
        "too many requests: at most {count} requests in {seconds} s, try again soon",
        limiter.count,
    )
    return ApiError(ErrorCode.RATE_LIMITED, message.format(count=format_number(limiter.count), seconds=seconds))


def current_player(request: Request, authorization: str | None, streaming: bool = False) -> Who:
    """The player whose token ``authorization`` carries, or 401; 429 when they are over the rate limit.

    A ``streaming`` request (a batch of actions played) counts against the
    limit of streamed actions instead of the player's requests.

    Synchronous: the lookup is one indexed row, run in a database thread
    (:func:`get_current_player`). A token whose id no row can have is
    refused before any query.
    """
    bearer = read_bearer(authorization, get_db(request).max_id)
    if bearer is None:
        raise ApiError(
            ErrorCode.UNAUTHORIZED,
            tr.gettext("no valid token: send `Authorization: Bearer TOKEN` with your player's token"),
            headers={"WWW-Authenticate": "Bearer"},
        )
    ident, token = bearer
    with get_db(request).autocommit.connect() as connection:
        found = crud.find_player(connection, ident)
    # Compared in constant time, against a dummy hash when the id is unknown so both cases take as long.
    if not token_matches(None if found is None else str(found.token_hash), token) or found is None:
        raise ApiError(
            ErrorCode.UNAUTHORIZED,
            tr.gettext("wrong token: this token belongs to no player"),
            headers={"WWW-Authenticate": "Bearer"},
        )
    limits = get_limits(request)
    limiter = limits.actions if streaming else limits.players
    if not limiter.allow(int(found.id)):
        raise rate_limited(limiter)
    return Who(int(found.id), str(found.name))


async def get_current_player(
    request: Request,
    authorization: Annotated[str | None, Header(description="`Bearer ID.SECRET`: the player's token")] = None,
) -> Who:
    """The player the request's token proves (:func:`current_player`, in a database thread)."""
    return await get_db(request).run(current_player, request, authorization)


CurrentPlayer = Annotated[Who, Depends(get_current_player)]


async def get_streaming_player(
    request: Request,
    authorization: Annotated[str | None, Header(description="`Bearer ID.SECRET`: the player's token")] = None,
) -> Who:
    """The player the request's token proves, counted against the limit of streamed actions."""
    return await get_db(request).run(current_player, request, authorization, True)


StreamingPlayer = Annotated[Who, Depends(get_streaming_player)]


def parse_day(text: str) -> dt.date:
    """The date of a path, written ``YYYY-MM-DD``; else 422 ``invalid_date``."""
    try:
        return parse_date(text)
    except PatienceError:
        message = tr.gettext("“{text}” is not a date: write it as YYYY-MM-DD, like {example}")
        raise ApiError(ErrorCode.INVALID_DATE, message.format(text=text, example="2026-12-24")) from None


def playable_day(text: str) -> dt.date:
    """The date, when it is the server's UTC date give or take one day (players' time zones); else 422."""
    day = parse_day(text)
    today = dt.datetime.now(dt.UTC).date()
    if abs((day - today).days) > 1:
        message = tr.gettext("only today's daily deal can be played: {date} is not {today} give or take a day")
        raise ApiError(ErrorCode.DATE_NOT_PLAYABLE, message.format(date=format_date(day), today=format_date(today)))
    return day


def variant_cells(name: str, cells: int | None) -> tuple[str, int]:
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
    ).format(variant=title, cells=format_number(count) if abs(count) < _FORMATTED else str(count))
    raise ApiError(ErrorCode.INVALID_CELLS, message)


#: Numbers from this size on are written as digits alone: the language's number format cannot round them.
_FORMATTED = 10**15


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
def ranked_deal_cached(secret: bytes, day: dt.date, variant: str, cells: int) -> DailyDeal:
    """The day's ranked deal of a board (:func:`patience_solver.daily.ranked_deal`), computed once per process."""
    # A pure function of its arguments: every process on the database, sharing its secret, computes the same.
    return ranked_deal(secret, day, variant, cells)


def daily_of(day: dt.date, variant: str, cells: int | None, secret: bytes) -> DailyDeal:
    """The day's ranked deal of ``variant`` with ``cells`` (checked: 422 for an unknown variant or cell count)."""
    name, n_cells = variant_cells(variant, cells)
    return ranked_deal_cached(secret, day, name, n_cells)


def date_over(day: dt.date) -> bool:
    """Whether nobody can start an attempt at ``day`` any more (past the server's UTC date give or take a day).

    Until then the ranked deal's number and code are the starting players' alone.
    """
    return (dt.datetime.now(dt.UTC).date() - day).days > 1


def get_daily_board(
    date: str, variant: Annotated[str, Query()] = "freecell", cells: Annotated[int | None, Query()] = None
) -> Board:
    """The board of the path's date and the query's variant and cells (checked in that order: 422)."""
    day = parse_day(date)
    name, n_cells = variant_cells(variant, cells)
    return Board(day, name, n_cells)


def get_todays_board(
    variant: Annotated[str, Query()] = "freecell", cells: Annotated[int | None, Query()] = None
) -> Board:
    """Today's board (the server's UTC date) of the query's variant and cells (422 when they are not offered)."""
    name, n_cells = variant_cells(variant, cells)
    return Board(dt.datetime.now(dt.UTC).date(), name, n_cells)


DailyBoard = Annotated[Board, Depends(get_daily_board)]
TodaysBoard = Annotated[Board, Depends(get_todays_board)]
