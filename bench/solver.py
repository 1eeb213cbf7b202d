"""Benchmark: patience's solver beside Freecell Solver (fc-solve) on the same machine, in the same run.

Usage (from the repository root)::

    .venv/bin/python bench/solver.py all --builds both      # FreeCell on a random range, every other game, hints
    .venv/bin/python bench/solver.py freecell --range 1-32000
    .venv/bin/python bench/solver.py games --games bakers-game,seahaven-towers --deals 1-200
    .venv/bin/python bench/solver.py eight-off --cells 8 --range 1-1000
    .venv/bin/python bench/solver.py hint --range 1-100
    .venv/bin/python bench/solver.py all --quick        # small ranges of everything

The whole measurement, after ``python3 tasks.py setup --compiled``::

    PYTHONHASHSEED=0 .venv/bin/python bench/solver.py all --builds both > solver-bench.md

``freecell``: Microsoft deals with 4 cells, the range of ``--range``; without
one, a range of 1,000 deals drawn at random from 100,001 to 2^31 - 1 (printed
first), so that the figures come from deals no tuning has seen. This solver
runs in-process, one deal after another (``--jobs N`` spreads them over N
processes; times are still the sum of per-deal CPU times, i.e. one core's
worth). fc-solve runs ``freecell-solver-range-parallel-solve FIRST LAST 1 -l
lg`` three times (or ``--repeat`` times if more) for its total time: one
process, one core, timed in CPU time (user + system, the same measure as this
solver's) and in wall time, the median run of each; the time ratio is taken
from CPU times. Then ``fc-solve -l lg -m -snx`` once per deal gives its
verdicts and solution lengths, ``--jobs`` processes at a time (default: one
per core; these runs are not timed). Lengths count moves not to a foundation;
a run moved as one action is one move on both sides.

``games``: every installed game that fc-solve knows (``tests/variants/fcsolve_games.py``
maps each to its ``--game`` preset) and that its build here runs (at most 10
columns, no column longer than it reads), FreeCell aside, on ``--deals``
(1-200) with the game's default cells. Each build solves each game in a fresh
child process (its peak memory is its own: the whole Python process) within
``--max-positions`` (20,000, the budget of ``bench/games.py``) positions a deal; fc-solve runs once per deal
with ``-mi`` as many iterations, timed in CPU time, its peak memory from GNU
time. A process of fc-solve that reads the board and stops after one
iteration gives its start-up, so that the ratio against its search alone is
printed beside the ratio against its whole runs. Each table gives verdicts,
positions a deal (mean and median), µs a position, CPU time and the ratios.

``eight-off``: verdicts side by side with ``fc-solve --game eight_off
--freecells-num N -mi 2000000`` (no ``-l lg``: that preset resets the
empty-column rule), run as FreeCell's per-deal runs are. fc-solve caps runs
at cells + 1 in kings-only games where we allow ``(free + 1) * 2^empty``, so
this solver may win deals fc-solve cannot.

``hint``: plays half of a solution of each FreeCell deal, then times
:func:`patience_solver.hint` from a fresh game object (no remembered plan).

``--builds both`` (with the compiled build set up: ``python3 tasks.py setup
--compiled``) also runs this solver from its pure Python sources, in a child
process with ``PATIENCE_COMPILED=0``, and puts the two builds side by side
(and checks that they agree on every verdict, length and position count).

``--repeat N`` runs this solver (each build, alternating) N times over each
range, prints every FreeCell run's total and the median, takes the ratios
from the medians, and checks that every run gave the same verdicts, lengths
and positions expanded. The per-deal figures (and ``--save``) come from the
run whose total is the median.

Prints Markdown. Other processes on the machine (it has 2 cores and is
shared) affect the times, less so the CPU times: compare the columns of one
run, not runs.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from patience import Game, PlaceKind, Position, deal_position, format_board, get_variant
from patience.plugins import variants
from patience_solver import Outcome, hint, schedule_for, solve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "variants"))
from fcsolve_games import GAMES, FcsGame, fc_solve_command

FC_SOLVE = shutil.which("fc-solve")
MOVE = re.compile(r"(?:10|[1-9a-gk])(?:10|[1-9a-hk])(?:v[0-9a-f]+)?")
FC_RANGE = shutil.which("freecell-solver-range-parallel-solve")


def parse_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def ours_one(job: tuple[str, int, int, float, int | None]) -> Row:
    name, deal, cells, limit, budget = job
    variant = get_variant(name)
    position = deal_position(variant, deal, cells)
    started = time.process_time()
    result = solve(variant, position, time_limit=limit, max_positions=budget)
    seconds = time.process_time() - started
    length = sum(1 for move in result.moves if move.destination.kind is not PlaceKind.FOUNDATION)
    return deal, result.outcome.value, length, seconds, result.positions


Row = tuple[int, str, int, float, int]


def build_name() -> str:
    """Which build this process runs: ``compiled`` or ``pure``."""
    from patience._build import is_compiled

    return "compiled" if is_compiled() else "pure"


def run_pure(name: str, cells: int, deals: range, jobs: int, limit: float) -> list[Row]:
    """:func:`run_ours` in a child process that runs the pure Python sources (``PATIENCE_COMPILED=0``)."""
    return run_child("pure", name, cells, deals, limit, jobs)[0]


def run_child(
    build: str, name: str, cells: int, deals: range, limit: float, jobs: int = 1, budget: int | None = None
) -> tuple[list[Row], float]:
    """:func:`run_ours` in a fresh child process of ``build`` (``pure``, or ``this``: the installed build).

    Returns the rows and the child's own peak memory in MiB (the whole Python process, interpreter included).
    """
    env = {**os.environ, "PATIENCE_COMPILED": "0"} if build == "pure" else dict(os.environ)
    command = [sys.executable, __file__, "rows", "--variant", name, "--cells", str(cells)]
    command += ["--range", f"{deals.start}-{deals.stop - 1}", "--jobs", str(jobs), "--time-limit", str(limit)]
    if budget is not None:
        command += ["--max-positions", str(budget)]
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True, check=True)
    rows: list[Row] = []
    peak = float("nan")
    for line in done.stdout.splitlines():
        if line.startswith("peak,"):
            peak = float(line.split(",")[1])
            continue
        deal, verdict, length, seconds, positions = line.split(",")
        rows.append((int(deal), verdict, int(length), float(seconds), int(positions)))
    return rows, peak


def run_ours(name: str, cells: int, deals: range, jobs: int, limit: float, budget: int | None = None) -> list[Row]:
    work = [(name, deal, cells, limit, budget) for deal in deals]
    if jobs == 1:
        return collect(map(ours_one, work), len(work))
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return collect(pool.imap(ours_one, work, chunksize=8), len(work))


def collect(iterator: Iterator[Row], count: int) -> list[Row]:
    results = []
    for n, row in enumerate(iterator, start=1):
        results.append(row)
        if n % 500 == 0:
            print(f"  ours: {n}/{count}", file=sys.stderr, flush=True)
    return results


def fc_one(board: str, args: list[str]) -> tuple[str, int]:
    """fc-solve's verdict and solution length (moves not to a foundation) for one board."""
    assert FC_SOLVE is not None
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(board)
    try:
        done = subprocess.run(
            [FC_SOLVE, *args, "-m", "-snx", handle.name], capture_output=True, text=True, timeout=600, check=False
        )
    finally:
        os.unlink(handle.name)
    out = done.stdout
    if "This game is solveable." in out:
        tokens = [token for line in out.splitlines() for token in line.split()]
        moves = [token for token in tokens if MOVE.fullmatch(token)]
        return "solved", sum(1 for move in moves if not move.endswith("h"))
    if "I could not solve this game." in out:
        return "unsolvable", 0
    return "unknown", 0


def fc_verdicts(boards: list[str], args: list[str], workers: int) -> tuple[list[tuple[str, int]], float]:
    """:func:`fc_one` on every board, ``workers`` fc-solve processes at a time, and the wall time it took.

    Threads are enough: each one only waits for its fc-solve process. The rows come back in the boards' order.
    """
    started = time.perf_counter()
    rows: list[tuple[str, int]] = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for n, row in enumerate(pool.map(partial(fc_one, args=args), boards), start=1):
            rows.append(row)
            if n % 2000 == 0:
                print(f"  fc-solve: {n}/{len(boards)}", file=sys.stderr, flush=True)
    return rows, time.perf_counter() - started


#: fc-solve's range run is short (seconds), so one slow moment moves it: it is timed at least this many times.
FC_RUNS = 3


@dataclass
class FcTiming:
    """fc-solve's range runs over the deals: each run's CPU time (user + system) and wall time, in seconds."""

    cpu: list[float]
    wall: list[float]
    peak_mib: float


def fc_range_time(deals: range, runs: int) -> FcTiming | None:
    """Time ``freecell-solver-range-parallel-solve FIRST LAST 1 -l lg`` (one process, one core) ``runs`` times.

    The CPU time is the child's user + system time (this process's ``RUSAGE_CHILDREN`` before and after: nothing
    else runs meanwhile), which a loaded machine moves far less than the wall time; the solver here is timed in CPU
    time too. The peak memory comes from GNU time when it is there: a child forked from this (large) process would
    report this process's size as its own peak.
    """
    if FC_RANGE is None:
        return None
    command = [FC_RANGE, str(deals.start), str(deals.stop - 1), "1", "-l", "lg"]
    gnu_time = Path("/usr/bin/time")
    if gnu_time.exists():
        command = [str(gnu_time), "-f", "PEAK_KIB=%M", *command]
    timing = FcTiming([], [], float("nan"))
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        timing.wall.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        timing.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            print(f"  fc-solve's range run exited with {done.returncode}: {done.stderr[-300:]}", file=sys.stderr)
        match = re.search(r"PEAK_KIB=(\d+)", done.stderr)
        if match:
            timing.peak_mib = int(match.group(1)) / 1024
    return timing


def pct(values: list[int], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return str(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def peak_mib(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def total(rows: list[Row]) -> float:
    """One run's time: the sum of its deals' CPU times (one core's worth)."""
    return sum(row[3] for row in rows)


def median_run(runs: list[list[Row]]) -> list[Row]:
    """The run whose total is the median (the lower middle one of an even number)."""
    return sorted(runs, key=total)[(len(runs) - 1) // 2]


def fmt_seconds(value: float) -> str:
    """Seconds to two decimals under 10 s, one above."""
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def seconds_text(values: list[float]) -> str:
    """The median of ``values``, with every value when there are several."""
    if len(values) == 1:
        return fmt_seconds(values[0])
    return f"{fmt_seconds(statistics.median(values))} (median of {', '.join(fmt_seconds(v) for v in values)})"


def same_search(runs: list[list[Row]]) -> str:
    """``yes`` when every run gave the same verdict, length and positions expanded on every deal, else the first
    deal where they differ."""
    first = [(r[0], r[1], r[2], r[4]) for r in runs[0]]
    for run in runs[1:]:
        other = [(r[0], r[1], r[2], r[4]) for r in run]
        if other != first:
            deal = next((a[0] for a, b in zip(first, other, strict=False) if a != b), "?")
            return f"NO (first at deal {deal})"
    return "yes"


@dataclass
class Options:
    """The command line's settings that every part of the benchmark uses."""

    jobs: int
    fc_workers: int
    limit: float
    repeat: int
    both: bool


@dataclass
class Runs:
    """This solver's runs over one range: each run's rows and wall time, and the pure build's runs if asked."""

    ours: list[list[Row]]
    walls: list[float]
    pure: list[list[Row]]


def run_repeated(name: str, cells: int, deals: range, options: Options) -> Runs:
    """:func:`run_ours` (and :func:`run_pure` with both builds) ``options.repeat`` times, the builds alternating
    so that a change in the machine's load falls on both."""
    runs = Runs([], [], [])
    for n in range(1, options.repeat + 1):
        if options.repeat > 1:
            print(f"  run {n}/{options.repeat}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        runs.ours.append(run_ours(name, cells, deals, options.jobs, options.limit))
        runs.walls.append(time.perf_counter() - started)
        if options.both:
            runs.pure.append(run_pure(name, cells, deals, options.jobs, options.limit))
    return runs


def bench_freecell(deals: range, options: Options, save: str | None = None) -> None:
    print(f"## FreeCell, 4 cells, deals {deals.start}-{deals.stop - 1}\n", flush=True)
    runs = run_repeated("freecell", 4, deals, options)
    ours_peak = peak_mib(resource.RUSAGE_SELF if options.jobs == 1 else resource.RUSAGE_CHILDREN)
    ours = median_run(runs.ours)
    if save is not None:
        with open(save, "w", encoding="utf-8") as handle:
            handle.write("deal,result,length,cpu_seconds,positions\n")
            handle.writelines(f"{d},{r},{n},{t:.4f},{p}\n" for d, r, n, t, p in ours)
    timing = fc_range_time(deals, max(FC_RUNS, options.repeat))
    fc_cpu = statistics.median(timing.cpu) if timing else None
    fc_rows: list[tuple[str, int]] = []
    fc_seconds = 0.0
    if FC_SOLVE is not None:
        variant = get_variant("freecell")
        boards = [format_board(deal_position(variant, deal, 4)) for deal in deals]
        fc_rows, fc_seconds = fc_verdicts(boards, ["-l", "lg"], options.fc_workers)
    our_len = [row[2] for row in ours if row[1] == "solved"]
    fc_len = [length for verdict, length in fc_rows if verdict == "solved"]
    lost = [row[0] for row in ours if row[1] == "unsolvable"]
    unknown = [row[0] for row in ours if row[1] == "unknown"]
    fc_lost = [deal for deal, row in zip(deals, fc_rows, strict=False) if row[0] != "solved"]
    totals = [total(run) for run in runs.ours]
    ours_median = statistics.median(totals)
    print(f"| | patience ({build_name()}) | fc-solve -l lg |")
    print("| --- | --- | --- |")
    print(f"| deals solved | {len(our_len)} | {len(fc_len) if fc_rows else '-'} |")
    print(f"| proved lost | {len(lost)} {lost[:5]} | not won: {len(fc_lost)} {fc_lost[:5]} |")
    print(f"| undecided | {len(unknown)} {unknown[:5]} | - |")
    fc_cpu_text = seconds_text(timing.cpu) if timing else "-"
    print(f"| total CPU time, one core (s) | {seconds_text(totals)} | {fc_cpu_text} |")
    jobs = f"{options.jobs} job(s)"
    print(f"| wall time (s) | {seconds_text(runs.walls)}, {jobs} | {seconds_text(timing.wall) if timing else '-'} |")
    ratio = f"{ours_median / fc_cpu:.1f}x" if fc_cpu else "-"
    print(f"| time ratio (CPU, medians) | **{ratio}** | 1x |")
    if len(runs.ours) > 1:
        print(f"| same verdicts, lengths and positions in all {len(runs.ours)} runs | {same_search(runs.ours)} | - |")
    print(f"| mean / max time a deal (s) | {total(ours) / len(ours):.3f} / {max(row[3] for row in ours):.2f} | - |")
    positions = sum(row[4] for row in ours)
    median_positions = statistics.median(row[4] for row in ours)
    print(f"| positions a deal (mean / median) | {positions / len(ours):,.0f} / {median_positions:,.0f} | - |")
    print(f"| µs a position | {total(ours) / positions * 1e6:.1f} | - |")
    print(f"| median solution length | {pct(our_len, 0.5)} | {pct(fc_len, 0.5)} |")
    print(f"| 90th percentile length | {pct(our_len, 0.9)} | {pct(fc_len, 0.9)} |")
    mean_ours = f"{statistics.mean(our_len):.1f}" if our_len else "-"
    mean_fc = f"{statistics.mean(fc_len):.1f}" if fc_len else "-"
    print(f"| mean solution length | {mean_ours} | {mean_fc} |")
    fc_peak = timing.peak_mib if timing else float("nan")
    print(f"| peak memory (MiB) | {ours_peak:.0f} (whole Python process) | {fc_peak:.0f} (range solver) |")
    if fc_rows:
        workers = f"{len(fc_rows)} processes, {options.fc_workers} at a time"
        print(f"| per-deal verdict runs, wall (s) | - | {fmt_seconds(fc_seconds)} ({workers}) |")
    if runs.pure:
        pure_totals = [total(run) for run in runs.pure]
        pure_median = statistics.median(pure_totals)
        pure_ratio = f"{pure_median / fc_cpu:.1f}x" if fc_cpu else "-"
        print(f"| pure Python build: total CPU time, one core (s) | {seconds_text(pure_totals)} | - |")
        print(f"| pure Python build: time ratio (CPU, medians) | **{pure_ratio}** | 1x |")
        pure_run = median_run(runs.pure)
        print(
            f"| pure Python build: µs a position | {total(pure_run) / sum(row[4] for row in pure_run) * 1e6:.1f} | - |"
        )
        print(f"| {build_name()} build's speed-up over pure Python | {pure_median / ours_median:.2f}x | - |")
        agree = same_search(runs.ours + runs.pure)
        print(f"| both builds: same verdicts, lengths and positions (every run) | {agree} | - |")
    print(flush=True)


def bench_eight_off(cells: int, deals: range, options: Options) -> None:
    print(f"## Eight Off, {cells} cells, deals {deals.start}-{deals.stop - 1}\n", flush=True)
    runs = run_repeated("eight-off", cells, deals, options)
    ours = median_run(runs.ours)
    variant = get_variant("eight-off")
    fc_rows: list[tuple[str, int]] = []
    fc_seconds = 0.0
    if FC_SOLVE is not None:
        args = ["--game", "eight_off", "--freecells-num", str(cells), "-mi", "2000000"]
        boards = [format_board(deal_position(variant, deal, cells)) for deal in deals]
        fc_rows, fc_seconds = fc_verdicts(boards, args, options.fc_workers)
    table: dict[tuple[str, str], int] = {}
    disagree = []
    for row, fc in zip(ours, fc_rows or [("-", 0)] * len(ours), strict=True):
        table[(row[1], fc[0])] = table.get((row[1], fc[0]), 0) + 1
        if fc[0] == "solved" and row[1] != "solved":
            disagree.append(row[0])
    print("| patience \\ fc-solve | " + " | ".join(["solved", "unsolvable", "unknown"]) + " |")
    print("| --- | --- | --- | --- |")
    for ours_verdict in ("solved", "unsolvable", "unknown"):
        counts = [str(table.get((ours_verdict, fc), 0)) for fc in ("solved", "unsolvable", "unknown")]
        print(f"| {ours_verdict} | " + " | ".join(counts) + " |")
    totals = [total(run) for run in runs.ours]
    print(f"\nfc-solve wins that patience does not: {disagree or 'none'}")
    if fc_rows:
        print(f"fc-solve's per-deal runs: {fmt_seconds(fc_seconds)} s wall, {options.fc_workers} at a time")
    print(f"patience ({build_name()}): total CPU time {seconds_text(totals)} s")
    if len(runs.ours) > 1:
        print(f"same verdicts, lengths and positions in all {len(runs.ours)} runs: {same_search(runs.ours)}")
    if runs.pure:
        pure_totals = [total(run) for run in runs.pure]
        speed_up = statistics.median(pure_totals) / statistics.median(totals)
        print(
            f"pure Python build: total CPU time {seconds_text(pure_totals)} s ({speed_up:.2f}x the {build_name()}"
            f" build's); same verdicts, lengths and positions (every run): {same_search(runs.ours + runs.pure)}"
        )
    print(flush=True)


@dataclass
class FcRun:
    """One fc-solve process on one deal: its verdict, CPU time (user + system, s) and peak memory (KiB)."""

    verdict: str
    cpu: float
    peak_kib: int


def fc_timed(game: FcsGame, position: Position, budget: int) -> FcRun:
    """fc-solve on ``position`` within ``budget`` iterations, timed in CPU time, its peak memory from GNU time."""
    command = fc_solve_command(game, position, budget)
    gnu_time = Path("/usr/bin/time")
    if gnu_time.exists():
        command = [str(gnu_time), "-f", "PEAK_KIB=%M", *command]
    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        command, input=format_board(position), capture_output=True, text=True, env=env, timeout=600, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    said = done.stdout + done.stderr
    match = re.search(r"PEAK_KIB=(\d+)", done.stderr)
    peak = int(match.group(1)) if match else 0
    if "This game is solveable." in said:
        return FcRun("solved", cpu, peak)
    if "I could not solve this game." in said:
        return FcRun("unsolvable", cpu, peak)
    return FcRun("unknown", cpu, peak)


def fc_startup(game: FcsGame, position: Position, runs: int = 5) -> float:
    """The CPU time of one fc-solve process that reads the board and stops after one iteration (median)."""
    return statistics.median(fc_timed(game, position, 1).cpu for _ in range(runs))


def verdicts(values: list[str]) -> str:
    """``solved / lost / unknown`` counts."""
    return " / ".join(str(values.count(v)) for v in ("solved", "unsolvable", "unknown"))


@dataclass
class GameFigures:
    """One build's figures on one game's deals."""

    rows: list[Row]
    peak_mib: float

    @property
    def positions(self) -> int:
        """Positions expanded over all the deals."""
        return sum(row[4] for row in self.rows)

    @property
    def cpu(self) -> float:
        """CPU seconds over all the deals (one core's worth)."""
        return total(self.rows)

    def line(self, build: str, fc_cpu: float, fc_search: float) -> str:
        """The table row of this build."""
        deals = len(self.rows)
        per_position = self.cpu / self.positions * 1e6 if self.positions else float("nan")
        median = statistics.median(row[4] for row in self.rows)
        ratio = f"{self.cpu / fc_cpu:.2f}x" if fc_cpu else "-"
        ratio_search = f"{self.cpu / fc_search:.2f}x" if fc_search > 0 else "-"
        return (
            f"| {build} | {verdicts([row[1] for row in self.rows])} | {self.positions / deals:,.0f} / {median:,.0f} |"
            f" {per_position:.1f} | {fmt_seconds(self.cpu)} | {self.peak_mib:.0f} | **{ratio}** | {ratio_search} |"
        )


def bench_games(deals: range, options: Options, budget: int, names: list[str] | None) -> None:
    """Every installed game that fc-solve knows and its build here runs, on ``deals``: this solver beside fc-solve.

    Each build runs each game in a fresh child process (so its peak memory is its own); fc-solve runs one
    process per deal with ``-mi budget``, timed in CPU time. Its start-up (one process that reads the board and
    stops after one iteration) is measured so that the ratio against its search alone can be given as well.
    """
    installed = variants()
    chosen = [game for name, game in GAMES.items() if name in installed and game.runnable and name != "freecell"]
    if names is not None:
        chosen = [game for game in chosen if game.name in names]
    print(f"## Every other game fc-solve knows, deals {deals.start}-{deals.stop - 1}\n")
    print(f"Budget: {budget:,} positions a deal here, `-mi {budget}` for fc-solve; CPU time, one core.\n")
    for game in chosen:
        variant = installed[game.name]
        cells = variant.default_cells
        positions = [deal_position(variant, deal, cells) for deal in deals]
        schedule = schedule_for(variant.rules).name
        builds: list[tuple[str, GameFigures]] = []
        for n in range(options.repeat):
            del n
            this = GameFigures(*run_child("this", game.name, cells, deals, options.limit, budget=budget))
            builds.append((build_name(), this))
            if options.both:
                pure = GameFigures(*run_child("pure", game.name, cells, deals, options.limit, budget=budget))
                builds.append(("pure", pure))
        fc_runs = [fc_timed(game, position, budget) for position in positions]
        startup = fc_startup(game, positions[0])
        fc_cpu = sum(run.cpu for run in fc_runs)
        fc_search = fc_cpu - startup * len(fc_runs)
        fc_peak = max(run.peak_kib for run in fc_runs) / 1024
        preset = " ".join(["--game", game.preset, *game.options])
        print(f"### {variant.title} (`{game.name}`, {cells} cells, schedule {schedule}; fc-solve `{preset}`)\n")
        print(
            "| who | solved / lost / unknown | positions a deal (mean / median) | µs a position | CPU (s) |"
            " peak (MiB) | ratio to fc-solve | ratio to its search alone |"
        )
        print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
        fc_verdict_text = verdicts([run.verdict for run in fc_runs])
        print(
            f"| fc-solve | {fc_verdict_text} | - | - | {fmt_seconds(fc_cpu)} (search alone {fmt_seconds(fc_search)};"
            f" start-up {startup * 1000:.1f} ms a process) | {fc_peak:.0f} | 1x | 1x |"
        )
        for build, figures in builds:
            print(figures.line(build, fc_cpu, fc_search))
        agree = same_search([figures.rows for _, figures in builds])
        print(f"\nSame verdicts, lengths and positions in every run and build: {agree}\n", flush=True)


def bench_hint(deals: range) -> None:
    print(f"## Hint in the middle of FreeCell games, deals {deals.start}-{deals.stop - 1}\n", flush=True)
    times = []
    for deal in deals:
        game = Game.new("freecell", deal=deal)
        result = solve(game.variant, game.position, time_limit=30)
        if result.outcome is not Outcome.SOLVED:
            continue
        for move in result.moves[: len(result.moves) // 2]:
            game.play(move)
        fresh = Game.from_position(game.variant, game.position)
        started = time.perf_counter()
        answer = hint(fresh, time_limit=2.0)
        times.append(time.perf_counter() - started)
        assert answer.move is not None
    times.sort()
    print("| hints | median (s) | 90th percentile (s) | max (s) | under 0.5 s |")
    print("| --- | --- | --- | --- | --- |")
    under = sum(1 for t in times if t < 0.5)
    print(f"| {len(times)} | {statistics.median(times):.3f} | {pct_f(times, 0.9):.3f} | {max(times):.3f} | {under} |\n")


def pct_f(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


#: The FreeCell deals a random range is drawn from when none is given: past the deals anything was tuned on, and
#: below 2^31, where fc-solve's range solver deals the same boards as ``deal_position`` (Microsoft's numbering).
RANDOM_DEALS = range(100_001, 2**31)
#: How many deals a random FreeCell range holds.
RANDOM_SIZE = 1000


def random_range() -> range:
    """A FreeCell range of :data:`RANDOM_SIZE` deals that no tuning used, drawn afresh each run."""
    import random

    start = random.SystemRandom().randrange(RANDOM_DEALS.start, RANDOM_DEALS.stop - RANDOM_SIZE)
    return range(start, start + RANDOM_SIZE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["freecell", "games", "eight-off", "hint", "all", "rows"])
    parser.add_argument("--variant", default="freecell", help="rows: the variant (rows prints this solver's CSV rows)")
    parser.add_argument(
        "--builds", choices=["this", "both"], default="this", help="both: the pure Python build too, side by side"
    )
    parser.add_argument("--range", default=None, help="FreeCell deals, like 1-32000 (default: a random range)")
    parser.add_argument("--deals", default="1-200", help="games: the deals of every game (default 1-200)")
    parser.add_argument("--games", default=None, help="games: only these, comma-separated (default: every one)")
    parser.add_argument(
        "--max-positions",
        type=int,
        default=None,
        help="positions a deal for this solver, iterations for fc-solve (games: default 20000; else none)",
    )
    parser.add_argument("--cells", type=int, default=None, help="Eight Off cell count (default: 8, 4 and 2)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="processes for this solver (default 1); also fc-solve's per-deal runs at a time (default: the cores)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs of this solver over each range (default 1)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds a deal for this solver")
    parser.add_argument("--quick", action="store_true", help="small ranges: 1-1000 FreeCell, 1-100 the rest")
    parser.add_argument("--save", default=None, help="write this solver's per-deal FreeCell results to this CSV")
    args = parser.parse_args()
    jobs = args.jobs or 1
    if args.what == "rows":
        cells = args.cells if args.cells is not None else 4
        rows = run_ours(args.variant, cells, parse_range(args.range), jobs, args.time_limit, args.max_positions)
        for deal, verdict, length, seconds, positions in rows:
            print(f"{deal},{verdict},{length},{seconds:.6f},{positions}", flush=True)
        print(f"peak,{peak_mib(resource.RUSAGE_SELF if jobs == 1 else resource.RUSAGE_CHILDREN):.1f}")
        return
    if (args.jobs is not None and args.jobs < 1) or args.repeat < 1:
        sys.exit("--jobs and --repeat must be at least 1")
    both = args.builds == "both"
    if both and build_name() == "pure":
        sys.exit("--builds both: set up the compiled build first (python3 tasks.py setup --compiled)")
    options = Options(jobs, args.jobs or os.cpu_count() or 1, args.time_limit, args.repeat, both)
    started = time.perf_counter()
    print(f"Build: {build_name()}{' and pure Python' if both else ''}; each range {args.repeat} time(s)")
    print(f"Machine: {os.cpu_count()} cores; fc-solve: {FC_SOLVE or 'not installed'}\n")
    if args.what in ("freecell", "all"):
        if args.range is not None:
            deals = parse_range(args.range)
        elif args.quick:
            deals = range(1, 1001)
        else:
            deals = random_range()
            print(f"FreeCell range drawn at random: {deals.start}-{deals.stop - 1}\n")
        bench_freecell(deals, options, args.save)
    if args.what in ("games", "all"):
        names = args.games.split(",") if args.games else None
        deals = range(1, 51) if args.quick and args.deals == "1-200" else parse_range(args.deals)
        bench_games(deals, options, args.max_positions or 20_000, names)
    if args.what == "eight-off":
        deals = parse_range(args.range or ("1-100" if args.quick else "1-1000"))
        for cells in [args.cells] if args.cells else [8, 4, 2]:
            bench_eight_off(cells, deals, options)
    if args.what in ("hint", "all"):
        bench_hint(parse_range("1-50" if args.quick else "1-200"))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"Whole run: {time.perf_counter() - started:.0f} s wall; load average at the end {load}")


if __name__ == "__main__":
    main()
