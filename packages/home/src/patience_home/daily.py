"""The day's attempt, decided once for every front end: attempt or practice, started or resumed, its record sent.

The terminal's ``patience daily`` and the window both call :func:`begin`
when a daily deal is to be played and :meth:`DailyPlay.send` when it ends,
so they behave alike:

- the first daily game of a date, variant and cell count on this machine
  (as the store remembers) is the attempt; later ones are practice. An
  attempt left unfinished is still the attempt (:attr:`DailyPlay.resume`).
- With a server, the attempt is started there before the deal is shown (or
  the attempt already started for an unfinished game is taken again); a
  ``409`` for a new attempt means it was played elsewhere: practice.
- A record the server did not take for a passing reason (no answer, a
  timeout or a reset connection, a ``5xx``, a ``429``) is kept in the data
  directory and sent again by the next :func:`begin` on that server;
  nothing is lost. A record sent again that the server had accepted after
  all (its answer never arrived) is said to be on the leaderboard.
- While the day's attempt has ended but its record is still kept,
  :attr:`DailyPlay.pending` says so: a later game of that deal is not
  sent, and the front ends say the attempt waits for the server rather than
  calling the game plain practice.

Every problem with the server is one line in :attr:`DailyPlay.notes`; the
game is then played and recorded here all the same.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs
from attrs import Factory, define, frozen

from patience.i18n import current_language
from patience.i18n.hungarian import with_article
from patience_home.texts import _

if TYPE_CHECKING:
    from patience.game import Game
    from patience_home.leaderboard import Client
    from patience_home.store import GameInfo, Store
    from patience_solver.daily import DailyDeal

__all__ = [
    "SAME_DEAL",
    "DailyPlay",
    "ServerHint",
    "attempt_of",
    "attempt_sql",
    "begin",
    "games_of",
    "pending_attempt",
    "resumable_attempt",
    "role_of",
    "send_unsent",
    "server_player",
]


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


#: The stored columns that make two games the same daily deal: its date, variant and cell count.
SAME_DEAL = ("daily", "variant", "cells")


def attempt_sql(table: str = "games") -> str:
    """The day's attempt as an SQL condition on the store's ``table``: the first (lowest id) game of its daily deal.

    The store's updates use it, so that SQL and :func:`attempt_of` say the same game.
    """
    same = " AND ".join(f"g.{column} = {table}.{column}" for column in SAME_DEAL)
    return f"({table}.daily IS NOT NULL AND {table}.id = (SELECT MIN(g.id) FROM games AS g WHERE {same}))"


def games_of(store: Store | None, daily: DailyDeal) -> list[GameInfo]:
    """This machine's games of that daily deal, oldest (the attempt) first; imported ones count, as the store has them.

    A store that cannot save still says what it holds (a read-only directory leaves the attempt played).
    """
    if store is None or not store.readable:
        return []
    games = [
        info
        for info in store.history()
        if info.daily == daily.date and info.variant == daily.variant and info.cells == daily.cells
    ]
    return sorted(games, key=lambda info: info.id)


def attempt_of(store: Store | None, daily: DailyDeal) -> GameInfo | None:
    """The day's attempt on this machine: the first game of that daily deal, or ``None`` before it is played."""
    games = games_of(store, daily)
    return games[0] if games else None


def resumable_attempt(games: list[GameInfo]) -> GameInfo | None:
    """The attempt among ``games`` (:func:`games_of`) when it is to be taken up again: unfinished, nothing after it.

    Once another game of the deal was dealt (the window deals the attempt again rather than
    rebuilding it), the attempt counts as played and every later game is practice.
    """
    first = games[0] if games else None
    return first if first is not None and first.result == "unfinished" and len(games) == 1 else None


def role_of(store: Store | None, info: GameInfo) -> str | None:
    """What the stored game ``info`` is when it comes back: ``"attempt"``, ``"practice"``, or ``None`` (no daily game).

    ``None`` too when its daily deal cannot be found again (a variant no longer installed):
    it is then an ordinary game. The terminal and the window both ask this.
    """
    from patience.errors import PatienceError
    from patience_solver.daily import daily_deal, parse_date

    if info.daily is None:
        return None
    try:
        daily = daily_deal(parse_date(info.daily), info.variant, info.cells)
    except PatienceError:
        return None
    games = games_of(store, daily)
    if all(game.id != info.id for game in games):
        return None
    resumable = resumable_attempt(games)
    return "attempt" if resumable is not None and resumable.id == info.id else "practice"


@frozen
class ServerHint:
    """The server's answer to a hint asked in a ranked attempt (:meth:`DailyPlay.server_hint`)."""

    line: str
    """What to say: the hint, or why there is none."""
    move: str | None = None
    """The move the server's solver gives, in notation."""
    counted: bool = False
    """Whether the server counted the hint (a move or a proof of loss): the game notes it then."""
    lost: bool = False
    """Whether the server proved the position lost."""


@define
class DailyPlay:
    """A daily deal about to be played: attempt or practice, and the server's attempt when there is one."""

    daily: DailyDeal
    practice: bool
    resume: GameInfo | None = None
    """The attempt left unfinished on this machine, to be continued (``None``: deal it fresh)."""
    client: Client | None = None
    """The server's client as the player, when the attempt counts there."""
    name: str | None = None
    """The player's name on that server."""
    attempt: int | None = None
    """The server's attempt id."""
    notes: list[str] = Factory(list)
    """One line each about the server (not set, not reachable, refused, a kept record sent), to show."""
    started: dt.datetime = Factory(_now)
    pending: bool = False
    """The day's attempt has ended and its record is kept, not yet on the server's leaderboard."""
    streamed: int = 0
    """How many of the game's actions the server has applied (as it last said)."""

    @property
    def ranked_attempt(self) -> bool:
        """Whether this game is the ranked attempt on a server: no local hint, demo or verdict then.

        Only a game the server started (and dealt: its ranked deal) is; a
        game without a server, practice or the public deal never is.
        """
        return self.client is not None and self.attempt is not None and not self.practice

    def stream(self, game: Game) -> bool:
        """Send the server the actions of ``game`` it does not have yet; whether it has them all now.

        Called after each action. When the server cannot be reached the
        actions stay in the game (the store keeps it), and the next call
        sends them, in order, from where the server stands.
        """
        return self.stream_actions(tuple(game.log))

    def stream_actions(self, log: Sequence[str]) -> bool:
        """:meth:`stream` of a game's action tokens ``log`` (a copy taken where the game is played)."""
        from patience_home.leaderboard import LeaderboardError

        client, attempt = self.client, self.attempt
        if client is None or attempt is None or not self.ranked_attempt:
            return False
        log = tuple(log)
        if self.streamed >= len(log):
            return True
        try:
            self.streamed = client.stream(self.daily.date, attempt, log, self.streamed)
        except LeaderboardError:
            return False
        return self.streamed >= len(log)

    @property
    def key(self) -> str:
        """How the attempt's id is kept: ``"2026-12-24 freecell 4"``."""
        return f"{self.daily.date} {self.daily.variant} {self.daily.cells}"

    def hint(self, game: Game) -> str:
        """Ask the server for a hint in the ranked attempt ``game``; the line that gives it (or says why not).

        The game's actions are streamed first, so the hint is of the position
        the player sees; a hint the server counts is noted in ``game`` as the
        ``hint`` action the server keeps at the same number.
        """
        answer = self.server_hint(tuple(game.log))
        if answer.counted:
            game.note_hint()
            self.streamed = len(game.log)
        return answer.line

    def server_hint(self, log: Sequence[str]) -> ServerHint:
        """The server's hint where the game's action tokens ``log`` stand, those streamed first.

        The game itself is not touched (a front end may ask from another
        thread): when :attr:`ServerHint.counted`, the caller notes the hint
        in the game, which the server keeps as its ``hint`` action.
        """
        from patience_home.leaderboard import LeaderboardError

        client, attempt = self.client, self.attempt
        if client is None or attempt is None:
            return ServerHint("")
        try:
            if not self.stream_actions(log):
                return ServerHint(_("no hint: the server has not got every move yet; try again in a moment"))
            move, lost, hints = client.hint(self.daily.date, attempt)
        except LeaderboardError as error:
            return ServerHint(_("no hint from the server: {error}").format(error=error))
        if move is None and not lost:
            return ServerHint(_("the server's solver found no hint here in its time; nothing is counted"))
        # The server keeps the hint as the attempt's next action: the game notes it as the same one.
        self.streamed = len(log) + 1
        if lost:
            line = _("hint from the server: this position can no longer be won (hint {count})").format(count=hints)
            return ServerHint(line, counted=True, lost=True)
        return ServerHint(
            _("hint from the server: {move} (hint {count})").format(move=move, count=hints), move=move, counted=True
        )

    def share(self, game: Game) -> str:
        """The spoiler-free share line of ``game``, this daily deal played to its end."""
        from patience_solver.daily import share_line

        daily = self.daily
        # The ranked deal is the starting players' own until the day is over: the line leaves it out.
        hidden = self.ranked_attempt and dt.datetime.now(dt.UTC).date() <= dt.date.fromisoformat(
            daily.date
        ) + dt.timedelta(1)
        return share_line(
            title=daily.title,
            date=daily.date,
            deal=None if hidden else daily.deal,
            cards_home=game.cards_home,
            moves=game.moves,
            undos=game.undos,
            result="won" if game.is_won else "gave-up",
            practice=self.practice,
            cards=daily.cards,
        )

    def send(self, game: Game) -> str:
        """Send the attempt's record (``game`` has ended); the line that says how the server ranked it, or why not.

        When the server does not take it for a passing reason (no answer, a
        timeout, a ``5xx`` or ``429``) the record is kept and sent by the next
        :func:`begin` on that server. ``""`` when there is nothing to send.
        """
        from patience.formats.records import format_record, record_of
        from patience_home.leaderboard import LeaderboardError, save_unsent

        client, attempt, daily = self.client, self.attempt, self.daily
        if client is None or attempt is None:
            return ""
        record = record_of(
            game,
            result="won" if game.is_won else "gave-up",
            started=self.started,
            ended=_now(),
            extra_tags=(("Daily", daily.date),),
        )
        text = format_record(record)
        try:
            # The server ranks only a record that holds the actions it was sent while the game was played.
            _stream_kept(client, daily.date, attempt, text)
            accepted = client.send_record(daily.date, attempt, text)
        except LeaderboardError as error:
            if error.already_recorded:
                return _("the record of {date} is on the leaderboard already: the server had accepted it").format(
                    date=daily.date
                )
            if not error.passing:
                return _("the server did not accept the record: {error}").format(error=error)
            # No answer, a timeout, a 5xx or a 429: the server may take it later, so nothing is dropped.
            try:
                save_unsent(client.url, self.name or "", daily.date, attempt, text)
            except (LeaderboardError, OSError) as kept:
                return _("{error}; the record could not be kept to send later either: {kept}").format(
                    error=error, kept=kept
                )
            self.pending = True
            return _(
                "{error}: the record is kept and sent the next time a daily deal is played with this server"
            ).format(error=error)
        title = with_article(daily.title) if current_language() == "hu" else daily.title
        if accepted.rank is None:
            return _(
                "the result waits for review on the {title} leaderboard of {date}: it ranks once the operator "
                "clears it (score {score}, checked by the server)"
            ).format(title=title, date=daily.date, score=accepted.score)
        return _("rank {rank} on the {title} leaderboard of {date} (score {score}, checked by the server)").format(
            rank=accepted.rank, title=title, date=daily.date, score=accepted.score
        )


def server_player(url: str, name: str | None) -> tuple[Client | None, str | None, list[str]]:
    """A client for ``url`` as the player ``name`` (registered on first use), else the player used last there.

    ``(client, name, notes)``; the client is ``None`` when no player is kept
    and no name was given. Raises :class:`~patience_home.leaderboard.LeaderboardError`
    when registering fails (a taken name, the server unreachable).
    """
    from patience_home.leaderboard import Client, save_player, saved_player, use_player

    saved = saved_player(url, name)
    if saved is not None:
        if name is not None:
            use_player(url, name)
        return Client(url, saved[1]), saved[0], []
    if name is None:
        return (
            None,
            None,
            [_("no player name for {url}: give a name once to take part; this game counts here only").format(url=url)],
        )
    token = Client(url).register(name)
    save_player(url, name, token)
    registered = _("registered as {name} on {url} (the token is kept in the data directory)").format(name=name, url=url)
    return Client(url, token), name, [registered]


def send_unsent(url: str) -> list[str]:
    """Send the records kept for ``url`` because it could not be reached; one line about each it answered for."""
    from patience_home.leaderboard import (
        Client,
        LeaderboardError,
        forget_unsent,
        saved_player,
        unsent_records,
    )

    lines: list[str] = []
    for kept in unsent_records(url):
        player = saved_player(url, kept.name)
        if player is None:
            continue
        try:
            client = Client(url, player[1])
            _stream_kept(client, kept.date, kept.attempt, kept.record)
            accepted = client.send_record(kept.date, kept.attempt, kept.record)
        except LeaderboardError as error:
            if error.already_recorded:
                # Its first sending reached the server, whose answer was lost (a timeout, a reset).
                forget_unsent(url, kept.name, kept.attempt)
                lines.append(
                    _("the record kept from {date} is on the leaderboard already: the server had accepted it").format(
                        date=kept.date
                    )
                )
                continue
            if error.passing:
                # Still away, failing or busy: everything stays kept for the next time.
                lines.append(
                    _("the record kept from {date} is still kept, to send again later: {error}").format(
                        date=kept.date, error=error
                    )
                )
                break
            forget_unsent(url, kept.name, kept.attempt)
            lines.append(
                _("the record kept from {date} was refused by the server: {error}").format(date=kept.date, error=error)
            )
            continue
        forget_unsent(url, kept.name, kept.attempt)
        if accepted.rank is None:
            sent = _("the record kept from {date} is sent: it waits for review (score {score})")
        else:
            sent = _("the record kept from {date} is sent: rank {rank} (score {score})")
        lines.append(sent.format(date=kept.date, rank=accepted.rank, score=accepted.score))
    return lines


def _stream_kept(client: Client, date: str, attempt: int, record: str) -> None:
    """Stream a kept record's actions the server may lack; an attempt it has ended already is the record's to say."""
    from patience_home.leaderboard import LeaderboardError

    try:
        client.stream(date, attempt, _actions_of(record))
    except LeaderboardError as error:
        if error.code != "game_over":
            raise


def _actions_of(text: str) -> tuple[str, ...]:
    """The action tokens of a kept record (none when it cannot be read: the server then says why)."""
    from patience.formats.records import RecordError, parse_record

    try:
        return parse_record(text).actions
    except RecordError:
        return ()


def pending_attempt(url: str, daily: DailyDeal, key: str) -> bool:
    """True when a record of ``daily``'s attempt (its key :attr:`DailyPlay.key`) waits to be sent to ``url``."""
    from patience_home.leaderboard import saved_attempt, unsent_records

    return any(
        kept.date == daily.date and saved_attempt(url, key, kept.name) == kept.attempt for kept in unsent_records(url)
    )


def begin(daily: DailyDeal, store: Store | None, *, server: str | None = None, name: str | None = None) -> DailyPlay:
    """Decide how ``daily`` is played now: the attempt (started or resumed on the server, if any) or practice.

    ``server`` is ``--server`` (else ``$PATIENCE_SERVER``); ``name`` the
    player's name there, given once. Never raises for the server's sake:
    each problem is a line in :attr:`DailyPlay.notes`.
    """
    from patience_home.leaderboard import LeaderboardError, save_attempt, saved_attempt, server_url

    games = games_of(store, daily)
    resume = resumable_attempt(games)
    unfinished = resume is not None
    play = DailyPlay(daily, practice=bool(games) and not unfinished, resume=resume)
    url = server_url(server)
    if url is None:
        if not play.practice:
            play.notes.append(_("no server set: this game is unranked, played and recorded here only"))
        return play
    try:
        play.notes.extend(send_unsent(url))
    except LeaderboardError as error:
        play.notes.append(str(error))
    if play.practice:
        play.pending = pending_attempt(url, daily, play.key)
        return play
    try:
        client, who, notes = server_player(url, name)
        play.notes.extend(notes)
        if client is None:
            return play
    except LeaderboardError as error:
        if error.passing:  # away, failing or busy: no refusal of the player
            play.notes.append(_("{error}: the attempt is played and recorded here only").format(error=error))
        else:
            message = _("the server refused the player: {error}; this game is played and recorded here only")
            play.notes.append(message.format(error=error))
        return play
    attempt = saved_attempt(url, play.key, who) if unfinished else None
    if unfinished and attempt is None:
        # Dealt here before the server knew of it: the public deal, which is never the ranked attempt.
        play.notes.append(_("the game left unfinished was dealt here, not by the server: it is unranked"))
        return play
    try:
        if attempt is None:
            started = client.start_attempt(daily.date, daily.variant, daily.cells)
            attempt = started.attempt
            save_attempt(url, play.key, attempt, who)
            # The ranked deal is the server's, revealed as the attempt starts: it is played, not the public one.
            play.daily = attrs.evolve(daily, deal=started.deal, code=started.code)
        elif resume is not None:
            play.daily = attrs.evolve(daily, deal=resume.deal, code=resume.code)
    except LeaderboardError as error:
        if error.passing:  # away, failing or busy: the attempt was not refused
            play.notes.append(_("{error}: the attempt is played and recorded here only").format(error=error))
        elif error.status == 409 and not unfinished:
            # Started elsewhere (another machine, or a game this store no longer has): that one counts.
            play.practice = True
            play.notes.append(_("the server says: {error}; this game is practice").format(error=error))
        else:
            play.notes.append(
                _("the server refused the attempt: {error}; this game is played and recorded here only").format(
                    error=error
                )
            )
        return play
    play.client, play.name, play.attempt = client, who, attempt
    return play
