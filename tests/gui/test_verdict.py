"""The live verdict: the solver judges every position in its own process; the status bar says what it found."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from tkhelp import pump

from patience import Game
from patience_tk import App

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

MakeApp = Callable[..., App]


def test_freecell_1_is_winnable(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    assert pump(app.root, until=lambda: app.verdict_text == "winnable", timeout=60), app.verdict_text
    first = app.verdict.last
    app.controller.play_text("6a")
    # A new position drops the old verdict; the solver's answer for it is a new one (it may come
    # back within the first event-loop pass, so "nothing known yet" is not something to wait for).
    assert pump(app.root, until=lambda: app.verdict.last is not first and app.verdict_text == "winnable", timeout=60)


def test_freecell_11982_is_lost(make_app: MakeApp) -> None:
    app = make_app("freecell", 11982)
    # The solver needs about 20 s on a busy machine to prove it; the window stays free meanwhile.
    started = time.monotonic()
    app.root.update()
    assert time.monotonic() - started < 0.5
    assert pump(app.root, until=lambda: app.verdict_text.startswith("lost"), timeout=100), app.verdict_text
    assert app.verdict_text == "lost"  # lost from the deal: no undo helps


def test_a_lost_position_says_how_many_undos_win_again(make_app: MakeApp) -> None:
    app = make_app("eight-off", 2, 4)
    for move in ("2h", "86", "ah", "2a"):  # the last one loses a deal that could be won
        assert app.controller.play_text(move)
    pump(app.root)
    assert pump(app.root, until=lambda: app.verdict_text.startswith("lost"), timeout=60), app.verdict_text
    assert app.verdict_text == "lost: undo 1 move to win again"
    app.controller.undo()
    assert pump(app.root, until=lambda: app.verdict_text == "winnable", timeout=60), app.verdict_text


def test_a_game_the_window_did_not_see_played_counts_undos_from_its_own_history(make_app: MakeApp) -> None:
    # Moves made before the window gets the game, as when an unfinished game is resumed from the store.
    game = Game.new("eight-off", 2, 4)
    for move in ("2h", "86", "ah", "2a"):
        game.play(move)
    app = make_app(game)
    assert pump(app.root, until=lambda: app.verdict_text.startswith("lost"), timeout=60), app.verdict_text
    assert app.verdict_text == "lost: undo 1 move to win again"


def test_the_menu_switch_turns_the_verdict_off(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    index = app.menus["play"].index("Live verdict (winnable or lost)")
    app.menus["play"].invoke(index)
    pump(app.root)
    assert not app.verdict.enabled and not app.verdict.waiting
    app.controller.play_text("6a")
    pump(app.root, timeout=1.0, until=lambda: False)
    assert app.verdict_text == "" and not app.verdict.waiting
    app.menus["play"].invoke(index)
    assert pump(app.root, until=lambda: app.verdict_text == "winnable", timeout=60), app.verdict_text
