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
standard notation, ``undo``, ``redo``, ``finish``, ``redeal``, ``giveup`` and ``hint``.
A game in which a hint or the demo was used says so in ``[Assisted "hint,demo"]``
(:func:`assisted_of`); a record without that tag is unassisted.
:func:`replay` plays them through the engine and :func:`check_record` also
compares what the tags claim with what the replay gives. Both are pure (no
I/O) and never raise, whatever the record holds; :func:`parse_record` raises
only :class:`RecordError`, and only when the text is not a record at all.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence

import pluggy
from attrs import frozen

from patience.errors import PatienceError
from patience.formats.fcsolve import FcsFollower
from patience.game import Game
from patience.shuffle import read_deal_number
from patience.texts import _, ngettext

__all__ = [
    "ACTION_WORDS",
    "ASSISTANCE",
    "REQUIRED_TAGS",
    "RESULTS",
    "Record",
    "RecordError",
    "Replay",
    "assisted_of",
    "check_record",
    "format_assisted",
    "format_record",
    "format_time",
    "parse_record",
    "parse_records",
    "parse_time",
    "record_of",
    "replay",
    "replay_on",
]

#: The results a record may claim: ``abandoned`` is an unfinished game left for a new deal.
RESULTS = ("won", "gave-up", "abandoned", "unfinished")

#: The tags every record carries, in the order they are written.
REQUIRED_TAGS = ("Variant", "Cells", "Deal", "Code", "Date", "Result", "Score", "Moves", "Undos", "Hints")

#: The action tokens that are not moves.
ACTION_WORDS = frozenset({"undo", "redo", "finish", "redeal", "giveup", "hint"})

#: The kinds of assistance the ``Assisted`` tag names, in the order it names them.
ASSISTANCE = ("hint", "demo")

_TAG_LINE = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\]|\\.)*)"\][ \t]*(?:;.*)?$')
_TAG_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_TAG_NAME_START = re.compile(r"^\[([A-Za-z][A-Za-z0-9_]*)")
_UNESCAPE = re.compile(r"\\(.)")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$", re.ASCII)
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
    comments: tuple[tuple[int, str], ...] = ()
    """The ``{...}`` comments among the actions: how many actions come before each, and its text between the braces."""

    def tag(self, name: str) -> str | None:
        """The value of the first tag called ``name`` (case-sensitive), or ``None``."""
        for key, value in self.tags:
            if key == name:
                return value
        return None

    def with_tag(self, name: str, value: str) -> Record:
        """This record with tag ``name`` set to ``value`` (in place when present, else added at the end)."""
        if self.tag(name) is None:
            return Record((*self.tags, (name, value)), self.actions, self.comments)
        tags, done = [], False
        for key, old in self.tags:
            if key == name and not done:
                tags.append((key, value))
                done = True
            else:
                tags.append((key, old))
        return Record(tuple(tags), self.actions, self.comments)


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
    anywhere; ``{...}`` comments among the actions (over several lines if
    need be) are kept in :attr:`Record.comments`. Raises :class:`RecordError`
    naming the line when a tag line is malformed, when there is no tag line
    at all, when a comment is not closed, or when a tag line follows the
    actions (a second record: :func:`parse_records` reads several); never
    any other exception. Whether the tags and actions make sense is
    :func:`check_record`'s question.
    """
    chunks = _split_records(text)
    if len(chunks) > 1:
        number, line = chunks[1][0]
        raise RecordError(
            _("line {number}: {line}: a tag line after the actions").format(number=number, line=_shown(line.strip()))
        )
    return _parse_one(chunks[0])


def parse_records(text: str) -> tuple[Record | RecordError, ...]:
    """Read every record of a file holding several, one after another, as PGN files hold chess games.

    A record's tag lines end at a blank line or at its first action; a tag
    line after that starts the next record. Each record is read as
    :func:`parse_record` reads one, and is the :class:`Record` or the
    :class:`RecordError` saying why it is not one (its line numbers counted
    in the whole text), in file order; text with no record at all is one
    error. Never raises.
    """
    found: list[Record | RecordError] = []
    for chunk in _split_records(text):
        try:
            found.append(_parse_one(chunk))
        except RecordError as error:
            found.append(error)
    return tuple(found)


_Lines = list[tuple[int, str]]


def _split_records(text: str) -> list[_Lines]:
    """The numbered lines of each record in ``text`` (at least one list, maybe empty).

    A line starting with ``[`` starts the next record when it follows the
    actions (outside a ``{...}`` comment), or when it follows a blank line
    and names a tag this record has already (the next record of a file
    whose records have no actions, each starting ``[Variant ...]``).
    """
    chunks: list[_Lines] = [[]]
    names: set[str] = set()
    in_actions = blank = in_brace = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if in_brace:
            in_brace = _still_in_brace(raw, True)
        elif not line:
            blank = True
        elif line.startswith(";"):
            pass
        elif line.startswith("["):
            named = _TAG_NAME_START.match(line)
            name = named.group(1) if named else ""
            if in_actions or (blank and name in names):
                chunks.append([])
                names, in_actions = set(), False
            names.add(name)
            blank = False
        else:
            in_actions = True
            in_brace = _still_in_brace(raw, False)
        chunks[-1].append((number, raw))
    return chunks


def _still_in_brace(raw: str, in_brace: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of this action line (``;`` outside one ends the line)."""
    for char in raw:
        if in_brace:
            in_brace = char != "}"
        elif char == ";":
            break
        elif char == "{":
            in_brace = True
    return in_brace


def _parse_one(lines: _Lines) -> Record:
    tags: list[tuple[str, str]] = []
    actions: list[str] = []
    comments: list[tuple[int, str]] = []
    in_actions = False
    brace: list[str] | None = None  # the text of a comment still open, and the line it opened on
    brace_line = 0
    for number, raw in lines:
        raw = raw.removesuffix("\r")
        line = raw.strip()
        if brace is None:
            if not line or line.startswith(";"):
                continue
            if not in_actions and line.startswith("["):
                match = _TAG_LINE.match(line)
                if match is None:
                    raise RecordError(
                        _('line {number}: {line} is not a tag line like [Variant "freecell"]').format(
                            number=number, line=_shown(line)
                        )
                    )
                tags.append((match.group(1), _UNESCAPE.sub(r"\1", match.group(2))))
                continue
            if not tags:
                raise RecordError(
                    _('line {number}: {line}: a record starts with tag lines like [Variant "freecell"]').format(
                        number=number, line=_shown(line)
                    )
                )
            in_actions = True
        word = ""
        at = 0
        while at < len(raw):
            char = raw[at]
            if brace is not None:
                close = raw.find("}", at)
                if close < 0:
                    brace.append(raw[at:] + "\n")
                    break
                brace.append(raw[at:close])
                comments.append((len(actions), "".join(brace)))
                brace = None
                at = close + 1
                continue
            if char == "{" or char == ";" or char.isspace():
                if word:
                    actions.append(word)
                    word = ""
                if char == ";":
                    break
                if char == "{":
                    brace, brace_line = [], number
            elif char == "}":
                raise RecordError(
                    _("line {number}: {line}: a }} that closes no {{ comment").format(number=number, line=_shown(line))
                )
            else:
                word += char
            at += 1
        if word:
            actions.append(word)
    if brace is not None:
        raise RecordError(_("line {number}: a comment opened with {{ is not closed").format(number=brace_line))
    if not tags:
        raise RecordError(_('empty: a record starts with tag lines like [Variant "freecell"]'))
    return Record(tuple(tags), tuple(actions), tuple(comments))


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
            raise RecordError(
                _("{name} cannot be a tag name: letters, digits and _ only, a letter first").format(name=repr(name))
            )
        if any(char in value for char in "\r\n"):
            raise RecordError(
                _("the value of {name} cannot hold a line break: {value}").format(name=name, value=repr(value))
            )
        lines.append(f'[{name} "{_escape(value)}"]')
    for token in record.actions:
        if not token or token != "".join(token.split()) or any(c in token for c in ";{}") or token.startswith("["):
            raise RecordError(_("{token} cannot be an action token").format(token=repr(token)))
    for place, text in record.comments:
        if "}" in text or "\r" in text:
            raise RecordError(_("a comment cannot hold }} or a carriage return: {text}").format(text=repr(text)))
        if not 0 <= place <= len(record.actions):
            raise RecordError(
                _("a comment after action {place} of {count}: {text}").format(
                    place=place, count=len(record.actions), text=repr(text)
                )
            )
    if not lines:
        raise RecordError(_("a record needs at least one tag"))
    return "\n".join([*lines, "", *_body(record)]) + "\n"


def _body(record: Record) -> list[str]:
    """The action lines, ten actions to a line, each comment in braces where it was."""
    remarks: dict[int, list[str]] = {}
    for place, text in record.comments:
        remarks.setdefault(place, []).append("{" + text + "}")
    lines: list[str] = []
    line: list[str] = []
    for number, token in enumerate(record.actions):
        line.extend(remarks.get(number, ()))
        line.append(token)
        if (number + 1) % 10 == 0:
            lines.append(" ".join(line))
            line = []
    line.extend(remarks.get(len(record.actions), ()))
    if line:
        lines.append(" ".join(line))
    return lines


def format_assisted(kinds: Iterable[str]) -> str:
    """The ``Assisted`` tag's value for ``kinds``: those of :data:`ASSISTANCE` among them, in order: ``hint,demo``."""
    used = set(kinds)
    return ",".join(kind for kind in ASSISTANCE if kind in used)


def assisted_of(record: Record) -> tuple[str, ...]:
    """The kinds of assistance the record's ``Assisted`` tag names (``("hint", "demo")``); ``()`` without the tag.

    A record without the tag is unassisted, whatever its actions hold. A
    value that is not one :func:`format_assisted` writes names nothing
    (:func:`check_record` says what is wrong with it).
    """
    value = record.tag("Assisted")
    if value is None or _assisted_problem(value) is not None:
        return ()
    return tuple(value.split(","))


def _assisted_problem(value: str) -> str | None:
    """Why ``value`` is not an ``Assisted`` value (kinds of :data:`ASSISTANCE`, in order, once each), or ``None``."""
    kinds = value.split(",")
    if value and all(kind in ASSISTANCE for kind in kinds) and format_assisted(kinds) == value:
        return None
    return _("Assisted: {value} names no assistance: hint, demo or both, as hint,demo").format(value=repr(value))


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
        raise RecordError(
            _("{result} is not a result: one of {results}").format(result=repr(result), results=", ".join(RESULTS))
        )
    if game.deal is None or game.code is None:
        raise RecordError(_("a game started from a position has no deal to record"))
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
            raise RecordError(_("Cells {value} is not a cell count").format(value=_shown(cells)))
        # read_deal_number takes ASCII digits only and refuses 5,000 of them before int() sees them.
        return Game.new(variant, read_deal_number(deal), int(cells_text), plugins=plugins)
    code = record.tag("Code")
    if code is not None:
        return Game.from_code(code, plugins=plugins)
    raise RecordError(_("the record names no deal: it needs Variant, Cells and Deal, or Code"))


def _act(game: Game, token: str) -> None:
    if token == "undo":
        game.undo()
    elif token == "redo":
        game.redo()
    elif token == "finish":
        game.finish()
    elif token == "redeal":
        game.redeal()
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
    them (see :mod:`patience.formats.fcsolve`); the other actions are as usual.
    Never raises: a deal that cannot be dealt or an action that is not
    legal (or not an action) is the replay's ``problem``.
    """
    try:
        game = _deal(record, plugins)
    except Exception as error:  # garbage in a record is a finding, never a crash
        return _replay_of(None, _("cannot deal the record's game: {problem}").format(problem=_message(error)))
    if notation != "fcs":
        return replay_on(game, record.actions)
    follower = FcsFollower.from_deal(game)
    for number, token in enumerate(record.actions, start=1):
        try:
            if token not in ACTION_WORDS:
                _follow(game, follower, token)
                continue
            _act(game, token)
            if token in ("undo", "redo", "finish", "redeal"):
                # fc-solve's moves after these start again from where the game then stands.
                follower = FcsFollower.from_game(game)
        except Exception as error:
            problem = _("action {number} {token}: {problem}").format(
                number=number, token=_shown(token), problem=_message(error)
            )
            return _replay_of(game, problem, number, token)
    return _replay_of(game)


def replay_on(game: Game, actions: Sequence[str], *, first: int = 1) -> Replay:
    """Play ``actions`` on ``game`` through the engine, up to the first one that fails, numbering from ``first``.

    ``game`` is changed in place: it stands where its first ``first - 1``
    actions left it (a game :func:`replay` gave, say), and after this call
    where the actions played left it. This is :func:`replay` without the
    deal, for a caller that keeps a game between batches of actions. Never
    raises: an action that is not legal (or not an action) is the
    replay's ``problem``, numbered from ``first``.
    """
    for number, token in enumerate(actions, start=first):
        try:
            _act(game, token)
        except Exception as error:  # garbage in a record is a finding, never a crash
            problem = _("action {number} {token}: {problem}").format(
                number=number, token=_shown(token), problem=_message(error)
            )
            return _replay_of(game, problem, number, token)
    return _replay_of(game)


def _message(error: Exception) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if isinstance(error, PatienceError) else f"{type(error).__name__}: {text}"


def _claim_problem(record: Record) -> str | None:
    """Tags missing, given twice, or malformed, before anything is replayed."""
    for name in REQUIRED_TAGS:
        count = sum(1 for key, _value in record.tags if key == name)
        if count == 0:
            return _("the {name} tag is missing").format(name=name)
        if count > 1:
            return _given_times(name, count)
    result = record.tag("Result")
    if result not in RESULTS:
        return _("Result: {value} is not a result ({results})").format(value=repr(result), results=", ".join(RESULTS))
    for name in ("Cells", "Deal", "Score", "Moves", "Undos", "Hints"):
        value = record.tag(name) or ""
        # Only the score may be negative (a variant with Vegas scoring starts below zero).
        digits = value[1:] if name == "Score" and value.startswith("-") else value
        if not (digits.isascii() and digits.isdigit()):
            return _("{name}: {value} is not a whole number").format(name=name, value=repr(value))
    # Seconds played is told, never compared (no replay can know it), but it is a whole number when given.
    seconds = [value for key, value in record.tags if key == "Seconds"]
    if len(seconds) > 1:
        return _given_times("Seconds", len(seconds))
    if seconds and not (seconds[0].isascii() and seconds[0].isdigit()):
        return _("{name}: {value} is not a whole number").format(name="Seconds", value=repr(seconds[0]))
    date = record.tag("Date") or ""
    try:
        if not _DATE.match(date):
            raise ValueError(date)
        dt.date.fromisoformat(date)
    except ValueError:
        return _("Date: {value} is not a date like 2026-11-30").format(value=repr(date))
    assisted = sum(1 for key, _value in record.tags if key == "Assisted")
    if assisted > 1:
        return _given_times("Assisted", assisted)
    claimed = record.tag("Assisted")
    if claimed is not None and (problem := _assisted_problem(claimed)) is not None:
        return problem
    return _times_problem(record, date)


def _times_problem(record: Record, date: str) -> str | None:
    """``Started`` and ``Ended``: each may be left out, but given once, as a UTC time, in order, on ``Date``."""
    times: dict[str, dt.datetime] = {}
    for name in ("Started", "Ended"):
        count = sum(1 for key, _value in record.tags if key == name)
        if count > 1:
            return _given_times(name, count)
        value = record.tag(name)
        if value is None:
            continue
        when = parse_time(value)
        if when is None:
            return _("{name}: {value} is not a time like 2026-11-30T06:22:56Z").format(name=name, value=repr(value))
        times[name] = when
    started, ended = times.get("Started"), times.get("Ended")
    if started is not None and format_time(started)[:10] != date:
        return _("Started: {value} is not on the record's Date, {date}").format(
            value=repr(record.tag("Started")), date=date
        )
    if ended is not None and started is not None and ended < started:
        return _("Ended: {value} is before Started, {started}").format(
            value=repr(record.tag("Ended")), started=repr(record.tag("Started"))
        )
    return None


def _given_times(name: str, count: int) -> str:
    """A tag given more than once."""
    return ngettext("the {name} tag is given {count} time", "the {name} tag is given {count} times", count).format(
        name=name, count=count
    )


def parse_time(text: str) -> dt.datetime | None:
    """A time as records write it (``2026-11-30T06:22:56Z``: UTC, to the second), or ``None`` for any other text."""
    if not _TIME.match(text):
        return None
    try:
        return dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC)
    except ValueError:
        return None


def _disagreement(name: str, claimed: str, actual: str) -> str:
    # Translators: {name} is a record's tag (Score, Moves, Result ...), as written in the record.
    return _("{name}: the record says {claimed}, the replay gives {actual}").format(
        name=name, claimed=claimed, actual=actual
    )


def check_record(record: Record, *, plugins: pluggy.PluginManager | None = None, notation: str = "patience") -> Replay:
    """Replay the record and compare every claim with the replay; ``problem`` is the first disagreement.

    Checked in order: every required tag present once and well formed, and
    ``Started`` and ``Ended``, which may be left out, at most once each, UTC
    times in order, ``Started`` on ``Date``; ``Assisted``, which may be left
    out too, at most once, naming kinds of :data:`ASSISTANCE` (informational:
    nothing in the replay is compared with it); the
    ``Code`` matches ``Variant``, ``Cells`` and ``Deal``; every action legal;
    then ``Result`` (``won`` must end won, ``gave-up`` given up, and
    ``unfinished`` or ``abandoned`` neither, and an ``unfinished`` record
    has no ``Ended``), ``Score``, ``Moves``, ``Undos`` and ``Hints``.
    ``notation="fcs"`` reads the moves as fc-solve's (see :func:`replay`).
    Never raises.
    """
    try:
        return _check(record, plugins, notation)
    except Exception as error:  # pragma: no cover - _check catches what it calls; this is the last guard
        return _replay_of(None, _("cannot check the record: {problem}").format(problem=_message(error)))


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
        return _with_problem(done, _disagreement("Code", claimed_code, game.code or _("no code")))
    if done.problem is not None:
        return done
    result = record.tag("Result") or ""
    if result != done.result and not (result == "abandoned" and done.result == "unfinished"):
        actual = done.result
        if done.result == "unfinished":
            # Translators: "unfinished" is the record's result word, written as the record writes it.
            actual = ngettext(
                "unfinished ({count} card home)", "unfinished ({count} cards home)", done.cards_home
            ).format(count=done.cards_home)
        return _with_problem(done, _disagreement("Result", result, actual))
    if result == "unfinished" and record.tag("Ended") is not None:
        return _with_problem(
            done,
            _("Ended: an unfinished game has not ended, but the record says {value}").format(
                value=repr(record.tag("Ended"))
            ),
        )
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
