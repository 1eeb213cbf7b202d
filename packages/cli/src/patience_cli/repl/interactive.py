"""The full-screen prompt: one long-lived PromptSession with the board above the input line.

The board is part of the prompt message, so it is redrawn from the game on
every render; what the player typed and what happened scroll above it as a
transcript. The bottom toolbar is computed from the game's state. ``hint``
runs the solver in a worker thread so typing goes on while it thinks.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.formatted_text import FormattedText, StyleAndTextTuples
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import Output

from patience import Position
from patience_cli.common import one_line
from patience_cli.repl.completion import GameCompleter
from patience_cli.repl.controller import Controller, Reply, result_line
from patience_cli.repl.hints import Hinter, HintResult, Verdict, snapshot
from patience_cli.repl.render import board_fragments, repl_style, toolbar_text
from patience_cli.texts import _

__all__ = ["Repl", "history_path"]

HintFinder = Callable[..., HintResult]


def history_path() -> Path:
    """Where typed lines are kept between games: ``history`` in the data directory, beside the game store.

    That is ``$PATIENCE_HOME`` when set, else the user data directory
    (:func:`patience_home.paths.typed_history_path`).
    """
    from patience_home.paths import typed_history_path

    return typed_history_path()


#: How many typed lines the history file keeps; older ones are dropped when the game starts.
HISTORY_ENTRIES = 1000

#: The most of the history file's end that is read: 1,000 lines fit many times over, and a
#: huge or endless file costs no more than this.
_HISTORY_TAIL_BYTES = 1 << 20


class _KeptHistory(FileHistory):
    """A history file read once, up front, that stops saving (instead of ending the game) when it cannot be written.

    prompt_toolkit reads the file in its event loop, where an error becomes
    "Unhandled exception in event loop" and a "Press ENTER" loop that only
    killing the game ends; :func:`file_history` reads it beforehand instead,
    and this class serves what was read.
    """

    def __init__(self, filename: str, entries: list[str]) -> None:
        super().__init__(filename)
        self._read = entries

    def load_history_strings(self) -> Iterable[str]:
        """The lines read by :func:`file_history`, newest first, as prompt_toolkit expects."""
        return list(reversed(self._read))

    def store_string(self, string: str) -> None:
        # The line stays in this session's memory; losing it from the file is not worth a crash.
        with contextlib.suppress(OSError):
            super().store_string(string)


def _history_entries(data: bytes) -> list[tuple[bytes, str]]:
    """The entries of a history file's text: each one's bytes as written (its ``#`` time line too) and its line.

    prompt_toolkit writes an entry as a blank line, ``# <time>``, then the
    line typed with ``+`` before it (one ``+`` line per line of a multi-line
    entry).
    """
    entries: list[tuple[bytes, str]] = []
    block: list[bytes] = []
    text: list[bytes] = []
    for line in data.splitlines(keepends=True):
        if not line.startswith(b"+") and text:
            entries.append((b"".join(block), b"".join(text)[:-1].decode("utf-8", "replace")))
            block, text = [], []
        block.append(line)
        if line.startswith(b"+"):
            text.append(line[1:] if line.endswith(b"\n") else line[1:] + b"\n")
    if text:
        entries.append((b"".join(block), b"".join(text)[:-1].decode("utf-8", "replace")))
    return entries


def _read_history(target: Path) -> list[str]:
    """The last :data:`HISTORY_ENTRIES` lines of the history file, which is trimmed to them when it held more.

    Only the file's last :data:`_HISTORY_TAIL_BYTES` are read. Raises
    :class:`OSError` when the file cannot be read or is not a regular file.
    """
    import os
    import stat

    with target.open("rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise OSError(_("not a regular file"))
        size = os.fstat(handle.fileno()).st_size
        skipped = max(0, size - _HISTORY_TAIL_BYTES)
        handle.seek(skipped)
        data = handle.read(_HISTORY_TAIL_BYTES)
    if skipped:
        # Start at the first whole entry: each begins with its "# <time>" line.
        first = data.find(b"\n#")
        data = data[first + 1 :] if first >= 0 else b""
    entries = _history_entries(data)
    kept = entries[-HISTORY_ENTRIES:]
    if skipped or len(kept) < len(entries):
        # Write the kept entries beside the file, then put them in its place in one step,
        # so a failure leaves the old file whole. If the directory is read-only, it stays long.
        spare = target.with_name(target.name + ".trimmed")
        with contextlib.suppress(OSError):
            spare.write_bytes(b"".join(block for block, _ in kept))
            os.replace(spare, target)
    return [line for _, line in kept]


def file_history(path: Path | None = None) -> History:
    """The REPL's history file, created with its directory when missing, read and trimmed before the game starts.

    When it cannot be created, opened or read (an unwritable or impossible
    data directory, a file that cannot be read, something that is not a
    file), the game goes on with a history kept in memory only, after one
    warning line on stderr. A file holding more than
    :data:`HISTORY_ENTRIES` entries is trimmed to the last ones.
    """
    target = path if path is not None else history_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() and not target.is_file():
            raise OSError(_("not a regular file"))
        with target.open("a", encoding="utf-8"):
            pass
        entries = _read_history(target)
    except OSError as error:
        message = _(
            "warning: cannot keep the history in {path} ({error}); typed lines are remembered for this session only"
        ).format(path=target, error=error.strerror or error)
        print(f"patience: {message}", file=sys.stderr)
        return InMemoryHistory()
    return _KeptHistory(str(target), entries)


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT inside the block (in the main thread, where signals are handled), then put back what was there."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class Repl:
    """The interactive game: prompt, board, toolbar, key bindings and the hint worker.

    ``input`` and ``output`` default to the terminal; tests pass a pipe input
    and ``DummyOutput()``. ``history`` defaults to the history file in the
    user's data directory.
    """

    def __init__(
        self,
        controller: Controller,
        *,
        history: History | None = None,
        input: Input | None = None,
        output: Output | None = None,
        colour: bool | None = None,
        hint_time: float = 2.0,
        hint_finder: HintFinder | None = None,
    ) -> None:
        self.controller = controller
        self.output = output
        self.style = repl_style(colour)
        self.hint_time = hint_time
        self._find_hint = hint_finder if hint_finder is not None else Hinter()
        self._hint_thread: threading.Thread | None = None
        self._hint_cancel = threading.Event()
        self._note = ""
        self._queued: list[tuple[HintResult, Position]] = []
        self._lock = threading.Lock()
        self.session: PromptSession[str] = PromptSession(
            message=self._message,
            bottom_toolbar=self._toolbar,
            completer=GameCompleter(lambda: self.controller.game),
            complete_while_typing=False,
            history=history if history is not None else file_history(),
            key_bindings=self._bindings(),
            style=self.style,
            include_default_pygments_style=False,
            erase_when_done=True,
            input=input,
            output=output,
        )

    # -- drawing ------------------------------------------------------------
    def _columns(self) -> int:
        """How wide the terminal is now (it is asked at every redraw, so a resized window is followed)."""
        return self.session.app.output.get_size().columns

    def _message(self) -> StyleAndTextTuples:
        game = self.controller.game
        fragments = board_fragments(game, self._columns())
        if game.is_over:
            fragments.append(("class:win" if game.is_won else "class:info", result_line(game) + "\n"))
        fragments.append(("", "\n» "))
        return fragments

    def _toolbar(self) -> StyleAndTextTuples:
        return toolbar_text(self.controller.game, self._note, self._columns())

    def show(self, reply: Reply, echo: str | None = None) -> None:
        """Print a reply (and the line that caused it) into the transcript above the prompt."""
        fragments: StyleAndTextTuples = []
        if echo is not None:
            fragments.append(("class:echo", f"» {echo}\n"))
        for line in reply.lines:
            fragments.append((f"class:{line.kind}", line.text + "\n"))
        if fragments:
            print_formatted_text(
                FormattedText(fragments),
                end="",
                style=self.style,
                output=self.output,
                include_default_pygments_style=False,
            )

    # -- keys ---------------------------------------------------------------
    def _bindings(self) -> KeyBindings:
        bindings = KeyBindings()

        @bindings.add("c-z")
        def _undo(event: KeyPressEvent) -> None:
            """Ctrl-Z: undo, keeping whatever is typed."""
            reply = self.controller.handle("undo")
            # Translators: what the transcript shows for an undo made with the keys, not typed.
            run_in_terminal(lambda: self.show(reply, echo=_("undo (Ctrl-Z)")))

        return bindings

    # -- the loop -----------------------------------------------------------
    def run(self) -> None:
        """Prompt, handle, show, until ``quit`` or Ctrl-D; nothing typed can end the loop otherwise.

        At the prompt the terminal is in raw mode and Ctrl-C is a key, which
        clears the line. Between prompts (a line being handled, a hint being
        printed) the terminal turns Ctrl-C into SIGINT, which would raise
        KeyboardInterrupt wherever the program happened to be and end the
        game with a traceback; SIGINT is ignored while the game runs, and
        prompt_toolkit is told not to install its own handler (which, on a
        SIGINT just after a prompt ended, failed with "Application is not
        running").
        """
        with _sigint_ignored():
            try:
                while True:
                    self._flush_queued()
                    try:
                        line = self.session.prompt(handle_sigint=False, pre_run=self._flush_in_loop)
                    except KeyboardInterrupt:
                        continue
                    except EOFError:
                        break
                    if self.step(line):
                        break
            finally:
                self._hint_cancel.set()
            game = self.controller.game
            print_formatted_text(
                FormattedText([("class:win" if game.is_won else "class:info", result_line(game))]),
                style=self.style,
                output=self.output,
                include_default_pygments_style=False,
            )

    def step(self, line: str) -> bool:
        """Handle one line as if typed; return whether the player asked to quit."""
        try:
            reply = self.controller.handle(line)
            self.show(reply, echo=one_line(line) or None)  # a 5,000-character line is echoed cut short
            if reply.hint:
                self.start_hint()
            return reply.quit
        except Exception as error:  # printing must not end the game either
            print_formatted_text(_("unexpected error: {error}").format(error=error), output=self.output)
            return False

    # -- hints --------------------------------------------------------------
    def start_hint(self) -> None:
        """Ask the solver in a worker thread; the answer is printed when it comes."""
        if self._hint_thread is not None and self._hint_thread.is_alive():
            reply = Reply()
            reply.say(_("still thinking about the last hint"), "hint")
            self.show(reply)
            return
        game = snapshot(self.controller.game)
        asked_at = game.position
        cancel = threading.Event()
        self._hint_cancel = cancel
        self._note = _("hint: thinking…")

        def work() -> None:
            try:
                result = self._find_hint(game, time_limit=self.hint_time, cancel=cancel)
            except Exception as error:  # a solver bug must not take the game down
                result = HintResult(None, Verdict.UNDECIDED, _("the solver failed: {error}").format(error=error))
            if not cancel.is_set():
                self._deliver(result, asked_at)

        self._hint_thread = threading.Thread(target=work, name="patience-hint", daemon=True)
        self._hint_thread.start()

    def wait_for_hint(self, timeout: float | None = None) -> None:
        """Block until the hint worker is done (for tests and the end of the game)."""
        if self._hint_thread is not None:
            self._hint_thread.join(timeout)

    def _deliver(self, result: HintResult, asked_at: Position) -> None:
        """From the worker: hand the answer to the prompt's event loop, or queue it for the next prompt."""

        def in_loop() -> None:
            self._note = ""
            if self.session.app.is_running:
                reply = self.controller.hint_reply(result, asked_at)
                run_in_terminal(lambda: self.show(reply))
            else:
                with self._lock:
                    self._queued.append((result, asked_at))

        app = self.session.app
        # Under the lock that the next prompt's start takes to show what is queued (_flush_in_loop):
        # an answer either finds a running prompt to wake or is queued before that prompt looks.
        with self._lock:
            loop = app.loop if app.is_running else None
            if loop is None:
                self._note = ""
                self._queued.append((result, asked_at))
                return
        try:
            loop.call_soon_threadsafe(in_loop)
            return
        except RuntimeError:  # the loop closed as the line was accepted
            pass
        self._note = ""
        with self._lock:
            self._queued.append((result, asked_at))

    def _flush_in_loop(self) -> None:
        """At the start of each prompt, in its event loop: show the answers that came between two prompts.

        The prompt is already running here, so an answer that comes later
        wakes it (:meth:`_deliver`); one that came before is shown now rather
        than at the next key.
        """
        with self._lock:
            queued, self._queued = self._queued, []
        for result, asked_at in queued:
            reply = self.controller.hint_reply(result, asked_at)
            run_in_terminal(lambda reply=reply: self.show(reply))  # type: ignore[misc]

    def _flush_queued(self) -> None:
        with self._lock:
            queued, self._queued = self._queued, []
        for result, asked_at in queued:
            self.show(self.controller.hint_reply(result, asked_at))
