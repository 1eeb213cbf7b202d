"""The move generator: a variant's :class:`~patience.rules.Rules` as card-index tables, and the moves they give.

This is the one place that reads how a variant builds (``Rules.build``, ``Rules.wrap``)
and which cards go home by themselves safely: :func:`tables_for` makes the
:class:`Tables` of a rules value once (kept on the value itself, so there is
no process-wide cache), and every part that needs a building test or a
safe-autoplay test takes it from there. :class:`patience.Game` lists its legal
moves with :func:`legal_moves`; the solver's search (``patience_solver``)
expands its states with the same tables and rules; :func:`patience.legality.check_move`,
the reference that gives verdicts and refusal reasons, judges a run and a card
on a column by the same tables, and the conformance kit checks the two against
each other on every position it visits.

A card is its :attr:`patience.cards.Card.index` (``suit * 13 + rank - 1``). It is
one of the modules the compiled build compiles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from patience.cards import Card
from patience.moves import Move, Place, PlaceKind
from patience.position import HEIGHTS, Position
from patience.rules import AutoPlay, Build, EmptyColumns, Rules

__all__ = [
    "HomeRule",
    "Tables",
    "autoplay_rule",
    "home_rule",
    "is_whole_suit",
    "legal_moves",
    "lies_on",
    "safe_home_rule",
    "tables_for",
]

_HOME: Final = Place.foundation()
_SUIT: Final = bytes(c // 13 for c in range(52))
_RANK0: Final = bytes(c % 13 for c in range(52))
#: Whether each suit (by :attr:`Card.index` // 13: spades, hearts, diamonds, clubs) is red.
_RED_SUITS: Final = (False, True, True, False)
#: For each card, the two suits of the other colour, and the other suit of its own colour.
_OPPOSITE_SUITS: Final = tuple(tuple(s for s in range(4) if _RED_SUITS[s] != _RED_SUITS[c // 13]) for c in range(52))
_PARTNER_SUIT: Final = tuple(
    next(s for s in range(4) if s != c // 13 and _RED_SUITS[s] == _RED_SUITS[c // 13]) for c in range(52)
)

#: ``rule(card, foundations)``: whether ``card``, next for one of its foundations, goes home (see :func:`home_rule`).
HomeRule = Callable[[int, list[int]], bool]


def lies_on(build: Build, wrap: bool, upper: int, lower: int) -> bool:
    """Whether card ``upper`` may lie on card ``lower`` (card indexes) under ``build`` (a king on an ace when ``wrap``).

    The one building test: :class:`Tables` are made from it.
    """
    if build is Build.NONE:
        return False
    if _RANK0[upper] + 1 != _RANK0[lower] and not (wrap and _RANK0[upper] == 12 and _RANK0[lower] == 0):
        return False
    if build is Build.SAME_SUIT:
        return _SUIT[upper] == _SUIT[lower]
    if build is Build.ALTERNATE_COLOURS:
        return _RED_SUITS[_SUIT[upper]] != _RED_SUITS[_SUIT[lower]]
    return True


class Tables:
    """One rules value as card-index tables (made by :func:`tables_for`; immutable once made)."""

    def __init__(self, rules: Rules) -> None:
        build = rules.build
        wrap = rules.wrap
        #: How columns build (for the words of a refusal).
        self.building: Build = build
        #: Whether a king may lie on an ace.
        self.wraps: bool = wrap
        #: ``builds[upper * 52 + lower]`` is 1 when card ``upper`` may lie on card ``lower``.
        self.builds: bytes = bytes(int(lies_on(build, wrap, u, lo)) for u in range(52) for lo in range(52))
        #: ``onto[card]``: the cards ``card`` may lie on.
        self.onto: tuple[tuple[int, ...], ...] = tuple(
            tuple(lo for lo in range(52) if self.builds[u * 52 + lo]) for u in range(52)
        )
        #: How a run that moves as one is built (for the words of a refusal); ``building`` unless the rules
        #: say otherwise (:attr:`Rules.run_build`).
        self.run_building: Build = rules.moving_build
        #: ``runs[upper * 52 + lower]`` is 1 when ``upper`` on ``lower`` continues a run that moves as one:
        #: it builds on the column and is built as :attr:`Rules.run_build` says (``builds`` itself without it).
        self.runs: bytes = (
            self.builds
            if rules.run_build is None or rules.run_build is build
            else bytes(
                int(self.builds[u * 52 + lo] and lies_on(rules.run_build, wrap, u, lo))
                for u in range(52)
                for lo in range(52)
            )
        )
        #: Whether only a complete suit goes home, as one move of 13 cards (:attr:`Rules.whole_suit_home`).
        self.whole_suit: bool = rules.whole_suit_home
        #: Whether empty columns take nothing.
        self.no_empty: bool = rules.empty_columns is EmptyColumns.NONE
        #: Which safe rule sends a card home when nothing can be built on it any more (see :func:`safe_home_rule`).
        self.safe_kind: str = (
            "suit"
            if build is Build.SAME_SUIT
            else "raymond"
            if build is Build.ALTERNATE_COLOURS
            else "all"
            if build is Build.NONE
            else "any"
        )
        self._rules = rules

    def __reduce__(self) -> tuple[Callable[[], None], tuple[()]]:
        # A pickled rules value (sent to a worker process) leaves its tables behind: made again there when asked for.
        return _unmade, ()

    def to_empty(self, base: int) -> bytes:
        """``to_empty[card]`` is 1 when ``card`` (with its run) may go to an empty column, foundations from ``base``."""
        if self.no_empty:
            return bytes(52)
        rank = self._rules.empty_column_rank(base)
        if rank is None:
            return bytes([1] * 52)
        return bytes(int(_RANK0[c] == rank - 1) for c in range(52))

    def card_lies_on(self, upper: Card, lower: Card) -> bool:
        """Whether ``upper`` may lie on ``lower`` in a column."""
        return bool(self.builds[upper.index * 52 + lower.index])

    def run_length(self, column: tuple[Card, ...]) -> int:
        """How many cards at the top of ``column`` form a run that moves as one (built as :attr:`runs` says)."""
        if not column:
            return 0
        builds = self.runs
        length = 1
        while length < len(column) and builds[column[-length].index * 52 + column[-length - 1].index]:
            length += 1
        return length

    def safe_rule(self, base: int, decks: int) -> HomeRule:
        """The rule that sends a card home when nothing can be built on it any more (the solver's extra moves home)."""
        return home_rule(self.safe_kind, base, decks, self.wraps)


def autoplay_rule(policy: AutoPlay, base: int, decks: int) -> HomeRule:
    """The automatic play of ``policy`` as a rule (see :func:`home_rule`): the game's and the solver's alike."""
    # Told apart by identity, not looked up by member: an enum member's hash is a Python-level call.
    kind = "horne" if policy is AutoPlay.SAFE_ALTERNATE else "all" if policy is AutoPlay.ALL else "none"
    return home_rule(kind, base, decks, False)


def tables_for(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules``, made on the first call and kept on the rules value."""
    tables = rules._movegen  # the slot Rules keeps for this module
    if tables is None:
        tables = Tables(rules)
        object.__setattr__(rules, "_movegen", tables)  # a frozen value; the slot is outside its equality
    assert isinstance(tables, Tables)
    return tables


def home_rule(kind: str, base: int, decks: int, wrap: bool) -> HomeRule:
    """A test ``rule(card, foundations)`` for a card that is next for one of its foundations.

    ``kind`` is ``"none"``, ``"all"``, ``"horne"`` (the automatic play of
    :attr:`AutoPlay.SAFE_ALTERNATE`: the first two cards of a foundation
    always, another card once both foundations of the other colour hold as
    many cards as the one it goes onto; with two or three decks, all of them), or
    one of the safe rules of :func:`safe_home_rule`. The rules read a card's
    height instead of its rank, so they hold for any base.
    """
    height = HEIGHTS[base]
    two = decks == 2
    # The foundation of each suit that holds the fewest cards, the last of the suit (the search keeps them so).
    low = 4 * (decks - 1)
    if kind == "none":
        return _never
    if kind == "all" or (kind == "suit" and decks == 1 and not wrap):
        return _always
    others = _OPPOSITE_SUITS
    if kind == "horne":
        if two:

            def horne_two(card: int, found: list[int]) -> bool:
                rank0 = height[card]
                if rank0 <= 1:
                    return True
                a, b = others[card]
                # Four comparisons, not min(): the compiled build calls the builtin with boxed arguments.
                return found[a] >= rank0 and found[b] >= rank0 and found[a + 4] >= rank0 and found[b + 4] >= rank0

            return horne_two
        if decks > 2:
            sets = range(0, 4 * decks, 4)

            def horne_many(card: int, found: list[int]) -> bool:
                rank0 = height[card]
                if rank0 <= 1:
                    return True
                a, b = others[card]
                return all(found[a + f] >= rank0 and found[b + f] >= rank0 for f in sets)

            return horne_many

        def horne(card: int, found: list[int]) -> bool:
            rank0 = height[card]
            if rank0 <= 1:
                return True
            a, b = others[card]
            return found[a] >= rank0 and found[b] >= rank0

        return horne
    return safe_home_rule(kind, height, low, wrap)


def safe_home_rule(kind: str, height: bytes, low: int, wrap: bool) -> HomeRule:
    """The safe rule ``kind`` (``"suit"``, ``"raymond"`` or ``"any"``): nothing the game could still build on the card.

    ``height`` maps a card to the foundation height it goes onto; ``low`` is 4
    with two decks (the second foundation of each suit, which holds fewer), 8
    with three (the third) and 0 with one.
    """
    if kind == "suit":
        # By suit: only the card one below in the same suit lies on it, and with two decks
        # its twin may still be out; with wrap the base card may carry the top one.

        def same_suit(card: int, found: list[int]) -> bool:
            h = height[card]
            return (h > 0 or not wrap) and found[_SUIT[card] + low] >= h

        return same_suit
    others = tuple((a + low, b + low) for a, b in _OPPOSITE_SUITS)
    same = tuple(s + low for s in _PARTNER_SUIT)
    # Without wrap nothing lies on the first card of a foundation (an ace); the second's
    # (a two's) only card of a lower rank, an ace, can always go home itself.
    always = 1 if not wrap else 0
    if kind == "raymond":

        def raymond(card: int, found: list[int]) -> bool:
            rank0 = height[card]
            if rank0 <= always and (rank0 or not wrap):
                return True
            if rank0 == 0:
                return False
            a, b = others[card]
            fa, fb = found[a], found[b]
            if fa >= rank0 and fb >= rank0:
                return True
            return fa >= rank0 - 1 and fb >= rank0 - 1 and found[same[card]] >= rank0 - 2

        return raymond

    # "any": nothing can be built on a card once every card one rank lower is home
    def any_suit(card: int, found: list[int]) -> bool:
        rank0 = height[card]
        if rank0 == 0:
            return not wrap
        return rank0 <= always or min(found) >= rank0

    return any_suit


def is_whole_suit(column: tuple[Card, ...]) -> bool:
    """Whether the top 13 cards of ``column`` are one suit from king (lowest) to ace (on top).

    The one block that goes home under :attr:`Rules.whole_suit_home`.
    """
    if len(column) < 13:
        return False
    top = column[-1].index
    if top % 13:
        return False
    # A king-to-ace run of one suit is the indexes top + 12 down to top, bottom first.
    return all(column[-1 - k].index == top + k for k in range(1, 13))


#: The moves of a complete suit home from the first columns, made once.
_WHOLE_SUIT: Final = tuple(Move(Place.column(i), _HOME, 13) for i in range(16))


def _unmade() -> None:
    return None


def _never(card: int, found: list[int]) -> bool:
    return False


def _always(card: int, found: list[int]) -> bool:
    return True


def legal_moves(rules: Rules, position: Position) -> list[Move]:
    """Every legal move of ``position`` under ``rules``, in the order :class:`patience.LegalMoves` lists them.

    Sources in order (columns, cells, then foundations when cards may come
    back from them); for each, the move home (of a complete suit, 13 cards,
    under :attr:`Rules.whole_suit_home`), to the first free cell (past the
    reserve cells, which take nothing; with :attr:`Rules.cell_suits`, the cell of its suit), then to
    each column (the first empty one standing for all), shorter runs first.
    The tables cover one deck with foundations from the ace; other games (two
    decks, a dealt base, foundations by rank) have the ordered candidates judged by check_move.
    """
    tables = tables_for(rules)
    if rules.decks != 1 or position.decks != 1 or position.base != 1 or position.piles:
        # Imported here: the reference judge reads these tables, so it imports this module.
        from patience.legality import candidate_moves, check_move

        candidates = candidate_moves(
            position,
            foundation_takeback=rules.foundation_takeback,
            build=tables.run_building,
            wrap=tables.wraps,
            reserve=rules.reserve,
            cell_suits=rules.cell_suits,
        )
        return [move for move in candidates if check_move(rules, position, move)]
    table, onto = tables.runs, tables.onto
    whole_suit = tables.whole_suit
    columns = position.columns
    cells = position.cells
    found = position.foundations
    n_columns = len(columns)
    free = 0
    free_cell = -1
    # The first ``reserve`` cells are a reserve: emptied, they take nothing, and count for no capacity.
    for i in range(rules.reserve, len(cells)):
        if cells[i] is None:
            free += 1
            if free_cell < 0:
                free_cell = i
    # With a cell per suit, the free cell each suit's cards may go to (-1: none).
    suit_cell = [free_cell] * 4
    if rules.cell_suits:
        suit_cell = [-1] * 4
        for i, takes in enumerate(rules.cell_suits[: len(cells)]):
            if cells[i] is None:
                suit_cell[takes.value] = i
    empties = 0
    first_empty = -1
    where: dict[int, int] = {}
    for j in range(n_columns):
        column = columns[j]
        if column:
            where[column[-1].index] = j
        else:
            empties += 1
            if first_empty < 0:
                first_empty = j
    cap = rules.run_capacity(free, empties, to_empty_column=False)
    cap_empty = 0
    if empties and not tables.no_empty:
        cap_empty = rules.run_capacity(free, empties, to_empty_column=True)
    # The one rank an empty column takes (0: any).
    empty_rank = (rules.empty_column_rank(position.base) or 0) if cap_empty else 0
    out: list[Move] = []
    for i in range(n_columns):
        column = columns[i]
        if not column:
            continue
        height = len(column)
        # The run on top, bottom card last: bottoms[k - 1] is the bottom card of a move of k cards.
        bottoms = [column[-1].index]
        while len(bottoms) < height and table[bottoms[-1] * 52 + column[-len(bottoms) - 1].index]:
            bottoms.append(column[-len(bottoms) - 1].index)
        source = Place.column(i)
        top = bottoms[0]
        if whole_suit:
            if is_whole_suit(column):
                out.append(_WHOLE_SUIT[i] if i < len(_WHOLE_SUIT) else Move(source, _HOME, 13))
        elif found[top // 13] == top % 13:
            out.append(Move(source, _HOME))
        cell = suit_cell[top // 13]
        if cell >= 0:
            out.append(Move(source, Place.cell(cell)))
        _to_columns(out, source, i, bottoms, height, where, first_empty, cap, cap_empty, empty_rank, onto)
    for i in range(len(cells)):
        card = cells[i]
        if card is None:
            continue
        source = Place.cell(i)
        index = card.index
        if found[index // 13] == index % 13 and not whole_suit:
            out.append(Move(source, _HOME))
        _to_columns(out, source, -1, [index], 0, where, first_empty, cap, cap_empty, empty_rank, onto)
    if rules.foundation_takeback:
        for suit in range(4):
            rank = found[suit]
            if not rank:
                continue
            source = Place(PlaceKind.FOUNDATION, suit)
            cell = suit_cell[suit]
            if cell >= 0:
                out.append(Move(source, Place.cell(cell)))
            index = suit * 13 + rank - 1
            _to_columns(out, source, -1, [index], 0, where, first_empty, cap, cap_empty, empty_rank, onto)
    return out


def _to_columns(
    out: list[Move],
    source: Place,
    own: int,
    bottoms: list[int],
    height: int,
    where: dict[int, int],
    first_empty: int,
    cap: int,
    cap_empty: int,
    empty_rank: int,
    onto: tuple[tuple[int, ...], ...],
) -> None:
    """Append the legal moves of the run ``bottoms`` from ``source`` (column ``own``, else -1) to the columns.

    ``where`` maps each column's top card to the column. Columns in order,
    shorter runs first, as the candidates are listed.
    """
    run = len(bottoms)
    found: list[tuple[int, int]] = []
    limit = run if run < cap else cap
    for k in range(1, limit + 1):
        for target in onto[bottoms[k - 1]]:
            j = where.get(target, -1)
            if j >= 0 and j != own:
                found.append((j, k))
    if cap_empty:
        limit = run if run < cap_empty else cap_empty
        for k in range(1, limit + 1):
            # A whole column into an empty one changes nothing; some empty columns take one rank.
            if k != height and not (empty_rank and bottoms[k - 1] % 13 + 1 != empty_rank):
                found.append((first_empty, k))
    if len(found) > 1:
        found.sort()
    for j, k in found:
        out.append(Move(source, Place.column(j), k))
