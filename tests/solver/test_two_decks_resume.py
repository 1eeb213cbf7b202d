"""Two decks: where the game's automatic play sends home another of two equal cards, the search goes on from there.

The game's automatic play looks at the cells in the order they stand; a
search state holds the cells as a set of cards. In Double FreeCell deal
#1030, under the weights below, the last move of the solution found (the
queen of hearts home) starts a run of automatic moves in which the game
sends home the king of clubs from a column where the search sent its twin
from a cell, and the next step (the king of diamonds from a column) no
longer finds its card there. The moves played until then are legal; the
solver searches on from the position the game reached and hands out a
solution that wins.
"""

from __future__ import annotations

import pytest

import patience
import patience_solver
from patience import Card, Game, Move, Position, Suit, Variant, Verdict, deal_position, get_variant, hookimpl
from patience.plugins import make_plugin_manager, rules_are_data
from patience.solution import place
from patience_solver import Outcome, Schedule, place_step, solve
from patience_solver._compiled import HOME
from patience_solver._search import Weights

#: A first scan under which Double FreeCell #1030's solution meets the game's other choice of twin.
WEIGHTS = Weights(depth=0, cells=36, home=12, empty=50, bad=4, under=14, bury=0, under_sq=3, next_card=2)


def test_a_solution_the_automatic_play_turns_aside_is_finished_from_where_the_game_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    schedule = Schedule("twins", ((WEIGHTS, False, 2000), *patience_solver._FREECELL_SCANS[1:]))
    monkeypatch.setattr(patience_solver, "schedule_for", lambda rules: schedule)
    variant = get_variant("double-freecell")
    position = deal_position(variant, 1030, variant.default_cells)
    result = solve(variant, position, max_positions=20_000)
    assert result.outcome is Outcome.SOLVED
    game = Game.from_position(variant, position)
    for move in result.moves:
        game.play(move)
    assert game.is_won


class JudgesDoubleFreeCell:
    """A plugin that judges Double FreeCell's moves itself and allows what its rules allow."""

    PATIENCE_OVERRIDES = ("double-freecell",)

    def __init__(self) -> None:
        self.asked = 0

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        self.asked += 1
        return None  # the rules' own verdict


def test_the_search_through_a_legality_hook_also_finishes_from_where_the_game_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    schedule = Schedule("twins", ((WEIGHTS, False, 2000), *patience_solver._FREECELL_SCANS[1:]))
    monkeypatch.setattr(patience_solver, "schedule_for", lambda rules: schedule)
    pm = make_plugin_manager()
    judge = JudgesDoubleFreeCell()
    pm.register(judge, name="judges-double-freecell")
    variant = patience.get_variant("double-freecell", pm)
    assert not rules_are_data(variant, pm)
    position = deal_position(variant, 1030, variant.default_cells, pm)
    resumed: list[Position] = []
    start = patience_solver._start
    monkeypatch.setattr(patience_solver, "_start", lambda comp, where: (resumed.append(where), start(comp, where))[1])
    result = solve(variant, position, plugins=pm, max_positions=20_000)
    assert result.outcome is Outcome.SOLVED
    assert judge.asked
    assert len(resumed) == 2  # the deal, then where the game's automatic play left the first solution
    game = Game.from_position(variant, position, plugins=pm)
    for move in result.moves:
        game.play(move)
    assert game.is_won


def test_a_step_from_a_column_never_takes_the_twin_of_its_card_from_a_cell() -> None:
    king = Card(13, Suit.DIAMONDS)
    queen = Card(12, Suit.CLUBS)
    position = Position(((queen, king), ()), (king, None), (13, 12, 12, 13, 13, 12, 12, 11))
    # The king from the column whose cards sort second of the two: the empty one sorts first.
    assert not isinstance(place(position, (king.index, 1, HOME, 1, -1)), str)
    # From a column that would sort first: none shows the king there, and the one in the cell is not meant.
    refused = place(position, (king.index, 1, HOME, 0, -1))
    assert isinstance(refused, str)
    assert "card not found" in refused
    # A step from the cells (order -1) takes the cell's king.
    from_cell = place_step(position, (king.index, 1, HOME, -1, -1))
    assert from_cell.source.kind.name == "CELL"


@pytest.mark.parametrize("deal", [1, 4, 6, 7])  # 1 stops at the budget, the others are won within it
def test_a_hook_that_allows_what_the_rules_allow_searches_the_same_positions_with_two_decks(deal: int) -> None:
    pm = make_plugin_manager()
    pm.register(JudgesDoubleFreeCell(), name="judges-double-freecell")
    judged = patience.get_variant("double-freecell", pm)
    plain = get_variant("double-freecell")
    through_hook = solve(judged, deal_position(judged, deal, judged.default_cells, pm), plugins=pm, max_positions=1500)
    by_rules = solve(plain, deal_position(plain, deal, plain.default_cells), max_positions=1500)
    assert through_hook.outcome == by_rules.outcome
    assert through_hook.positions == by_rules.positions
    assert through_hook.moves == by_rules.moves
    assert (by_rules.outcome is Outcome.SOLVED) == (deal != 1)
