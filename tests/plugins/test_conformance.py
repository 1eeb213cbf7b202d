"""The conformance suite (patience.testing) passes on every installed variant and catches broken plugins."""

from __future__ import annotations

from collections.abc import Callable

import pluggy
import pytest

import patience
from patience import Move, Position, Registrar, Variant, Verdict, hookimpl, ms_deal
from patience.testing import ConformanceError, check_plugin, check_variant
from patience_solver.testing import check_solver

INSTALLED = list(patience.variants())


def test_the_test_kit_is_a_registered_pytest_plugin(pytestconfig: pytest.Config) -> None:
    assert pytestconfig.pluginmanager.has_plugin("patience")
    assert pytestconfig.pluginmanager.has_plugin("patience_solver")


@pytest.mark.parametrize("name", INSTALLED)
def test_every_installed_variant_passes_the_conformance_suite(
    patience_conformance: Callable[..., None], patience_solver_conformance: Callable[..., None], name: str
) -> None:
    patience_conformance(name)
    patience_solver_conformance(name)


def _freecell_like(register: Registrar, name: str, prefix: str) -> Variant:
    return register.get("freecell").derive(name=name, title=name.title(), prefix=prefix)


class SameDealAlways:
    """A bad deal: every deal number gives the same layout."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_freecell_like(register, "same-deal", "SD"))

    @hookimpl
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> Position:
        cards = ms_deal(1)
        return Position(tuple(cards[i::8] for i in range(8)), (None,) * cells)


class AnythingGoesOnAnything:
    """Legality that disagrees with the rules: any single card may go onto any column."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_freecell_like(register, "loose-cell", "LC"))

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        if move.count == 1 and move.destination.kind.value == "column" and position.card_at(move.source):
            return Verdict(True)
        return None


class WrongSignature:
    """A hook with a parameter the engine does not pass, and one with a misspelt name."""

    @hookimpl
    def patience_deal(self, variant: Variant, deal: int, cell_count: int) -> Position | None:
        return None

    @hookimpl
    def patience_deel(self, variant: Variant, deal: int, cells: int) -> Position | None:
        return None

    def patience_cell_counts(self, variant: Variant) -> None:
        """Named like a hook, not marked: never called."""


def _suite(plugin: object, name: str) -> str:
    """What the engine's and the solver's halves of the kit say of ``plugin``'s variant ``name``."""
    pm = patience.make_plugin_manager()
    pm.register(plugin, name=name)
    said = []
    try:
        for check in (
            lambda: check_variant(name, pm, games=2, moves=20),
            lambda: check_solver(name, pm, games=2, moves=20, solve_deals=(1,), time_limit=5),
        ):
            try:
                check()
            except ConformanceError as error:
                said.append(str(error))
    finally:
        pm.unregister(plugin)
    assert said, f"{name} passes both halves of the kit"
    return "\n".join(said)


def test_the_suite_catches_a_deal_that_ignores_the_deal_number() -> None:
    said = _suite(SameDealAlways(), "same-deal")
    assert "deals: deals 1 and 2 with 4 cells are the same layout" in said


def test_the_suite_catches_legality_that_disagrees_with_the_rules() -> None:
    said = _suite(AnythingGoesOnAnything(), "loose-cell")
    assert "solver moves: " in said and "the solver generates" in said


def test_the_suite_catches_a_hook_with_a_wrong_signature() -> None:
    problems = check_plugin(WrongSignature())
    assert problems == [
        "patience_cell_counts is not marked @hookimpl: it is never called",
        "patience_deal takes cell_count, which the hook does not pass (it passes variant, deal, cells)",
        "patience_deel is not a patience hook (misspelt?): it is never called",
    ]
    pm = patience.make_plugin_manager()
    with pytest.raises(pluggy.PluginValidationError, match="cell_count"):
        pm.register(WrongSignature(), name="wrong")


def test_a_misspelt_hook_on_a_registered_plugin_fails_the_hooks_check() -> None:
    class Misspelt(SameDealAlways):
        @hookimpl
        def patience_deel(self, variant: Variant, deal: int, cells: int) -> Position | None:
            return None

    said = _suite(Misspelt(), "same-deal")
    assert "hooks: " in said and "patience_deel" in said
