"""The window and the store: every action recorded, the unfinished game back on start, statistics, the streak."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest
from tkhelp import pump, win

from patience import Game
from patience.formats.records import parse_record
from patience_home.store import Store
from patience_tk import App
from patience_tk.app import _parser, prepare

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store.open()  # in this test's own PATIENCE_HOME
    assert opened.saving, opened.notice
    yield opened
    opened.close()


def open_app(root: tk.Tk, store: Store, *argv: str) -> App:
    game, tracker, note = prepare(_parser().parse_args(list(argv)), store)
    app = App(root, game, store=store, tracker=tracker, note=note, verdict=False)
    pump(root)
    return app


def test_every_action_is_recorded_as_it_is_played(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", "1")
    app.controller.play_text("6a")
    app.controller.play_text("6b")
    app.controller.undo()
    app.controller.redo()
    app.controller.hint()
    assert pump(root, until=lambda: "hint" in app.game.log, timeout=30)
    (info,) = store.history()
    assert info.result == "unfinished" and info.code == "FC1-C4-AAAAAAB"
    record = parse_record(store.export(info.id) or "")
    assert list(record.actions) == app.game.log == ["6a", "6b", "undo", "redo", "hint"]
    assert info.undos == 1 and info.hints == 1


def test_one_move_in_is_said_in_the_singular(root: tk.Tk, store: Store) -> None:
    first = Game.new("freecell", 617)
    tracker = store.track(first)
    first.play("7a")
    tracker.close()
    app = open_app(root, store)
    assert "1 move in" in app.message_text and "1 moves" not in app.message_text


def test_the_last_unfinished_game_comes_back_on_start_and_says_so(root: tk.Tk, store: Store) -> None:
    first = Game.new("freecell", 617)
    tracker = store.track(first)
    for move in ("7a", "7b", "3c"):
        first.play(move)
    first.undo()
    tracker.close()  # the window was closed in the middle of the game
    app = open_app(root, store)  # patience-tk with no deal and no code
    assert app.game.code == first.code and app.game.position == first.position
    assert app.game.log == first.log and app.game.score == first.score and app.game.can_redo
    assert "Welcome back" in app.message_text and "FreeCell #617" in app.message_text
    assert f"{first.moves} moves in" in app.message_text  # 3 moves and an undo
    app.controller.redo()
    assert store.history()[0].moves == app.game.moves  # and it goes on being recorded


def test_naming_a_deal_deals_it_and_a_new_deal_abandons_the_unfinished_game(root: tk.Tk, store: Store) -> None:
    tracker = store.track(Game.new("freecell", 617))
    tracker.game.play("7a")
    tracker.close()
    app = open_app(root, store, "freecell", "5")
    assert app.game.deal == 5 and "Welcome back" not in app.message_text
    app.controller.play_text("1a")
    dialog = app.new_game(mode="number")
    dialog.deal_var.set("6")
    dialog.ok_button.invoke()
    pump(root)
    assert app.game.deal == 6
    results = {info.deal: info.result for info in store.history()}
    assert results == {5: "abandoned", 617: "abandoned"}


def test_statistics_show_every_variant_played_with_the_current_one_selected(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", "1")
    win(app)
    app.set_game(Game.new("bakers-game", 3))
    app.controller.play_text("1a")
    app.give_up()
    app.windows["give-up"].event_generate("<Return>")
    pump(root)
    app.set_game(Game.new("freecell", 2))
    dialog = app.show_statistics()
    assert dialog is not None
    pump(root)
    rows = {row[0]: row for row in dialog.rows()}
    # Cells, played, then won unassisted ... and won and the win rate after the unassisted figures.
    assert rows["FreeCell"][1:4] == ("4", "1", "1") and rows["FreeCell"][7:9] == ("1", "100%")
    assert rows["Baker's Game"][1:4] == ("4", "1", "0")
    assert dialog.selected[:2] == ("FreeCell", "4")
    dialog.event_generate("<Escape>")
    pump(root)
    assert not dialog.winfo_exists()


def test_the_win_banner_shows_the_streak_and_the_best_score(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", "1")
    win(app)
    banner = app.view.banner_text or ""
    assert "1 win in a row" in banner and f"best score {app.game.score}" in banner
    app.next_deal()
    win(app)
    banner = app.view.banner_text or ""
    assert "2 wins in a row" in banner and "2 of 2 won" in banner
