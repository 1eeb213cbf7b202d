"""The day's attempt left unfinished in the window comes back exactly as it was, and stays the attempt.

Each test plays the daily deal in a real window on a real store, closes it
(the window destroyed, the store closed) and opens a new window on the
store opened again, as starting ``patience-tk`` again does; the server
tests run a real ``patience serve``.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest
from tkhelp import pump, tk_root, win

from patience import Game
from patience_home.leaderboard import Client, save_player
from patience_home.store import Store
from patience_solver import solve
from patience_solver.daily import daily_deal, today
from patience_tk import App
from patience_tk.app import _parser, prepare

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from serverhelp import Server, call, unique_name  # the leaderboard tests' real server

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}", tmp_path)
    yield running
    running.stop()


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PATIENCE_SERVER", raising=False)


def window() -> contextlib.AbstractContextManager[tk.Tk]:
    """A second real Tk root (the first window was closed), destroyed afterwards."""
    return tk_root()


def play_daily(app: App) -> None:
    """Game ▸ Daily deal, and wait until the window has said which game it is."""
    app.daily_deal()
    assert pump(app.root, until=lambda: app.message_text.startswith("Daily"), timeout=60), app.message_text
    assert app.daily_game is not None


def play_some(app: App) -> tuple[object, ...]:
    """Three moves of a winning line and one of them taken back (so there is a redo); what the game is then."""
    game = app.game
    moves = solve(game.variant, game.position, time_limit=30).moves
    for move in moves[:3]:
        game.play(move)
    game.undo()
    pump(app.root)
    assert game.moves > 0 and game.can_redo
    return state(game)


def state(game: Game) -> tuple[object, ...]:
    """Everything that makes a game as it was: position, counts, the actions and what undo and redo can do."""
    return (
        game.code,
        game.position,
        game.score,
        game.moves,
        game.undos,
        tuple(game.log),
        game.undo_positions,
        game.can_redo,
    )


def daily_games(store: Store) -> list[tuple[int, str]]:
    """The store's games of today's FreeCell daily deal, oldest first: (id, result)."""
    date = today().isoformat()
    return sorted((info.id, info.result) for info in store.history() if info.daily == date)


def close(app: App, store: Store) -> None:
    """Close the window as the player does (Ctrl+Q: the root destroyed) and the store, as the program's end does."""
    app.root.destroy()
    gc.collect()
    store.close()


def test_daily_deal_again_brings_back_the_unfinished_attempt_as_it_was(root: tk.Tk, no_server: None) -> None:
    store = Store.open()
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    play_daily(app)
    left = play_some(app)
    [(attempt_id, _)] = daily_games(store)
    close(app, store)

    store = Store.open()
    try:
        with window() as again:
            # `patience-tk freecell 1` names a deal, so the window opens on it; then Game ▸ Daily deal.
            app = App(again, Game.new("freecell", 1), store=store, verdict=False)
            play_daily(app)
            assert state(app.game) == left
            assert "the day's attempt, as you left it" in app.message_text, app.message_text
            assert app.daily_game is not None and not app.daily_game.practice
            app.controller.redo()  # the redo kept from before the window was closed
            assert app.game.can_undo and not app.game.can_redo
            win(app)
            assert daily_games(store) == [(attempt_id, "won")]  # the same game, ended: one attempt
            share = again.clipboard_get()
            assert f"{app.game.moves} moves · 1 undo" in share and "practice" not in share, share
            play_daily(app)  # the attempt is finished: now the deal is practice, dealt from the start
            assert "practice" in app.message_text and app.game.moves == 0
            assert daily_games(store) == [(attempt_id, "won")]  # nothing of the attempt replaced
    finally:
        store.close()


def test_daily_deal_again_in_the_same_window_keeps_the_game_on_the_table(root: tk.Tk, no_server: None) -> None:
    store = Store.open()
    try:
        app = App(root, Game.new("freecell", 1), store=store, verdict=False)
        play_daily(app)
        game = app.game
        left = play_some(app)
        app.message.configure(text="")
        play_daily(app)
        assert app.game is game and state(game) == left
        assert "as you left it" in app.message_text
        assert [result for _, result in daily_games(store)] == ["unfinished"]
    finally:
        store.close()


def test_the_window_opened_without_arguments_resumes_the_attempt_and_sends_it_to_the_same_server_attempt(
    root: tk.Tk, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATIENCE_SERVER", server.url)
    name = unique_name("resumed")
    save_player(server.url, name, Client(server.url).register(name))
    store = Store.open()
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    play_daily(app)
    assert app.daily_game is not None and app.daily_game.attempt is not None, app.message_text
    attempt = app.daily_game.attempt
    left = play_some(app)
    close(app, store)

    store = Store.open()
    try:
        with window() as again:
            game, tracker, note = prepare(_parser().parse_args([]), store)  # `patience-tk`, as main() does
            assert note is not None and f"daily FreeCell of {today().isoformat()}" in note, note
            app = App(again, game, store=store, tracker=tracker, note=note, verdict=False)
            assert state(app.game) == left
            assert pump(again, until=lambda: app.daily_game is not None, timeout=60), app.message_text
            assert app.daily_game is not None and app.daily_game.attempt == attempt
            assert not app.daily_game.practice
            assert "the day's attempt, as you left it" in app.message_text, app.message_text
            play_daily(app)  # Game ▸ Daily deal now changes nothing
            assert app.game is game and state(game) == left
            win(app)
            assert pump(again, until=lambda: app.message_text.startswith("Rank"), timeout=60), app.message_text
            assert "Rank 1" in app.message_text
            [(_, result)] = daily_games(store)
            assert result == "won"
    finally:
        store.close()
    date = daily_deal(today()).date
    status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{date}/leaderboard?variant=freecell&cells=4")
    assert status == 200
    assert [(row["name"], row["result"], row["moves"], row["undos"]) for row in rows] == [
        (name, "won", game.moves, game.undos)
    ]
    assert game.undos == 1  # the undo played before the window was closed counts


def test_a_daily_deal_of_another_game_is_its_own_attempt(root: tk.Tk, no_server: None) -> None:
    store = Store.open()
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    play_daily(app)
    left = play_some(app)
    close(app, store)

    store = Store.open()
    try:
        with window() as again:
            game, tracker, note = prepare(_parser().parse_args([]), store)
            app = App(again, game, store=store, tracker=tracker, note=note, verdict=False)
            assert pump(again, until=lambda: app.daily_game is not None, timeout=60), app.message_text
            # Another game's daily deal: Eight Off with 4 cells, its own first attempt of the day.
            app.set_game(Game.new("eight-off", 1, 4))
            play_daily(app)
            assert app.game.variant.name == "eight-off" and app.game.moves == 0
            assert app.daily_game is not None and not app.daily_game.practice
            assert "the day's attempt." in app.message_text
            eight_off = play_some(app)
            # Back to FreeCell, and its daily deal: the FreeCell attempt was left, not lost.
            app.set_game(Game.new("freecell", 1))
            play_daily(app)
            assert state(app.game) == left
            assert "the day's attempt, as you left it" in app.message_text, app.message_text
            results = {(i.variant, i.result) for i in store.history() if i.daily == today().isoformat()}
            assert results == {("freecell", "unfinished"), ("eight-off", "unfinished")}
            app.set_game(Game.new("eight-off", 1, 4))
            play_daily(app)
            assert state(app.game) == eight_off
    finally:
        store.close()


def test_a_practice_game_resumed_when_the_window_opens_stays_practice(root: tk.Tk, no_server: None) -> None:
    store = Store.open()
    app = App(root, Game.new("freecell", 1), store=store, verdict=False)
    play_daily(app)
    win(app)  # the day's attempt, finished
    play_daily(app)
    assert app.daily_game is not None and app.daily_game.practice
    left = play_some(app)
    close(app, store)

    store = Store.open()
    try:
        with window() as again:
            game, tracker, note = prepare(_parser().parse_args([]), store)
            app = App(again, game, store=store, tracker=tracker, note=note, verdict=False)
            assert state(app.game) == left
            assert pump(again, until=lambda: app.daily_game is not None, timeout=60), app.message_text
            assert app.daily_game is not None and app.daily_game.practice
            assert "practice, as you left it" in app.message_text, app.message_text
            app.game.give_up()
            pump(again)
            assert again.clipboard_get().endswith("gave-up · practice")
            assert [result for _, result in daily_games(store)] == ["won", "gave-up"]
    finally:
        store.close()


def test_an_attempt_begun_without_a_name_stays_unranked_once_named(
    root: tk.Tk, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATIENCE_SERVER", server.url)
    store = Store.open()
    try:
        app = App(root, Game.new("freecell", 1), store=store, verdict=False)
        app.daily_deal()
        pump(root)
        app.windows["name"].skip()  # type: ignore[attr-defined]  # Not now: played here only
        assert pump(root, until=lambda: app.message_text.startswith("Daily"), timeout=60), app.message_text
        assert app.daily_game is not None and app.daily_game.attempt is None
        game = app.game
        left = play_some(app)
        app.daily_deal()  # again, and this time a name is given
        pump(root)
        name = unique_name("later")
        dialog = app.windows["name"]
        dialog.name_var.set(name)  # type: ignore[attr-defined]
        dialog.ok()  # type: ignore[attr-defined]
        assert pump(root, until=lambda: "as you left it" in app.message_text, timeout=60), app.message_text
        assert app.game is game and state(game) == left
        # The public deal, dealt here: never the server's ranked attempt.
        assert "dealt here, not by the server: it is unranked" in app.message_text, app.message_text
        assert app.daily_game is not None and app.daily_game.attempt is None, app.message_text
        assert not app.daily_game.ranked_attempt
        win(app)
        pump(root)
    finally:
        store.close()
    date = today().isoformat()
    status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{date}/leaderboard?variant=freecell&cells=4")
    assert status == 200 and rows == []


def test_the_days_attempt_cannot_be_restarted_but_practice_can(root: tk.Tk, no_server: None) -> None:
    store = Store.open()
    try:
        app = App(root, Game.new("freecell", 1), store=store, verdict=False)
        play_daily(app)
        left = play_some(app)
        # Starting the attempt again would be a second attempt at the day's deal: refused, nothing changes.
        assert app.restart() is None
        assert "cannot be started again" in app.message_text, app.message_text
        assert state(app.game) == left
        assert [result for _, result in daily_games(store)] == ["unfinished"]
        win(app)
        play_daily(app)  # practice now, which restarts like any game
        assert app.daily_game is not None and app.daily_game.practice
        app.game.play(solve(app.game.variant, app.game.position, time_limit=30).moves[0])
        dialog = app.restart()
        assert dialog is not None  # asked, as for any game with moves played
    finally:
        store.close()
