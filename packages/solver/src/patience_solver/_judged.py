"""The compiled move generator with every move judged by a plugin's legality hook.

For a variant whose ``patience_move_legality`` a plugin overrides: the search
is the compiled one (the same scans, the same states, the same order), and
each move the declared :class:`~patience.rules.Rules` allow is kept only
when the hook allows it too. So a hook that says what the rules say makes
the search expand exactly the positions the compiled path does; a hook that
forbids more prunes them. A move the rules do not allow is never considered:
a plugin declares in its ``Rules`` the loosest rules its hook allows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from patience.cards import Card, Suit
from patience.moves import Move
from patience.position import Position
from patience.rules import AutoPlay, Rules
from patience_solver._compiled import RESERVED, Child, Compiled, CompiledTwoDecks, Later, Step

__all__ = ["Judged", "JudgedTwoDecks", "keep_legal", "position_of"]

#: Card by its index (``suit * 13 + rank - 1``).
_CARDS = tuple(Card(index % 13 + 1, Suit(index // 13)) for index in range(52))


#: A plugin's legality of a move in a position, and the real move of a solver step there.
Legal = Callable[[Position, Move], bool]
Place = Callable[[Position, Step], Move]


# The judging half is a mixin on plain ``object`` at run time: a Python class with two compiled bases
# (say Judged's Compiled and CompiledTwoDecks) would call the two-deck methods through Compiled's table
# of methods and crash, so each judged generator has exactly one compiled base. Type checkers see the
# generator as its base, so that ``super()`` reaches the compiled methods.
if TYPE_CHECKING:
    _Generator = Compiled
else:
    _Generator = object


class _Judging(_Generator):
    """What a judged generator adds to its compiled base: the hook's verdict on every move."""

    def __init__(
        self,
        rules: Rules,
        policy: AutoPlay,
        n_columns: int,
        n_cells: int,
        base: int,
        decks: int,
        *,
        legal: Legal,
        place: Place,
    ) -> None:
        super().__init__(rules, policy, n_columns, n_cells, base, decks)
        self.legal = legal
        self.place = place

    def expand(
        self, columns: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], full: bool
    ) -> tuple[list[Child], list[Later]]:
        """The compiled children and deferred moves that the legality hook allows."""
        out, later = super().expand(columns, cells, found, full)
        return keep_legal(self, self.legal, self.place, columns, cells, found, out, later)


class Judged(_Judging, Compiled):
    """:class:`Compiled`, keeping only the moves ``legal(position, move)`` allows."""


class JudgedTwoDecks(_Judging, CompiledTwoDecks):
    """:class:`Judged` for two decks: the two-deck generator's moves, each judged by the hook."""


def keep_legal(
    comp: Compiled,
    legal: Legal,
    place: Place,
    columns: tuple[bytes, ...],
    cells: bytes,
    found: tuple[int, ...],
    out: list[Child],
    later: list[Later],
) -> tuple[list[Child], list[Later]]:
    """The children and deferred moves of ``(columns, cells, found)`` that ``legal`` allows."""
    where = position_of(comp, columns, cells, found)
    return (
        [child for child in out if legal(where, place(where, child[0][0]))],
        [move for move in later if legal(where, place(where, comp.later_step(columns, move[0])))],
    )


def position_of(comp: Compiled, columns: tuple[bytes, ...], cells: bytes, found: tuple[int, ...]) -> Position:
    """The state as a :class:`Position` (columns and cells in the state's sorted order, the reserve first).

    With a cell per suit (:attr:`Rules.cell_suits`) each held card is in the cell of its suit.
    """
    cards = _CARDS
    suits = comp.rules.cell_suits
    if suits:
        # A cell per suit: each held card in the cell of its suit.
        held: list[Card | None] = [None] * comp.n_cells
        for code in cells:
            card = cards[code]
            held[suits.index(card.suit)] = card
        return Position(
            tuple(tuple(cards[card] for card in column) for column in columns), tuple(held), found, comp.base
        )
    # The reserve cells first (their cards are held + RESERVED), then the free cells.
    held = [cards[code & 63] for code in cells if code >= RESERVED]
    held += [None] * (comp.reserve - len(held))
    free: list[Card | None] = [cards[code] for code in cells if code < RESERVED]
    held += free + [None] * (comp.n_free - len(free))
    return Position(tuple(tuple(cards[card] for card in column) for column in columns), tuple(held), found, comp.base)
