"""The language of a request, and the error bodies the service answers in it.

Each request is answered in one of :data:`patience.i18n.LANGUAGES`: the
``?lang=`` of its URL when there is one (a value not offered means English),
else the first offered language of its ``Accept-Language`` header by quality
(``de-AT`` is German, ``hu-HU`` Hungarian), else English. The language is set
for the request alone with :func:`patience.i18n.speaking`, never for the
process: requests run concurrently.

Every refusal is an :class:`ApiError`, whose body is ``{"error": message,
"error_code": id}`` (plus ``"action"`` for a refused record): the message in
the request's language, the id one of :class:`ErrorCode`, which a client can
rely on.
"""

from __future__ import annotations

import enum
import urllib.parse
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel
from starlette.responses import JSONResponse

from patience.i18n import DEFAULT_LANGUAGE, LANGUAGES, Domain, language_of

__all__ = ["ERROR_STATUS", "ApiError", "ErrorBody", "ErrorCode", "error_responses", "language_of_request", "tr"]

#: The service's messages (its gettext domain).
tr = Domain("patience_server")

#: The header every answer whose words depend on the request's language carries.
VARY = {"Vary": "Accept-Language"}


class ErrorCode(enum.StrEnum):
    """The stable id of each refusal (``error_code`` in an error body); ``docs/server.md`` lists them."""

    INVALID_REQUEST = "invalid_request"
    INVALID_DATE = "invalid_date"
    DATE_NOT_PLAYABLE = "date_not_playable"
    UNKNOWN_VARIANT = "unknown_variant"
    INVALID_CELLS = "invalid_cells"
    ENGINE_REFUSED = "engine_refused"
    INVALID_NAME = "invalid_name"
    NAME_INVISIBLE = "name_invisible"
    NAME_TAKEN = "name_taken"
    UNAUTHORIZED = "unauthorized"
    RATE_LIMITED = "rate_limited"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    ACTION_CONFLICT = "action_conflict"
    NOT_A_RECORD = "not_a_record"
    RECORD_TOO_LONG = "record_too_long"
    WRONG_DEAL = "wrong_deal"
    ILLEGAL_ACTION = "illegal_action"
    GAME_OVER = "game_over"
    RECORD_MISMATCH = "record_mismatch"
    GAME_NOT_ENDED = "game_not_ended"
    BODY_TOO_LARGE = "body_too_large"
    REQUEST_TIMEOUT = "request_timeout"
    INTERNAL_ERROR = "internal_error"
    UNAVAILABLE = "unavailable"


#: The status each id is answered with.
ERROR_STATUS: dict[ErrorCode, int] = {
    ErrorCode.INVALID_REQUEST: 422,
    ErrorCode.INVALID_DATE: 422,
    ErrorCode.DATE_NOT_PLAYABLE: 422,
    ErrorCode.UNKNOWN_VARIANT: 422,
    ErrorCode.INVALID_CELLS: 422,
    ErrorCode.ENGINE_REFUSED: 422,
    ErrorCode.INVALID_NAME: 422,
    ErrorCode.NAME_INVISIBLE: 422,
    ErrorCode.NAME_TAKEN: 409,
    ErrorCode.UNAUTHORIZED: 401,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.METHOD_NOT_ALLOWED: 405,
    ErrorCode.ACTION_CONFLICT: 409,
    ErrorCode.NOT_A_RECORD: 422,
    ErrorCode.RECORD_TOO_LONG: 422,
    ErrorCode.WRONG_DEAL: 422,
    ErrorCode.ILLEGAL_ACTION: 422,
    ErrorCode.GAME_OVER: 422,
    ErrorCode.RECORD_MISMATCH: 422,
    ErrorCode.GAME_NOT_ENDED: 422,
    ErrorCode.BODY_TOO_LARGE: 413,
    ErrorCode.REQUEST_TIMEOUT: 408,
    ErrorCode.INTERNAL_ERROR: 500,
    ErrorCode.UNAVAILABLE: 503,
}


class ApiError(Exception):
    """A refusal: its id (which fixes the status), the message already in the request's language, a record's action.

    ``with_action`` puts ``"action"`` in the body (``null`` when the
    refusal is of the record as a whole, not of one of its actions);
    ``extra`` adds keys (``"applied"``: how many actions the attempt has).
    """

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        action: int | None = None,
        *,
        with_action: bool = False,
        headers: Mapping[str, str] | None = None,
        status: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        # A streamed action after the game's end is 409 (the attempt is over), where a record's is 422.
        self.status = ERROR_STATUS[code] if status is None else status
        self.extra = dict(extra or {})
        self.message = message
        self.action = action
        self.with_action = with_action
        self.headers = dict(headers or {})

    def body(self) -> dict[str, Any]:
        """The JSON body: ``{"error", "error_code"}``, plus ``"action"`` for a refused record."""
        data: dict[str, Any] = {"error": self.message, "error_code": self.code.value}
        if self.with_action:
            data["action"] = self.action
        data.update(self.extra)
        return data

    def response(self) -> JSONResponse:
        """The answer: the body, its status, ``Vary: Accept-Language`` and any headers of the refusal."""
        return JSONResponse(self.body(), status_code=self.status, headers={**self.headers, **VARY})


class ErrorBody(BaseModel):
    """Every refusal's body (the OpenAPI description's error schema)."""

    error: str
    error_code: ErrorCode
    action: int | None = None
    applied: int | None = None


_DESCRIPTIONS = {
    401: "No token, or a wrong one (`unauthorized`).",
    404: "Nothing there (`not_found`).",
    405: "Not a method of this path (`method_not_allowed`).",
    408: "The body did not arrive within 10 s (`request_timeout`).",
    409: "Taken already (`name_taken`, `action_conflict`).",
    413: "The body is over 256 KiB (`body_too_large`).",
    422: "The request cannot be served as it is; `error_code` says why.",
    429: "Over a rate limit (`rate_limited`): try again later.",
    500: "The service failed (`internal_error`); its log says why.",
    503: "The database cannot be reached (`unavailable`): try again after `Retry-After` seconds.",
}


def error_responses(*statuses: int, page: bool = False) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route's refusals: each with the error schema.

    A ``page`` (a route whose success is HTML) names the schema by
    reference under ``application/json``: FastAPI would put a model under
    the route's own media type.
    """
    chosen = sorted({*statuses, 405, 408, 413, 500, 503})
    if page:
        content = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
        return {status: {"description": _DESCRIPTIONS[status], "content": content} for status in chosen}
    return {status: {"model": ErrorBody, "description": _DESCRIPTIONS[status]} for status in chosen}


def _quality(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        return 0.0
    return value if 0.0 <= value <= 1.0 else 0.0


def language_of_header(header: str) -> str:
    """The offered language an ``Accept-Language`` header prefers most (quality values honoured); else English."""
    wanted: list[tuple[float, int, str]] = []
    for place, item in enumerate(header.split(",")):
        tag, *params = (part.strip() for part in item.split(";"))
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                quality = _quality(value.strip())
        if tag and quality > 0:
            wanted.append((-quality, place, tag))
    for _quality_rank, _place, tag in sorted(wanted):
        if tag == "*":
            return DEFAULT_LANGUAGE
        found = language_of(tag) if tag.replace("-", "").replace("_", "").isalnum() else None
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def language_of_request(query_string: bytes | str, headers: Sequence[tuple[bytes, bytes]]) -> str:
    """A request's language: ``?lang=`` (unknown values: English), else ``Accept-Language``, else English."""
    query = query_string.decode("latin-1") if isinstance(query_string, bytes) else query_string
    asked = urllib.parse.parse_qs(query, keep_blank_values=True).get("lang")
    if asked:
        code = asked[-1].strip().lower()
        return code if code in LANGUAGES else DEFAULT_LANGUAGE
    header = b",".join(value for key, value in headers if key.lower() == b"accept-language")
    return language_of_header(header.decode("latin-1"))
