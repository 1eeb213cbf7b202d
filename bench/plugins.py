"""Benchmark: what a plugin that overrides legality for a variant of its own costs the other variants.

Usage (from the repository root)::

    .venv/bin/python bench/plugins.py --range 1-50 --repeat 3

Solves FreeCell deals in three ways, alternating so that the machine's drift
falls on all alike, and prints a Markdown table:

- ``plain``: the installed plugins only;
- ``with override``: the same, plus a plugin that registers ``hooked-freecell``
  (FreeCell derived under its own name) and overrides
  ``patience_move_legality`` for it. FreeCell must expand the same positions
  and take about the same time (within 20%);
- ``through the hook``: ``hooked-freecell`` itself, every move judged by that
  hook: the same positions, more time per position.

Times are process CPU seconds, the best of ``--repeat`` runs of the range.
Then one routed hook call is timed in the process (the best of
``--repeat`` runs of 50,000 calls each): FreeCell's scoring hook, and the
legality hook of ``hooked-freecell``, beside ``check_move`` itself.
"""

from __future__ import annotations

import argparse
import time
import timeit
from collections.abc import Callable

import pluggy

from patience import (
    ActionKind,
    Game,
    Move,
    Position,
    ScoredAction,
    ScoreState,
    Variant,
    Verdict,
    deal_position,
    get_variant,
    hookimpl,
)
from patience.legality import check_move
from patience.plugins import Registrar, make_plugin_manager, route
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


def call_times(pm: pluggy.PluginManager, repeat: int, number: int = 50_000) -> list[tuple[str, float]]:
    """Microseconds per call: ``check_move``, a routed legality call, a routed scoring call."""
    freecell, hooked = get_variant("freecell", pm), get_variant("hooked-freecell", pm)
    position = deal_position(freecell, 1, 4, pm)
    move = next(iter(Game.from_position(hooked, position, plugins=pm).legal_moves))
    after = position.apply(move)
    legality = route("patience_move_legality", hooked, pm).call
    scoring = route("patience_score_action", freecell, pm).call
    action = ScoredAction(ActionKind.MOVE, moves=1)
    calls: list[tuple[str, Callable[[], object]]] = [
        ("check_move itself", lambda: check_move(hooked.rules, position, move, hooked.title)),
        ("patience_move_legality, hooked-freecell", lambda: legality(variant=hooked, position=position, move=move)),
        (
            "patience_score_action, freecell",
            lambda: scoring(
                variant=freecell, state=ScoreState(), action=action, move=move, before=position, after=after
            ),
        ),
    ]
    return [(label, min(timeit.repeat(call, number=number, repeat=repeat)) / number * 1e6) for label, call in calls]


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
    print("\n| one routed call | µs |")
    print("| --- | ---: |")
    for label, micros in call_times(hooked, args.repeat):
        print(f"| {label} | {micros:.2f} |")


if __name__ == "__main__":
    main()
