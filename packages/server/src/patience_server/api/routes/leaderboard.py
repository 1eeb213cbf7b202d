"""The leaderboard: ``GET /api/v1/daily/{date}/leaderboard``, a day's ranked results of one board, a page at a time.

``?limit=N`` entries (100 when not given, at most 500) after rank
``?after=RANK`` (0 when not given: from the top); the body is a list, so a
client pages on with ``after`` set to the last rank it got, until a page
is shorter than its limit.
"""

from __future__ import annotations

import threading
from typing import Annotated

from fastapi import APIRouter, Query

from patience.i18n import format_number
from patience_server import crud
from patience_server.api.deps import DailyBoard, DatabaseDep
from patience_server.schemas import BoardRow
from patience_server.speech import ApiError, ErrorCode, error_responses, tr

__all__ = ["AFTER_MAX", "AFTER_QUERY", "LIMIT_QUERY", "leaderboard", "page_bounds", "router"]

router = APIRouter(prefix="/daily/{date}/leaderboard", tags=["leaderboard"])

#: The highest ``after`` taken: far beyond any board, and within every database's integer.
AFTER_MAX = 2**31 - 1

#: What the OpenAPI description says of ``?limit=`` and ``?after=``.
LIMIT_QUERY = f"how many entries: 1 to {crud.PAGE_MAX}, {crud.PAGE_DEFAULT} when not given"
AFTER_QUERY = "the rank the page starts after: 0 (the top) when not given; the last rank of a page gives the next"


def page_bounds(limit: int, after: int) -> tuple[int, int]:
    """The page asked for as ``(after, limit)``, each checked (422 ``invalid_request`` in the request's language)."""
    if not 1 <= limit <= crud.PAGE_MAX:
        message = tr.gettext("limit: give a whole number from 1 to {most}")
        raise ApiError(ErrorCode.INVALID_REQUEST, message.format(most=format_number(crud.PAGE_MAX)))
    if not 0 <= after <= AFTER_MAX:
        message = tr.gettext("after: give a rank from 0 to {most}")
        raise ApiError(ErrorCode.INVALID_REQUEST, message.format(most=format_number(AFTER_MAX)))
    return after, limit


# The range is the OpenAPI description's; page_bounds checks it, so that a refusal says it in the request's words.
Limit = Annotated[int, Query(description=LIMIT_QUERY, json_schema_extra={"minimum": 1, "maximum": crud.PAGE_MAX})]
After = Annotated[int, Query(description=AFTER_QUERY, json_schema_extra={"minimum": 0, "maximum": AFTER_MAX})]


#: How many leaderboard pages a process reads at once (see the route).
READERS = 2
_reading = threading.BoundedSemaphore(READERS)


@router.get("", responses=error_responses(422))
def leaderboard(
    board: DailyBoard, db: DatabaseDep, limit: Limit = crud.PAGE_DEFAULT, after: After = 0
) -> list[BoardRow]:
    """One page of the day's ranked results: wins first, then higher score, fewer undos, earlier submission."""
    start, count = page_bounds(limit, after)
    # A deep page sorts the whole board: two at a time leave the cores to the other requests. Beside eight
    # readers paging through 13,306 results, GET /api/v1/health took 81-87 ms (p50), 755-773 ms (p99) with
    # no limit, 17-34 ms and 140-296 ms with one at a time, at the same 36 pages a second (bench/server.py).
    with _reading:
        return crud.read_board(
            db, day=board.day.isoformat(), variant=board.variant, cells=board.cells, after=start, limit=count
        )
