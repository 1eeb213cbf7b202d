"""The window with a 13-column game and a 10-cell FreeCell: its cells shown and lettered, moves typed past column 9."""

from __future__ import annotations

import importlib.util
import types
from collections.abc import Callable
from pathlib import Path

import pluggy
import pytest
from tkhelp import pump

import patience
from patience import Game, Place
from patience_tk import App

MakeApp = Callable[..., App]

#: The plugin of the command-line tests (tests/cli/wide_tables.py): 13 columns, and FreeCell with 10 cells.
_SPEC = importlib.util.spec_from_file_location("wide_tables", Path(__file__).parent.parent / "cli" / "wide_tables.py")
assert _SPEC is not None and _SPEC.loader is not None
_WIDE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_WIDE)


@pytest.fixture(scope="module")
def pm() -> pluggy.PluginManager:
    module = types.ModuleType("patience_wide_tables")
    exec(_WIDE.SOURCE, module.__dict__)
    manager = patience.make_plugin_manager()
    manager.register(module, name="wide-tables")
    return manager


def _game(pm: pluggy.PluginManager, name: str) -> Game:
    return Game.new(patience.get_variant(name, pm), 1, plugins=pm)


def _key(app: App, keysym: str) -> None:
    app.canvas.focus_force()
    app.canvas.event_generate("<KeyPress>", keysym=keysym)
    pump(app.root)


def _labels(app: App) -> list[str]:
    canvas = app.canvas
    return [canvas.itemcget(item, "text") for item in canvas.find_all() if canvas.type(item) == "text"]


def test_the_window_shows_ten_cells_lettered_to_n(make_app: MakeApp, pm: pluggy.PluginManager) -> None:
    app = make_app(_game(pm, "freecell-ten"))
    assert len(app.view.layout.cells) == 10
    assert set("abcdefgkmn") <= set(_labels(app))


def test_in_the_window_m_and_n_start_moves_from_the_ninth_and_tenth_cells(
    make_app: MakeApp, pm: pluggy.PluginManager
) -> None:
    app = make_app(_game(pm, "freecell-ten"))
    for text in ["6a", "7b", "7c", "7d", "8e", "8f", "8g", "1k", "1m"]:
        assert app.controller.play_text(text), text
    assert app.game.position.cells[8] is not None
    _key(app, "n")  # a cell in play: the start of a move, not New Game (Shift+N)
    assert app.entry.get() == "n"


def test_a_move_past_column_nine_is_typed_with_its_dash(make_app: MakeApp, pm: pluggy.PluginManager) -> None:
    app = make_app(_game(pm, "dozen-wide"))
    moved = app.game.position.column(Place.column(10))[-1]
    for keysym in ["1", "1"]:
        _key(app, keysym)
    _key(app, "minus")
    app.entry.insert("end", "9")
    app.entry.event_generate("<Return>")
    pump(app.root)
    assert app.entry.get() == ""
    assert app.game.position.column(Place.column(8))[-1] == moved
