"""Per-variant routing: an override for one variant slows only that variant, and the hook path searches alike.

A plugin that overrides ``patience_move_legality`` for a
variant of its own leaves every other variant on the compiled path, and a
variant whose legality goes through the hook with the same rules as a
built-in one is searched exactly as the compiled path searches it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pluggy
import pytest

from patience import Game, Move, Position, Variant, Verdict, deal_position, get_variant, hookimpl
from patience.legality import check_move
from patience.plugins import Registrar, make_plugin_manager, route, rules_are_data
from patience_solver import Outcome, solve


class HookedFreeCell:
    """FreeCell again as ``hooked-freecell``, its legality through a hook that says what the rules say."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        base = register.get("freecell")
        register(base.derive(name="hooked-freecell", title="Hooked FreeCell", prefix="HF"))

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict:
        self.calls += 1
        return check_move(variant.rules, position, move, variant.title)


@pytest.fixture
def hooked() -> Iterator[tuple[pluggy.PluginManager, HookedFreeCell]]:
    pm = make_plugin_manager()
    plugin = HookedFreeCell()
    pm.register(plugin, name="hooked-freecell")
    yield pm, plugin
    pm.unregister(plugin)


def test_an_override_for_its_own_variant_leaves_freecell_on_the_compiled_path(
    hooked: tuple[pluggy.PluginManager, HookedFreeCell],
) -> None:
    pm, plugin = hooked
    freecell = get_variant("freecell", pm)
    mine = get_variant("hooked-freecell", pm)
    assert rules_are_data(freecell, pm)
    assert not rules_are_data(mine, pm)
    assert route("patience_move_legality", freecell, pm).plugins == ["patience.defaults"]
    assert route("patience_move_legality", mine, pm).plugins == ["hooked-freecell", "patience.defaults"]
    game = Game.new(freecell, 1, plugins=pm)
    assert game.rules_are_data
    list(game.legal_moves)
    result = solve(freecell, game.dealt, plugins=pm, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    assert plugin.calls == 0, "FreeCell's game and solver never asked the other plugin's hook"
    assert not Game.new(mine, 1, plugins=pm).rules_are_data


def test_with_the_override_installed_freecell_1_to_50_expands_the_same_positions(
    hooked: tuple[pluggy.PluginManager, HookedFreeCell],
) -> None:
    pm, plugin = hooked
    plain = make_plugin_manager()
    freecell = get_variant("freecell", plain)
    for deal in range(1, 51):
        without = solve(freecell, deal_position(freecell, deal, 4, plain), plugins=plain)
        with_it = solve(freecell, deal_position(freecell, deal, 4, pm), plugins=pm)
        assert (with_it.outcome, with_it.positions) == (without.outcome, without.positions), f"deal {deal}"
    assert plugin.calls == 0


def test_legality_through_the_hook_expands_the_same_positions_as_the_compiled_path(
    hooked: tuple[pluggy.PluginManager, HookedFreeCell],
) -> None:
    pm, plugin = hooked
    freecell = get_variant("freecell", pm)
    mine = get_variant("hooked-freecell", pm)
    for deal in range(1, 21):
        compiled = solve(freecell, deal_position(freecell, deal, 4, pm), plugins=pm)
        position = deal_position(mine, deal, 4, pm)
        assert position == deal_position(freecell, deal, 4, pm), "the derived variant is dealt as its base"
        through_hook = solve(mine, position, plugins=pm)
        assert through_hook.outcome is compiled.outcome is Outcome.SOLVED
        assert through_hook.positions == compiled.positions, f"deal {deal}"
        assert through_hook.moves == compiled.moves, f"deal {deal}"
        game = Game.from_position(mine, position, plugins=pm)
        for move in through_hook.moves:
            game.play(move)
        assert game.is_won
    assert plugin.calls > 0


class NoKingsInCellsForHooked(HookedFreeCell):
    """The hooked variant with a rule Rules cannot say: no king goes to a cell."""

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict:
        card = position.card_at(move.source)
        if move.destination.kind.value == "cell" and card is not None and card.rank == 13:
            return Verdict(False, "kings stay out of the cells here")
        return super().patience_move_legality(variant, position, move)


def test_a_stricter_hook_prunes_the_search_and_its_solutions_keep_the_rule() -> None:
    pm = make_plugin_manager()
    pm.register(NoKingsInCellsForHooked(), name="hooked-freecell")
    mine = get_variant("hooked-freecell", pm)
    position = deal_position(mine, 1, 4, pm)
    result = solve(mine, position, plugins=pm, time_limit=60)
    assert result.outcome is Outcome.SOLVED
    game = Game.from_position(mine, position, plugins=pm)
    for move in result.moves:
        card = game.position.card_at(move.source)
        assert not (move.destination.kind.value == "cell" and card is not None and card.rank == 13)
        game.play(move)
    assert game.is_won


def test_a_plugin_does_not_answer_for_another_plugins_variant_unless_it_says_it_overrides_it() -> None:
    class Intruder:
        @hookimpl
        def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict:
            return Verdict(False, "the intruder says no")

    class Declared(Intruder):
        PATIENCE_OVERRIDES = ("freecell",)

    pm = make_plugin_manager()
    pm.register(Intruder(), name="intruder")
    assert Game.new("freecell", 1, plugins=pm).check(Move.parse("1a"))
    pm.register(Declared(), name="declared")
    game = Game.new("freecell", 1, plugins=pm)
    assert str(game.check(Move.parse("1a")).reason) == "the intruder says no"
    assert not game.rules_are_data
    assert Game.new("eight-off", 1, plugins=pm).rules_are_data


def test_an_overrider_is_asked_before_the_owner_whatever_order_they_were_registered_in() -> None:
    from patience_variants import freecell

    class Overrider:
        PATIENCE_OVERRIDES = ("freecell",)

        @hookimpl
        def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict:
            return Verdict(False, "overridden")

    class Owner:
        @hookimpl
        def patience_register_variants(self, register: Registrar) -> None:
            freecell.patience_register_variants(register)

        @hookimpl
        def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict:
            return Verdict(True)

    pm = make_plugin_manager(load_entry_points=False)
    pm.register(Overrider(), name="overrider")
    pm.register(Owner(), name="owner")
    variant = get_variant("freecell", pm)
    assert variant.plugin == "owner"
    assert route("patience_move_legality", variant, pm).plugins == ["overrider", "owner", "patience.defaults"]
