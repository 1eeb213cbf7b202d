"""Engine benchmark: random playouts and legal-move generation per installed variant, and CLI cold start.

    .venv/bin/python bench/engine.py            # the numbers recorded in docs/benchmarks.md
    .venv/bin/python bench/engine.py --quick    # a smoke run, a few seconds

    .venv/bin/python bench/engine.py --builds both   # the compiled build and pure Python, row by row

``--builds both`` needs the compiled build (``python3 tasks.py setup
--compiled``); the pure Python rows come from a child process that runs the
sources (``PATIENCE_COMPILED=0``), on the same seeded work.

Everything is seeded and the counts are fixed, so two runs on the same
machine do the same work and their numbers compare. Each measurement is the
best of ``--repeat`` timed runs (the least disturbed by other work on the
machine), except the cold start, which is the median of several runs.

- **playouts/s**: games dealt (``Game.new``) and played with uniformly random
  legal moves until no move is left, the game is won, or ``--max-moves``
  moves have been played. Each step lists the legal moves, so this measures
  dealing, legality through the plugin hooks, applying moves and automatic
  play together. *moves/s* is the number of moves those playouts played.
- **gens/s**: ``list(game.legal_moves)`` on a fixed sample of positions met
  in those playouts: one full legal-move generation, each candidate judged
  through the ``patience_move_legality`` hook.
- **cold start**: wall time of ``patience --help`` in a fresh process
  (interpreter start, imports, typer), median of ``--starts`` runs.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from attrs import frozen

import patience
from patience import Game, Position, Variant

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = ROOT / ".venv" / ("Scripts" if os.name == "nt" else "bin") / "patience"


@frozen
class Settings:
    """The fixed amount of work: the same settings always do the same work."""

    seed: int = 20240601
    playouts: int = 20
    max_moves: int = 150
    positions: int = 200
    generations: int = 3
    repeat: int = 3
    starts: int = 7


QUICK = Settings(playouts=5, positions=20, generations=2, repeat=1, starts=3)


@frozen
class VariantResult:
    """One variant's numbers."""

    name: str
    playouts_per_s: float
    moves_per_s: float
    moves_per_playout: float
    gens_per_s: float
    moves_per_gen: float


def best_time(work: Callable[[], object], repeat: int, first: float | None = None) -> float:
    """The shortest of ``repeat`` timings of ``work()`` in seconds, ``first`` counting as one of them."""
    times = [] if first is None else [first]
    while len(times) < repeat:
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def playout(variant: Variant, deal: int, rng: random.Random, max_moves: int, seen: list[Position]) -> int:
    """Play one random game; return how many moves it played and append every position met to ``seen``."""
    game = Game.new(variant, deal)
    played = 0
    while played < max_moves and not game.is_won:
        seen.append(game.position)
        moves = list(game.legal_moves)
        if not moves:
            break
        game.play(rng.choice(moves))
        played += 1
    return played


def playouts(variant: Variant, settings: Settings, seen: list[Position]) -> int:
    """Run the seeded set of playouts for ``variant``; return the total number of moves played."""
    rng = random.Random(f"{settings.seed}-{variant.name}")
    deals = [rng.randint(1, 1_000_000) for _ in range(settings.playouts)]
    return sum(playout(variant, deal, rng, settings.max_moves, seen) for deal in deals)


def sample_games(variant: Variant, settings: Settings, positions: list[Position]) -> list[Game]:
    """Games standing on a seeded sample of ``positions``, taken exactly as they are."""
    rng = random.Random(f"{settings.seed}-{variant.name}-sample")
    chosen = rng.sample(positions, min(settings.positions, len(positions)))
    return [Game.from_position(variant, position, autoplay_first=False) for position in chosen]


def generate(games: Sequence[Game], rounds: int) -> int:
    """List every game's legal moves ``rounds`` times; return how many moves were listed."""
    listed = 0
    for _ in range(rounds):
        for game in games:
            listed += len(list(game.legal_moves))
    return listed


def bench_variant(variant: Variant, settings: Settings) -> VariantResult:
    """Playouts and move generation for one variant."""
    seen: list[Position] = []
    start = time.perf_counter()
    total_moves = playouts(variant, settings, seen)  # the first timed run also collects the sample
    first = time.perf_counter() - start
    elapsed = best_time(lambda: playouts(variant, settings, []), settings.repeat, first)
    games = sample_games(variant, settings, seen)
    listed = generate(games, 1)
    gen_elapsed = best_time(lambda: generate(games, settings.generations), settings.repeat)
    generations = len(games) * settings.generations
    return VariantResult(
        name=variant.name,
        playouts_per_s=settings.playouts / elapsed,
        moves_per_s=total_moves / elapsed,
        moves_per_playout=total_moves / settings.playouts,
        gens_per_s=generations / gen_elapsed,
        moves_per_gen=listed / max(len(games), 1),
    )


def cold_start(runs: int) -> list[float]:
    """Wall times of ``patience --help`` in fresh processes, in seconds."""
    if not PATIENCE.exists():
        return []
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(PATIENCE), "--help"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def machine() -> str:
    """A one-line description of where the numbers were taken."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), cpu)
    except OSError:
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.2f}"
    return (
        f"{cpu}, {os.cpu_count()} CPUs{load}; Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.system()} {platform.release()}"
    )


def build_name() -> str:
    """Which build this process runs: ``compiled`` or ``pure``."""
    from patience._build import is_compiled

    return "compiled" if is_compiled() else "pure"


def row(r: VariantResult) -> str:
    """One variant's line of the table."""
    return (
        f"| {r.name} | {build_name()} | {r.playouts_per_s:,.1f} | {r.moves_per_s:,.0f} | {r.moves_per_playout:.1f} "
        f"| {r.gens_per_s:,.0f} | {r.moves_per_gen:.1f} |"
    )


def pure_row(name: str, quick: bool) -> str:
    """The same variant's line from the pure Python build, measured in a child process."""
    command = [sys.executable, __file__, "--rows-only", "--variant", name, *(["--quick"] if quick else [])]
    env = {**os.environ, "PATIENCE_COMPILED": "0"}
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True, check=True)
    return done.stdout.strip()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds of smoke run, not for recording")
    parser.add_argument("--variant", action="append", help="only this variant (repeatable); default: all installed")
    parser.add_argument("--builds", choices=["this", "both"], default="this", help="both: pure Python rows too")
    parser.add_argument("--rows-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rows_only:
        for name in args.variant:
            print(row(bench_variant(patience.get_variant(name), QUICK if args.quick else Settings())), flush=True)
        return 0
    if args.builds == "both" and build_name() == "pure":
        print("--builds both: set up the compiled build first (python3 tasks.py setup --compiled)", file=sys.stderr)
        return 2
    settings = QUICK if args.quick else Settings()
    table = patience.variants()
    names = [patience.get_variant(name).name for name in args.variant] if args.variant else list(table)
    print(f"machine: {machine()}")
    print(
        f"settings: seed {settings.seed}, {settings.playouts} playouts of at most {settings.max_moves} moves, "
        f"{settings.positions} positions x {settings.generations} generations, best of {settings.repeat}"
    )
    print()
    print("| variant | build | playouts/s | moves/s | moves/playout | gens/s | moves/gen |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for name in names:
        print(row(bench_variant(table[name], settings)), flush=True)
        if args.builds == "both":
            print(pure_row(name, args.quick), flush=True)
    print()
    starts = cold_start(settings.starts)
    if starts:
        print(
            f"cold start `patience --help`: median {statistics.median(starts) * 1000:.0f} ms "
            f"(min {min(starts) * 1000:.0f}, max {max(starts) * 1000:.0f}, {len(starts)} runs)"
        )
    else:
        print(f"cold start: {PATIENCE} not found (run `python3 tasks.py setup`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
