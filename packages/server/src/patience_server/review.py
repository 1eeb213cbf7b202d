"""The operator's review of results whose timing no person reaches (``patience serve review``).

Such a result is stored with the status ``review``
(:mod:`patience_server.timing`): it has no rank and is listed after the
ranked entries. :func:`waiting` lists them with what their timing was;
:func:`decide` clears one (it ranks) or rejects it (it leaves the board).
These run on the database directly, beside or without a running service.
"""

from __future__ import annotations

from typing import NamedTuple

import sqlalchemy as sa

from patience_server import crud
from patience_server.core.config import Settings
from patience_server.core.db import Database
from patience_server.models import Attempt, Player

__all__ = ["Decided", "Waiting", "decide", "open_database", "waiting"]


class Waiting(NamedTuple):
    """A result waiting for review, and its timing by the server's clock."""

    attempt: int
    date: str
    variant: str
    cells: int
    name: str
    result: str
    score: int
    actions: int
    seconds: float
    median_seconds: float
    hints: int
    resent: bool


class Decided(NamedTuple):
    """A reviewed result: its attempt, its player's name and its date."""

    attempt: int
    name: str
    date: str


def open_database(database_url: str | None = None) -> Database:
    """The service's database (default: SQLite in the data directory), migrated to the newest schema."""
    database = Database(Settings.from_env(database_url).database_url)
    database.upgrade()
    return database


_WAITING = (
    sa.select(Attempt.id, Attempt.date, Attempt.variant, Attempt.cells, Player.name, Attempt.result, Attempt.score)
    .join(Player, Player.id == Attempt.player_id)
    .where(Attempt.status == crud.REVIEW)
    .order_by(Attempt.submitted, Attempt.id)
)


def waiting(database: Database) -> list[Waiting]:
    """Every result waiting for review, the earliest submitted first."""
    found: list[Waiting] = []
    with database.engine.connect() as connection:
        for ident, date, variant, cells, name, result, score in connection.execute(_WAITING):
            timing = crud.read_timing(connection, int(ident))
            found.append(
                Waiting(
                    attempt=int(ident),
                    date=str(date),
                    variant=str(variant),
                    cells=int(cells),
                    name=str(name),
                    result=str(result),
                    score=int(score or 0),
                    actions=timing.actions,
                    seconds=timing.elapsed_ms / 1000,
                    median_seconds=timing.median_ms / 1000,
                    hints=timing.hints,
                    resent=timing.resent,
                )
            )
    return found


def decide(database: Database, attempt: int, *, clear: bool) -> Decided | None:
    """Clear (``clear``) or reject the result of ``attempt`` waiting for review; ``None`` when none waits.

    The update changes only a result still waiting, so two operators
    deciding at once decide once.
    """
    if not 0 <= attempt <= database.max_id:
        return None
    status = crud.RANKED if clear else crud.REJECTED
    with database.engine.begin() as connection:
        changed = connection.execute(
            sa.update(Attempt).where(Attempt.id == attempt, Attempt.status == crud.REVIEW).values(status=status)
        ).rowcount
        if changed != 1:
            return None
        name, date = connection.execute(
            sa.select(Player.name, Attempt.date)
            .join(Player, Player.id == Attempt.player_id)
            .where(Attempt.id == attempt)
        ).one()
    return Decided(attempt, str(name), str(date))
