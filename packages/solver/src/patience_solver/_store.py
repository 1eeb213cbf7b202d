"""The tables of a scan: the positions it has stored (each one's key and parent), and its frontier.

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

Each table has its frontier (:class:`Frontier`: the positions and the moves
left for later waiting to be expanded, by rank): :class:`ListFrontier`
holds an entry's parts in a list, :class:`PackedFrontier` packs an entry
into one 64-bit word, the foundations being the packed table's.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Final, cast

from librt.vecs import append, pop, vec
from mypy_extensions import i16, i32, i64

__all__ = [
    "BITS",
    "Entry",
    "Frontier",
    "Key",
    "KeyStore",
    "ListFrontier",
    "PackedFrontier",
    "PackedStore",
    "Store",
    "frontier_for",
    "store_for",
]

#: A state's key: its sorted columns' cards, then its cells' cards, one ``bytes`` each.
Key = tuple[bytes, ...]
#: A frontier entry as :meth:`Frontier.entries` lists it: ``(handle, foundations, moves so far, code)``.
Entry = tuple[object, tuple[int, ...], int, int]

#: The bits of one column's number in a packed key (three numbers to a word).
BITS: Final = 21
_MASK: Final = (1 << BITS) - 1
#: A 32-bit multiplier of the hash (odd, bits well mixed).
_MIX: Final = 0x9E3779B1
_LOW: Final = 0xFFFFFFFF
#: Each byte value as a ``bytes`` of its own.
_BYTES: Final = tuple(bytes((value,)) for value in range(256))
#: The entries of the cache of :meth:`PackedStore._keep` (powers of two): it starts with ``_FIRST_KEPT`` (4 KB), and
#: from there has a 32nd as many as the table has slots, up to ``_KEPT``. A smaller start misses much (Kings' Only
#: Baker's Game deals 1-60 took 1% more instructions with 256 entries than with 1,024); a larger one costs a
#: stored position more than its share of memory in a short search.
_FIRST_KEPT: Final = 1 << 9
_KEPT: Final = 1 << 13
#: The longest text :func:`_packed` packs: 7 bits a byte, in 42 bits, beside a 21-bit number in a 64-bit slot.
_SHORT: Final = 6
#: The slots the table of the cells' numbers starts with (a power of two).
_FIRST_SHORT: Final = 1 << 6
#: The slots the table of numbers by address starts with (a power of two).
_FIRST_SEEN: Final = 1 << 6
#: The number of slots a packed table starts with (a power of two).
_FIRST_SLOTS: Final = 1 << 8
#: What a 16-bit foundations' number is stored less (so that 0-65,535 fit), and the largest that fits.
_HALF: Final = 1 << 15
_NARROW: Final = (1 << 16) - 1


class Store:
    """The stored positions of one scan: a key -> handle table that keeps each position's parent."""

    root: object

    def add(self, key: Key, parent: object, found: tuple[int, ...], how: int = 0) -> object | None:
        """Store ``key`` (foundations ``found``), reached from the position ``parent`` (a handle) by ``how``.

        Its handle, or None if it was stored already. The foundations are
        not part of the key (the cards missing from it are home); a packed
        table keeps them for its frontier. ``how`` is a 16-bit signed int
        that says which move of the parent's led here (the scan's business,
        see :func:`patience_solver._search._trace`); the table keeps it.
        """
        raise NotImplementedError

    def key(self, handle: object) -> Key:
        """The key of the position ``handle``."""
        raise NotImplementedError

    def holds_later(self, handle: object, at: i64, count: i64, to_cell: bool) -> bool:
        """Whether the child of ``handle`` by a move left for later is known to be stored (see PackedStore's).

        False when the table cannot tell without the child's key: the caller then makes the child.
        """
        return False

    def holds_move(self, handle: object, at: i64, count: i64, onto: i64, code: i64) -> bool:
        """Whether the child of ``handle`` by a move onto a column is known to be stored (see PackedStore's).

        False when the table cannot tell without the child's key: the caller then makes the child.
        """
        return False

    #: Whether the last :meth:`holds_move` or :meth:`holds_later` found its child new with every number of its key
    #: known: the table then keeps the key, and :meth:`add_known` stores it without the child being made.
    known_new: bool = False
    #: What the last :meth:`add_known` stored: the parent's columns the move changed (``moved_from`` -1 for a
    #: card from the cells) and what they hold in the child (``rest_text``: the source column without its cards).
    moved_from: i64 = -1
    moved_onto: i64 = -1
    rest_text: bytes = b""
    grown_text: bytes = b""

    def add_known(self, parent: object, how: int) -> object | None:
        """Store the next child that :meth:`holds_move` or :meth:`holds_later` found new, in the order found.

        Its handle, or None if it was stored since. Only a table whose
        :meth:`holds_move` and :meth:`holds_later` set :attr:`known_new`
        has such children.
        """
        raise NotImplementedError

    def forget_known(self) -> None:
        """Drop the children found new that :meth:`add_known` has not stored."""

    def parent(self, handle: object) -> object | None:
        """The handle of the position ``handle`` was first reached from (None for the root)."""
        raise NotImplementedError

    def how(self, handle: object) -> int:
        """The ``how`` the position ``handle`` was stored with (0 for the root)."""
        raise NotImplementedError

    def __len__(self) -> int:
        raise NotImplementedError


class KeyStore(Store):
    """A dict of each stored key to its parent's key, and one to its ``how``; a key is its own handle."""

    def __init__(self, root: Key, found: tuple[int, ...]) -> None:
        self.parents: dict[Key, Key | None] = {root: None}
        #: Each key's ``how``, as the one object of that value in :attr:`shared`: a step's code passes 256,
        #: past the ints Python shares, and a new int object for each position would cost 32 bytes.
        self.hows: dict[Key, object] = {root: 0}
        self.shared: dict[object, object] = {}
        self.root = root

    def add(self, key: Key, parent: object, found: tuple[int, ...], how: int = 0) -> object | None:
        parents = self.parents
        seen = len(parents)
        parents.setdefault(key, cast(Key, parent))  # one hash of the key, not two
        if len(parents) == seen:
            return None
        self.hows[key] = self.shared.setdefault(how, how)
        return key

    def key(self, handle: object) -> Key:
        return cast(Key, handle)

    def parent(self, handle: object) -> object | None:
        return self.parents[cast(Key, handle)]

    def how(self, handle: object) -> int:
        return cast(int, self.hows[cast(Key, handle)])

    def __len__(self) -> int:
        return len(self.parents)


class PackedStore(Store):
    """Keys packed into native arrays: each column numbered once, three numbers to a word.

    Position ``h`` (its handle, numbered from 0 in the order stored) has its
    key in ``keys[h * words : (h + 1) * words]``, its parent's number in
    ``parents[h]`` (-1 for the root), its ``how`` in ``hows[h]`` and the
    number of its foundations in ``found_of[h]`` (16 bits while they fit,
    then in ``found_wide[h]``). ``slots`` is a table of ``h + 1`` by the
    key's hash (0: empty), probed one slot after another and never more
    than half full. A FreeCell key (8 columns and the cells) takes three
    words; a stored position costs 24 bytes of key, 4 of parent, 2 of
    ``how``, 2 of foundations (4 beyond 65,536 of them) and 8-16 of slots,
    plus the arrays' room to grow.
    """

    def __init__(self, root: Key, found: tuple[int, ...]) -> None:
        self.width: i64 = len(root)
        self.words: i64 = (len(root) + 2) // 3
        #: Column (or cells) -> its number, and number -> column.
        self.ids: dict[bytes, int] = {}
        self.texts: list[bytes] = []
        #: The numbers of the texts that can be the cells' contents (at most :data:`_SHORT` bytes, ascending), by
        #: :func:`_packed` text, in a table of ``(packed + 1) << BITS | number`` (0: empty), probed one slot after
        #: another and never more than three quarters full: the cells with a card added or taken
        #: (:meth:`_with_card`, :meth:`_without`) are looked up as an int, without making the bytes and hashing them.
        self.short_slots: vec[i64] = vec[i64]([0] * _FIRST_SHORT)
        self.short_mask: i64 = _FIRST_SHORT - 1
        self.short_count: i64 = 0
        self.keys: vec[i64] = vec[i64]()
        self.parents: vec[i32] = vec[i32]()
        self.hows: vec[i16] = vec[i16]()
        self.slots: vec[i32] = vec[i32]([0] * _FIRST_SLOTS)
        self.mask: i64 = _FIRST_SLOTS - 1
        self.count: i64 = 0
        #: The words of the key being looked up.
        self.scratch: vec[i64] = vec[i64]([0] * self.words)
        #: The numbers of columns with a card added or taken (see :meth:`_keep`): ``(tag + 1) << BITS |
        #: number`` at the tag's hash (0: none; the last one written wins).
        self.kept: vec[i64] = vec[i64]([0] * _FIRST_KEPT)
        self.kept_mask: i64 = _FIRST_KEPT - 1
        #: The packed words of a child :meth:`holds_later` looks up.
        self.later_scratch: vec[i64] = vec[i64]([0] * self.words)
        #: The last key :meth:`key` gave, and its handle.
        self.near: Key = ()
        self.near_handle: i64 = -1
        #: The texts of the key :meth:`key` makes, before they become its tuple (one list for every key).
        self.near_texts: list[bytes] = [b""] * self.width
        #: Numbers by the address of the object in :attr:`texts` that holds the column, in a table of at
        #: least as many slots as numbers (each address has one slot, the last one written wins): a child's
        #: columns are mostly those very objects, so :meth:`add` finds most of their numbers without hashing.
        #: An address found there is that object's: :attr:`texts` keeps every one of them alive.
        self.seen_at: vec[i64] = vec[i64]([0] * _FIRST_SEEN)
        self.seen_number: vec[i32] = vec[i32]([0] * _FIRST_SEEN)
        self.seen_mask: i64 = _FIRST_SEEN - 1
        #: Each position's foundations: their number in ``founds`` (each tuple numbered once, in ``found_ids``).
        #: The foundations' numbers less 32,768, as 16-bit ints while they fit (one deck: always), then the
        #: numbers as 32-bit ints in ``found_wide``.
        self.found_of: vec[i16] = vec[i16]()
        self.found_wide: vec[i32] = vec[i32]()
        self.wide = False
        self.founds: list[tuple[int, ...]] = []
        self.found_ids: dict[tuple[int, ...], int] = {}
        #: The last foundations numbered (most children keep their parent's, the very tuple) and their number.
        self.last_found: tuple[int, ...] = ()
        self.last_found_id: i32 = -1
        #: The children :meth:`holds_move` and :meth:`holds_later` found new (see :meth:`add_known`): for each, the
        #: key's words, then the parent's columns the move changed and their numbers in the child (:meth:`_remember`).
        #: The records from ``known_next`` to ``known_end`` are still to be stored.
        self.known: vec[i64] = vec[i64]()
        self.known_end: i64 = 0
        self.known_next: i64 = 0
        self.root = self.add(root, None, found)

    def add(self, key: Key, parent: object, found: tuple[int, ...], how: int = 0) -> object | None:
        ids = self.ids
        texts = self.texts
        scratch = self.scratch
        seen_at = self.seen_at
        seen_number = self.seen_number
        seen_mask = self.seen_mask
        word: i64 = 0
        shift: i64 = 0
        at: i64 = 0
        for text in key:
            address = i64(id(text))
            seen = ((address >> 4) ^ (address >> 16)) & seen_mask
            if seen_at[seen] == address:
                number = i64(seen_number[seen])
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
                    if len(text) <= _SHORT:
                        packed = _packed(text)
                        if packed >= 0:
                            self._add_short(packed, known)
                    if len(texts) > seen_mask:
                        self._grow_seen()
                        seen_at = self.seen_at
                        seen_number = self.seen_number
                        seen_mask = self.seen_mask
                        seen = ((address >> 4) ^ (address >> 16)) & seen_mask
                number = i64(known)
                if texts[number] is text:
                    seen_at[seen] = address
                    seen_number[seen] = i32(number)
            word |= number << shift
            shift += BITS
            if shift == 3 * BITS:
                scratch[at] = word
                at += 1
                word = 0
                shift = 0
        if shift:
            scratch[at] = word
        slot = self._slot_of(scratch)
        if self.slots[slot] != 0:
            return None
        if found is not self.last_found:
            numbered = self.found_ids.get(found)
            if numbered is None:
                numbered = self.found_ids[found] = len(self.founds)
                self.founds.append(found)
            self.last_found = found
            self.last_found_id = i32(numbered)
            if numbered > _NARROW and not self.wide:
                self._widen()
        if self.wide:
            self.found_wide = append(self.found_wide, self.last_found_id)
        else:
            self.found_of = append(self.found_of, i16(self.last_found_id - _HALF))
        return self._insert(slot, scratch, parent, how)

    def _insert(self, slot: i64, words: vec[i64], parent: object, how: int) -> i64:
        """Store the key packed in ``words`` at the empty slot ``slot``, with its parent and ``how``: its handle.

        The caller has appended its foundations' number.
        """
        handle = self.count
        keys = self.keys
        for j in range(self.words):
            keys = append(keys, words[j])
        self.keys = keys
        self.parents = append(self.parents, i32(-1 if parent is None else cast(int, parent)))
        self.hows = append(self.hows, i16(how))
        self.slots[slot] = i32(handle + 1)
        self.count = handle + 1
        if 2 * self.count > self.mask:
            self._grow()
        return handle

    def add_known(self, parent: object, how: int) -> object | None:
        words = self.words
        at = self.known_next
        self.known_next = at + words + 4
        known = self.known
        scratch = self.scratch
        for j in range(words):
            scratch[j] = known[at + j]
        self.moved_from = known[at + words]
        self.moved_onto = known[at + words + 1]
        rest = known[at + words + 2]
        grown = known[at + words + 3]
        self.rest_text = self.texts[rest] if rest >= 0 else b""
        self.grown_text = self.texts[grown] if grown >= 0 else b""
        slot = self._slot_of(scratch)
        if self.slots[slot] != 0:
            return None
        # The move sends nothing home: the child has its parent's foundations.
        before = i64(cast(int, parent))
        if self.wide:
            self.found_wide = append(self.found_wide, self.found_wide[before])
        else:
            self.found_of = append(self.found_of, self.found_of[before])
        return self._insert(slot, scratch, parent, how)

    def forget_known(self) -> None:
        self.known_end = 0
        self.known_next = 0

    def _remember(self, nums: vec[i64], at: i64, onto: i64, rest: i64, grown: i64) -> None:
        """Keep the key packed in ``nums`` for :meth:`add_known`, with the columns its move changed.

        ``at`` and ``onto`` are the parent's columns that lost and gained cards (``at`` -1: from the cells),
        ``rest`` and ``grown`` their numbers in the child (``rest`` -1 with ``at``). All four are -1 for
        the child of a move left for later (:meth:`holds_later`), which the search does not rank again.
        """
        words = self.words
        known = self.known
        end = self.known_end
        while len(known) < end + words + 4:
            known = append(known, 0)
        for j in range(words):
            known[end + j] = nums[j]
        known[end + words] = at
        known[end + words + 1] = onto
        known[end + words + 2] = rest
        known[end + words + 3] = grown
        self.known = known
        self.known_end = end + words + 4
        self.known_new = True

    def _below(self, number: i64) -> i64:
        """The number of the column numbered ``number`` without its top card; -1 if it has none yet."""
        tag = number << 9 | 3
        known = self._cached(tag)
        if known >= 0:
            return known
        column = self.texts[number]
        return self._look(tag, column[: len(column) - 1])

    def _cached(self, tag: i64) -> i64:
        """The number kept for ``tag`` (see :meth:`_keep`), or -1."""
        held = self.kept[(tag ^ (tag >> 11) ^ (tag >> 22)) & self.kept_mask]
        if held >> BITS == tag + 1:
            return held & _MASK
        return -1

    def _keep(self, tag: i64, number: i64) -> None:
        """Keep ``number`` as the answer for ``tag``: a number, once given, stays, so the answer does.

        ``tag`` is ``number << 9 | card << 2 | kind``: the column's number, the card and which question it
        was (1: :meth:`_with_top`, 3: :meth:`_below`). The same columns take and give the same cards in many
        positions; a kept answer spares making the bytes and looking them up. (The cells' questions are
        answered from :attr:`short_slots` without bytes.)
        """
        self.kept[(tag ^ (tag >> 11) ^ (tag >> 22)) & self.kept_mask] = (tag + 1) << BITS | number

    def _look(self, tag: i64, text: bytes) -> i64:
        """The number of the column ``text``, kept for ``tag``; -1 if it has none yet."""
        found = self.ids.get(text)
        if found is None:
            return -1
        self._keep(tag, found)
        return found

    def _with_card(self, number: i64, card: int) -> i64:
        """The number of the cells numbered ``number`` with ``card`` added (kept sorted); -1 if it has none yet."""
        cells = self.texts[number]
        if len(cells) >= _SHORT:
            # Not in the table of short texts (Eight Off's cells): the bytes looked up.
            slot: i64 = 0
            while slot < len(cells) and cells[slot] < card:
                slot += 1
            found = self.ids.get(cells[:slot] + _BYTES[card] + cells[slot:])
            return -1 if found is None else found
        packed: i64 = 0
        added: i64 = card + 1
        for at in range(len(cells)):
            held: i64 = cells[at] + 1
            if added and held >= added:
                packed = packed << 7 | added
                added = 0
            packed = packed << 7 | held
        if added:
            packed = packed << 7 | added
        return self._short_number(packed)

    def _with_top(self, number: i64, card: i64) -> i64:
        """The number of the column numbered ``number`` with ``card`` on top; -1 if it has none yet."""
        tag = number << 9 | card << 2 | 1
        known = self._cached(tag)
        if known >= 0:
            return known
        return self._look(tag, self.texts[number] + _BYTES[card])

    def _without(self, number: i64, code: i64) -> i64:
        """The number of the cells numbered ``number`` without the card held as ``code``; -1 if it has none yet."""
        cells = self.texts[number]
        if len(cells) > _SHORT + 1:
            found = self.ids.get(cells.replace(_BYTES[code], b"", 1))  # longer than the short texts: the bytes
            return -1 if found is None else found
        packed: i64 = 0
        taken: i64 = code + 1
        for at in range(len(cells)):
            held: i64 = cells[at] + 1
            if held == taken:
                taken = 0  # the first one only
            else:
                packed = packed << 7 | held
        return self._short_number(packed)

    def _parent_words(self, handle: object) -> vec[i64]:
        """The scratch words, holding the key of ``handle`` (see _number_at) to be changed in place into a child's."""
        nums = self.later_scratch
        keys = self.keys
        words = self.words
        base = i64(cast(int, handle)) * words
        for j in range(words):
            nums[j] = keys[base + j]
        return nums

    def _slot_of(self, scratch: vec[i64]) -> i64:
        """The slot that holds the key packed in ``scratch``, or else the empty slot where it would go."""
        words = self.words
        keys = self.keys
        slots = self.slots
        mask = self.mask
        slot = self._hash(scratch, 0) & mask
        while True:
            held = slots[slot]
            if held == 0:
                return slot
            base = (i64(held) - 1) * words
            j: i64 = 0
            while j < words and keys[base + j] == scratch[j]:
                j += 1
            if j == words:
                return slot
            slot = (slot + 1) & mask

    def _widen(self) -> None:
        """Hold the foundations' numbers as 32-bit ints from now on (more than 65,536 foundations)."""
        wide = vec[i32]()
        for number in self.found_of:
            wide = append(wide, i32(number) + _HALF)
        self.found_wide = wide
        self.found_of = vec[i16]()
        self.wide = True

    def _short_number(self, packed: i64) -> i64:
        """The number of the text :func:`_packed` gives as ``packed``; -1 if it has none yet."""
        slots = self.short_slots
        mask = self.short_mask
        tag = packed + 1
        slot = _short_hash(packed) & mask
        while True:
            held = slots[slot]
            if held >> BITS == tag:
                return held & _MASK
            if held == 0:
                return -1
            slot = (slot + 1) & mask

    def _add_short(self, packed: i64, number: i64) -> None:
        """Enter ``number`` as the number of the text :func:`_packed` gives as ``packed`` (not entered yet)."""
        if 4 * (self.short_count + 1) > 3 * (self.short_mask + 1):
            size = 2 * (self.short_mask + 1)
            old = self.short_slots
            self.short_slots = vec[i64]([0] * size)
            self.short_mask = size - 1
            for slot in range(len(old)):
                if old[slot] != 0:
                    self._place_short(old[slot])
        self._place_short((packed + 1) << BITS | number)
        self.short_count += 1

    def _place_short(self, entry: i64) -> None:
        """Put ``entry`` (see :attr:`short_slots`) in the first free slot from its text's hash's."""
        slots = self.short_slots
        mask = self.short_mask
        slot = _short_hash((entry >> BITS) - 1) & mask
        while slots[slot] != 0:
            slot = (slot + 1) & mask
        slots[slot] = entry

    def _grow_seen(self) -> None:
        """Double the table of numbers by address, and place every numbered column's object in it."""
        size = 2 * (self.seen_mask + 1)
        mask = size - 1
        seen_at = vec[i64]([0] * size)
        seen_number = vec[i32]([0] * size)
        for number, text in enumerate(self.texts):
            address = i64(id(text))
            seen = ((address >> 4) ^ (address >> 16)) & mask
            seen_at[seen] = address
            seen_number[seen] = i32(number)
        self.seen_at = seen_at
        self.seen_number = seen_number
        self.seen_mask = mask

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
        cache = min(size >> 5, _KEPT)
        if cache > self.kept_mask + 1:
            self.kept = vec[i64]([0] * cache)
            self.kept_mask = cache - 1

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
        place: i64 = 0
        for j in range(words):
            word = keys[base + j]
            stop = min(place + 3, width)
            while place < stop:
                out[place] = texts[word & _MASK]
                word >>= BITS
                place += 1
        key = self.near = tuple(out)
        self.near_handle = number
        return key

    def holds_later(self, handle: object, at: i64, count: i64, to_cell: bool) -> bool:
        """Whether the child of ``handle`` by a move left for later is stored already, told without making it.

        The move takes the top ``count`` cards of the parent's column ``at`` (in its key's order) to a cell
        (``to_cell``: one card, the cells kept sorted) or else to the first empty column, and it uncovers no
        card that goes home, so only those columns and the cells change (one deck, a generator that
        settles no complete suit: the caller's business). The child's numbers are the parent's with those
        replaced and put back in order; a column or cells never numbered are in no stored key. False is
        also the answer when the child is new: when every number of its key is known, :attr:`known_new`
        is then set and the key kept for :meth:`add_known`.
        """
        self.known_new = False
        texts = self.texts
        ids = self.ids
        nums = self._parent_words(handle)
        source = _number_at(nums, at)
        column = texts[source]
        if count == 1:
            known = self._below(source)
            if known < 0:
                return False
            rest = texts[known]
        else:
            rest = column[: len(column) - count]
            found = ids.get(rest)
            if found is None:
                return False
            known = found
        last = self.width - 1
        if to_cell:
            card = column[len(column) - 1]
            held = self._with_card(_number_at(nums, last), card)
            if held < 0:
                return False
            _set_number(nums, last, held)
        # With one deck the columns that hold cards differ in their bottom cards, which order them: the
        # shortened column keeps its place unless it is empty, and then goes before every column with cards.
        if not len(rest):
            while at > 0 and len(texts[_number_at(nums, at - 1)]):
                _set_number(nums, at, _number_at(nums, at - 1))
                at -= 1
        _set_number(nums, at, known)
        if not to_cell:
            # The cards go to the first empty column (empty columns sort first): it can only sort later.
            moved = ids.get(_BYTES[column[len(column) - 1]] if count == 1 else column[len(column) - count :])
            if moved is None:
                return False
            bottom = column[len(column) - count]
            spot: i64 = 0
            while spot + 1 < last:
                after = texts[_number_at(nums, spot + 1)]
                if len(after) and after[0] > bottom:
                    break
                _set_number(nums, spot, _number_at(nums, spot + 1))
                spot += 1
            _set_number(nums, spot, moved)
        if self.slots[self._slot_of(nums)] != 0:
            return True
        self._remember(nums, -1, -1, -1, -1)
        return False

    def holds_move(self, handle: object, at: i64, count: i64, onto: i64, code: i64) -> bool:
        """Whether the child of ``handle`` by a move onto a column is stored already, told without making it.

        The move takes the top ``count`` cards of the parent's column ``at`` (in its key's order), or
        from the cells the card they hold as ``code`` when ``at`` is -1, onto the parent's column
        ``onto``, which holds cards; it uncovers no card that goes home (one deck, a generator that
        settles no complete suit: the caller's business). The child's numbers are the parent's with
        those of the two changed columns (or the column and the cells) replaced, the emptied column
        put back in order. False is also the answer when the child is new: when every number of its
        key is known, :attr:`known_new` is then set and the key kept for :meth:`add_known`.
        """
        self.known_new = False
        texts = self.texts
        nums = self._parent_words(handle)
        target = _number_at(nums, onto)
        if at < 0:
            last = self.width - 1
            held = self._without(_number_at(nums, last), code)
            if held < 0:
                return False
            grown = self._with_top(target, code & 63)
            if grown < 0:
                return False
            _set_number(nums, last, held)
            _set_number(nums, onto, grown)
            if self.slots[self._slot_of(nums)] != 0:
                return True
            self._remember(nums, -1, onto, -1, grown)
            return False
        source_at = at
        source = _number_at(nums, at)
        column = texts[source]
        if count == 1:
            rest = self._below(source)
            if rest < 0:
                return False
            grown = self._with_top(target, column[len(column) - 1])
        else:
            found = self.ids.get(column[: len(column) - count])
            if found is None:
                return False
            rest = found
            found = self.ids.get(texts[target] + column[len(column) - count :])
            grown = -1 if found is None else found
        if grown < 0:
            return False
        # With one deck the columns that hold cards differ in their bottom cards, which order them: the
        # column that gains cards keeps its place, and so does the other unless it is emptied, when it
        # goes before every column with cards.
        _set_number(nums, onto, grown)
        if count == len(column):
            while at > 0 and len(texts[_number_at(nums, at - 1)]):
                _set_number(nums, at, _number_at(nums, at - 1))
                at -= 1
        _set_number(nums, at, rest)
        if self.slots[self._slot_of(nums)] != 0:
            return True
        self._remember(nums, source_at, onto, rest, grown)
        return False

    def parent(self, handle: object) -> object | None:
        before = self.parents[cast(int, handle)]
        return None if before < 0 else int(before)

    def how(self, handle: object) -> int:
        return int(self.hows[cast(int, handle)])

    def found(self, handle: i64) -> tuple[int, ...]:
        """The foundations of the position ``handle``."""
        return self.founds[self.found_wide[handle] if self.wide else i64(self.found_of[handle]) + _HALF]

    def __len__(self) -> int:
        return self.count


def _packed(text: bytes) -> i64:
    """``text`` as one int if it can be the cells' contents, else -1 (see :attr:`PackedStore.short_slots`).

    The cells of one deck are in ascending order, each byte below 127; the text is packed when it has at
    most :data:`_SHORT` bytes: each byte + 1 in 7 bits, the first highest.
    """
    packed: i64 = 0
    before: i64 = 0
    for at in range(len(text)):
        byte: i64 = text[at] + 1
        if byte <= before:
            return -1
        packed = packed << 7 | byte
        before = byte
    return packed


def _short_hash(packed: i64) -> i64:
    """A 32-bit hash of a :func:`_packed` text (the bits of its last bytes spread over the slots)."""
    h = ((packed & _LOW) * _MIX) & _LOW
    h = ((h ^ (packed >> 32)) * _MIX) & _LOW
    return h ^ (h >> 15)


def _number_at(words: vec[i64], place: i64) -> i64:
    """The number at ``place`` of a key packed in ``words``: three to a word, the first in the low bits."""
    return (words[place // 3] >> (place % 3 * BITS)) & _MASK


def _set_number(words: vec[i64], place: i64, number: i64) -> None:
    """Put ``number`` at ``place`` of a key packed in ``words``."""
    shift = place % 3 * BITS
    at = place // 3
    word = words[at]
    words[at] = word ^ ((((word >> shift) & _MASK) ^ number) << shift)  # the old number's bits turned into the new's


def store_for(root: Key, found: tuple[int, ...], packed: bool) -> Store:
    """The table of a scan from ``root`` (foundations ``found``): packed, or a dict of keys."""
    return PackedStore(root, found) if packed else KeyStore(root, found)


class Frontier:
    """The entries waiting to be expanded: the lowest rank first, the last in first out within a rank.

    An entry is a stored position (``code`` -1) or a move of one left for
    later (``code`` its :data:`~patience_solver._compiled.Later` code), with
    its foundations and moves so far. :meth:`pop` takes the next one off and
    leaves its parts in :attr:`handle`, :attr:`found`, :attr:`g` and
    :attr:`code`. Ranks are small ints: a bucket per rank, and a heap of the
    ranks that have one. Which rank comes first among equal entries does not
    depend on the kind of frontier, so both kinds give the same search.
    """

    def __init__(self) -> None:
        self.handle: object = None
        self.found: tuple[int, ...] = ()
        self.g = 0
        self.code = -1

    def waiting(self) -> bool:
        """Whether any entry is left."""
        raise NotImplementedError

    def push(self, rank: int, handle: object, found: tuple[int, ...], g: int, code: int) -> None:
        """Add an entry of rank ``rank``."""
        raise NotImplementedError

    def pop(self) -> int:
        """Take the next entry off (the frontier is not empty): its rank."""
        raise NotImplementedError

    def clear(self) -> None:
        """Drop every entry."""
        raise NotImplementedError

    def entries(self) -> list[Entry]:
        """Every entry: the ranks in order, lowest first, and each rank's entries in the order they came."""
        raise NotImplementedError


class ListFrontier(Frontier):
    """A list per rank that holds its entries' four parts one after another (no tuple an entry)."""

    def __init__(self) -> None:
        super().__init__()
        self.buckets: dict[int, list[object]] = {}
        #: The ranks that have a bucket, as a heap (:mod:`heapq`).
        self.ranks: list[int] = []

    def waiting(self) -> bool:
        return bool(self.ranks)

    def push(self, rank: int, handle: object, found: tuple[int, ...], g: int, code: int) -> None:
        into = self.buckets.get(rank)
        if into is None:
            self.buckets[rank] = [handle, found, g, code]
            heappush(self.ranks, rank)
        else:
            into.append(handle)
            into.append(found)
            into.append(g)
            into.append(code)

    def pop(self) -> int:
        ranks = self.ranks
        rank = ranks[0]
        bucket = self.buckets[rank]
        self.code = cast(int, bucket.pop())
        self.g = cast(int, bucket.pop())
        self.found = cast(tuple[int, ...], bucket.pop())
        self.handle = bucket.pop()
        if not bucket:
            del self.buckets[rank]
            heappop(ranks)
        return rank

    def clear(self) -> None:
        self.ranks.clear()
        self.buckets.clear()

    def entries(self) -> list[Entry]:
        out: list[Entry] = []
        for rank in sorted(self.buckets):
            bucket = self.buckets[rank]
            for at in range(0, len(bucket), 4):
                handle, found, g, code = bucket[at : at + 4]
                out.append((handle, cast(tuple[int, ...], found), cast(int, g), cast(int, code)))
        return out


#: A packed entry: the handle above bit 33, the moves so far in the 19 bits above bit 14, the code + 1 below.
_G_SHIFT: Final = 14
_HANDLE_SHIFT: Final = 33
_CODE_MASK: Final = (1 << _G_SHIFT) - 1
_G_MASK: Final = (1 << (_HANDLE_SHIFT - _G_SHIFT)) - 1


class Bucket:
    """The packed entries of one rank."""

    def __init__(self) -> None:
        self.items: vec[i64] = vec[i64]()


class PackedFrontier(Frontier):
    """One native array of 64-bit entries per rank: a handle, the moves so far and a code, packed.

    The foundations are the stored position's (:meth:`PackedStore.found`):
    a move left for later keeps its parent's. An entry costs 8 bytes. The
    buckets are found by rank in a list that spans every rank pushed so far
    (8 bytes a rank: a search's ranks lie within a few thousand of each
    other), so that a push reads a list item where a dict would hash a boxed
    rank.
    """

    def __init__(self, store: PackedStore) -> None:
        super().__init__()
        self.store = store
        #: The bucket of each rank from ``low`` on (``absent`` where none), grown to take each new rank.
        self.absent = Bucket()
        self.slots: list[Bucket] = []
        self.low: i64 = 0
        #: The ranks that have a bucket, as a binary heap in a native array (each rank once).
        self.heap: vec[i64] = vec[i64]()
        #: The bucket of the lowest rank, once :meth:`pop` has looked it up (None: look it up). Only a new
        #: bucket can rank lower.
        self.top: Bucket | None = None
        #: Emptied buckets, kept for new ranks (each keeps its array's room).
        self.spare: list[Bucket] = []

    def waiting(self) -> bool:
        return len(self.heap) > 0

    def push(self, rank: int, handle: object, found: tuple[int, ...], g: int, code: int) -> None:
        if g > _G_MASK:
            raise MemoryError("a line of play longer than a packed frontier entry can count")
        entry = (i64(cast(int, handle)) << _HANDLE_SHIFT) | (i64(g) << _G_SHIFT) | i64(code + 1)
        at = i64(rank) - self.low
        slots = self.slots
        if at < 0 or at >= len(slots):
            self._reach(i64(rank))
            slots = self.slots
            at = i64(rank) - self.low
        into = slots[at]
        if into is self.absent:
            into = self.spare.pop() if self.spare else Bucket()
            slots[at] = into
            self._heap_push(rank)
            self.top = None
        into.items = append(into.items, entry)

    def _reach(self, rank: i64) -> None:
        """Grow :attr:`slots` to take ``rank`` (at least doubling them, so that growing is rare)."""
        slots = self.slots
        if not len(slots):
            self.low = rank - 64
            self.slots = [self.absent] * 256
        elif rank < self.low:
            more = max(self.low - rank + 64, len(slots))
            self.slots = [self.absent] * more + slots
            self.low = self.low - more
        else:
            more = max(rank - self.low - len(slots) + 64, len(slots))
            self.slots = slots + [self.absent] * more

    def pop(self) -> int:
        rank = self.heap[0]
        into = self.top
        if into is None:
            into = self.top = self.slots[rank - self.low]
        items, entry = pop(into.items)
        into.items = items
        if not len(items):
            self.slots[rank - self.low] = self.absent
            self._heap_pop()
            self.top = None
            self.spare.append(into)
        self._unpack(entry)
        return rank

    def _heap_push(self, rank: i64) -> None:
        """Put a new rank on the heap."""
        heap = append(self.heap, rank)
        at = len(heap) - 1
        while at > 0:
            up = (at - 1) >> 1
            above = heap[up]
            if above <= rank:
                break
            heap[at] = above
            at = up
        heap[at] = rank
        self.heap = heap

    def _heap_pop(self) -> None:
        """Take the lowest rank off the heap."""
        heap, last = pop(self.heap)
        size = len(heap)
        if size:
            at: i64 = 0
            while True:
                down = 2 * at + 1
                if down >= size:
                    break
                if down + 1 < size and heap[down + 1] < heap[down]:
                    down += 1
                below = heap[down]
                if last <= below:
                    break
                heap[at] = below
                at = down
            heap[at] = last
        self.heap = heap

    def _unpack(self, entry: i64) -> None:
        """Set :attr:`handle`, :attr:`found`, :attr:`g` and :attr:`code` from a packed entry."""
        handle = entry >> _HANDLE_SHIFT
        self.handle = int(handle)
        self.found = self.store.found(handle)
        self.g = int((entry >> _G_SHIFT) & _G_MASK)
        self.code = int(entry & _CODE_MASK) - 1

    def clear(self) -> None:
        self.heap = vec[i64]()
        self.slots = []
        self.top = None

    def entries(self) -> list[Entry]:
        out: list[Entry] = []
        for into in self.slots:
            for entry in into.items:
                self._unpack(entry)
                out.append((self.handle, self.found, self.g, self.code))
        return out


def frontier_for(store: Store) -> Frontier:
    """The frontier that goes with ``store``: packed entries with a packed table, lists with a dict."""
    return PackedFrontier(store) if isinstance(store, PackedStore) else ListFrontier()
