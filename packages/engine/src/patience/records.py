"""Game records: one game as text (tag lines, then the actions), and the replay check.

The format is in the spirit of chess's PGN and is described with a full
example in ``docs/records.md``::

    [Variant "freecell"]
    [Cells "4"]
    [Deal "617"]
    [Code "FC1-C4-AAAAAXJ"]
    [Date "2026-11-30"]
    [Result "won"]
    [Score "1178"]
    [Moves "73"]
    [Undos "1"]
    [Hints "0"]

    3a 36 ; a comment runs to the end of the line
    undo redo ... finish

The actions are the tokens :attr:`patience.Game.log` writes: moves in
standard notation, ``undo``, ``redo``, ``finish``, ``giveup`` and ``hint``.
:func:`replay` plays them through the engine and :func:`check_record` also
compares what the tags claim with what the replay gives. Both are pure (no
I/O) and never raise, whatever the record holds; :func:`parse_record` raises
only :class:`RecordError`, and only when the text is not a record at all.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

import pluggy
from attrs import frozen

from patience.errors import PatienceError
from patience.fcsolve import FcsFollower
from patience.game import Game
from patience.shuffle import read_deal_number

__all__ = [
    "ACTION_WORDS",
    "REQUIRED_TAGS",
    "RESULTS",
    "Record",
    "RecordError",
    "Replay",
    "check_record",
    "format_record",
    "format_time",
    "parse_record",
    "record_of",
    "replay",
]

#: The results a record may claim: ``abandoned`` is an unfinished game left for a new deal.
RESULTS = ("won", "gave-up", "abandoned", "unfinished")

#: The tags every record carries, in the order they are written.
REQUIRED_TAGS = ("Variant", "Cells", "Deal", "Code", "Date", "Result", "Score", "Moves", "Undos", "Hints")

#: The action tokens that are not moves.
ACTION_WORDS = frozenset({"undo", "redo", "finish", "giveup", "hint"})

_TAG_LINE = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\]|\\.)*)"\][ \t]*(?:;.*)?$')
_TAG_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_UNESCAPE = re.compile(r"\\(.)")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SHOWN = 60


class RecordError(PatienceError):
    """Text that is not a game record (the message names the line), or a record that cannot be written."""


@frozen
class Record:
    """One game: its tags in file order (unknown ones kept) and its action tokens.

    ``parse_record(format_record(record)) == record`` for every record
    :func:`format_record` accepts.
    """

    tags: tuple[tuple[str, str], ...]
    actions: tuple[str, ...]

    def tag(self, name: str) -> str | None:
        """The value of the first tag called ``name`` (case-sensitive), or ``None``."""
        for key, value in self.tags:
            if key == name:
                return value
        return None

    def with_tag(self, name: str, value: str) -> Record:
        """This record with tag ``name`` set to ``value`` (in place when present, else added at the end)."""
        if self.tag(name) is None:
            return Record((*self.tags, (name, value)), self.actions)
        tags, done = [], False
        for key, old in self.tags:
            if key == name and not done:
                tags.append((key, value))
                done = True
            else:
                tags.append((key, old))
        return Record(tuple(tags), self.actions)


@frozen
class Replay:
    """What replaying a record gave.

    ``game`` is the game after the last action replayed (``None`` when the
    record names no deal that can be dealt); ``result`` is ``won``,
    ``gave-up`` or ``unfinished`` as the replay ends. ``problem`` is one line
    saying what is wrong, ``None`` when nothing is; when the problem is an
    action, ``action`` is its 1-based number and ``token`` the token.
    """

    game: Game | None
    result: str
    score: int
    moves: int
    undos: int
    hints: int
    cards_home: int
    problem: str | None = None
    action: int | None = None
    token: str | None = None

    @property
    def consistent(self) -> bool:
        """No problem was found."""
        return self.problem is None


# -- text ------------------------------------------------------------------
def _shown(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "…")


def parse_record(text: str) -> Record:
    """Read a record: tag lines ``[Name "value"]``, then action tokens separated by white space.

    Blank lines and ``;`` comments (to the end of the line) are skipped
    anywhere. Raises :class:`RecordError` naming the line when a tag line is
    malformed, when there is no tag line at all, or when a tag line follows
    the actions; never any other exception. Whether the tags and actions
    make sense is :func:`check_record`'s question.
    """
    tags: list[tuple[str, str]] = []
    actions: list[str] = []
    in_actions = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if not in_actions and line.startswith("["):
            match = _TAG_LINE.match(line)
            if match is None:
                raise RecordError(f'line {number}: {_shown(line)} is not a tag line like [Variant "freecell"]')
            tags.append((match.group(1), _UNESCAPE.sub(r"\1", match.group(2))))
            continue
        if not tags:
            raise RecordError(
                f'line {number}: {_shown(line)}: a record starts with tag lines like [Variant "freecell"]'
            )
        in_actions = True
        words = line.split(";", 1)[0].split()
        if words and words[0].startswith("["):
            raise RecordError(f"line {number}: {_shown(line)}: a tag line after the actions")
        actions.extend(words)
    if not tags:
        raise RecordError('empty: a record starts with tag lines like [Variant "freecell"]')
    return Record(tuple(tags), tuple(actions))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def format_record(record: Record) -> str:
    """The record as text: one tag line each, a blank line, then the actions ten to a line.

    Raises :class:`RecordError` when a tag name or value or a token could not
    be read back the same (a line break in a value, white space in a token).
    """
    lines = []
    for name, value in record.tags:
        if not _TAG_NAME.match(name):
            raise RecordError(f"{name!r} cannot be a tag name: letters, digits and _ only, a letter first")
        if any(char in value for char in "\r\n"):
            raise RecordError(f"the value of {name} cannot hold a line break: {value!r}")
        lines.append(f'[{name} "{_escape(value)}"]')
    for token in record.actions:
        if not token or token != "".join(token.split()) or ";" in token or token.startswith("["):
            raise RecordError(f"{token!r} cannot be an action token")
    if not lines:
        raise RecordError("a record needs at least one tag")
    body = [" ".join(record.actions[i : i + 10]) for i in range(0, len(record.actions), 10)]
    return "\n".join([*lines, "", *body]) + "\n"


def format_time(when: dt.datetime) -> str:
    """A time as records and the store write it: UTC, to the second, ``2026-11-30T06:22:56Z``."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record_of(
    game: Game,
    *,
    result: str,
    started: dt.datetime,
    ended: dt.datetime | None = None,
    hints: int | None = None,
    extra_tags: Iterable[tuple[str, str]] = (),
) -> Record:
    """The record of ``game`` as it stands: every required tag, then ``Started`` and ``Ended``, then ``extra_tags``.

    The actions are ``game.log`` (hints included, see
    :meth:`patience.Game.note_hint`). ``hints`` overrides the ``Hints`` tag
    (default: ``game.hints``). Times are written in UTC; ``Date`` is the
    start's date. Raises :class:`RecordError` for a result not in
    :data:`RESULTS` or a game with no deal number (started from a position).
    """
    if result not in RESULTS:
        raise RecordError(f"{result!r} is not a result: one of {', '.join(RESULTS)}")
    if game.deal is None or game.code is None:
        raise RecordError("a game started from a position has no deal to record")
    start = format_time(started)
    tags = [
        ("Variant", game.variant.name),
        ("Cells", str(game.cells)),
        ("Deal", str(game.deal)),
        ("Code", game.code),
        ("Date", start[:10]),
        ("Result", result),
        ("Score", str(game.score)),
        ("Moves", str(game.moves)),
        ("Undos", str(game.undos)),
        ("Hints", str(game.hints if hints is None else hints)),
        ("Started", start),
    ]
    if ended is not None:
        tags.append(("Ended", format_time(ended)))
    tags.extend(extra_tags)
    return Record(tuple(tags), tuple(game.log))


# -- replay ----------------------------------------------------------------
def _deal(record: Record, plugins: pluggy.PluginManager | None) -> Game:
    """The game the record names: from Variant, Cells and Deal when it has them, else from Code."""
    variant, cells, deal = record.tag("Variant"), record.tag("Cells"), record.tag("Deal")
    if variant is not None and cells is not None and deal is not None:
        cells_text = cells.strip()
        if not (cells_text.isascii() and cells_text.isdigit() and len(cells_text) <= 3):
            raise RecordError(f"Cells {_shown(cells)} is not a cell count")
        # read_deal_number takes ASCII digits only and refuses 5,000 of them before int() sees them.
        return Game.new(variant, read_deal_number(deal), int(cells_text), plugins=plugins)
    code = record.tag("Code")
    if code is not None:
        return Game.from_code(code, plugins=plugins)
    raise RecordError("the record names no deal: it needs Variant, Cells and Deal, or Code")


def _act(game: Game, token: str) -> None:
    if token == "undo":
        game.undo()
    elif token == "redo":
        game.redo()
    elif token == "finish":
        game.finish()
    elif token == "giveup":
        game.give_up()
    elif token == "hint":
        game.note_hint()
    else:
        game.play(token)


def _follow(game: Game, follower: FcsFollower, token: str) -> None:
    """Play fc-solve's move ``token`` as fc-solve means it (nothing when automatic play has done it)."""
    step = follower.step(game, token)
    if step.move is not None:
        game.play(step.move)
    follower.advance(step)


def _outcome(game: Game) -> str:
    return "won" if game.is_won else "gave-up" if game.gave_up else "unfinished"


def _replay_of(
    game: Game | None, problem: str | None = None, action: int | None = None, token: str | None = None
) -> Replay:
    if game is None:
        return Replay(None, "unfinished", 0, 0, 0, 0, 0, problem, action, token)
    return Replay(
        game, _outcome(game), game.score, game.moves, game.undos, game.hints, game.cards_home, problem, action, token
    )


def replay(record: Record, *, plugins: pluggy.PluginManager | None = None, notation: str = "patience") -> Replay:
    """Deal the record's game and play every action through the engine, up to the first one that fails.

    With ``notation="fcs"`` the moves are fc-solve's, read as fc-solve means
    them (see :mod:`patience.fcsolve`); the other actions are as usual.
    Never raises: a deal that cannot be dealt or an action that is not
    legal (or not an action) is the replay's ``problem``.
    """
    try:
        game = _deal(record, plugins)
    except Exception as error:  # garbage in a record is a finding, never a crash
        return _replay_of(None, f"cannot deal the record's game: {_message(error)}")
    follower = FcsFollower.from_deal(game) if notation == "fcs" else None
    for number, token in enumerate(record.actions, start=1):
        try:
            if follower is not None and token not in ACTION_WORDS:
                _follow(game, follower, token)
                continue
            _act(game, token)
            if follower is not None and token in ("undo", "redo", "finish"):
                # fc-solve's moves after these start again from where the game then stands.
                follower = FcsFollower.from_game(game)
        except Exception as error:
            return _replay_of(game, f"action {number} {_shown(token)}: {_message(error)}", number, token)
    return _replay_of(game)


def _message(error: Exception) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if isinstance(error, PatienceError) else f"{type(error).__name__}: {text}"


def _claim_problem(record: Record) -> str | None:
    """Tags missing, given twice, or malformed, before anything is replayed."""
    for name in REQUIRED_TAGS:
        count = sum(1 for key, _ in record.tags if key == name)
        if count == 0:
            return f"the {name} tag is missing"
        if count > 1:
            return f"the {name} tag is given {count} times"
    result = record.tag("Result")
    if result not in RESULTS:
        return f"Result: {result!r} is not a result ({', '.join(RESULTS)})"
    for name in ("Cells", "Deal", "Score", "Moves", "Undos", "Hints"):
        value = record.tag(name) or ""
        # Only the score may be negative (a variant with Vegas scoring starts below zero).
        digits = value[1:] if name == "Score" and value.startswith("-") else value
        if not (digits.isascii() and digits.isdigit()):
            return f"{name}: {value!r} is not a whole number"
    date = record.tag("Date") or ""
    try:
        if not _DATE.match(date):
            raise ValueError(date)
        dt.date.fromisoformat(date)
    except ValueError:
        return f"Date: {date!r} is not a date like 2026-11-30"
    return None


def _disagreement(name: str, claimed: str, actual: str) -> str:
    return f"{name}: the record says {claimed}, the replay gives {actual}"


def check_record(record: Record, *, plugins: pluggy.PluginManager | None = None, notation: str = "patience") -> Replay:
    """Replay the record and compare every claim with the replay; ``problem`` is the first disagreement.

    Checked in order: every required tag present once and well formed; the
    ``Code`` matches ``Variant``, ``Cells`` and ``Deal``; every action legal;
    then ``Result`` (``won`` must end won, ``gave-up`` given up, and
    ``unfinished`` or ``abandoned`` neither), ``Score``, ``Moves``, ``Undos``
    and ``Hints``. ``notation="fcs"`` reads the moves as fc-solve's (see
    :func:`replay`). Never raises.
    """
    try:
        return _check(record, plugins, notation)
    except Exception as error:  # pragma: no cover - _check catches what it calls; this is the last guard
        return _replay_of(None, f"cannot check the record: {_message(error)}")


def _check(record: Record, plugins: pluggy.PluginManager | None, notation: str = "patience") -> Replay:
    problem = _claim_problem(record)
    done = replay(record, plugins=plugins, notation=notation)
    if problem is not None:
        return _with_problem(done, problem)
    game = done.game
    if game is None:
        return done
    for name, dealt in (("Variant", game.variant.name), ("Cells", str(game.cells)), ("Deal", str(game.deal))):
        if record.tag(name) != dealt:
            return _with_problem(done, _disagreement(name, record.tag(name) or "", dealt))
    claimed_code = (record.tag("Code") or "").strip()
    if claimed_code.upper() != (game.code or "").upper():
        return _with_problem(done, _disagreement("Code", claimed_code, game.code or "no code"))
    if done.problem is not None:
        return done
    result = record.tag("Result") or ""
    if result != done.result and not (result == "abandoned" and done.result == "unfinished"):
        actual = done.result
        if done.result == "unfinished":
            actual = f"unfinished ({done.cards_home} cards home)"
        return _with_problem(done, _disagreement("Result", result, actual))
    for name, actual_value in (
        ("Score", done.score),
        ("Moves", done.moves),
        ("Undos", done.undos),
        ("Hints", done.hints),
    ):
        # Compared as text: exactly as written (no leading zeros), and a claim of thousands
        # of digits never reaches int().
        claimed = record.tag(name) or ""
        if claimed != str(actual_value):
            return _with_problem(done, _disagreement(name, claimed, str(actual_value)))
    return done


def _with_problem(done: Replay, problem: str) -> Replay:
    return Replay(
        done.game,
        done.result,
        done.score,
        done.moves,
        done.undos,
        done.hints,
        done.cards_home,
        problem,
        done.action if done.problem == problem else None,
        done.token if done.problem == problem else None,
    )
