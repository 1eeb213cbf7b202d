"""Every game remembered, from the outside: real processes, a real SQLite file in PATIENCE_HOME."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

from patience import Game
from patience_cli.repl import result_line
from patience_home.store import DATABASE_NAME, SCHEMA_VERSION, Store

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"
FC1 = (DATA / "fc1_moves.txt").read_text().split()
EO160 = (DATA / "eo160_moves.txt").read_text().split()

pytestmark = pytest.mark.timeout(180)


def patience(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def history() -> list[dict[str, object]]:
    result = patience(["history", "--format", "json", "--limit", "1000"])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert isinstance(data, list)
    return data


def actions(game_id: object) -> list[str]:
    store = Store.open()
    try:
        record = store.record(int(str(game_id)))
        assert record is not None
        return list(record.actions)
    finally:
        store.close()


class Piped:
    """``patience play`` on a pipe, fed one line at a time; each answer is read before the next line goes."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            [str(PATIENCE), "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "NO_COLOR": "1"},
        )

    def send(self, line: str) -> str:
        stdin: IO[str] | None = self.proc.stdin
        stdout: IO[str] | None = self.proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(line + "\n")
        stdin.flush()
        return stdout.readline().rstrip("\n")

    def finish(self) -> str:
        out, _ = self.proc.communicate(timeout=60)
        return out


# -- every action on disk before it is shown --------------------------------------------------
def test_a_game_killed_in_the_middle_keeps_every_action_it_printed_and_resumes() -> None:
    game = Piped(["freecell", "1"])
    shown = []
    for move in FC1[:25]:
        line = game.send(move)
        assert line.startswith(move), line
        shown.append(move)
    game.send("undo")
    shown.append("undo")
    game.proc.send_signal(signal.SIGKILL)
    game.proc.wait(timeout=30)

    (info,) = history()
    assert info["result"] == "unfinished"
    assert info["code"] == "FC1-C4-AAAAAAB"
    assert actions(info["id"]) == shown
    assert (info["moves"], info["undos"]) == (26, 1)

    expected = Game.new("freecell", 1)
    for token in shown:
        expected.undo() if token == "undo" else expected.play(token)

    resumed = patience(["play"], "code\nboard\n")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.splitlines()[0] == "FC1-C4-AAAAAAB"
    assert "resumed your unfinished FreeCell game FC1-C4-AAAAAAB" in resumed.stderr
    assert resumed.stdout.splitlines()[-1] == result_line(expected)
    # The redo stack came back too: the undone move can be redone.
    again = patience(["play"], "redo\n")
    assert again.stdout.splitlines()[0].startswith(f"redo {shown[-2]}"), again.stdout


def test_two_games_played_at_once_are_both_recorded_in_full() -> None:
    first = Piped(["freecell", "1"])
    second = Piped(["--code", "EO1-C8-AAAAAFA"])
    for i in range(max(len(FC1), len(EO160))):
        if i < len(FC1):
            first.send(FC1[i])
        if i < len(EO160):
            second.send(EO160[i])
    assert first.finish().startswith("won: ")
    assert second.finish().startswith("won: ")
    games = {str(info["code"]): info for info in history()}
    assert set(games) == {"FC1-C4-AAAAAAB", "EO1-C8-AAAAAFA"}
    assert games["FC1-C4-AAAAAAB"]["result"] == "won"
    assert games["EO1-C8-AAAAAFA"]["result"] == "won"
    assert actions(games["FC1-C4-AAAAAAB"]["id"]) == FC1
    assert actions(games["EO1-C8-AAAAAFA"]["id"]) == EO160


# -- resume -----------------------------------------------------------------------------------
def test_play_without_a_deal_resumes_and_naming_a_deal_abandons() -> None:
    patience(["play", "freecell", "1"], "\n".join(FC1[:5]) + "\n")
    resumed = patience(["play"], "code\n" + FC1[5] + "\n")
    assert resumed.stdout.splitlines()[0] == "FC1-C4-AAAAAAB"
    (info,) = history()
    assert info["moves"] == 6
    patience(["play", "freecell", "2"], "code\n")
    assert [game["result"] for game in history()] == ["abandoned"]
    fresh = patience(["play"], "code\n")  # nothing unfinished is left: a new Eight Off deal
    assert fresh.stdout.splitlines()[0].startswith("EO1-C8-")
    assert "resumed" not in fresh.stderr


def test_new_in_the_game_abandons_and_hints_are_recorded() -> None:
    result = patience(["play", "freecell", "1"], f"{FC1[0]}\nhint\nnew freecell 2\ngiveup\n")
    assert result.returncode == 0, result.stderr
    games = history()
    assert [(g["deal"], g["result"], g["hints"]) for g in games] == [(2, "gave-up", 0), (1, "abandoned", 1)]
    assert actions(games[1]["id"]) == [FC1[0], "hint"]


def test_a_records_action_section_replays_in_piped_play_as_it_is() -> None:
    patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    exported = patience(["export", "--last"])
    assert exported.returncode == 0, exported.stderr
    section = exported.stdout.split("\n\n", 1)[1]
    replayed = patience(["play", "--code", "FC1-C4-AAAAAAB"], "; the record's actions\n" + section)
    assert "line " not in replayed.stdout
    assert replayed.stdout.splitlines()[-1] == "won: score 1046 in 87 moves"


# -- export, verify, import ----------------------------------------------------------------------
def test_export_verify_and_a_changed_move_named(tmp_path: Path) -> None:
    patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    path = tmp_path / "g.txt"
    exported = patience(["export", "--last", "-o", str(path)])
    assert exported.returncode == 0, exported.stderr
    ok = patience(["verify", str(path)])
    assert (ok.returncode, ok.stdout) == (0, f"{path}: consistent: won, score 1046, 87 moves, 0 undos, 52 cards home\n")

    lines = path.read_text().split("\n")
    body = lines.index("") + 1
    words = lines[body].split()
    words[2] = "1h"  # the third action: column 1 has no card that can go home yet
    lines[body] = " ".join(words)
    changed = tmp_path / "changed.txt"
    changed.write_text("\n".join(lines))
    bad = patience(["verify", str(path), str(changed)])
    assert bad.returncode == 1
    assert bad.stdout.splitlines()[1].startswith(f"{changed}: inconsistent: action 3 '1h': ")

    cut = tmp_path / "cut.txt"
    cut.write_text(path.read_text()[:70])
    broken = patience(["verify", str(path), str(cut), str(tmp_path / "missing.txt")])
    assert broken.returncode == 2
    assert len(broken.stdout.splitlines()) == 3
    assert broken.stdout.splitlines()[1].startswith(f"{cut}: not a record: line ")

    again = patience(["export", "--last", "-o", str(path)])
    assert again.returncode == 2 and "exists already" in again.stderr


def test_import_stores_consistent_records_once_and_stats_count_them(tmp_path: Path, patience_home: Path) -> None:
    patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    path = tmp_path / "g.txt"
    path.write_text(patience(["export"]).stdout)
    elsewhere = tmp_path / "elsewhere"
    os.environ["PATIENCE_HOME"] = str(elsewhere)
    try:
        first = patience(["import", str(path), str(path)])
        assert first.returncode == 0, first.stdout + first.stderr
        assert first.stdout.splitlines() == [f"{path}: stored as game 1", f"{path}: already stored as game 1"]
        stats = json.loads(patience(["stats", "--format", "json"]).stdout)
        assert [(s["variant"], s["played"], s["won"], s["win_rate"]) for s in stats] == [("freecell", 1, 1, 1.0)]
        bad = tmp_path / "bad.txt"
        bad.write_text(path.read_text().replace('[Score "1046"]', '[Score "2000"]'))
        refused = patience(["import", str(bad)])
        assert refused.returncode == 1
        assert "Score: the record says 2000, the replay gives 1046" in refused.stdout
    finally:
        os.environ["PATIENCE_HOME"] = str(patience_home)


def test_stats_reset_asks_first() -> None:
    patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    no = patience(["stats", "--reset"], "n\n")
    assert no.returncode == 0 and "nothing was reset" in no.stdout
    assert json.loads(patience(["stats", "-f", "json"]).stdout)[0]["played"] == 1
    unanswered = patience(["stats", "--reset"], "")
    assert unanswered.returncode == 2 and "--yes" in unanswered.stderr
    yes = patience(["stats", "--reset", "freecell", "--yes"])
    assert yes.returncode == 0 and "reset" in yes.stdout
    assert json.loads(patience(["stats", "-f", "json"]).stdout) == []
    assert len(history()) == 1


def test_history_table_and_stats_table_say_what_happened() -> None:
    patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    patience(["play", "freecell", "2"], "giveup\n")
    table = patience(["history"]).stdout.splitlines()
    assert table[0].split()[:3] == ["id", "started", "(UTC)"]
    assert "gave-up" in table[1] and "won" in table[2]
    stats = patience(["stats", "freecell"]).stdout.splitlines()
    assert stats[1].split()[:6] == ["FreeCell", "4", "2", "1", "1", "50.0"]
    unknown = patience(["stats", "klondike"])
    assert unknown.returncode == 2 and len(unknown.stderr.splitlines()) == 1


# -- when things go wrong -----------------------------------------------------------------------
def test_a_damaged_store_is_moved_aside_with_one_line_and_play_goes_on(patience_home: Path) -> None:
    (patience_home / DATABASE_NAME).write_bytes(b"\x00garbage" * 300)
    result = patience(["play", "freecell", "1"], "\n".join(FC1[:3]) + "\n")
    assert result.returncode == 0
    (warning,) = result.stderr.splitlines()
    assert warning.startswith(f"patience: warning: {patience_home / DATABASE_NAME} was damaged")
    (aside,) = patience_home.glob(f"{DATABASE_NAME}.damaged-*")
    assert str(aside) in warning and aside.read_bytes() == b"\x00garbage" * 300
    assert len(history()) == 1


def test_a_newer_store_is_left_untouched_and_said_once(patience_home: Path) -> None:
    path = patience_home / DATABASE_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE later (x)")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    result = patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    assert result.stdout.splitlines()[-1] == "won: score 1046 in 87 moves"
    (warning,) = result.stderr.splitlines()
    assert "newer version of patience" in warning and "not saved" in warning
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    # Its games cannot be read either: history says so rather than "no games yet".
    listed = patience(["history"])
    assert listed.returncode == 2 and listed.stdout == ""
    (line,) = listed.stderr.splitlines()
    assert line.startswith("patience: ") and "newer version" in line and "cannot be read" in line


def test_an_unwritable_data_dir_is_said_once_and_play_goes_on(patience_home: Path) -> None:
    blocker = patience_home / "file"
    blocker.write_text("x")
    env_home = str(blocker / "patience")
    os.environ["PATIENCE_HOME"] = env_home
    try:
        result = patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    finally:
        os.environ["PATIENCE_HOME"] = str(patience_home)
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "won: score 1046 in 87 moves"
    (warning,) = result.stderr.splitlines()
    assert warning.startswith(f"patience: warning: cannot save games in {env_home} (")
    assert "Traceback" not in result.stderr


def test_the_store_is_not_loaded_for_help() -> None:
    code = "import sys, patience_cli.app; print('sqlite3' in sys.modules, 'patience_home.store' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False"]


def test_time_runs(patience_home: Path) -> None:
    # A game's times are UTC and in order.
    patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    (info,) = history()
    assert str(info["started"]) <= str(info["ended"]) <= time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def test_the_prompt_records_through_its_controller_and_shows_stats_and_history() -> None:
    from patience_cli.repl import Controller

    store = Store.open()
    try:
        controller = Controller(Game.new("freecell", 1), store=store)
        for move in FC1:
            controller.handle(move)
        assert controller.game.is_won
        stats = controller.handle("stats").text.splitlines()
        assert stats[1].split()[:6] == ["FreeCell", "4", "1", "1", "1", "100.0"]
        controller.handle("new freecell 2")
        controller.handle(next(str(m) for m in controller.game.legal_moves))
        assert controller.handle("hint").hint
        controller.handle("restart")  # leaves this attempt abandoned
        listed = controller.handle("history").text.splitlines()
        assert [line.split()[7] for line in listed[1:]] == ["abandoned", "won"]
        assert [(i.result, i.hints) for i in store.history()] == [("abandoned", 1), ("won", 0)]
    finally:
        store.close()
