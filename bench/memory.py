"""Benchmark: the memory a search takes per stored position, in the build that is set up.

Usage (from the repository root)::

    .venv/bin/python bench/memory.py                  # FreeCell #6825625742, 100,000 to 800,000 positions
    .venv/bin/python bench/memory.py --deal 11982 --positions 100000 300000

Each budget runs in a fresh process: the search expands that many
positions of the deal (the portfolio of :func:`patience_solver.solve`,
scan by scan as it runs them), then the script counts the positions the
scans have stored (every state reached, expanded or not) and reads the
process's resident size. The bytes a stored position costs are the growth
of the resident size over the growth of the stored positions, between the
smallest budget and each larger one (so the interpreter, the plugins and
the solver's tables count once, not per position). The peak resident size
comes from :func:`resource.getrusage`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = """
import json, os, resource, sys
from patience import Game
from patience._build import is_compiled
import patience_solver as solver
from patience_solver._compiled import Compiled
from patience_solver._search import Limits, Scan

deal, budget = int(sys.argv[1]), int(sys.argv[2])
game = Game.new("freecell", deal=deal)
position = game.position
comp = Compiled(game.variant.rules, game.variant.rules.autoplay, 8, 4, position.base, 1)
root, _ = solver._start(comp, position)
limits = Limits(None, budget, None, None, 0)
schedule = solver.schedule_for(game.variant.rules)
scans = [(Scan(comp, root, weights, full=full), quota) for weights, full, quota in schedule.scans]
growth, stopped = 1, False
with solver._collector_paused():
    while not stopped:
        for scan, quota in scans:
            if scan.run(quota * growth - scan.expanded, limits).value != "budget":
                stopped = True
                break
        growth *= schedule.growth
stored = sum(len(scan.store) for scan, _ in scans)
with open("/proc/self/statm") as handle:
    resident = int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"compiled": is_compiled(), "expanded": limits.positions, "stored": stored,
                  "resident": resident, "peak": peak}))
"""


def measure(deal: int, budget: int) -> dict[str, int]:
    """One fresh process's figures for ``budget`` expanded positions of ``deal``."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(deal), str(budget)], capture_output=True, text=True, check=True
    )
    figures: dict[str, int] = json.loads(done.stdout)
    return figures


def main(argv: list[str] | None = None) -> None:
    """Print a Markdown table of the memory per stored position."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal", type=int, default=6825625742)
    parser.add_argument("--positions", type=int, nargs="+", default=[100_000, 200_000, 400_000, 800_000])
    args = parser.parse_args(argv)
    rows = [measure(args.deal, budget) for budget in sorted(args.positions)]
    base = rows[0]
    build = "compiled" if base["compiled"] else "pure"
    print(f"FreeCell #{args.deal}, {build} build\n")
    print("| expanded | stored | resident MB | peak MB | bytes per stored position |")
    print("|---:|---:|---:|---:|---:|")
    for row in rows:
        extra = row["stored"] - base["stored"]
        per = f"{(row['resident'] - base['resident']) / extra:.0f}" if extra else "-"
        resident, peak = row["resident"] / 1e6, row["peak"] / 1e6
        print(f"| {row['expanded']:,} | {row['stored']:,} | {resident:.0f} | {peak:.0f} | {per} |")


if __name__ == "__main__":
    main()
