"""Records benchmark: what saving each action costs, and ``patience stats`` over 10,000 recorded games.

    .venv/bin/python bench/records.py            # the numbers recorded in docs/benchmarks.md
    .venv/bin/python bench/records.py --quick    # a smoke run, a few seconds
    .venv/bin/python bench/records.py --keep /tmp/patience-10k   # and keep the 10,000-game store afterwards

Everything happens in a temporary data directory (``PATIENCE_HOME``), never
in the user's.

- **recording**: whole games (FreeCell #1 and Eight Off #160, won, with an
  undo and a redo each) are played twice, action by action, alternately: on
  a game tracked by a store and on an untracked one. Each action's time is
  taken around the game's own method (``play``, ``undo``...), which is where
  the store writes (a transaction per action, from the game's event). The
  recording cost of an action is the tracked time minus the untracked time of
  the same action; p50 and p99 are over every action of every game, and the
  ratio is against the untracked action at the same percentile. This is done
  on an empty store and on the store holding 10,000 games, once with wall
  time (what the player waits, including the time other processes hold the
  CPU) and once with this thread's CPU time (the work itself; a disk wait
  would not show there, only in wall time).
- **stats**: a store with 10,000 ended games (four variants, wins and losses
  mixed, about 90 actions each, made by copying real games' rows) and the
  wall time of ``patience stats`` as a whole process (median of ``--starts``
  runs), against ``patience --help`` in the same run; and ``Store.stats()``
  alone in-process.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from patience import Game
from patience_home.store import Store

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = ROOT / ".venv" / ("Scripts" if os.name == "nt" else "bin") / "patience"
DATA = ROOT / "tests" / "cli" / "data"


def _script(code: str) -> list[str]:
    moves = (DATA / ("fc1_moves.txt" if code.startswith("FC") else "eo160_moves.txt")).read_text().split()
    # An undo and a redo early on, so those are timed too.
    return [*moves[:5], "undo", "redo", *moves[5:]]


def _act(game: Game, token: str) -> None:
    if token == "undo":
        game.undo()
    elif token == "redo":
        game.redo()
    else:
        game.play(token)


def _timed(game: Game, token: str, clock: Callable[[], float]) -> float:
    start = clock()
    _act(game, token)
    return clock() - start


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
"""Wall time (what the player waits, preemption by other processes included) and this thread's CPU time."""


def recording_costs(store: Store, games: int, clock: Callable[[], float]) -> tuple[list[float], list[float]]:
    """Per-action times of (untracked, tracked) games, paired action by action."""
    plain_times: list[float] = []
    tracked_times: list[float] = []
    codes = ["FC1-C4-AAAAAAB", "EO1-C8-AAAAAFA"]
    for n in range(games):
        code = codes[n % 2]
        plain = Game.from_code(code)
        tracker = store.track(Game.from_code(code))
        for token in _script(code):
            # Alternate which goes first, so neither always meets a cold cache.
            if n % 4 < 2:
                plain_times.append(_timed(plain, token, clock))
                tracked_times.append(_timed(tracker.game, token, clock))
            else:
                tracked_times.append(_timed(tracker.game, token, clock))
                plain_times.append(_timed(plain, token, clock))
        assert tracker.game.is_won and plain.is_won
        tracker.close()
    return plain_times, tracked_times


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (0-100), nearest rank."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def fill(store: Store, games: int) -> None:
    """``games`` ended games, copied from real ones with their actions, in a few large transactions."""
    base = []
    for code in ("FC1-C4-AAAAAAB", "EO1-C8-AAAAAFA"):
        game = Game.from_code(code)
        for token in _script(code):
            _act(game, token)
        base.append(game)
    variants = [("freecell", 4), ("eight-off", 8), ("bakers-game", 4), ("seahaven-towers", 4)]
    results = ["won", "won", "gave-up", "won", "abandoned"]
    chunk = 1000
    for first in range(0, games, chunk):

        def work(db, first=first):
            for i in range(first, min(games, first + chunk)):
                source = base[i % 2]
                variant, cells = variants[i % len(variants)]
                stamp = f"2026-{1 + i // 900 % 12:02d}-{1 + i // 30 % 28:02d}T{i % 24:02d}:00:00.{i:06d}Z"
                cursor = db.execute(
                    "INSERT INTO games (variant, cells, deal, code, started, ended, last_action, result, score, "
                    "moves, undos, hints, cards_home) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        variant,
                        cells,
                        i + 1,
                        source.code,
                        stamp,
                        stamp,
                        stamp,
                        results[i % len(results)],
                        source.score - i % 50,
                        source.moves + i % 40,
                        1,
                        0,
                        52,
                    ),
                )
                db.executemany(
                    "INSERT INTO actions (game, number, token, at) VALUES (?, ?, ?, ?)",
                    [(cursor.lastrowid, n, token, stamp) for n, token in enumerate(source.log, start=1)],
                )

        store._write(work)


def wall(command: list[str], env: dict[str, str], runs: int) -> float:
    """Median wall seconds of ``command`` as a whole process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def best(function: Callable[[], object], repeat: int) -> float:
    """Fastest of ``repeat`` timed calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer games and runs")
    parser.add_argument("--games", type=int, default=40, help="games played to time recording (default 40)")
    parser.add_argument("--stored", type=int, default=10_000, help="games in the store for stats (default 10,000)")
    parser.add_argument("--starts", type=int, default=7, help="runs of each command (default 7)")
    parser.add_argument("--keep", type=Path, help="build the filled store in this directory and keep it")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.stored, args.starts = 4, 500, 3

    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="patience-bench-") as scratch:
        home = args.keep if args.keep is not None else Path(scratch) / "home"
        home.mkdir(parents=True, exist_ok=True)
        os.environ["PATIENCE_HOME"] = str(home)

        print()
        header = "| store | clock | actions | action p50 ms | action p99 ms | recording p50 ms | recording p99 ms |"
        print(header + " over 5 ms |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        empty = Store.open(Path(scratch) / "empty.sqlite3")
        rows = [(f"empty, {clock}", recording_costs(empty, args.games, CLOCKS[clock])) for clock in CLOCKS]
        empty.close()

        store = Store.open()
        assert store.saving, store.notice
        started = time.perf_counter()
        fill(store, args.stored)
        filled_in = time.perf_counter() - started
        for clock in CLOCKS:
            rows.append((f"{args.stored:,} games, {clock}", recording_costs(store, args.games, CLOCKS[clock])))
        for name, (plain, tracked) in rows:
            cost = [t - p for p, t in zip(plain, tracked, strict=True)]
            p50, p99 = percentile(plain, 50), percentile(plain, 99)
            c50, c99 = percentile(cost, 50), percentile(cost, 99)
            over = sum(1 for c in cost if c > 0.005) / len(cost)
            where, clock_name = name.rsplit(", ", 1)
            print(
                f"| {where} | {clock_name} | {len(cost)} | {_ms(p50)} | {_ms(p99)} | {_ms(c50)} ({c50 / p50:.1f}x) "
                f"| {_ms(c99)} ({c99 / p99:.1f}x) | {100 * over:.1f}% |"
            )

        in_process = best(store.stats, args.starts)
        store.close()
        env = {**os.environ, "PATIENCE_HOME": str(home), "NO_COLOR": "1"}
        stats_wall = wall([str(PATIENCE), "stats"], env, args.starts)
        help_wall = wall([str(PATIENCE), "--help"], env, args.starts)
        print()
        print(f"store filled with {args.stored:,} games in {filled_in:.1f} s")
        print()
        print("| command | median wall s |")
        print("| --- | ---: |")
        print(
            f"| `patience stats` over {args.stored:,} games | {stats_wall:.3f} ({stats_wall / help_wall:.2f}x --help) |"
        )
        print(f"| `patience --help` (reference) | {help_wall:.3f} |")
        print(f"| `Store.stats()` in-process, best of {args.starts} | {in_process:.3f} |")
        if args.keep is not None:
            print(f"\nkept: PATIENCE_HOME={home}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
