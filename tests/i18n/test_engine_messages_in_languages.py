"""The engine's messages in German, Hungarian and the pseudo-language: cards, moves, codes, deals, boards, records."""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from patience import Card, Game
from patience.errors import clipped
from patience.formats.board import format_board, parse_board
from patience.formats.codes import GameCode
from patience.formats.fcsolve import FcsFollower
from patience.formats.records import Record, check_record, format_record, parse_record, record_of
from patience.game import deal_position
from patience.i18n import speaking
from patience.moves import Move, Place
from patience.plugins import get_variant
from patience.position import Position
from patience.rules import Build
from patience.shuffle import check_deal_number, read_deal_number

BIN = Path(sys.executable).parent

RECORD = """\
[Variant "freecell"]
[Cells "4"]
[Deal "1"]
[Code "FC1-C4-AAAAAAB"]
[Date "2026-11-30"]
[Result "won"]
[Score "0"]
[Moves "0"]
[Undos "0"]
[Hints "0"]

qq
"""


def patience(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("PATIENCE_LANG", "LANGUAGE", "LC_ALL")}
    environment.update({"NO_COLOR": "1", **env})
    return subprocess.run(
        [str(BIN / "patience"), *args], input=stdin, capture_output=True, text=True, env=environment, timeout=60
    )


# -- German and Hungarian, through the command line ----------------------------------------------------


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "de",
            "patience: 'XYZ' ist kein Spielcode: Codes sehen aus wie EO1-C8-AAAAAFA (Buchstaben der Variante"
            " und Codeversion, C und die Zahl der Zellen, 7 Base-32-Zeichen A-Z 2-7)",
        ),
        (
            "hu",
            "patience: 'XYZ' nem játékkód: a kódok így néznek ki: EO1-C8-AAAAAFA (a változat betűi és a kód"
            " verziója, C és a cellák száma, 7 base-32 karakter A-Z 2-7)",
        ),
    ],
)
def test_a_bad_code_is_refused_in_the_language_given(language: str, expected: str) -> None:
    done = patience("--lang", language, "code", "--decode", "XYZ")
    assert done.returncode != 0
    assert done.stderr.splitlines() == [expected]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "de",
            "patience: die Spielnummer 0 liegt außerhalb des Bereichs: Spielnummern reichen von 1 bis 8.589.934.591",
        ),
        (
            "hu",
            "patience: az osztás száma, 0, kívül esik a tartományon: az osztások 1-től 8 589 934 591-ig"
            " vannak számozva",
        ),
    ],
)
def test_a_bad_deal_number_is_refused_with_the_languages_digits(language: str, expected: str) -> None:
    done = patience("--lang", language, "deal", "freecell", "0")
    assert done.returncode != 0
    assert done.stderr.splitlines() == [expected]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "patience: Zeile 2: 'Foo' ist keine Zeile einer Stellung (Foundations:, Freecells: oder eine Spalte)"),
        ("hu", "patience: 2. sor: 'Foo' nem táblasor (Foundations:, Freecells: vagy egy oszlop)"),
    ],
)
def test_a_bad_board_is_refused_in_the_language_given(tmp_path: Path, language: str, expected: str) -> None:
    board = tmp_path / "bad.fcs"
    board.write_text("Foundations: H-0 C-0 D-0 S-0\nFoo: bar\n")
    done = patience("--lang", language, "moves", "freecell", "--board", str(board))
    assert done.returncode != 0
    assert done.stderr.splitlines() == [expected]


@pytest.mark.parametrize(
    ("language", "problem"),
    [
        (
            "de",
            "Aktion 1 'qq': 'q' ist kein Platz: eine Spaltennummer (1 bis 8), einen Zellenbuchstaben (a b c d)"
            " oder h verwenden",
        ),
        ("hu", "1. művelet, 'qq': 'q' nem hely: oszlopszámot (1–8), cellabetűt (a b c d) vagy h-t adjon meg"),
    ],
)
def test_a_bad_record_is_found_in_the_language_given(tmp_path: Path, language: str, problem: str) -> None:
    path = tmp_path / "game.txt"
    path.write_text(RECORD)
    done = patience("--lang", language, "verify", str(path))
    assert done.returncode != 0
    (line,) = done.stdout.splitlines()
    assert line.endswith(f": {problem}")


@pytest.mark.parametrize(
    ("language", "problem"),
    [
        ("de", "Result: die Aufzeichnung sagt won, das Nachspielen ergibt unfinished (0 Karten auf der Ablage)"),
        ("hu", "Result: a feljegyzés szerint won, az újrajátszás szerint unfinished (0 lap az alapokon)"),
    ],
)
def test_a_record_whose_claim_disagrees_is_told_in_the_language(tmp_path: Path, language: str, problem: str) -> None:
    path = tmp_path / "game.txt"
    path.write_text(RECORD.replace("qq\n", ""))
    done = patience("--lang", language, "verify", str(path))
    assert done.returncode != 0
    assert done.stdout.splitlines()[0].endswith(f": {problem}")


# -- German and Hungarian, in process ---------------------------------------------------------------------


def test_places_are_named_in_the_language_with_the_hungarian_article() -> None:
    with speaking("de"):
        assert [Place.column(0).describe(), Place.cell(4).describe()] == ["Spalte 1", "Zelle e"]
        assert Place.foundation(Card.parse("AH").suit).describe() == "die Herz-Ablage"
    with speaking("hu"):
        assert [Place.column(0).describe(), Place.column(1).describe()] == ["az 1. oszlop", "a 2. oszlop"]
        assert [Place.cell(0).describe(), Place.cell(2).describe()] == ["az a cella", "a c cella"]
    with speaking("en"):
        assert [Place.column(0).describe(), Place.cell(0).describe()] == ["column 1", "cell a"]


def test_the_games_refusals_are_said_in_the_language() -> None:
    game = Game.new("freecell", 1)
    with speaking("de"), pytest.raises(ValueError, match=r"^nichts rückgängig zu machen$"):
        game.undo()
    with speaking("hu"), pytest.raises(ValueError, match=r"^nincs mit visszavonni$"):
        game.undo()


def test_a_hungarian_title_takes_its_article_and_a_card_its_letter() -> None:
    two_decks = deal_position(get_variant("double-freecell"), 1, 6)
    with speaking("hu"), pytest.raises(ValueError) as refused:
        Game.from_position("eight-off", two_decks)
    assert str(refused.value) == "az Eight Off egy paklival játszható (52 lap), nem 104 lappal"
    jack = Position(((Card.parse("JC"),),) + ((),) * 7, (None,) * 4, (0,) * 4)
    with speaking("de"), pytest.raises(ValueError) as refused:
        jack.apply(Move(Place.column(0), Place.foundation()))
    assert str(refused.value) == "1h: ♣B ist nicht die nächste Karte für ihre Ablage"
    with speaking("hu"), pytest.raises(ValueError) as refused:
        jack.apply(Move(Place.column(0), Place.cell(5)))
    assert str(refused.value) == "az f cella nem létezik ebben a játszmában (cellák: a b c d)"


def test_a_long_quote_counts_its_characters_in_the_languages_digits() -> None:
    with speaking("de"):
        assert clipped("7" * 5000).endswith("… (5.000 Zeichen)")
    with speaking("hu"):
        assert clipped("7" * 5000).endswith("… (5\xa0000 karakter)")


# -- the pseudo-language: every message of the engine went through the catalog ------------------------


def _record(text: str) -> Record:
    return parse_record(text)


def _problem(text: str) -> str:
    problem = check_record(_record(text)).problem
    assert problem is not None
    return problem


def _apply_from_empty() -> None:
    position = Position(((),) * 8, (None,) * 4, (13,) * 4)
    position.apply(Move(Place.column(0), Place.cell(0)))


def _fcs_bad_token() -> None:
    game = Game.new("freecell", 1)
    FcsFollower.from_deal(game).step(game, "qq")


BOARD = format_board(deal_position(get_variant("freecell"), 1, 4))

#: One trigger for each kind of message the engine makes: bad cards, moves, places, codes, deal numbers,
#: boards, positions, records and their check, and the game's refusals.
TRIGGERS: dict[str, Callable[[], object]] = {
    "card": lambda: Card.parse("ZZ"),
    "card without suit": lambda: Card.parse("X"),
    "card suit": lambda: Card.parse("1X"),
    "rank": lambda: Card(14, Card.parse("AS").suit),
    "move": lambda: Move.parse("3"),
    "move tail": lambda: Move.parse("1234"),
    "move run": lambda: Move.parse("3av"),
    "move home suit": lambda: Move.parse("h3"),
    "move home": lambda: Move.parse("5hs"),
    "place": lambda: Place.parse("q", columns=8, cells=4),
    "place without cells": lambda: Place.parse("q", columns=8, cells=0),
    "place of any table": lambda: Place.parse("q"),
    "code": lambda: GameCode.parse("XYZ"),
    "code character": lambda: GameCode.parse("EO1-C8-AAAAAF0"),
    "code version": lambda: GameCode.parse("EO2-C8-AAAAAFA"),
    "code deal part": lambda: GameCode.parse("EO1-C8-AAAA"),
    "code deal": lambda: GameCode.parse("EO1-C8-AAAAAAA"),
    "deal text": lambda: read_deal_number("abc"),
    "deal range": lambda: read_deal_number("0"),
    "deal number": lambda: check_deal_number(0),
    "board empty": lambda: parse_board(""),
    "board line": lambda: parse_board("Foo: bar"),
    "board columns": lambda: parse_board(BOARD, columns=9),
    "board cells": lambda: parse_board(BOARD, cells=2),
    "board card": lambda: parse_board(BOARD.replace("JD", "ZZ", 1)),
    "board twice": lambda: parse_board(BOARD + "Freecells: - - - -\n"),
    "board cards": lambda: parse_board(BOARD.replace("JD", "QD", 1)),
    "position move": _apply_from_empty,
    "record empty": lambda: _record(""),
    "record tag line": lambda: _record('[Variant "freecell"\n'),
    "record comment": lambda: _record('[Variant "freecell"]\n\n{ open\n'),
    "record second": lambda: _record(RECORD + '[Variant "freecell"]\n'),
    "record format": lambda: format_record(Record((("bad name", "x"),), ())),
    "record of": lambda: record_of(
        Game.new("freecell", 1), result="lost", started=datetime.datetime(2026, 11, 30, tzinfo=datetime.UTC)
    ),
    "record action": lambda: _problem(RECORD),
    "record missing tag": lambda: _problem(RECORD.replace('[Deal "1"]\n', "")),
    "record result": lambda: _problem(RECORD.replace('"won"', '"lost"')),
    "record number": lambda: _problem(RECORD.replace('[Moves "0"]', '[Moves "many"]')),
    "record date": lambda: _problem(RECORD.replace("2026-11-30", "yesterday")),
    "record claim": lambda: _problem(RECORD.replace("qq\n", "")),
    "record deal": lambda: _problem(RECORD.replace('[Cells "4"]', '[Cells "x"]')),
    "undo": lambda: Game.new("freecell", 1).undo(),
    "redo": lambda: Game.new("freecell", 1).redo(),
    "finish": lambda: Game.new("freecell", 1).finish(),
    "fc-solve move": _fcs_bad_token,
    "rules": lambda: attrs.evolve(get_variant("freecell").rules, decks=4),
    "build": lambda: Build.ALTERNATE_COLOURS.words,
}


def _message(trigger: Callable[[], object]) -> str:
    try:
        result = trigger()
    except ValueError as error:
        return str(error)
    assert isinstance(result, str), f"{trigger} raised nothing"
    return result


@pytest.mark.parametrize("name", TRIGGERS)
def test_every_engine_message_is_bracketed_in_the_pseudo_language(name: str) -> None:
    with speaking("xx"):
        message = _message(TRIGGERS[name])
    assert re.fullmatch(r"\[.*\]", message, re.DOTALL), message
    with speaking("en"):
        english = _message(TRIGGERS[name])
    assert not english.startswith("["), english


@pytest.mark.parametrize(
    "args",
    [
        ["code", "--decode", "XYZ"],
        ["deal", "freecell", "0"],
        ["deal", "freecell", "abc"],
        ["code", "--decode", "EO1-C8-AAAAAF0"],
    ],
)
def test_the_command_line_shows_the_engines_refusals_bracketed_in_the_pseudo_language(args: list[str]) -> None:
    done = patience(*args, PATIENCE_LANG="xx")
    assert done.returncode != 0
    (line,) = [line for line in done.stderr.splitlines() if line.strip()]
    assert re.fullmatch(r"patience: \[.*\]", line), line


def test_a_bad_board_and_a_bad_record_are_bracketed_through_the_command_line(tmp_path: Path) -> None:
    board = tmp_path / "bad.fcs"
    board.write_text("Foo: bar\n")
    done = patience("moves", "freecell", "--board", str(board), PATIENCE_LANG="xx")
    assert re.fullmatch(r"patience: \[.*\]\n", done.stderr), done.stderr
    record = tmp_path / "game.txt"
    record.write_text(RECORD)
    verified = patience("verify", str(record), PATIENCE_LANG="xx")
    (line,) = verified.stdout.splitlines()
    # What the engine found, after the command's own words about the file.
    assert re.search(r": \[action 1 'qq': \['q' is not a place: .*\]\]$", line), line
