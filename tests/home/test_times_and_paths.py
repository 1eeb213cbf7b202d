"""One stored time format and one set of data paths, in :mod:`patience_home`, used by the terminal and the window."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patience import Game
from patience_cli.repl import history_path
from patience_home import paths, times
from patience_home.leaderboard import save_player
from patience_home.store import Store
from patience_tk import prefs
from patience_tk.daily import started_at

PATIENCE = str(Path(sys.executable).with_name("patience"))
WHEN = dt.datetime(2026, 11, 30, 6, 22, 56, 123456, tzinfo=dt.UTC)


def test_a_stored_time_is_utc_iso_8601_to_the_microsecond() -> None:
    local = WHEN.astimezone(dt.timezone(dt.timedelta(hours=2)))
    assert times.stamp(local) == "2026-11-30T06:22:56.123456Z"
    assert times.stamp(WHEN.replace(tzinfo=None)) == "2026-11-30T06:22:56.123456Z"


def test_a_stored_time_is_shown_to_the_second_and_read_back_as_utc() -> None:
    stored = times.stamp(WHEN)
    assert times.shown(stored) == "2026-11-30T06:22:56Z"
    assert times.parse(stored) == WHEN
    assert times.parse("2026-11-30T06:22:56Z") == WHEN.replace(microsecond=0)
    assert times.parse("2026-11-30T08:22:56+02:00") == WHEN.replace(microsecond=0)


@pytest.mark.parametrize("text", [None, "", "yesterday", "2026-13-01T00:00:00Z"])
def test_text_that_is_no_time_is_read_as_none(text: str | None) -> None:
    assert times.parse(text) is None


def test_a_time_without_a_zone_is_read_as_utc_by_the_terminal_and_the_window() -> None:
    assert times.parse("2026-11-30T06:22:56") == WHEN.replace(microsecond=0)
    assert started_at("2026-11-30T06:22:56") == WHEN.replace(microsecond=0)


def test_a_time_the_store_writes_is_read_back_the_same_by_the_terminal_and_the_window() -> None:
    store = Store.open()
    store.clock = lambda: WHEN
    tracker = store.track(Game.new("freecell", 617))
    tracker.game.play(next(iter(tracker.game.legal_moves)))
    assert tracker.id is not None
    info = store.game(tracker.id)
    store.close()
    assert info is not None and info.started == "2026-11-30T06:22:56Z"
    # The window's reading of a stored start, and the one the terminal's `patience daily` uses.
    assert started_at(info.started) == times.parse_or_now(info.started) == WHEN.replace(microsecond=0)
    listed = subprocess.run(
        [PATIENCE, "history", "--format", "json"], capture_output=True, text=True, env=os.environ.copy(), timeout=60
    )
    assert listed.returncode == 0, listed.stderr
    (game,) = json.loads(listed.stdout)
    assert times.parse(game["started"]) == WHEN.replace(microsecond=0)
    table = subprocess.run([PATIENCE, "history"], capture_output=True, text=True, env=os.environ.copy(), timeout=60)
    assert times.in_table(info.started) == "2026-11-30 06:22:56"
    assert "2026-11-30 06:22:56" in table.stdout


def test_the_data_files_all_live_in_the_data_directory(patience_home: Path) -> None:
    assert paths.data_dir() == patience_home
    assert paths.database_path() == patience_home / "patience.sqlite3"
    assert paths.tokens_path() == patience_home / "leaderboard.json"
    assert paths.preferences_path() == patience_home / "window.json"
    assert paths.typed_history_path() == patience_home / "history"


def test_the_terminal_and_the_window_find_their_files_where_the_paths_say(patience_home: Path) -> None:
    assert history_path() == paths.typed_history_path()
    assert prefs.save_preferences(prefs.Preferences(table="blue")) is None
    assert json.loads(paths.preferences_path().read_text(encoding="utf-8"))["table"] == "blue"
    save_player("http://127.0.0.1:9", "ada", "t0ken")
    assert "ada" in paths.tokens_path().read_text(encoding="utf-8")
    assert Store.open().path == paths.database_path()


def test_damaged_window_preferences_are_moved_aside_with_the_file_time_format(patience_home: Path) -> None:
    paths.preferences_path().write_text("{not json", encoding="utf-8")
    loaded, said = prefs.load_preferences()
    assert loaded == prefs.Preferences() and said is not None
    (aside,) = patience_home.glob("window.json.damaged-*")
    stamp = aside.name.removeprefix("window.json.damaged-")
    assert dt.datetime.strptime(stamp, times.FILE_STAMP_FORMAT)
    assert not paths.preferences_path().exists()
