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
from collections.abc import Callable
from pathlib import Path

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import run_in_terminal
from prompt_toolkit.formatted_text import FormattedText, StyleAndTextTuples
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import Output

from patience import Position
from patience_cli.repl.completion import GameCompleter
from patience_cli.repl.controller import Controller, Reply, result_line
from patience_cli.repl.hints import Hinter, HintResult, Verdict, snapshot
from patience_cli.repl.render import board_fragments, repl_style, toolbar_text

__all__ = ["Repl", "history_path"]

HintFinder = Callable[..., HintResult]


def history_path() -> Path:
    """Where typed lines are kept between games: ``history`` in the data directory, beside the game store.

    That is ``$PATIENCE_HOME`` when set, else the user data directory (see
    :func:`patience.store.data_dir`).
    """
    from patience.store import data_dir

    return data_dir() / "history"


class _KeptHistory(FileHistory):
    """A history file that stops saving, instead of ending the game, when it can no longer be written."""

    def store_string(self, string: str) -> None:
        # The line stays in this session's memory; losing it from the file is not worth a crash.
        with contextlib.suppress(OSError):
            super().store_string(string)


def file_history(path: Path | None = None) -> History:
    """The REPL's history file, created with its directory when missing.

    When it cannot be created or opened (an unwritable or impossible data
    directory), the game goes on with a history kept in memory only, after
    one warning line on stderr.
    """
    target = path if path is not None else history_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        print(
            f"patience: warning: cannot keep the history in {target} ({error.strerror or error});"
            " typed lines are remembered for this session only",
            file=sys.stderr,
        )
        return InMemoryHistory()
    return _KeptHistory(str(target))


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
    def _message(self) -> StyleAndTextTuples:
        game = self.controller.game
        fragments = board_fragments(game)
        if game.is_over:
            fragments.append(("class:win" if game.is_won else "class:info", result_line(game) + "\n"))
        fragments.append(("", "\n» "))
        return fragments

    def _toolbar(self) -> StyleAndTextTuples:
        return toolbar_text(self.controller.game, self._note)

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
            run_in_terminal(lambda: self.show(reply, echo="undo (Ctrl-Z)"))

        return bindings

    # -- the loop -----------------------------------------------------------
    def run(self) -> None:
        """Prompt, handle, show, until ``quit`` or Ctrl-D; nothing typed can end the loop otherwise."""
        try:
            while True:
                self._flush_queued()
                try:
                    line = self.session.prompt()
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
            self.show(reply, echo=line.strip() or None)
            if reply.hint:
                self.start_hint()
            return reply.quit
        except Exception as error:  # printing must not end the game either
            print_formatted_text(f"unexpected error: {error}", output=self.output)
            return False

    # -- hints --------------------------------------------------------------
    def start_hint(self) -> None:
        """Ask the solver in a worker thread; the answer is printed when it comes."""
        if self._hint_thread is not None and self._hint_thread.is_alive():
            reply = Reply()
            reply.say("still thinking about the last hint", "hint")
            self.show(reply)
            return
        game = snapshot(self.controller.game)
        asked_at = game.position
        cancel = threading.Event()
        self._hint_cancel = cancel
        self._note = "hint: thinking…"

        def work() -> None:
            try:
                result = self._find_hint(game, time_limit=self.hint_time, cancel=cancel)
            except Exception as error:  # a solver bug must not take the game down
                result = HintResult(None, Verdict.UNDECIDED, f"the solver failed: {error}")
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
        loop = app.loop if app.is_running else None
        if loop is not None:
            try:
                loop.call_soon_threadsafe(in_loop)
                return
            except RuntimeError:  # the loop closed as the line was accepted
                pass
        self._note = ""
        with self._lock:
            self._queued.append((result, asked_at))

    def _flush_queued(self) -> None:
        with self._lock:
            queued, self._queued = self._queued, []
        for result, asked_at in queued:
            self.show(self.controller.hint_reply(result, asked_at))
