"""How ``patience census`` gets its deals solved: in this process, in worker processes, or on a Dask cluster.

The deals are handed out in chunks as workers take them: at most a few
chunks per worker are waiting at any time, so memory stays flat whatever
the range (1-8,589,934,591 included), and the results come back in the
order of the deals. A census that writes to a ``--resume`` file skips the
deals that file already holds, so one that was interrupted and started
again does only the deals missing from its output.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from patience_cli.texts import _

__all__ = [
    "HEADER",
    "HEADER_WITHOUT_REASON",
    "REASONS",
    "RESULTS",
    "ClusterRunner",
    "InlineRunner",
    "PoolRunner",
    "ResumeError",
    "Row",
    "Runner",
    "Task",
    "chunks",
    "count_missing",
    "file_header",
    "identity_line",
    "memory_per_job",
    "missing",
    "read_done",
    "results",
    "solve_chunk",
    "usable_cores",
]

#: The CSV header every census writes first.
HEADER = "deal,result,moves,seconds,reason"
#: The header of a census CSV written before rows said why a deal is unknown (``--resume`` still appends to one).
HEADER_WITHOUT_REASON = "deal,result,moves,seconds"

#: How the first line of a ``--resume`` file says which census it holds.
IDENTITY_PREFIX = "# census "


def identity_line(variant: str, cells: int, max_positions: int, time_limit: float | None = None) -> str:
    """The comment line a ``--resume`` file starts with, so that another census cannot append to it."""
    line = f"{IDENTITY_PREFIX}{variant}, {cells} cells, at most {max_positions} positions"
    return line if time_limit is None else f"{line}, time limit {time_limit:g} s"


#: The results a row may hold.
RESULTS = ("solved", "unsolvable", "unknown")
#: Why a deal is unknown, in the ``reason`` column (empty for a decided deal).
REASONS = ("positions", "time", "memory", "cancelled")

#: One deal's result: ``(deal, result, moves, seconds, reason)``; ``moves`` is None unless solved,
#: ``reason`` (one of :data:`REASONS`) None unless unknown.
Row = tuple[int, str, int | None, float, str | None]
#: One chunk of work: ``(variant name, cells, time limit or None, position budget, deals, memory per search or None)``.
Task = tuple[str, int, float | None, int | None, tuple[int, ...], int | None]


def solve_chunk(
    name: str,
    cells: int,
    time_limit: float | None,
    max_positions: int | None,
    deals: tuple[int, ...],
    max_memory: int | None = None,
) -> list[Row]:
    """Solve ``deals`` of the variant called ``name`` one after the other (in whatever process runs it).

    With ``max_positions`` each verdict depends only on the deal and the
    budget, never on how busy the machine is: ``time_limit`` counts CPU
    time and ``max_memory`` (bytes a search may take) only stops a search
    that would run out of memory, and a row says which stopped it.
    """
    from patience import deal_position, get_variant
    from patience_solver import solve

    variant = get_variant(name)
    rows: list[Row] = []
    for deal in deals:
        started = time.monotonic()
        position = deal_position(variant, deal, cells)
        result = solve(variant, position, time_limit=time_limit, max_positions=max_positions, max_memory=max_memory)
        moves = len(result.moves) if result.outcome.value == "solved" else None
        reason = None if result.reason is None else result.reason.value
        rows.append((deal, result.outcome.value, moves, time.monotonic() - started, reason))
    return rows


def memory_per_job(jobs: int) -> int | None:
    """The memory each of ``jobs`` searches running side by side may take by default: what is free, shared out."""
    from patience_solver._memory import default_allowance

    return default_allowance(jobs)


def file_header(path: Path) -> str | None:
    """The CSV header of the census file at ``path`` (after its identity line), or None when it has none yet."""
    if not path.exists():
        return None
    with path.open("rb") as handle:
        for raw in handle:
            line = raw.decode("utf-8", "replace").strip()
            if not line.startswith(IDENTITY_PREFIX):
                return line
    return None


def usable_cores() -> int:
    """How many cores this process may run on (its CPU affinity where the system says)."""
    if hasattr(os, "sched_getaffinity"):
        return max(len(os.sched_getaffinity(0)), 1)
    return os.cpu_count() or 1


# -- which deals --------------------------------------------------------------


class ResumeError(ValueError):
    """A ``--resume`` file that is not a census CSV; the message says which line and why."""


def read_done(path: Path) -> tuple[list[tuple[int, int]], bool, str | None]:
    """The deals a census CSV at ``path`` already holds, as sorted, merged ``(first, last)`` spans.

    Also whether the file ends in a line that an interruption cut short (no
    newline at the end): the caller drops that line before appending; and
    the file's identity line (see :func:`identity_line`), or ``None`` for a
    CSV without one (written to stdout and redirected). A file that does not
    exist or is empty holds no deals. Consecutive deals are kept as one span,
    so a file of a million rows in order costs one pair.
    """
    spans: list[tuple[int, int]] = []
    cut = False
    identity: str | None = None
    if not path.exists():
        return spans, cut, identity
    with path.open("rb") as handle:
        header_line = 1
        for number, raw in enumerate(handle, 1):
            if not raw.endswith(b"\n"):
                cut = True
                break
            line = raw.decode("utf-8", "replace").strip()
            if number == 1 and line.startswith(IDENTITY_PREFIX):
                identity, header_line = line, 2
                continue
            if number == header_line:
                if line not in (HEADER, HEADER_WITHOUT_REASON):
                    raise ResumeError(
                        _("{file}: line {number} is {line}, not the census header {header}").format(
                            file=path, number=number, line=repr(line[:60]), header=repr(HEADER)
                        )
                    )
                continue
            fields = line.split(",")
            if (
                len(fields) not in (4, 5)
                or not fields[0].isascii()
                or not fields[0].isdigit()
                or fields[1] not in RESULTS
                or (len(fields) == 5 and fields[4] not in ("", *REASONS))
            ):
                raise ResumeError(
                    _("{file}: line {number} is {line}, not a census row like 1,solved,93,0.120").format(
                        file=path, number=number, line=repr(line[:60])
                    )
                )
            deal = int(fields[0])
            if spans and spans[-1][1] + 1 == deal:
                spans[-1] = (spans[-1][0], deal)
            else:
                spans.append((deal, deal))
    return _merged(spans), cut, identity


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for first, last in sorted(spans):
        if out and first <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return out


def missing(span: range, done: list[tuple[int, int]]) -> Iterator[range]:
    """The parts of ``span`` (a step-1 range) that ``done`` (sorted, merged spans) does not cover, in order."""
    start = span.start
    for first, last in done:
        if last < start:
            continue
        if first >= span.stop:
            break
        if first > start:
            yield range(start, first)
        start = max(start, last + 1)
    if start < span.stop:
        yield range(start, span.stop)


def count_missing(span: range, done: list[tuple[int, int]]) -> int:
    """How many deals :func:`missing` yields."""
    return sum(len(part) for part in missing(span, done))


def chunks(parts: Iterable[range], size: int) -> Iterator[tuple[int, ...]]:
    """The deals of ``parts`` in order, ``size`` at a time (the last chunk of a part may be shorter)."""
    for part in parts:
        for first in range(part.start, part.stop, size):
            yield tuple(range(first, min(first + size, part.stop)))


# -- who solves them -----------------------------------------------------------


class Runner:
    """Where chunks are solved: :meth:`submit` hands one out, the function it returns waits for its rows."""

    #: How many workers take chunks at once (the census keeps a few chunks waiting for each).
    workers = 1

    def submit(self, task: Task) -> Callable[[], list[Row]]:
        """Start solving ``task``; the returned function waits for and returns its rows."""
        raise NotImplementedError

    def close(self, *, interrupted: bool = False) -> None:
        """Stop the workers; after an interruption, without waiting for the chunks they hold."""


class InlineRunner(Runner):
    """Solve in this process, a chunk at a time, when it is asked for (``--jobs 1``)."""

    def submit(self, task: Task) -> Callable[[], list[Row]]:
        """Solve ``task`` when its rows are asked for, so that the first row comes at once."""
        return lambda: solve_chunk(*task)


class PoolRunner(Runner):
    """Solve in ``workers`` worker processes (``--jobs N``), started with ``spawn``.

    The workers never see Ctrl-C: SIGINT is ignored in this process while
    they are started, an ignored signal stays ignored across ``exec``, and
    Python leaves SIGINT alone at start-up when its parent ignored it. So a
    Ctrl-C that reaches a worker still importing (the whole process group
    gets it) is not a ``KeyboardInterrupt`` there; only this process is
    interrupted, and it ends the workers without the stray
    ``Process SpawnPoolWorker-N:`` reports or tracebacks they would print.
    (A blocked signal mask is not enough: the spawned worker does not keep it.)
    """

    def __init__(self, workers: int) -> None:
        import multiprocessing
        import threading

        self.workers = workers
        # signal.signal may only be called from the main thread (where the census runs).
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            self._pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_interrupts)
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)

    def submit(self, task: Task) -> Callable[[], list[Row]]:
        """Queue ``task`` for the next free worker."""
        pending = self._pool.apply_async(solve_chunk, task)
        return lambda: list(pending.get())

    def close(self, *, interrupted: bool = False) -> None:
        """Let the workers finish and end, or (interrupted) end them at once."""
        if interrupted:
            self._pool.terminate()
        else:
            self._pool.close()
        self._pool.join()


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is for the census process, which ends the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ClusterRunner(Runner):
    """Solve on a Dask distributed cluster whose scheduler listens at ``address`` (``--cluster``).

    Every worker needs the same patience installed (the tasks name
    :func:`solve_chunk` by its module).
    """

    def __init__(self, address: str, timeout: float = 10.0) -> None:
        import distributed

        # distributed has no type annotations here: the client is used through Any.
        client_class: Any = distributed.Client
        self._client: Any = client_class(address, timeout=timeout)
        threads: dict[str, int] = self._client.nthreads()
        self.workers = max(sum(threads.values()), 1)
        self._pending: set[Any] = set()

    def submit(self, task: Task) -> Callable[[], list[Row]]:
        """Send ``task`` to the scheduler, which gives it to the next free worker thread."""
        # pure=False: two chunks are never the same task, even with equal arguments.
        future = self._client.submit(solve_chunk, *task, pure=False)
        self._pending.add(future)

        def rows() -> list[Row]:
            try:
                return list(future.result())
            finally:
                self._pending.discard(future)
                future.release()

        return rows

    def close(self, *, interrupted: bool = False) -> None:
        """Cancel what is still queued and disconnect (the cluster itself keeps running)."""
        with contextlib.suppress(Exception):
            if self._pending:
                self._client.cancel(list(self._pending))
        self._client.close()


def results(runner: Runner, tasks: Iterable[Task], ahead: int) -> Iterator[Row]:
    """The rows of ``tasks`` in order, with at most ``ahead`` chunks handed out and not yet read."""
    waiting: deque[Callable[[], list[Row]]] = deque()
    for task in tasks:
        waiting.append(runner.submit(task))
        if len(waiting) >= ahead:
            yield from waiting.popleft()()
    while waiting:
        yield from waiting.popleft()()
