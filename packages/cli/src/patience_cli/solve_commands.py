"""Solver commands: ``solve`` (one deal, a code or a board) and ``census`` (a range of deals).

``solve`` exits 0 when it found a solution, 3 when it proved the position
lost, 4 when it decided neither within ``--time-limit`` (CPU seconds of the
search), ``--max-positions`` (a budget of expanded positions) or
``--max-memory`` (the memory the search may take; by default what the
process's limits and the machine's free memory allow), saying in one line
which limit stopped it, and 2 on bad input (one ``patience: ...`` line on
stderr).

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

``census`` writes CSV ``deal,result,moves,seconds,reason`` (result
``solved``, ``unsolvable`` or ``unknown``; ``moves`` counts the player's
moves and is empty unless the deal was solved; ``reason`` says why a deal is
unknown: ``positions``, ``time`` or ``memory``), one line per deal in order,
and draws a progress bar on stderr when stderr is a terminal. Each deal's
search is bounded by ``--max-positions`` (:data:`CENSUS_MAX_POSITIONS` by
default), by no time unless ``--time-limit`` (CPU seconds) is given, so that
its verdicts do not depend on the machine's load, and by ``--max-memory``
per job (by default the memory free at the start, shared out among the
jobs).
"""

from __future__ import annotations

import enum
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from patience.i18n import format_number
from patience_cli.common import (
    EXIT_LOST,
    EXIT_OK,
    EXIT_UNDECIDED,
    CellsOption,
    CodeOption,
    DealArgument,
    MaxMemoryOption,
    MaxPositionsOption,
    VariantArgument,
    bad_input,
    check_max_memory,
    check_max_positions,
    check_time_limit,
    complete_variant,
    deal_from_args,
    decimal,
    format_deal,
    guarded,
    load_board,
    one_line,
)
from patience_cli.texts import _, ngettext, pgettext

if TYPE_CHECKING:
    from patience import Game, Move, Position, Variant
    from patience_solver import SolveResult

__all__ = [
    "CENSUS_MAX_POSITIONS",
    "CensusFormat",
    "SolveFormat",
    "census",
    "check_max_positions",
    "parse_range",
    "register",
    "sn_lines",
    "solve",
]

#: How many positions ``census`` lets each deal's search expand unless ``--max-positions`` says otherwise.
CENSUS_MAX_POSITIONS = 1_000_000


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


def _size(size: int) -> str:
    """``size`` bytes as people read it: ``500 MB``, ``1.5 GB`` (numbers written as the language writes them)."""
    for unit, scale in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if size >= scale:
            return f"{decimal(size / scale, 1 if size < 10 * scale else 0)} {unit}"
    return f"{format_number(size)} B"


def sn_lines(game: Game, result: SolveResult) -> list[str]:
    """Every card movement of ``result`` played in ``game`` (fresh), automatic moves included, in -snx notation."""
    # Automatic moves go home: their form needs no position but fc-solve's "5h" for a whole suit (Simple Simon).
    lines = [game.dealt.notation(move) for move in game.start_auto]
    for move in result.moves:
        before = game.position
        action = game.play(move)
        lines.append(before.notation(move))
        lines.extend(game.position.notation(auto) for auto in action.auto)
    return lines


def _describe(position: Position, move: Move) -> str:
    from patience_solver import describe_move

    return describe_move(position, move).partition(": ")[2]


@guarded
def solve(
    variant: VariantArgument = None,
    deal_number: DealArgument = None,
    cells: CellsOption = None,
    code: CodeOption = None,
    board: Annotated[
        Path | None, typer.Option("--board", help=_("An fc-solve board file to solve (- for stdin), with VARIANT."))
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option(
            "--time-limit",
            "-t",
            help=_("Give up after this many seconds of the search's CPU time, more than 0 (exit code 4)."),
        ),
    ] = 60.0,
    output: Annotated[
        SolveFormat,
        typer.Option("--format", "-f", help=_("text for people, sn for fc-solve -snx lines, json for scripts.")),
    ] = SolveFormat.TEXT,
    max_positions: MaxPositionsOption = None,
    max_memory: MaxMemoryOption = None,
) -> None:
    """Solve a deal or a board: exit 0 solved, 3 proved lost, 4 undecided in the time limit, 2 bad input."""
    from patience import Game, GameCode, get_variant
    from patience_solver import solve as run_solver

    check_time_limit(time_limit)
    check_max_positions(max_positions)
    memory = check_max_memory(max_memory)
    deal: int | None = None
    game_code: str | None = None
    var: Variant
    if board is not None:
        if code is not None or deal_number is not None:
            bad_input(_("give --board with a variant only, not with a deal number or --code"))
        if variant is None:
            bad_input(_("name the variant of the board, like `patience solve freecell --board FILE`"))
        var = get_variant(variant)
        position = load_board(board, var, cells)
        game = Game.from_position(var, position)
    else:
        spec = deal_from_args(variant, deal_number, cells, code)
        var, deal = spec.variant, spec.deal
        game_code = str(GameCode(var.prefix, spec.cells, spec.deal))
        game = Game.new(var, spec.deal, spec.cells)
        position = game.dealt
    result = run_solver(var, position, time_limit=time_limit, max_positions=max_positions, max_memory=memory)
    outcome = result.outcome.value
    if output is SolveFormat.SN:
        # A board that automatic play wins still lists those moves, as fc-solve lists them.
        lines = sn_lines(game, result) if outcome == "solved" else []
        if lines:
            sys.stdout.write("\n".join(lines) + "\n")
        else:  # stdout stays empty for scripts; say why on stderr
            sys.stderr.write("patience: " + _text(var, deal, game_code, game, result, max_positions, memory))
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
            "reason": None if result.reason is None else result.reason.value,
        }
        import json

        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_text(var, deal, game_code, game, result, max_positions, memory))
    raise typer.Exit(_EXIT[outcome])


def _text(
    variant: Variant,
    deal: int | None,
    code: str | None,
    game: Game,
    result: SolveResult,
    max_positions: int | None,
    max_memory: int | None = None,
) -> str:
    from patience.i18n import format_number

    if deal is not None:
        what = _("{title} deal #{deal} ({code})").format(title=variant.title, deal=format_deal(deal), code=code)
    else:
        what = _("{title} board").format(title=variant.title)
    seconds = ngettext(
        "{positions} position, {seconds} s", "{positions} positions, {seconds} s", result.positions
    ).format(positions=format_number(result.positions), seconds=decimal(result.seconds, 2))
    if result.outcome.value == "unsolvable":
        lost = _("{game}: cannot be won, proved lost ({search}, complete search)")
        return lost.format(game=what, search=seconds) + "\n"
    reason = None if result.reason is None else result.reason.value
    if reason == "memory":
        if max_memory is None:
            memory = _(
                "{game}: undecided, the search reached the memory limit that this process and machine allow"
                " ({search}); try a smaller --max-positions"
            )
        else:
            memory = _(
                "{game}: undecided, the search stopped at its memory limit of {size} ({search});"
                " try a larger --max-memory"
            )
        return memory.format(game=what, size=_size(max_memory or 0), search=seconds) + "\n"
    if reason == "positions" and max_positions is not None:
        budget = ngettext(
            "{game}: undecided, no solution found within the budget of {budget} position ({search});"
            " try a larger --max-positions",
            "{game}: undecided, no solution found within the budget of {budget} positions ({search});"
            " try a larger --max-positions",
            max_positions,
        )
        return budget.format(game=what, budget=format_number(max_positions), search=seconds) + "\n"
    if result.outcome.value == "unknown":
        undecided = _(
            "{game}: undecided, no solution found within the time limit ({search}); try a longer --time-limit"
        )
        return undecided.format(game=what, search=seconds) + "\n"
    if not result.moves:
        auto = game.start_auto
        if not auto:
            return _("{game}: already won, nothing to play").format(game=what) + "\n"
        return (
            ngettext(
                "{game}: won by automatic play, {count} card goes home by itself: {moves}",
                "{game}: won by automatic play, {count} cards go home by themselves: {moves}",
                len(auto),
            ).format(game=what, count=len(auto), moves=" ".join(map(str, auto)))
            + "\n"
        )
    solved = ngettext(
        "{game}: solved in {count} move ({search})", "{game}: solved in {count} moves ({search})", len(result.moves)
    )
    lines = [solved.format(game=what, count=len(result.moves), search=seconds)]
    # Moves past column 9 carry a dash (13-11v2): the column of words starts after the longest.
    width = max([6, *(len(str(move)) for move in result.moves)])
    for number, move in enumerate(result.moves, start=1):
        before = game.position
        action = game.play(move)
        home = ""
        if action.auto:
            home = "  " + _("(then home: {moves})").format(moves=" ".join(str(auto) for auto in action.auto))
        lines.append(f"{number:4}. {move!s:<{width}} {_describe(before, move)}{home}")
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
        bad_input(_("range {range} runs backwards: write the lower deal first, like 1-32000").format(range=repr(raw)))
    return range(low, high + 1)


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
            counts = _("solved {solved}  unsolvable {unsolvable}  unknown {unknown}").format(
                solved=c["solved"], unsolvable=c["unsolvable"], unknown=c["unknown"]
            )
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}  {counts} ")
            sys.stderr.flush()

    def close(self) -> None:
        if self.active and self.done:
            sys.stderr.write("\n")


@guarded
def census(
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", autocompletion=complete_variant, help=_("Variant name, like freecell."))
    ],
    deals: Annotated[str, typer.Argument(metavar="RANGE", help=_("Deals to solve: 1-32000, or one number."))],
    cells: CellsOption = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", help=_("Worker processes, at most one per core; 0 for one per core. Default 1.")),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            metavar="ADDRESS",
            help=_("Send the work to the Dask scheduler at ADDRESS (like tcp://10.0.0.5:8786) instead of --jobs."),
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            help=_("Append the CSV to FILE (created if missing), doing only the deals it does not hold yet."),
            dir_okay=False,
        ),
    ] = None,
    chunk: Annotated[
        int | None,
        typer.Option("--chunk", help=_("Deals a worker takes at a time (default 4 with --jobs, 200 with --cluster).")),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            "-t",
            help=_("CPU seconds allowed for each deal's search, more than 0; no limit by default."),
        ),
    ] = None,
    max_positions: Annotated[
        int,
        typer.Option(
            "--max-positions",
            metavar="N",
            help=_("Positions each deal's search may expand before it is unknown (default {budget}).").format(
                budget=format_number(CENSUS_MAX_POSITIONS)
            ),
            # The help says the default, written as the language writes numbers.
            show_default=False,
        ),
    ] = CENSUS_MAX_POSITIONS,
    max_memory: Annotated[
        str | None,
        typer.Option(
            "--max-memory",
            metavar="SIZE",
            help=_(
                "Memory each job's search may take, like 500M or 2G (the deal is then unknown);"
                " default: the memory free at the start, shared out among the jobs."
            ),
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        CensusFormat,
        typer.Option(
            "--format",
            "-f",
            help=_(
                "csv (deal,result,moves,seconds,reason; moves empty unless solved, reason unless unknown)"
                " or an aligned table."
            ),
        ),
    ] = CensusFormat.CSV,
) -> None:
    """Solve a range of deals and print one line per deal, in order, then (table) a summary.

    CSV columns: deal, result (solved, unsolvable or unknown), moves (the
    solution's length; empty unless solved), seconds, reason (why a deal is
    unknown: positions, time or memory). Deals are handed to the workers as
    they take them, so any range runs in the same memory.
    """
    from patience import get_variant
    from patience.plugins import check_cells
    from patience_cli import census as work

    var = get_variant(variant)
    n_cells = check_cells(var, cells)
    span = parse_range(deals)
    if time_limit is not None:
        check_time_limit(time_limit)
    check_max_positions(max_positions)
    memory = check_max_memory(max_memory)
    if jobs is not None and jobs < 0:
        bad_input(_("--jobs must be 0 (every core) or more, not {jobs}").format(jobs=jobs))
    if chunk is not None and chunk < 1:
        bad_input(_("--chunk must be 1 or more deals, not {chunk}").format(chunk=chunk))
    if cluster is not None and jobs is not None:
        bad_input(_("--jobs and --cluster do not go together: the cluster's workers do the work"))
    if resume is not None and output is not CensusFormat.CSV:
        bad_input(_("--resume appends CSV to its file: leave out --format table"))
    done: list[tuple[int, int]] = []
    identity = work.identity_line(var.name, n_cells, max_positions, time_limit)
    if resume is not None:
        try:
            done, cut, held = work.read_done(resume)
        except work.ResumeError as error:
            bad_input(f"--resume {error}")
        except OSError as error:
            bad_input(_("--resume cannot read {file}: {why}").format(file=resume, why=error.strerror or error))
        if held is not None and held != identity:
            prefix = len(work.IDENTITY_PREFIX)
            bad_input(
                _("--resume {file} holds another census ({held}), not {wanted}: name another file").format(
                    file=resume, held=held[prefix:], wanted=identity[prefix:]
                )
            )
        if cut:
            _drop_cut_line(resume)
    todo = work.count_missing(span, done)
    size = chunk or (200 if cluster is not None else 4)
    runner = _runner(jobs, cluster, todo, size)
    if memory is None and cluster is None:
        # Each worker's default share of this machine's memory (a cluster's workers judge their own).
        memory = work.memory_per_job(runner.workers)
    tasks = (
        (var.name, n_cells, time_limit, max_positions, part, memory)
        for part in work.chunks(work.missing(span, done), size)
    )
    sink = _Sink(resume, output, identity)
    bar = _Bar(todo)
    started = time.monotonic()
    interrupted = True
    try:
        for deal, result, moves, seconds, reason in work.results(
            runner, tasks, ahead=1 if runner.workers == 1 and cluster is None else 4 * runner.workers
        ):
            bar.add(result)
            sink.row(deal, result, moves, seconds, reason)
        interrupted = False
    finally:
        bar.close()
        sink.close()
        runner.close(interrupted=interrupted)
    if output is CensusFormat.TABLE:
        c = bar.counts
        cells_words = ngettext("{count} cell", "{count} cells", n_cells).format(count=n_cells)
        deals_words = ngettext("{count} deal", "{count} deals", todo).format(count=format_number(todo))
        jobs_words = ngettext("{count} job", "{count} jobs", runner.workers).format(count=runner.workers)
        # Translators: {cells}, {deals} and {jobs} are counts with their nouns ("8 cells", "1,000 deals", "2 jobs").
        summary = _(
            "{title}, {cells}, {deals}: solved {solved}, unsolvable {unsolvable}, unknown {unknown}; "
            "{seconds} s with {jobs}"
        )
        print(
            summary.format(
                title=var.title,
                cells=cells_words,
                deals=deals_words,
                solved=format_number(c["solved"]),
                unsolvable=format_number(c["unsolvable"]),
                unknown=format_number(c["unknown"]),
                seconds=decimal(time.monotonic() - started, 1),
                jobs=jobs_words,
            )
        )


def _runner(jobs: int | None, cluster: str | None, todo: int, size: int) -> Any:
    """The :class:`~patience_cli.census.Runner` the options ask for (said on stderr when ``--jobs`` is cut down)."""
    from patience_cli import census as work

    if cluster is not None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            bad_input(_("--cluster needs dask.distributed: pip install 'patience-cli[cluster]'"))
        try:
            return work.ClusterRunner(cluster)
        except (OSError, TimeoutError, ValueError) as error:
            bad_input(
                _("--cluster {address}: no Dask scheduler answered ({why})").format(
                    address=cluster, why=one_line(str(error)) or type(error).__name__
                )
            )
    cores = work.usable_cores()
    workers = jobs or 1
    if jobs == 0:
        workers = cores
    elif workers > cores:
        cut = ngettext(
            "--jobs {jobs} is more than the {cores} core here: running {cores}",
            "--jobs {jobs} is more than the {cores} cores here: running {cores}",
            cores,
        )
        print("patience: " + cut.format(jobs=jobs, cores=cores), file=sys.stderr)
        workers = cores
    # No more workers than chunks to give them.
    workers = max(min(workers, -(-todo // size)), 1)
    return work.InlineRunner() if workers == 1 else work.PoolRunner(workers)


def _drop_cut_line(path: Path) -> None:
    """Remove the unfinished last line an interrupted census left in ``path`` (its deal is solved again)."""
    data = path.read_bytes()
    keep = data.rfind(b"\n") + 1
    with path.open("r+b") as handle:
        handle.truncate(keep)
    dropped = _("{file}: dropped its unfinished last line {line}; that deal is solved again").format(
        file=path, line=repr(data[keep:][:40].decode("utf-8", "replace"))
    )
    print(f"patience: {dropped}", file=sys.stderr)


def _result_words(result: str) -> str:
    """A deal's result as the table shows it to people (the CSV keeps ``solved``, ``unsolvable``, ``unknown``)."""
    words = {
        "solved": pgettext("census result", "solved"),
        "unsolvable": pgettext("census result", "unsolvable"),
        "unknown": pgettext("census result", "unknown"),
    }
    return words.get(result, result)


def _reason_words(reason: str | None) -> str:
    """Why a deal is unknown, as the table shows it (the CSV keeps ``positions``, ``time``, ``memory``)."""
    if reason is None:
        return ""
    words = {
        # Translators: in the census table, why a deal is unknown: its budget of positions ran out.
        "positions": pgettext("census reason", "positions"),
        # Translators: in the census table, why a deal is unknown: its CPU time limit ran out.
        "time": pgettext("census reason", "time"),
        # Translators: in the census table, why a deal is unknown: the memory it may use ran out.
        "memory": pgettext("census reason", "memory"),
        "cancelled": pgettext("census reason", "cancelled"),
    }
    return words.get(reason, reason)


class _Sink:
    """Where rows go: stdout, or appended to the ``--resume`` file (a header first when it is new)."""

    def __init__(self, resume: Path | None, output: CensusFormat, identity: str) -> None:
        from patience_cli.census import HEADER, HEADER_WITHOUT_REASON, file_header

        self.output = output
        self.file = None
        #: Whether rows carry the reason column (a --resume file begun without it goes on without it).
        self.reasons = True
        if resume is not None:
            self.reasons = file_header(resume) != HEADER_WITHOUT_REASON
            fresh = not resume.exists() or resume.stat().st_size == 0
            try:
                self.file = resume.open("a", encoding="utf-8")
            except OSError as error:
                bad_input(_("--resume cannot write {file}: {why}").format(file=resume, why=error.strerror or error))
            if fresh:
                # The identity line lets a later --resume refuse to append another census's rows.
                self.file.write(identity + "\n" + HEADER + "\n")
                self.file.flush()
        elif output is CensusFormat.CSV:
            print(HEADER, flush=True)
        else:
            deal, result = pgettext("census column", "deal"), pgettext("census column", "result")
            moves, seconds = pgettext("census column", "moves"), pgettext("census column", "seconds")
            reason = pgettext("census column", "reason")
            print(f"{deal:>10}  {result:<10}  {moves:>5}  {seconds:>8}  {reason}".rstrip())

    def row(self, deal: int, result: str, moves: int | None, seconds: float, reason: str | None = None) -> None:
        shown = "" if moves is None else str(moves)
        if self.output is CensusFormat.TABLE:
            line = f"{deal:>10}  {_result_words(result):<10}  {shown:>5}  {decimal(seconds, 3):>8}"
            print(f"{line}  {_reason_words(reason)}".rstrip(), flush=True)
            return
        line = f"{deal},{result},{shown},{seconds:.3f}"
        line += f",{reason or ''}\n" if self.reasons else "\n"
        if self.file is not None:
            # One write per row, flushed: an interruption leaves whole rows (or one cut line).
            self.file.write(line)
            self.file.flush()
        else:
            sys.stdout.write(line)
            sys.stdout.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    from patience_cli.inspect_commands import _examples

    app.command(
        "solve",
        help=_("Solve a deal or a board: exit 0 solved, 3 proved lost, 4 undecided in the time limit, 2 bad input."),
        epilog=_examples(
            "patience solve freecell 1",
            "patience solve --code EO1-C8-AAAAAFA --format sn",
            "patience solve eight-off --board layout.txt --cells 4 --time-limit 10",
        ),
    )(solve)
    app.command(
        "census",
        help=_("Solve a range of deals and print one line per deal, in order, then (table) a summary.")
        + "\n\n"
        + _(
            "CSV columns: deal, result (solved, unsolvable or unknown), moves (the\n"
            "solution's length; empty unless solved), seconds, reason (why a deal is\n"
            "unknown: positions, time or memory). Deals are handed to the workers as\n"
            "they take them, so any range runs in the same memory."
        ),
        epilog=_examples("patience census freecell 1-1000 --jobs 0", "patience census eight-off 1-100 --cells 4"),
    )(census)
