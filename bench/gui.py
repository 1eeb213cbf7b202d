"""Window benchmark: redraw time, the frame time of sliding cards, and the time from a move to the live verdict.

    .venv/bin/python bench/gui.py            # the numbers recorded in docs/benchmarks.md
    .venv/bin/python bench/gui.py --quick    # a smoke run, under a minute

Runs on the display in ``DISPLAY``, or starts its own ``Xvfb`` when there is
none. The window is 1600 x 1000.

- **redraw**: ``TableView.redraw()`` (every slot, label and card drawn again)
  on FreeCell #1 and on 8-cell Eight Off #1, at the deal and after 30 moves.
- **slide frame**: one animation frame, moving every sliding card's items
  and Tk's repaint of the canvas that follows, over the slides of the first ``--slide-moves`` moves of
  FreeCell #1's solution, automatic play included, with the live verdict on.
  The target is under 16 ms at p99 (one frame at 60 frames a second).
  *frame interval* is the time between two frames as the event loop ran
  them (the frame timer asks for 16 ms).
- **verdict**: from a move to the live verdict shown in the status bar,
  on FreeCell deals ``--deals`` (default 1-100), after every ``--stride``-th
  move of a solution (and at the deal). It includes the window's polling
  (every 30 ms). The target is 0.5 s on 95% of positions.
- **card sets**: for each picture set, the redraw of FreeCell #1 with its
  faces (images already made for the size; target 16 ms), in wall time and
  in this process's CPU time (the CPU columns: what the redraw itself costs,
  whatever else the machine runs meanwhile), the first render
  of a size in the window's own process (``CardImages.render_now``: resvg
  renders the sheet, Tk cuts 53 images), and the same in the child process
  the window uses (``CardImages.request``) with the longest pause of the
  event loop while it worked: what a player feels when a size is new.

    .venv/bin/python bench/gui.py --card-sets-only   # only the card sets, a minute
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import platform
import sys
import time
import tkinter as tk
from collections.abc import Sequence
from typing import TypeAlias

from patience import Game
from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.cardsets import CARD_SETS, CardImages
from patience_tk.testing import display, pump

WIDTH, HEIGHT = 1600, 1000
#: A measure's label, its times in seconds, and the CPU time of each (``None`` where it is not measured).
Row: TypeAlias = tuple[str, Sequence[float], Sequence[float] | None]
#: Seconds between two rounds of the event loop while waiting: short, since what is timed includes the wait.
STEP = 0.001


def quantiles(values: Sequence[float]) -> tuple[float, float, float, float]:
    """p50, p95, p99 and the maximum."""
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    return at(0.5), at(0.95), at(0.99), ordered[-1]


def window(root: tk.Tk, game: Game, *, verdict: bool) -> App:
    """The window at 1600 x 1000, laid out."""
    app = App(root, game, verdict=verdict)
    root.geometry(f"{WIDTH}x{HEIGHT}+0+0")
    pump(root, lambda: root.winfo_width() == WIDTH, 5, step=STEP)
    root.update()
    app.view.redraw()
    root.update()
    return app


def bench_redraw(root: tk.Tk, repeat: int) -> list[tuple[str, list[float]]]:
    """Redraw times per table, in seconds."""
    rows: list[tuple[str, list[float]]] = []
    for label, variant, cells, moves in (
        ("FreeCell #1, dealt", "freecell", 4, 0),
        ("FreeCell #1, 30 moves in", "freecell", 4, 30),
        ("Eight Off #1 (8 cells), dealt", "eight-off", 8, 0),
        ("Eight Off #1 (8 cells), 30 moves in", "eight-off", 8, 30),
    ):
        game = Game.new(variant, 1, cells)
        if moves:
            solution = solve(game.variant, game.position, time_limit=30).moves
            for move in solution[:moves]:
                game.play(move)
        app = window(root, game, verdict=False)
        times: list[float] = []
        for _ in range(repeat):
            started = time.perf_counter()
            app.view.redraw()
            root.update_idletasks()
            times.append(time.perf_counter() - started)
        rows.append((label, times))
        app.canvas.destroy()
        for child in root.winfo_children():
            child.destroy()
    return rows


def bench_slides(root: tk.Tk, moves: int) -> tuple[list[float], list[float], int]:
    """Frame work and frame intervals (seconds) while the cards of ``moves`` moves slide; and the frames."""
    game = Game.new("freecell", 1)
    solution = solve(game.variant, game.position, time_limit=30).moves
    app = window(root, game, verdict=True)
    animator = app.controller.animator
    animator.enabled = True
    stamps: list[float] = []
    painted: list[float] = []
    original = animator._frame

    def timed_frame() -> None:
        began = time.perf_counter()
        stamps.append(began)
        original()
        # Tk repaints the canvas when idle: that repaint is most of a frame's cost, so it is timed too.
        root.update_idletasks()
        painted.append(time.perf_counter() - began)

    animator._frame = timed_frame  # type: ignore[method-assign]
    for move in solution[:moves]:
        if game.is_won:
            break
        game.play(move)
        pump(root, lambda: not animator.running, 10, step=STEP)
    intervals: list[float] = []
    for earlier, later in itertools.pairwise(stamps):
        gap = later - earlier
        if gap < 0.1:  # frames of one slide, not the pause between two moves
            intervals.append(gap)
    for child in root.winfo_children():
        child.destroy()
    return painted, intervals, len(animator.frame_times)


def bench_verdict(root: tk.Tk, deals: range, stride: int) -> tuple[list[float], dict[str, int]]:
    """Seconds from a move to the verdict, and how many positions got each verdict."""
    app = window(root, Game.new("freecell", deals.start), verdict=True)
    latencies: list[float] = []
    kinds: dict[str, int] = {}
    for deal in deals:
        game = Game.new("freecell", deal)
        app.set_game(game)
        solution = solve(game.variant, game.position, time_limit=30)
        if solution.outcome is not Outcome.SOLVED:
            continue
        for number, move in enumerate([None, *solution.moves]):
            if move is not None:
                game.play(move)
            if game.is_over:
                break
            if number % stride:
                continue
            root.update()
            if not pump(root, lambda: app.verdict.last is not None, 60, step=STEP):
                kinds["none in 60 s"] = kinds.get("none in 60 s", 0) + 1
                continue
            assert app.verdict.last is not None and app.verdict.latency is not None
            latencies.append(app.verdict.latency)
            kinds[app.verdict.last.kind] = kinds.get(app.verdict.last.kind, 0) + 1
    for child in root.winfo_children():
        child.destroy()
    return latencies, kinds


#: Card sizes (width, height in pixels) whose first render is timed: the smallest card, a middle one, the largest.
CARD_SIZES = ((36, 50), (80, 112), (120, 168))


def redraws(app: App, repeat: int) -> tuple[list[float], list[float]]:
    """``repeat`` timed redraws of the window's table, each with Tk's repaint: wall and process CPU seconds."""
    app.view.redraw()
    app.root.update()
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(repeat):
        started, used = time.perf_counter(), time.process_time()
        app.view.redraw()
        app.root.update_idletasks()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
    return times, cpu


def stamp(times: list[float]) -> None:
    """Note the time now in ``times``."""
    times.append(time.perf_counter())


def bench_card_sets(root: tk.Tk, repeat: int) -> list[Row]:
    """Per picture set: redraw times (wall and CPU) with its faces, and first-render times per size (seconds)."""
    rows: list[Row] = []
    app = window(root, Game.new("freecell", 1), verdict=False)
    for key, card_set in CARD_SETS.items():
        app.view.set_look(cards=key)
        if not card_set.pictured:
            # The plain faces in the same run, for comparison: they are drawn with canvas items, not images.
            rows.append(("redraw: FreeCell #1, plain faces", *redraws(app, repeat)))
            continue
        images = app.view.card_images()
        assert images is not None
        images.render_now(app.view.card_size)
        rows.append((f"redraw: FreeCell #1, {key} faces", *redraws(app, repeat)))
        firsts: list[float] = []
        children: list[float] = []
        pauses: list[float] = []
        for size in CARD_SIZES:
            started = time.perf_counter()
            CardImages(root, key).render_now(size)
            firsts.append(time.perf_counter() - started)
            fresh = CardImages(root, key)
            done: list[float] = []
            started = last = time.perf_counter()
            fresh.request(size, functools.partial(stamp, done))
            longest = 0.0
            while not done:
                root.update()
                now = time.perf_counter()
                longest = max(longest, now - last)
                last = now
                time.sleep(STEP)
            children.append(done[0] - started)
            pauses.append(longest)
        rows.append((f"first render of a size, {key}, in process", firsts, None))
        rows.append((f"first render of a size, {key}, child process", children, None))
        rows.append((f"longest event-loop pause meanwhile, {key}", pauses, None))
    for child in root.winfo_children():
        child.destroy()
    return rows


def parse_range(text: str) -> range:
    """``1-100`` (both ends included)."""
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def print_rows(rows: Sequence[Row], *, heading: bool = True) -> None:
    """The rows' quantiles in ms (wall, then CPU where measured), under the heading unless ``heading`` is false."""
    ms = 1000.0
    if heading:
        machine = f"Python {platform.python_version()} · {platform.machine()}"
        print(f"patience window benchmark · {WIDTH}x{HEIGHT} · {machine}")
        print(
            f"{'measure':52} {'n':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}"
            f" {'cpu p50':>8} {'cpu p95':>8} {'cpu p99':>8}"
        )
    for label, times, cpu in rows:
        p50, p95, p99, top = quantiles(times)
        line = f"{label:52} {len(times):6} {p50 * ms:8.2f} {p95 * ms:8.2f} {p99 * ms:8.2f} {top * ms:8.2f}"
        if cpu is not None:
            c50, c95, c99, _top = quantiles(cpu)
            line += f" {c50 * ms:8.2f} {c95 * ms:8.2f} {c99 * ms:8.2f}"
        print(line)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer deals, moves and redraws")
    parser.add_argument("--deals", type=parse_range, default=parse_range("1-100"), help="FreeCell deals (1-100)")
    parser.add_argument("--stride", type=int, default=5, help="judge every N-th position of each solution (5)")
    parser.add_argument("--redraws", type=int, default=200, help="redraws per table (200)")
    parser.add_argument("--slide-moves", type=int, default=80, help="moves of FreeCell #1 to slide (80)")
    parser.add_argument("--card-sets-only", action="store_true", help="measure only the card sets")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.stride, args.redraws, args.slide_moves = range(1, 6), 10, 30, 20
    os.environ.pop("PATIENCE_NO_ANIMATION", None)
    with display(WIDTH + 100, HEIGHT + 100) as shown:
        if shown is None:
            sys.exit("no DISPLAY and no Xvfb: cannot measure the window")
        root = tk.Tk()
        try:
            cards = bench_card_sets(root, args.redraws)
            if args.card_sets_only:
                print_rows(cards)
                return 0
            redraws = bench_redraw(root, args.redraws)
            frames, intervals, count = bench_slides(root, args.slide_moves)
            latencies, kinds = bench_verdict(root, args.deals, args.stride)
        finally:
            root.destroy()

    ms = 1000.0
    print_rows([("redraw: " + label, times, None) for label, times in redraws])
    print_rows(cards, heading=False)
    p50, p95, p99, top = quantiles(frames)
    label = "slide frame (move + repaint)"
    print(f"{label:52} {count:6} {p50 * ms:8.2f} {p95 * ms:8.2f} {p99 * ms:8.2f} {top * ms:8.2f}")
    p50, p95, p99, top = quantiles(intervals)
    label = "slide frame interval (timer asks 16 ms)"
    print(f"{label:52} {len(intervals):6} {p50 * ms:8.2f} {p95 * ms:8.2f} {p99 * ms:8.2f} {top * ms:8.2f}")
    if latencies:
        p50, p95, p99, top = quantiles(latencies)
        deals = f"{args.deals.start}-{args.deals.stop - 1}"
        print(
            f"{'move to verdict, FreeCell ' + deals:52} {len(latencies):6} {p50 * ms:8.1f} {p95 * ms:8.1f} "
            f"{p99 * ms:8.1f} {top * ms:8.1f}"
        )
        within = sum(1 for t in latencies if t <= 0.5) / len(latencies)
        print(f"verdict within 0.5 s: {within:.1%} of {len(latencies)} positions; verdicts: {kinds}")
    frame_p99 = quantiles(frames)[2] * ms
    print(f"slide frame p99 {frame_p99:.2f} ms: {'under' if frame_p99 < 16 else 'OVER'} the 16 ms target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
