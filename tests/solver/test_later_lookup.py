"""The packed table tells whether a child is stored from the parent's numbers alone.

Two scans of the same position, one on each table, store the same
positions (the search does not depend on the table). So for each move
left for later on the packed scan's frontier, ``holds_later`` must answer
exactly whether the dict of keys holds the child that ``make_later``
makes, and for each move onto a column of a stored position,
``holds_move`` whether it holds the child that ``expand`` makes: a stored
child has every column and its cells numbered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest

import patience_solver as solver
from patience import deal_position, get_variant
from patience_solver._compiled import LATER_CELL, Compiled
from patience_solver._search import Limits, Scan
from patience_solver._store import Key, KeyStore, PackedStore

#: One-deck games whose scan, after its first 1,500 positions, still leaves moves for later to cells and to
#: empty columns, of one card and of runs: the game, the deal and whether the scan is the complete one.
CASES = [
    ("freecell", 4, False),
    ("freecell", 11982, True),
    ("eight-off", 5, False),
    ("bakers-game", 5, True),
    ("forecell", 12, True),
]


def _scans(name: str, deal: int, full: bool, expansions: int) -> tuple[Compiled, Scan, Scan, KeyStore]:
    """The deal's first scan's generator, the scan run on the packed table and on the dict of keys, and the dict."""
    variant = get_variant(name)
    position = deal_position(variant, deal, variant.default_cells)
    rules = variant.rules
    comp = solver.compiled_for(rules, rules.autoplay, position)
    assert type(comp) is Compiled
    root, _ = solver._start(comp, position)
    weights = solver.schedule_for(rules).scans[0][0]
    packed = Scan(comp, root, weights, full=full, packed=True)
    plain = Scan(comp, root, weights, full=full, packed=False)
    for scan in (packed, plain):
        scan.run(expansions, Limits(None, None, None, None, 0))
        assert scan.status is None  # still searching: an ended scan keeps its root alone
    assert isinstance(packed.store, PackedStore)
    assert isinstance(plain.store, KeyStore)
    return comp, packed, plain, plain.store


def _moves_onto_columns(comp: Compiled, scan: Scan) -> Iterator[tuple[int, Key, Key, int, int, int, int]]:
    """Each move onto a column from a stored position on the scan's frontier that sends no card home.

    ``(handle, parent's key, child's key, at, count, onto, code)``: the move takes ``count`` cards of the
    parent's column ``at`` (or, ``at`` -1, the card the cells hold as ``code``) onto its column ``onto``;
    the child is the one ``expand`` makes (the generator asks no table outside a scan).
    """
    store = scan.store
    for handle, found, _, entry_code in scan.entries():
        if entry_code >= 0:
            continue
        key = store.key(handle)
        columns, cells = key[:-1], key[-1]
        tops = {column[-1]: at for at, column in enumerate(columns) if column}
        made, _ = comp.expand(columns, cells, found, scan.full)
        for steps, child, child_found, _ in made:
            bottom, count, target = steps[0][:3]
            if target < 0 or child_found != found:
                continue  # home, a cell or an empty column, or a card uncovered went home
            held_codes = [c for c in cells if c & 63 == bottom]
            if held_codes:
                yield cast(int, handle), key, child, -1, 1, tops[target], held_codes[0]
            else:
                at = next(i for i, column in enumerate(columns) if len(column) >= count and column[-count] == bottom)
                yield cast(int, handle), key, child, at, count, tops[target], -1


@pytest.mark.parametrize(("name", "deal", "full"), CASES, ids=[f"{n} {d}" for n, d, _ in CASES])
def test_holds_later_is_exactly_whether_the_child_is_stored(name: str, deal: int, full: bool) -> None:
    comp, packed, _, keys = _scans(name, deal, full, 1_500)
    assert len(packed.store) == len(keys) > 100
    answers = {True: 0, False: 0}
    kinds = set()
    for handle, found, _, code in packed.entries():
        if code < 0:
            continue
        key = packed.store.key(handle)
        _, child, _, _ = comp.make_later(key[:-1], key[-1], found, code)
        held = packed.store.holds_later(handle, code & 31, code >> 6, code & LATER_CELL != 0)
        assert held is (child in keys.parents), (handle, code)
        answers[held] += 1
        kinds.add("cell" if code & LATER_CELL else f"empty {min(code >> 6, 2)}")
    assert answers[True] and answers[False]
    assert "cell" in kinds


@pytest.mark.parametrize(("name", "deal", "full"), CASES, ids=[f"{n} {d}" for n, d, _ in CASES])
def test_a_new_child_of_a_move_left_for_later_is_stored_from_its_parents_numbers(
    name: str, deal: int, full: bool
) -> None:
    comp, packed, _, _ = _scans(name, deal, full, 1_500)
    store = packed.store
    assert isinstance(store, PackedStore)
    stored = 0
    for handle, found, _, code in packed.entries():
        if code < 0:
            continue
        store.forget_known()
        if store.holds_later(handle, code & 31, code >> 6, code & LATER_CELL != 0) or not store.known_new:
            continue
        key = store.key(handle)
        _, child, child_found, _ = comp.make_later(key[:-1], key[-1], found, code)
        before = len(store)
        added = store.add_known(handle, ~code)
        assert added == before
        assert store.key(added) == child
        assert store.found(added) == child_found == found
        assert store.parent(added) == handle and store.how(added) == ~code
        stored += 1
    assert stored > 10


@pytest.mark.parametrize(("name", "deal", "full"), CASES, ids=[f"{n} {d}" for n, d, _ in CASES])
def test_holds_move_is_exactly_whether_the_child_of_a_move_onto_a_column_is_stored(
    name: str, deal: int, full: bool
) -> None:
    comp, packed, _, keys = _scans(name, deal, full, 1_500)
    # The table is the generator's only while a scan runs: after it, every child is made.
    assert comp.probe is None
    assert isinstance(packed.store, PackedStore)
    answers = {True: 0, False: 0}
    kinds = set()
    for handle, key, child, at, count, onto, code in _moves_onto_columns(comp, packed):
        held = packed.store.holds_move(handle, at, count, onto, code)
        kinds.add("from a cell" if at < 0 else "run" if count > 1 else "emptied" if count == len(key[at]) else "card")
        assert held is (child in keys.parents), (handle, at, count, onto)
        answers[held] += 1
    assert answers[True] and answers[False]
    assert kinds == {"card", "run", "emptied", "from a cell"}


@pytest.mark.parametrize(("name", "deal", "full"), CASES, ids=[f"{n} {d}" for n, d, _ in CASES])
def test_a_new_child_of_a_move_onto_a_column_is_stored_from_its_parents_numbers(
    name: str, deal: int, full: bool
) -> None:
    # When holds_move finds the child new with every number known, add_known stores the very key expand makes,
    # and names the columns that changed: what the search ranks the child by.
    comp, packed, _, _ = _scans(name, deal, full, 1_500)
    store = packed.store
    assert isinstance(store, PackedStore)
    stored = kinds = 0
    for handle, key, child, at, count, onto, code in list(_moves_onto_columns(comp, packed)):
        store.forget_known()
        if store.holds_move(handle, at, count, onto, code) or not store.known_new:
            continue
        before = len(store)
        added = store.add_known(handle, 7)
        assert added == before
        assert store.key(added) == child
        assert store.parent(added) == handle and store.how(added) == 7
        assert store.found(added) == store.found(handle)
        assert (store.moved_from, store.moved_onto) == (at, onto)
        moved = key[at][-count:] if at >= 0 else bytes([code & 63])
        assert store.grown_text == key[onto] + moved
        assert store.rest_text == (key[at][:-count] if at >= 0 else b"")
        assert store.holds_move(handle, at, count, onto, code)
        stored += 1
        kinds |= 1 if at < 0 else 2
    assert stored > 10
    # In Baker's Game a card goes from a cell only onto its one parent: deal 5 gives no such new child here.
    assert kinds == (2 if name == "bakers-game" else 3)


def test_a_search_tells_stored_children_of_moves_onto_columns_from_their_parents() -> None:
    # The packed scan, whose generator gives no child for a move onto a column whose child the table holds,
    # keeps the very frontier of the dict's scan, which makes every child.
    _, packed, plain, _ = _scans("freecell", 11982, True, 3_000)
    assert isinstance(packed.store, PackedStore)
    assert packed.expanded == plain.expanded == 3_000
    assert len(packed.store) == len(plain.store)
    # A dict of keys has each key as its handle; the packed table gives each handle's key back.
    assert [(packed.store.key(handle), *rest) for handle, *rest in packed.entries()] == [
        (handle, *rest) for handle, *rest in plain.entries()
    ]


def test_moves_to_empty_columns_of_one_card_and_of_runs_are_both_looked_up() -> None:
    # FreeCell #4's first scan leaves both for later within its first positions (runs of up to three cards).
    variant = get_variant("freecell")
    position = deal_position(variant, 4, 4)
    comp = solver.compiled_for(variant.rules, variant.rules.autoplay, position)
    root, _ = solver._start(comp, position)
    scan = Scan(comp, root, solver.schedule_for(variant.rules).scans[0][0], full=False, packed=True)
    scan.run(1_500, Limits(None, None, None, None, 0))
    counts = {code >> 6 for _, _, _, code in scan.entries() if code >= 0 and not code & LATER_CELL}
    assert 1 in counts
    assert any(count > 1 for count in counts)


def test_a_number_put_in_a_packed_key_leaves_its_neighbours_alone() -> None:
    from librt.vecs import vec
    from mypy_extensions import i64

    from patience_solver._store import BITS, _number_at, _set_number

    largest = (1 << BITS) - 1
    numbers = [5, 7, 9, 11, 13, 15, 17, 19, 21]
    words = vec[i64]([0, 0, 0])
    for place, number in enumerate(numbers):
        _set_number(words, place, number)
    for place, number in [(4, largest), (0, 3), (2, largest), (8, 0), (4, 100)]:
        _set_number(words, place, number)
        numbers[place] = number
        assert [_number_at(words, at) for at in range(9)] == numbers


@pytest.mark.parametrize(("name", "deal", "full"), [CASES[0], CASES[2]], ids=["freecell 4", "eight-off 5"])
def test_the_cells_with_a_card_added_or_taken_have_the_numbers_of_their_bytes(name: str, deal: int, full: bool) -> None:
    """The table of short texts answers as the bytes' numbers do; Eight Off's fuller cells are looked up as bytes."""
    _, packed, _, _ = _scans(name, deal, full, 1_500)
    store = packed.store
    assert isinstance(store, PackedStore)
    cells_texts = {store.key(handle)[-1] for handle in range(len(store))}
    asked = {"added": 0, "taken": 0, "new": 0}
    for cells in cells_texts:
        number = store.ids[cells]
        held = list(cells)
        for card in range(52):
            if any(code & 63 == card for code in held):
                continue
            with_card = bytes(sorted([*held, card]))
            answer = store._with_card(number, card)
            assert answer == store.ids.get(with_card, -1), (cells, card)
            asked["added" if answer >= 0 else "new"] += 1
        for code in held:
            without = bytes(other for other in held if other != code)
            assert store._without(number, code) == store.ids.get(without, -1), (cells, code)
            asked["taken"] += 1
    assert all(asked.values())
    assert max(len(cells) for cells in cells_texts) > (6 if name == "eight-off" else 2)
