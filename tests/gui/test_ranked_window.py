"""The ranked attempt in the window: each action streamed as played, hints from the server, no verdict."""

from __future__ import annotations

import sys
import time
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest
from tkhelp import pump

from patience import Game
from patience_home.leaderboard import Client, save_player
from patience_home.store import Store
from patience_tk import App

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from serverhelp import Server, call, free_port, ranked, solution, today, unique_name  # real servers

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]

NO_VERDICT = "no verdict in the ranked attempt"


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store.open()
    yield opened
    opened.close()


def streamed_actions(database: str) -> list[str]:
    """Every action the server has applied, in order (one attempt in the database)."""
    import sqlalchemy as sa

    engine = sa.create_engine(database)
    try:
        with engine.connect() as connection:
            rows = connection.execute(sa.text("SELECT * FROM attempt_actions ORDER BY attempt_id, number"))
            return [str(row._mapping["token"]) for row in rows]
    finally:
        engine.dispose()


def hints_counted(database: str) -> int:
    """The hints the server counted: it keeps each as a ``hint`` action of the attempt."""
    return streamed_actions(database).count("hint")


def start_ranked(app: App, server: Server) -> None:
    """Game ▸ Daily deal with a player on ``server``: the ranked attempt on the table."""
    name = unique_name("window")
    save_player(server.url, name, Client(server.url).register(name))
    app.daily_deal()
    assert pump(app.root, until=lambda: app.message_text.startswith("Daily"), timeout=60), app.message_text
    daily = app.daily_game
    assert daily is not None and daily.ranked_attempt, app.message_text
    assert app.game.code == ranked(today()).code  # the server's deal, not the public one


def caught_up(app: App) -> bool:
    daily = app.daily_game
    return daily is not None and not daily.streaming and daily.streamed == len(app.game.log)


def play(app: App, moves: tuple[str, ...]) -> float:
    """Play ``moves`` as the player does; the longest any one took the interface thread, in seconds."""
    longest = 0.0
    for move in moves:
        started = time.perf_counter()
        assert app.controller.play_text(move), app.message_text
        app.root.update()
        longest = max(longest, time.perf_counter() - started)
    return longest


def test_every_action_of_a_ranked_attempt_reaches_the_server_through_its_restart(
    root: tk.Tk, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}"
    port = free_port()
    server = Server(database, tmp_path, port=port)
    try:
        monkeypatch.setenv("PATIENCE_SERVER", server.url)
        app = App(root, Game.new("freecell", 1), store=store, verdict=False)
        start_ranked(app, server)
        moves = solution(today())
        half = len(moves) // 2
        play(app, moves[:10])
        # Streamed as played: the server has the game's actions before it ends.
        assert pump(root, until=lambda: streamed_actions(database) == list(app.game.log), timeout=30)
        assert caught_up(app)
        server.stop()
        # The server away: the window goes on at once, the actions wait in the store.
        assert play(app, moves[10:half]) < 0.5
        assert len(streamed_actions(database)) == 10
        assert app.daily_game is not None and app.daily_game.streaming
        server = Server(database, tmp_path, port=port)
        play(app, moves[half:])
        assert app.game.is_won
        assert pump(root, until=lambda: app.message_text.startswith("Rank"), timeout=60), app.message_text
        status, rows, _kind = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
    finally:
        server.stop()
    assert app.message_text.startswith("Rank 1 on the FreeCell leaderboard"), app.message_text
    assert streamed_actions(database) == list(app.game.log)
    assert status == 200 and [row["result"] for row in rows] == ["won"]


def test_a_hint_in_a_ranked_attempt_is_the_servers_and_counted_there(
    root: tk.Tk, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}"
    server = Server(database, tmp_path, hints="1/60")
    try:
        monkeypatch.setenv("PATIENCE_SERVER", server.url)
        app = App(root, Game.new("freecell", 1), store=store, verdict=False)
        start_ranked(app, server)

        def no_local_solver(*_args: object, **_kwargs: object) -> object:
            raise AssertionError("the local solver was asked in a ranked attempt")

        monkeypatch.setattr(app.controller, "hinter", no_local_solver)
        play(app, solution(today())[:3])
        app.controller.hint()
        assert pump(root, until=lambda: app.message_text.startswith("Hint from the server"), timeout=60)
        said = app.message_text
        assert said.endswith("(hint 1).") and "\n" not in said, said
        assert app.game.hints == 1 and app.game.log[-1] == "hint"
        assert hints_counted(database) == 1
        assert app.view.highlighted is not None
        # The server's hint is kept as the attempt's action: nothing more to stream.
        assert pump(root, until=lambda: caught_up(app), timeout=30)
        assert streamed_actions(database) == list(app.game.log)
        # Play the hint plays the move shown, without asking (and counting) another.
        hinted = app.view.highlighted
        before = len(app.game.log)
        app.controller.hint(then_play=True)
        assert hinted is not None and len(app.game.log) == before + 1 and app.game.log[-1] == str(hinted)
        assert app.game.hints == 1
        # The server allows one hint a minute here: the next is refused, in one line, and not counted.
        app.controller.hint()
        assert pump(root, until=lambda: app.message_text.startswith("No hint from the server"), timeout=60)
        assert "\n" not in app.message_text, app.message_text
        assert app.game.hints == 1 and hints_counted(database) == 1
    finally:
        server.stop()


def test_a_ranked_attempt_has_no_verdict_and_practice_has_it(
    root: tk.Tk, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = Server(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}", tmp_path)
    try:
        monkeypatch.setenv("PATIENCE_SERVER", server.url)
        app = App(root, Game.new("freecell", 1), store=store, verdict=True)
        start_ranked(app, server)
        assert app.verdict_text == NO_VERDICT
        play(app, solution(today())[:2])
        pump(root, until=lambda: app.verdict_text != NO_VERDICT, timeout=3)
        assert app.verdict_text == NO_VERDICT and app.verdict.last is None
        app.controller.give_up()
        assert pump(root, until=lambda: app.daily_game is not None and app.daily_game.ranked, timeout=60)
        app.daily_deal()
        assert pump(root, until=lambda: "practice" in app.message_text, timeout=60), app.message_text
        assert app.daily_game is not None and not app.daily_game.ranked_attempt
        assert pump(root, until=lambda: app.verdict_text == "winnable", timeout=60), app.verdict_text
    finally:
        server.stop()
