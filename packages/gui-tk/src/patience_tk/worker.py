"""Long work (the solver) in a worker thread, with results handed back to the Tk thread through a queue.

Tk may only be touched from the thread that runs its main loop, so a
:class:`Job` never calls back from its thread: it puts what it has on a
queue, and the Tk side polls that queue with ``after``. The window never
freezes, and a job can be cancelled through its :class:`threading.Event`.
"""

from __future__ import annotations

import contextlib
import gc
import queue
import threading
import tkinter as tk
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Job"]

T = TypeVar("T")

#: How often the Tk side looks at the queue, in milliseconds.
POLL_MS = 40


class Job(Generic[T]):
    """Run ``work(cancel, report)`` in a daemon thread; call ``done`` (or ``failed``) on the Tk thread.

    ``report(value)`` from the worker reaches ``progress`` on the Tk thread.
    After :meth:`cancel` no callback runs, except that the work is asked to
    stop through the ``cancel`` event it was given.
    """

    def __init__(
        self,
        widget: tk.Misc,
        work: Callable[[threading.Event, Callable[[object], None]], T],
        done: Callable[[T], None],
        *,
        progress: Callable[[object], None] | None = None,
        failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        self._widget = widget
        self._work = work
        self._done = done
        self._progress = progress
        self._failed = failed
        self._queue: queue.Queue[tuple[str, object]] = queue.Queue()
        self.cancel_event = threading.Event()
        self.finished = False
        """True once ``done`` or ``failed`` ran, or the job was cancelled."""
        # The thread gets the work, the event and the queue, and nothing that refers to a widget:
        # a Tk object garbage-collected in another thread aborts the interpreter. For the same
        # reason, garbage already waiting (a closed dialog, say) is collected here, on the Tk thread,
        # rather than by whichever thread happens to trigger the next collection.
        gc.collect()
        self._thread = threading.Thread(
            target=_run, args=(work, self.cancel_event, self._queue), name="patience-tk-job", daemon=True
        )
        self._thread.start()
        self._after: str | None = widget.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._after = None
        if self.finished:
            return
        try:
            while True:
                kind, value = self._queue.get_nowait()
                if kind == "progress":
                    if self._progress is not None:
                        self._progress(value)
                    continue
                self.finished = True
                if kind == "done":
                    self._done(value)  # type: ignore[arg-type]
                elif self._failed is not None:
                    assert isinstance(value, BaseException)
                    self._failed(value)
                return
        except queue.Empty:
            pass
        try:
            self._after = self._widget.after(POLL_MS, self._poll)
        except tk.TclError:  # the window is gone
            self.finished = True

    @property
    def running(self) -> bool:
        """Whether the job has neither finished nor been cancelled."""
        return not self.finished

    def cancel(self) -> None:
        """Ask the work to stop and drop its result."""
        self.cancel_event.set()
        self.finished = True
        if self._after is not None:
            with contextlib.suppress(tk.TclError):
                self._widget.after_cancel(self._after)
            self._after = None


def _run(
    work: Callable[[threading.Event, Callable[[object], None]], object],
    cancel: threading.Event,
    results: queue.Queue[tuple[str, object]],
) -> None:
    try:
        result = work(cancel, lambda value: results.put(("progress", value)))
    except BaseException as error:  # handed to the Tk thread, which decides what to say
        results.put(("failed", error))
    else:
        results.put(("done", result))
