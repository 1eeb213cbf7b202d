"""The solver's half of the kit fails when the game and the solver disagree on a position it visits.

The positions along the solutions it replays are compared as well as the
random ones, so a legality hook that allows what its variant's data does not
(which the solver's expansion never offers) fails even when no random
position is looked at; every installed variant passes.
"""

from __future__ import annotations

import pytest

import patience
from patience import Move, PlaceKind, Position, Variant, Verdict, hookimpl
from patience.plugins import make_plugin_manager
from patience.testing import ConformanceError, check_variant
from patience_solver.testing import check_solver


class CellToCell:
    """A hook that disagrees with FreeCell's data: a card may also move from one cell to another."""

    PATIENCE_OVERRIDES = ("freecell",)

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        to_a_cell = move.source.kind is PlaceKind.CELL and move.destination.kind is PlaceKind.CELL
        if to_a_cell and move.source != move.destination and position.card_at(move.destination) is None:
            return Verdict(True)
        return None


def test_a_hook_that_allows_what_the_data_does_not_fails_along_the_solution() -> None:
    pm = make_plugin_manager()
    pm.register(CellToCell(), name="cell-to-cell")
    with pytest.raises(ConformanceError) as failed:
        check_solver("freecell", pm, games=0, solve_deals=(1,), time_limit=30)
    said = str(failed.value)
    assert "solutions: deal 1: the solver generates" in said
    # The board of the position where they differ is shown.
    assert "\n" in said.split("the solver generates", 1)[1]


def test_a_hook_that_allows_what_the_data_does_not_fails_on_random_positions() -> None:
    pm = make_plugin_manager()
    pm.register(CellToCell(), name="cell-to-cell")
    with pytest.raises(ConformanceError, match="solver moves: deal"):
        check_solver("freecell", pm, solve_deals=())


@pytest.mark.parametrize("name", sorted(patience.variants()))
def test_every_installed_variant_passes_the_solver_kit(name: str) -> None:
    check_solver(name, games=2, moves=30, solve_deals=(1,), time_limit=20)


def test_the_engine_kit_fails_when_the_generator_drops_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    import patience.testing

    listed = patience.testing.legal_moves

    def one_short(rules: patience.Rules, position: Position) -> list[Move]:
        return listed(rules, position)[:-1]

    monkeypatch.setattr(patience.testing, "legal_moves", one_short)
    with pytest.raises(ConformanceError, match=r"check_move allows [0-9]+ moves, the move generator lists"):
        check_variant("freecell", games=2, moves=10)
