"""The terminal game's time from outside: ``[Seconds "N"]`` in its record, resume adds, history and stats show it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from patience_home.store import Store

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"
FC1 = (DATA / "fc1_moves.txt").read_text().split()

pytestmark = pytest.mark.timeout(180)


def patience(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def slow_game(args: list[str], first: list[str], then: list[str], pause: float) -> str:
    """Play through a pipe: ``first``, a real wait of ``pause`` seconds once they are played, then ``then``."""
    child = subprocess.Popen(
        [str(PATIENCE), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert child.stdin is not None
    assert child.stdout is not None
    child.stdin.write("\n".join(first) + "\n")
    child.stdin.flush()
    # Each action answers with one line: once they are read, the game is running and has played them.
    said = [child.stdout.readline() for _action in first]
    time.sleep(pause)
    out, err = child.communicate("\n".join(then) + "\n" if then else "", timeout=120)
    assert child.returncode == 0, err
    return "".join(said) + out


def seconds_of_last() -> int | None:
    store = Store.open()
    try:
        game_id = store.last_id()
        assert game_id is not None
        record = store.record(game_id)
        assert record is not None
        tag = record.tag("Seconds")
        return None if tag is None else int(tag)
    finally:
        store.close()


def test_a_piped_game_writes_the_seconds_between_its_actions() -> None:
    slow_game(["play", "freecell", "1"], FC1[:1], FC1[1:2], pause=1.2)
    exported = patience(["export", "--last"]).stdout
    assert '[Seconds "' in exported
    seconds = seconds_of_last()
    # At least the wait between the two actions; the upper bound is loose, for a loaded machine.
    assert seconds is not None and 1 <= seconds < 100


def test_a_resumed_terminal_game_adds_to_the_time_already_played() -> None:
    slow_game(["play", "freecell", "1"], FC1[:1], FC1[1:2], pause=1.2)
    before = seconds_of_last()
    assert before is not None and before >= 1
    slow_game(["play"], FC1[2:3], FC1[3:4], pause=1.2)
    after = seconds_of_last()
    assert after is not None and after >= before + 1
    (info,) = json.loads(patience(["history", "--format", "json"]).stdout)
    assert info["seconds"] == after and info["moves"] == 4


def test_history_shows_the_time_and_stats_the_fastest_win() -> None:
    patience(["play", "freecell", "2"], "giveup\n")
    assert json.loads(patience(["stats", "--format", "json"]).stdout)[0]["fastest_win_seconds"] is None
    slow_game(["play", "freecell", "1"], FC1[:1], FC1[1:], pause=1.2)
    (won, _lost) = json.loads(patience(["history", "--format", "json"]).stdout)
    assert won["result"] == "won" and won["seconds"] >= 1
    table = patience(["history"]).stdout.splitlines()
    assert table[0].split()[-1] == "time"
    shown = f"{won['seconds'] // 60}:{won['seconds'] % 60:02d}"
    assert table[1].split()[-1] == shown
    (stats,) = json.loads(patience(["stats", "--format", "json"]).stdout)
    assert stats["fastest_win_seconds"] == won["seconds"]
    lines = patience(["stats"]).stdout.splitlines()
    assert lines[0].endswith("fastest win") and lines[1].split()[-1] == shown


def test_a_game_stored_without_a_time_shows_a_dash_not_zero(tmp_path: Path) -> None:
    record = (
        '[Variant "freecell"]\n[Cells "4"]\n[Deal "1"]\n[Code "FC1-C4-AAAAAAB"]\n[Date "2026-11-30"]\n'
        '[Result "unfinished"]\n[Score "0"]\n[Moves "1"]\n[Undos "0"]\n[Hints "0"]\n\n' + FC1[0] + "\n"
    )
    path = tmp_path / "old.txt"
    path.write_text(record)
    assert patience(["import", str(path)]).returncode == 0
    table = patience(["history"]).stdout.splitlines()
    assert table[1].split()[-1] == "-"
    assert '[Seconds "' not in patience(["export", "--last"]).stdout
