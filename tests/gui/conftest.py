"""A display for the Tk tests: the one in DISPLAY, or a private Xvfb for the session; else the tests skip."""

from __future__ import annotations

import contextlib
import tkinter as tk
from collections.abc import Callable, Iterator

import pytest
from tkhelp import pump, tk_root

from patience import Game
from patience_tk import App
from patience_tk.testing import display as private_display


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """DISPLAY if set; otherwise a private ``Xvfb`` for the session (:func:`patience_tk.testing.display`)."""
    with private_display() as shown:
        if shown is None:
            pytest.skip("no display, and Xvfb is not installed or did not start")
        yield shown


@pytest.fixture(autouse=True)
def no_animation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards jump instead of sliding, so that a test sees the end position at once (tests of motion turn it on)."""
    monkeypatch.setenv("PATIENCE_NO_ANIMATION", "1")


@pytest.fixture
def root(display: str) -> Iterator[tk.Tk]:
    """A real Tk root for one test, destroyed afterwards."""
    with contextlib.ExitStack() as stack:
        try:
            window = stack.enter_context(tk_root())
        except tk.TclError as error:
            pytest.skip(f"no usable display: {error}")
        yield window


@pytest.fixture
def make_app(root: tk.Tk) -> Callable[..., App]:
    """Build the window for a game and let Tk lay it out."""

    def make(game: Game | str = "freecell", deal: int = 1, cells: int | None = None, **options: float) -> App:
        if isinstance(game, str):
            game = Game.new(game, deal, cells)
        app = App(root, game, **options)
        pump(root)
        return app

    return make
