"""The status bar's row fits the window: the verdict, the score and the capacity always show whole.

The longest texts a FreeCell game can put there (a long verdict, an empty
column in the capacity, a three-digit move count) are shown at the window's
default FreeCell width, at narrower ones, and on a screen of 480x360, where
the whole window must fit the screen too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tkinter as tk
from collections.abc import Callable
from pathlib import Path

import pytest
from tkhelp import pump

from patience import Game, variants
from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.testing import display as private_display
from patience_tk.verdict import Verdict

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

MakeApp = Callable[..., App]


def long_texts(app: App) -> None:
    """Play FreeCell #1 to a position with an empty column, and show the longest verdict there is."""
    game = app.game
    result = solve(game.variant, game.position, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        game.play(move)
        if game.position.empty_columns and game.position.free_cells:
            break
    assert game.position.empty_columns and app.game.max_group_to_empty  # "(2 into an empty column)" is said
    pump(app.root)
    app._show_verdict(Verdict("lost", 12))
    pump(app.root)


def resize(app: App, width: int) -> None:
    app.root.geometry(f"{width}x{app.root.winfo_height()}")
    pump(app.root, until=lambda: app.root.winfo_width() == width, timeout=5)
    pump(app.root)


def check_row(app: App) -> None:
    """Every part of the status bar lies inside it, whole; the verdict says all it has to say."""
    status = app.status
    right = status.winfo_width()
    parts = (app.status_game, app.status_score, app.status_capacity, app.status_verdict)
    texts = [str(label.cget("text")) for label in parts]
    for label in parts:
        assert label.winfo_ismapped(), texts
        assert label.winfo_width() >= label.winfo_reqwidth(), (texts, label.winfo_width(), label.winfo_reqwidth())
        assert label.winfo_x() + label.winfo_width() <= right, (texts, label.winfo_x(), label.winfo_width(), right)
    assert app.verdict_text.startswith("lost: undo 12"), texts
    assert texts[0].startswith(app.game.variant.title[0]), texts  # something still names the game
    assert status.winfo_rooty() + status.winfo_height() <= app.root.winfo_screenheight(), "below the screen"
    assert status.winfo_rootx() + right <= app.root.winfo_screenwidth(), "off the screen's right edge"


def test_the_default_freecell_width_shows_the_verdict_whole_and_the_game_name(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, verdict=False)
    assert app.root.winfo_width() == 934  # the window's own size for FreeCell
    long_texts(app)
    check_row(app)
    assert str(app.status_game.cget("text")).startswith("FreeCell #1"), app.status_text


@pytest.mark.parametrize("name", sorted(variants()))
def test_every_variant_shows_the_longest_verdict_whole_at_its_own_width_and_at_640(
    make_app: MakeApp, name: str
) -> None:
    app = make_app(name, 3, verdict=False)
    game = app.game
    moves = list(game.legal_moves)[:1]
    for move in moves:
        game.play(move)
    app._show_verdict(Verdict("lost", 12))
    pump(app.root)
    check_row(app)
    resize(app, 640)
    check_row(app)


@pytest.mark.parametrize("width", [800, 700, 640])
def test_narrower_windows_show_the_verdict_score_and_capacity_whole(make_app: MakeApp, width: int) -> None:
    app = make_app("freecell", 1, verdict=False)
    long_texts(app)
    resize(app, width)
    check_row(app)
    resize(app, 1400)  # with room again, everything comes back
    assert "free cell" in str(app.status_capacity.cget("text")), app.status_text
    assert app.verdict_text == "lost: undo 12 moves to win again"
    app._show_verdict(Verdict("winnable"))
    pump(app.root)
    assert "code FC1-C4" in str(app.status_game.cget("text")), app.status_text


def small_screen_window() -> None:
    """In a process of its own on a 480x360 screen: FreeCell #1 at its longest texts, checked as above."""
    root = tk.Tk()
    root.geometry("+0+0")
    app = App(root, Game.new("freecell", 1), verdict=False)
    pump(root)
    assert root.winfo_width() <= 480 and root.winfo_height() <= 360, root.winfo_geometry()
    long_texts(app)
    check_row(app)
    # The cards are still drawn inside the table the screen leaves.
    assert app.view.layout.width <= 480 and app.canvas.winfo_height() > 100, app.canvas.winfo_height()
    root.destroy()


def test_on_a_480x360_screen_the_window_fits_and_shows_the_verdict(
    display: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A screen of its own, in a process of its own: Tk ends the process that loses an X server.
    monkeypatch.delenv("DISPLAY")
    with private_display(480, 360) as small:
        if small is None:
            pytest.skip("Xvfb is not installed or did not start")
        code = (
            f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            "import test_status_fit; test_status_fit.small_screen_window()"
        )
        env = {**os.environ, "DISPLAY": small, "PATIENCE_HOME": str(tmp_path), "PATIENCE_NO_ANIMATION": "1"}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-3000:]
