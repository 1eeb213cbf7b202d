"""Best-first search over compiled states, and the slower search that asks the legality hook."""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable
from typing import Final

from patience_solver._compiled import LATER_CELL, Compiled, State, Step, step_code
from patience_solver._memory import default_allowance, process_sizes, soft_limits
from patience_solver._store import Entry, Frontier, PackedStore, Store, frontier_for, store_for

__all__ = ["PACKED", "Limits", "Scan", "Status", "Stop", "Weights", "best_first"]

#: Whether a scan stores its positions packed (:class:`~patience_solver._store.PackedStore`): where this
#: module is compiled, whose arrays are then native; the pure Python build keeps a dict of keys.
PACKED = not __file__.endswith(".py")


class Status(enum.Enum):
    """How a search ended."""

    SOLVED = "solved"
    EXHAUSTED = "exhausted"
    """Every reachable state was expanded without a win."""
    BUDGET = "budget"
    """The position budget of this search ran out."""
    STOPPED = "stopped"
    """A limit of :class:`Limits` was reached, or the caller cancelled (:attr:`Limits.reason` says which)."""


class Stop(enum.Enum):
    """Why a search stopped before it decided (the ``reason`` of an undecided result)."""

    TIME = "time"
    """It used up its time limit, counted in the CPU time of the thread that runs it."""
    POSITIONS = "positions"
    """It expanded as many positions as it was allowed."""
    MEMORY = "memory"
    """Going on would take more memory than it was allowed, or than the system gives."""
    CANCELLED = "cancelled"
    """The caller cancelled it."""


#: How many calls of :meth:`Limits.stop` (each after 128 expansions) go between two looks at the memory.
MEMORY_EVERY = 16
#: The share of the time limit the search itself may use: freeing its states after it stops costs
#: about 3-5% more CPU time (more of them a second in the compiled build), so the whole call ends
#: within a few percent of the limit either way.
TIME_SHARE = 0.97
#: Memory kept free beyond the search's growth: for the result, the replay of a solution, and printing it.
MEMORY_MARGIN = 32 << 20


class Limits:
    """The caller's limits, shared by every search of one :func:`patience_solver.solve` call.

    The time limit counts the CPU time of the thread that runs the search
    (:func:`time.thread_time`), so a busy machine, or another thread holding
    the interpreter, makes a search slower but never changes where it stops.
    It is checked every 128 expansions (a few milliseconds at most), and
    the search stops at :data:`TIME_SHARE` of it, leaving the rest for
    freeing what it stored.

    The memory is read from the system every :data:`MEMORY_EVERY` checks
    (about 2000 expansions, a few megabytes of growth at most); the first
    look also reads the limits (the system's, and the machine's available
    memory for the default allowance), so a search that ends sooner, as
    most do, never pays for them. The search
    stops when its growth since it started, plus a reserve, would pass
    ``max_memory`` (bytes), or when the process's address space or data size
    would pass its ``RLIMIT_AS`` or ``RLIMIT_DATA``. The reserve is twice
    the largest growth seen between two looks: the tables of stored positions double when they fill, so the next
    step can be twice the last. Under the system's limits and the default
    allowance, :data:`MEMORY_MARGIN` more is kept free. ``max_memory`` None takes
    :func:`~patience_solver._memory.default_allowance`; 0 turns the limit off
    (the system's limits still hold).
    """

    def __init__(
        self,
        time_limit: float | None,
        max_positions: int | None,
        progress: Callable[[int], None] | None,
        cancel: threading.Event | None,
        max_memory: int | None = None,
    ) -> None:
        self.started = time.monotonic()
        self.cpu_started = time.thread_time()
        self.deadline = None if time_limit is None else self.cpu_started + time_limit * TIME_SHARE
        self.max_positions = max_positions
        self.progress = progress
        self.cancel = cancel
        self.positions = 0
        self.reason: Stop | None = None
        self._reported = 0
        self._calls = 0
        vm, rss, data = process_sizes()
        self._max_memory = max_memory
        #: The caps, in bytes, of the address space, the resident size and the data size (None: no cap),
        #: set by the first look at the memory (:meth:`memory_short`): most searches end before it.
        self.caps: tuple[int | None, int | None, int | None] | None = None
        # The margin keeps room under the system's limits; a limit the caller set is theirs to the byte.
        self._margins = (MEMORY_MARGIN, MEMORY_MARGIN if max_memory is None else 0, MEMORY_MARGIN)
        self._started = self._sizes = (vm, rss, data)
        self._step = 0
        self.peak = rss

    def stop(self) -> bool:
        """Whether to stop now (and :attr:`reason` says why); also reports progress."""
        if self.progress is not None and self.positions - self._reported >= 2000:
            self._reported = self.positions
            self.progress(self.positions)
        if self.cancel is not None and self.cancel.is_set():
            self.reason = Stop.CANCELLED
            return True
        if self.deadline is not None and time.thread_time() >= self.deadline:
            self.reason = Stop.TIME
            return True
        if self.max_positions is not None and self.positions >= self.max_positions:
            self.reason = Stop.POSITIONS
            return True
        self._calls += 1
        if self._calls >= MEMORY_EVERY:
            self._calls = 0
            if self.memory_short():
                self.reason = Stop.MEMORY
                return True
        return False

    def memory_short(self) -> bool:
        """Whether the next step of growth could pass a memory cap (reads the process's sizes)."""
        caps = self.caps
        if caps is None:
            caps = self.caps = self._caps()
        sizes = process_sizes()
        before = self._sizes
        self._sizes = sizes
        self.peak = max(self.peak, sizes[1])
        step = max(now - then for now, then in zip(sizes, before, strict=True))
        if step > self._step:
            self._step = step
        reserve = 2 * self._step
        for size, cap, margin in zip(sizes, caps, self._margins, strict=True):
            if cap is not None and size and size + reserve + margin > cap:
                return True
        return False

    def _caps(self) -> tuple[int | None, int | None, int | None]:
        """The caps of :attr:`caps`: the system's limits, and the allowance above the resident size at the start."""
        vm, rss, data = self._started
        space, data_limit = soft_limits()
        max_memory = self._max_memory
        allowance = default_allowance() if max_memory is None else max_memory or None
        return (space if vm else None, None if allowance is None else rss + allowance, data_limit if data else None)

    def out_of_memory(self) -> None:
        """Record that the system refused memory (a :class:`MemoryError` caught by the caller)."""
        self.reason = Stop.MEMORY

    @property
    def elapsed(self) -> float:
        """Seconds since the limits were set."""
        return time.monotonic() - self.started

    @property
    def cpu_seconds(self) -> float:
        """CPU seconds this thread has spent since the limits were set."""
        return time.thread_time() - self.cpu_started


class Weights:
    """Integer weights of the best-first evaluation (lower is expanded first).

    A state costs ``depth * moves so far + cells * cards in cells - home *
    cards home - empty * empty columns`` plus, for each column, ``bad *
    cards lying on a lower card + under * cards under the top run + bury *
    (sum of cards above each card, weighted by how low it is) / 13 + under_sq
    * (cards under the top run)**2 / 4``, plus ``next_card`` * the cards lying on the next card of
    each foundation.
    """

    def __init__(
        self,
        depth: int,
        cells: int,
        home: int,
        empty: int,
        bad: int,
        under: int,
        bury: int,
        under_sq: int,
        next_card: int = 0,
    ) -> None:
        self.depth = depth
        self.cells = cells
        self.home = home
        self.empty = empty
        self.bad = bad
        self.under = under
        self.bury = bury
        self.under_sq = under_sq
        self.next_card = next_card

    def column_penalty(self, comp: Compiled) -> Penalties:
        """Column evaluations under these weights, each computed the first time it is asked for."""
        return Penalties(self, comp)


class Penalties:
    """Column -> penalty under one scan's weights, computed on first lookup and kept.

    An empty column counts ``-empty`` (the evaluation's term for it). The
    lookups are explicit (:meth:`of`, :meth:`total`) rather than a dict's
    ``__missing__``: in the compiled build a miss is then a direct call.
    """

    def __init__(self, weights: Weights, comp: Compiled) -> None:
        self.weights = weights
        self.comp = comp
        self.height = comp.height
        self.values: dict[bytes, int] = {b"": -weights.empty}

    def of(self, column: bytes) -> int:
        """The penalty of one column."""
        value = self.values.get(column)
        if value is None:
            value = self.values[column] = self.compute(column)
        return value

    def missing(self, column: bytes) -> int:
        """:meth:`of` for a column the caller has just failed to find in :attr:`values` (one lookup less)."""
        value = self.values[column] = self.compute(column)
        return value

    def total(self, columns: tuple[bytes, ...]) -> int:
        """The sum of the penalties of ``columns``."""
        values = self.values
        total = 0
        for column in columns:
            value = values.get(column)
            if value is None:
                value = values[column] = self.compute(column)
            total += value
        return total

    def compute(self, column: bytes) -> int:
        """The penalty of a column not evaluated yet."""
        w = self.weights
        n = len(column)
        under = n - self.comp.run_length(column)
        low = 99
        bad = 0
        bury = 0
        height = self.height
        if w.bury:
            for i, card in enumerate(column):
                rank = height[card]  # the rank counted from the foundations' base
                if rank > low:
                    bad += 1
                else:
                    low = rank
                bury += (n - 1 - i) * (13 - rank)
        else:
            # Most scans do not weigh the burial: count only the cards lying on a lower one.
            for card in column:
                rank = height[card]
                if rank > low:
                    bad += 1
                else:
                    low = rank
        return w.bad * bad + w.under * under + w.bury * bury // 13 + w.under_sq * under * under // 4


#: No card flagged (a card indexes it), and ``_FLAG_OF[card]``: that card alone.
_NO_FLAGS: Final = bytes(64)
_FLAG_OF: Final = tuple(bytes(int(other == card) for other in range(64)) for card in range(64))
#: The parent values of a table that has no parent (never written to).
_NO_VALUES: Final[dict[bytes, int]] = {}


class NextPenalties(Penalties):
    """Column -> its penalty plus ``next_card`` * the cards above the next card of each foundation.

    One per foundations tuple (the next cards depend on it); the plain penalty comes from ``base``.

    With one deck a table can start from a ``parent``: the table of foundations that this one's
    grew from (no foundation holds fewer cards here). A column of a state with these foundations
    holds none of the cards the parent wanted of a suit that has grown (they are home), so its
    penalty is the parent's plus the term of the cards newly wanted (``fresh``, most often one).
    """

    def __init__(
        self,
        base: Penalties,
        found: tuple[int, ...],
        next_card: int,
        cards: tuple[bytes, ...],
        parent: NextPenalties | None = None,
    ) -> None:
        # Penalties.__init__'s fields set directly (a table is made for every new foundations tuple).
        self.weights = base.weights
        self.comp = comp = base.comp
        self.height = base.height
        self.values = {b"": base.values[b""]}
        self.base = base
        self.base_values = base.values
        self.next_card = next_card
        self.found = found
        self.parent_values = _NO_VALUES
        #: ``fresh[card]`` is 1 for the cards newly wanted since the parent table (a card indexes it, as ``marks``).
        self.fresh = _NO_FLAGS
        if len(found) == 4:
            #: With one deck, ``marks[card]`` is 1 for the cards next for their foundation (a card indexes it).
            self.marks = comp._wanted.get(found) or comp._wanted_of(found)
            self.wanted: list[bytes] = []
            self.wanted_bytes = b""
        else:
            self.marks = b""
            # With two decks both foundations of a suit may want the same card: count it once.
            self.wanted = list(dict.fromkeys(cards[f * 13 + count] for f, count in enumerate(found) if count < 13))
            self.wanted_bytes = b"".join(self.wanted)
        if parent is not None:
            self.parent_values = parent.values
            before = parent.found
            fresh = -1
            flags: bytearray | None = None
            for f in range(4):
                count = found[f]
                if count != before[f] and count < 13:
                    card = cards[f * 13 + count][0]
                    if fresh < 0:
                        fresh = card
                    else:
                        # A second suit grew (rare): flag each card in a table of its own.
                        if flags is None:
                            flags = bytearray(_FLAG_OF[fresh])
                        flags[card] = 1
            if flags is not None:
                self.fresh = bytes(flags)
            elif fresh >= 0:
                self.fresh = _FLAG_OF[fresh]  # most often one card is new: its table is made once

    def of(self, column: bytes) -> int:
        """The penalty of one column (a column the parent table knows costs no further call)."""
        known = self.values.get(column)
        if known is not None:
            return known
        return self.missing(column)

    def missing(self, column: bytes) -> int:
        """:meth:`of` for a column the caller has just failed to find in :attr:`values` (one lookup less)."""
        # The sums below are on plain ints: on an optional one the compiled build would add objects.
        before = self.parent_values.get(column)
        if before is None:
            value = self.compute(column)
        else:
            value = before
            last = len(column) - 1
            marks = self.fresh
            for at in range(last + 1):
                if marks[column[at]]:
                    value += self.next_card * (last - at)
        self.values[column] = value
        return value

    def compute(self, column: bytes) -> int:
        """The penalty of a column not evaluated yet under these foundations, from the plain one.

        :meth:`of` takes it from the parent table instead where that knows the column (the same value).
        """
        plain = self.base_values.get(column)
        value = self.base.missing(column) if plain is None else plain
        last = len(column) - 1
        marks = self.marks
        if marks:
            for at in range(last + 1):
                if marks[column[at]]:
                    value += self.next_card * (last - at)
        elif len(column.translate(None, self.wanted_bytes)) <= last:  # it holds a next card (most do not)
            for card in self.wanted:
                at = column.find(card)
                if at >= 0:
                    value += self.next_card * (last - at)
        return value


class Scan:
    """One best-first scan that can be run a quota of expansions at a time, and resumed.

    A scan with ``full`` false lists meta-moves only (see :meth:`Compiled.children`); a full scan
    lists every move, so that running out of states proves the position lost.

    Moves from a column to a cell or to an empty column (most children, few
    of them ever expanded) go on the frontier as the move itself, ranked
    exactly as their child would be, and the child is made when it comes
    off, unless another way reached it first (:meth:`Compiled.expand`).

    On the packed table with one deck, most children of a move onto a
    column were reached before: the generator asks the table
    (:meth:`~patience_solver._store.Store.holds_move`) and makes no such
    child. The table answers from the child's key, packed from the
    parent's numbers; when the child is new and every number of its key
    is known, the table stores that key
    (:meth:`~patience_solver._store.Store.add_known`), and the child is
    ranked from its parent's rank and the columns that changed, without
    being made. The same goes for the child of a move left for later when
    it comes off the frontier.

    Each stored position keeps how its parent reached it (the ``how`` of
    :meth:`~patience_solver._store.Store.add`), from which :func:`_trace`
    makes it again: ``~code`` for a move left for later; for a made child,
    with the one-deck generator (:class:`Compiled` itself) the code of its
    step (:func:`~patience_solver._compiled.step_code`), and with the
    others its index among the children of its parent's expansion.
    """

    def __init__(
        self, comp: Compiled, root: State, weights: Weights, *, full: bool, packed: bool | None = None
    ) -> None:
        self.comp = comp
        self.weights = weights
        self.full = full
        cols0, cells0, found0 = root
        #: Each stored state and the state it was first reached from (:data:`PACKED` unless ``packed`` says):
        #: the steps between them are made again from the parent when a solution is traced (:func:`_trace`),
        #: so no state keeps its steps.
        self.store: Store = store_for((*cols0, cells0), found0, PACKED if packed is None else packed)
        self.root = root
        #: The positions to expand and the moves left for later, by rank (see :class:`Frontier`): a
        #: position's handle with its foundations and moves so far, or its parent's with the move's
        #: :data:`~patience_solver._compiled.Later` code (a small int: the entry holds no other object
        #: of its own). Lists with the dict of keys, native arrays of 8-byte entries with the packed table.
        self.frontier: Frontier = frontier_for(self.store)
        self.frontier.push(0, self.store.root, found0, 0, -1)
        self.expanded = 0
        self.penalty = weights.column_penalty(comp)
        self.status: Status | None = Status.SOLVED if sum(found0) == comp.total else None
        self.path: list[tuple[Step, ...]] = []
        #: Foundations -> column penalties with the next-card term (when ``next_card`` is weighed).
        self.by_found: dict[tuple[int, ...], Penalties] = {}

    def entries(self) -> list[Entry]:
        """The frontier's entries by rank (:meth:`Frontier.entries`), each ``(handle, foundations, g, code)``."""
        return self.frontier.entries()

    def run(self, quota: int, limits: Limits) -> Status:
        """Expand up to ``quota`` states; SOLVED, EXHAUSTED, STOPPED (limits) or BUDGET (quota used up)."""
        if self.status is not None:
            return self.status
        comp = self.comp
        # The packed table tells a stored child of a move left for later from the parent's numbers, where
        # the move changes only its column, the cells or an empty column (one deck, no complete suits home).
        later_known = type(comp) is Compiled and not comp.whole_suit and isinstance(self.store, PackedStore)
        # The same table tells the generator which children of a move onto a column it holds (Compiled.probe).
        comp.probe = self.store if later_known else None
        try:
            return self._search(quota, limits, later_known)
        finally:
            comp.probe = None

    def _search(self, quota: int, limits: Limits, later_known: bool) -> Status:
        """:meth:`run`'s loop."""
        frontier, store, full = self.frontier, self.store, self.full
        comp, penalty = self.comp, self.penalty
        weights = self.weights
        wd, wc, wh, wn = weights.depth, weights.cells, weights.home, weights.next_card
        by_found = self.by_found
        next_cards = self.comp.next_card
        four = self.comp.decks == 1
        coded = type(comp) is Compiled
        total = self.comp.total
        expanded = start = self.expanded
        stop_at = start + quota
        # The foundations of the last state expanded and their table: a state's children mostly keep them.
        last_found: tuple[int, ...] = ()
        last_table: Penalties = penalty
        status = Status.EXHAUSTED
        while frontier.waiting():
            if not expanded & 127:
                limits.positions += expanded - start
                start = expanded
                if limits.stop():
                    status = Status.STOPPED
                    break
            if expanded >= stop_at:
                status = Status.BUDGET
                break
            popped = frontier.pop()
            handle = frontier.handle
            found = frontier.found
            g = frontier.g
            code = frontier.code
            if code >= 0 and later_known:
                store.forget_known()
                if store.holds_later(handle, code & 31, code >> 6, code & LATER_CELL != 0):
                    continue  # a move ranked from its parent whose child was reached another way: not made at all
                if store.known_new:
                    # A new child whose key the lookup packed from its parent's: stored from there, not made.
                    # The move sends nothing home, so the child has the parent's foundations.
                    stored = store.add_known(handle, ~code)
                    if stored is None:
                        continue
                    handle = stored
                    code = -1
            key = store.key(handle)
            if code >= 0:
                # A move ranked from its parent: make the child now, unless it was reached another way.
                _, ckey, found, _ = comp.make_later(key[:-1], key[-1], found, code)
                child = store.add(ckey, handle, found, ~code)
                if child is None:
                    continue
                key = ckey
                handle = child
            cols = key[:-1]
            cells = key[-1]
            expanded += 1
            if not wn:
                table = penalty
            elif found is last_found:
                table = last_table
            else:
                known = by_found.get(found)
                if known is None:
                    known = by_found[found] = NextPenalties(penalty, found, wn, next_cards)
                table = last_table = known
                last_found = found
            comp.probe_handle = handle
            if later_known:
                store.forget_known()
            made, deferred = comp.expand(cols, cells, found, full)
            # Compiled's children are stored under their step's code, the other generators' under their index.
            # Most children keep the parent's foundations (the very tuple): its count and its table.
            same = found[0] + found[1] + found[2] + found[3] if four else sum(found)
            cg = g + 1
            # The rank of a child that changes a column or two, the cells by a card at most and not the
            # foundations, less those changes: the parent's own rank for its moves so far, read back.
            base = popped + wd if g else table.total(cols) - wh * same + wd * cg + wc * len(cells)
            # The table's dict read directly (a method call costs more than the probe it wraps): the parent's
            # columns are always there, and a column without its top cards often.
            values = table.values
            index = -1
            for steps, ckey, cfound, cost in made:
                index += 1
                if not len(ckey):
                    # A move onto a column whose child's key the table found new from the parent's (Compiled.expand):
                    # it stores the key and says which columns changed; the rank is the parent's with those changed.
                    child = store.add_known(handle, step_code(steps[0]))
                    if child is None:
                        continue
                    column = cols[store.moved_onto]
                    value = values.get(column)
                    pen = base - (table.missing(column) if value is None else value)
                    column = store.grown_text
                    value = values.get(column)
                    pen += table.missing(column) if value is None else value
                    at = store.moved_from
                    if at >= 0:
                        column = cols[at]
                        value = values.get(column)
                        pen -= table.missing(column) if value is None else value
                        column = store.rest_text
                        value = values.get(column)
                        pen += table.missing(column) if value is None else value
                    else:
                        pen -= wc  # the card left the cells
                    frontier.push(pen, child, found, cg, -1)
                    continue
                child = store.add(ckey, handle, cfound, step_code(steps[0]) if coded else index)
                if child is None:
                    continue
                if cfound is found:
                    home = same
                    ctable = table
                else:
                    home = cfound[0] + cfound[1] + cfound[2] + cfound[3] if four else sum(cfound)
                    if home == total:
                        self.path = _trace(comp, self.root, store, child, full)
                        frontier.clear()
                        status = Status.SOLVED
                        break
                    if wn:
                        known = by_found.get(cfound)
                        if known is None:
                            # The state's own table is a NextPenalties here; with one deck the child's grows from it.
                            known = by_found[cfound] = NextPenalties(
                                penalty,
                                cfound,
                                wn,
                                next_cards,
                                table if four and isinstance(table, NextPenalties) else None,
                            )
                        ctable = known
                    else:
                        ctable = penalty
                # Penalties.total inline: one call less a child. The key's last entry is the cells.
                cvalues = ctable.values
                pen = 0
                last = len(ckey) - 1
                for at in range(last):
                    column = ckey[at]
                    value = cvalues.get(column)
                    pen += ctable.missing(column) if value is None else value
                made_g = g + cost
                frontier.push(wd * made_g + pen + wc * len(ckey[last]) - wh * home, child, cfound, made_g, -1)
            else:
                if deferred:
                    # The same evaluation as a made child's, from the parent's: one column changes,
                    # a card joins the cells or a run fills an empty column.
                    for code, rest in deferred:
                        column = cols[code & 31]
                        value = values.get(column)
                        pen = base - (table.missing(column) if value is None else value)
                        value = values.get(rest)
                        pen += table.missing(rest) if value is None else value
                        if code & LATER_CELL:
                            pen += wc
                        else:
                            pen += table.of(column[-(code >> 6) :]) - values[b""]
                        frontier.push(pen, handle, found, cg, code)
                continue
            break
        limits.positions += expanded - start
        self.expanded = expanded
        if status in (Status.SOLVED, Status.EXHAUSTED):
            self.status = status
            # An ended scan keeps its root alone: its positions are freed now, not with the scan.
            self.store = store_for(self.store.key(self.store.root), self.root[2], False)
            self.frontier = frontier_for(self.store)
            self.by_found = {}
        return status


def best_first(
    comp: Compiled, root: State, weights: Weights, limits: Limits, budget: int | None
) -> tuple[Status, list[tuple[Step, ...]]]:
    """One scan on its own: meta-moves within ``budget`` expansions, or every move without a budget."""
    scan = Scan(comp, root, weights, full=budget is None)
    status = scan.run(budget if budget is not None else 1 << 62, limits)
    return status, scan.path


def _trace(comp: Compiled, root: State, store: Store, handle: object, full: bool) -> list[tuple[Step, ...]]:
    """The steps of each transition from ``root`` to the state ``handle`` of ``store``, along its chain of parents.

    Each state was stored with how its parent reached it (:meth:`Store.how`):
    ``~code`` for a move left for later, made again from its
    :data:`~patience_solver._compiled.Later` code; where the generator is
    :class:`Compiled` itself, its step's code, made again from that
    (:meth:`Compiled.make_step`); else the index of the child among those the
    parent's expansion made, and the parent is expanded again, as the scan
    expanded it.
    """
    chain: list[object] = []
    at: object | None = handle
    while at is not None:
        chain.append(at)
        at = store.parent(at)
    chain.reverse()
    cols, cells, found = root
    out: list[tuple[Step, ...]] = []
    coded = type(comp) is Compiled
    for link in chain[1:]:
        how = store.how(link)
        if how < 0:
            child = comp.make_later(cols, cells, found, ~how)
        elif coded:
            child = comp.make_step(cols, cells, found, how)
        else:
            made, _ = comp.expand(cols, cells, found, full)
            child = made[how]
        out.append(child[0])
        cols, cells, found = child[1][:-1], child[1][-1], child[2]
    return out
