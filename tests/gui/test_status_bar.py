"""The status bar on a narrow window: the game's name is shortened with "…", never cut off at the edge."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from tkhelp import pump

from patience_tk import App
from patience_tk.app import elide

MakeApp = Callable[..., App]


def resize(app: App, width: int) -> None:
    app.root.geometry(f"{width}x{app.root.winfo_height()}")
    pump(app.root, until=lambda: app.root.winfo_width() == width, timeout=5)
    pump(app.root)


def shown_whole(label: tk.Label) -> bool:
    """Whether the label has all the room its text asks for (else Tk cuts the text off at the edge)."""
    return label.winfo_width() >= label.winfo_reqwidth()


def test_a_narrow_window_shortens_the_game_name_with_an_ellipsis_and_a_wide_one_shows_it_all(
    make_app: MakeApp,
) -> None:
    app = make_app("eight-off", 8_589_934_591, 8)
    full = "Eight Off #8,589,934,591, 8 cells  ·  code "
    assert str(app.status_game.cget("text")).startswith(full)
    for width in (900, 700, 560):
        resize(app, width)
        text = str(app.status_game.cget("text"))
        assert text.endswith("…") or "code" not in text, (width, text)
        assert text.startswith("E") and shown_whole(app.status_game), (width, text, app.status_game.winfo_width())
        assert app.status_score.winfo_ismapped() and shown_whole(app.status_score)
    resize(app, 1400)
    assert str(app.status_game.cget("text")).startswith(full)


def test_the_name_is_fitted_again_when_the_rest_of_the_status_bar_changes(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    resize(app, 640)
    before = str(app.status_game.cget("text"))
    app.controller.play_text("3a")  # the score and moves grow, the name gets what is left
    pump(app.root)
    assert shown_whole(app.status_game), (before, app.status_game.cget("text"))


def test_elide_drops_the_code_first_then_cuts_the_name() -> None:
    def measure(text: str) -> int:
        return 10 * len(text)

    assert elide("FreeCell #1, 4 cells", " · code FC1", 400, measure) == "FreeCell #1, 4 cells · code FC1"
    assert elide("FreeCell #1, 4 cells", " · code FC1", 200, measure) == "FreeCell #1, 4 cells"
    assert elide("FreeCell #1, 4 cells", " · code FC1", 120, measure) == "FreeCell #1…"
    assert elide("FreeCell #1, 4 cells", " · code FC1", 5, measure) == "F…"
