"""``patience play`` without a terminal: one command or move a line in, one line a move out, the result last."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from typing import TextIO

from patience.cardnames import parse_card
from patience.errors import InvalidCardError
from patience.formats.fcsolve import fcs_tokens, is_fcs_prose
from patience.i18n import format_number
from patience_cli.common import one_line
from patience_cli.repl.controller import Controller, result_line
from patience_cli.repl.hints import Hinter
from patience_cli.texts import _, ngettext

__all__ = ["run_piped"]


#: The longest line piped play reads; a longer one is refused and skipped (an action is a few characters,
#: and `play < /dev/zero` must not read one endless line into memory).
MAX_LINE = 64 * 1024


class _Overlong(str):
    """A line longer than :data:`MAX_LINE`: its first characters, to be refused rather than played."""

    __slots__ = ()


def fcs_output() -> str:
    """What piped play says (once) of fc-solve's output read in patience's notation."""
    return _("this is fc-solve's output: to read its moves as fc-solve means them, give --moves fcs")


def _is_card(line: str) -> bool:
    """Whether ``line`` is one card in the words of the language in use (``Herz 7``, ``kőr dáma``)."""
    try:
        parse_card(line)
    except InvalidCardError:
        return False
    return True


class _FcsProse(str):
    """A line only fc-solve prints (``-=-=-=``, ``This game is solveable.``) read without ``--moves fcs``."""

    __slots__ = ()


def _bounded(stream: io.TextIOBase) -> Iterator[str]:
    """The lines of ``stream``, each read :data:`MAX_LINE` characters at most: a longer one is skipped in chunks."""
    while True:
        line = stream.readline(MAX_LINE)
        if not line:
            return
        if len(line) >= MAX_LINE and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = stream.readline(MAX_LINE)
            yield _Overlong(line[:20])
        else:
            yield line


class _Lines:
    """Numbered input lines with blanks, ``#`` lines and a record's comments skipped, readable ahead on demand.

    A line of several words (other than ``new ...`` and ``give up``) is read
    as that many lines, so a game record's action section plays as it is.

    Lines are read only when needed, so a program feeding the pipe one line
    at a time sees each answer straight away (unless a line needs a look
    ahead to settle what it means).

    With ``fcs``, fc-solve's output is read as it prints it: the moves of
    its move lines (``-m`` rows, ``Move: 1h``, the verbose notation) one by
    one, its separators, position dumps and closing statistics skipped.
    """

    def __init__(self, lines: Iterable[str], *, fcs: bool = False) -> None:
        self._source = enumerate(lines, start=1)
        self._ahead: deque[tuple[int, str]] = deque()
        self._in_brace = False
        self._fcs = fcs

    def _uncommented(self, raw: str) -> str:
        """``raw`` without its comments, as game records have them: ``;`` to the end of the line, ``{...}`` anywhere.

        A ``{`` comment may run over several lines, so whether one is open carries from line to line.
        """
        kept: list[str] = []
        for char in raw:
            if self._in_brace:
                self._in_brace = char != "}"
            elif char == ";":
                break
            elif char == "{":
                self._in_brace = True
                kept.append(" ")
            else:
                kept.append(char)
        return "".join(kept)

    def _read(self) -> bool:
        for number, raw in self._source:
            if isinstance(raw, _Overlong):
                self._ahead.append((number, raw))
                return True
            line = self._uncommented(raw).strip()
            tokens = fcs_tokens(line) if self._fcs else None
            if tokens is not None:
                if tokens:
                    self._ahead.extend((number, token) for token in tokens)
                    return True
                continue  # fc-solve's text around its moves
            if not self._fcs and is_fcs_prose(line):
                self._ahead.append((number, _FcsProse(line)))
                return True
            if line and not line.startswith("#"):
                words = line.split()
                if len(words) > 1 and words[0].lower() != "new" and line.lower() != "give up" and not _is_card(line):
                    # Several actions on a line, as a game record's action section has them.
                    self._ahead.extend((number, word) for word in words)
                else:
                    self._ahead.append((number, line))
                return True
        return False

    def __iter__(self) -> Iterator[tuple[int, str]]:
        while self._ahead or self._read():
            yield self._ahead.popleft()

    def peek(self, n: int) -> list[str]:
        """Up to ``n`` of the lines that come next."""
        while len(self._ahead) < n and self._read():
            pass
        return [line for _, line in list(self._ahead)[:n]]

    def numbers_ahead(self) -> set[int]:
        """The numbers of the lines read ahead and not yet handed out."""
        return {number for number, _ in self._ahead}


#: How much input after ``quit`` is read to count the lines left unread (``/dev/zero`` never ends).
MAX_UNREAD = 1 << 20


def _has_action(raw: str) -> bool:
    """Whether an input line holds something to play (not blank, not only a comment)."""
    line = raw.split(";", 1)[0].strip()
    return bool(line) and not line.startswith("#")


def _count_rest(stream: io.TextIOBase) -> tuple[int, bool]:
    """How many lines with an action ``stream`` still holds, reading only what is there already.

    A pipe whose writer is still running is read without waiting (its
    descriptor made non-blocking for the count), so a program that feeds
    the game line by line is never kept waiting. ``(count, True)`` when
    :data:`MAX_UNREAD` characters were read before the end.
    """
    count, budget, partial = 0, MAX_UNREAD, ""
    fd: int | None = None
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        fd = stream.fileno()
        if os.get_blocking(fd):
            os.set_blocking(fd, False)
        else:
            fd = None  # already non-blocking: leave it as it was
    try:
        while budget > 0:
            try:
                chunk = stream.readline(min(MAX_LINE, budget))
            except (OSError, ValueError, TypeError):  # nothing there yet (a non-blocking read), or a closed stream
                break
            if not chunk:
                break
            budget -= len(chunk)
            if not partial:
                partial = chunk  # the start of a long line says whether it holds an action
            if chunk.endswith("\n"):
                count += _has_action(partial)
                partial = ""
        else:
            return count + _has_action(partial), True
        return count + _has_action(partial), False
    finally:
        if fd is not None:
            with contextlib.suppress(OSError):
                os.set_blocking(fd, True)


def _unread_line(word: str, number: int, count: int, more: bool) -> str:
    """The one stderr line saying that ``word`` on line ``number`` ended the game with ``count`` lines unread.

    The rest of ``word``'s own line, when it holds more actions, counts as
    one of them; ``more``: the count stopped at :data:`MAX_UNREAD`.
    """
    if more:
        message = ngettext(
            "{word} on line {number} ended the game; {count} or more lines of input were not read",
            "{word} on line {number} ended the game; {count} or more lines of input were not read",
            count,
        )
    else:
        message = ngettext(
            "{word} on line {number} ended the game; {count} more line of input was not read",
            "{word} on line {number} ended the game; {count} more lines of input were not read",
            count,
        )
    return "patience: " + message.format(word=word, number=number, count=format_number(count))


def _unreadable(line: str, encoding: str) -> str:
    """Why ``line`` cannot be read (a byte the input's encoding does not decode), or ``""``.

    stdin decodes with ``surrogateescape``, so such a byte arrives as a lone
    surrogate (0xff as U+DCFF) instead of ending the game.
    """
    for char in line:
        if "\udc80" <= char <= "\udcff":
            return _("cannot read byte {byte}: the line is not {encoding} text").format(
                byte=f"0x{ord(char) - 0xDC00:02x}", encoding=encoding
            )
    return ""


def run_piped(
    controller: Controller,
    lines: Iterable[str],
    out: TextIO,
    *,
    hint_time: float = 2.0,
    err: TextIO | None = None,
    hinter: Hinter | None = None,
) -> None:
    """Play ``lines`` in order and print what each did, then how the game stands.

    ``hinter`` answers ``hint`` (a fresh :class:`~patience_cli.repl.hints.Hinter` by default).

    Nothing typed stops the run early except ``quit`` (or ``q``, ``exit``);
    refusals are printed (with their line number) and the next line is read.
    When ``quit`` leaves lines unread, one line on ``err`` (stderr by
    default) says how many.
    """
    if isinstance(lines, io.TextIOWrapper):
        # A byte that does not decode must not end the game: it arrives as a lone surrogate
        # (see _unreadable), and only its line is refused.
        lines.reconfigure(errors="surrogateescape")
    source = _Lines(_bounded(lines) if isinstance(lines, io.TextIOBase) else lines, fcs=controller.reads_fcs)
    encoding = str(getattr(lines, "encoding", None) or "UTF-8").upper().replace("UTF8", "UTF-8")
    hinter = hinter if hinter is not None else Hinter()
    last = ""
    told_fcs = False
    for number, line in source:
        if isinstance(line, _Overlong):
            last = _("line {number}: longer than {size} KiB, skipped: {start}…").format(
                number=number, size=MAX_LINE // 1024, start=str(line)
            )
            print(last, file=out, flush=True)
            continue
        if isinstance(line, _FcsProse):
            if not told_fcs:  # said once; fc-solve's other such lines are skipped
                last = _("line {number}: {message}").format(number=number, message=fcs_output())
                print(last, file=out, flush=True)
                told_fcs = True
            continue
        unreadable = _unreadable(line, encoding)
        if unreadable:
            last = _("line {number}: {message}").format(number=number, message=unreadable)
            print(last, file=out, flush=True)
            continue
        reply = controller.handle(line, peek=source.peek)
        if reply.hint:
            game = controller.game
            reply = controller.hint_reply(hinter(game, time_limit=hint_time), game.position)
        for said in reply.lines:
            if said.kind == "win":
                continue  # the result line at the end says it
            if said.kind == "warning":
                # Like every other warning of the program: on stderr, so that stdout stays one line a move.
                print(f"patience: {one_line(said.text)}", file=sys.stderr, flush=True)
                continue
            if said.kind == "error":
                last = _("line {number}: {line}: {message}").format(number=number, line=line, message=said.text)
            else:
                last = said.text
            print(last, file=out, flush=True)
        if reply.quit:
            ahead = source.numbers_ahead()
            if isinstance(lines, io.TextIOBase):
                rest, more = _count_rest(lines)
            else:
                rest, more = sum(_has_action(raw) for raw in lines), False
            unread = len(ahead) + rest
            if unread:
                print(_unread_line(line, number, unread, more), file=err or sys.stderr, flush=True)
            break
    result = result_line(controller.game)
    if result != last:  # `giveup` as the last line has just said it
        print(result, file=out, flush=True)
