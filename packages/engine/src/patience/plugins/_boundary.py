"""Where the engine calls a plugin's code: what a plugin may not do to the program around it.

- Its output never reaches stdout (a machine-readable command's output):
  while plugin code runs, ``sys.stdout`` writes go to stderr
  (:func:`plugin_output`, per thread), and at import and registration the
  file descriptor 1 itself points at stderr (:func:`no_stdout`).
- Its own ``SystemExit``, ``KeyboardInterrupt`` or other ``BaseException``
  does not end the program (:func:`plugins_own`), while a Ctrl-C of the
  user's still does: a SIGINT that arrived while the plugin ran is the user's.
- Its time is counted (:class:`PluginTimes`), so that a slow plugin can be named.
"""

from __future__ import annotations

import contextlib
import contextvars
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from types import FrameType
from typing import Any, TextIO

import attrs

__all__ = [
    "IN_PLUGIN",
    "SLOW_PLUGIN_SECONDS",
    "SLOW_PLUGIN_SHARE",
    "PluginTimes",
    "StdoutGuard",
    "exit_reason",
    "guard_stdout",
    "no_stdout",
    "plugin_output",
    "plugins_own",
    "sigints",
    "track_sigint",
]

#: A plugin whose load, registration and hooks take more than this many seconds in one process is named...
SLOW_PLUGIN_SECONDS = 1.0
#: ... when that is also more than this share of the process's CPU time so far: in a long census the
#: deals' hooks add up to seconds among minutes of solving, and the plugin slows nothing.
SLOW_PLUGIN_SHARE = 0.25


@attrs.define
class PluginTimes:
    """The seconds one plugin has taken in this process: loading, registering its variants, and its hooks."""

    load: float = 0.0
    """Importing the plugin (its entry point)."""
    registration: float = 0.0
    """Its ``patience_register_variants``, every call added up."""
    hooks: float = 0.0
    """Its per-variant hooks (deal, legality, scoring, ...), every call added up."""
    calls: int = 0
    """How many per-variant hook calls :attr:`hooks` adds up."""
    slowest_hook: str = ""
    """The per-variant hook whose one call took longest (empty before any call)."""
    slowest: float = 0.0
    """That call's seconds."""
    warned: bool = False
    """Whether the program has said that this plugin is slow."""
    next_check: float = SLOW_PLUGIN_SECONDS
    """The :attr:`total` at which to ask again whether to say so (asked every tenth of a second of it)."""

    @property
    def total(self) -> float:
        """Load, registration and hooks together."""
        return self.load + self.registration + self.hooks

    def is_slow(self) -> bool:
        """Whether the plugin is to be named as slow now: :data:`SLOW_PLUGIN_SECONDS` and :data:`SLOW_PLUGIN_SHARE`.

        Asked at most once a tenth of a second of the plugin's time, so that
        the hook calls on the solver's hot path do not ask each time.
        """
        total = self.total
        if self.warned or total <= self.next_check:
            return False
        self.next_check = total + 0.1
        return total > SLOW_PLUGIN_SHARE * time.process_time()

    def add_hook(self, hook: str, seconds: float) -> None:
        """Count one call of ``hook`` that took ``seconds``."""
        self.hooks += seconds
        self.calls += 1
        if seconds > self.slowest:
            self.slowest_hook, self.slowest = hook, seconds


# -- output --------------------------------------------------------------------

#: Whether the code running in this thread (or task) is a plugin's.
IN_PLUGIN: contextvars.ContextVar[bool] = contextvars.ContextVar("patience_in_plugin", default=False)


class _Discard(io.StringIO):
    """A stream that keeps nothing."""

    def write(self, text: str) -> int:
        """Drop ``text``."""
        return len(text)


_DISCARD = _Discard()


class StdoutGuard:
    """``sys.stdout`` as the engine leaves it: plugin code's writes go to stderr, everybody else's to the stream.

    It stands in for the stream it wraps (every other attribute is the
    stream's), so the program's own output is unchanged.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def _target(self) -> TextIO:
        if IN_PLUGIN.get():
            # No stderr (a window without a console): the plugin's output goes nowhere, still not to stdout.
            return sys.stderr if sys.stderr is not None else _DISCARD
        return self.stream

    def write(self, text: str) -> int:
        """Write ``text`` to stderr from plugin code, else to the stream."""
        return self._target().write(text)

    def writelines(self, lines: Any) -> None:
        """Write ``lines`` as :meth:`write` does."""
        self._target().writelines(lines)

    def flush(self) -> None:
        """Flush where :meth:`write` writes."""
        self._target().flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def guard_stdout() -> None:
    """Make ``sys.stdout`` a :class:`StdoutGuard` around itself, unless it is one already."""
    stream = sys.stdout
    if stream is not None and not isinstance(stream, StdoutGuard):
        sys.stdout = StdoutGuard(stream)


@contextlib.contextmanager
def plugin_output() -> Iterator[None]:
    """While the block runs plugin code, what it writes to ``sys.stdout`` goes to stderr (in this thread only)."""
    guard_stdout()
    token = IN_PLUGIN.set(True)
    try:
        yield
    finally:
        IN_PLUGIN.reset(token)


#: Serialises the pointing of file descriptor 1 at stderr (a process-wide change); re-entrant, since a plugin
#: may load plugins while it is imported.
_FD_LOCK = threading.RLock()


@contextlib.contextmanager
def no_stdout() -> Iterator[None]:
    """Run plugin code (an import, a registration) with stdout pointing at stderr, down to file descriptor 1.

    So a plugin that writes with ``os.write(1, ...)`` or to ``sys.__stdout__``
    still writes to stderr. Where there is no file descriptor 1 (a window
    without a console) only ``sys.stdout`` is redirected.
    """
    with _FD_LOCK, plugin_output():
        _flush(sys.stdout, sys.__stdout__)
        saved = _point_stdout_at_stderr()
        try:
            yield
        finally:
            _flush(sys.stdout, sys.__stdout__)
            if saved >= 0:
                os.dup2(saved, 1)
                os.close(saved)


def _point_stdout_at_stderr() -> int:
    """Point file descriptor 1 at what 2 is; a copy of what 1 was, or -1 when either is not open."""
    try:
        saved = os.dup(1)
    except OSError:
        return -1
    try:
        os.dup2(2, 1)
    except OSError:
        os.close(saved)
        return -1
    return saved


def _flush(*streams: object) -> None:
    for stream in streams:
        with contextlib.suppress(Exception):
            stream.flush()  # type: ignore[attr-defined]


# -- exits and interrupts -----------------------------------------------------

_SIGINTS = [0]


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    _SIGINTS[0] += 1
    signal.default_int_handler(signum, frame)


def track_sigint() -> None:
    """Count the user's Ctrl-Cs (SIGINT), so that a plugin's own ``KeyboardInterrupt`` can be told from them.

    Only Python's default handler is replaced (by one that counts and then
    does the same); a program that installed its own keeps it.
    """
    with contextlib.suppress(ValueError):  # not the main thread: signals cannot be handled here
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_sigint)


def sigints() -> int:
    """How many SIGINTs the process has had (while :func:`track_sigint` counts them)."""
    return _SIGINTS[0]


def plugins_own(error: BaseException, sigints_before: int) -> bool:
    """Whether ``error``, raised in plugin code, is the plugin's own (to be caught), not the user's Ctrl-C.

    Everything is the plugin's own (``SystemExit``, a ``BaseException`` of
    its own) but a ``KeyboardInterrupt`` that may be the user's: one when a
    SIGINT arrived since ``sigints_before``, or when SIGINTs are not counted
    here (another handler took over). Only one known not to come from a
    signal is the plugin's; so is every one while SIGINT is ignored (a
    background job's), when no Ctrl-C can reach the process.
    """
    if isinstance(error, KeyboardInterrupt):
        handler = signal.getsignal(signal.SIGINT)
        if handler is signal.SIG_IGN:
            return True
        return handler is _on_sigint and _SIGINTS[0] == sigints_before
    return True


def exit_reason(error: BaseException) -> str:
    """What a plugin raised, in words: ``SystemExit: 3``, ``KeyboardInterrupt``, ``ZeroDivisionError: ...``."""
    if isinstance(error, SystemExit):
        code = error.code
        return f"SystemExit: {code}" if code is not None else "SystemExit"
    message = " ".join(str(error).split())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__
