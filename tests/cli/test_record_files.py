"""Record files through ``verify``, ``import`` and ``export``, as a user's shell runs them."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patience import Game
from patience.formats.records import Record, format_record, record_of

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"
FC1 = (DATA / "fc1_moves.txt").read_text().split()

pytestmark = pytest.mark.timeout(180)


def patience(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=120, env=env, check=False
    )


# -- bytes that are not UTF-8 -------------------------------------------------------------------------
def test_a_byte_that_is_not_utf8_is_named_alike_in_records_and_boards(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    first = b'[Variant "freecell"]\n'
    bad.write_bytes(first + b'[Cells "4\xff"]\n')
    at = len(first) + len(b'[Cells "4') + 1  # 1-based, in the whole file
    said = f"byte 0xff on line 2 (byte {at}) is not UTF-8"
    verified = patience(["verify", str(bad)])
    assert verified.returncode == 2
    assert verified.stdout.splitlines() == [f"{bad}: not a record: {said}"]
    imported = patience(["import", str(bad)])
    assert imported.stdout.splitlines() == [f"{bad}: not a record: {said}"]
    board = patience(["solve", "freecell", "--board", str(bad)])
    assert board.stderr.splitlines() == [f"patience: cannot read {bad} as UTF-8 text: {said}"]


def test_a_byte_order_mark_is_not_counted_out_of_the_offset(tmp_path: Path) -> None:
    bad = tmp_path / "bom.txt"
    bad.write_bytes(b"\xef\xbb\xbf\xff")
    verified = patience(["verify", str(bad)])
    assert verified.stdout.splitlines() == [f"{bad}: not a record: byte 0xff on line 1 (byte 4) is not UTF-8"]


# -- helpers for records made here --------------------------------------------------------------------
def made(deal: int, moves: int, result: str, started: dt.datetime, variant: str = "freecell") -> Record:
    game = Game.new(variant, deal)
    for _ in range(moves):
        game.play(next(iter(game.legal_moves)))
    ended = None if result == "unfinished" else started + dt.timedelta(minutes=5)
    return record_of(game, result=result, started=started, ended=ended)


def history() -> list[dict[str, object]]:
    listed = patience(["history", "--format", "json", "--limit", "1000"])
    assert listed.returncode == 0, listed.stderr
    data = json.loads(listed.stdout)
    assert isinstance(data, list)
    return data


START = dt.datetime(2026, 11, 30, 6, 22, 56, tzinfo=dt.UTC)


# -- several records in one file ---------------------------------------------------------------------
def test_export_all_writes_every_game_and_verify_and_import_report_each_by_number(
    tmp_path: Path, patience_home: Path
) -> None:
    patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    patience(["play", "freecell", "2"], "3a\n")
    patience(["play", "--code", "EO1-C8-AAAAAFA"], "giveup\n")
    games = tmp_path / "games.txt"
    exported = patience(["export", "--all", "-o", str(games)])
    assert exported.returncode == 0 and exported.stderr == "", exported.stderr
    text = games.read_text()
    assert text.count('[Variant "') == 3
    assert patience(["export", "--all"]).stdout == text

    verified = patience(["verify", str(games)])
    assert verified.returncode == 0, verified.stdout
    assert verified.stdout.splitlines() == [
        f"{games} #1: consistent: won, score 1046, 87 moves, 0 undos, 52 cards home",
        f"{games} #2: consistent: unfinished, score 10, 1 move, 0 undos, 1 card home",
        f"{games} #3: consistent: gave-up, score 0, 0 moves, 0 undos, 0 cards home",
    ]

    os.environ["PATIENCE_HOME"] = str(tmp_path / "elsewhere")
    try:
        imported = patience(["import", str(games)])
        assert imported.returncode == 0, imported.stdout + imported.stderr
        assert imported.stdout.splitlines() == [f"{games} #{n}: stored as game {n}" for n in (1, 2, 3)]
        again = patience(["import", str(games)])
        assert again.stdout.splitlines() == [f"{games} #{n}: already stored as game {n}" for n in (1, 2, 3)]
        # The same records come back out, byte for byte.
        assert patience(["export", "--all"]).stdout == text
    finally:
        os.environ["PATIENCE_HOME"] = str(patience_home)


def test_a_broken_record_among_good_ones_is_named_by_its_number_and_the_others_are_checked(tmp_path: Path) -> None:
    good = format_record(made(1, 2, "abandoned", START))
    changed = format_record(made(2, 2, "abandoned", START).with_tag("Score", "999"))
    broken = '[Variant "freecell"\n\n3a\n'
    games = tmp_path / "g.txt"
    games.write_text("\n".join([good, broken, changed, good]))
    line = good.count("\n") + 2
    verified = patience(["verify", str(games)])
    assert verified.returncode == 2
    lines = verified.stdout.splitlines()
    assert lines[0].startswith(f"{games} #1: consistent: ")
    assert (
        lines[1]
        == f'{games} #2: not a record: line {line}: \'[Variant "freecell"\' is not a tag line like [Variant "freecell"]'
    )
    assert lines[2].startswith(f"{games} #3: inconsistent: Score: the record says 999, the replay gives ")
    assert lines[3].startswith(f"{games} #4: consistent: ")
    assert verified.stderr == "patience: 1 of 4 records could not be read or stored\n"

    imported = patience(["import", str(games)])
    assert imported.returncode == 2
    assert imported.stdout.splitlines()[0] == f"{games} #1: stored as game 1"
    assert imported.stdout.splitlines()[2].startswith(f"{games} #3: inconsistent, not stored: Score:")
    assert imported.stdout.splitlines()[3] == f"{games} #4: already stored as game 1"


def test_export_all_with_a_game_named_is_refused_and_with_no_games_says_so() -> None:
    nothing = patience(["export", "--all"])
    assert nothing.returncode == 2
    assert nothing.stderr == "patience: no games yet: there is nothing to export (`patience play` starts one)\n"
    both = patience(["export", "--all", "--last"])
    assert both.returncode == 2 and both.stderr.count("\n") == 1 and "--all" in both.stderr


def test_tag_order_and_brace_comments_survive_import_and_export(tmp_path: Path) -> None:
    record = made(5, 4, "abandoned", START)
    tags = list(record.tags)
    tags.insert(1, ("Player", "Ann"))
    a, b, c, d = record.actions
    text = format_record(Record(tuple(tags), record.actions, ((0, "opening"), (2, "why not 2b? ; no"), (4, "left"))))
    assert text.splitlines()[1] == '[Player "Ann"]'
    assert f"{{opening}} {a} {b} {{why not 2b? ; no}} {c} {d} {{left}}" in text
    mine = tmp_path / "mine.txt"
    mine.write_text(text)
    imported = patience(["import", str(mine)])
    assert imported.stdout == f"{mine}: stored as game 1\n", imported.stdout + imported.stderr
    assert patience(["export", "1"]).stdout == text


def test_a_record_without_times_is_exported_without_them(tmp_path: Path) -> None:
    record = made(6, 2, "abandoned", START)
    bare = Record(tuple(tag for tag in record.tags if tag[0] not in ("Started", "Ended")), record.actions)
    mine = tmp_path / "bare.txt"
    mine.write_text(format_record(bare))
    assert patience(["import", str(mine)]).returncode == 0
    assert patience(["export", "1"]).stdout == format_record(bare)


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("Started", "2026-11-30T08:0b:58Z", "Started: '2026-11-30T08:0b:58Z' is not a time like 2026-11-30T06:22:56Z"),
        ("Ended", "soon", "Ended: 'soon' is not a time like 2026-11-30T06:22:56Z"),
    ],
)
def test_import_refuses_a_malformed_time_rather_than_replacing_it(
    tmp_path: Path, name: str, value: str, problem: str
) -> None:
    mine = tmp_path / "g.txt"
    mine.write_text(format_record(made(7, 2, "abandoned", START).with_tag(name, value)))
    imported = patience(["import", str(mine)])
    assert imported.returncode == 1
    assert imported.stdout == f"{mine}: inconsistent, not stored: {problem}\n"
    assert history() == []


# -- imported games and resume ------------------------------------------------------------------------
def test_an_imported_unfinished_game_never_takes_over_resume(tmp_path: Path) -> None:
    mine = patience(["play", "freecell", "1"], "\n".join(FC1[:5]) + "\n")
    assert mine.returncode == 0
    future = made(2, 3, "unfinished", dt.datetime(2099, 1, 1, 12, 0, 0, tzinfo=dt.UTC))
    other = tmp_path / "future.txt"
    other.write_text(format_record(future))
    assert patience(["import", str(other)]).stdout == f"{other}: stored as game 2\n"

    resumed = patience(["play"], "code\n")
    assert resumed.stdout.splitlines()[0] == "FC1-C4-AAAAAAB"
    assert "resumed your unfinished FreeCell game FC1-C4-AAAAAAB" in resumed.stderr
    # A new deal leaves the player's game, not the imported record.
    patience(["play", "freecell", "9"], "3a\n")
    results = {info["id"]: info["result"] for info in history()}
    assert results == {1: "abandoned", 2: "unfinished", 3: "unfinished"}
    assert patience(["export", "2"]).stdout == format_record(future)

    brought = patience(["play", "--resume", "2"], "code\n")
    assert brought.returncode == 0, brought.stderr
    assert brought.stdout.splitlines()[0] == "FC1-C4-AAAAAAC"
    assert "resumed your unfinished FreeCell game FC1-C4-AAAAAAC: 3 moves" in brought.stderr


def test_resume_by_id_of_a_game_that_cannot_come_back_says_why_in_one_line() -> None:
    patience(["play", "--code", "EO1-C8-AAAAAFA"], "giveup\n")
    patience(["play", "freecell", "1"], "3a\n")
    for args, said in (
        (["--resume", "7"], "patience: there is no game 7 (`patience history` lists them)"),
        (["--resume", "99999999999999999999"], "patience: there is no game 99999999999999999999"),
        (["--resume", "1"], "patience: game 1 has ended (gave-up): only an unfinished game can be resumed"),
        (["freecell", "3", "--resume", "2"], "patience: give either --resume ID or a deal to play, not both"),
    ):
        result = patience(["play", *args], "3a\n")
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert result.stdout == ""
        (line,) = result.stderr.splitlines()
        assert line.startswith(said), line


def test_a_records_actions_with_brace_comments_replay_in_piped_play_as_they_are() -> None:
    game = Game.new("freecell", 1)
    for move in FC1:
        game.play(move)
    record = record_of(game, result="won", started=START, ended=START + dt.timedelta(minutes=9))
    commented = Record(record.tags, record.actions, ((0, "start; here"), (5, "over\ntwo lines"), (87, "won")))
    actions = "\n".join(line for line in format_record(commented).splitlines() if not line.startswith("["))
    played = patience(["play", "freecell", "1"], actions + "\n")
    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines()[-1] == "won: score 1046 in 87 moves"
    assert not any(line.startswith("line ") for line in played.stdout.splitlines()), played.stdout
