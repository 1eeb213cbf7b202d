"""Deriving a variant from another without importing its plugin.

``register.get(name)`` inside ``patience_register_variants`` gives another
plugin's variant, whatever order the plugins load in; ``Variant.derive``
gives the new one its own name, code prefix and plugin, no aliases, and the
base's deal.
"""

from __future__ import annotations

import pluggy
import pytest

from patience import (
    EmptyColumns,
    Game,
    IllegalMoveError,
    Position,
    Registrar,
    Variant,
    deal_position,
    get_variant,
    hookimpl,
    variants,
)
from patience.plugins import PluginLoadWarning, make_plugin_manager, plugin_failures
from patience.testing import check_variant
from patience_solver.testing import check_solver


class FreeCell3K:
    """FreeCell with 3 cells and kings only into empty columns: nothing new, all derived."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        base = register.get("freecell")
        register(
            base.derive(
                name="freecell-3k",
                title="FreeCell 3K",
                prefix="FK",
                cell_counts=(3,),
                default_cells=3,
                empty_columns=EmptyColumns.KINGS_ONLY,
                description="FreeCell with 3 cells; only kings fill empty columns.",
            )
        )


@pytest.fixture
def pm() -> pluggy.PluginManager:
    manager = make_plugin_manager()
    manager.register(FreeCell3K(), name="freecell-3k-plugin")
    return manager


def test_the_derived_variant_has_its_own_name_prefix_and_plugin_and_no_aliases(pm: pluggy.PluginManager) -> None:
    derived = get_variant("freecell-3k", pm)
    freecell = get_variant("freecell", pm)
    assert (derived.plugin, derived.prefix, derived.aliases, derived.base) == (
        "freecell-3k-plugin",
        "FK",
        (),
        "freecell",
    )
    assert derived.rules.empty_columns is EmptyColumns.KINGS_ONLY
    assert derived.rules.build is freecell.rules.build and derived.rules.scoring == freecell.rules.scoring
    assert get_variant("fc", pm).name == "freecell"  # the base's aliases stay with the base
    assert freecell.plugin == "freecell"


def test_the_derived_variant_is_dealt_as_its_base(pm: pluggy.PluginManager) -> None:
    derived = get_variant("freecell-3k", pm)
    freecell = get_variant("freecell", pm)
    for deal in (1, 617, 11982):
        assert deal_position(derived, deal, 3, pm) == deal_position(freecell, deal, 3, pm)
    game = Game.new("freecell-3k", 1, plugins=pm)
    assert game.code == "FK1-C3-AAAAAAB"
    assert Game.from_code("FK1-C3-AAAAAAB", plugins=pm).dealt == game.dealt


def test_the_derived_rules_are_played(pm: pluggy.PluginManager) -> None:
    # Deal 1 with column 1's cards put under column 2's: column 1 is empty, and only a king may go there.
    columns = deal_position(get_variant("freecell", pm), 1, 3, pm).columns
    position = Position(((), columns[0] + columns[1], *columns[2:]), (None, None, None))
    game = Game.from_position("freecell-3k", position, plugins=pm, autoplay_first=False)
    freecell = Game.from_position("freecell", position, plugins=pm, autoplay_first=False)
    non_king = next(i for i, column in enumerate(position.columns) if column and column[-1].rank != 13)
    move = f"{non_king + 1}1"
    assert freecell.check(freecell.parse_move(move))
    with pytest.raises(IllegalMoveError):
        game.play(move)


def test_the_derived_variant_passes_the_conformance_suite(pm: pluggy.PluginManager) -> None:
    check_variant("freecell-3k", pm)
    check_solver("freecell-3k", pm)


def test_a_derived_plugin_may_load_before_its_base() -> None:
    from patience_variants import freecell

    manager = make_plugin_manager(load_entry_points=False)
    manager.register(FreeCell3K(), name="freecell-3k-plugin")
    manager.register(freecell, name="freecell")
    assert list(variants(manager)) == ["freecell", "freecell-3k"]


def test_deriving_from_a_variant_nobody_registers_disables_the_plugin_with_one_warning() -> None:
    manager = make_plugin_manager(load_entry_points=False)
    manager.register(FreeCell3K(), name="freecell-3k-plugin")
    with pytest.warns(PluginLoadWarning, match="derives from the variant 'freecell', which no installed plugin"):
        assert variants(manager) == {}
    assert "freecell-3k-plugin" in plugin_failures(manager)


def test_get_variant_inside_registration_is_refused_clearly() -> None:
    manager = make_plugin_manager()

    class Recursing:
        @hookimpl
        def patience_register_variants(self, register: Registrar) -> None:
            register(get_variant("freecell", manager).derive(name="again", title="Again", prefix="AG"))

    manager.register(Recursing(), name="recursing")
    with pytest.warns(PluginLoadWarning, match=r"'recursing' failed to register .*use register.get\(name\)"):
        table = variants(manager)
    assert "again" not in table and "freecell" in table


def test_derive_refuses_a_field_that_does_not_exist() -> None:
    with pytest.raises(TypeError, match="colour_blind"):
        get_variant("freecell").derive(name="x", title="X", prefix="XX", colour_blind=True)


def test_a_variant_constant_without_its_plugin_name_is_routed_to_the_plugin_that_registers_it() -> None:
    from patience_variants.eight_off import EIGHT_OFF

    assert EIGHT_OFF.plugin == ""
    assert deal_position(EIGHT_OFF, 1, 8) == Game.new("eight-off", 1).dealt
    assert isinstance(EIGHT_OFF, Variant)
