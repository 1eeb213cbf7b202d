"""What a search keeps per stored position, counted by :mod:`tracemalloc` on a fixed deal and budget.

The figures are the allocations the scans hold when they stop (the
interpreter's own objects count once, before tracing starts), so they do
not depend on the machine's load or on the other processes.
"""

from __future__ import annotations

import tracemalloc

import patience_solver as solver
from patience import Game
from patience_solver._compiled import Compiled
from patience_solver._search import Limits, Scan

#: A hard FreeCell deal that no schedule decides within the budget below.
HARD_DEAL = 6825625742
BUDGET = 20_000
#: The traced bytes a stored position may cost (its key: one tuple of the columns and the cells; its entry
#: in the table of parents, which holds the parent's key alone; its frontier entry, four slots of a list;
#: its share of the columns and foundations, each held once by the search, of the column tables and of
#: the frontier's moves not made yet). Either build holds about 195.
MAX_BYTES_PER_STORED = 210


def scans_after(budget: int) -> tuple[list[Scan], int]:
    """The portfolio's scans on :data:`HARD_DEAL` after ``budget`` expansions, and the bytes they hold."""
    game = Game.new("freecell", deal=HARD_DEAL)
    position = game.position
    rules = game.variant.rules
    comp = Compiled(rules, rules.autoplay, len(position.columns), len(position.cells), position.base, 1)
    root, _ = solver._start(comp, position)
    limits = Limits(None, budget, None, None, 0)
    schedule = solver.schedule_for(rules)
    tracemalloc.start()
    try:
        scans = [(Scan(comp, root, weights, full=full), quota) for weights, full, quota in schedule.scans]
        growth, stopped = 1, False
        while not stopped:
            for scan, quota in scans:
                if scan.run(quota * growth - scan.expanded, limits).value != "budget":
                    stopped = True
                    break
            growth *= schedule.growth
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return [scan for scan, _ in scans], held


def test_a_stored_position_costs_at_most_its_share_of_memory() -> None:
    scans, held = scans_after(BUDGET)
    stored = sum(len(scan.parents) for scan in scans)
    assert stored > BUDGET
    assert held / stored <= MAX_BYTES_PER_STORED


def test_a_stored_position_keeps_its_parents_key_and_no_steps() -> None:
    scans, _ = scans_after(2_000)
    for scan in scans:
        roots = [key for key, parent in scan.parents.items() if parent is None]
        assert len(roots) == 1
        for parent in scan.parents.values():
            if parent is not None:
                assert parent in scan.parents


def test_equal_columns_of_stored_positions_are_one_object() -> None:
    scans, _ = scans_after(2_000)
    comp = scans[0].comp
    held: dict[bytes, bytes] = {}
    columns = 0
    for scan in scans:
        for key in scan.parents:
            for column in key[:-1]:
                columns += 1
                assert held.setdefault(column, column) is column
                assert comp.canonical_column(column) is column
    # Most columns are shared between positions: far fewer objects than columns.
    assert len(held) * 4 < columns


def test_a_move_not_made_yet_is_its_parents_key_and_a_code() -> None:
    scans, _ = scans_after(2_000)
    comp = scans[0].comp
    deferred = 0
    for scan in scans:
        stored = {id(key) for key in scan.parents}
        for key, found, _, code in scan.entries():
            # The key is the stored object itself, so an entry adds nothing but itself and its code.
            assert id(key) in stored
            if code < 0:
                continue
            deferred += 1
            columns, cells = key[:-1], key[-1]
            child = comp.make_later(columns, cells, found, code)
            assert child in comp.children(columns, cells, found, scan.full)
    assert deferred > 100
