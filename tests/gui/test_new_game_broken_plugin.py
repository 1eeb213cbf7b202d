"""The New Game dialog offers every variant but one whose plugin breaks its cell counts, on a real Tk root."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from tkhelp import pump

from patience import Variant, get_plugin_manager, hookimpl
from patience.plugins import PluginLoadWarning, Registrar
from patience_tk import App

SHIPPED = ["eight-off", "freecell", "bakers-game", "seahaven-towers"]


class CellCountsAsText:
    """Registers ``odd-cell`` and answers its cell counts with text."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(register.get("freecell").derive(name="odd-cell", title="Odd Cell", prefix="OD"))

    @hookimpl
    def patience_cell_counts(self, variant: Variant) -> object:
        return "4"


@pytest.fixture
def broken() -> Iterator[None]:
    """``CellCountsAsText`` in the process-wide plugin manager for one test."""
    pm = get_plugin_manager()
    plugin = CellCountsAsText()
    pm.register(plugin, name="texty")
    yield
    pm.unregister(plugin)


@pytest.mark.usefixtures("broken")
def test_the_new_game_dialog_leaves_out_only_the_variant_whose_cell_counts_break(
    make_app: Callable[..., App],
) -> None:
    app = make_app("freecell", 1)
    with pytest.warns(PluginLoadWarning, match="the variant 'odd-cell' is left out of the list: plugin 'texty'"):
        dialog = app.new_game(mode="number")
    pump(app.root)
    assert "odd-cell" not in dialog.variants
    assert list(dialog.variants)[:4] == SHIPPED
    for name in dialog.variants:  # every variant offered can be picked and shows its cell counts
        dialog.choose_variant(name)
        pump(app.root)
        assert dialog.cell_choices, name
    dialog.choose_variant("freecell")
    dialog.winnable_var.set(False)
    dialog.deal_var.set("1")
    dialog.ok_button.invoke()
    pump(app.root)
    assert app.game.code == "FC1-C4-AAAAAAB"
