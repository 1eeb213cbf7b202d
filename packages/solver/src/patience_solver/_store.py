"""The table of the positions a scan has stored: each one's key, and the position it was first reached from.

A scan asks one question of it per child it makes: is this key new? If it
is, the table keeps it with its parent and gives back a *handle*, which the
scan's frontier holds in place of the key; :meth:`Store.key` gives the key
back when the position comes off the frontier, and :meth:`Store.parent`
walks a solution back to the start.

Two tables answer the same questions, so the search they serve is the same,
position for position:

* :class:`KeyStore` keeps the keys themselves in a dict, each mapped to its
  parent's key, and a key is its own handle. It is the table of the pure
  Python build, where a dict is the fastest table there is.
* :class:`PackedStore` numbers every column (and every contents of the
  cells) the first time it sees one, packs a key's numbers three to a 64-bit
  word in one flat array, and finds keys by open addressing in an array of
  handles. A handle is the position's number. It is the table of the
  compiled build, where those arrays are native (:mod:`librt.vecs`): about a
  third of the memory a dict of tuples takes.
"""

from __future__ import annotations

from typing import Final, cast

from librt.vecs import append, vec
from mypy_extensions import i32, i64

__all__ = ["BITS", "Key", "KeyStore", "PackedStore", "Store", "store_for"]

#: A state's key: its sorted columns' cards, then its cells' cards, one ``bytes`` each.
Key = tuple[bytes, ...]

#: The bits of one column's number in a packed key (three numbers to a word).
BITS: Final = 21
_MASK: Final = (1 << BITS) - 1
#: A 32-bit multiplier of the hash (odd, bits well mixed).
_MIX: Final = 0x9E3779B1
_LOW: Final = 0xFFFFFFFF
#: The number of slots a packed table starts with (a power of two).
_FIRST_SLOTS: Final = 1 << 12


class Store:
    """The stored positions of one scan: a key -> handle table that keeps each position's parent."""

    root: object

    def add(self, key: Key, parent: object) -> object | None:
        """Store ``key``, reached from the position ``parent`` (a handle): its handle, or None if already stored."""
        raise NotImplementedError

    def key(self, handle: object) -> Key:
        """The key of the position ``handle``."""
        raise NotImplementedError

    def parent(self, handle: object) -> object | None:
        """The handle of the position ``handle`` was first reached from (None for the root)."""
        raise NotImplementedError

    def __len__(self) -> int:
        raise NotImplementedError


class KeyStore(Store):
    """A dict of each stored key to its parent's key; a key is its own handle."""

    def __init__(self, root: Key) -> None:
        self.parents: dict[Key, Key | None] = {root: None}
        self.root = root

    def add(self, key: Key, parent: object) -> object | None:
        parents = self.parents
        seen = len(parents)
        parents.setdefault(key, cast(Key, parent))  # one hash of the key, not two
        return None if len(parents) == seen else key

    def key(self, handle: object) -> Key:
        return cast(Key, handle)

    def parent(self, handle: object) -> object | None:
        return self.parents[cast(Key, handle)]

    def __len__(self) -> int:
        return len(self.parents)


class PackedStore(Store):
    """Keys packed into native arrays: each column numbered once, three numbers to a word.

    Position ``h`` (its handle, numbered from 0 in the order stored) has its
    key in ``keys[h * words : (h + 1) * words]`` and its parent's number in
    ``parents[h]`` (-1 for the root). ``slots`` is a table of ``h + 1`` by
    the key's hash (0: empty), probed one slot after another and never more
    than half full. A FreeCell key (8 columns and the cells) takes three
    words; a stored position costs 24 bytes of key, 4 of parent and 8-16 of
    slots, plus the arrays' room to grow.
    """

    def __init__(self, root: Key) -> None:
        self.width: i64 = len(root)
        self.words: i64 = (len(root) + 2) // 3
        #: Column (or cells) -> its number, and number -> column.
        self.ids: dict[bytes, int] = {}
        self.texts: list[bytes] = []
        self.keys: vec[i64] = vec[i64]()
        self.parents: vec[i32] = vec[i32]()
        self.slots: vec[i32] = vec[i32]([0] * _FIRST_SLOTS)
        self.mask: i64 = _FIRST_SLOTS - 1
        self.count: i64 = 0
        #: The words of the key being looked up.
        self.scratch: vec[i64] = vec[i64]([0] * self.words)
        #: The last key :meth:`key` gave, and its numbers: a child shares most of its columns with its
        #: parent, the very objects, at the same place or one beside it, so :meth:`add` finds their
        #: numbers there before it looks in :attr:`ids`.
        self.near: Key = ()
        self.near_handle: i64 = -1
        self.near_texts: list[bytes] = [bytes(64) for _ in range(self.width)]  # objects of no key
        self.near_ids: list[int] = [0] * self.width
        self.root = self.add(root, None)

    def add(self, key: Key, parent: object) -> object | None:
        ids = self.ids
        texts = self.texts
        scratch = self.scratch
        near = self.near_texts
        near_ids = self.near_ids
        last = len(near) - 1
        word: i64 = 0
        shift: i64 = 0
        at: i64 = 0
        for place, text in enumerate(key):
            if text is near[place]:
                number = near_ids[place]
            elif place and text is near[place - 1]:
                number = near_ids[place - 1]
            elif place < last and text is near[place + 1]:
                number = near_ids[place + 1]
            else:
                known = ids.get(text)
                if known is None:
                    known = len(texts)
                    if known > _MASK:
                        # Tens of millions of positions, far past the default memory allowance: the search
                        # stops as when memory runs short (patience_solver._run_search).
                        raise MemoryError("more distinct columns than a packed key can number")
                    ids[text] = known
                    texts.append(text)
                number = known
            word |= i64(number) << shift
            shift += BITS
            if shift == 3 * BITS:
                scratch[at] = word
                at += 1
                word = 0
                shift = 0
        if shift:
            scratch[at] = word
        words = self.words
        keys = self.keys
        slots = self.slots
        mask = self.mask
        slot = self._hash(scratch, 0) & mask
        while True:
            held = slots[slot]
            if held == 0:
                break
            base = (i64(held) - 1) * words
            j: i64 = 0
            while j < words and keys[base + j] == scratch[j]:
                j += 1
            if j == words:
                return None
            slot = (slot + 1) & mask
        handle = self.count
        for j in range(words):
            keys = append(keys, scratch[j])
        self.keys = keys
        self.parents = append(self.parents, i32(-1 if parent is None else cast(int, parent)))
        slots[slot] = i32(handle + 1)
        self.count = handle + 1
        if 2 * self.count > mask:
            self._grow()
        return handle

    def _hash(self, words: vec[i64], base: i64) -> i64:
        """The 32-bit hash of the key whose words start at ``words[base]``."""
        h: i64 = 0
        for j in range(self.words):
            w = words[base + j]
            h = ((h ^ (w & _LOW)) * _MIX) & _LOW
            h = ((h ^ (w >> 32)) * _MIX) & _LOW
        return h ^ (h >> 15)

    def _grow(self) -> None:
        """Double the slots and place every stored key again."""
        size = 2 * (self.mask + 1)
        mask = size - 1
        slots = vec[i32]([0] * size)
        keys = self.keys
        words = self.words
        for handle in range(self.count):
            slot = self._hash(keys, handle * words) & mask
            while slots[slot] != 0:
                slot = (slot + 1) & mask
            slots[slot] = i32(handle + 1)
        self.slots = slots
        self.mask = mask

    def key(self, handle: object) -> Key:
        number = i64(cast(int, handle))
        if number == self.near_handle:
            # The moves of one state left for later come off the frontier one after another.
            return self.near
        texts = self.texts
        keys = self.keys
        words = self.words
        base = number * words
        width = self.width
        out = self.near_texts
        near_ids = self.near_ids
        place: i64 = 0
        for j in range(words):
            word = keys[base + j]
            for _ in range(3):
                if place == width:
                    break
                column = word & _MASK
                near_ids[place] = int(column)
                out[place] = texts[column]
                word >>= BITS
                place += 1
        key = self.near = tuple(out)
        self.near_handle = number
        return key

    def parent(self, handle: object) -> object | None:
        before = self.parents[cast(int, handle)]
        return None if before < 0 else int(before)

    def __len__(self) -> int:
        return self.count


def store_for(root: Key, packed: bool) -> Store:
    """The table of a scan from ``root``: packed, or a dict of keys."""
    return PackedStore(root) if packed else KeyStore(root)
