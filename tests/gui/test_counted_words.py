"""Counts in the window's sentences agree with their nouns: 1 player, 1 card home, 1 move (never "1 players")."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

import pytest
from tkhelp import pump

from patience import Game
from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.app import leaderboard_line

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

MakeApp = Callable[..., App]


def texts(window: tk.Misc) -> list[str]:
    """Every label's text in ``window``, depth first."""
    found = []
    for child in window.winfo_children():
        if "text" in child.keys():  # noqa: SIM118  (a Tk widget's options are listed by keys())
            found.append(str(child.cget("text")))
        found += texts(child)
    return found


def one_card_home() -> Game:
    """A game that has sent exactly one card home, by the solver's moves (the first deal that comes to it)."""
    for deal in range(1, 40):
        game = Game.new("freecell", deal)
        result = solve(game.variant, game.position, time_limit=10)
        assert result.outcome is Outcome.SOLVED
        for move in result.moves:
            game.play(move)
            if game.cards_home:
                break
        if game.cards_home == 1:
            return game
    raise AssertionError("no deal sends a single card home first")


def test_giving_up_with_one_card_home_says_1_card(make_app: MakeApp) -> None:
    app = make_app(one_card_home(), verdict=False)
    app.give_up()
    app.windows["give-up"].event_generate("<Return>")
    pump(app.root)
    assert "You gave up with 1 card home;" in (app.view.banner_text or ""), app.view.banner_text
    assert app.message_text.startswith("You gave up with 1 card home;")


def test_restarting_after_one_move_says_1_move(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, verdict=False)
    assert app.controller.play_text("1a")
    pump(app.root)
    dialog = app.restart()
    assert dialog is not None
    pump(app.root)
    assert "Start this deal again from the beginning? The 1 move played so far cannot be undone." in texts(dialog)
    dialog.close()
    assert app.controller.play_text("2b")
    dialog = app.restart()
    assert dialog is not None
    assert "Start this deal again from the beginning? The 2 moves played so far cannot be undone." in texts(dialog)


def test_the_leaderboard_line_counts_its_players() -> None:
    assert leaderboard_line("2026-12-01", 0) == "The leaderboard of 2026-12-01 has nobody on it yet."
    assert leaderboard_line("2026-12-01", 1) == "The leaderboard of 2026-12-01: 1 player."
    assert leaderboard_line("2026-12-01", 12) == "The leaderboard of 2026-12-01: 12 players."
