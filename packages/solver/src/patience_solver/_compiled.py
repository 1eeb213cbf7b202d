"""A variant's :class:`~patience.rules.Rules` compiled into tables of small ints for the search.

A card is its :attr:`patience.cards.Card.index` (``suit * 13 + rank - 1``). A
state is ``(columns, cells, foundations)``: ``columns`` a sorted tuple of
``bytes`` (covered card first; empty columns sort first), ``cells`` the held
cards as sorted ``bytes`` and ``foundations`` a tuple of four ranks. A card
still in a reserve cell (:attr:`patience.rules.Rules.reserve`) is held as its
index + :data:`RESERVED`: it may leave, and its cell, once freed, is no free
cell, so the number of free cells is the free cells less the other held cards. Sorting
makes positions that differ only in which column or cell holds what one
state; moves are recorded by card (:data:`Step`) and placed on real columns
and cells when the solution is replayed through the game.

Foundations count cards (see :class:`patience.Position`): a card goes onto
a foundation that holds its *height* (``(rank - base) % 13``) cards. With two
decks there are eight, kept so that each suit's first foundation holds at
least as many as its second (``found[s] >= found[s + 4]``; with three decks
there are twelve, and the second holds at least as many as the third); a
card then goes onto the first one it is next for, which keeps that order.
Foundations built by rank (:class:`CompiledByRank`) count each foundation's
cards, in the table's order; each keeps the base the deal gave it.

Every state is *settled*: the game's automatic play (the variant's policy)
has run, and so have the extra moves home that can never hurt (every card in
a same-suit game, Raymond's rule in an alternating-colour game). The extra
ones are recorded as explicit steps, so the game, which makes only its own
automatic moves, reaches the same state after each recorded step.
"""

from __future__ import annotations

from typing import Final

from librt.vecs import vec
from mypy_extensions import i64, mypyc_attr

from patience.movegen import HomeRule, autoplay_rule, tables_for
from patience.position import HEIGHTS
from patience.rules import UNLIMITED_RUN, AutoPlay, Build, Rules
from patience.solution import CELL, EMPTY, HOME, Step
from patience_solver._store import Store

__all__ = [
    "CELL",
    "EMPTY",
    "HOME",
    "LATER_CELL",
    "RESERVED",
    "Child",
    "Compiled",
    "CompiledByRank",
    "CompiledTwoDecks",
    "Key",
    "Later",
    "State",
    "Step",
]

#: Added to the index of a card held in a reserve cell (``code & 63`` is the card either way).
RESERVED: Final = 64

#: ``(columns, cells, foundations)`` as described in the module docstring.
State = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]
#: What one transition records: the player's step and the extra safe moves home after it.
Steps = tuple[Step, ...]
#: A state without its foundations: the sorted columns' bytes followed by the cells' bytes, in one tuple
#: (what the search stores for every state: one object, not a tuple of columns beside the cells).
Key = tuple[bytes, ...]
#: A child: ``(steps, key, foundations, non-foundation moves it costs)``.
Child = tuple[Steps, Key, tuple[int, ...], int]
#: A move from a column to a cell or an empty column, not made yet: ``(code, the column without its cards)``,
#: where the code is ``cards << 6 | LATER_CELL (to a cell) or 0 (to the first empty column) | column``. The move
#: uncovers no card that goes home. The code is a small int, which Python shares, so a search can keep a
#: move it has not made as nothing more than its code (:meth:`Compiled.make_later` makes it from the parent).
Later = tuple[int, bytes]
#: The flag of a :data:`Later` code for a move to a cell.
LATER_CELL: Final = 32
#: The most columns a :data:`Later` code can name.
LATER_COLUMNS: Final = 32

_SUIT: Final = bytes(c // 13 for c in range(52))
_ONE: Final = tuple(bytes((c,)) for c in range(RESERVED + 52))
# The steps of one card home, to a cell and to an empty column, made once. Typed as steps (tuples of any
# length), the compiled build hands out these objects; as tuples of three ints it would build a new one.
_HOME_STEP: Final[tuple[Step, ...]] = tuple((c, 1, HOME) for c in range(52))
_CELL_STEP: Final[tuple[Step, ...]] = tuple((c, 1, CELL) for c in range(52))
_EMPTY_STEP: Final[tuple[Step, ...]] = tuple((c, 1, EMPTY) for c in range(52))
#: The slots of :attr:`Compiled.near_column` (a power of two) in the compiled build. The pure Python build has
#: none: there a dict lookup costs less than the address, the slot and the comparison.
_NEAR: Final = 0 if __file__.endswith(".py") else 1 << 10
#: The key of a child that :meth:`Compiled.expand` leaves to the probed table to store (an empty key: every
#: real one holds at least the cells); see :meth:`~patience_solver._store.Store.add_known`.
_KNOWN: Final[tuple[bytes, ...]] = ()
#: Each suit complete as a column holds it: king (bottom) to ace (top).
_WHOLE_SUITS: Final = tuple(bytes(range(suit * 13 + 12, suit * 13 - 1, -1)) for suit in range(4))


# The hook path's generators (solver._judged, run as Python) subclass these when they are compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class Compiled:
    """The move generator and the evaluation of one variant with a given number of columns and cells."""

    def __init__(
        self, rules: Rules, policy: AutoPlay, n_columns: int, n_cells: int, base: int = 1, decks: int = 1
    ) -> None:
        if n_columns > LATER_COLUMNS:
            raise ValueError(f"the solver handles at most {LATER_COLUMNS} columns, not {n_columns}")
        self.rules = rules
        self.n_columns = n_columns
        self.n_cells = n_cells
        #: How many cells are a reserve, and how many are free cells.
        self.reserve = rules.reserve
        self.n_free = n_cells - rules.reserve
        self.base = base
        self.decks = decks
        #: How many cards lie in the foundations when every card is home.
        self.total = 52 * decks
        self.group_moves = rules.group_moves
        self.unlimited_runs = rules.unlimited_runs and rules.group_moves
        # The move generator's tables: the per-node loops below read them, and stay here,
        # compiled with the rest of the search (a call into the engine is a Python-level call).
        tables = tables_for(rules)
        self.no_empty_moves = tables.no_empty
        #: ``height[card]``: how many cards its foundation holds when it is next there (rank - 1 for an ace base).
        self.height = HEIGHTS[base]
        #: ``builds[upper * 52 + lower]`` is 1 when ``upper`` may lie on ``lower``; ``onto[card]``: what it may lie on.
        self.builds, self.onto = tables.builds, tables.onto
        self.to_empty = tables.to_empty(base)
        #: ``runs[upper * 52 + lower]`` is 1 when ``upper`` on ``lower`` continues a run that moves as one.
        self.runs = tables.runs
        #: Only complete suits go home (:attr:`Rules.whole_suit_home`): no card alone, and a suit that
        #: lies complete on top of a column goes home by the automatic play, or else as an explicit step
        #: (it is always safe: nothing lies on its ace, and its king is covered).
        self.whole_suit = tables.whole_suit
        self.suits_auto = policy is not AutoPlay.NONE
        self.policy = autoplay_rule(AutoPlay.NONE if self.whole_suit else policy, base, decks)
        self.safe = autoplay_rule(AutoPlay.NONE, base, decks) if self.whole_suit else tables.safe_rule(base, decks)
        #: With a cell per suit (:attr:`Rules.cell_suits`), ``suit_cells[suit]`` is 1 when one of the table's cells
        #: takes that suit; empty when any cell takes any card. A suit has one cell at most, so the held cards say
        #: which cells are taken.
        suits = {suit.value for suit in rules.cell_suits[:n_cells]}
        self.suit_cells = bytes(int(suit in suits) for suit in range(4)) if rules.cell_suits else b""
        #: ``next_card[f * 13 + count]``: the card (as one byte) that goes onto foundation ``f`` holding
        #: ``count`` cards; with the ace as base, ``f * 13 + count`` is that card's index.
        self.next_card = tuple(
            _ONE[f % 4 * 13 + (base - 1 + count) % 13] for f in range(4 * decks) for count in range(13)
        )
        # Taking cards back from a foundation is never generated. In a same-suit game it cannot
        # help (the only card that could go on a foundation card is the one below it, which is
        # home too); elsewhere the search is then not complete and never says "lost".
        self.complete = not rules.foundation_takeback or (tables.building is Build.SAME_SUIT and not tables.wraps)
        self._runs: dict[bytes, int] = {}
        self._columns: dict[bytes, tuple[int, int, bytes]] = {}
        #: A small table in front of ``_columns``, by the column object's address: ``near_column[slot]`` is the
        #: column whose ``_columns`` entry is ``near_shown[slot]``. It holds the object, so that an address found
        #: there is that object's; a state's columns are mostly objects it holds already (the search's tables
        #: give each column as one object), and the table is read without hashing the column.
        self.near_column: list[bytes] = [b""] * _NEAR
        self.near_shown: list[tuple[int, int, bytes]] = [(0, 0, b"")] * _NEAR
        self._wanted: dict[tuple[int, ...], bytes] = {}
        #: The foundations :meth:`expand` last looked up in ``_wanted`` and what it found: the search holds each
        #: foundations tuple once, and one state's children mostly keep it (hashing a tuple costs a lookup more).
        self.last_found: tuple[int, ...] = ()
        self.last_wanted = b""
        #: Every column (and cells' contents with a card just added) the search has made -> the one object that
        #: holds it. A state's columns are these objects, so the lookups of a column (the search's tables, the
        #: parents of a state) find its hash computed and compare it by identity, without comparing the cards.
        self._canon: dict[bytes, bytes] = {}
        #: Each foundations tuple a child has had, held once: states after a move home share it.
        self._founds: dict[tuple[int, ...], tuple[int, ...]] = {}
        #: Which column shows each card on top: ``tops[card] - stamp`` is its column's index while :meth:`expand`
        #: expands a state whose ``stamp`` that is, and negative for a card on top in no column of it (the entries
        #: of every earlier state are less than the stamp). One native array for the search, never emptied.
        self.tops: vec[i64] = vec[i64]([0] * 52)
        self.stamp: i64 = 0
        #: While a scan that can tell a stored child from its parent runs (see :class:`patience_solver._search.Scan`):
        #: its table, and the handle of the state being expanded. :meth:`expand` then leaves out a move onto a
        #: column whose child the table holds (:meth:`~patience_solver._store.Store.holds_move`) instead of
        #: making it, and gives a child whose key the table found new from its parent's as the step alone, with
        #: the empty key :data:`_KNOWN` (the table stores it: :meth:`~patience_solver._store.Store.add_known`).
        #: None otherwise.
        self.probe: Store | None = None
        self.probe_handle: object = None

    # -- states -------------------------------------------------------------
    def settle(self, columns: list[bytes], cells: list[int], found: list[int]) -> list[Step]:
        """Play the automatic moves home (in place) and return the extra safe ones as explicit steps."""
        if self.whole_suit:
            return self.settle_suits(columns, found)
        policy = self.policy
        safe = self.safe
        height = self.height
        extra: list[Step] = []
        while True:
            # A pass that moves nothing leaves the state as it was, so it also finds
            # the first card (columns in order, then cells) that the safe rule sends home.
            safe_at = -1
            safe_card = -1
            moved = False
            for i, column in enumerate(columns):
                if len(column):  # len(): truth of bytes is a generic call in the compiled build
                    card = column[-1]
                    if found[_SUIT[card]] == height[card]:
                        if policy(card, found):
                            # An item is added to as ``x = x + 1``: ``+=`` on it adds objects in the compiled build.
                            found[_SUIT[card]] = found[_SUIT[card]] + 1
                            columns[i] = column = column[:-1]
                            moved = True
                            while len(column):
                                card = column[-1]
                                if found[_SUIT[card]] == height[card] and policy(card, found):
                                    found[_SUIT[card]] = found[_SUIT[card]] + 1
                                    columns[i] = column = column[:-1]
                                else:
                                    break
                        elif safe_card < 0 and not moved and safe(card, found):
                            safe_at = i
                            safe_card = card
            safe_code = -1
            for code in tuple(cells):
                card = code & 63
                if found[_SUIT[card]] == height[card]:
                    if policy(card, found):
                        found[_SUIT[card]] = found[_SUIT[card]] + 1
                        cells.remove(code)
                        moved = True
                    elif safe_card < 0 and not moved and safe(card, found):
                        safe_card = card
                        safe_code = code
            if moved:
                continue
            if safe_card < 0:
                return extra
            found[_SUIT[safe_card]] = found[_SUIT[safe_card]] + 1
            if safe_at >= 0:
                columns[safe_at] = columns[safe_at][:-1]
            else:
                cells.remove(safe_code)
            extra.append(_HOME_STEP[safe_card])

    def settle_suits(self, columns: list[bytes], found: list[int]) -> list[Step]:
        """Send every complete suit on top of a column home (in place), columns in order, as the game does.

        Returns them as explicit steps when the variant's automatic play does not make them.
        """
        extra: list[Step] = []
        for i in range(len(columns)):
            column = columns[i]
            while len(column) >= 13 and column[-1] % 13 == 0 and column[-13:] == _WHOLE_SUITS[_SUIT[column[-1]]]:
                suit = _SUIT[column[-1]]
                found[suit] = 13
                column = columns[i] = column[:-13]
                if not self.suits_auto:
                    extra.append((suit * 13 + 12, 13, HOME))  # the king, the block's bottom card
        return extra

    def canonical_column(self, column: bytes) -> bytes:
        """The search's one object holding ``column``'s cards (``column`` itself if it is the first)."""
        known = self._canon.get(column)
        if known is None:
            known = self._canon[column] = column
        return known

    def canonical(self, columns: list[bytes]) -> None:
        """Replace each column of ``columns`` (in place) by the search's one object with its cards."""
        canon = self._canon
        for i in range(len(columns)):
            column = columns[i]
            known = canon.get(column)
            if known is None:
                canon[column] = column
            elif known is not column:
                columns[i] = known

    def canonical_since(self, columns: list[bytes], before: tuple[bytes, ...]) -> None:
        """:meth:`canonical` for the columns (in place) that are other objects than ``before``'s at their index.

        ``before`` holds the search's objects, in the same order: a move and the moves home after it
        change a few columns, and the others need no lookup.
        """
        canon = self._canon
        for i in range(len(columns)):
            column = columns[i]
            if column is not before[i]:
                known = canon.get(column)
                if known is None:
                    canon[column] = column
                elif known is not column:
                    columns[i] = known

    def slot(self, card: int, found: tuple[int, ...]) -> int:
        """The foundation ``card`` goes onto (the first of its suit it is next for), or -1.

        The foundations are a state's tuple, which the compiled build indexes directly
        (:meth:`CompiledTwoDecks._list_slot` reads a list).
        """
        suit = _SUIT[card]
        h = self.height[card]
        for f in range(suit, 4 * self.decks, 4):
            if found[f] == h:
                return f
        return -1

    def start(self, columns: list[bytes], cells: list[int], found: list[int]) -> tuple[State, list[Step]]:
        """Settle a starting position; return the state and the explicit steps that settling needed."""
        extra = self.settle(columns, cells, found)
        self.canonical(columns)
        return (tuple(sorted(columns)), bytes(sorted(cells)), tuple(found)), extra

    def run_length(self, column: bytes) -> int:
        """How many cards on top of ``column`` form a run (cached per column)."""
        known = self._runs.get(column)
        if known is not None:
            return known
        builds = self.runs
        n = len(column)
        run = 1 if n else 0
        while run < n and builds[column[-run] * 52 + column[-run - 1]]:
            run += 1
        self._runs[column] = run
        return run

    def _column(self, column: bytes) -> tuple[int, int, bytes]:
        """``(top card, run length, the column without its top card)``, kept for :meth:`expand`.

        The column without its top card is one object for every state that shows the column, so
        the search's lookups of it find its hash computed.
        """
        below = column[:-1]
        canon = self._canon
        held = canon.get(below)
        if held is None:
            held = canon[below] = below
        known = self._columns[column] = (column[-1], self.run_length(column), held)
        return known

    def _shown(self, column: bytes) -> tuple[int, int, bytes]:
        """``(top card, run length, the column without its top card)``: :meth:`_column`'s, kept."""
        known = self._columns.get(column)
        if known is None:  # not ``or``: the compiled build would box the tuple again to test it
            known = self._column(column)
        return known

    def _wanted_of(self, found: tuple[int, ...]) -> bytes:
        """``wanted[card]`` is 1 for the cards next for the first foundation of their suit, kept per foundations."""
        flags = bytearray(256)
        for suit in range(4):
            if found[suit] < 13:
                flags[self.next_card[suit * 13 + found[suit]][0]] = 1
        wanted = self._wanted[found] = bytes(flags)
        return wanted

    def _found(self, home: list[int]) -> tuple[int, ...]:
        """``home`` as the one tuple of those foundations the search holds."""
        found = tuple(home)
        held = self._founds.get(found)
        if held is None:
            held = self._founds[found] = found
        return held

    # -- moves --------------------------------------------------------------
    def children(
        self, columns: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], full: bool = True
    ) -> list[Child]:
        """Every state one legal move away, each with the steps that reach it and the move's cost.

        With ``full`` false the heuristic scans get fewer children: a run moves only whole (as far
        as it may move), and a card lying on its natural parent does not go to a cell. The
        complete search lists every legal move.
        """
        out, later = self.expand(columns, cells, found, full)
        for code, _ in later:
            out.append(self.make_later(columns, cells, found, code))
        return out

    def expand(
        self, columns: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], full: bool
    ) -> tuple[list[Child], list[Later]]:
        """:meth:`children`, except that most moves to a cell or an empty column come as :data:`Later` descriptions.

        Few of those children are ever expanded, so a search can rank them
        from the parent (:meth:`make_later` builds one when it is wanted).
        The ones that uncover a card that then goes home are made at once.
        """
        out: list[Child] = []
        later: list[Later] = []
        n_cols = self.n_columns
        free = self.n_free - len(cells)
        if self.reserve:
            free += sum(1 for code in cells if code >= RESERVED)  # the cards still in the reserve
        # Empty columns sort first.
        empties = 0
        while empties < n_cols and len(columns[empties]) == 0:
            empties += 1
        if self.unlimited_runs:
            cap = UNLIMITED_RUN
            cap_empty = UNLIMITED_RUN if empties else 0
        elif self.group_moves and self.no_empty_moves:
            # An empty column that takes nothing holds no card of a run on the way (Rules.run_capacity).
            cap = free + 1
            cap_empty = 0
        elif self.group_moves:
            cap = (free + 1) << empties
            cap_empty = (free + 1) << (empties - 1) if empties else 0
        else:
            cap = 1
            cap_empty = 1 if empties else 0
        to_empty = self.to_empty
        if self.no_empty_moves:
            cap_empty = 0
        probe = self.probe
        handle = self.probe_handle
        onto = self.onto
        tops = self.tops
        stamp = self.stamp + LATER_COLUMNS  # above every column index this search has stamped before
        self.stamp = stamp
        for i in range(empties, n_cols):
            tops[columns[i][-1]] = stamp + i
        runs = self._columns
        near_column = self.near_column
        near_shown = self.near_shown
        whole_suit = self.whole_suit
        # Which cards are next for the first foundation of their suit: one lookup for all the tests below.
        if found is self.last_found:
            wanted = self.last_wanted
        else:
            flags = self._wanted.get(found)
            wanted = self._wanted_of(found) if flags is None else flags
            self.last_found = found
            self.last_wanted = wanted
        # Which suits may go to a cell: all, unless each cell takes one suit and that one is taken.
        open_suits = self.suit_cells
        if open_suits and free:
            taken = bytearray(open_suits)
            for code in cells:
                taken[_SUIT[code & 63]] = 0
            open_suits = bytes(taken)
        for i in range(empties, n_cols):
            column = columns[i]
            if _NEAR:
                address = id(column)
                slot = ((address >> 4) ^ (address >> 14)) & (_NEAR - 1)
                if near_column[slot] is column:
                    shown = near_shown[slot]
                else:
                    shown = near_shown[slot] = self._shown(column)
                    near_column[slot] = column
            else:
                known = runs.get(column)
                shown = self._column(column) if known is None else known
            top, run, below = shown
            if wanted[top] and not whole_suit:
                out.append(self._make(columns, cells, found, i, 1, HOME, -1, _HOME_STEP[top]))
            if run == 1 or cap == 1 or (run <= cap and not full):
                # One move from this column: the whole run (meta-moves) or its top card (cap >= 1 always).
                k = run if run <= cap else 1
                bottom = column[-k]
                for target in onto[bottom]:
                    j = tops[target] - stamp
                    if j >= 0:
                        if (
                            probe is not None
                            and self.uncovers_none(column, k, wanted, found)
                            and self._probed(out, probe, handle, found, i, k, j, -1, bottom, target)
                        ):
                            continue
                        out.append(self._make(columns, cells, found, i, k, j, -1, (bottom, k, target)))
            else:
                for k in range(1, (run if run < cap else cap) + 1):
                    bottom = column[-k]
                    for target in onto[bottom]:
                        j = tops[target] - stamp
                        if j >= 0:
                            if (
                                probe is not None
                                and self.uncovers_none(column, k, wanted, found)
                                and self._probed(out, probe, handle, found, i, k, j, -1, bottom, target)
                            ):
                                continue
                            out.append(self._make(columns, cells, found, i, k, j, -1, (bottom, k, target)))
            if cap_empty:
                limit = min(min(run, cap_empty), len(column) - 1)  # min of two is compiled inline
                for k in range(1 if full else limit, limit + 1):
                    bottom = column[-k]
                    if k and to_empty[bottom]:
                        rest = below if k == 1 else column[:-k]  # ``below``: held once, its hash known
                        exposed = rest[-1]
                        if wanted[exposed] and self.uncovers_home(exposed, found):
                            out.append(self._make(columns, cells, found, i, k, 0, -1, (bottom, k, EMPTY)))
                        else:
                            later.append((k << 6 | i, rest))
            if free and (full or run == 1) and (not open_suits or open_suits[_SUIT[top]]):
                if len(below):
                    exposed = below[-1]
                    if wanted[exposed] and self.uncovers_home(exposed, found):
                        out.append(self._make(columns, cells, found, i, 1, CELL, -1, _CELL_STEP[top]))
                        continue
                later.append((64 | LATER_CELL | i, below))
        for code in cells:
            card = code & 63
            if wanted[card] and not whole_suit:
                out.append(self._make(columns, cells, found, -1, 1, HOME, code, _HOME_STEP[card]))
            for target in onto[card]:
                j = tops[target] - stamp
                if j >= 0 and (
                    probe is None or not self._probed(out, probe, handle, found, -1, 1, j, code, card, target)
                ):
                    out.append(self._make(columns, cells, found, -1, 1, j, code, (card, 1, target)))
            if empties and to_empty[card]:
                out.append(self._make(columns, cells, found, -1, 1, 0, code, _EMPTY_STEP[card]))
        return out, later

    def _probed(
        self,
        out: list[Child],
        probe: Store,
        handle: object,
        found: tuple[int, ...],
        at: int,
        count: int,
        onto: int,
        code: int,
        bottom: int,
        target: int,
    ) -> bool:
        """Whether the table answers for the child of a move onto a column, which then is not made here.

        The child is stored already, or new with every number of its key known: then it is listed with
        the step alone and the empty key :data:`_KNOWN`, and the table stores it (see :attr:`probe`).
        The move takes ``count`` cards of column ``at`` (or the card held as ``code``, ``at`` -1) onto
        column ``onto``, whose top card is ``target``; ``bottom`` is the lowest card moved.
        """
        if probe.holds_move(handle, at, count, onto, code):
            return True
        if probe.known_new:
            out.append((((bottom, count, target),), _KNOWN, found, 1))
            return True
        return False

    def uncovers_none(self, column: bytes, count: int, wanted: bytes, found: tuple[int, ...]) -> bool:
        """Whether taking the top ``count`` cards of ``column`` uncovers no card that then goes home (one deck)."""
        if count == len(column):
            return True
        exposed = column[-count - 1]
        return not (wanted[exposed] and self.uncovers_home(exposed, found))

    def uncovers_home(self, card: int, found: tuple[int, ...]) -> bool:
        """Whether ``card``, next for its foundation and just uncovered, goes home by the automatic or the safe rule."""
        # The rules read the foundations as a list: the compiled build indexes one directly, any other object
        # through the generic protocol (about a hundred instructions a read).
        home = list(found)
        return self.policy(card, home) or self.safe(card, home)

    def make_later(self, columns: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], code: int) -> Child:
        """The child of the move from ``(columns, cells, found)`` that a :data:`Later` code stands for."""
        step = self.later_step(columns, code)
        return self._make(columns, cells, found, code & 31, code >> 6, CELL if code & LATER_CELL else 0, -1, step)

    def make_step(self, columns: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], code: int) -> Child:
        """The child of the move from ``(columns, cells, found)`` whose step has the code ``code`` (:func:`step_code`).

        With one deck a step names its move: the bottom card is in one place,
        which gives the source and the number of cards, and the destination
        is the column showing the target card, the first (empty) column, a
        cell or the foundation. The child is the one :meth:`expand` makes.
        """
        bottom = code >> 6
        dest = (code & 63) + EMPTY
        src = -1
        count = 1
        cell_card = -1
        # Looked for card by card: ``bytes.find`` and ``in`` are generic method calls in the compiled build.
        for i in range(len(columns)):
            column = columns[i]
            for at in range(len(column)):
                if column[at] == bottom:
                    src = i
                    count = len(column) - at
                    break
            if src >= 0:
                break
        if src < 0:
            cell_card = bottom + RESERVED
            for held in cells:
                if held == bottom:
                    cell_card = bottom
        if dest >= 0:
            target = dest
            for j in range(len(columns)):
                if len(columns[j]) and columns[j][-1] == dest:
                    target = j
                    break
            return self._make(columns, cells, found, src, count, target, cell_card, (bottom, count, dest))
        if dest == EMPTY:
            return self._make(columns, cells, found, src, count, 0, cell_card, (bottom, count, EMPTY))
        return self._make(columns, cells, found, src, 1, dest, cell_card, (bottom, 1, dest))

    def later_step(self, columns: tuple[bytes, ...], code: int) -> Step:
        """The step of the move from ``columns`` that a :data:`Later` code stands for."""
        k = code >> 6
        bottom = columns[code & 31][-k]
        if code & LATER_CELL:
            return _CELL_STEP[bottom]
        return _EMPTY_STEP[bottom] if k == 1 else (bottom, k, EMPTY)

    def _make(
        self,
        columns: tuple[bytes, ...],
        cells: bytes,
        found: tuple[int, ...],
        src: int,
        count: int,
        dest: int,
        cell_card: int,
        step: Step,
    ) -> Child:
        """The child after moving ``count`` cards from column ``src`` (or ``cell_card`` from a cell) to ``dest``.

        ``dest`` is a column index, :data:`HOME` or :data:`CELL`; ``cell_card`` is the card as the cells
        hold it (+ :data:`RESERVED` in a reserve cell).
        """
        cols = list(columns)
        grown = -1  # the column that gained cards, when one did
        canon = self._canon
        if src >= 0:
            column = cols[src]
            shown = self._columns.get(column) if count == 1 else None
            if shown is not None:
                # One card from a column the generator has seen: the rest is known (and held once).
                moving = _ONE[shown[0]]
                rest = shown[2]
            else:
                moving = column[-count:]
                rest = column[:-count]
                known = canon.get(rest)
                if known is None:
                    known = canon[rest] = rest
                rest = known
            cols[src] = rest
            exposed = rest[-1] if len(rest) else -1
        else:
            moving = _ONE[cell_card & 63]
            cells = cells.replace(_ONE[cell_card], b"", 1)  # still sorted (with two decks the twin stays)
            exposed = -1
        if dest >= 0:
            joined = cols[dest] + moving
            known = canon.get(joined)
            if known is None:
                known = canon[joined] = joined
            cols[dest] = known
            cost = 1
            grown = dest
        elif dest == HOME:
            # The foundations change, so anything may now go home: settle at once.
            home = list(found)
            suit = _SUIT[moving[0]]  # a suit's second foundation is CompiledTwoDecks's business
            home[suit] = home[suit] + count  # not ``+=``: the compiled build would add objects
            held = list(cells)
            extra = self.settle(cols, held, home)
            self.canonical_since(cols, columns)
            cols.sort()
            # Settling only takes cards from the cells, so they stay sorted.
            cols.append(bytes(held))
            return ((step, *extra) if extra else (step,)), tuple(cols), self._found(home), 0
        else:
            # The card goes into the sorted cells at its place, and the search's one object of those cells is taken.
            card = moving[0]
            slot = 0
            while slot < len(cells) and cells[slot] < card:
                slot += 1
            joined = cells + moving if slot == len(cells) else cells[:slot] + moving + cells[slot:]
            known = canon.get(joined)
            if known is None:
                known = canon[joined] = joined
            cells = known
            cost = 1
        if self.whole_suit and (_suit_on_top(cols, src) or _suit_on_top(cols, grown)):
            # A complete suit lies on top of the destination now, or was uncovered at the source (every other
            # column is as the settled parent's): it goes home, with any other, as the game sends them.
            home = list(found)
            extra = self.settle_suits(cols, home)
            self.canonical_since(cols, columns)
            cols.sort()
            cols.append(cells)
            return ((step, *extra) if extra else (step,)), tuple(cols), self._found(home), cost
        # No suit went home: only the two columns of the move changed, as below (nothing else goes home here).
        # The parent is settled and the foundations are as they were: only the card the move
        # uncovers can be new to the automatic or the safe moves home.
        if exposed >= 0 and found[_SUIT[exposed]] == self.height[exposed] and self.uncovers_home(exposed, found):
            held = list(cells)
            home = list(found)
            extra = self.settle(cols, held, home)
            self.canonical_since(cols, columns)
            cols.sort()
            cols.append(bytes(held))
            return ((step, *extra) if extra else (step,)), tuple(cols), self._found(home), cost
        if self.decks != 1 or (src >= 0 and not len(cols[src])) or (grown >= 0 and not len(columns[grown])):
            # With one deck the columns that hold cards differ in their bottom cards, which order them:
            # only a column that is emptied or filled moves.
            _resort(cols, src, grown, columns[grown] if grown >= 0 else b"")
        cols.append(cells)
        return (step,), tuple(cols), found, cost


def step_code(step: Step) -> int:
    """A number for a one-deck step (its bottom card and its destination), which :meth:`Compiled.make_step` reads."""
    return step[0] << 6 | step[2] - EMPTY


def _resort(cols: list[bytes], shrunk: int, grown: int, before: bytes) -> None:
    """Sort ``cols`` again (in place) after column ``shrunk`` lost its top cards and ``grown`` gained some.

    Either index may be -1 (no such column); ``before`` is what column ``grown`` held. Every
    other column is still in order. A column that lost its top cards is a prefix of what it was,
    so it can only sort earlier, and one that gained cards only later: each is moved the one way
    it can go, the shrunk one first (with the grown one as it was, so that all else is in order).
    Most often neither moves (the order is mostly the bottom cards'), so this costs a comparison
    or two where a sort costs a dozen.
    """
    after = b""
    if grown >= 0:
        after = cols[grown]
        cols[grown] = before
    if shrunk >= 0:
        column = cols[shrunk]
        at = shrunk
        while at > 0 and cols[at - 1] > column:
            cols[at] = cols[at - 1]
            at = at - 1
        cols[at] = column
        if at <= grown < shrunk:
            grown = grown + 1  # it moved one place on to make room
    if grown >= 0:
        last = len(cols) - 1
        at = grown
        while at < last and cols[at + 1] < after:
            cols[at] = cols[at + 1]
            at = at + 1
        cols[at] = after


def _suit_on_top(columns: list[bytes], at: int) -> bool:
    """Whether column ``at`` (none if -1) shows a complete suit on top, king to ace (:meth:`Compiled.settle_suits`)."""
    if at < 0:
        return False
    column = columns[at]
    return len(column) >= 13 and column[-1] % 13 == 0 and column[-13:] == _WHOLE_SUITS[_SUIT[column[-1]]]


def _first_of(columns: tuple[bytes, ...], at: int) -> int:
    """The first index of the column equal to ``columns[at]``: equal columns lie together, the columns being sorted.

    ``columns.index`` does the same from the start, as a method call the compiled build makes generically.
    """
    column = columns[at]
    while at > 0 and columns[at - 1] == column:
        at = at - 1
    return at


@mypyc_attr(allow_interpreted_subclasses=True)
class CompiledTwoDecks(Compiled):
    """:class:`Compiled` for two or three decks, where several columns may show equal cards.

    Steps name their columns (see :data:`Step`), and the automatic moves
    home look at the columns in the order of their cards, as the game's
    automatic play does with two decks, so that the game sends the same one
    of two equal cards home.
    """

    def _list_slot(self, card: int, found: list[int]) -> int:
        """:meth:`Compiled.slot` on foundations held in a list."""
        h = self.height[card]
        for f in range(_SUIT[card], 4 * self.decks, 4):
            if found[f] == h:
                return f
        return -1

    def _column_goes_home(self, columns: list[bytes], found: list[int], rule: HomeRule) -> bool:
        """Whether the top card of some column is next for a foundation and ``rule`` sends it home.

        :meth:`settle` sorts the columns to look at them in the order of their cards only when one does.
        """
        for column in columns:
            if len(column):
                card = column[-1]
                if self._list_slot(card, found) >= 0 and rule(card, found):
                    return True
        return False

    def settle(self, columns: list[bytes], cells: list[int], found: list[int]) -> list[Step]:
        """Play the automatic moves home (in place) and return the extra safe ones as explicit steps.

        The game looks at the columns in the order of their cards, so ``columns`` is sorted in place when
        one of them sends a card home (every caller sorts the settled columns anyway).
        """
        # The foundations are a list here: :meth:`_list_slot` reads them as one (``slot`` takes a tuple too, which
        # the compiled build reads as any object). Items are added to as ``x = x + 1`` and bytes tested by len(),
        # as in Compiled.settle.
        policy, safe = self.policy, self.safe
        extra: list[Step] = []
        while True:
            moved = True
            while moved:
                moved = False
                # One pass as the game makes it: each column once, in the order of their cards, then the cells.
                if self._column_goes_home(columns, found, policy):
                    columns.sort()
                    for i in range(len(columns)):
                        column = columns[i]
                        if len(column):
                            card = column[-1]
                            f = self._list_slot(card, found)
                            if f >= 0 and policy(card, found):
                                found[f] = found[f] + 1
                                columns[i] = column[:-1]
                                moved = True
                for card in tuple(cells):
                    f = self._list_slot(card, found)
                    if f >= 0 and policy(card, found):
                        found[f] = found[f] + 1
                        cells.remove(card)
                        moved = True
            step: Step | None = None
            if self._column_goes_home(columns, found, safe):
                # The first column, in the order of their cards, whose top card the safe rule sends home.
                columns.sort()
                for i in range(len(columns)):
                    column = columns[i]
                    if len(column):
                        card = column[-1]
                        f = self._list_slot(card, found)
                        if f >= 0 and safe(card, found):
                            step = (card, 1, HOME, sum(other < column for other in columns), -1)
                            found[f] = found[f] + 1
                            columns[i] = column[:-1]
                            break
            else:
                for card in cells:
                    f = self._list_slot(card, found)
                    if f >= 0 and safe(card, found):
                        step = (card, 1, HOME, -1, -1)
                        found[f] = found[f] + 1
                        cells.remove(card)
                        break
            if step is None:
                return extra
            extra.append(step)

    def expand(
        self, columns: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], full: bool
    ) -> tuple[list[Child], list[Later]]:
        """:meth:`Compiled.expand`, with what equal cards and a suit's second foundation add.

        :meth:`Compiled.expand` knows one column by its top card and one
        foundation a suit: here a card also goes home onto its suit's second
        (or third) foundation, and a move onto a card goes onto each of the
        columns that show it.
        """
        out, later = super().expand(columns, cells, found, full)
        height = self.height
        # The top cards seen so far, a bit a card: most often no two columns show the same card.
        seen: i64 = 0
        twin = False
        for i, column in enumerate(columns):
            if column:
                top = column[-1]
                bit: i64 = i64(1) << top
                if seen & bit:
                    twin = True
                seen |= bit
                if found[_SUIT[top]] != height[top] and self.slot(top, found) >= 0:
                    out.append(self._make(columns, cells, found, i, 1, HOME, -1, (top, 1, HOME)))
        for card in cells:
            if found[_SUIT[card]] != height[card] and self.slot(card, found) >= 0:
                # A card in a cell goes onto a later foundation of its suit: each such card once, listed in
                # the order of a set of the cells (the search breaks ties between children in listed order).
                for held in set(cells):
                    if found[_SUIT[held]] != height[held] and self.slot(held, found) >= 0:
                        out.append(self._make(columns, cells, found, -1, 1, HOME, held, (held, 1, HOME)))
                break
        if twin:
            shown: dict[int, list[int]] = {}
            for i, column in enumerate(columns):
                if column:
                    shown.setdefault(column[-1], []).append(i)
            twins = {card: at for card, at in shown.items() if len(at) > 1}
            # Compiled.expand moved onto the last column showing the card: the same moves onto the others.
            for child in list(out):
                step = child[0][0]
                bottom, count, target = step[0], step[1], step[2]
                if target in twins:
                    src = step[3]  # a column's first index in the sorted columns, or -1 for a cell
                    for other in twins[target][:-1]:
                        out.append(
                            self._make(columns, cells, found, src, count, other, bottom, (bottom, count, target))
                        )
        return out, later

    def _make(
        self,
        columns: tuple[bytes, ...],
        cells: bytes,
        found: tuple[int, ...],
        src: int,
        count: int,
        dest: int,
        cell_card: int,
        step: Step,
    ) -> Child:
        # ``columns`` is sorted, so a column's first index is the number of columns that sort before it.
        source = _first_of(columns, src) if src >= 0 else -1
        target = _first_of(columns, dest) if dest >= 0 and step[2] >= 0 else -1
        height = self.height
        if dest == HOME:
            card = columns[src][-1] if src >= 0 else cell_card
            suit = _SUIT[card]
            if found[suit] != height[card]:
                # Onto the suit's second or third foundation, which Compiled._make does not know.
                cols = list(columns)
                held = list(cells)
                if src >= 0:
                    cols[src] = columns[src][:-1]
                else:
                    held.remove(card)
                home = list(found)
                home[self.slot(card, found)] += 1
                extra = self.settle(cols, held, home)
                self.canonical_since(cols, columns)
                cols.sort()
                cols.append(bytes(sorted(held)))
                return ((card, 1, HOME, source, -1), *extra), tuple(cols), self._found(home), 0
        steps, key, new_found, cost = super()._make(columns, cells, found, src, count, dest, cell_card, step)
        # The step with its columns, as one tuple of five (unpacking into a new tuple goes through a list).
        first = steps[0]
        named = (first[0], first[1], first[2], source, target)
        steps = (named,) if len(steps) == 1 else (named, *steps[1:])
        if src >= 0 and dest != HOME and count < len(columns[src]):
            exposed = columns[src][-count - 1]
            suit = _SUIT[exposed]
            if found[suit] != height[exposed] and self.slot(exposed, found) >= 0 and self.uncovers_home(exposed, found):
                # The uncovered card goes onto a later foundation of its suit: Compiled._make only looks at the first.
                cols = list(key[:-1])
                held = list(key[-1])
                home = list(new_found)
                steps = (*steps, *self.settle(cols, held, home))
                self.canonical_since(cols, key[:-1])
                cols.sort()
                cols.append(bytes(sorted(held)))
                return steps, tuple(cols), self._found(home), cost
        return steps, key, new_found, cost


@mypyc_attr(allow_interpreted_subclasses=True)
class CompiledByRank(Compiled):
    """:class:`Compiled` for foundations built by rank regardless of suit from dealt bases (Stalactites).

    ``found[f]`` counts the cards on foundation ``f``, which started at rank ``bases[f]``; a card goes onto
    the first one, in the table's order, that is not full and whose next rank is the card's. Every card
    that can go home goes by itself, in the passes of :func:`patience.legality.autoplay_moves` (the columns
    in the order of their cards, then the cells), so a settled state shows no card that could go home.
    """

    def __init__(self, rules: Rules, policy: AutoPlay, n_columns: int, n_cells: int, bases: tuple[int, ...]) -> None:
        super().__init__(rules, AutoPlay.ALL, n_columns, n_cells)
        #: Each foundation's base rank, counted from 0 (an ace is 0).
        self.bases0 = bytes(base - 1 for base in bases)

    def slot(self, card: int, found: tuple[int, ...] | list[int]) -> int:
        """The foundation ``card`` goes onto (the first that takes its rank), or -1."""
        rank0 = card % 13
        bases0 = self.bases0
        for f in range(len(bases0)):
            count = found[f]
            if count < 13 and (bases0[f] + count) % 13 == rank0:
                return f
        return -1

    def _wanted_of(self, found: tuple[int, ...]) -> bytes:
        """``wanted[card]`` is 1 for every card of a rank that some foundation takes next (256 bytes long)."""
        flags = bytearray(256)
        bases0 = self.bases0
        for f in range(len(bases0)):
            if found[f] < 13:
                rank0 = (bases0[f] + found[f]) % 13
                for suit in range(4):
                    flags[suit * 13 + rank0] = 1
        wanted = self._wanted[found] = bytes(flags)
        return wanted

    def settle(self, columns: list[bytes], cells: list[int], found: list[int]) -> list[Step]:
        """Send home every card that can go, in the game's passes (in place); nothing is left to explicit steps.

        Each pass looks at the columns in the order of their cards: ``columns`` is sorted in place.
        """
        moved = True
        while moved:
            moved = False
            columns.sort()
            for i in range(len(columns)):
                column = columns[i]
                if len(column):
                    f = self.slot(column[-1], found)
                    if f >= 0:
                        found[f] = found[f] + 1
                        columns[i] = column[:-1]
                        moved = True
            for card in sorted(cells):
                f = self.slot(card, found)
                if f >= 0:
                    found[f] = found[f] + 1
                    cells.remove(card)
                    moved = True
        return []

    def _make(
        self,
        columns: tuple[bytes, ...],
        cells: bytes,
        found: tuple[int, ...],
        src: int,
        count: int,
        dest: int,
        cell_card: int,
        step: Step,
    ) -> Child:
        # One card moves: home, to a cell or (where a column takes it) onto a column; then the game's
        # automatic play runs, which may send any card home now.
        cols = list(columns)
        held = list(cells)
        if src >= 0:
            card = cols[src][-1]
            cols[src] = cols[src][:-1]
        else:
            card = cell_card & 63
            held.remove(cell_card)
        home = list(found)
        cost = 1
        if dest == HOME:
            home[self.slot(card, found)] += 1
            cost = 0
        elif dest == CELL:
            held.append(card)
        else:
            cols[dest] += _ONE[card]
        extra = self.settle(cols, held, home)
        self.canonical_since(cols, columns)
        cols.sort()
        cols.append(bytes(sorted(held)))
        return ((step, *extra) if extra else (step,)), tuple(cols), self._found(home), cost
