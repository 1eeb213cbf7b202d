"""Solver commands: ``solve`` (one deal, a code or a board) and ``census`` (a range of deals).

``solve`` exits 0 when it found a solution, 3 when it proved the position
lost, 4 when it decided neither within ``--time-limit``, and 2 on bad input
(one ``patience: ...`` line on stderr).

``solve --format sn`` prints every card movement in fc-solve's ``-snx``
notation, one per line, from the layout as dealt: the game's automatic
moves to the foundations are included where they happen (those right after
the deal first), so any program that knows the rules can replay the lines
in order. A program that makes the automatic moves itself, as ``patience
play`` does, meets each of them as a foundation move that is already done.

A board that automatic play wins is reported as won, and ``--format sn``
lists those automatic moves (fc-solve lists them too, ``1h ah``); a board
already won leaves stdout empty and says so on stderr, with exit code 0.

``solve --time-limit`` takes a positive, finite number of seconds (there
is no "no limit": a search can run for hours). With ``--format sn`` stdout
holds solution lines only, so a lost or undecided deal leaves it empty and
says which on stderr, in one line.

``census`` writes CSV ``deal,result,moves,seconds`` (result ``solved``,
``unsolvable`` or ``unknown``; ``moves`` counts the player's moves and is
empty unless the deal was solved), one line per deal in order, and draws a
progress bar on stderr when stderr is a terminal.
"""

from __future__ import annotations

import enum
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from patience_cli.common import (
    EXIT_LOST,
    EXIT_OK,
    EXIT_UNDECIDED,
    CellsOption,
    CodeOption,
    DealArgument,
    VariantArgument,
    bad_input,
    check_time_limit,
    complete_variant,
    deal_from_args,
    guarded,
    load_board,
    plural,
)

if TYPE_CHECKING:
    from patience import Game, Move, Position, Variant
    from patience.solver import SolveResult

__all__ = ["CensusFormat", "SolveFormat", "census", "parse_range", "register", "sn_lines", "solve"]


class SolveFormat(enum.StrEnum):
    """How ``patience solve`` prints a solution."""

    TEXT = "text"
    SN = "sn"
    JSON = "json"


class CensusFormat(enum.StrEnum):
    """How ``patience census`` prints its results."""

    CSV = "csv"
    TABLE = "table"


_EXIT = {"solved": EXIT_OK, "unsolvable": EXIT_LOST, "unknown": EXIT_UNDECIDED}


def sn_lines(game: Game, result: SolveResult) -> list[str]:
    """Every card movement of ``result`` played in ``game`` (fresh), automatic moves included, in -snx notation."""
    lines = [str(move) for move in game.start_auto]
    for move in result.moves:
        before = game.position
        action = game.play(move)
        lines.append(before.notation(move))
        lines.extend(str(auto) for auto in action.auto)
    return lines


def _describe(position: Position, move: Move) -> str:
    from patience.solver import describe_move

    return describe_move(position, move).partition(": ")[2]


@guarded
def solve(
    variant: VariantArgument = None,
    deal_number: DealArgument = None,
    cells: CellsOption = None,
    code: CodeOption = None,
    board: Annotated[
        Path | None, typer.Option("--board", help="An fc-solve board file to solve (- for stdin), with VARIANT.")
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option("--time-limit", "-t", help="Give up after this many seconds, more than 0 (exit code 4)."),
    ] = 60.0,
    output: Annotated[
        SolveFormat,
        typer.Option("--format", "-f", help="text for people, sn for fc-solve -snx lines, json for scripts."),
    ] = SolveFormat.TEXT,
) -> None:
    """Solve a deal or a board: exit 0 solved, 3 proved lost, 4 undecided in the time limit, 2 bad input."""
    from patience import Game, GameCode, get_variant
    from patience.solver import solve as run_solver

    check_time_limit(time_limit)
    deal: int | None = None
    game_code: str | None = None
    var: Variant
    if board is not None:
        if code is not None or deal_number is not None:
            bad_input("give --board with a variant only, not with a deal number or --code")
        if variant is None:
            bad_input("name the variant of the board, like `patience solve freecell --board FILE`")
        var = get_variant(variant)
        position = load_board(board, var, cells)
        game = Game.from_position(var, position)
    else:
        spec = deal_from_args(variant, deal_number, cells, code)
        var, deal = spec.variant, spec.deal
        game_code = str(GameCode(var.prefix, spec.cells, spec.deal))
        game = Game.new(var, spec.deal, spec.cells)
        position = game.dealt
    result = run_solver(var, position, time_limit=time_limit)
    outcome = result.outcome.value
    if output is SolveFormat.SN:
        # A board that automatic play wins still lists those moves, as fc-solve lists them.
        lines = sn_lines(game, result) if outcome == "solved" else []
        if lines:
            sys.stdout.write("\n".join(lines) + "\n")
        else:  # stdout stays empty for scripts; say why on stderr
            sys.stderr.write("patience: " + _text(var, deal, game_code, game, result))
    elif output is SolveFormat.JSON:
        data = {
            "variant": var.name,
            "deal": deal,
            "cells": len(position.cells),
            "code": game_code,
            "result": outcome,
            "moves": [str(move) for move in result.moves],
            "sn": sn_lines(Game.from_position(var, position), result) if outcome == "solved" else [],
            "positions": result.positions,
            "seconds": round(result.seconds, 3),
        }
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_text(var, deal, game_code, game, result))
    raise typer.Exit(_EXIT[outcome])


def _text(variant: Variant, deal: int | None, code: str | None, game: Game, result: SolveResult) -> str:
    what = f"{variant.title} deal #{deal} ({code})" if deal is not None else f"{variant.title} board"
    seconds = f"{result.positions:,} positions, {result.seconds:.2f} s"
    if result.outcome.value == "unsolvable":
        return f"{what}: cannot be won, proved lost ({seconds}, complete search)\n"
    if result.outcome.value == "unknown":
        return f"{what}: undecided, no solution found within the time limit ({seconds}); try a longer --time-limit\n"
    if not result.moves:
        auto = game.start_auto
        if not auto:
            return f"{what}: already won, nothing to play\n"
        went = "goes home by itself" if len(auto) == 1 else "go home by themselves"
        return f"{what}: won by automatic play, {plural(len(auto), 'card')} {went}: {' '.join(map(str, auto))}\n"
    lines = [f"{what}: solved in {plural(len(result.moves), 'move')} ({seconds})"]
    for number, move in enumerate(result.moves, start=1):
        before = game.position
        action = game.play(move)
        home = f"  (then home: {' '.join(str(auto) for auto in action.auto)})" if action.auto else ""
        lines.append(f"{number:4}. {move!s:<6} {_describe(before, move)}{home}")
    return "\n".join(lines) + "\n"


# -- census ------------------------------------------------------------------


def parse_range(text: str) -> range:
    """Read ``1-32000`` or a single deal number as a range of deals; :func:`bad_input` otherwise."""
    from patience_cli.common import parse_deal_number

    raw = text.strip()
    first, sep, last = raw.partition("-")
    if not sep:
        number = parse_deal_number(raw)
        return range(number, number + 1)
    low, high = parse_deal_number(first), parse_deal_number(last)
    if high < low:
        bad_input(f"range {raw!r} runs backwards: write the lower deal first, like 1-32000")
    return range(low, high + 1)


def _census_one(job: tuple[str, int, int, float]) -> tuple[int, str, int | None, float]:
    """Solve one deal (in a worker process): ``(deal, result, moves, seconds)``; ``moves`` is None unless solved."""
    from patience import deal_position, get_variant
    from patience.solver import solve as run_solver

    name, deal, cells, time_limit = job
    variant = get_variant(name)
    started = time.monotonic()
    result = run_solver(variant, deal_position(variant, deal, cells), time_limit=time_limit)
    moves = len(result.moves) if result.outcome.value == "solved" else None
    return deal, result.outcome.value, moves, time.monotonic() - started


class _Bar:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
        self.active = sys.stderr.isatty()
        self._drawn = 0.0

    def add(self, result: str) -> None:
        self.done += 1
        self.counts[result] += 1
        now = time.monotonic()
        if self.active and (now - self._drawn > 0.1 or self.done == self.total):
            self._drawn = now
            width = 30
            filled = width * self.done // max(self.total, 1)
            c = self.counts
            sys.stderr.write(
                f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
                f"  solved {c['solved']}  unsolvable {c['unsolvable']}  unknown {c['unknown']} "
            )
            sys.stderr.flush()

    def close(self) -> None:
        if self.active and self.done:
            sys.stderr.write("\n")


@guarded
def census(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", autocompletion=complete_variant, help="Variant name, like freecell.")
    ],
    deals: Annotated[str, typer.Argument(metavar="RANGE", help="Deals to solve: 1-32000, or one number.")],
    cells: CellsOption = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes; 0 for one per core.")] = 1,
    time_limit: Annotated[
        float, typer.Option("--time-limit", "-t", help="Seconds allowed for each deal, more than 0.")
    ] = 10.0,
    output: Annotated[
        CensusFormat,
        typer.Option(
            "--format",
            "-f",
            help="csv (deal,result,moves,seconds; moves empty unless solved) or an aligned table.",
        ),
    ] = CensusFormat.CSV,
) -> None:
    """Solve a range of deals and print one line per deal, in order, then (table) a summary.

    CSV columns: deal, result (solved, unsolvable or unknown), moves (the
    solution's length; empty unless solved), seconds.
    """
    from patience import get_variant
    from patience.plugins import check_cells

    var = get_variant(variant)
    n_cells = check_cells(var, cells)
    span = parse_range(deals)
    if jobs < 0:
        bad_input(f"--jobs must be 0 (every core) or more, not {jobs}")
    check_time_limit(time_limit)
    workers = jobs or os.cpu_count() or 1
    work = [(var.name, deal, n_cells, time_limit) for deal in span]
    bar = _Bar(len(work))
    if output is CensusFormat.CSV:
        print("deal,result,moves,seconds", flush=True)
    else:
        print(f"{'deal':>10}  {'result':<10}  {'moves':>5}  {'seconds':>8}")
    started = time.monotonic()
    try:
        for deal, result, moves, seconds in _results(work, workers):
            bar.add(result)
            shown = "" if moves is None else str(moves)
            if output is CensusFormat.CSV:
                print(f"{deal},{result},{shown},{seconds:.3f}", flush=True)
            else:
                print(f"{deal:>10}  {result:<10}  {shown:>5}  {seconds:>8.3f}", flush=True)
    finally:
        bar.close()
    if output is CensusFormat.TABLE:
        c = bar.counts
        print(
            f"{var.title}, {plural(n_cells, 'cell')}, {plural(len(work), 'deal')}: solved {c['solved']},"
            f" unsolvable {c['unsolvable']},"
            f" unknown {c['unknown']}; {time.monotonic() - started:.1f} s with {plural(workers, 'job')}"
        )


def _results(work: list[tuple[str, int, int, float]], workers: int) -> Any:
    if workers == 1 or len(work) <= 1:
        return map(_census_one, work)
    import multiprocessing

    pool = multiprocessing.get_context("spawn").Pool(workers)
    return _closing(pool, pool.imap(_census_one, work, chunksize=4))


def _closing(pool: Any, results: Any) -> Any:
    with pool:
        yield from results


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command(
        "solve",
        epilog=(
            "Examples:\n\n  patience solve freecell 1\n\n  patience solve --code EO1-C8-AAAAAFA --format sn\n\n"
            "  patience solve eight-off --board layout.txt --cells 4 --time-limit 10"
        ),
    )(solve)
    app.command(
        "census",
        epilog="Examples:\n\n  patience census freecell 1-1000 --jobs 0\n\n  patience census eight-off 1-100 --cells 4",
    )(census)
