"""Where only complete suits go home, the search sends a suit home wherever a move leaves one on top.

A move changes two columns: the one the cards leave, which may uncover a
complete suit, and the one they join, which may complete one. The other
columns are as the settled parent's. Each child here must hold the
foundations and columns the game would have after the move and its
automatic play.
"""

from __future__ import annotations

import pytest

import patience_solver as solver
from patience import deal_position, get_variant
from patience.solution import HOME
from patience_solver._compiled import Child, Compiled

#: The spades, king to ace, as a column holds them with the ace on top (a card is ``suit * 13 + rank - 1``).
SPADES = bytes(range(12, -1, -1))


def _comp() -> Compiled:
    variant = get_variant("simple-simon")
    position = deal_position(variant, 1, variant.default_cells)
    comp = solver.compiled_for(variant.rules, variant.rules.autoplay, position)
    assert type(comp) is Compiled and comp.whole_suit
    return comp


def _fillers(count: int) -> list[bytes]:
    """``count`` columns of one card each that take part in none of the moves below (the clubs' high cards)."""
    return [bytes([26 + 12 - at]) for at in range(count)]


def _child(comp: Compiled, columns: list[bytes], bottom: int, target: int) -> Child:
    """The child of moving ``bottom`` (and what lies on it) onto ``target``."""
    key = tuple(sorted(columns))
    for child in comp.children(key, b"", (0, 0, 0, 0)):
        step = child[0][0]
        if step[0] == bottom and step[2] == target:
            return child
    raise AssertionError(f"no move of {bottom} onto {target}")


@pytest.mark.parametrize("where", ["uncovered at the source", "completed at the destination"])
def test_a_complete_suit_left_on_top_by_a_move_goes_home(where: str) -> None:
    comp = _comp()
    if where == "uncovered at the source":
        # The 5 of hearts lies on the spades; it moves onto the 6 of diamonds.
        columns = [SPADES + bytes([13 + 4]), bytes([39 + 5]), *_fillers(8)]
        bottom, target = 13 + 4, 39 + 5
    else:
        # The ace of spades moves onto the spades from king to two.
        columns = [SPADES[:-1], bytes([13 + 4, 0]), *_fillers(8)]
        bottom, target = 0, 1
    steps, key, found, _ = _child(comp, columns, bottom, target)
    assert found == (13, 0, 0, 0)
    assert all(0 not in column and 12 not in column for column in key[:-1])
    assert sum(map(len, key[:-1])) == sum(map(len, columns)) - 13
    # The game sends it home by itself, or the step home is recorded after the move (by its king).
    assert steps[1:] == (() if comp.suits_auto else ((12, 13, HOME),))


def test_a_move_that_leaves_no_suit_on_top_keeps_the_foundations() -> None:
    comp = _comp()
    # The 5 of hearts lies on the spades from king to two: taking it off uncovers no complete suit.
    columns = [SPADES[:-1] + bytes([13 + 4]), bytes([39 + 5]), *_fillers(8)]
    steps, key, found, _ = _child(comp, columns, 13 + 4, 39 + 5)
    assert found == (0, 0, 0, 0)
    assert SPADES[:-1] in key and len(steps) == 1
