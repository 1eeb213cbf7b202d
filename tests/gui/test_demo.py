"""Play ▸ Demo: the solver's line played on the table; a key or a click gives the game back; its wins are assisted."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest
from tkhelp import pump

from patience import Game
from patience.formats.records import parse_record
from patience_home.store import Store
from patience_tk import App
from patience_tk.daily import DailyGame
from patience_tk.demo import SPEEDS, demo_refused
from patience_tk.prefs import load_preferences

pytestmark = [pytest.mark.gui, pytest.mark.timeout(180)]


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store.open()  # in this test's own PATIENCE_HOME
    assert opened.saving, opened.notice
    yield opened
    opened.close()


def open_app(root: tk.Tk, store: Store, variant: str, deal: int, **options: float) -> App:
    app = App(root, Game.new(variant, deal), store=store, verdict=False, hint_time=30.0, **options)
    app.demo.delay = 0.0  # the pace is the player's; the test wants the end
    pump(root)
    return app


def demo_entry(app: App) -> int:
    """The index of Play ▸ Demo in the Play menu, found by its label."""
    play = app.menus["play"]
    for index in range(int(play.index("end") or 0) + 1):
        if play.type(index) == "command" and play.entrycget(index, "label") == "Demo":
            return index
    raise AssertionError("no Play ▸ Demo")


@pytest.mark.parametrize(("variant", "deal"), [("freecell", 617), ("eight-off", 160)])
def test_the_demo_wins_the_deal_on_the_table_and_the_win_is_assisted(
    root: tk.Tk, store: Store, variant: str, deal: int
) -> None:
    app = open_app(root, store, variant, deal)
    app.menus["play"].invoke(demo_entry(app))
    assert app.demo.running
    assert pump(root, until=lambda: app.game.is_won, timeout=150), app.message_text
    assert not app.demo.running
    assert app.view.banner_text is not None and "the demo" in app.view.banner_text
    (info,) = store.history()
    assert info.result == "won" and info.assisted == ("demo",) and info.hints == 0
    record = parse_record(store.export(info.id) or "")
    assert record.tag("Assisted") == "demo"
    (line,) = store.stats()
    assert (line.won, line.won_unassisted, line.streak_unassisted) == (1, 0, 0)


@pytest.mark.parametrize("stop", ["key", "click"])
def test_a_key_or_a_click_stops_the_demo_and_the_player_moves_next(root: tk.Tk, store: Store, stop: str) -> None:
    app = open_app(root, store, "freecell", 617)
    app.demo.delay = 0.05
    app.start_demo()
    assert pump(root, until=lambda: app.game.moves >= 3, timeout=60), app.message_text
    if stop == "key":
        app.canvas.focus_force()
        app.canvas.event_generate("<KeyPress>", keysym="x")
    else:
        app.canvas.event_generate("<ButtonPress-1>", x=5, y=5)
    pump(root)
    assert not app.demo.running
    assert "Demo stopped" in app.message_text
    stopped_at = app.game.moves
    pump(root, until=lambda: app.game.moves != stopped_at, timeout=1.0)
    assert app.game.moves == stopped_at and not app.game.is_over  # the demo plays no more
    # The key that stopped it did nothing else; the player's own move is played as any other.
    move = next(iter(app.game.legal_moves))
    assert app.controller.play_move(move)
    assert app.game.moves == stopped_at + 1
    assert app.game.log[-1] == str(move)
    (info,) = store.history()
    assert info.assisted == ("demo",)


def test_a_hint_and_the_demo_are_both_named_in_the_record(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", 617)
    app.controller.hint()
    assert pump(root, until=lambda: app.game.hints == 1, timeout=60)
    app.start_demo()
    assert pump(root, until=lambda: app.game.is_won, timeout=150), app.message_text
    (info,) = store.history()
    assert info.assisted == ("hint", "demo")


def test_a_hinted_win_in_the_window_raises_won_but_not_won_unassisted(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", 617)
    for _ in range(200):
        if app.game.is_won:
            break
        played = app.game.moves
        app.controller.hint(then_play=True)
        assert pump(root, until=lambda n=played: app.game.moves > n or app.game.is_won, timeout=60), app.message_text
    assert app.game.is_won
    (line,) = store.stats()
    assert (line.won, line.current_streak, line.won_unassisted, line.streak_unassisted) == (1, 1, 0, 0)
    assert app.view.banner_text is not None and "hints" in app.view.banner_text
    dialog = app.show_statistics()
    assert dialog is not None
    headings = [dialog.table.heading(column, "text") for column in dialog.table["columns"]]
    unassisted = ["Won unassisted", "Streak unassisted", "Longest streak unassisted", "Best score unassisted"]
    assert headings[3:7] == unassisted
    assert headings[7] == "Won"
    assert dialog.selected[3:5] == ("0", "0") and dialog.selected[7] == "1"


def test_the_demo_says_in_one_line_when_the_solver_gives_up(root: tk.Tk, store: Store) -> None:
    # FreeCell #11982 is lost, and its proof takes 139,579 positions: 300 are not enough to say.
    app = open_app(root, store, "freecell", 11982, hint_positions=300)
    app.start_demo()
    assert pump(root, until=lambda: not app.demo.running, timeout=60)
    assert app.message_text.startswith("The demo stops:"), app.message_text
    assert "\n" not in app.message_text and app.game.moves == 0
    assert store.history() == []  # nothing was played: the game is not assisted


def test_the_demo_speed_is_chosen_in_the_play_menu_and_remembered(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", 617)
    speeds = app.menus["demo speed"]
    labels = [speeds.entrycget(index, "label") for index in range(int(speeds.index("end") or 0) + 1)]
    assert labels == ["Slow", "Normal", "Fast"]
    speeds.invoke(2)
    assert app.demo.delay == SPEEDS["fast"]
    assert load_preferences()[0].demo_speed == "fast"
    assert speeds.entrycget(2, "value") == app.demo_speed_var.get() == "fast"


def test_no_demo_during_a_daily_attempt_sent_to_a_server(root: tk.Tk, store: Store) -> None:
    from patience_home.leaderboard import Client
    from patience_solver.daily import daily_deal, parse_date

    deal = daily_deal(parse_date("2026-12-24"), "freecell", 4)
    attempt = DailyGame(deal, practice=False, client=Client("http://127.0.0.1:9"), attempt=1)
    practice = DailyGame(deal, practice=True)
    assert demo_refused(attempt) and not demo_refused(practice) and not demo_refused(None)
    app = open_app(root, store, "freecell", 617)
    app.set_game(Game.from_code(deal.code), daily=attempt)
    pump(root)
    assert app.menus["play"].entrycget(demo_entry(app), "state") == "disabled"
    app.start_demo()
    assert not app.demo.running and "ranked" in app.message_text
    app.set_game(Game.from_code(deal.code), daily=practice)
    pump(root)
    assert app.menus["play"].entrycget(demo_entry(app), "state") == "normal"


def test_the_demo_stops_when_the_game_turns_out_to_be_a_ranked_attempt(root: tk.Tk, store: Store) -> None:
    from patience_home.leaderboard import Client
    from patience_solver.daily import daily_deal, parse_date

    deal = daily_deal(parse_date("2026-12-24"), "freecell", 4)
    app = open_app(root, store, "freecell", 617)
    app.demo.delay = 0.2
    app.start_demo()
    assert pump(root, until=lambda: app.game.moves >= 1, timeout=60)
    # As when the window learns, after it opened, that the game it resumed is the day's ranked attempt.
    app.daily_game = DailyGame(deal, practice=False, client=Client("http://127.0.0.1:9"), attempt=1)
    assert pump(root, until=lambda: not app.demo.running, timeout=30)
    assert "ranked" in app.message_text and not app.game.is_over
