"""The day's attempt is decided in one place, :mod:`patience_home.daily`: the store, the terminal and the window agree.

Each test builds a real store with several games of one daily deal (played,
practice, imported, abandoned), then asks the terminal (``patience`` as a
subprocess on that store) and the window's daily code
(:func:`patience_tk.daily.find_daily`) which game is the attempt.
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from patience import Game
from patience.formats.records import record_of
from patience_home.daily import attempt_of, attempt_sql, games_of, role_of
from patience_home.store import Store, database_path
from patience_solver.daily import daily_deal
from patience_tk.daily import find_daily

DATE = "2026-11-30"
PATIENCE = str(Path(sys.executable).with_name("patience"))


def _daily_game(store: Store, moves: int = 1, *, give_up: bool = False) -> int:
    """A game of the day's FreeCell deal played here: ``moves`` legal moves, then given up if asked; its id."""
    daily = daily_deal(DATE, "freecell", 4)
    tracker = store.track(Game.from_code(daily.code), daily=DATE)
    for _ in range(moves):
        tracker.game.play(next(iter(tracker.game.legal_moves)))
    if give_up:
        tracker.game.give_up()
    assert tracker.id is not None
    tracker.close()
    return tracker.id


def _imported_daily(store: Store) -> int:
    """A finished record of the day's deal, from another machine, imported here; its id."""
    daily = daily_deal(DATE, "freecell", 4)
    game = Game.from_code(daily.code)
    game.play(next(iter(game.legal_moves)))
    game.give_up()
    when = dt.datetime(2026, 11, 30, 8, 0, tzinfo=dt.UTC)
    record = record_of(game, result="gave-up", started=when, ended=when, extra_tags=(("Daily", DATE),))
    outcome = store.import_record(record)
    assert outcome.status == "stored" and outcome.id is not None
    return outcome.id


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PATIENCE, *args], input=stdin, capture_output=True, text=True, env=os.environ.copy(), timeout=120
    )


def test_an_imported_daily_record_is_the_attempt_when_it_is_the_first_game_of_the_deal() -> None:
    store = Store.open()
    imported = _imported_daily(store)
    later = _daily_game(store)
    daily = daily_deal(DATE, "freecell", 4)
    assert attempt_of(store, daily) is not None and attempt_of(store, daily).id == imported
    info = store.game(later)
    assert info is not None and role_of(store, info) == "practice"
    window = find_daily("freecell", 4, store, DATE)
    assert window.practice and window.resume is None
    store.close()
    shared = _run("daily", "share", "freecell", "--date", DATE)
    assert shared.returncode == 0, shared.stderr
    assert "practice" not in shared.stdout


def test_the_store_leaves_unfinished_only_the_attempt_the_daily_rule_names() -> None:
    store = Store.open()
    attempt = _daily_game(store)
    practice = _daily_game(store)
    other = store.track(Game.new("freecell", 5))
    other.game.play(next(iter(other.game.legal_moves)))
    other.close()
    store.abandon_unfinished()
    results = {info.id: info.result for info in store.history()}
    assert results[attempt] == "unfinished"
    assert results[practice] == "abandoned"
    assert [info.id for info in games_of(store, daily_deal(DATE, "freecell", 4))] == [attempt, practice]
    # The store's SQL is the daily rule's: it names the same single game.
    with sqlite3.connect(database_path()) as db:
        named = [row[0] for row in db.execute(f"SELECT id FROM games WHERE {attempt_sql('games')}")]
    assert named == [attempt]
    store.close()


def test_an_attempt_with_a_later_game_of_its_deal_comes_back_as_practice_in_the_terminal_and_the_window() -> None:
    store = Store.open()
    attempt = _daily_game(store, moves=2)
    _daily_game(store, give_up=True)
    info = store.game(attempt)
    assert info is not None and info.result == "unfinished"
    assert role_of(store, info) == "practice"
    window = find_daily("freecell", 4, store, DATE)
    assert window.practice and window.resume is None
    store.close()
    # The terminal brings the game back as it was left (two moves in), not a fresh practice deal.
    played = _run("play", stdin="")
    assert played.returncode == 0, played.stderr
    assert "resumed your unfinished FreeCell game" in played.stderr
    assert "the day's attempt" not in played.stdout
    assert "practice" not in played.stdout


def test_an_unfinished_attempt_alone_comes_back_as_the_attempt_in_the_terminal_and_the_window() -> None:
    store = Store.open()
    attempt = _daily_game(store, moves=2)
    info = store.game(attempt)
    assert info is not None and role_of(store, info) == "attempt"
    window = find_daily("freecell", 4, store, DATE)
    assert not window.practice and window.resume is not None and window.resume.id == attempt
    store.close()
    played = _run("play", stdin="")
    assert played.returncode == 0, played.stderr
    assert "the day's attempt" in played.stdout


def test_an_abandoned_first_game_of_the_deal_is_the_attempt_played() -> None:
    store = Store.open()
    first = _daily_game(store)
    store._write(lambda db: db.execute("UPDATE games SET result = 'abandoned' WHERE id = ?", (first,)))
    daily = daily_deal(DATE, "freecell", 4)
    assert attempt_of(store, daily) is not None and attempt_of(store, daily).id == first
    window = find_daily("freecell", 4, store, DATE)
    assert window.practice
    store.close()
    shared = _run("daily", "share", "freecell", "--date", DATE)
    assert shared.returncode == 0, shared.stderr
    assert shared.stdout.strip()


def test_a_store_that_cannot_save_still_knows_the_attempt_it_holds() -> None:
    store = Store.open()
    attempt = _daily_game(store, give_up=True)
    path = store.path
    store.close()
    # What Store.open gives for a file whose directory cannot be written: its games are still read.
    reading = Store._reading_only(path, OSError(30, "Read-only file system"))
    assert not reading.saving and reading.readable
    daily = daily_deal(DATE, "freecell", 4)
    found = attempt_of(reading, daily)
    assert found is not None and found.id == attempt
    window = find_daily("freecell", 4, reading, DATE)
    assert window.practice
    reading.close()
