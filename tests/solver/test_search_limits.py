"""The search's limits: CPU time of its own thread, a budget of positions, memory; and why a search stopped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from patience import Game
from patience._build import compiled_modules
from patience_solver import Outcome, SolveResult, Stop, _memory, solve
from patience_solver._memory import process_sizes
from patience_solver.daily import check_candidate

pytestmark = pytest.mark.timeout(300)

#: FreeCell deals: 13996 takes about 96,000 positions to win, 11982 is lost after 139,579.
HARD, LOST = 13996, 11982
#: A FreeCell deal no search decides within seconds: it grows by tens of megabytes a second and is
#: decided neither way before memory runs short.
ENDLESS = 6825625742


def freecell(deal: int) -> Game:
    return Game.new("freecell", deal=deal)


def solve_in_thread_while_main_burns(deal: int, **limits: float | int) -> tuple[SolveResult, float]:
    """Solve ``deal`` in a worker thread while this thread keeps the interpreter busy; the result and wall time.

    The compiled search holds the interpreter for as long as it runs, unless it reads the system
    (its looks at the memory) or calls Python code, so a busy thread beside it hardly slows it
    on a machine with a core to spare. The worker therefore stands aside each time the search
    reports progress (every 2000 positions): it sleeps 30 ms, as a thread of a loaded machine
    waits for a core, and then waits for the interpreter, which this thread keeps in C calls of
    a few milliseconds each. In either build the worker's wall time runs well past its own CPU
    time, which alone its time limit counts.
    """
    game = freecell(deal)
    out: list[SolveResult] = []

    def let_go(_positions: int) -> None:
        time.sleep(0.03)

    def run() -> None:
        out.append(solve(game.variant, game.position, progress=let_go, **limits))  # type: ignore[arg-type]

    worker = threading.Thread(target=run)
    started = time.monotonic()
    worker.start()
    while worker.is_alive():
        sum(range(200_000))  # a few milliseconds in one C call, holding the interpreter
    worker.join()
    return out[0], time.monotonic() - started


def test_the_time_limit_counts_the_search_threads_cpu_time_within_five_percent() -> None:
    limit = 1.0
    # Not the lost deal: a fast enough build proves it lost in less than a second of CPU time.
    result, wall = solve_in_thread_while_main_burns(ENDLESS, time_limit=limit)
    assert result.outcome is Outcome.UNDECIDED
    assert result.reason is Stop.TIME
    # The worker stood aside about a third of the time: a wall-clock limit would stop well short
    # of a CPU second.
    assert wall > result.cpu_seconds * 1.3
    assert limit * 0.95 <= result.cpu_seconds <= limit * 1.05


def test_a_verdict_within_the_time_limit_does_not_depend_on_another_busy_thread() -> None:
    game = freecell(HARD)
    quiet = solve(game.variant, game.position)
    assert quiet.outcome is Outcome.SOLVED
    # Room for the quiet search's CPU time, which grows by up to half beside a busy thread (caches
    # shared with it, switches between the two), and less than the wall time it takes beside one.
    limit = quiet.cpu_seconds * 2.5
    loaded, wall = solve_in_thread_while_main_burns(HARD, time_limit=limit)
    assert wall > limit
    assert loaded.outcome is Outcome.SOLVED
    assert loaded.moves == quiet.moves
    assert loaded.positions == quiet.positions


def test_a_budget_of_positions_is_the_reason_a_search_stopped() -> None:
    game = freecell(LOST)
    result = solve(game.variant, game.position, max_positions=3000)
    assert result.outcome is Outcome.UNDECIDED
    assert result.reason is Stop.POSITIONS
    assert 3000 <= result.positions < 3200


def test_a_cancelled_search_says_so() -> None:
    game = freecell(LOST)
    cancel = threading.Event()
    cancel.set()
    result = solve(game.variant, game.position, cancel=cancel)
    assert (result.outcome, result.reason) == (Outcome.UNDECIDED, Stop.CANCELLED)


def test_a_decided_search_has_no_reason() -> None:
    won = solve(freecell(1).variant, freecell(1).position)
    assert (won.outcome, won.reason) == (Outcome.SOLVED, None)
    assert won.cpu_seconds > 0


MEASURED = """
import json, os
from patience import Game
from patience_solver import solve
game = Game.new("freecell", deal=11982)
with open("/proc/self/statm") as handle:
    before = int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
result = solve(game.variant, game.position, max_memory=6_000_000)
# VmHWM, not getrusage: a child's ru_maxrss keeps the parent's size from before the exec.
with open("/proc/self/status") as handle:
    peak = next(int(line.split()[1]) * 1024 for line in handle if line.startswith("VmHWM:"))
reason = result.reason.value if result.reason else None
print(json.dumps([result.outcome.value, reason, result.positions, peak - before]))
"""


def test_a_memory_limit_stops_the_search_before_it_is_passed() -> None:
    # In a fresh process, so that its peak resident size is this search's.
    done = subprocess.run([sys.executable, "-c", MEASURED], capture_output=True, text=True, timeout=280, check=True)
    outcome, reason, positions, growth = json.loads(done.stdout)
    assert (outcome, reason) == ("unknown", "memory")
    # The search stopped early and grew less than its limit: the proof takes 139,579 positions, and about 9 MB
    # in the compiled build's packed table, 18 MB in the pure build's dict.
    assert 1000 < positions < 130_000
    assert growth < 6_000_000


def test_without_a_memory_limit_of_its_own_the_search_still_decides() -> None:
    result = solve(freecell(HARD).variant, freecell(HARD).position, max_memory=0)
    assert result.outcome is Outcome.SOLVED


SCRIPT = """
import resource, sys
import patience_solver._search as search
from patience import Game
from patience_solver import solve
search.MEMORY_EVERY = 1 << 60  # never look at the memory: let the system refuse it
resource.setrlimit(resource.RLIMIT_AS, (900_000_000, resource.RLIM_INFINITY))
game = Game.new("freecell", deal=6825625742)
result = solve(game.variant, game.position, time_limit=600)
print(result.outcome.value, result.reason.value if result.reason else None)
"""


@pytest.mark.skipif(bool(compiled_modules()), reason="the compiled build reads MEMORY_EVERY as a constant")
def test_a_memory_error_is_a_stop_for_lack_of_memory() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=280, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "unknown memory\n"


def test_the_daily_check_refuses_to_skip_a_candidate_stopped_by_memory() -> None:
    # A fresh process: in a long-lived one the search may grow into memory freed by earlier work,
    # and a limit on growth is then never reached.
    script = (
        "from patience import Game\n"
        "from patience_solver.daily import DailyError, check_candidate\n"
        f"game = Game.new('freecell', deal={LOST})\n"
        "try:\n"
        f"    check_candidate(game.variant, 4, {LOST}, max_memory=1)\n"
        "except DailyError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True)
    assert "ran out of memory before its 20,000 positions" in done.stdout, done.stdout + done.stderr


def test_the_daily_check_decides_within_the_default_memory() -> None:
    game = freecell(1)
    assert check_candidate(game.variant, 4, 1).outcome is Outcome.SOLVED


def _statm_resident() -> int:
    """The resident size from a fresh read of ``/proc/self/statm``, in bytes."""
    with open("/proc/self/statm", "rb") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux's /proc only")
def test_the_sizes_read_from_the_kept_descriptor_follow_the_process() -> None:
    before = process_sizes()[1]
    grown = bytearray(64 << 20)
    grown[::4096] = b"\1" * len(range(0, len(grown), 4096))  # touched, so resident
    after = process_sizes()[1]
    assert after - before >= 60 << 20
    assert abs(after - _statm_resident()) < 4 << 20
    del grown


def in_a_forked_child(check: Callable[[], bool]) -> bool:
    """``check()`` run in a forked child of this process: its answer, through a pipe."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports through the pipe
        try:
            os.write(writer, b"yes" if check() else b"no")
        finally:
            os._exit(0)
    os.close(writer)
    said = os.read(reader, 16)
    os.close(reader)
    os.waitpid(pid, 0)
    return said == b"yes"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_reads_its_own_sizes() -> None:
    process_sizes()  # the parent's descriptor is open

    def own_sizes() -> bool:
        grown = bytearray(96 << 20)
        grown[::4096] = b"\1" * len(range(0, len(grown), 4096))
        return abs(process_sizes()[1] - _statm_resident()) < 4 << 20 and len(grown) > 0

    assert in_a_forked_child(own_sizes)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_closes_the_parents_descriptor_as_it_starts() -> None:
    process_sizes()
    inherited = _memory._STATM[1]

    def closed_and_forgotten() -> bool:
        try:
            os.fstat(inherited)
        except OSError:
            return not _memory._STATM
        return False

    assert in_a_forked_child(closed_and_forgotten)
    os.fstat(inherited)  # the parent's own stays open


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="Linux's /proc only")
@pytest.mark.parametrize("reuse", ["directory", "file"])
def test_a_descriptor_that_stops_reading_the_sizes_is_dropped_and_the_file_now_under_its_number_stays_open(
    tmp_path: Path, reuse: str
) -> None:
    """Something closed the kept descriptor and its number now names another file: that file is left alone."""
    process_sizes()
    number = _memory._STATM[1]
    if reuse == "directory":  # reading it fails (EISDIR)
        opened = os.open(tmp_path, os.O_RDONLY)
    else:  # reading it gives no sizes
        (tmp_path / "notes").write_text("not the sizes\n")
        opened = os.open(tmp_path / "notes", os.O_RDONLY)
    other = os.dup2(opened, number)  # closes the kept descriptor and puts the other file under its number
    os.close(opened)
    try:
        assert process_sizes()[0] == 0  # the fallback: only the peak resident size is known
        os.fstat(other)  # still open
        assert process_sizes()[0] > 0  # a new descriptor reads the sizes again
        assert _memory._STATM[1] != other
    finally:
        os.close(other)
