"""What requests carry and answers hold: the pydantic models of the JSON API, and the service's small values.

Each answer's keys are the ones ``docs/server.md`` lists; the OpenAPI
description (``/openapi.json``) gives them as these models' schemas. The
request bodies are strict: a JSON ``true`` or ``4.0`` is not a cell count,
nor ``"4"``, and a name or variant is a JSON string.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from patience_server.core.config import BATCH_MAX, MAX_ACTIONS

__all__ = [
    "ActionsIn",
    "ActionsOut",
    "AttemptIn",
    "AttemptOut",
    "Board",
    "BoardRow",
    "HealthOut",
    "HintOut",
    "PlayerIn",
    "PlayerOut",
    "RecordOut",
    "Status",
    "Who",
]


class PlayerIn(BaseModel):
    """``POST /api/v1/players``: the name to register."""

    model_config = ConfigDict(strict=True)

    name: str


class PlayerOut(BaseModel):
    """A registered player: the name, and the token, shown this once."""

    name: str
    token: str


class AttemptIn(BaseModel):
    """``POST /api/v1/daily/{date}/attempts``: the board (variant and cell count; its default cells for ``None``)."""

    model_config = ConfigDict(strict=True)

    variant: str = "freecell"
    cells: int | None = None


class AttemptOut(BaseModel):
    """A started attempt: its number, the day's deal and its game code."""

    attempt: int
    deal: int
    code: str


class ActionsIn(BaseModel):
    """``POST .../attempts/{attempt}/actions``: a batch of actions as played, numbered from ``first``.

    ``actions`` are record tokens (``3a``, ``undo``, ``hint``, ...);
    ``offsets`` the client's monotonic milliseconds since the attempt
    started, one per action, when it sends them.
    """

    model_config = ConfigDict(strict=True, extra="forbid")

    first: int = Field(ge=1, le=MAX_ACTIONS)
    actions: list[Annotated[str, Field(min_length=1, max_length=16)]] = Field(min_length=1, max_length=BATCH_MAX)
    offsets: list[Annotated[int, Field(ge=0, le=2**53)]] | None = Field(default=None, max_length=BATCH_MAX)


class ActionsOut(BaseModel):
    """The attempt's actions applied so far, the batch's included."""

    applied: int


class HintOut(BaseModel):
    """A hint of the server's solver: the move to play (``None``: none), a proof of loss, the hints so far."""

    move: str | None
    lost: bool
    hints: int


#: A result's place on its board: ``ranked``, or ``review`` while its timing waits for the operator.
Status = Literal["ranked", "review"]

_RANK = "the place on the day's board; null while the result waits for review"
_SECONDS = "the server's seconds from the attempt's start to its last action received; null for a result kept without"
_HINTS = "the hints taken during the attempt"
_RESENT = "whether a resent batch's offsets were taken (within the server's receive window)"


class RecordOut(BaseModel):
    """An accepted record: what its replay came to, how it was played, and its rank on the day's board."""

    result: str
    score: int
    moves: int
    undos: int
    cards_home: int
    rank: int | None = Field(description=_RANK)
    seconds: float | None = Field(description=_SECONDS)
    hints: int = Field(description=_HINTS)
    resent: bool = Field(description=_RESENT)
    status: Status


class BoardRow(BaseModel):
    """One result of a day's leaderboard: the ranked ones, then those waiting for review."""

    rank: int | None = Field(description=_RANK)
    name: str
    result: str
    score: int
    moves: int
    undos: int
    cards_home: int
    seconds: float | None = Field(description=_SECONDS)
    hints: int = Field(description=_HINTS)
    resent: bool = Field(description=_RESENT)
    status: Status


class HealthOut(BaseModel):
    """``GET /api/v1/health``: ``ok`` when the database answers."""

    status: str


class Who(NamedTuple):
    """The player a request's token proves: id and name (read with one plain query, no ORM object)."""

    id: int
    name: str


class Board(NamedTuple):
    """One leaderboard: a day, a variant's name and its cell count."""

    day: dt.date
    variant: str
    cells: int
