"""The service's SQL: every statement it runs, built with SQLAlchemy expressions (bound parameters), no HTTP.

The statements every request runs are built once, at import: building
them per request (SQLAlchemy's expression objects and their cache keys)
cost about as much as running them. A name that is taken, or an attempt
started twice, is the database's to refuse (a unique constraint), so two
processes cannot race past the check: those functions raise
:class:`sqlalchemy.exc.IntegrityError`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import sqlalchemy as sa

from patience_server.core.db import Database
from patience_server.core.security import hash_token, placeholder_hash, token_of
from patience_server.models import Action, Attempt, Player, ServerSecret
from patience_server.schemas import BoardRow, Status
from patience_server.timing import Received, Timing, timing_of
from patience_solver.daily import DailyDeal

__all__ = [
    "PAGE_DEFAULT",
    "PAGE_MAX",
    "RANKED",
    "REJECTED",
    "REVIEW",
    "Result",
    "add_actions",
    "board_entry",
    "create_attempt",
    "create_player",
    "find_attempt",
    "find_player",
    "load_secret",
    "ping",
    "played_deal",
    "rank_of",
    "read_actions",
    "read_board",
    "read_timing",
    "seconds_of",
    "set_result",
]

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
        status=sa.bindparam("new_status"),
        elapsed_ms=sa.bindparam("new_elapsed_ms"),
        hints=sa.bindparam("new_hints"),
        resent=sa.bindparam("new_resent"),
    )
)

#: Whether a result took hints: 1 when it did, so that assisted games rank after the others.
_ASSISTED = sa.case((Attempt.hints > 0, 1), else_=0)


def _ranked_before() -> sa.Select[Any]:
    """How many ranked attempts of a board rank before the one given by the bound parameters."""
    won: sa.BindParameter[int] = sa.bindparam("won")
    assisted: sa.BindParameter[int] = sa.bindparam("assisted")
    score: sa.BindParameter[int] = sa.bindparam("score")
    undos: sa.BindParameter[int] = sa.bindparam("undos")
    submitted = sa.bindparam("submitted", type_=sa.DateTime(timezone=True))
    ident: sa.BindParameter[int] = sa.bindparam("ident")
    same = (Attempt.won == won, assisted == _ASSISTED)
    better = sa.or_(
        Attempt.won > won,
        sa.and_(Attempt.won == won, assisted > _ASSISTED),
        sa.and_(*same, Attempt.score > score),
        sa.and_(*same, Attempt.score == score, Attempt.undos < undos),
        sa.and_(*same, Attempt.score == score, Attempt.undos == undos, Attempt.submitted < submitted),
        sa.and_(
            *same,
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
            Attempt.status == RANKED,
            better,
        )
    )


#: A result's status on its board: ranked, waiting for the operator's review, or taken off the board by them.
RANKED: Final = "ranked"
REVIEW: Final = "review"
REJECTED: Final = "rejected"

_RANKED_BEFORE = _ranked_before()

_ONE_BOARD = (
    Attempt.date == sa.bindparam("day"),
    Attempt.variant == sa.bindparam("variant"),
    Attempt.cells == sa.bindparam("cells"),
    Attempt.result.is_not(None),
)
_ORDER = (
    Attempt.won.desc(),
    _ASSISTED.asc(),
    Attempt.score.desc(),
    Attempt.undos.asc(),
    Attempt.submitted.asc(),
    Attempt.id,
)
_COLUMNS = (
    Attempt.id,
    Attempt.player_id,
    Attempt.result,
    Attempt.won,
    Attempt.score,
    Attempt.moves,
    Attempt.undos,
    Attempt.cards_home,
    Attempt.submitted,
    Attempt.elapsed_ms,
    Attempt.hints,
    Attempt.resent,
    _ASSISTED.label("assisted"),
)
# The page's rows are picked from the attempts alone, and only those are joined to their players: the
# rows skipped to reach a deep page are never joined (ranks 13,001-13,100 of 13,306: 91 ms joined, 52 ms so).
_PAGE = (
    sa.select(*_COLUMNS)
    .where(*_ONE_BOARD, Attempt.status == RANKED)
    .order_by(*_ORDER)
    .offset(sa.bindparam("skip"))
    .limit(sa.bindparam("take"))
    .subquery("page")
)
_SHOWN = ("result", "score", "moves", "undos", "cards_home", "elapsed_ms", "hints", "resent")
_READ_BOARD = (
    sa.select(Player.name, *(_PAGE.c[name] for name in _SHOWN))
    .join(Player, Player.id == _PAGE.c.player_id)
    .order_by(
        _PAGE.c.won.desc(),
        _PAGE.c.assisted.asc(),
        _PAGE.c.score.desc(),
        _PAGE.c.undos.asc(),
        _PAGE.c.submitted.asc(),
        _PAGE.c.id,
    )
)
# The results waiting for review follow the ranked ones, in the order they were submitted.
_READ_REVIEW = (
    sa.select(Player.name, *(getattr(Attempt, name) for name in _SHOWN))
    .join(Player, Player.id == Attempt.player_id)
    .where(*_ONE_BOARD, Attempt.status == REVIEW)
    .order_by(Attempt.submitted, Attempt.id)
    .limit(sa.bindparam("take"))
)
_FIND_ENTRY = (
    sa.select(
        Attempt.id,
        Attempt.result,
        Attempt.won,
        Attempt.score,
        Attempt.moves,
        Attempt.undos,
        Attempt.cards_home,
        Attempt.submitted,
        Attempt.elapsed_ms,
        Attempt.hints,
        Attempt.resent,
        Attempt.status,
    )
    .join(Player, Player.id == Attempt.player_id)
    .where(*_ONE_BOARD, Player.name == sa.bindparam("name"), Attempt.status.in_((RANKED, REVIEW)))
)


#: The name of the secret the ranked deals are derived from, in ``server_secrets``.
RANKED_SECRET = "ranked-deal"


def load_secret(database: Database) -> bytes:
    """The database's ranked-deal secret, made (32 random bytes) by the first process that asks for it.

    Two processes starting at once both try to insert theirs; the primary
    key keeps one, which both then read.
    """
    import secrets

    read = sa.select(ServerSecret.value).where(ServerSecret.name == RANKED_SECRET)
    with database.autocommit.connect() as connection:
        found = connection.execute(read).scalar_one_or_none()
        if found is None:
            with contextlib.suppress(sa.exc.IntegrityError):
                connection.execute(sa.insert(ServerSecret).values(name=RANKED_SECRET, value=secrets.token_hex(32)))
            found = connection.execute(read).scalar_one()
    return bytes.fromhex(str(found))


def find_player(connection: sa.Connection, ident: int) -> sa.Row[int, str, str] | None:
    """Player ``ident``'s ``id``, ``name`` and ``token_hash``; ``None`` when there is none."""
    return connection.execute(_FIND_PLAYER, {"ident": ident}).first()


def create_player(database: Database, *, name: str, key: str, secret: str, created: dt.datetime) -> tuple[int, str]:
    """Add a player named ``name``: their id and token (``ID.SECRET``), whose hash alone is stored.

    ``key`` is the name's skeleton (:func:`patience_server.core.names.skeleton`).
    Raises :class:`sqlalchemy.exc.IntegrityError` when the name, or its
    skeleton, is taken: the unique index decides, so two processes racing
    on look-alike names admit one.
    """
    if database.numbered:
        # PostgreSQL hands out the id first, so the player is one INSERT with its token's hash, in
        # autocommit: two round trips where BEGIN, INSERT, UPDATE and COMMIT were four.
        with database.autocommit.connect() as connection:
            ident = int(connection.execute(_NEXT_PLAYER_ID).scalar_one())
            token = token_of(ident, secret)
            row = {"id": ident, "name": name, "name_key": key, "token_hash": hash_token(token), "created": created}
            connection.execute(_ADD_NUMBERED_PLAYER, row)
        return ident, token
    with database.engine.begin() as connection:
        # The unique name is the database's to check: one statement, no race between two processes.
        ident = int(
            connection.execute(
                _ADD_PLAYER,
                # A random placeholder until the id, which the token starts with, is known.
                {"name": name, "name_key": key, "token_hash": placeholder_hash(), "created": created},
            ).scalar_one()
        )
        token = token_of(ident, secret)
        connection.execute(_SET_TOKEN, {"ident": ident, "new_hash": hash_token(token)})
    return ident, token


def create_attempt(database: Database, *, player: int, daily: DailyDeal, started: dt.datetime) -> int:
    """Start ``player``'s attempt at ``daily``: its number.

    Raises :class:`sqlalchemy.exc.IntegrityError` when the player has
    started that deal already (``one_attempt_a_day``).
    """
    with database.autocommit.connect() as connection:
        row = {
            "player_id": player,
            "date": daily.date,
            "variant": daily.variant,
            "cells": daily.cells,
            "deal": daily.deal,
            "code": daily.code,
            "started": started,
        }
        return int(connection.execute(_ADD_ATTEMPT, row).scalar_one())


def find_attempt(
    connection: sa.Connection, *, attempt: int, player: int, day: str
) -> sa.Row[str, str, int, int, str | None] | None:
    """Attempt ``attempt`` of ``player`` on ``day``: its ``date``, ``variant``, ``cells``, ``deal`` and ``result``."""
    return connection.execute(_FIND_ATTEMPT, {"attempt": attempt, "player": player, "day": day}).first()


_READ_ACTIONS = sa.select(Action.token).where(Action.attempt_id == sa.bindparam("attempt")).order_by(Action.number)
_ADD_ACTION = sa.insert(Action)


def read_actions(connection: sa.Connection, attempt: int) -> list[str]:
    """The tokens of ``attempt``'s streamed actions, in their order (number 1 first)."""
    return [str(token) for token in connection.execute(_READ_ACTIONS, {"attempt": attempt}).scalars()]


_READ_RECEIVED = (
    sa.select(Action.number, Action.token, Action.received, Action.offset_ms)
    .where(Action.attempt_id == sa.bindparam("attempt"))
    .order_by(Action.number)
)
_STARTED = sa.select(Attempt.started).where(Attempt.id == sa.bindparam("attempt"))


def read_timing(connection: sa.Connection, attempt: int) -> Timing:
    """How ``attempt`` was played by the server's clock (:func:`patience_server.timing.timing_of`)."""
    started = connection.execute(_STARTED, {"attempt": attempt}).scalar_one()
    rows = connection.execute(_READ_RECEIVED, {"attempt": attempt})
    return timing_of(started, [Received(int(n), str(t), r, None if o is None else int(o)) for n, t, r, o in rows])


def add_actions(
    database: Database,
    *,
    attempt: int,
    first: int,
    tokens: list[str],
    offsets: list[int] | None,
    received: dt.datetime,
) -> bool:
    """Store ``tokens`` as ``attempt``'s actions ``first``, ``first + 1``, ...: whether this call stored them.

    All or none, in one transaction: when another process stored one of
    those numbers first, the primary key refuses the batch (``False``),
    and the caller reads what is stored and answers from that.
    """
    rows = [
        {
            "attempt_id": attempt,
            "number": first + index,
            "token": token,
            "received": received,
            "offset_ms": None if offsets is None else offsets[index],
        }
        for index, token in enumerate(tokens)
    ]
    try:
        with database.engine.begin() as connection:
            connection.execute(_ADD_ACTION, rows)
    except sa.exc.IntegrityError:
        return False
    return True


class Result(NamedTuple):
    """What a record's replay came to, as :func:`set_result` stores it (the attempt's result columns)."""

    result: str
    won: int
    score: int
    moves: int
    undos: int
    cards_home: int
    submitted: dt.datetime
    record: str
    status: Status
    elapsed_ms: int
    hints: int
    resent: bool


def set_result(connection: sa.Connection, attempt: int, result: Result) -> bool:
    """Store ``result`` for ``attempt`` unless it has one already: whether this call stored it.

    The update alone decides (only one can fill an empty result), so two
    records racing for one attempt give one ``True``.
    """
    values = {f"new_{key}": value for key, value in result._asdict().items()}
    updated: int = connection.execute(_SET_RESULT, {"attempt": attempt, **values}).rowcount
    return updated == 1


def rank_of(
    connection: sa.Connection, *, attempt: int, day: str, variant: str, cells: int, result: Result
) -> int | None:
    """The rank of ``attempt``'s stored ``result`` on its board: 1 plus the ranked attempts before it.

    ``None`` for a result that waits for review. It counts what is
    committed when it runs, as it would inside a READ COMMITTED transaction.
    """
    if result.status != RANKED:
        return None
    before = connection.execute(
        _RANKED_BEFORE,
        {
            "day": day,
            "variant": variant,
            "cells": cells,
            "won": result.won,
            "assisted": 1 if result.hints else 0,
            "score": result.score,
            "undos": result.undos,
            "submitted": result.submitted,
            "ident": attempt,
        },
    ).scalar_one()
    return int(before) + 1


#: The most entries one page of a leaderboard holds (``?limit=``), and how many it holds when not told.
PAGE_MAX = 500
PAGE_DEFAULT = 100


def read_board(
    database: Database, *, day: str, variant: str, cells: int, after: int = 0, limit: int = PAGE_DEFAULT
) -> list[BoardRow]:
    """One page of a day's results: ranks ``after + 1`` to ``after + limit``, then those waiting for review.

    Ranked by wins first, then unassisted before assisted (any hint), then
    higher score, fewer undos, earlier submission (the attempt's id breaks
    a tie, so each rank is one entry and a page starts where the one
    before ended). The page where the ranked entries end is filled up to
    ``limit`` with the results waiting for review (``rank`` ``None``).
    """
    board = {"day": day, "variant": variant, "cells": cells}
    with database.engine.connect() as connection:
        rows = list(connection.execute(_READ_BOARD, {**board, "skip": after, "take": limit}))
        entries = [_row(rank, RANKED, row) for rank, row in enumerate(rows, start=after + 1)]
        if len(rows) < limit and (rows or after == 0 or _ranked_count(connection, board) <= after):
            waiting = connection.execute(_READ_REVIEW, {**board, "take": limit - len(rows)})
            entries += [_row(None, REVIEW, row) for row in waiting]
    return entries


_COUNT_RANKED = sa.select(sa.func.count()).select_from(Attempt).where(*_ONE_BOARD, Attempt.status == RANKED)


def _ranked_count(connection: sa.Connection, board: dict[str, object]) -> int:
    return int(connection.execute(_COUNT_RANKED, board).scalar_one())


def seconds_of(elapsed_ms: int | None) -> float | None:
    """A result's time as the board shows it: seconds to a tenth; ``None`` for a result kept without one."""
    return None if elapsed_ms is None else round(elapsed_ms / 1000, 1)


def _row(rank: int | None, status: Status, row: Sequence[Any]) -> BoardRow:
    name, result, score, moves, undos, cards_home, elapsed_ms, hints, resent = row
    return BoardRow.model_construct(
        rank=rank,
        name=name,
        result=result,
        score=score,
        moves=moves,
        undos=undos,
        cards_home=cards_home,
        seconds=seconds_of(elapsed_ms),
        hints=hints or 0,
        resent=bool(resent),
        status=status,
    )


def board_entry(database: Database, *, day: str, variant: str, cells: int, name: str) -> BoardRow | None:
    """The entry of the player called ``name`` on a day's board, with its rank; ``None`` when they have none."""
    with database.engine.connect() as connection:
        found = connection.execute(_FIND_ENTRY, {"day": day, "variant": variant, "cells": cells, "name": name}).first()
        if found is None:
            return None
        ident, result, won, score, moves, undos, cards_home, submitted, elapsed_ms, hints, resent, status = found
        shown = (name, result, score, moves, undos, cards_home, elapsed_ms, hints, resent)
        if status != RANKED:
            return _row(None, REVIEW, shown)
        before = connection.execute(
            _RANKED_BEFORE,
            {
                "day": day,
                "variant": variant,
                "cells": cells,
                "won": won,
                "assisted": 1 if hints else 0,
                "score": score,
                "undos": undos,
                "submitted": submitted,
                "ident": ident,
            },
        ).scalar_one()
    return _row(int(before) + 1, RANKED, shown)


def played_deal(database: Database, *, day: str, variant: str, cells: int) -> tuple[int, str] | None:
    """The deal and code of a board's attempts on ``day``; ``None`` when nobody played it."""
    with database.engine.connect() as connection:
        found = connection.execute(
            sa.select(Attempt.deal, Attempt.code)
            .where(Attempt.date == day, Attempt.variant == variant, Attempt.cells == cells)
            .limit(1)
        ).first()
    return None if found is None else (int(found[0]), str(found[1]))


def ping(database: Database) -> None:
    """One trivial statement: raises when the database cannot be reached."""
    with database.engine.connect() as connection:
        connection.execute(sa.select(1))
