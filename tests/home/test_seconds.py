"""Seconds played: kept with every action, added to on resume, in the record as ``Seconds``, and the fastest win."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from patience import Game
from patience.formats.records import check_record, parse_record
from patience_home.store import MIGRATIONS, SCHEMA_VERSION, Store

DATA = Path(__file__).parents[1] / "cli" / "data"
FC1 = (DATA / "fc1_moves.txt").read_text().split()


class Watch:
    """A stopwatch the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def store(patience_home: Path, watch: Watch) -> Iterator[Store]:
    opened = Store.open()
    assert opened.saving, opened.notice
    opened.stopwatch = watch
    yield opened
    opened.close()


def test_each_action_writes_the_whole_seconds_played(store: Store, watch: Watch) -> None:
    tracker = store.track(Game.new("freecell", 1))
    watch.now += 12.7
    tracker.game.play(FC1[0])
    (info,) = store.history()
    assert info.seconds == 12
    watch.now += 30
    tracker.game.play(FC1[1])
    assert store.history()[0].seconds == 42
    record = parse_record(store.export(info.id) or "")
    assert record.tag("Seconds") == "42"


def test_a_paused_clock_adds_nothing(store: Store, watch: Watch) -> None:
    tracker = store.track(Game.new("freecell", 1))
    watch.now += 5
    tracker.time.pause()
    watch.now += 600  # the window was hidden
    tracker.time.run()
    watch.now += 5
    tracker.game.play(FC1[0])
    assert store.history()[0].seconds == 10


def test_a_resumed_game_adds_to_the_seconds_already_played(store: Store, watch: Watch) -> None:
    tracker = store.track(Game.new("freecell", 1))
    watch.now += 100
    tracker.game.play(FC1[0])
    tracker.close()
    watch.now += 5000  # the program was not running
    again = store.resume()
    assert again is not None
    watch.now += 20
    again.game.play(FC1[1])
    assert store.history()[0].seconds == 120


def test_leaving_the_program_keeps_the_time_since_the_last_action(store: Store, watch: Watch) -> None:
    tracker = store.track(Game.new("freecell", 1))
    watch.now += 10
    tracker.game.play(FC1[0])
    watch.now += 7
    tracker.close()
    assert store.history()[0].seconds == 17


def test_the_clock_stops_when_the_game_is_won(store: Store, watch: Watch) -> None:
    tracker = store.track(Game.new("freecell", 1))
    for move in FC1:
        watch.now += 1
        if tracker.game.is_won:
            break
        tracker.game.play(move)
    assert tracker.game.is_won
    won = store.history()[0].seconds
    assert won is not None and won > 0
    watch.now += 999
    assert tracker.time.whole == won
    tracker.close()
    assert store.history()[0].seconds == won


def test_stats_give_the_fastest_win_and_none_before_a_timed_win(store: Store, watch: Watch) -> None:
    tracker = store.track(Game.new("freecell", 2))
    tracker.game.play("3a")
    tracker.game.give_up()
    (lost,) = store.stats("freecell")
    assert lost.fastest_win_seconds is None and lost.as_json()["fastest_win_seconds"] is None
    for pace in (5.0, 2.0, 9.0):
        tracker = store.track(Game.new("freecell", 1))
        for move in FC1:
            if tracker.game.is_won:
                break
            watch.now += pace
            tracker.game.play(move)
        tracker.close()
    (stats,) = store.stats("freecell")
    assert stats.won == 3
    assert stats.fastest_win_seconds == min(seconds for seconds in _won_seconds(store))
    assert stats.as_json()["fastest_win_seconds"] == stats.fastest_win_seconds


def _won_seconds(store: Store) -> list[int]:
    return [info.seconds for info in store.history() if info.result == "won" and info.seconds is not None]


def test_an_imported_record_keeps_its_seconds_and_one_without_has_none(store: Store) -> None:
    game = Game.new("freecell", 1)
    game.play(FC1[0])
    text = (
        '[Variant "freecell"]\n[Cells "4"]\n[Deal "1"]\n[Code "FC1-C4-AAAAAAB"]\n[Date "2026-11-30"]\n'
        '[Result "unfinished"]\n[Score "0"]\n[Moves "1"]\n[Undos "0"]\n[Hints "0"]\n'
    )
    timed = parse_record(text + '[Seconds "754"]\n\n' + FC1[0] + "\n")
    outcome = store.import_record(timed)
    assert outcome.status == "stored", outcome.problem
    info = store.game(outcome.id or 0)
    assert info is not None and info.seconds == 754
    assert parse_record(store.export(info.id) or "").tags == timed.tags
    untimed = parse_record(text.replace("2026-11-30", "2026-11-29") + "\n" + FC1[0] + "\n")
    other = store.import_record(untimed)
    assert other.status == "stored", other.problem
    plain = store.game(other.id or 0)
    assert plain is not None and plain.seconds is None
    assert parse_record(store.export(plain.id) or "").tag("Seconds") is None


def test_verify_never_compares_the_seconds_but_wants_a_whole_number() -> None:
    text = (
        '[Variant "freecell"]\n[Cells "4"]\n[Deal "1"]\n[Code "FC1-C4-AAAAAAB"]\n[Date "2026-11-30"]\n'
        '[Result "unfinished"]\n[Score "0"]\n[Moves "1"]\n[Undos "0"]\n[Hints "0"]\n'
    )
    assert check_record(parse_record(text + '[Seconds "1"]\n\n6a\n')).problem is None
    assert check_record(parse_record(text + '[Seconds "99999"]\n\n6a\n')).problem is None
    assert (
        check_record(parse_record(text + '[Seconds "soon"]\n\n6a\n')).problem == "Seconds: 'soon' is not a whole number"
    )


def test_a_store_of_the_schema_before_keeps_every_game_and_gives_them_no_time(patience_home: Path) -> None:
    path = patience_home / "patience.sqlite3"
    db = sqlite3.connect(path)
    for step in MIGRATIONS[:-1]:
        for statement in step.split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
    db.execute(
        "INSERT INTO games (variant, cells, deal, code, started, last_action, result, moves) VALUES "
        "('freecell', 4, 1, 'FC1-C4-AAAAAAB', '2026-11-30T06:00:00Z', '2026-11-30T06:01:00Z', 'unfinished', 1)"
    )
    db.execute("INSERT INTO actions (game, number, token, at) VALUES (1, 1, ?, '2026-11-30T06:01:00Z')", (FC1[0],))
    db.commit()
    db.close()
    store = Store.open()
    try:
        assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        (info,) = store.history()
        assert info.seconds is None and info.as_json()["seconds"] is None
        assert parse_record(store.export(info.id) or "").tag("Seconds") is None
        tracker = store.resume()
        assert tracker is not None
        tracker.game.play(FC1[1])
        assert store.history()[0].seconds is None  # a part of the time would be a wrong total
        assert store.history()[0].moves == 2
    finally:
        store.close()


_KILLED = """
import sys, time
from patience import Game
from patience_home.store import Store
store = Store.open()
clock = [0.0]
store.stopwatch = lambda: clock[0]
tracker = store.track(Game.new("freecell", 1))
clock[0] = 33.0
tracker.game.play(sys.argv[1])
clock[0] = 500.0
print("played", flush=True)
time.sleep(60)
"""


def test_a_game_killed_after_an_action_keeps_the_seconds_saved_with_it(patience_home: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED, FC1[0]], stdout=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "played"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    store = Store.open()
    try:
        (info,) = store.history()
        assert info.seconds == 33
        tracker = store.resume()
        assert tracker is not None and tracker.time.whole == 33
    finally:
        store.close()
