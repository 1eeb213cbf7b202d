"""The plugin manager: every hook an installed plugin implements is one the engine specifies."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator

import pluggy
import pytest

from patience import Game, Position, Variant, get_plugin_manager, get_variant, hookimpl, variants
from patience.errors import UnknownVariantError
from patience.plugins import (
    DEFAULT_PLUGIN,
    PluginLoadWarning,
    Registrar,
    make_plugin_manager,
    one_line_warnings,
    rules_are_data,
)

BUILT_IN = {"eight-off", "freecell", "bakers-game", "seahaven-towers"}


def test_plugin_manager_has_no_pending_unknown_hooks() -> None:
    get_plugin_manager().check_pending()


def test_a_fresh_plugin_manager_has_no_pending_hooks() -> None:
    make_plugin_manager().check_pending()


def test_every_built_in_variant_is_registered_through_the_entry_point_group() -> None:
    table = variants()
    assert set(table) >= BUILT_IN
    assert list(table)[:4] == ["eight-off", "freecell", "bakers-game", "seahaven-towers"]
    for name in BUILT_IN:
        assert table[name].plugin, f"{name} has no plugin name"


def test_without_entry_points_only_the_defaults_are_loaded_and_no_variant() -> None:
    pm = make_plugin_manager(load_entry_points=False)
    assert [pm.get_name(plugin) for plugin in pm.get_plugins()] == [DEFAULT_PLUGIN]
    assert variants(pm) == {}


def test_each_variant_has_its_own_code_prefix() -> None:
    prefixes = [variant.prefix for variant in variants().values()]
    assert len(prefixes) == len(set(prefixes))
    assert {variants()[name].prefix for name in BUILT_IN} == {"EO", "FC", "BG", "ST"}


def test_built_in_variants_declare_their_rules_as_data() -> None:
    assert all(rules_are_data(variant) for variant in variants().values())


class _Misspelled:
    """A plugin with a hook name the engine does not specify."""

    @hookimpl
    def patience_register_variant(self, register: Callable[[Variant], None]) -> None:
        raise AssertionError("never called")


@pytest.fixture
def fresh_pm() -> Iterator[pluggy.PluginManager]:
    pm = make_plugin_manager()
    yield pm
    for plugin in list(pm.get_plugins()):
        if isinstance(plugin, _Misspelled):
            pm.unregister(plugin)


def test_a_misspelled_hook_is_reported_as_pending(fresh_pm: pluggy.PluginManager) -> None:
    fresh_pm.register(_Misspelled())
    with pytest.raises(pluggy.PluginValidationError, match="patience_register_variant"):
        fresh_pm.check_pending()


def test_a_plugin_defined_in_a_test_can_override_legality() -> None:
    from patience import Verdict

    class NoColumnFive:
        PATIENCE_OVERRIDES = ("eight-off",)

        @hookimpl
        def patience_move_legality(self, variant: Variant, position: Position, move: object) -> Verdict | None:
            if str(move).endswith("5"):
                return Verdict(False, "column 5 is closed in this test")
            return None

    pm = make_plugin_manager()
    pm.register(NoColumnFive())
    pm.check_pending()
    assert not rules_are_data(get_variant("eight-off", pm), pm)
    assert rules_are_data(get_variant("freecell", pm), pm)
    game = Game.new("eight-off", deal=1, plugins=pm)
    assert all(not str(move).endswith("5") for move in game.legal_moves)
    assert game.check(next(iter(game.legal_moves)))


def test_one_line_warnings_shows_a_plugin_warning_as_one_line_and_leaves_others_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(warnings, "showwarning", warnings.showwarning)  # put back after the test
    one_line_warnings("prog")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("plugin 'x'\n  not   loaded", PluginLoadWarning, stacklevel=1)
        warnings.warn("something else", DeprecationWarning, stacklevel=1)
    # The other warning goes to the hook that was there before (pytest's), not to a "prog: warning:" line.
    assert capsys.readouterr().err == "prog: warning: plugin 'x' not loaded\n"


class _Extra:
    """A plugin registering one variant derived from FreeCell."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        base = register.get("freecell")
        register(base.derive(name="extra", title="Extra", prefix="XT"))


def test_the_variants_are_kept_only_while_the_same_plugins_register_them() -> None:
    pm = make_plugin_manager()
    before = variants(pm)
    assert "extra" not in before
    # A caller changing its copy changes nothing kept.
    before.clear()
    assert "freecell" in variants(pm)
    extra = _Extra()
    pm.register(extra, name="extra-plugin")
    assert get_variant("extra", pm).plugin == "extra-plugin"
    pm.unregister(extra)
    assert "extra" not in variants(pm)
    with pytest.raises(UnknownVariantError, match="unknown variant 'extra'"):
        get_variant("extra", pm)
    pm.register(_Extra(), name="extra-again")
    assert get_variant("XT", pm).plugin == "extra-again"
