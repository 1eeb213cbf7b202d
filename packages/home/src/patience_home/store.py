"""The local memory of every game: an SQLite file shared by the terminal game and the window.

The database is ``patience.sqlite3`` in the data directory
(:func:`patience_home.paths.database_path`; its times are
:mod:`patience_home.times`'s). It runs in WAL
mode with a busy timeout, so a terminal game and the window (or two
terminals) can play at the same time. A front end opens the store once,
tracks each game it deals, and calls nothing else while the player plays::

    store = Store.open()                   # never raises; store.notice is a line to show once
    tracker = store.resume()               # the last unfinished game played here, rebuilt exactly, or None
    if tracker is None:
        store.abandon_unfinished()         # a new deal leaves the unfinished game
        tracker = store.track(Game.new("freecell"))
    game = tracker.game                    # every action on it is written before play() returns
    game.play("3a")
    tracker.note_hint()                    # after showing a hint
    tracker.note_demo()                    # before the demo plays its first move

Each action is written in its own transaction from the game's event, so it
is on disk before the front end shows its result. When the store cannot
save (a newer database, an unwritable directory), play goes on unsaved and
``notice`` says so once; a damaged file is moved aside to
``patience.sqlite3.damaged-<time>`` and a new one is started.

This module is imported only by the commands that use it, so ``patience
--help`` does not load sqlite3.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pluggy
from attrs import frozen

from patience.formats.records import (
    REQUIRED_TAGS,
    Record,
    assisted_of,
    check_record,
    format_assisted,
    format_record,
    replay,
)
from patience.game import Game, GameEvent
from patience.i18n import current_language
from patience.i18n.hungarian import with_article
from patience_home.daily import attempt_sql
from patience_home.paths import DATABASE_NAME, data_dir, database_path, move_aside
from patience_home.texts import _
from patience_home.times import now as _now
from patience_home.times import parse as _parse_time
from patience_home.times import shown as _shown_time
from patience_home.times import stamp as _stamp

__all__ = [
    "DATABASE_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "GameInfo",
    "ImportOutcome",
    "PlayTime",
    "Store",
    "Tracker",
    "VariantStats",
    "data_dir",
    "database_path",
    "played_time",
]

#: How long a write waits for another process's transaction, in milliseconds.
BUSY_TIMEOUT_MS = 5000

#: Forward migrations: ``MIGRATIONS[n]`` takes a database from ``user_version`` n to n + 1.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        variant TEXT NOT NULL,
        cells INTEGER NOT NULL,
        deal INTEGER NOT NULL,
        code TEXT NOT NULL,
        started TEXT NOT NULL,
        ended TEXT,
        last_action TEXT NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('won', 'gave-up', 'abandoned', 'unfinished')),
        score INTEGER NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        undos INTEGER NOT NULL DEFAULT 0,
        hints INTEGER NOT NULL DEFAULT 0,
        cards_home INTEGER NOT NULL DEFAULT 0,
        daily TEXT,
        extra_tags TEXT NOT NULL DEFAULT '[]',
        in_stats INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE actions (
        game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        token TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (game, number)
    ) WITHOUT ROWID;
    CREATE INDEX games_by_last_action ON games (last_action, id);
    CREATE INDEX games_by_result ON games (result, last_action);
    CREATE INDEX games_by_code ON games (code, started);
    """,
    # What an imported record holds beyond the columns: whether it is untouched since (an imported game
    # never takes over resume or is abandoned by a new deal), its {...} comments, and its tags' order.
    """
    ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN comments TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE games ADD COLUMN tag_order TEXT NOT NULL DEFAULT '[]';
    """,
    # The whole seconds a game was played (the record's Seconds tag); NULL for a game stored without a time.
    """
    ALTER TABLE games ADD COLUMN seconds INTEGER;
    """,
    # The kinds of assistance a game had (``hint,demo``, see patience.formats.records.ASSISTANCE); a game
    # played here with hints before the column existed had them (its record holds the hint tokens).
    """
    ALTER TABLE games ADD COLUMN assisted TEXT NOT NULL DEFAULT '';
    UPDATE games SET assisted = 'hint' WHERE hints > 0 AND imported = 0;
    """,
)

#: The schema version this program writes (``PRAGMA user_version``).
SCHEMA_VERSION = len(MIGRATIONS)

# SQLite's primary result codes for a file that is not a database, or is damaged.
_SQLITE_BUSY = 5
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26

_COLUMNS = (
    "id, started, ended, last_action, variant, cells, deal, code, result, score, moves, undos, hints, "
    "cards_home, daily, extra_tags, imported, comments, tag_order, seconds, assisted"
)

#: A condition on ``games`` (the table, not aliased): the row is not the day's attempt, as
#: :func:`patience_home.daily.attempt_sql` says it. Leaving the attempt for another game never abandons
#: it: it counts once, so it waits unfinished for the player to come back to it.
_NOT_AN_ATTEMPT = f"NOT {attempt_sql('games')}"


#: The largest integer SQLite stores; a larger one raises OverflowError before the query runs.
_INT64_MAX = 2**63 - 1


def _fits(number: int) -> bool:
    """Whether ``number`` is an SQLite integer: no stored id or count lies outside, so a query would find nothing."""
    return -_INT64_MAX - 1 <= number <= _INT64_MAX


@frozen
class GameInfo:
    """One game of the history, as stored; for an unfinished game the counts are those so far."""

    id: int
    started: str
    """UTC, ``2026-11-30T06:22:56Z``."""
    ended: str | None
    """When the game ended (``None`` while unfinished)."""
    last_action: str
    variant: str
    cells: int
    deal: int
    code: str
    result: str
    score: int
    moves: int
    undos: int
    hints: int
    cards_home: int
    daily: str | None = None
    """The date of the daily deal this game was an attempt at, if any."""
    extra_tags: tuple[tuple[str, str], ...] = ()
    imported: bool = False
    """Stored by :meth:`Store.import_record` and not played since: resume and new deals leave it alone."""
    comments: tuple[tuple[int, str], ...] = ()
    """The record's ``{...}`` comments (see :attr:`patience.formats.records.Record.comments`)."""
    tag_order: tuple[str, ...] = ()
    """The tag names in the imported record's order (empty for a game played here: the standard order)."""
    seconds: int | None = None
    """The whole seconds played (``None`` for a game stored without a time: an old one, or a record without it)."""
    assisted: tuple[str, ...] = ()
    """The kinds of assistance used, ``("hint", "demo")`` (empty: unassisted): the record's ``Assisted``."""

    def as_json(self) -> dict[str, object]:
        """The keys ``patience history --format json`` prints, in that order."""
        return {
            "id": self.id,
            "started": self.started,
            "ended": self.ended,
            "variant": self.variant,
            "cells": self.cells,
            "deal": self.deal,
            "code": self.code,
            "result": self.result,
            "score": self.score,
            "moves": self.moves,
            "undos": self.undos,
            "hints": self.hints,
            "seconds": self.seconds,
        }


@frozen
class VariantStats:
    """The statistics of one variant and cell count; given up and abandoned games count as lost."""

    variant: str
    cells: int
    played: int
    won: int
    current_streak: int
    """Wins in a row at the end, in the order games ended (0 after a loss)."""
    longest_streak: int
    best_score: int | None
    """The best score of any game played (``None`` before the first)."""
    fewest_moves: int | None
    """The fewest moves in a win (``None`` before the first win)."""
    average_moves: float | None
    """The average moves of the wins, to one decimal (``None`` before the first win)."""
    fastest_win_seconds: int | None = None
    """The fewest seconds played in a win (``None`` before the first win with a time)."""
    won_unassisted: int = 0
    """Wins with neither a hint nor the demo."""
    streak_unassisted: int = 0
    """Unassisted wins in a row at the end (0 after a loss or an assisted win)."""
    best_streak_unassisted: int = 0
    """The longest run of unassisted wins in a row."""
    best_score_unassisted: int | None = None
    """The best score of any unassisted game played (``None`` before the first)."""

    @property
    def win_rate(self) -> float:
        """Won over played, 0 to 1 (0 when nothing was played)."""
        return self.won / self.played if self.played else 0.0

    def as_json(self) -> dict[str, object]:
        """The keys ``patience stats --format json`` prints; ``win_rate`` is a fraction rounded to 4 places.

        Each unassisted figure follows the figure it is the unassisted part of.
        """
        return {
            "variant": self.variant,
            "cells": self.cells,
            "played": self.played,
            "won": self.won,
            "won_unassisted": self.won_unassisted,
            "win_rate": round(self.win_rate, 4),
            "current_streak": self.current_streak,
            "streak_unassisted": self.streak_unassisted,
            "longest_streak": self.longest_streak,
            "best_streak_unassisted": self.best_streak_unassisted,
            "best_score": self.best_score,
            "best_score_unassisted": self.best_score_unassisted,
            "fewest_moves": self.fewest_moves,
            "average_moves": self.average_moves,
            "fastest_win_seconds": self.fastest_win_seconds,
        }


@frozen
class ImportOutcome:
    """What :meth:`Store.import_record` did: ``stored``, ``duplicate``, ``inconsistent`` or ``not-saving``."""

    status: str
    id: int | None = None
    """The stored game (the earlier one for a duplicate)."""
    problem: str | None = None
    """Why it was not stored, for ``inconsistent`` and ``not-saving``."""


class Store:
    """The database of games. Open it with :meth:`open`, which never raises.

    ``saving`` says whether games are written; ``notice`` is the one line a
    front end shows once when something went wrong on opening (``None``
    when all is well). Later trouble (a write that failed) is queued for
    :meth:`take_notices`. Safe to use from several threads.
    """

    def __init__(
        self,
        path: Path,
        connection: sqlite3.Connection | None,
        notice: str | None,
        *,
        read_only: bool = False,
        unreadable: str | None = None,
    ) -> None:
        self.path = path
        self._db = connection
        self._read_only = read_only
        self.notice = notice
        self.unreadable = unreadable
        """Why the stored games cannot be read (``None`` when they can, or when there is no file to read).

        A command that lists or exports games says this instead of "no games yet".
        """
        self._notices: list[str] = [notice] if notice else []
        self._said: set[str] = set(self._notices)
        self._lock = threading.RLock()
        self.clock: Callable[[], dt.datetime] = _now
        """Where times come from (tests script it)."""
        self.stopwatch: Callable[[], float] = time.monotonic
        """Where the seconds played come from, for :class:`PlayTime` (tests script it)."""
        self.generation = 0
        """How many times the file was found damaged in use and replaced (trackers then write their game again)."""

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        """Open (creating or migrating as needed) the database at ``path`` (default :func:`database_path`).

        Never raises. A file that is not a database or is damaged is moved
        aside to ``<name>.damaged-<time>`` and a new one started; a database
        of a newer schema is left untouched and the store does not save; an
        unwritable directory is reported and the store does not save. Each
        of these sets :attr:`notice`.
        """
        target = path if path is not None else database_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            return cls(target, _connect(target), None)
        except _Newer as newer:
            return cls(
                target,
                None,
                _(
                    "{path} was written by a newer version of patience (schema {version}, this one knows "
                    "up to {known}); it is left untouched and games are not saved"
                ).format(path=target, version=newer.version, known=SCHEMA_VERSION),
                unreadable=_(
                    "{path} was written by a newer version of patience (schema {version}, "
                    "this one knows up to {known}), so its games cannot be read"
                ).format(path=target, version=newer.version, known=SCHEMA_VERSION),
            )
        except _Unknown as unknown:
            return cls(
                target,
                None,
                _(
                    "{path} has schema version {version}, which no version of patience writes; "
                    "it is left untouched and games are not saved"
                ).format(path=target, version=unknown.version),
                unreadable=_(
                    "{path} has schema version {version}, which no version of patience writes, "
                    "so its games cannot be read"
                ).format(path=target, version=unknown.version),
            )
        except sqlite3.DatabaseError as error:
            if not _is_damage(error):
                return cls._reading_only(target, error)
            aside = _move_aside(target)
            if aside is None:
                return cls(
                    target,
                    None,
                    _damaged_kept(target, error),
                    unreadable=_("{path} is damaged ({error}) and cannot be moved aside").format(
                        path=target, error=error
                    ),
                )
            try:
                fresh = _connect(target)
            except (sqlite3.Error, OSError, _Newer, _Unknown) as again:
                return cls(target, None, _moved_unwritable(target, aside, again))
            return cls(target, fresh, _moved_and_new(target, error, aside))
        except OSError as error:
            return cls._reading_only(target, error)
        except Exception as error:  # the promise is "never raises": whatever else goes wrong is a notice
            return cls(
                target,
                None,
                _("cannot open {path} ({error}); games are not saved").format(path=target, error=error),
                unreadable=_("cannot open {path} ({error})").format(path=target, error=error),
            )

    @classmethod
    def _reading_only(cls, target: Path, error: BaseException) -> Store:
        """The file cannot be written (a read-only directory, a full disk): its games can still be listed."""
        notice = _unwritable(target, error)
        if not target.is_file():
            return cls(target, None, notice)
        try:
            return cls(target, _connect_read_only(target), notice, read_only=True)
        except Exception as again:  # any trouble reading it is said, never raised
            reason = getattr(again, "strerror", None) or str(again)
            return cls(target, None, notice, unreadable=_cannot_read_games(target, reason))

    @property
    def saving(self) -> bool:
        """Whether games are being written."""
        return self._db is not None and not self._read_only

    @property
    def readable(self) -> bool:
        """Whether the stored games can be read (a store that cannot save may still read them)."""
        return self._db is not None

    def take_notices(self) -> list[str]:
        """The lines not yet shown (the opening :attr:`notice` first), each once."""
        with self._lock:
            taken, self._notices = self._notices, []
        return taken

    def _say(self, line: str) -> None:
        with self._lock:
            # Each trouble is said once: a locked database must not print a line per move.
            if line not in self._said:
                self._said.add(line)
                self._notices.append(line)

    def close(self) -> None:
        """Close the database (trackers stop saving)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    # -- playing --------------------------------------------------------------------------
    def track(
        self,
        game: Game,
        *,
        daily: str | None = None,
        started: dt.datetime | None = None,
        abandon_others: bool = True,
    ) -> Tracker:
        """Record ``game`` from its first action on; every later action is written as it happens.

        The game gets its row at its first action (a game nobody moved in is
        not played). With ``abandon_others``, other unfinished games become
        ``abandoned`` at that moment, but for a day's attempt (the first game
        of a daily deal), which stays unfinished. ``daily`` marks an attempt
        at the daily deal of that date (``2026-11-30``).
        """
        return Tracker(self, game, daily=daily, started=started, abandon_others=abandon_others)

    def resume(self, *, game_id: int | None = None, plugins: pluggy.PluginManager | None = None) -> Tracker | None:
        """The last unfinished game (or game ``game_id``, if unfinished), rebuilt exactly and tracked again.

        ``None`` when there is no such game.
        """
        found = self.unfinished(game_id=game_id, plugins=plugins)
        if found is None:
            return None
        game, info = found
        return Tracker(self, game, daily=info.daily, resumed=info)

    def unfinished(
        self, *, game_id: int | None = None, plugins: pluggy.PluginManager | None = None
    ) -> tuple[Game, GameInfo] | None:
        """The unfinished game whose last action is the latest, replayed: position, score, undo and redo stacks.

        With ``game_id``, that game only (a front end bringing back one it
        knows, such as the day's attempt, or an imported game); without it,
        imported games are never taken: they are records, not the game the
        player left. A stored game that no longer
        replays (its variant's plugin is gone, rules that changed) is said
        once and skipped, left as it is: the next unfinished game is tried.
        """
        if game_id is not None and not _fits(game_id):
            return None
        rows = self._read(
            f"SELECT {_COLUMNS} FROM games WHERE result = 'unfinished' "
            "AND (? IS NULL AND imported = 0 OR id = ?) ORDER BY last_action DESC, id DESC",
            (game_id, game_id),
        )
        for row in rows:
            info = _info(row)
            done = replay(self._record(info), plugins=plugins)
            if done.game is not None and done.problem is None and not done.game.is_over:
                return done.game, info
            shown = with_article(str(info.id)) if current_language() == "hu" else str(info.id)
            self._say(
                _("game {id} ({code}) cannot be resumed: {problem}").format(
                    id=shown, code=info.code, problem=done.problem
                )
            )
        return None

    def abandon_unfinished(self, *, keep: int | None = None) -> int:
        """Mark every unfinished game (but ``keep``) ``abandoned``, as when a new deal is started; how many.

        A day's attempt (the first game of a daily deal) stays unfinished: it can only be played once.
        An imported game not played since stays as imported.
        """
        now = _stamp(self.clock())

        def work(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "UPDATE games SET result = 'abandoned', ended = ? "
                f"WHERE result = 'unfinished' AND imported = 0 AND id IS NOT ? AND {_NOT_AN_ATTEMPT}",
                (now, keep),
            )
            return cursor.rowcount

        return self._write(work) or 0

    # -- reading --------------------------------------------------------------------------
    def history(self, limit: int | None = None) -> list[GameInfo]:
        """Games newest first by the time of their last action; at most ``limit`` of them."""
        sql = f"SELECT {_COLUMNS} FROM games ORDER BY last_action DESC, id DESC"
        if limit is not None:
            # LIMIT takes a 64-bit integer; more rows than that cannot be stored anyway.
            sql += f" LIMIT {min(max(int(limit), 0), _INT64_MAX)}"
        return [_info(row) for row in self._read(sql)]

    def game(self, game_id: int) -> GameInfo | None:
        """One stored game, or ``None``."""
        if not _fits(game_id):
            return None
        rows = self._read(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _info(rows[0]) if rows else None

    def last_id(self) -> int | None:
        """The game played here with the latest action (an imported one only when none was), or ``None``."""
        rows = self._read("SELECT id FROM games ORDER BY imported, last_action DESC, id DESC LIMIT 1")
        return int(rows[0][0]) if rows else None

    def ids(self) -> list[int]:
        """Every stored game, in the order they were stored."""
        return [int(row[0]) for row in self._read("SELECT id FROM games ORDER BY id")]

    def record(self, game_id: int) -> Record | None:
        """The record of a stored game (every required tag, then Started, Ended and any others)."""
        info = self.game(game_id)
        return None if info is None else self._record(info)

    def export(self, game_id: int) -> str | None:
        """The record of a stored game as text, or ``None`` when there is no such game."""
        record = self.record(game_id)
        return None if record is None else format_record(record)

    def _record(self, info: GameInfo) -> Record:
        """The record of ``info``: its tags in the imported record's order (the standard one for a game played here)."""
        tokens = [
            str(row[0]) for row in self._read("SELECT token FROM actions WHERE game = ? ORDER BY number", (info.id,))
        ]
        started = info.started
        tags = [
            ("Variant", info.variant),
            ("Cells", str(info.cells)),
            ("Deal", str(info.deal)),
            ("Code", info.code),
            ("Date", started[:10]),
            ("Result", info.result),
            ("Score", str(info.score)),
            ("Moves", str(info.moves)),
            ("Undos", str(info.undos)),
            ("Hints", str(info.hints)),
            ("Started", started),
        ]
        if info.ended is not None:
            tags.append(("Ended", info.ended))
        if info.daily is not None:
            tags.append(("Daily", info.daily))
        if info.seconds is not None:
            tags.append(("Seconds", str(info.seconds)))
        if info.assisted:
            tags.append(("Assisted", format_assisted(info.assisted)))
        known = {name for name, _ in tags}
        tags.extend(tag for tag in info.extra_tags if tag[0] not in known)
        ordered = _in_order(tags, info.tag_order, untouched=info.imported)
        comments = tuple((place, text) for place, text in info.comments if 0 <= place <= len(tokens))
        return Record(tuple(ordered), tuple(tokens), comments)

    def stats(self, variant: str | None = None, cells: int | None = None) -> list[VariantStats]:
        """Statistics per variant and cell count, of the games that have ended (and were not reset).

        Won counts as won; given up and abandoned as lost; streaks follow
        the order in which games ended. The unassisted figures count the
        games without a hint or the demo: an assisted win ends an unassisted
        streak, as a loss does.
        """
        if cells is not None and not _fits(cells):
            return []
        sql = (
            "SELECT variant, cells, result, score, moves, seconds, assisted FROM games "
            "WHERE result != 'unfinished' AND in_stats = 1"
        )
        args: list[object] = []
        if variant is not None:
            sql += " AND variant = ?"
            args.append(variant)
        if cells is not None:
            sql += " AND cells = ?"
            args.append(cells)
        sql += " ORDER BY ended, id"
        groups: dict[tuple[str, int], _Tally] = {}
        for name, n_cells, result, score, moves, seconds, assisted in self._read(sql, tuple(args)):
            tally = groups.setdefault((str(name), int(n_cells)), _Tally())
            tally.add(
                result == "won",
                int(score),
                int(moves),
                None if seconds is None else int(seconds),
                assisted=bool(assisted),
            )
        return [tally.stats(name, n_cells) for (name, n_cells), tally in sorted(groups.items())]

    # -- changing ---------------------------------------------------------------------------
    def reset_stats(self, variant: str | None = None, cells: int | None = None) -> int:
        """Leave the games that have ended out of the statistics (they stay in the history); how many."""
        if cells is not None and not _fits(cells):
            return 0
        sql = "UPDATE games SET in_stats = 0 WHERE result != 'unfinished' AND in_stats = 1"
        args: list[object] = []
        if variant is not None:
            sql += " AND variant = ?"
            args.append(variant)
        if cells is not None:
            sql += " AND cells = ?"
            args.append(cells)
        return self._write(lambda db: db.execute(sql, tuple(args)).rowcount) or 0

    def import_record(self, record: Record, *, plugins: pluggy.PluginManager | None = None) -> ImportOutcome:
        """Check ``record`` and store it when consistent, unless the same game is stored already.

        The same game is one with the same code, start time and actions.
        Its result, counts and tags are stored as the record claims them
        (the check has just confirmed them), with its ``{...}`` comments and
        its tags' order: until it is played again, :meth:`record` gives back
        the record as it was imported. It stays out of :meth:`resume`
        (without ``game_id``) and of the games a new deal abandons.
        """
        checked = check_record(record, plugins=plugins)
        if checked.problem is not None:
            return ImportOutcome("inconsistent", problem=checked.problem)
        if not self.saving:
            return ImportOutcome("not-saving", problem=self.notice or _("the store is not saving"))
        code = (record.tag("Code") or "").strip().upper()
        started = _parse_time(record.tag("Started")) or _parse_time((record.tag("Date") or "") + "T00:00:00Z")
        ended = _parse_time(record.tag("Ended"))
        start = started or self.clock()
        stamp_started = _stamp(start)
        for (existing,) in self._read(
            "SELECT id FROM games WHERE code = ? AND substr(started, 1, 19) = ?", (code, stamp_started[:19])
        ):
            tokens = tuple(
                str(row[0])
                for row in self._read("SELECT token FROM actions WHERE game = ? ORDER BY number", (existing,))
            )
            if tokens == record.actions:
                return ImportOutcome("duplicate", id=int(existing))
        result = record.tag("Result") or "unfinished"
        stamp_ended = _stamp(ended or start) if result != "unfinished" else None
        last = stamp_ended or _stamp(ended or start)
        known = {*REQUIRED_TAGS, "Started", "Ended", "Daily", "Seconds", "Assisted"}
        extra = [tag for tag in record.tags if tag[0] not in known]
        # check_record has seen that a Seconds tag, when there is one, is a whole number.
        seconds = record.tag("Seconds")

        def work(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (variant, cells, deal, code, started, ended, last_action, result, score, moves, "
                "undos, hints, cards_home, daily, extra_tags, imported, comments, tag_order, seconds, assisted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)",
                (
                    record.tag("Variant"),
                    int(record.tag("Cells") or 0),
                    int(record.tag("Deal") or 0),
                    code,
                    stamp_started,
                    stamp_ended,
                    last,
                    result,
                    checked.score,
                    checked.moves,
                    checked.undos,
                    checked.hints,
                    checked.cards_home,
                    record.tag("Daily"),
                    json.dumps(extra),
                    json.dumps([list(comment) for comment in record.comments]),
                    json.dumps([name for name, _ in record.tags]),
                    None if seconds is None else int(seconds),
                    format_assisted(assisted_of(record)),
                ),
            )
            game_id = int(cursor.lastrowid or 0)
            db.executemany(
                "INSERT INTO actions (game, number, token, at) VALUES (?, ?, ?, ?)",
                [(game_id, n, token, last) for n, token in enumerate(record.actions, start=1)],
            )
            return game_id

        game_id = self._write(work)
        if game_id is None:
            return ImportOutcome("not-saving", problem=_("the record could not be written"))
        return ImportOutcome("stored", id=game_id)

    # -- the connection ---------------------------------------------------------------------
    def _read(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            if self._db is None:
                return []
            try:
                return list(self._db.execute(sql, tuple(args)))
            except OverflowError:
                # A number beyond SQLite's 64-bit integers (`export 99999999999999999999999`) matches no row.
                return []
            except sqlite3.DatabaseError as error:
                if _is_damage(error):
                    self._recover(error)
                else:
                    self.unreadable = _cannot_read_games(self.path, error)
                    self._say(_("cannot read {path}: {error}").format(path=self.path, error=error))
                return []

    def _recover(self, error: sqlite3.DatabaseError) -> None:
        """Damage found in use (opening only reads the header): move the file aside and start a new one."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
            self.generation += 1
            aside = _move_aside(self.path)
            if aside is None:
                self._say(_damaged_kept(self.path, error))
                return
            try:
                self._db = _connect(self.path)
            except (sqlite3.Error, OSError, _Newer, _Unknown) as again:
                self._say(_moved_unwritable(self.path, aside, again))
                return
            self._say(_moved_and_new(self.path, error, aside))

    def _write(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work`` in one immediate transaction; ``None`` (and a notice) when it fails."""
        with self._lock:
            db = self._db
            if db is None or self._read_only:
                return None
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    value = work(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
                return value
            except sqlite3.DatabaseError as error:
                if _is_damage(error):
                    self._recover(error)
                else:
                    self._say(_("cannot save to {path}: {error}").format(path=self.path, error=error))
                return None


class _Newer(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


class _Unknown(Exception):
    """A ``user_version`` below zero: not a schema any patience wrote, so nothing is migrated or written."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def _connect(path: Path) -> sqlite3.Connection:
    """Open, check and migrate; raises ``_Newer``, ``sqlite3.Error`` or ``OSError``."""
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        if version > SCHEMA_VERSION:
            raise _Newer(version)
        if version < 0:
            raise _Unknown(version)
        _use_wal(db)
        # A crash of the program loses nothing in WAL mode with NORMAL; only a power cut may lose the last actions.
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """Open ``path`` for reading only, where it cannot be written; raises when it cannot be read.

    A WAL database needs its ``-shm`` file, which a read-only directory or a
    full disk may not let SQLite create: then the file is opened immutable,
    which reads it without one (nobody can be writing to it meanwhile).
    """
    base = path.resolve().as_uri()
    last: Exception | None = None
    for query in ("?mode=ro", "?mode=ro&immutable=1"):
        db = sqlite3.connect(base + query, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise _Newer(version)
            if version != SCHEMA_VERSION:
                # Reading needs this schema; one that needs migrating cannot be migrated where nothing is written.
                raise sqlite3.OperationalError(
                    _("schema {version} needs migrating to {known}").format(version=version, known=SCHEMA_VERSION)
                )
            db.execute(f"SELECT {_COLUMNS} FROM games LIMIT 1").fetchall()
        except (sqlite3.Error, _Newer) as error:
            db.close()
            last = error
            continue
        return db
    assert last is not None
    raise last


def _use_wal(db: sqlite3.Connection) -> None:
    """Switch to WAL, waiting out other processes that open the same new file at the same moment.

    Changing the journal mode needs the file to itself, and SQLite answers
    "database is locked" at once, without its busy handler, when another
    connection is reading it meanwhile (two games started together on a
    fresh machine). So try again, with a little random back-off, until the
    busy timeout is used up.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL").fetchone()
            return
        except sqlite3.OperationalError as error:
            if not _is_busy(error) or time.monotonic() >= deadline:
                raise
            time.sleep(random.uniform(0.002, 0.02))


def _is_busy(error: sqlite3.OperationalError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return int(code) & 0xFF == _SQLITE_BUSY
    return "locked" in str(error).lower()


def _migrate(db: sqlite3.Connection) -> None:
    db.execute("BEGIN IMMEDIATE")
    try:
        # Read again inside the lock: another process may have migrated meanwhile.
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise _Newer(version)
        if version < 0:
            raise _Unknown(version)
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {step + 1}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return int(code) & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(error).lower()
    return "not a database" in text or "malformed" in text


def _move_aside(path: Path) -> Path | None:
    return move_aside(path, ("-wal", "-shm"))


def _reason(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error)


def _unwritable(path: Path, error: BaseException) -> str:
    return _("cannot save games in {folder} ({reason}); play goes on without saving").format(
        folder=path.parent, reason=_reason(error)
    )


def _damaged_kept(path: Path, error: BaseException) -> str:
    return _("{path} is damaged ({error}) and cannot be moved aside; games are not saved").format(
        path=path, error=error
    )


def _moved_unwritable(path: Path, aside: Path, error: BaseException) -> str:
    """The file was damaged and moved aside, and no new one can be written where it was."""
    return _(
        "{path} was damaged and moved to {aside}; cannot save games in {folder} ({reason}); play goes on without saving"
    ).format(path=path, aside=aside, folder=path.parent, reason=_reason(error))


def _moved_and_new(path: Path, error: BaseException, aside: Path) -> str:
    return _("{path} was damaged ({error}); it was moved to {aside} and a new one started").format(
        path=path, error=error, aside=aside
    )


def _cannot_read_games(path: Path, reason: object) -> str:
    return _("cannot read the games in {path} ({reason})").format(path=path, reason=reason)


def _info(row: tuple[Any, ...]) -> GameInfo:
    (
        game_id,
        started,
        ended,
        last,
        variant,
        cells,
        deal,
        code,
        result,
        score,
        moves,
        undos,
        hints,
        home,
        daily,
        extra,
        imported,
        comments_json,
        order_json,
        seconds,
        assisted,
    ) = row
    try:
        tags = tuple((str(name), str(value)) for name, value in json.loads(extra))
    except (ValueError, TypeError):
        tags = ()
    try:
        comments = tuple((int(place), str(text)) for place, text in json.loads(comments_json))
    except (ValueError, TypeError):
        comments = ()
    try:
        order = tuple(str(name) for name in json.loads(order_json))
    except (ValueError, TypeError):
        order = ()
    return GameInfo(
        id=int(game_id),
        started=_shown_time(started) or "",
        ended=_shown_time(ended),
        last_action=_shown_time(last) or "",
        variant=str(variant),
        cells=int(cells),
        deal=int(deal),
        code=str(code),
        result=str(result),
        score=int(score),
        moves=int(moves),
        undos=int(undos),
        hints=int(hints),
        cards_home=int(home),
        daily=daily,
        extra_tags=tags,
        imported=bool(imported),
        comments=comments,
        tag_order=order,
        seconds=None if seconds is None else int(seconds),
        assisted=tuple(kind for kind in str(assisted or "").split(",") if kind),
    )


def _in_order(tags: list[tuple[str, str]], order: tuple[str, ...], *, untouched: bool) -> list[tuple[str, str]]:
    """``tags`` in the order ``order`` names them, the others after; untouched, no time the record left out is added.

    A record imported without ``Started`` or ``Ended`` is exported without
    them while nobody has played it since: the store's times for it were
    made up from its ``Date``, not told.
    """
    if not order:
        return tags
    pending = list(tags)
    ordered: list[tuple[str, str]] = []
    for name in order:
        for index, (key, _value) in enumerate(pending):
            if key == name:
                ordered.append(pending.pop(index))
                break
    ordered.extend(tag for tag in pending if not (untouched and tag[0] in ("Started", "Ended")))
    return ordered


class _Tally:
    """Counts for one variant and cell count, fed in the order games ended."""

    def __init__(self) -> None:
        self.played = 0
        self.won = 0
        self.streak = 0
        self.longest = 0
        self.best: int | None = None
        self.fewest: int | None = None
        self.fastest: int | None = None
        self.win_moves = 0
        self.won_unassisted = 0
        self.streak_unassisted = 0
        self.longest_unassisted = 0
        self.best_unassisted: int | None = None

    def add(self, won: bool, score: int, moves: int, seconds: int | None = None, *, assisted: bool = False) -> None:
        self.played += 1
        self.best = score if self.best is None else max(self.best, score)
        if not assisted:
            self.best_unassisted = score if self.best_unassisted is None else max(self.best_unassisted, score)
        if won:
            self.won += 1
            self.streak += 1
            self.longest = max(self.longest, self.streak)
            self.fewest = moves if self.fewest is None else min(self.fewest, moves)
            self.win_moves += moves
            if seconds is not None:
                self.fastest = seconds if self.fastest is None else min(self.fastest, seconds)
        else:
            self.streak = 0
        if won and not assisted:
            self.won_unassisted += 1
            self.streak_unassisted += 1
            self.longest_unassisted = max(self.longest_unassisted, self.streak_unassisted)
        else:
            self.streak_unassisted = 0

    def stats(self, variant: str, cells: int) -> VariantStats:
        average = round(self.win_moves / self.won, 1) if self.won else None
        return VariantStats(
            variant,
            cells,
            self.played,
            self.won,
            self.streak,
            self.longest,
            self.best,
            self.fewest,
            average,
            fastest_win_seconds=self.fastest,
            won_unassisted=self.won_unassisted,
            streak_unassisted=self.streak_unassisted,
            best_streak_unassisted=self.longest_unassisted,
            best_score_unassisted=self.best_unassisted,
        )


def played_time(seconds: int | None, unknown: str = "-") -> str:
    """Whole seconds played as a clock shows them: ``0:07``, ``12:34``, ``1:02:05``; ``unknown`` for no time."""
    if seconds is None:
        return unknown
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, second = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{second:02d}" if hours else f"{minutes}:{second:02d}"


class PlayTime:
    """The seconds a game has been played: a stopwatch that counts while it runs.

    A tracker's runs from the moment it is made (the terminal counts the time
    between actions while the program runs); a window pauses it while it is
    hidden. It stops for good when the game ends.
    """

    def __init__(self, already: float = 0.0, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._before = max(0.0, already)
        self._since: float | None = None

    @property
    def running(self) -> bool:
        """Whether the time counts now."""
        return self._since is not None

    def run(self) -> None:
        """Count from now on (nothing when it counts already)."""
        if self._since is None:
            self._since = self._clock()

    def pause(self) -> None:
        """Stop counting; what was counted stays."""
        if self._since is not None:
            self._before += max(0.0, self._clock() - self._since)
            self._since = None

    def reset(self) -> None:
        """Back to nothing played, paused."""
        self._before = 0.0
        self._since = None

    @property
    def seconds(self) -> float:
        """The seconds counted so far."""
        running = 0.0 if self._since is None else max(0.0, self._clock() - self._since)
        return self._before + running

    @property
    def whole(self) -> int:
        """The whole seconds counted so far, as a record writes them."""
        return int(self.seconds)


class Tracker:
    """Writes one game's actions to the store as they happen; get one from :meth:`Store.track` or :meth:`Store.resume`.

    It listens to the game's events, so the front end only plays on
    :attr:`game`. Each event's new actions and the counts are written in one
    transaction before the game's method returns. ``restart`` on the game
    leaves the old attempt ``abandoned`` and records a new one.
    """

    def __init__(
        self,
        store: Store,
        game: Game,
        *,
        daily: str | None = None,
        started: dt.datetime | None = None,
        abandon_others: bool = True,
        resumed: GameInfo | None = None,
    ) -> None:
        self.store = store
        self.game = game
        self.daily = daily
        self.abandon_others = abandon_others
        self.resumed = resumed
        """The stored game this tracker continues (``None`` for a new game)."""
        self.id: int | None = resumed.id if resumed is not None else None
        """The game's row, once its first action is written."""
        self._written = len(game.log) if resumed is not None else 0
        self._started = started
        self._generation = store.generation
        self._demo = resumed is not None and "demo" in resumed.assisted
        self._closed = False
        # A game stored without a time (before times were kept) stays without one: a part would be a wrong total.
        self.timed = resumed is None or resumed.seconds is not None
        """Whether this game's time is known, and written with each action."""
        self.time = PlayTime(resumed.seconds or 0 if resumed is not None else 0, clock=store.stopwatch)
        """The time played, written with each action (a resumed game goes on from its stored seconds)."""
        if not game.is_over:
            self.time.run()
        self._unsubscribe = game.subscribe(self._on_event)
        if resumed is None and game.log:
            self._sync()

    @property
    def result(self) -> str:
        """``won``, ``gave-up`` or ``unfinished``, as the game stands."""
        game = self.game
        return "won" if game.is_won else "gave-up" if game.gave_up else "unfinished"

    def note_hint(self) -> None:
        """Record that a hint was shown (through :meth:`patience.Game.note_hint`); nothing when the game is over."""
        if not self.game.is_over:
            self.game.note_hint()

    def note_demo(self) -> None:
        """Record that the demo plays this game (it is then assisted); nothing when the game is over.

        Written at once when the game has its row, else with its first action.
        """
        if self.game.is_over or self._demo:
            return
        self._demo = True
        game_id = self.id
        if game_id is not None:
            kinds = format_assisted(self.assisted)
            self.store._write(lambda db: db.execute("UPDATE games SET assisted = ? WHERE id = ?", (kinds, game_id)))

    @property
    def assisted(self) -> tuple[str, ...]:
        """The kinds of assistance this game has had so far: ``"hint"`` once a hint was asked for, ``"demo"``."""
        kinds = ("hint",) if self.game.hints else ()
        return (*kinds, "demo") if self._demo else kinds

    def abandon(self) -> None:
        """The player left this game for a new deal: an unfinished game becomes ``abandoned``. Stops tracking.

        A day's attempt stays unfinished, to be taken up again (it can only be played once).
        """
        game_id = self.id
        self.time.pause()
        self.save_time()
        if game_id is not None and not self.game.is_over:
            now = _stamp(self.store.clock())
            self.store._write(
                lambda db: db.execute(
                    "UPDATE games SET result = 'abandoned', ended = ? "
                    f"WHERE id = ? AND result = 'unfinished' AND imported = 0 AND {_NOT_AN_ATTEMPT}",
                    (now, game_id),
                )
            )
        self.close()

    def close(self) -> None:
        """Stop listening to the game (what was written stays), and write the time played since its last action."""
        if not self._closed:
            self._closed = True
            self._unsubscribe()
            self.time.pause()
            self.save_time()

    def save_time(self) -> None:
        """Write the seconds played so far of an unfinished game (each action writes them too)."""
        game_id = self.id
        if game_id is None or not self.timed or self.game.is_over or not self.store.saving:
            return
        seconds = self.time.whole
        self.store._write(
            lambda db: db.execute(
                "UPDATE games SET seconds = max(coalesce(seconds, 0), ?) WHERE id = ? AND result = 'unfinished'",
                (seconds, game_id),
            )
        )

    def _on_event(self, event: GameEvent) -> None:
        # A failure here must never reach the game: it would leave a move half reported.
        try:
            if event.kind == "new":
                self._restarted()
            else:
                self._sync()
        except Exception as error:  # pragma: no cover - the store turns sqlite errors into notices
            self.store._say(_("cannot save this game: {error}").format(error=error))

    def _restarted(self) -> None:
        """``Game.restart`` cleared the log: the attempt so far is abandoned and a new one starts."""
        game_id = self.id
        if game_id is not None:
            now = _stamp(self.store.clock())
            self.store._write(
                lambda db: db.execute(
                    "UPDATE games SET result = 'abandoned', ended = ? WHERE id = ? AND result = 'unfinished'",
                    (now, game_id),
                )
            )
        self.id = None
        self._written = 0
        self._started = None
        self._demo = False
        self.resumed = None
        self.timed = True
        self.time.reset()
        self.time.run()

    def _sync(self) -> None:
        for _attempt in range(2):
            if self.store.generation != self._generation:
                # The file was damaged and replaced: this game goes into the new one whole.
                self._generation = self.store.generation
                self.id = None
                self._written = 0
            if self._write_new() or self.store.generation == self._generation:
                return

    def _write_new(self) -> bool:
        """Write the actions not written yet and the counts; whether that was done."""
        game = self.game
        new = game.log[self._written :]
        if self.id is None and not new:
            return True
        now = self.store.clock()
        stamp = _stamp(now)
        result = self.result
        ended = stamp if result != "unfinished" else None
        if result != "unfinished":
            self.time.pause()  # an ended game's clock stands still
        seconds = self.time.whole if self.timed else None
        counts = (game.score, game.moves, game.undos, game.hints, game.cards_home, format_assisted(self.assisted))
        first = self._written + 1

        def work(db: sqlite3.Connection) -> int:
            game_id = self.id
            if game_id is None:
                if game.deal is None or game.code is None:
                    raise _NotRecordable
                if self._started is None:
                    self._started = now
                started = _stamp(self._started)
                cursor = db.execute(
                    "INSERT INTO games (variant, cells, deal, code, started, last_action, result, daily) "
                    "VALUES (?, ?, ?, ?, ?, ?, 'unfinished', ?)",
                    (game.variant.name, game.cells, game.deal, game.code, started, stamp, self.daily),
                )
                game_id = int(cursor.lastrowid or 0)
                if self.abandon_others:
                    db.execute(
                        "UPDATE games SET result = 'abandoned', ended = ? "
                        f"WHERE result = 'unfinished' AND imported = 0 AND id != ? AND {_NOT_AN_ATTEMPT}",
                        (stamp, game_id),
                    )
            db.executemany(
                "INSERT INTO actions (game, number, token, at) VALUES (?, ?, ?, ?)",
                [(game_id, first + i, token, stamp) for i, token in enumerate(new)],
            )
            db.execute(
                "UPDATE games SET result = ?, ended = ?, last_action = ?, score = ?, moves = ?, undos = ?, "
                "hints = ?, cards_home = ?, assisted = ?, seconds = ?, imported = 0 WHERE id = ?",
                (result, ended, stamp, *counts, seconds, game_id),
            )
            return game_id

        if not self.store.saving:
            return True
        try:
            written = self.store._write(work)
        except _NotRecordable:
            return True
        if written is None:
            return False  # tried again with the next action
        self.id = written
        self._written += len(new)
        return True


class _NotRecordable(Exception):
    """A game started from a position has no deal to record."""
