"""Benchmark: what a plugin that overrides legality for a variant of its own costs the other variants.

Usage (from the repository root)::

    .venv/bin/python bench/plugins.py --range 1-50 --repeat 3

Solves FreeCell deals in three ways, alternating so that the machine's drift
falls on all alike, and prints a Markdown table:

- ``plain``: the installed plugins only;
- ``with override``: the same, plus a plugin that registers ``hooked-freecell``
  (FreeCell derived under its own name) and overrides
  ``patience_move_legality`` for it. FreeCell must expand the same positions
  and take about the same time (issue 11: within 20%);
- ``through the hook``: ``hooked-freecell`` itself, every move judged by that
  hook: the same positions, more time per position.

Times are process CPU seconds, the best of ``--repeat`` runs of the range.
"""

from __future__ import annotations

import argparse
import time

import pluggy

from patience import Move, Position, Variant, Verdict, deal_position, get_variant, hookimpl
from patience.legality import check_move
from patience.plugins import Registrar, make_plugin_manager
from patience_solver import solve


class HookedFreeCell:
    """FreeCell as ``hooked-freecell``, its legality through a hook that says what the rules say."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(register.get("freecell").derive(name="hooked-freecell", title="Hooked FreeCell", prefix="HF"))

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict:
        return check_move(variant.rules, position, move, variant.title)


def parse_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def run(pm: pluggy.PluginManager, name: str, deals: range) -> tuple[float, int]:
    variant = get_variant(name, pm)
    positions = [deal_position(variant, deal, 4, pm) for deal in deals]
    started = time.process_time()
    expanded = sum(solve(variant, position, plugins=pm).positions for position in positions)
    return time.process_time() - started, expanded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--range", default="1-50", help="FreeCell deals, FIRST-LAST")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best time counts")
    args = parser.parse_args()
    deals = parse_range(args.range)
    plain = make_plugin_manager()
    hooked = make_plugin_manager()
    hooked.register(HookedFreeCell(), name="hooked-freecell")
    cases = [
        ("plain", plain, "freecell"),
        ("with override", hooked, "freecell"),
        ("through the hook", hooked, "hooked-freecell"),
    ]
    best: dict[str, tuple[float, int]] = {}
    for _ in range(args.repeat):
        for label, pm, name in cases:
            seconds, expanded = run(pm, name, deals)
            if label not in best or seconds < best[label][0]:
                best[label] = (seconds, expanded)
    reference = best["plain"][0]
    print(f"FreeCell deals {deals.start}-{deals.stop - 1}, 4 cells, best of {args.repeat}\n")
    print("| run | positions | seconds | time / plain |")
    print("| --- | ---: | ---: | ---: |")
    for label, _, _ in cases:
        seconds, expanded = best[label]
        print(f"| {label} | {expanded:,} | {seconds:.2f} | {seconds / reference:.2f} |")


if __name__ == "__main__":
    main()
