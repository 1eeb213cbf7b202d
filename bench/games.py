"""Every installed game's figures: fc-solve's verdicts beside ours, and how often a deal is won.

Usage (from the repository root)::

    .venv/bin/python bench/games.py                           # measure every installed game, print the table
    .venv/bin/python bench/games.py --games freecell,eight-off --jobs 2
    .venv/bin/python bench/games.py --markdown > docs/games.md   # the page, from the variants and the figures

Measuring a game (the default action; ``--games`` picks some, by name):

- **fc-solve**: its first ``--compare`` deals (50), each solved by ours at
  ``--max-positions`` and by ``fc-solve --game PRESET`` (the table of
  ``tests/variants/fcsolve_games.py``) at as many iterations, and the pair
  of verdicts counted: both solved, both lost, we solve where fc-solve
  finds it lost (kings-only games: our runs may be longer, SPEC section 2),
  fc-solve solves where we are undecided, and so on. A deal fc-solve solves
  that ours proves lost is a contradiction, counted apart (the tests allow
  none). Games fc-solve cannot run (more than 10 columns) say so.
- **census**: deals 1 to ``--census`` (200) solved by ours at
  ``--max-positions``: solved, lost (proved by the complete search) and
  undecided (the budget ran out), and the win rate ``solved / deals``; with
  undecided deals the true rate lies between that and ``(solved +
  undecided) / deals``.

The budget counts positions, so the figures do not depend on the machine's
load; the time shown is CPU time (this process's and its workers', fc-solve
included as child processes' CPU time), never wall time. ``--jobs N`` runs
the deals in N worker processes.

The figures of each game measured are kept in ``bench/games.json`` (with
the command, the budget, the date and the commit); a later run of other
games adds theirs. ``--markdown`` measures nothing: it prints
``docs/games.md`` from the installed variants' own data (columns, cells,
building, empty columns, runs, deal source) and the kept figures, so that
the page cannot drift from the games (``tests/docs/test_games_page.py``
checks it).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pluggy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "variants"))

from fcsolve_games import GAMES, TOO_MANY_STACKS, fc_solve  # noqa: E402

from patience import Variant, deal_position  # noqa: E402
from patience.plugins import variants  # noqa: E402
from patience.rules import EmptyColumns, Redeal  # noqa: E402

FIGURES = ROOT / "bench" / "games.json"

#: The budget of every figure unless ``--max-positions`` says otherwise: 200 deals of a game in a minute or two.
MAX_POSITIONS = 20_000
#: Deals compared with fc-solve, and deals of the census.
COMPARE, CENSUS = 50, 200

#: The pairs of verdicts the comparison counts, ours first, and how the page names them.
PAIRS: dict[str, str] = {
    "solved/solved": "both solve",
    "unsolvable/lost": "both prove lost",
    "solved/lost": "we solve, fc-solve finds lost",
    "solved/undecided": "we solve, fc-solve undecided",
    "unknown/solved": "fc-solve solves, we undecided",
    "unsolvable/undecided": "we prove lost, fc-solve undecided",
    "unknown/lost": "fc-solve finds lost, we undecided",
    "unknown/undecided": "both undecided",
    "unsolvable/solved": "CONTRADICTION: fc-solve solves, we prove lost",
}


# -- one deal, in whatever process runs it --------------------------------------------------


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def judge(name: str, deal: int, budget: int, compare: bool) -> tuple[int, str, str | None, float]:
    """Deal ``deal`` of ``name``: our verdict, fc-solve's (when ``compare``), and the CPU seconds both took.

    Ours is the census's own (:func:`patience_cli.census.solve_chunk`, no time
    limit, the budget), so it is the row ``patience census NAME DEAL
    --max-positions BUDGET`` prints.
    """
    from patience_cli.census import solve_chunk

    variant = variants()[name]
    started, children = time.process_time(), _children_cpu()
    ((_, ours, *_),) = solve_chunk(name, variant.default_cells, None, budget, (deal,))
    theirs: str | None = None
    if compare:
        position = deal_position(variant, deal, variant.default_cells)
        try:
            theirs = fc_solve(GAMES[name], position, budget)
        except RuntimeError as error:
            theirs = "too wide" if TOO_MANY_STACKS in str(error) else f"refused: {error}"
    return deal, ours, theirs, time.process_time() - started + _children_cpu() - children


def _judge(task: tuple[str, int, int, bool]) -> tuple[int, str, str | None, float]:
    return judge(*task)


# -- a game --------------------------------------------------------------------------------


def measure(name: str, budget: int, compare: int, census: int, jobs: int) -> dict[str, Any]:
    """The figures of one game: the census counts, the comparison's pairs, CPU seconds."""
    knows = name in GAMES and GAMES[name].runnable
    tasks = [(name, deal, budget, knows and deal <= compare) for deal in range(1, census + 1)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            rows = pool.map(_judge, tasks, chunksize=4)
    else:
        rows = [judge(*task) for task in tasks]
    verdicts = Counter(ours for _, ours, _, _ in rows)
    pairs = Counter(f"{ours}/{theirs}" for _, ours, theirs, _ in rows if theirs is not None)
    figures: dict[str, Any] = {
        "deals": census,
        "solved": verdicts["solved"],
        "lost": verdicts["unsolvable"],
        "undecided": verdicts["unknown"],
        "cpu_seconds": round(sum(seconds for *_, seconds in rows), 1),
        "max_positions": budget,
    }
    if name in GAMES:
        figures["fc_solve"] = {"deals": compare, "pairs": dict(sorted(pairs.items()))} if knows else {"too_wide": True}
    return figures


def _git_commit() -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def load_figures(path: Path = FIGURES) -> dict[str, dict[str, Any]]:
    """The figures kept so far, by game name (empty when none were measured)."""
    if not path.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


# -- what the variants say of themselves -----------------------------------------------------


def deal_source(variant: Variant, pm: pluggy.PluginManager | None = None) -> str:
    """``Microsoft``, ``PySolFC`` or ``its own``: which shuffle the game's deal #2 calls, watched as it runs.

    Read from what the deal does rather than written down per game, so a new
    game's row is right without anyone filling it in.
    """
    from patience import shuffle

    called: set[str] = set()
    shuffles = {shuffle.ms_deal: "Microsoft", shuffle.pysolfc_talon: "PySolFC", shuffle.pysolfc_deal: "PySolFC"}
    # Pure Python, each shuffle runs a frame of its own code; compiled (patience.shuffle is in the compiled
    # build), a call from Python code to one is a call of a builtin function, which the profiler reports as is.
    codes = {getattr(function, "__code__", None): source for function, source in shuffles.items()}

    def watch(frame: Any, event: str, arg: object) -> None:
        if event == "call" and frame.f_code in codes:
            called.add(codes[frame.f_code])
        elif event == "c_call":
            for function, source in shuffles.items():
                if arg is function:
                    called.add(source)

    previous = sys.getprofile()
    sys.setprofile(watch)
    try:
        deal_position(variant, 2, variant.default_cells, pm)
    finally:
        sys.setprofile(previous)
    if "PySolFC" in called:
        return "PySolFC"
    return "Microsoft" if called else "its own"


def _empty_words(variant: Variant) -> str:
    rules = variant.rules
    return {
        EmptyColumns.ANY: "any card",
        EmptyColumns.KINGS_ONLY: "kings only",
        EmptyColumns.BELOW_BASE: "one rank below the base",
        EmptyColumns.ONE_RANK: f"rank {rules.empty_rank} only",
        EmptyColumns.NONE: "stay empty",
    }[rules.empty_columns]


def _runs_words(variant: Variant) -> str:
    rules = variant.rules
    if not rules.group_moves:
        return "single cards"
    if rules.unlimited_runs:
        return "any length"
    return "(free cells + 1) × 2^(empty columns)"


def _build_words(variant: Variant) -> str:
    return {
        "suit": "by suit",
        "alternate": "alternating colours",
        "any": "regardless of suit",
        "none": "nothing (cards only leave a column)",
    }[variant.rules.build.value]


def _cells_words(variant: Variant) -> str:
    counts = variant.cell_counts
    shown = str(variant.default_cells)
    if len(counts) > 1:
        shown += f" ({min(counts)}-{max(counts)})"
    if variant.rules.reserve:
        shown += f", {variant.rules.reserve} a reserve"
    return shown


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _census_words(figures: dict[str, Any] | None) -> str:
    if figures is None:
        return "not measured yet"
    deals, solved, lost, undecided = figures["deals"], figures["solved"], figures["lost"], figures["undecided"]
    rate = _percent(solved, deals)
    if undecided:
        rate += f"-{_percent(solved + undecided, deals)}"
    return f"{rate}: {solved} solved, {lost} lost, {undecided} undecided of {deals}"


def _redeal_words(variant: Variant) -> str:
    # The solver makes no redeal (fc-solve has none): its verdicts are those of card moves alone.
    if variant.rules.redeal is Redeal.NONE:
        return ""
    return " (by card moves alone: the solver makes no redeal, which may still win a deal it calls lost)"


#: The games fc-solve has no preset for whose verdicts another oracle checks, and which one.
OWN_ORACLES = {
    "stalactites": (
        "no preset (fc-solve has no foundations by rank): every solution replays to a win through the game,"
        " and deals 1-12 agree with an exhaustive search of the game's own moves"
    ),
}


def _fc_solve_words(name: str, figures: dict[str, Any] | None) -> str:
    if name in OWN_ORACLES:
        return OWN_ORACLES[name]
    if name not in GAMES:
        return "not an fc-solve game"
    game = GAMES[name]
    preset = " ".join(["`--game", game.preset, *game.options]) + "`"
    if game.long_columns:
        return f"{preset}: columns of more than 20 cards, which Debian's fc-solve cannot read; our own search instead"
    if not game.runnable:
        return f"{preset}: more than 10 columns, {TOO_MANY_STACKS}; our exhaustive search instead"
    if figures is None or "fc_solve" not in figures:
        return f"{preset}: not compared yet"
    pairs: dict[str, int] = figures["fc_solve"]["pairs"]
    order = list(PAIRS)
    ranked = sorted(pairs.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))
    shown = ", ".join(f"{PAIRS.get(pair, pair)} {count}" for pair, count in ranked)
    return f"{preset}: {figures['fc_solve']['deals']} deals: {shown}"


# -- output -----------------------------------------------------------------------------------


def table_rows(installed: Iterable[Variant], kept: dict[str, dict[str, Any]]) -> list[list[str]]:
    """One row a game: its data, its census and its comparison with fc-solve."""
    return [
        [
            variant.title,
            f"`{variant.name}`",
            str(variant.columns),
            _cells_words(variant),
            str(variant.rules.decks),
            _build_words(variant),
            _empty_words(variant),
            _runs_words(variant),
            deal_source(variant),
            _census_words(kept.get(variant.name)) + _redeal_words(variant),
            _fc_solve_words(variant.name, kept.get(variant.name)),
        ]
        for variant in installed
    ]


HEADERS = [
    "game",
    "name",
    "columns",
    "cells",
    "decks",
    "building",
    "empty columns",
    "runs",
    "deals",
    "won (census)",
    "fc-solve",
]


def markdown(installed: list[Variant], kept: dict[str, dict[str, Any]]) -> str:
    """docs/games.md: the page, from the installed variants and the kept figures."""
    budgets = sorted({figures["max_positions"] for figures in kept.values()})
    runs = sorted({(figures["date"], figures["commit"], figures["command"]) for figures in kept.values()})
    lines = [
        "# The games and their figures",
        "",
        "Every installed game, from its own data (columns, cells, building, empty",
        "columns, how many cards move at once, which shuffle deals it), how often",
        "its deals are won, and what Freecell Solver (`fc-solve`) says of the same",
        "deals. The page is printed by `bench/games.py --markdown` from the",
        "variants and the figures kept in `bench/games.json`; a test checks that it",
        "names every installed game with its columns and cells.",
        "",
        "| " + " | ".join(HEADERS) + " |",
        "| " + " | ".join("---" for _ in HEADERS) + " |",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in table_rows(installed, kept)]
    lines += [
        "",
        "## How the figures are made",
        "",
        "**Won (census)**: deals 1-200 of the game with its default cells, solved",
        "as `patience census GAME 1-200 --max-positions N` solves them: a budget",
        "of expanded positions and no time limit, so the verdicts do not depend",
        "on how busy the machine is, and that command prints the same rows. Each",
        "deal is solved, lost (a complete search found no win) or",
        "undecided (the budget ran out); with undecided deals the win rate lies",
        "between the two figures shown, the solved deals alone and the solved",
        "and undecided together.",
        "",
        "**fc-solve**: deals 1-50 solved by ours at that budget and by `fc-solve",
        "--game PRESET` with as many iterations (`-mi N -sel`), each pair of",
        "verdicts counted. A deal fc-solve solves is never proved lost by ours",
        "(`tests/variants/test_fc_solve_verdicts.py` checks five deals of every",
        "game in CI, and every solution of ours replays to a win through the",
        "game). In the kings-only games (Eight Off, Seahaven Towers and their",
        "kin) a run may be as long as SPEC section 2's capacity, where fc-solve",
        "caps it at cells + 1: there we may solve a deal fc-solve finds lost.",
        "",
        "**Games wider than fc-solve**: Debian's fc-solve is built for at most 10",
        "columns; for a game with more it answers",
        f'"{TOO_MANY_STACKS}". There the',
        "oracle is our own: the tests take each deal's jacks, queens and kings (the",
        "other cards home), as dealt and with each column turned over, small",
        "enough to search completely with a plain search over the game's legal",
        "moves, and the solver must give the same verdict, won or lost; from",
        "positions twelve moves before the end of each solution found, both must",
        "win; every solution replays to a win through the game.",
        "",
        "**Games with longer columns than fc-solve reads**: Debian's fc-solve reads",
        "at most 20 cards of a column, and Der Katzenschwanz and Die Schlange deal",
        "columns of 25 to 40 cards at their kings. Their two decks and eight cells",
        "leave too many positions for a complete search even on shortened deals, so",
        "there the oracle is the replay of every solution through the game, from",
        "the deal and from twelve moves before its end.",
        "",
        "**Simple Simon**: fc-solve's own search of it is incomplete: it says it",
        "could not solve deals that ours solves, and those solutions replay to a",
        "win through the game.",
        "",
        "**Deals**: `Microsoft` is the Microsoft FreeCell shuffle of deal #N (the",
        "games patience shipped first keep those deals and codes); `PySolFC` is",
        "PySolFC's deal #N of that game, card for card.",
        "",
        "## The runs behind the figures",
        "",
    ]
    if not runs:
        lines.append("No game has been measured yet: run `.venv/bin/python bench/games.py`.")
    else:
        shown = ", ".join(f"{budget:,}" for budget in budgets)
        lines += [
            f"Budget: {shown} positions a deal. The seconds are CPU time (the solver's and",
            "fc-solve's, user and system), not wall time.",
            "",
        ]
        lines += ["| date | commit | command | games |", "| --- | --- | --- | --- |"]
        for date, commit, command in runs:
            games = sorted(
                name
                for name, figures in kept.items()
                if (figures["date"], figures["commit"], figures["command"]) == (date, commit, command)
            )
            seconds = sum(kept[name]["cpu_seconds"] for name in games)
            lines.append(f"| {date} | {commit} | `{command}` | {', '.join(games)} ({seconds:,.0f} s CPU) |")
    lines += [
        "",
        "A game is measured again (or a new one for the first time), and this page printed again, with:",
        "",
        "```",
        ".venv/bin/python bench/games.py --games NAME,NAME --jobs 2",
        ".venv/bin/python bench/games.py --markdown > docs/games.md",
        "```",
    ]
    return "\n".join(lines) + "\n"


def _text_table(rows: list[list[str]], headers: list[str]) -> str:
    widths = [max(len(header), *(len(row[i]) for row in rows)) for i, header in enumerate(headers)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(headers, widths, strict=True)).rstrip()]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None, out: Callable[[str], object] = print) -> int:
    """Measure the games asked for (every installed one by default), or print the page (``--markdown``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="names of the games to measure, comma-separated (default: every one installed)")
    parser.add_argument("--max-positions", type=int, default=MAX_POSITIONS, help="the budget of each deal")
    parser.add_argument("--compare", type=int, default=COMPARE, help="deals compared with fc-solve")
    parser.add_argument("--census", type=int, default=CENSUS, help="deals of the census")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--markdown", action="store_true", help="print docs/games.md and measure nothing")
    parser.add_argument("--figures", type=Path, default=FIGURES, help="where the figures are kept")
    args = parser.parse_args(argv)
    os.environ.setdefault("PATIENCE_LANG", "en")
    every = variants()
    if args.games:
        wanted = [name.strip() for name in args.games.split(",") if name.strip()]
        unknown = [name for name in wanted if name not in every]
        if unknown:
            parser.error(f"not installed: {', '.join(unknown)}")
    else:
        wanted = sorted(every)
    kept = load_figures(args.figures)
    if args.markdown:
        installed = sorted(every.values(), key=lambda v: (v.family or v.title, v.title))
        out(markdown(installed, kept).rstrip("\n"))
        return 0
    if args.census < args.compare:
        parser.error("--census must be at least --compare: the compared deals are the census's first")
    command = f"bench/games.py --max-positions {args.max_positions} --compare {args.compare} --census {args.census}"
    stamp = {"date": dt.date.today().isoformat(), "commit": _git_commit(), "command": command}
    for name in wanted:
        figures = measure(name, args.max_positions, args.compare, args.census, args.jobs)
        kept[name] = {**figures, **stamp}
        args.figures.write_text(json.dumps(kept, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    rows = [
        [
            every[name].title,
            _census_words(kept[name]),
            f"{kept[name]['cpu_seconds']:.1f} s",
            _fc_solve_words(name, kept[name]),
        ]
        for name in wanted
    ]
    out(_text_table(rows, ["game", "won (census)", "CPU", "fc-solve"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
