"""The window labels each cell with the suit it takes, where each cell takes one suit (Four Colours)."""

from __future__ import annotations

from collections.abc import Callable

from patience import Game
from patience_tk import App

MakeApp = Callable[..., App]


def _texts(app: App) -> list[str]:
    canvas = app.canvas
    return [canvas.itemcget(item, "text") for item in canvas.find_all() if canvas.type(item) == "text"]


def test_four_colours_cells_are_labelled_with_their_suits(make_app: MakeApp) -> None:
    app = make_app(Game.new("four-colours", 1))
    assert len(app.view.layout.cells) == 4
    texts = _texts(app)
    assert {"a ♣", "b ♠", "c ♥", "d ♦"} <= set(texts)
    # Nothing is cut off at the default size: every cell and column lies inside the table.
    layout = app.view.layout
    for box in (*layout.cells, *layout.foundations, *layout.columns):
        assert 0 <= box.x0 < box.x1 <= layout.width


def test_freecell_cells_keep_their_bare_letters(make_app: MakeApp) -> None:
    texts = _texts(make_app(Game.new("freecell", 1)))
    assert {"a", "b", "c", "d"} <= set(texts)
    assert not any(text.startswith("a ") for text in texts)
