"""The engine's own messages in the player's language: the store's notices, hints, plugin warnings, the daily deal.

Through the real front end (a ``patience`` process, piped play) in German
and Hungarian, and in the pseudo-language ``xx``, where every message that
went through the catalogs is in brackets: a line of these modules without
them bypassed the catalogs. The front end's own words around them (its
``patience: warning:`` prefix, ``hint:``) belong to the command line's
catalog and are left out here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from patience import Game, Move
from patience.errors import PatienceError
from patience.i18n import speaking
from patience.plugins import check_cells, get_variant
from patience_home.leaderboard import Client, LeaderboardError
from patience_home.store import DATABASE_NAME, Store
from patience_solver import Hinter, describe_move
from patience_solver.daily import DailyError, parse_date, share_line

BIN = Path(sys.executable).parent
GARBAGE = b"\x00garbage" * 300
#: The first moves the hints give on FreeCell deal 1; the fourth is 76, the jack of hearts onto the queen of clubs.
FIRST_HINTS = ["6a", "6b", "7b"]
BRACKETED = re.compile(r"^\[.*\]$")


def patience(*args: str, stdin: str = "", language: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL")}
    environment.update(env, PATIENCE_LANG=language)
    return subprocess.run(
        [str(BIN / "patience"), *args], input=stdin, capture_output=True, text=True, env=environment, timeout=120
    )


def broken_plugin(root: Path) -> dict[str, str]:
    """An installed distribution (on ``PYTHONPATH``) whose plugin module does not exist: its environment."""
    info = root / "patience_broken_example-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: patience-broken-example\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[patience]\nbroken = patience_broken_example_missing\n")
    return {"PYTHONPATH": str(root)}


def without_prefix(line: str, *prefixes: str) -> str:
    for prefix in prefixes:
        if line.startswith(prefix):
            return line[len(prefix) :]
    return line


# -- German and Hungarian, through the command line ---------------------------------------------------


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "de",
            "{path} war beschädigt (file is not a database);"
            " die Datei wurde nach {aside} verschoben und eine neue angelegt",
        ),
        ("hu", "{path}: a fájl sérült volt (file is not a database); áthelyeztük ide: {aside}, és újat kezdtünk"),
    ],
    ids=["de", "hu"],
)
def test_a_damaged_store_is_said_in_the_players_language_in_piped_play(
    patience_home: Path, language: str, words: str
) -> None:
    path = patience_home / DATABASE_NAME
    path.write_bytes(GARBAGE)
    done = patience("play", "freecell", "1", stdin="6a\n", language=language)
    assert done.returncode == 0, done.stderr
    (aside,) = patience_home.glob(f"{DATABASE_NAME}.damaged-*")
    (warning,) = done.stderr.splitlines()
    assert warning.endswith(words.format(path=path, aside=aside))


@pytest.mark.parametrize(
    ("language", "first", "fourth"),
    [
        ("de", "6a: ♦3 in eine freie Zelle", "76: ♥B auf ♣D"),
        ("hu", "6a: ♦3 egy szabad cellába", "76: ♥B a ♣D lapra"),
    ],
    ids=["de", "hu"],
)
def test_a_hint_is_worded_in_the_players_language_with_its_rank_letters(
    patience_home: Path, language: str, first: str, fourth: str
) -> None:
    moves = "\n".join(["hint", *FIRST_HINTS, "hint"]) + "\n"
    done = patience("play", "freecell", "1", stdin=moves, language=language)
    assert done.returncode == 0, done.stderr
    hints = [line for line in done.stdout.splitlines() if line.lower().startswith(("tipp: ", "hint: "))]
    assert len(hints) == 2 and first in hints[0] and fourth in hints[1], hints


@pytest.mark.parametrize(
    ("language", "warning"),
    [
        ("de", "patience: Warnung: Plugin 'broken' nicht geladen (`patience plugins` sagt, warum)"),
        (
            "hu",
            "patience: figyelmeztetés: nem töltődött be ez a bővítmény: 'broken'"
            " (az okot a `patience plugins` mutatja meg)",
        ),
    ],
    ids=["de", "hu"],
)
def test_a_plugin_that_fails_to_load_is_warned_about_in_the_players_language(
    tmp_path: Path, language: str, warning: str
) -> None:
    done = patience("deal", "freecell", "1", language=language, **broken_plugin(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [warning]


# -- German and Hungarian, in the process ---------------------------------------------------------------


def test_a_runs_hint_and_the_cell_counts_refusal_speak_german_and_hungarian() -> None:
    game = Game.new("freecell", deal=1)
    hinter = Hinter()

    def hinted() -> Move:
        move = hinter(game).move
        assert move is not None
        return move

    for _ in range(9):
        game.play(hinted())
    move = hinted()
    with speaking("de"):
        assert describe_move(game.position, move) == "67v3: die Folge von 3 Karten ab ♣D auf ♥K"
        with pytest.raises(PatienceError, match=r"^Eight Off wird mit 8, 4 oder 2 Zellen gespielt, nicht mit 3$"):
            check_cells(get_variant("eight-off"), 3)
    with speaking("hu"):
        assert describe_move(game.position, move) == "67v3: a ♣D laptól induló 3 lapos sor a ♥K lapra"
        with pytest.raises(PatienceError, match=r"^Az Eight Off 8, 4 vagy 2 cellával játszható, nem 3 cellával$"):
            check_cells(get_variant("eight-off"), 3)


def test_the_daily_share_line_speaks_german_and_hungarian() -> None:
    def line(practice: bool = False) -> str:
        return share_line(
            title="FreeCell",
            date="2026-12-24",
            deal=123456,
            cards_home=52,
            moves=91,
            undos=1,
            result="won",
            practice=practice,
        )

    with speaking("de"):
        assert line(practice=True) == (
            "Tagesspiel FreeCell 24. Dezember 2026 · #123.456 · 52/52 abgelegt · 91 Züge · 1 Rücknahme"
            " · gewonnen · Übung"
        )
    with speaking("hu"):
        assert line() == (
            "Napi FreeCell 2026. december 24. · #123\u00a0456 · 52/52 az alapon · 91 lépés · 1 visszavonás · nyert"
        )


# -- the pseudo-language: every line of these modules went through the catalogs -----------------------


def test_in_the_pseudo_language_the_store_notice_and_the_hints_of_piped_play_are_bracketed(patience_home: Path) -> None:
    (patience_home / DATABASE_NAME).write_bytes(GARBAGE)
    moves = "\n".join(["hint", *FIRST_HINTS, "hint"]) + "\n"
    done = patience("play", "freecell", "1", stdin=moves, language="xx")
    assert done.returncode == 0, done.stderr
    (warning,) = done.stderr.splitlines()
    # The terminal game's own words around the engine's are bracketed too: the whole line after the program's name.
    assert BRACKETED.match(without_prefix(warning, "patience: ")), warning
    assert "[warning: [" in warning
    hints = [line for line in done.stdout.splitlines() if line.startswith("[hint: ")]
    assert len(hints) == 2
    for hint in hints:
        assert BRACKETED.match(hint), hint
        assert "[6a: " in hint or "[76: " in hint, hint


def test_in_the_pseudo_language_a_plugin_that_fails_to_load_is_bracketed(tmp_path: Path) -> None:
    done = patience("deal", "freecell", "1", language="xx", **broken_plugin(tmp_path))
    assert done.returncode == 0, done.stderr
    (warning,) = done.stderr.splitlines()
    assert BRACKETED.match(warning), warning
    assert "[plugin 'broken' not loaded (`patience plugins` says why)]" in warning


def test_in_the_pseudo_language_the_daily_deals_notes_and_share_line_are_bracketed(patience_home: Path) -> None:
    done = patience("daily", "--date", "2026-12-24", stdin="give up\n", language="xx")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines() + done.stderr.splitlines()
    (note,) = [line for line in lines if "no server set" in line]
    assert BRACKETED.match(without_prefix(note, "patience: ")), note
    (share,) = [line for line in lines if " · #" in line]
    for part in share.split(" · "):
        assert BRACKETED.match(part) or re.fullmatch(r"#\d+", part), share
    unreachable = patience(
        "daily",
        "--date",
        "2026-12-25",
        "--server",
        "http://127.0.0.1:9",
        "--name",
        "ada",
        stdin="quit\n",
        language="xx",
    )
    (away,) = [line for line in (unreachable.stdout + unreachable.stderr).splitlines() if "cannot reach" in line]
    assert BRACKETED.match(without_prefix(away, "patience: ")), away
    refused = patience("daily", "deal", "--date", "2026-02-30", language="xx")
    assert refused.returncode != 0
    (error,) = [line for line in refused.stderr.splitlines() if "2026-02-30" in line]
    assert "[2026-02-30 is not a calendar date: that month has days 01 to 28]" in error


def test_in_the_pseudo_language_the_engines_messages_are_bracketed(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    path.write_bytes(GARBAGE)
    with speaking("xx"):
        store = Store.open(path)
        store.close()
        messages = [store.notice or ""]
        for attempt in (
            lambda: parse_date("24.12.2026"),
            lambda: parse_date("2026-13-01"),
            lambda: Client("nowhere"),
            lambda: get_variant("klondike"),
            lambda: check_cells(get_variant("eight-off"), 3),
        ):
            with pytest.raises((DailyError, LeaderboardError, PatienceError)) as refused:
                attempt()
            messages.append(str(refused.value))
        game = Game.new("freecell", deal=1)
        messages.append(Hinter()(game).reason)
        game.play("6a")
        messages.append(
            share_line(title="FreeCell", date="2026-12-24", deal=1, cards_home=0, moves=1, undos=0, result="gave-up")
        )
    for message in messages[:-1]:
        assert BRACKETED.match(message), message
    assert all(BRACKETED.match(part) or part == "#1" for part in messages[-1].split(" · ")), messages[-1]
