"""Attempts: a player starts the day's one attempt, streams its actions as played, then sends its record.

``POST /api/v1/daily/{date}/attempts`` (the ranked deal is revealed here),
``POST /api/v1/daily/{date}/attempts/{attempt}/actions`` (each batch is
replayed by the engine at once, and kept with the server's receive time)
and ``PUT /api/v1/daily/{date}/attempts/{attempt}/record``, which must
hold exactly the streamed actions; the result stored and ranked is what
the replay came to, never what the record claims.
"""

from __future__ import annotations

import collections
import datetime as dt
import threading
from typing import Annotated, Any

import sqlalchemy as sa
from fastapi import APIRouter, Path, Request

from patience.formats.records import Record, RecordError, Replay, check_record, parse_record, replay, replay_on
from patience.game import Game
from patience.i18n import format_date, format_number
from patience_server import crud
from patience_server.api.deps import (
    CurrentPlayer,
    DatabaseDep,
    LimitsDep,
    StreamingPlayer,
    daily_of,
    parse_day,
    playable_day,
    rate_limited,
)
from patience_server.core.config import HINT_POSITIONS, HINT_SECONDS, MAX_ACTIONS
from patience_server.core.db import Database
from patience_server.core.ratelimit import Limits
from patience_server.schemas import ActionsIn, ActionsOut, AttemptIn, AttemptOut, HintOut, RecordOut, Status, Who
from patience_server.speech import ApiError, ErrorCode, error_responses, tr
from patience_server.timing import needs_review
from patience_solver import Outcome, hint

__all__ = [
    "ENDED",
    "HINT_CACHE",
    "RECORD_BODY",
    "accept_actions",
    "accept_record",
    "ask_hint",
    "give_hint",
    "router",
    "send_actions",
    "send_record",
    "start",
    "start_attempt",
]

#: Results the replay of an accepted record must come to: an unfinished (or abandoned) game is not over yet.
ENDED = ("won", "gave-up")

router = APIRouter(prefix="/daily/{date}/attempts", tags=["attempts"])


@router.post("", status_code=201, responses=error_responses(401, 409, 422, 429))
async def start_attempt(date: str, body: AttemptIn, who: CurrentPlayer, db: DatabaseDep) -> AttemptOut:
    """Start the player's one attempt at the day's deal."""
    return await db.run(start, date, body, who, db)


def start(date: str, body: AttemptIn, who: Who, db: Database) -> AttemptOut:
    """Start ``who``'s attempt at ``date``'s deal of ``body``'s board: 422 for the date or board, 409 a second time."""
    day = playable_day(date)
    daily = daily_of(day, body.variant, body.cells, db.secret)
    try:
        ident = crud.create_attempt(db, player=who.id, daily=daily, started=dt.datetime.now(dt.UTC))
    except sa.exc.IntegrityError:
        message = tr.gettext("{name} has already started the daily {variant} of {date}: one attempt a day")
        when = format_date(day)
        raise ApiError(
            ErrorCode.ACTION_CONFLICT, message.format(name=who.name, variant=daily.title, date=when)
        ) from None
    return AttemptOut(attempt=ident, deal=daily.deal, code=daily.code)


AttemptNumber = Annotated[int, Path(ge=0, description="The attempt's number, as its start answered it.")]


@router.post("/{attempt}/actions", responses=error_responses(401, 404, 409, 422, 429))
async def send_actions(
    date: str, attempt: AttemptNumber, body: ActionsIn, who: StreamingPlayer, db: DatabaseDep
) -> ActionsOut:
    """Apply a batch of the attempt's actions as they are played: the engine replays each at once."""
    return await db.run(accept_actions, date, attempt, body, who, db)


def _gap(applied: int, first: int) -> ApiError:
    message = tr.gettext("the batch starts at action {first}, but the attempt has {applied} actions: send from {next}")
    return ApiError(
        ErrorCode.ACTION_CONFLICT,
        message.format(first=first, applied=applied, next=applied + 1),
        extra={"applied": applied},
    )


def _conflict(number: int, stored: str, sent: str) -> ApiError:
    message = tr.gettext("action {number} is {stored} on the server, not {sent}")
    return ApiError(ErrorCode.ACTION_CONFLICT, message.format(number=number, stored=stored, sent=sent))


def _over(number: int) -> ApiError:
    message = tr.gettext("action {number} comes after the end of the game: the attempt is over")
    return ApiError(ErrorCode.GAME_OVER, message.format(number=number), number, with_action=True, status=409)


def _new_actions(stored: list[str], body: ActionsIn) -> list[str]:
    """What ``body`` adds to the ``stored`` tokens: 409 for a gap or a token that differs from a stored one."""
    applied = len(stored)
    if body.first > applied + 1:
        raise _gap(applied, body.first)
    for index, token in enumerate(body.actions):
        number = body.first + index
        if number > applied:
            break
        if stored[number - 1] != token:
            raise _conflict(number, stored[number - 1], token)
    return body.actions[applied + 1 - body.first :]


class _Games:
    """The games of attempts being played, each where its stored actions left it, most recent last.

    A batch of actions then plays only its own actions, not the whole game
    from the deal (dealing alone costs more than a batch's moves). A game is
    taken out while a batch plays on it and put back only when the batch's
    actions were stored, so a kept game is always exactly the stored
    actions: a batch refused, or stored first by another process, leaves
    no game here, and the next batch replays from the deal. Each process
    keeps its own; the database stays what decides.
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._games: collections.OrderedDict[int, tuple[int, Game]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def take(self, attempt: int, applied: int) -> Game | None:
        """The kept game of ``attempt`` if it stands after exactly ``applied`` actions (it is no longer kept)."""
        with self._lock:
            kept = self._games.pop(attempt, None)
        return kept[1] if kept is not None and kept[0] == applied else None

    def put(self, attempt: int, applied: int, game: Game) -> None:
        """Keep ``game`` as ``attempt``'s after ``applied`` stored actions; the least recent goes beyond the size."""
        with self._lock:
            self._games[attempt] = (applied, game)
            self._games.move_to_end(attempt)
            while len(self._games) > self._size:
                self._games.popitem(last=False)


#: The games of the attempts played lately, in this process.
GAMES = _Games(512)


def _play_batch(row: Any, attempt: int, stored: list[str], new: list[str]) -> Replay:
    """``new`` played after the ``stored`` actions of ``attempt`` (``row`` its board): the kept game, or the deal's."""
    game = GAMES.take(attempt, len(stored))
    if game is None:
        tags = (("Variant", row.variant), ("Cells", str(row.cells)), ("Deal", str(row.deal)))
        return replay(Record(tags, (*stored, *new)))
    return replay_on(game, new, first=len(stored) + 1)


def accept_actions(date: str, attempt: int, body: ActionsIn, who: Who, db: Database) -> ActionsOut:
    """Replay ``body``'s actions after the ``attempt``'s stored ones; store each new one with its receive time.

    A resent batch may overlap what is stored (the same tokens: nothing is
    stored twice). When another process stores the same numbers first,
    the answer is read from what it stored.
    """
    parse_day(date)
    if attempt > db.max_id:
        raise _not_found(who, attempt, date)
    if body.offsets is not None and len(body.offsets) != len(body.actions):
        message = tr.gettext("offsets: give one per action, {count} in this batch")
        raise ApiError(ErrorCode.INVALID_REQUEST, message.format(count=len(body.actions)))
    received = dt.datetime.now(dt.UTC)
    with db.autocommit.connect() as connection:
        row = crud.find_attempt(connection, attempt=attempt, player=who.id, day=date)
        if row is None:
            raise _not_found(who, attempt, date)
        stored = crud.read_actions(connection, attempt)
    if row.result is not None:
        raise _over(max(body.first, len(stored) + 1))
    new = _new_actions(stored, body)
    if not new:
        return ActionsOut(applied=len(stored))
    if len(stored) + len(new) > MAX_ACTIONS:
        message = tr.gettext("an attempt holds at most {most} actions").format(most=format_number(MAX_ACTIONS))
        raise ApiError(ErrorCode.RECORD_TOO_LONG, message, len(stored) + 1, with_action=True)
    played = _play_batch(row, attempt, stored, new)
    if played.problem is not None and played.action is not None:
        if played.action <= len(stored) or _problem_code(played) is ErrorCode.GAME_OVER:
            raise _over(max(played.action, len(stored) + 1))
        raise ApiError(ErrorCode.ILLEGAL_ACTION, played.problem, played.action, with_action=True)
    first = len(stored) + 1
    offsets = None if body.offsets is None else body.offsets[first - body.first :]
    if crud.add_actions(db, attempt=attempt, first=first, tokens=new, offsets=offsets, received=received):
        if played.game is not None:
            GAMES.put(attempt, len(stored) + len(new), played.game)
        return ActionsOut(applied=len(stored) + len(new))
    # Another process stored some of these numbers first: answer as if this batch came after its.
    with db.autocommit.connect() as connection:
        stored = crud.read_actions(connection, attempt)
    if _new_actions(stored, body):
        # What it stored ends before this batch does: the rest is this client's to send again.
        raise _gap(len(stored), body.first)
    return ActionsOut(applied=len(stored))


#: The server's hints by position (variant and position): the same position is never searched twice.
HINT_CACHE: collections.OrderedDict[tuple[str, object], tuple[str | None, bool]] = collections.OrderedDict()
_HINTS_KEPT = 4096
_hint_lock = threading.Lock()


@router.post("/{attempt}/hints", responses=error_responses(401, 404, 409, 422, 429))
async def give_hint(
    date: str, attempt: AttemptNumber, who: CurrentPlayer, db: DatabaseDep, limits: LimitsDep
) -> HintOut:
    """A hint for the attempt's position from the server's solver, counted and kept as a ``hint`` action."""
    return await db.run(ask_hint, date, attempt, who, db, limits)


def _solve_hint(game: Game) -> tuple[str | None, bool]:
    """The move the solver gives ``game``'s position and whether it proved it lost, within the hint budget."""
    key = (game.variant.name, game.position)
    with _hint_lock:
        if key in HINT_CACHE:
            HINT_CACHE.move_to_end(key)
            return HINT_CACHE[key]
    found = hint(game, time_limit=HINT_SECONDS, max_positions=HINT_POSITIONS)
    answer = (None if found.move is None else str(found.move), found.outcome is Outcome.LOST)
    if found.outcome is not Outcome.UNDECIDED:
        # An undecided search may decide with another budget; only what is known is kept.
        with _hint_lock:
            HINT_CACHE[key] = answer
            while len(HINT_CACHE) > _HINTS_KEPT:
                HINT_CACHE.popitem(last=False)
    return answer


def ask_hint(date: str, attempt: int, who: Who, db: Database, limits: Limits) -> HintOut:
    """The hint for ``who``'s ``attempt`` where it stands; a hint that gives a move or a proof of loss is counted.

    At most :data:`~patience_server.core.config.HINT_COUNT` a minute by
    default (429 beyond); each search is bounded by ``HINT_SECONDS`` of CPU
    and ``HINT_POSITIONS`` positions.
    """
    parse_day(date)
    if attempt > db.max_id:
        raise _not_found(who, attempt, date)
    with db.autocommit.connect() as connection:
        row = crud.find_attempt(connection, attempt=attempt, player=who.id, day=date)
        if row is None:
            raise _not_found(who, attempt, date)
        stored = crud.read_actions(connection, attempt)
    if row.result is not None:
        raise _over(len(stored) + 1)
    game = _play_batch(row, attempt, stored, []).game
    if game is None or game.is_won or game.gave_up:
        raise _over(len(stored) + 1)
    if not limits.hints.allow(who.id):
        GAMES.put(attempt, len(stored), game)
        raise rate_limited(limits.hints)
    move, lost = _solve_hint(game)
    hints = stored.count("hint")
    if move is None and not lost:
        GAMES.put(attempt, len(stored), game)
        return HintOut(move=None, lost=False, hints=hints)
    number = len(stored) + 1
    if not crud.add_actions(
        db, attempt=attempt, first=number, tokens=["hint"], offsets=None, received=dt.datetime.now(dt.UTC)
    ):
        # An action of the attempt arrived meanwhile: the hint is of a position that is gone.
        message = tr.gettext("the game moved on while the hint was searched: ask again")
        raise ApiError(ErrorCode.ACTION_CONFLICT, message)
    game.note_hint()
    GAMES.put(attempt, number, game)
    return HintOut(move=move, lost=lost, hints=hints + 1)


#: The record PUT's body in the OpenAPI description: FastAPI cannot see a body the route reads itself.
RECORD_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "description": "The game record (docs/records.md), UTF-8 text of at most 256 KiB.",
        "content": {"text/plain": {"schema": {"type": "string"}}},
    }
}


@router.put("/{attempt}/record", responses=error_responses(401, 404, 409, 413, 422, 429), openapi_extra=RECORD_BODY)
async def send_record(
    date: str,
    attempt: AttemptNumber,
    request: Request,
    who: CurrentPlayer,
    db: DatabaseDep,
    limits: LimitsDep,
) -> RecordOut:
    """Replay the attempt's record; store and rank the result it really gives."""
    raw = await request.body()
    return await db.run(accept_record, date, attempt, raw, who, db, limits)


def accept_record(date: str, attempt: int, raw: bytes, who: Who, db: Database, limits: Limits) -> RecordOut:
    """Replay ``raw``, the record of ``who``'s ``attempt`` on ``date``; store and rank what it came to.

    The date is checked and an attempt number no row can have is not found,
    both before any query.
    """
    parse_day(date)
    if attempt > db.max_id:
        raise _not_found(who, attempt, date)
    # One connection for the request's three statements: no lock is held between them (autocommit).
    with db.autocommit.connect() as connection:
        return _accept_on(connection, date, attempt, raw, who, limits, db.review_pace)


def _not_found(who: Who, attempt: int, date: str) -> ApiError:
    return ApiError(
        ErrorCode.NOT_FOUND,
        tr.gettext("{name} has no attempt {attempt} on {date}").format(name=who.name, attempt=attempt, date=date),
    )


def _recorded(attempt: int) -> ApiError:
    message = tr.gettext("attempt {attempt} already has its record").format(attempt=attempt)
    return ApiError(ErrorCode.ACTION_CONFLICT, message)


def _problem_code(checked: Replay) -> ErrorCode:
    """The id of a replay's problem: an action it could not play (after the end: game over), else a claim."""
    if checked.action is None:
        return ErrorCode.RECORD_MISMATCH
    game = checked.game
    if game is not None and (game.is_won or game.gave_up):
        return ErrorCode.GAME_OVER
    return ErrorCode.ILLEGAL_ACTION


def _accept_on(
    connection: sa.Connection, date: str, attempt: int, raw: bytes, who: Who, limits: Limits, pace: float
) -> RecordOut:
    row = crud.find_attempt(connection, attempt=attempt, player=who.id, day=date)
    if row is None:
        raise _not_found(who, attempt, date)
    if row.result is not None:
        raise _recorded(attempt)
    if b"\x00" in raw:
        # PostgreSQL cannot store a NUL in text, and no record needs one.
        message = tr.gettext("not a game record: it holds a NUL character")
        raise ApiError(ErrorCode.NOT_A_RECORD, message, with_action=True)
    try:
        text = raw.decode("utf-8")
        record = parse_record(text)
    except (UnicodeDecodeError, RecordError) as error:
        # The reason is the engine's words.
        reason = error.reason if isinstance(error, UnicodeDecodeError) else str(error)
        message = tr.gettext("not a game record: {reason}").format(reason=reason)
        raise ApiError(ErrorCode.NOT_A_RECORD, message, with_action=True) from None
    if len(record.actions) > MAX_ACTIONS:
        # Refused before any replay: a long record costs CPU in proportion to its length.
        message = tr.ngettext(
            "the record has {count} action: at most {most} are accepted",
            "the record has {count} actions: at most {most} are accepted",
            len(record.actions),
        )
        count, most = format_number(len(record.actions)), format_number(MAX_ACTIONS)
        raise ApiError(
            ErrorCode.RECORD_TOO_LONG, message.format(count=count, most=most), MAX_ACTIONS + 1, with_action=True
        )
    for tag, expected in (("Variant", row.variant), ("Cells", str(row.cells)), ("Deal", str(row.deal))):
        if record.tag(tag) != expected:
            message = tr.gettext(
                "the record is not of this attempt's deal: its {tag} is “{claimed}”, the attempt's is {expected}"
            )
            raise ApiError(
                ErrorCode.WRONG_DEAL,
                message.format(tag=tag, claimed=record.tag(tag) or "", expected=expected),
                with_action=True,
            )
    refusals = limits.refusals
    if refusals.full(who.id):
        message = tr.ngettext(
            "too many refused records: at most {count} in {seconds} s, try again later",
            "too many refused records: at most {count} in {seconds} s, try again later",
            refusals.count,
        )
        count, seconds = format_number(refusals.count), format_number(refusals.window)
        raise ApiError(ErrorCode.RATE_LIMITED, message.format(count=count, seconds=seconds))
    checked = check_record(record)
    if checked.problem is not None:
        refusals.allow(who.id)
        raise ApiError(_problem_code(checked), checked.problem, checked.action, with_action=True)
    if checked.result not in ENDED:
        refusals.allow(who.id)
        raise ApiError(
            ErrorCode.GAME_NOT_ENDED,
            tr.gettext("the game has not ended: send its record once it is won or given up"),
            with_action=True,
        )
    streamed = tuple(crud.read_actions(connection, attempt))
    if record.actions != streamed:
        message = (
            tr.gettext("no action of this attempt was streamed: a ranked game sends each action as it is played")
            if not streamed
            else tr.gettext("the record's actions are not the ones streamed while the game was played")
        )
        refusals.allow(who.id)
        raise ApiError(ErrorCode.RECORD_MISMATCH, message, with_action=True)
    # How it was played is the server's clock over the streamed actions, never the record's tags.
    timing = crud.read_timing(connection, attempt)
    status: Status = crud.REVIEW if needs_review(timing, pace=pace) else crud.RANKED
    # What the replay came to, never what the record says it came to.
    result = crud.Result(
        result=checked.result,
        won=1 if checked.result == "won" else 0,
        score=checked.score,
        moves=checked.moves,
        undos=checked.undos,
        cards_home=checked.cards_home,
        submitted=dt.datetime.now(dt.UTC),
        record=text,
        status=status,
        elapsed_ms=timing.elapsed_ms,
        hints=timing.hints,
        resent=timing.resent,
    )
    # Each its own statement: the update alone decides, and the rank counts what is committed when it runs.
    if not crud.set_result(connection, attempt, result):
        raise _recorded(attempt)
    rank = crud.rank_of(connection, attempt=attempt, day=row.date, variant=row.variant, cells=row.cells, result=result)
    return RecordOut(
        result=result.result,
        score=result.score,
        moves=result.moves,
        undos=result.undos,
        cards_home=result.cards_home,
        rank=rank,
        seconds=crud.seconds_of(result.elapsed_ms),
        hints=result.hints,
        resent=result.resent,
        status=status,
    )
