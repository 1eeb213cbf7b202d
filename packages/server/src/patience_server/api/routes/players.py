"""Players: ``POST /api/v1/players`` registers a name and answers its token, shown once and kept only as a hash."""

from __future__ import annotations

import datetime as dt
import unicodedata

import sqlalchemy as sa
from fastapi import APIRouter, Request

from patience.i18n import format_number
from patience_server import crud
from patience_server.api.deps import DatabaseDep, LimitsDep
from patience_server.core.config import NAME_LENGTH
from patience_server.core.db import Database
from patience_server.core.names import invisible, skeleton
from patience_server.core.ratelimit import Limits
from patience_server.core.security import new_secret
from patience_server.schemas import PlayerIn, PlayerOut
from patience_server.speech import ApiError, ErrorCode, error_responses, tr

__all__ = ["check_name", "register", "register_player", "router"]

router = APIRouter(prefix="/players", tags=["players"])


# A coroutine whose database work runs in one database thread (Database.run): for a plain function
# FastAPI hops to a worker thread and back several times a request.
@router.post("", status_code=201, responses=error_responses(409, 422, 429))
async def register(body: PlayerIn, request: Request, db: DatabaseDep, limits: LimitsDep) -> PlayerOut:
    """Register a player: the token is shown once and kept only as a hash."""
    return await db.run(register_player, body, _address(request), db, limits)


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "-"


def register_player(body: PlayerIn, address: str, db: Database, limits: Limits) -> PlayerOut:
    """Register ``body``'s name for a client at ``address``: 429 over the address's limit, 422/409 for the name."""
    registrations = limits.registrations
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
    try:
        _ident, token = crud.create_player(
            db, name=name, key=skeleton(name), secret=new_secret(), created=dt.datetime.now(dt.UTC)
        )
    except sa.exc.IntegrityError:
        # The unique skeleton refused it: the same name, or one that looks the same.
        message = tr.gettext("the name “{name}” is taken, or looks like a name that is: choose another")
        raise ApiError(ErrorCode.NAME_TAKEN, message.format(name=name)) from None
    return PlayerOut(name=name, token=token)


def check_name(name: str) -> str:
    """A player's name as it is kept and shown (NFC): 1 to 32 visible characters, no space at either end; else 422.

    ``invalid_name`` for its length, ``name_invisible`` for a character
    nobody could see (a tab, a line break, a zero-width or other
    default-ignorable character, a blank-looking letter such as U+3164 or
    U+2800, a space at either end) or a name of spaces and marks alone
    (:func:`patience_server.core.names.invisible`).
    """
    name = unicodedata.normalize("NFC", name)
    least, most = NAME_LENGTH
    if not least <= len(name) <= most:
        raise ApiError(
            ErrorCode.INVALID_NAME,
            tr.gettext("a name is {least} to {most} characters long").format(
                least=format_number(least), most=format_number(most)
            ),
        )
    if not name.isprintable() or name != name.strip() or invisible(name):
        raise ApiError(
            ErrorCode.NAME_INVISIBLE,
            tr.gettext(
                "a name may hold no tab, line break, blank-looking or other invisible character,"
                " nor start or end in a space"
            ),
        )
    return name
