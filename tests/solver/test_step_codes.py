"""A one-deck child is made again from its step's code, as the trace of a solution makes it.

The one-deck generator stores each child under the code of its step
(:func:`~patience_solver._compiled.step_code`): the bottom card, which lies
in one place, and the destination name the move. For every child of a few
hundred positions of each game, :meth:`~patience_solver._compiled.Compiled.make_step`
must give the child that ``expand`` made (its steps, key, foundations and
cost), and the codes of one position's children must all differ.
"""

from __future__ import annotations

import attrs
import pytest

import patience_solver as solver
from patience import Build, EmptyColumns, Move, Position, deal_position, get_variant
from patience_solver._compiled import Compiled, State, step_code

#: One-deck games the plain generator plays: free cells, many cells, same-suit building, no cells,
#: complete suits home, a cell per suit; the game and the deal.
CASES = [
    ("freecell", 11982),
    ("eight-off", 5),
    ("bakers-game", 5),
    ("forecell", 12),
    ("seahaven-towers", 3),
    ("beleaguered-castle", 4),
    ("simple-simon", 2),
    ("four-colours", 3),
]


def _walk(comp: Compiled, root: State, limit: int) -> int:
    """Check every child of the first ``limit`` positions reached breadth first; the number of children checked."""
    waiting = [root]
    seen = {root}
    checked = 0
    at = 0
    while at < min(limit, len(waiting)):
        columns, cells, found = waiting[at]
        at += 1
        children = comp.children(columns, cells, found, True)
        codes = [step_code(steps[0]) for steps, _, _, _ in children]
        assert len(set(codes)) == len(codes), codes
        for child, code in zip(children, codes, strict=True):
            assert comp.make_step(columns, cells, found, code) == child
            checked += 1
            state = (child[1][:-1], child[1][-1], child[2])
            if state not in seen:
                seen.add(state)
                waiting.append(state)
    return checked


@pytest.mark.parametrize(("name", "deal"), CASES, ids=[f"{n} {d}" for n, d in CASES])
def test_every_child_is_made_again_from_its_step_code(name: str, deal: int) -> None:
    variant = get_variant(name)
    position = deal_position(variant, deal, variant.default_cells)
    comp = solver.compiled_for(variant.rules, variant.rules.autoplay, position)
    assert type(comp) is Compiled
    root, _ = solver._start(comp, position)
    assert _walk(comp, root, 300) > 1_000


def test_a_card_leaving_a_reserve_cell_is_made_again_from_its_step_code() -> None:
    # FreeCell #5 with its first two cells a reserve, filled from the first two columns.
    rules = attrs.evolve(get_variant("freecell").rules, reserve=2)
    assert rules.build is Build.ALTERNATE_COLOURS and rules.empty_columns is EmptyColumns.ANY
    position: Position = deal_position(get_variant("freecell"), 5, 4)
    for column, cell in ((0, "a"), (1, "b")):
        position = position.apply(Move.parse(f"{column + 1}{cell}"))
    comp = solver.compiled_for(rules, rules.autoplay, position)
    assert type(comp) is Compiled and comp.reserve == 2
    root, _ = solver._start(comp, position)
    assert _walk(comp, root, 200) > 500
