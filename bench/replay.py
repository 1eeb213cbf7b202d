"""Replay benchmark: the game's replay of solver solutions, timed apart from the search that found them.

    .venv/bin/python bench/replay.py --steps /tmp/steps.json            # solve 1-1000 once (cached), time the replay
    .venv/bin/python bench/replay.py --steps /tmp/steps.json --profile  # the solver's replay under cProfile

Every solution the solver returns is replayed by the game's own rules
(:func:`patience_solver._replay.replay`): each step placed on the real
columns, judged by ``check_move``, applied to a real ``Position``, the
automatic play made, the win checked. The first run with a ``--steps`` file
solves the deals and keeps each solution's steps there (as plain numbers,
so that any build or branch reads them); later runs, and other checkouts
given the same file, time only the replay of those steps, in CPU time
(``time.process_time``), best of ``--repeat`` runs.

Two rows: **solver** is the solver's replay of the steps; **game** plays the
moves that replay gives through the game API (``Game.from_position``, then
``Game.play`` for each move: the legality hook, the move, automatic play,
scoring and events, as the leaderboard's replay of a record does).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from patience import Game, Position, deal_position, get_variant
from patience.cards import full_deck
from patience.moves import Move
from patience.rules import AutoPlay

_DECK = full_deck()


def _encode(position: Position) -> dict[str, Any]:
    return {
        "columns": [[card.index for card in column] for column in position.columns],
        "cells": [None if card is None else card.index for card in position.cells],
        "foundations": list(position.foundations),
        "base": position.base,
    }


def _decode(data: dict[str, Any]) -> Position:
    return Position(
        tuple(tuple(_DECK[i] for i in column) for column in data["columns"]),
        tuple(None if i is None else _DECK[i] for i in data["cells"]),
        tuple(data["foundations"]),
        data["base"],
    )


def collect(name: str, deals: range, path: Path) -> None:
    """Solve ``deals`` of ``name`` and save what each solution's replay was given."""
    import patience_solver as solver

    kept: list[dict[str, Any]] = []
    original: Callable[..., Any] = getattr(solver, "replay")  # noqa: B009 (not exported: patched here)

    def keep(rules: Any, title: str, position: Position, steps: list[Any], policy: AutoPlay, *rest: Any) -> Any:
        kept.append({"position": _encode(position), "steps": [list(step) for step in steps], "policy": policy.name})
        return original(rules, title, position, steps, policy, *rest)

    setattr(solver, "replay", keep)  # noqa: B010
    try:
        variant = get_variant(name)
        for deal in deals:
            solver.solve(variant, deal_position(variant, deal, 4))
    finally:
        setattr(solver, "replay", original)  # noqa: B010
    path.write_text(json.dumps({"variant": name, "first": deals.start, "last": deals.stop - 1, "solutions": kept}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", required=True, type=Path, help="the solutions' steps (made on the first run)")
    parser.add_argument("--variant", default="freecell")
    parser.add_argument("--deals", default="1-1000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="one replay of them all under cProfile")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    if not args.steps.exists():
        collect(args.variant, range(int(first), int(last or first) + 1), args.steps)
    from patience._build import is_compiled
    from patience.solution import replay

    data = json.loads(args.steps.read_text())
    variant = get_variant(data["variant"])
    rules, title = variant.rules, variant.title
    jobs = [
        (_decode(s["position"]), [tuple(step) for step in s["steps"]], AutoPlay[s["policy"]]) for s in data["solutions"]
    ]
    solutions: list[tuple[Position, tuple[Move, ...]]] = []
    for position, steps, policy in jobs:
        result = replay(rules, title, position, steps, policy)
        assert not isinstance(result, str), result
        solutions.append((position, result))
    moves = sum(len(played) for _, played in solutions)

    def run_solver() -> None:
        for position, steps, policy in jobs:
            replay(rules, title, position, steps, policy)

    def run_game() -> None:
        for position, played in solutions:
            game = Game.from_position(variant, position)
            for move in played:
                game.play(move)
            assert game.is_won

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run_solver)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    build = "compiled" if is_compiled() else "pure"
    print("| replay | build | solutions | moves | best CPU s | ms per solution | µs per move |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, run in (("solver", run_solver), ("game", run_game)):
        times = []
        for _ in range(args.repeat):
            started = time.process_time()
            run()
            times.append(time.process_time() - started)
        best = min(times)
        per_solution, per_move = 1000 * best / len(jobs), 1e6 * best / moves
        print(f"| {name} | {build} | {len(jobs)} | {moves} | {best:.3f} | {per_solution:.3f} | {per_move:.2f} |")


if __name__ == "__main__":
    main()
