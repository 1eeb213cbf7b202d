"""Dialogs hold still and fit: the New Game buttons stay under the pointer, Statistics fits the window."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterator

import pytest
from tkhelp import pump

from patience import variants
from patience.plugins import cell_counts
from patience_home.store import Store, VariantStats
from patience_tk import App
from patience_tk.dialogs import NewGameDialog
from patience_tk.stats import StatisticsDialog

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

MakeApp = Callable[..., App]


def places(dialog: NewGameDialog) -> dict[str, tuple[int, int, int, int]]:
    """Where the Deal and Cancel buttons are on the screen: x, y, width, height."""
    return {
        str(button.cget("text")): (
            button.winfo_rootx(),
            button.winfo_rooty(),
            button.winfo_width(),
            button.winfo_height(),
        )
        for button in (dialog.ok_button, dialog.cancel_button)
    }


def hits(dialog: NewGameDialog, where: tuple[int, int, int, int]) -> tk.Misc | None:
    """The widget a click at the middle of ``where`` lands on."""
    x, y, width, height = where
    return dialog.winfo_containing(x + width // 2, y + height // 2)


def test_the_new_game_buttons_stay_where_they_are_whatever_is_chosen(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, verdict=False)
    dialog = app.new_game()
    pump(app.root)
    before = places(dialog)
    assert hits(dialog, before["Deal"]) is dialog.ok_button
    # Every variant and every cell count it offers: the note about unwinnable deals comes and goes,
    # the list of cell counts grows and shrinks.
    for name in variants():
        dialog.choose_variant(name)
        for count in cell_counts(dialog.variant)[0]:
            dialog.cell_buttons[count].invoke()
            pump(app.root)
            shown = (name, count, str(dialog.note.cget("text")))
            assert places(dialog) == before, shown
            assert hits(dialog, before["Deal"]) is dialog.ok_button, shown
            assert hits(dialog, before["Cancel"]) is dialog.cancel_button, shown
            bottom = dialog.winfo_rooty() + dialog.winfo_height()
            assert dialog.note.winfo_rooty() + dialog.note.winfo_reqheight() <= bottom, shown
    dialog.choose_variant("eight-off")
    dialog.cell_buttons[2].invoke()
    pump(app.root)
    assert "cannot be won" in str(dialog.note.cget("text"))
    assert dialog.note.winfo_height() >= dialog.note.winfo_reqheight()  # the note shows whole
    dialog.ok_button.invoke()  # the button under the pointer deals
    pump(app.root, until=lambda: app.game.variant.name == "eight-off", timeout=60)
    assert app.game.variant.name == "eight-off" and app.game.cells == 2


@pytest.fixture
def many_stats() -> Iterator[list[VariantStats]]:
    """A row per installed variant and cell count, with the widest numbers the columns are made for."""
    rows = []
    for name, variant in variants().items():
        for cells in cell_counts(variant)[0]:
            rows.append(VariantStats(name, cells, 9999, 9999, 999, 999, 99999, 9999, 9999.5))
    yield rows


@pytest.mark.parametrize("width", [None, 640])
def test_the_statistics_window_is_never_wider_than_the_main_window(
    make_app: MakeApp, many_stats: list[VariantStats], width: int | None
) -> None:
    app = make_app("freecell", 1, verdict=False)
    if width is not None:
        app.root.geometry(f"{width}x{app.root.winfo_height()}")
        pump(app.root, until=lambda: app.root.winfo_width() == width, timeout=5)
    main = app.root.winfo_width()
    dialog = StatisticsDialog(app.root, many_stats, ("freecell", 4), note="Games are not being saved.")
    pump(app.root)
    assert dialog.winfo_width() <= main, (dialog.winfo_width(), main)
    # Every column can still be reached: the table scrolls sideways when it does not fit.
    assert dialog.sideways.winfo_ismapped() and dialog.table.xview()[1] < 1.0
    dialog.table.xview_moveto(1.0)
    pump(app.root)
    assert dialog.table.xview()[1] == 1.0
    assert dialog.selected[:2] == ("FreeCell", "4")
    dialog.destroy()


def test_statistics_from_a_real_store_fit_the_main_window(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, verdict=False)
    store = Store.open()
    try:
        app.store = store
        dialog = app.show_statistics()
        assert dialog is not None
        pump(app.root)
        root = app.root
        assert dialog.winfo_width() <= root.winfo_width()
        # Over the main window, not hanging off its side.
        assert root.winfo_rootx() <= dialog.winfo_rootx()
        assert dialog.winfo_rootx() + dialog.winfo_width() <= root.winfo_rootx() + root.winfo_width()
        dialog.destroy()
    finally:
        store.close()
