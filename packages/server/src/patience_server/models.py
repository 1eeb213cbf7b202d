"""The database's tables as SQLAlchemy models: players and their attempts.

They mirror the Alembic migrations (``patience_server/migrations``), which
own the schema. The one-attempt rule is a unique constraint, so two
processes that race to start the same attempt get exactly one row.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Action", "Attempt", "Base", "Player", "ServerSecret"]


class Base(DeclarativeBase):
    """The models' common base."""


class Player(Base):
    """A player: a unique name, and the SHA-256 of the token that proves who they are (never the token).

    ``name_key`` is the name's skeleton (:func:`patience_server.core.names.skeleton`),
    unique, so that no two players have names that look alike. It is empty
    only for a player whose name looked like an earlier player's when
    migration 0002 added the column (both accounts are kept).
    """

    __tablename__ = "players"
    __table_args__ = (sa.Index("players_name_skeleton", "name_key", unique=True),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(32), unique=True)
    name_key: Mapped[str | None] = mapped_column(sa.Text)
    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    created: Mapped[dt.datetime] = mapped_column(sa.DateTime(timezone=True))


class Attempt(Base):
    """A player's one attempt at a daily deal; the result columns are filled when its record is accepted."""

    __tablename__ = "attempts"
    __table_args__ = (sa.UniqueConstraint("player_id", "date", "variant", "cells", name="one_attempt_a_day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(sa.ForeignKey("players.id"))
    date: Mapped[str] = mapped_column(sa.String(10))
    variant: Mapped[str] = mapped_column(sa.String(64))
    cells: Mapped[int]
    deal: Mapped[int] = mapped_column(sa.BigInteger)
    code: Mapped[str] = mapped_column(sa.String(32))
    started: Mapped[dt.datetime] = mapped_column(sa.DateTime(timezone=True))
    result: Mapped[str | None] = mapped_column(sa.String(16))
    won: Mapped[int | None]
    score: Mapped[int | None]
    moves: Mapped[int | None]
    undos: Mapped[int | None]
    cards_home: Mapped[int | None]
    submitted: Mapped[dt.datetime | None] = mapped_column(sa.DateTime(timezone=True))
    record: Mapped[str | None] = mapped_column(sa.Text)
    #: ``ranked``, ``review`` (its timing waits for the operator) or ``rejected`` (off the board); set with the result.
    status: Mapped[str] = mapped_column(sa.String(16), server_default="ranked")
    #: The server's milliseconds from the start to the last action received (``None`` for results kept from before).
    elapsed_ms: Mapped[int | None] = mapped_column(sa.BigInteger)
    hints: Mapped[int] = mapped_column(server_default="0")
    resent: Mapped[bool | None]


class ServerSecret(Base):
    """A secret of the service, by name: ``ranked-deal`` keys the ranked deals (hex, made at the first start)."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(sa.String(32), primary_key=True)
    value: Mapped[str] = mapped_column(sa.String(128))


class Action(Base):
    """One action of an attempt, as the server received it while the game was played.

    The primary key (attempt, number) stores each number once, however many
    processes take the same batch at once.
    """

    __tablename__ = "attempt_actions"

    attempt_id: Mapped[int] = mapped_column(sa.ForeignKey("attempts.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(sa.String(16))
    received: Mapped[dt.datetime] = mapped_column(sa.DateTime(timezone=True))
    offset_ms: Mapped[int | None] = mapped_column(sa.BigInteger)
