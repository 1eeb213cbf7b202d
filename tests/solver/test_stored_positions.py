"""The two tables of stored positions answer alike, and a search is the same on either."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import cast

import pytest

import patience_solver._search as search
from patience import deal_position, get_variant
from patience._build import is_compiled
from patience_solver import solve
from patience_solver._store import (
    BITS,
    Key,
    KeyStore,
    ListFrontier,
    PackedFrontier,
    PackedStore,
    Store,
    frontier_for,
    store_for,
)

#: The foundations the positions of these tests are stored with.
FOUND = (0, 0, 0, 0)


def keys_of(count: int, seed: int) -> list[Key]:
    """``count`` keys of 8 columns and the cells, drawn from a few hundred columns (with repeats).

    Each column is a new object each time it is drawn, as if a move had made it again.
    """
    draw = random.Random(seed)
    columns = [bytes(draw.sample(range(52), draw.randint(0, 7))) for _ in range(300)]
    out: list[Key] = []
    for _ in range(count):
        picked = sorted(bytes(column) for column in draw.sample(columns, 8))
        out.append((*picked, bytes(draw.sample(range(52), draw.randint(0, 4)))))
    # Repeats of keys seen already, as new tuples of new objects.
    out += [tuple(bytes(part) for part in key) for key in draw.sample(out, count // 4)]
    draw.shuffle(out)
    return out


def how_of(at: int) -> int:
    """The ``how`` the ``at``-th key of :func:`fill` is stored with: a made child's index or ``~`` a later code."""
    return at % 40 if at % 3 else ~(at % 4000)


def fill(store: Store, keys: list[Key]) -> list[object | None]:
    """Add every key, each reached from the position added before it by :func:`how_of`; the handles given back."""
    handles: list[object | None] = []
    parent = store.root
    for at, key in enumerate(keys):
        handle = store.add(key, parent, FOUND, how_of(at))
        handles.append(handle)
        if handle is not None:
            parent = handle
    return handles


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_tables_store_the_same_keys_and_give_each_back_with_its_parent_and_how(seed: int) -> None:
    keys = keys_of(6000, seed)  # past the packed table's first growth
    root = keys.pop()
    plain, packed = KeyStore(root, FOUND), PackedStore(root, FOUND)
    new_plain, new_packed = fill(plain, keys), fill(packed, keys)
    assert [h is None for h in new_plain] == [h is None for h in new_packed]
    assert len(plain) == len(packed) == 1 + sum(h is not None for h in new_plain)
    assert len(plain) < len(keys)  # the repeats were found
    for at, (a, b) in enumerate(zip(new_plain, new_packed, strict=True)):
        if a is not None and b is not None:
            assert plain.how(a) == packed.how(b) == how_of(at)
    assert plain.how(plain.root) == packed.how(packed.root) == 0
    for a, b in zip(new_plain, new_packed, strict=True):
        if a is None or b is None:
            continue
        assert packed.key(b) == plain.key(a)
        # The chains of parents agree all the way to the root.
        while a is not None and b is not None:
            assert packed.key(b) == plain.key(a)
            a, b = plain.parent(a), packed.parent(b)
        assert a is None and b is None
        break
    assert packed.key(packed.root) == root and packed.parent(packed.root) is None


def test_a_packed_key_is_given_back_with_the_columns_it_was_stored_with() -> None:
    store = PackedStore((b"\x01\x02", b"", b"\x03", b""), FOUND)
    child = store.add((b"\x01", b"", b"\x03", b"\x02"), store.root, FOUND)
    assert child is not None
    assert store.key(child) == (b"\x01", b"", b"\x03", b"\x02")
    assert store.key(store.root) == (b"\x01\x02", b"", b"\x03", b"")
    # Equal columns are one column, whatever object holds them.
    assert store.add((bytes([1]), b"", bytes([3]), bytes([2])), child, FOUND) is None
    assert store.add((b"\x01", b"", b"\x03", b"\x02"), store.root, FOUND) is None
    assert len(store) == 2


def test_a_key_of_more_than_three_words_keeps_every_column() -> None:
    key = tuple(bytes([i]) for i in range(14))  # Triple FreeCell: 13 columns and the cells
    store = PackedStore(key, FOUND)
    other = (*key[:-1], b"\x30")
    handle = store.add(other, store.root, FOUND)
    assert handle is not None and store.key(handle) == other and store.key(store.root) == key


def test_more_distinct_columns_than_a_key_can_number_is_a_lack_of_memory() -> None:
    store = PackedStore((b"\x01", b""), FOUND)
    store.texts.extend([b""] * (1 << BITS))  # as if that many columns had been numbered
    with pytest.raises(MemoryError):
        store.add((b"\x02", b""), store.root, FOUND)


def test_positions_beyond_65536_foundations_keep_theirs() -> None:
    # Two or three decks may reach that many: the packed numbers then widen from 16 to 32 bits.
    first = (0,) * 8
    store = PackedStore((b"\x01", b""), first)
    founds = [
        (a, b, c, d, e, 0, 0, 0)
        for a in range(14)
        for b in range(14)
        for c in range(14)
        for d in range(14)
        for e in range(2)
    ]
    assert len(founds) > 1 << 16
    handles = [
        store.add((bytes([1, i % 200]), bytes([i // 200 % 250, i // 50000])), store.root, found)
        for i, found in enumerate(founds)
    ]
    assert all(handle is not None for handle in handles)
    assert store.found(cast(int, store.root)) == first
    for handle, found in zip(handles, founds, strict=True):
        assert store.found(cast(int, handle)) == found


def test_the_compiled_build_packs_and_the_pure_one_keeps_a_dict() -> None:
    assert is_compiled() == search.PACKED
    assert isinstance(store_for((b"",), FOUND, True), PackedStore)
    assert isinstance(store_for((b"",), FOUND, False), KeyStore)


def solutions(monkeypatch: pytest.MonkeyPatch, packed: bool) -> list[tuple[str, int, str, int, str]]:
    monkeypatch.setattr(search, "PACKED", packed)
    out = []
    for name, deals in (("freecell", range(1, 6)), ("bakers-game", (1, 2)), ("double-freecell", (1,))):
        variant = get_variant(name)
        for deal in deals:
            result = solve(variant, deal_position(variant, deal, variant.default_cells), max_positions=4000)
            moves = hashlib.md5(repr(result.moves).encode()).hexdigest()
            out.append((name, deal, result.outcome.value, result.positions, moves))
    return out


def test_a_search_is_the_same_on_either_table(monkeypatch: pytest.MonkeyPatch) -> None:
    assert solutions(monkeypatch, packed=True) == solutions(monkeypatch, packed=False)


#: How the test below draws ranks at step ``step``: a narrow band, ranks far apart either side of the first,
#: and ranks that climb as the search goes deeper (the packed frontier's table of ranks grows either way).
RANKS: dict[str, Callable[[random.Random, int], int]] = {
    "narrow": lambda draw, step: draw.randrange(-50, 50),
    "wide": lambda draw, step: draw.randrange(-5_000, 5_000),
    "climbing": lambda draw, step: step + draw.randrange(-5, 5),
}


@pytest.mark.parametrize("ranks", RANKS)
def test_both_frontiers_give_back_the_same_entries_in_the_same_order(ranks: str) -> None:
    draw = random.Random(7)
    rank_at = RANKS[ranks]
    keys = keys_of(400, 7)
    root = keys.pop()
    founds = [(0, 0, 0, 0), (1, 0, 0, 0), (1, 2, 0, 0)]
    store = PackedStore(root, founds[0])
    handles = [store.root]
    for key in keys:
        handle = store.add(key, draw.choice(handles), draw.choice(founds))
        if handle is not None:
            handles.append(handle)
    plain, packed = ListFrontier(), PackedFrontier(store)
    assert isinstance(frontier_for(store), PackedFrontier) and isinstance(
        frontier_for(KeyStore(root, FOUND)), ListFrontier
    )
    taken: list[list[tuple[int, object, tuple[int, ...], int, int]]] = [[], []]
    for step in range(3000):
        if step % 3 == 2 and plain.waiting():
            for frontier, into in zip((plain, packed), taken, strict=True):
                rank = frontier.pop()
                into.append((rank, frontier.handle, frontier.found, frontier.g, frontier.code))
            continue
        handle = draw.choice(handles)
        assert isinstance(handle, int)
        code = draw.choice([-1, draw.randrange(1 << 13)])
        rank, g = rank_at(draw, step), draw.randrange(400)
        for frontier in (plain, packed):
            frontier.push(rank, handle, store.found(handle), g, code)
    assert sorted(plain.entries(), key=repr) == sorted(packed.entries(), key=repr)
    while plain.waiting():
        for frontier, into in zip((plain, packed), taken, strict=True):
            rank = frontier.pop()
            into.append((rank, frontier.handle, frontier.found, frontier.g, frontier.code))
    assert not packed.waiting()
    assert taken[0] == taken[1]
    assert len(taken[0]) == 2000
    # Lowest rank first once nothing more comes in.
    tail = [entry[0] for entry in taken[0][1000:]]
    assert tail == sorted(tail)
    # Emptied, each frontier takes entries again.
    first = store.root
    assert isinstance(first, int)
    for frontier in (plain, packed):
        frontier.push(3, first, store.found(first), 1, -1)
        frontier.clear()
        assert not frontier.waiting()
        frontier.push(-9_000, first, store.found(first), 2, -1)
        assert frontier.pop() == -9_000 and frontier.g == 2 and not frontier.waiting()
