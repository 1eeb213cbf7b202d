"""Game > Daily deal in the window: the day's deal, the share line copied at the end, a real server's leaderboard."""

from __future__ import annotations

import re
import sys
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest
from tkhelp import pump, win

from patience import Game
from patience_home.leaderboard import Client, save_player
from patience_home.store import Store
from patience_solver.daily import daily_deal, today
from patience_tk import App

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from serverhelp import Server, unique_name  # the leaderboard tests' real server

pytestmark = [pytest.mark.gui, pytest.mark.timeout(180)]


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store.open()
    yield opened
    opened.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}", tmp_path)
    yield running
    running.stop()


def play_daily(app: App) -> None:
    app.daily_deal()
    assert pump(app.root, until=lambda: app.message_text.startswith("Daily"), timeout=60), app.message_text
    assert app.daily_game is not None


def test_the_daily_deal_is_dealt_and_its_share_line_copied_at_the_end(
    root: tk.Tk, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PATIENCE_SERVER", raising=False)
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    play_daily(app)
    daily = daily_deal(today(), "freecell", 4)
    assert app.game.code == daily.code
    assert f"Daily FreeCell {daily.date}" in app.message_text and "the day's attempt" in app.message_text
    win(app)
    share = root.clipboard_get()
    assert share.startswith(f"Daily FreeCell {daily.date} · #{daily.deal} · 52/52 home") and share.endswith("won")
    assert "Copied to share" in (app.view.banner_text or "")
    (info,) = [i for i in store.history() if i.daily == daily.date]
    assert info.result == "won"
    play_daily(app)  # the second game of the day is practice
    assert "practice" in app.message_text


def test_the_attempt_goes_to_the_server_and_the_leaderboard_shows_it(
    root: tk.Tk, store: Store, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATIENCE_SERVER", server.url)
    name = unique_name("window")
    save_player(server.url, name, Client(server.url).register(name))
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    play_daily(app)
    assert app.daily_game is not None and app.daily_game.attempt is not None, app.message_text
    win(app)
    assert pump(root, until=lambda: app.message_text.startswith("Rank"), timeout=60), app.message_text
    assert "Rank 1" in app.message_text
    app.daily_leaderboard()
    assert pump(root, until=lambda: "leaderboard" in app.windows, timeout=60), app.message_text
    rows = app.windows["leaderboard"].rows()  # type: ignore[attr-defined]
    assert rows[0][:3] == ("1", name, "won")
    # The time the server measured and the hints taken, after the moves.
    assert re.fullmatch(r"\d+:\d\d", rows[0][7]) and rows[0][8] == "0", rows[0]
    assert app.message_text == f"The leaderboard of {today().isoformat()}: 1 player."


def test_an_empty_leaderboard_says_nobody_is_on_it_yet(
    root: tk.Tk, store: Store, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATIENCE_SERVER", server.url)
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    app.daily_leaderboard()
    assert pump(root, until=lambda: "leaderboard" in app.windows, timeout=60), app.message_text
    assert app.message_text == f"The leaderboard of {today().isoformat()} has nobody on it yet."


def test_without_a_server_the_leaderboard_says_how_to_set_one(
    root: tk.Tk, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PATIENCE_SERVER", raising=False)
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    app.daily_leaderboard()
    assert "PATIENCE_SERVER" in app.message_text


def test_the_player_name_is_asked_once_and_the_attempt_counts(
    root: tk.Tk, store: Store, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    from patience_home.leaderboard import saved_player

    monkeypatch.setenv("PATIENCE_SERVER", server.url)
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    app.daily_deal()
    pump(root)
    dialog = app.windows["name"]
    dialog.ok()  # type: ignore[attr-defined]  # an empty name is explained; the dialog stays
    assert dialog.winfo_exists()
    name = unique_name("asked")
    dialog.name_var.set(name)  # type: ignore[attr-defined]
    dialog.event_generate("<Return>")
    assert pump(root, until=lambda: app.message_text.startswith("Daily"), timeout=60), app.message_text
    assert saved_player(server.url) is not None and saved_player(server.url)[0] == name  # type: ignore[index]
    assert app.daily_game is not None and app.daily_game.attempt is not None
