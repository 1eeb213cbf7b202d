"""The live verdict: after every action the solver judges the position in a separate process.

The status bar then says ``winnable``, ``lost: undo N moves to win again``
or nothing yet. The solver runs in its own process (one per program,
started the first time it is needed), not in a thread: a search holds
Python's interpreter lock for long stretches, and in a thread it would make
the window's own drawing wait. A newer position cancels the search for the
older one within milliseconds (a shared generation counter, watched from
inside the worker), so the verdict always follows the table.

For a lost position the worker goes back through the positions before the
last actions, newest first, and says how many undos lead back to one the
solver wins.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import queue
import threading
import time
import tkinter as tk
from collections.abc import Callable, Sequence
from multiprocessing.sharedctypes import Synchronized
from typing import Any

from attrs import frozen

from patience import Position, get_variant
from patience_solver import Outcome, solve
from patience_tk.texts import _, ngettext, pgettext

__all__ = ["LiveVerdict", "Verdict", "VerdictWorker", "exit_with_parent", "shared_worker"]

#: Seconds the solver may spend on one position before the verdict stays "nothing yet".
VERDICT_TIME = 30.0
#: How often the window looks for the worker's answer, in milliseconds.
POLL_MS = 30


@frozen
class Verdict:
    """The solver's word on a position: ``winnable``, ``lost`` or ``unknown`` (it ran out of time).

    ``withheld`` is no word at all: the ranked attempt on a leaderboard
    server is played without a verdict, and the status bar says so.
    """

    kind: str
    undo: int | None = None
    """For ``lost``: how many undos reach a position the solver wins (``None``: none it could find)."""
    seconds: float = 0.0
    """How long the worker took."""

    @property
    def text(self) -> str:
        """What the status bar says."""
        if self.kind == "winnable":
            return pgettext("verdict", "winnable")
        if self.kind == "lost":
            if self.undo is None:
                return pgettext("verdict", "lost")
            return ngettext("lost: undo {n} move to win again", "lost: undo {n} moves to win again", self.undo).format(
                n=self.undo
            )
        if self.kind == "withheld":
            return _("no verdict in the ranked attempt")
        return ""

    @property
    def short_text(self) -> str:
        """What the status bar says when it is short of room: ``lost: undo 12`` for the longest verdict."""
        if self.kind == "lost" and self.undo is not None:
            return _("lost: undo {n}").format(n=self.undo)
        return self.text


class VerdictWorker:
    """A solver process taking requests (a position and the ones before it) and answering with a :class:`Verdict`."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process that runs Tk and threads
        self._requests: multiprocessing.Queue[Any] = context.Queue()
        self._results: multiprocessing.Queue[tuple[int, Verdict]] = context.Queue()
        self._generation: Synchronized[int] = context.Value("q", 0)
        self._process = context.Process(
            target=_serve, args=(self._requests, self._results, self._generation), name="patience-verdict", daemon=True
        )
        self._process.start()

    def ask(self, variant: str, positions: Sequence[Position], time_limit: float = VERDICT_TIME) -> int:
        """Judge ``positions[0]`` (``positions[1:]``: the ones before it, newest first); returns the request's number.

        Any search still running for an older request stops.
        """
        with self._generation.get_lock():
            self._generation.value += 1
            number = int(self._generation.value)
        self._requests.put((number, variant, tuple(positions), time_limit))
        return number

    def forget(self) -> None:
        """Stop whatever the worker is judging (the verdict was turned off, the window closed)."""
        with self._generation.get_lock():
            self._generation.value += 1

    def answers(self) -> list[tuple[int, Verdict]]:
        """The answers that have arrived, oldest first."""
        found: list[tuple[int, Verdict]] = []
        with contextlib.suppress(queue.Empty):
            while True:
                found.append(self._results.get_nowait())
        return found

    @property
    def alive(self) -> bool:
        """Whether the worker process is running."""
        return self._process.is_alive()

    def stop(self) -> None:
        """End the worker process."""
        self.forget()
        with contextlib.suppress(OSError, ValueError):
            self._requests.put(None)
        self._process.join(timeout=2)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout=2)


_shared: VerdictWorker | None = None


def shared_worker() -> VerdictWorker:
    """The program's one verdict worker, started on first use (it costs a Python start-up, once)."""
    global _shared
    if _shared is None or not _shared.alive:
        _shared = VerdictWorker()
    return _shared


def _serve(
    requests: multiprocessing.Queue[Any],
    results: multiprocessing.Queue[tuple[int, Verdict]],
    generation: Synchronized[int],
) -> None:
    """The worker process: judge the newest request, drop the ones that a newer one replaced.

    It ends with the window: a window killed outright (SIGKILL, a lost X
    connection) sends no request to stop, so the worker watches its parent.
    """
    exit_with_parent()
    while True:
        request = requests.get()
        with contextlib.suppress(queue.Empty):
            while request is not None:
                newer = requests.get_nowait()
                request = newer
        if request is None:
            return
        number, variant, positions, time_limit = request
        if generation.value != number:
            continue
        cancel = threading.Event()
        done = threading.Event()

        def watch(number: int = number, cancel: threading.Event = cancel, done: threading.Event = done) -> None:
            while not done.wait(0.005):
                if generation.value != number:
                    cancel.set()
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        started = time.perf_counter()
        try:
            verdict = judge(variant, positions, time_limit, cancel)
        except Exception:  # a position the solver cannot read: no verdict rather than a dead worker
            verdict = Verdict("unknown")
        done.set()
        watcher.join()
        if not cancel.is_set():
            results.put((number, Verdict(verdict.kind, verdict.undo, time.perf_counter() - started)))


def exit_with_parent() -> None:
    """End this process as soon as the process that started it is gone, however that one ended.

    Called in a process ``multiprocessing`` started: a daemon thread waits on
    the parent's sentinel, which becomes readable only when the parent has
    exited, and then ends this process at once. Without it a worker blocked on
    its request queue would wait for ever (it holds that queue's writing end
    itself), and multiprocessing's resource tracker with it.
    """
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)  # nothing of this process's state outlives the window: no clean-up to wait for

    threading.Thread(target=watch, name="patience-parent-watch", daemon=True).start()


def judge(variant: str, positions: Sequence[Position], time_limit: float, cancel: threading.Event) -> Verdict:
    """The verdict on ``positions[0]``, going back through ``positions[1:]`` when it is lost."""
    rules = get_variant(variant)
    first = solve(rules, positions[0], time_limit=time_limit, cancel=cancel)
    if first.outcome is Outcome.SOLVED:
        return Verdict("winnable")
    if first.outcome is not Outcome.LOST:
        return Verdict("unknown")
    for back, position in enumerate(positions[1:], 1):
        if cancel.is_set():
            break
        result = solve(rules, position, time_limit=time_limit, cancel=cancel)
        if result.outcome is Outcome.SOLVED:
            return Verdict("lost", back)
        if result.outcome is not Outcome.LOST:
            break
    return Verdict("lost")


class LiveVerdict:
    """The Tk side: asks the worker after every change and calls ``show(verdict or None)`` when it knows.

    ``show(None)`` clears the verdict (a new position, nothing known yet).
    """

    def __init__(self, widget: tk.Misc, show: Callable[[Verdict | None], None], *, enabled: bool = True) -> None:
        self._widget = widget
        self._show = show
        self.enabled = enabled
        self.time_limit = VERDICT_TIME
        self._waiting: int | None = None
        self._asked_at = 0.0
        self._poll_job: str | None = None
        self.last: Verdict | None = None
        """The verdict on the position on the table, once it is known."""
        self.latency: float | None = None
        """Seconds from the last request to its answer, as the window saw it (the benchmark reads it)."""
        widget.bind("<Destroy>", self._destroyed, add="+")

    def update(self, variant: str, positions: Sequence[Position], over: bool, *, withheld: bool = False) -> None:
        """The table changed: ``positions[0]`` is on it, ``positions[1:]`` came before (newest first).

        ``withheld``: the game is a ranked attempt, which has no verdict: the
        solver is not asked, and :class:`Verdict` ``withheld`` is shown.
        """
        self.last = None
        self._show(None)
        if withheld:
            self._waiting = None
            if _shared is not None:
                _shared.forget()
            self._show(Verdict("withheld"))
            return
        if not self.enabled or over:
            self._waiting = None
            if _shared is not None:
                _shared.forget()
            return
        self._waiting = shared_worker().ask(variant, positions, self.time_limit)
        self._asked_at = time.perf_counter()
        if self._poll_job is None:
            self._poll_job = self._widget.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._poll_job = None
        if self._waiting is None:
            return
        for number, verdict in shared_worker().answers():
            if number == self._waiting:
                self._waiting = None
                self.latency = time.perf_counter() - self._asked_at
                self.last = verdict
                self._show(verdict)
                return
        with contextlib.suppress(tk.TclError):
            self._poll_job = self._widget.after(POLL_MS, self._poll)

    @property
    def waiting(self) -> bool:
        """Whether a verdict has been asked for and not arrived."""
        return self._waiting is not None

    def _destroyed(self, event: tk.Event[tk.Misc]) -> None:
        if event.widget is self._widget:
            self._waiting = None
            if self._poll_job is not None:
                with contextlib.suppress(tk.TclError):
                    self._widget.after_cancel(self._poll_job)
                self._poll_job = None
            if _shared is not None:
                _shared.forget()
