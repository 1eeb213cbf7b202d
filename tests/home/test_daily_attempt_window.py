"""A stored daily game brought back is the attempt or practice alike in a real window and in the terminal.

The same store (a real SQLite file) is opened by the window (a real Tk root,
Game ▸ History's resume) and by ``patience play --resume ID`` as a
subprocess; both take the answer from :func:`patience_home.daily.role_of`.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest

from patience import Game
from patience_home.store import Store
from patience_solver.daily import daily_deal
from patience_tk import App
from patience_tk.testing import display as private_display

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gui"))
from tkhelp import pump, tk_root  # the window tests' helpers

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]

DATE = "2026-11-30"
PATIENCE = str(Path(sys.executable).with_name("patience"))


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """DISPLAY if set; otherwise one private ``Xvfb`` for the session, as the window tests have."""
    with private_display() as shown:
        if shown is None:
            pytest.skip("no display, and Xvfb is not installed or did not start")
        yield shown


@pytest.fixture
def root(display: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tk.Tk]:
    monkeypatch.delenv("PATIENCE_SERVER", raising=False)
    monkeypatch.setenv("PATIENCE_NO_ANIMATION", "1")
    with contextlib.ExitStack() as stack:
        try:
            window = stack.enter_context(tk_root())
        except tk.TclError as error:
            pytest.skip(f"no usable display: {error}")
        yield window


def _daily_game(store: Store, moves: int, *, give_up: bool = False) -> int:
    daily = daily_deal(DATE, "freecell", 4)
    tracker = store.track(Game.from_code(daily.code), daily=DATE)
    for _ in range(moves):
        tracker.game.play(next(iter(tracker.game.legal_moves)))
    if give_up:
        tracker.game.give_up()
    assert tracker.id is not None
    tracker.close()
    return tracker.id


def _window_says(root: tk.Tk, store: Store, game_id: int) -> tuple[str, bool]:
    """Resume ``game_id`` from History in a window on ``store``: what the window says, and whether it is practice."""
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    assert app.resume_game(game_id)
    assert pump(root, until=lambda: app.message_text.startswith("Daily"), timeout=60), app.message_text
    assert app.daily_game is not None
    return app.message_text, app.daily_game.practice


def _terminal_says(game_id: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PATIENCE, "play", "--resume", str(game_id)],
        input="",
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        timeout=120,
    )


def test_an_attempt_with_a_later_game_comes_back_as_practice_in_the_window_as_in_the_terminal(root: tk.Tk) -> None:
    store = Store.open()
    attempt = _daily_game(store, 2)
    _daily_game(store, 1, give_up=True)
    said, practice = _window_says(root, store, attempt)
    store.close()
    assert practice and "practice, as you left it: 2 moves in" in said, said
    played = _terminal_says(attempt)
    assert played.returncode == 0, played.stderr
    assert "resumed your unfinished FreeCell game" in played.stderr
    assert "the day's attempt" not in played.stdout


def test_an_unfinished_attempt_alone_comes_back_as_the_attempt_in_the_window_as_in_the_terminal(root: tk.Tk) -> None:
    store = Store.open()
    attempt = _daily_game(store, 2)
    said, practice = _window_says(root, store, attempt)
    store.close()
    assert not practice and "the day's attempt, as you left it: 2 moves in" in said, said
    played = _terminal_says(attempt)
    assert played.returncode == 0, played.stderr
    assert "the day's attempt" in played.stdout
