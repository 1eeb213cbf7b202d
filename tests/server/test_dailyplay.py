"""The client side of the day's attempt: kept players, kept records, and the one decision both front ends share."""

from __future__ import annotations

import json
import os
import subprocess
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverhelp import PATIENCE, Server, call, free_port, ranked, solution, today, unique_name, won_game

from patience import Game
from patience_home.daily import begin
from patience_home.leaderboard import (
    Client,
    save_attempt,
    save_player,
    saved_attempt,
    saved_player,
    unsent_records,
)
from patience_home.store import Store
from patience_solver.daily import daily_deal


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data directory of the test's own, and no server from the environment."""
    folder = tmp_path / "home"
    monkeypatch.setenv("PATIENCE_HOME", str(folder))
    monkeypatch.delenv("PATIENCE_SERVER", raising=False)
    return folder


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}", tmp_path)
    yield running
    running.stop()


URL = "http://127.0.0.1:9"


def test_a_second_name_keeps_the_first_players_token_and_attempts() -> None:
    save_player(URL, "ada", "1.first")
    save_attempt(URL, "2026-12-24 freecell 4", 7)
    save_player(URL, "bob", "2.second")
    assert saved_player(URL) == ("bob", "2.second")
    assert saved_player(URL, "ada") == ("ada", "1.first")
    assert saved_attempt(URL, "2026-12-24 freecell 4", "ada") == 7
    assert saved_attempt(URL, "2026-12-24 freecell 4") is None  # bob's attempts are his own


def test_a_file_of_one_player_per_server_is_still_read(home: Path) -> None:
    home.mkdir(parents=True)
    old = {URL: {"name": "ada", "token": "1.first", "attempts": {"2026-12-24 freecell 4": 7}}}
    (home / "leaderboard.json").write_text(json.dumps(old), encoding="utf-8")
    assert saved_player(URL) == ("ada", "1.first")
    save_player(URL, "bob", "2.second")
    assert saved_player(URL, "ada") == ("ada", "1.first")
    assert saved_attempt(URL, "2026-12-24 freecell 4", "ada") == 7


def test_a_damaged_file_is_moved_aside_not_overwritten(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "leaderboard.json").write_text('{"http://x": {"name": "ada", "tok', encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        save_player(URL, "bob", "2.second")
    aside = list(home.glob("leaderboard.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").endswith('"tok')
    assert any("moved to" in str(warning.message) for warning in caught)
    assert saved_player(URL) == ("bob", "2.second")


def test_a_record_the_server_could_not_get_is_kept_and_sent_next_time(tmp_path: Path) -> None:
    database = f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}"
    port = free_port()
    first = Server(database, tmp_path, port=port)
    daily = daily_deal(today())
    name = unique_name("away")
    try:
        play = begin(daily, None, server=first.url, name=name)
        assert play.attempt is not None and not play.practice, play.notes
    finally:
        first.stop()
    game = won_game(today())
    line = play.send(game)
    assert "cannot reach the server" in line and "kept" in line
    assert [kept.attempt for kept in unsent_records(first.url)] == [play.attempt]
    again = Server(database, tmp_path, port=port)
    try:
        later = begin(daily, None, server=again.url)
        status, rows, _ = call("GET", f"{again.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
    finally:
        again.stop()
    assert any("is sent: rank 1" in note for note in later.notes), later.notes
    assert status == 200 and [(row["name"], row["result"]) for row in rows] == [(name, "won")]
    assert unsent_records(first.url) == []


def _leave_unfinished() -> None:
    """Today's daily game, one move played and left unfinished in the store."""
    store = Store.open()
    try:
        daily = ranked(today())
        tracker = store.track(Game.from_code(daily.code), daily=daily.date)
        tracker.game.play(solution(today())[0])
        tracker.close()
    finally:
        store.close()


def test_an_unfinished_attempt_is_resumed_with_its_server_attempt_in_both_front_ends(server: Server) -> None:
    from patience_tk.daily import find_daily

    daily = daily_deal(today())
    name = unique_name("resume")
    token = Client(server.url).register(name)
    save_player(server.url, name, token)
    attempt = Client(server.url, token).start_attempt(daily.date, daily.variant, daily.cells).attempt
    save_attempt(server.url, f"{daily.date} {daily.variant} {daily.cells}", attempt)
    _leave_unfinished()
    store = Store.open()
    try:
        terminal = begin(daily, store, server=server.url)
        os.environ["PATIENCE_SERVER"] = server.url
        window = find_daily("freecell", 4, store)
    finally:
        store.close()
        del os.environ["PATIENCE_SERVER"]
    for play in (terminal, window):
        assert not play.practice, play.notes
        assert play.resume is not None
        assert play.attempt == attempt, play.notes
    # The window sends to that same attempt when the game ends.
    line = window.send(won_game(today()))
    assert line.startswith("rank 1"), line


def test_leaderboard_of_an_unreachable_server_is_exit_2_and_one_line(home: Path) -> None:
    done = subprocess.run(
        [PATIENCE, "daily", "leaderboard", "--server", f"http://127.0.0.1:{free_port()}"],
        capture_output=True,
        text=True,
        env={**os.environ},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("patience: cannot reach the server")


def test_the_share_line_counts_a_two_deck_variants_cards() -> None:
    daily = daily_deal(today(), "double-freecell")
    assert daily.cards == 104
    game = Game.from_code(daily.code)
    game.give_up()
    play = begin(daily, None)
    assert f" · {game.cards_home}/104 home · " in play.share(game)


def test_once_the_attempt_was_dealt_again_later_games_are_practice() -> None:
    _leave_unfinished()  # the attempt, left unfinished ...
    daily = daily_deal(today())
    store = Store.open()
    try:
        assert begin(daily, store).resume is not None
        # ... then dealt again from the start (as the window does) and that game given up.
        tracker = store.track(Game.from_code(daily.code), daily=daily.date)
        tracker.game.give_up()
        tracker.close()
        again = begin(daily, store)
    finally:
        store.close()
    assert again.practice and again.resume is None
