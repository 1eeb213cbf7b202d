"""What a search keeps per stored position, counted by :mod:`tracemalloc` on a fixed deal and budget.

The figures are the allocations the scans hold when they stop (the
interpreter's own objects count once, before tracing starts), so they do
not depend on the machine's load or on the other processes.
"""

from __future__ import annotations

import tracemalloc

import pytest

import patience_solver as solver
import patience_solver._search as search
from patience import Game
from patience_solver._compiled import Compiled
from patience_solver._search import Limits, Scan
from patience_solver._store import KeyStore, PackedStore

#: A hard FreeCell deal that no schedule decides within the budget below.
HARD_DEAL = 6825625742
BUDGET = 20_000
#: The traced bytes a stored position may cost, by table (:data:`patience_solver._search.PACKED`), with its
#: share of the columns and foundations (each held once by the search), of the column tables and of the
#: frontier's moves not made yet. With the dict of keys (:class:`~patience_solver._store.KeyStore`): its key,
#: one tuple of the columns and the cells; its entry in the dict of parents, which holds the parent's key alone,
#: and in the dict of hows; its frontier entry, four slots of a list; about 238 in all. Packed
#: (:class:`~patience_solver._store.PackedStore`): three words of key, a parent's number, a how, a foundations'
#: number and its slots; its frontier entry, one 64-bit word; about 95 in all.
MAX_BYTES_PER_STORED = {False: 250, True: 100}


@pytest.fixture(params=[False, True], ids=["dict", "packed"])
def packed(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Each table in turn."""
    value: bool = request.param
    monkeypatch.setattr(search, "PACKED", value)
    return value


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


def test_a_stored_position_costs_at_most_its_share_of_memory(packed: bool) -> None:
    scans, held = scans_after(BUDGET)
    stored = sum(len(scan.store) for scan in scans)
    assert stored > BUDGET
    assert all(isinstance(scan.store, PackedStore if packed else KeyStore) for scan in scans)
    assert held / stored <= MAX_BYTES_PER_STORED[packed]


def test_the_packed_table_takes_at_most_60_percent_of_the_dicts_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    figures = []
    for packed in (False, True):
        monkeypatch.setattr(search, "PACKED", packed)
        scans, held = scans_after(BUDGET)
        figures.append(held / sum(len(scan.store) for scan in scans))
    assert figures[1] <= 0.6 * figures[0]


def test_a_stored_position_keeps_its_parent_and_no_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "PACKED", False)
    scans, _ = scans_after(2_000)
    for scan in scans:
        store = scan.store
        assert isinstance(store, KeyStore)
        roots = [key for key, parent in store.parents.items() if parent is None]
        assert roots == [store.root]
        for parent in store.parents.values():
            if parent is not None:
                assert parent in store.parents


def test_equal_columns_of_stored_positions_are_one_object(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "PACKED", False)
    scans, _ = scans_after(2_000)
    comp = scans[0].comp
    held: dict[bytes, bytes] = {}
    columns = 0
    for scan in scans:
        assert isinstance(scan.store, KeyStore)
        for key in scan.store.parents:
            for column in key[:-1]:
                columns += 1
                assert held.setdefault(column, column) is column
                assert comp.canonical_column(column) is column
    # Most columns are shared between positions: far fewer objects than columns.
    assert len(held) * 4 < columns


def test_a_move_not_made_yet_is_its_parents_handle_and_a_code(packed: bool) -> None:
    scans, _ = scans_after(2_000)
    comp = scans[0].comp
    deferred = 0
    for scan in scans:
        store = scan.store
        if isinstance(store, KeyStore):
            stored = {id(key) for key in store.parents}
        for handle, found, _, code in scan.entries():
            if isinstance(store, KeyStore):
                # The key is the stored object itself, so an entry adds nothing but itself and its code.
                assert id(handle) in stored
            else:
                assert isinstance(handle, int) and 0 <= handle < len(store)
            if code < 0:
                continue
            deferred += 1
            key = store.key(handle)
            columns, cells = key[:-1], key[-1]
            child = comp.make_later(columns, cells, found, code)
            assert child in comp.children(columns, cells, found, scan.full)
    assert deferred > 100


def test_a_packed_table_numbers_each_column_once_and_far_fewer_columns_than_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(search, "PACKED", True)
    scans, _ = scans_after(2_000)
    for scan in scans:
        store = scan.store
        assert isinstance(store, PackedStore)
        assert len(set(store.texts)) == len(store.texts) == len(store.ids)
        assert all(store.ids[text] == number for number, text in enumerate(store.texts))
    assert sum(len(scan.store.texts) for scan in scans if isinstance(scan.store, PackedStore)) * 4 < sum(
        len(scan.store) for scan in scans
    )
