"""Every game fits the window at its default size: each column, cell and foundation, its labels and the status bar.

Parametrized over every installed variant, and over the shapes a library
of games brings that the installed ones may not: the authored plugins'
13 columns with no cell, three decks (12 foundations) and a reserve
and test tables of 18 columns (two decks), of 13 columns with 12
foundations and 10 cells, and of 10 columns with 12 cells
(tests/cli/game_library.py). Each is dealt (#1) in a real window on the tests' screen (Xvfb,
1280 x 900 unless DISPLAY says otherwise), and all of them once more on a
screen of 800 x 600.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tkhelp import pump

from patience import Game, get_plugin_manager, variants
from patience_tk import App
from patience_tk.testing import display as private_display

MakeApp = Callable[..., App]

_SPEC = importlib.util.spec_from_file_location("game_library", Path(__file__).parent.parent / "cli" / "game_library.py")
assert _SPEC is not None and _SPEC.loader is not None
_LIBRARY = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_LIBRARY)

GAMES = sorted(variants()) + _LIBRARY.games()


@pytest.fixture(scope="module")
def library() -> Iterator[None]:
    pm = get_plugin_manager()
    registered = []
    for name, plugin in _LIBRARY.plugins():
        if name == "game-fillers":
            continue  # FreeCell under other names: no other shape
        pm.register(plugin, name=name)
        registered.append(plugin)
    yield
    for plugin in registered:
        pm.unregister(plugin)


def _inside(box: tuple[float, float, float, float], width: float, height: float) -> bool:
    x0, y0, x1, y1 = box
    return x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height


def _widget_box(widget: tk.Misc, root: tk.Misc) -> tuple[int, int, int, int]:
    x = widget.winfo_rootx() - root.winfo_rootx()
    y = widget.winfo_rooty() - root.winfo_rooty()
    return x, y, x + widget.winfo_width(), y + widget.winfo_height()


def test_the_list_covers_the_wide_shapes() -> None:
    assert {"wide-eighteen", "thirteen-triple", "twelve-cells"} <= set(GAMES)
    assert len(GAMES) >= len(variants())


def check_fits(app: App) -> None:
    """Assert that ``app``'s game shows whole in its window at the size it opened with."""
    root = app.root
    game = app.game
    position = game.position
    layout = app.view.layout
    name = game.variant.name
    assert len(layout.columns) == game.variant.columns == len(position.columns)
    assert len(layout.cells) == len(position.cells)
    assert len(layout.foundations) == 4 * game.variant.rules.decks
    width, height = app.canvas.winfo_width(), app.canvas.winfo_height()
    assert (layout.width, layout.height) == (width, height)  # the table is laid out for the canvas it has
    # Every slot, and every card dealt, lies inside the canvas.
    for kind, boxes in (("cell", layout.cells), ("foundation", layout.foundations), ("column", layout.columns)):
        for index, box in enumerate(boxes):
            assert _inside((box.x0, box.y0, box.x1, box.y1), width, height), (name, kind, index + 1, box, width)
    for column, cards in enumerate(position.columns):
        if cards:
            last = layout.card_box(column, len(cards) - 1, len(cards))
            assert _inside((last.x0, last.y0, last.x1, last.y1), width, height), (name, column + 1, last)
    # Everything drawn (cards, slots, their letters, the foundations' label) shows whole.
    drawn = app.canvas.bbox("all")
    assert drawn is not None and _inside(drawn, width, height), (name, drawn, width, height)
    # No two slots overlap: every one can be seen and clicked.
    slots = [*layout.cells, *layout.foundations, *layout.columns]
    for i, one in enumerate(slots):
        assert all(one.overlap(other) == 0 for other in slots[i + 1 :]), (name, i, one)
    # The canvas, the move box and the status bar are inside the window, and the window inside the screen.
    top = root.winfo_toplevel()
    inner_w, inner_h = top.winfo_width(), top.winfo_height()
    for widget in (app.canvas, app.entry, app.status, app.status_score, app.status_capacity):
        box = _widget_box(widget, top)
        assert widget.winfo_ismapped() and widget.winfo_width() > 1, (name, widget)
        assert _inside(box, inner_w, inner_h), (name, widget, box, inner_w, inner_h)
    assert inner_w <= top.winfo_screenwidth() and inner_h <= top.winfo_screenheight(), name


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize("name", GAMES)
def test_the_game_fits_the_window_at_its_default_size(make_app: MakeApp, name: str) -> None:
    app = make_app(Game.new(name, 1), verdict=False)
    check_fits(app)


def small_screen_windows() -> None:
    """In a process of its own on a small screen: each game in a window of its own, checked as above."""
    pm = get_plugin_manager()
    for plugin_name, plugin in _LIBRARY.plugins():
        if plugin_name != "game-fillers":
            pm.register(plugin, name=plugin_name)
    for name in GAMES:
        root = tk.Tk()
        root.geometry("+0+0")
        app = App(root, Game.new(name, 1), verdict=False)
        pump(root)
        check_fits(app)
        root.destroy()


def test_on_an_800x600_screen_every_game_fits(display: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # A screen of its own, in a process of its own: Tk ends the process that loses an X server.
    monkeypatch.delenv("DISPLAY")
    with private_display(800, 600) as small:
        if small is None:
            pytest.skip("Xvfb is not installed or did not start")
        code = (
            f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            "import test_every_game_fits; test_every_game_fits.small_screen_windows()"
        )
        env = {**os.environ, "DISPLAY": small, "PATIENCE_HOME": str(tmp_path), "PATIENCE_NO_ANIMATION": "1"}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
