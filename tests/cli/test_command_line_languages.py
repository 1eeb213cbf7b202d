"""The command line's own words (root help, usage errors, inspect, solve and census commands) in every language.

Each test runs ``patience`` as a player would, in a subprocess: the
language is chosen before the commands register their help. The
pseudo-language ``xx`` shows every translated message in brackets, so that
any English left outside brackets is text that bypasses the catalogs.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent

#: The commands whose help texts and output these modules write.
OURS = ("variants", "deal", "moves", "plugins", "code", "solve", "census")
#: The app's other commands (their modules' help is translated elsewhere).
OTHERS = ("play", "history", "stats", "export", "verify", "import", "serve", "daily")

NBSP = "\u00a0"
_BOX = str.maketrans(dict.fromkeys("│╭╮╰╯─", " "))


def patience(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("PATIENCE_LANG", "LANGUAGE", "LC_ALL", "LANG")}
    environment.update({"COLUMNS": "80", "LANG": "C.UTF-8", **env})
    return subprocess.run(
        [str(BIN / "patience"), *args], input=stdin, capture_output=True, text=True, env=environment, timeout=120
    )


def flat(text: str) -> str:
    """A help screen's words in one line: its boxes and line breaks gone."""
    return " ".join(text.translate(_BOX).split())


def _board(tmp_path: Path) -> Path:
    board = tmp_path / "board.txt"
    board.write_text(patience("deal", "freecell", "1", "--format", "fcs").stdout)
    return board


# -- German and Hungarian ------------------------------------------------------------------------------------


def test_the_root_help_reads_in_german_and_hungarian() -> None:
    german = flat(patience("--lang", "de", "--help").stdout)
    assert "Beispiel: patience deal freecell 1; patience <command> -h zeigt die Hilfe jedes Befehls." in german
    assert "Zeigt die Versionen der installierten patience-Pakete." in german
    assert "Zeigt diese Hilfe und beendet das Programm." in german
    assert "Listet die installierten Varianten" in german
    hungarian = flat(patience("--lang", "hu", "--help").stdout)
    assert "Kilépési kódok: 0 rendben" in hungarian
    assert "Megjeleníti ezt a súgót, és kilép." in hungarian
    assert "Megold egy osztást vagy állást" in hungarian


def test_a_deal_is_laid_out_in_german_and_hungarian_with_their_rank_letters_and_numbers() -> None:
    german = patience("--lang", "de", "deal", "eight-off", "1000000").stdout.splitlines()
    assert german[0] == "Eight Off, Spiel Nr. 1.000.000, 8 Zellen   Code EO1-C8-AAA6QSA"
    assert german[2].startswith("Zellen  ")
    assert german[4].startswith("Ablage h  ")
    assert german[6].startswith("Spalten  ")
    assert "♣B" in german[7] and "♥D" in german[9]
    hungarian = patience("--lang", "hu", "deal", "eight-off", "1000000").stdout.splitlines()
    assert hungarian[0] == f"Eight Off, 1{NBSP}000{NBSP}000. osztás, 8 cella   kód: EO1-C8-AAA6QSA"
    assert hungarian[2].startswith("cellák  ")
    assert hungarian[4].startswith("alap h  ")
    assert hungarian[6].startswith("oszlopok  ")


def test_the_foundations_base_is_said_with_the_languages_rank_letters() -> None:
    german = patience("--lang", "de", "deal", "penguin", "2").stdout
    assert "(die Ablagen beginnen mit D und gehen von K weiter zu A)" in german.splitlines()


def test_moves_are_described_in_german_and_hungarian(tmp_path: Path) -> None:
    board = str(_board(tmp_path))
    german = patience("--lang", "de", "moves", "freecell", "--board", board).stdout.splitlines()
    assert german[0] == "1a    ♠6 aus Spalte 1 in Zelle a"
    hungarian = patience("--lang", "hu", "moves", "freecell", "--board", board).stdout.splitlines()
    assert hungarian[0] == "1a    ♠6 az 1. oszlopból az a cellába"
    assert hungarian[1] == "2a    ♣9 a 2. oszlopból az a cellába"
    onto = [line for line in hungarian if line.startswith("15 ")]
    assert onto == ["15    ♣6 az 1. oszlop ♦7 lapjára"] or onto == []


def test_a_solution_and_a_census_are_reported_in_german_and_hungarian() -> None:
    hungarian = patience("--lang", "hu", "solve", "freecell", "1").stdout.splitlines()
    assert hungarian[0].startswith("FreeCell, 1. osztás (FC1-C4-AAAAAAB): megoldva 62 lépésben (")
    assert hungarian[0].endswith(" mp)")
    german = patience("--lang", "de", "census", "freecell", "1-2", "--format", "table").stdout.splitlines()
    assert german[0].split() == ["Spiel", "Ergebnis", "Züge", "Sekunden", "Grund"]
    assert german[1].split()[:3] == ["1", "gelöst", "62"]
    assert re.fullmatch(
        r"FreeCell, 4 Zellen, 2 Spiele: gelöst 2, unlösbar 0, unbekannt 0; \d+,\d s mit 1 Prozess", german[3]
    )


@pytest.mark.parametrize(
    ("language", "args", "message"),
    [
        (
            "de",
            ["census", "freecell", "5-1"],
            "patience: der Bereich '5-1' läuft rückwärts: schreib die kleinere Spielnummer zuerst, etwa 1-32000\n",
        ),
        (
            "hu",
            ["census", "freecell", "1-2", "--jobs", "abc"],
            "patience: --jobs értéke egész szám, nem 'abc' (lásd: `patience census --help`)\n",
        ),
        (
            "de",
            ["deal", "freecell", "1", "--from", "3"],
            "patience: --from gehört zu --winnable\n",
        ),
        (
            "hu",
            ["code", "eight-off"],
            "patience: a változat után adj meg egy osztásszámot, például `eight-off 1`, vagy --code CODE kapcsolót\n",
        ),
        (
            "hu",
            ["solve", "freecell", "1", "--time-limit", "0"],
            "patience: --time-limit értéke pozitív másodpercszám legyen, például 10, nem 0\n",
        ),
    ],
)
def test_errors_are_one_line_in_the_language(language: str, args: list[str], message: str) -> None:
    done = patience("--lang", language, *args)
    assert done.returncode == 2
    assert done.stderr == message


# -- the pseudo-language ---------------------------------------------------------------------------------------

_BRACKETED = re.compile(r"\[[^\[\]]*\]")
#: Words that are no language: options, metavars, value types, numbers, cards, notation, codes, punctuation.
_NEUTRAL = re.compile(
    r"-[-\w]*|[A-Z][A-Z_0-9]*|<[^>]*>|[\d.,:]+|[♠♥♦♣][\dAJQK]*-?"
    r"|(?:\d+|[a-k])(?:v\d+)?(?:\d+|[a-k]|h)?\.?|[A-Z]{2}\d-C\d+-[A-Z0-9]+|[^\w\s]+"
)


def _unbracketed(text: str) -> str:
    """``text`` without its bracketed parts (nested brackets too, and those that run over several lines)."""
    while True:
        shorter = _BRACKETED.sub(" ", text)
        if shorter == text:
            return text
        text = shorter


def english_left(text: str, *, names: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text`` outside brackets that are not language-neutral (``names``: command and game names)."""
    left = []
    for line in _unbracketed(text.translate(_BOX)).splitlines():
        words = line.split()
        if words[:1] == ["patience"]:
            continue  # a command line, as typed
        left += [word for word in words if word not in names and not _NEUTRAL.fullmatch(word)]
    return left


def _without_other_commands(help_text: str) -> str:
    """The root help without the rows (and their continuation lines) of the commands other modules write."""
    kept, current = [], None
    for line in help_text.splitlines():
        words = line.translate(_BOX).split()
        if words and words[0] in OURS + OTHERS:
            current = words[0]
        elif not words or "╰" in line:
            current = None
        if current not in OTHERS:
            kept.append(line)
    return "\n".join(kept)


def test_the_root_help_is_all_translated_in_the_pseudo_language() -> None:
    text = _without_other_commands(patience("--help", PATIENCE_LANG="xx").stdout)
    assert "[patience: Eight Off, FreeCell, Baker's Game and Seahaven Towers.]" in text
    assert english_left(text, names=("patience", *OURS)) == []


@pytest.mark.parametrize("command", OURS)
def test_every_help_text_of_these_commands_is_translated_in_the_pseudo_language(command: str) -> None:
    done = patience(command, "--help", PATIENCE_LANG="xx")
    assert done.returncode == 0
    assert "[Show this message and exit.]" in done.stdout
    # A long example command line runs over into the next line.
    assert english_left(done.stdout, names=("patience", command, "board.txt")) == []


#: What the other commands' help shows as typed: typer's metavars and the daily and serve groups' commands.
TYPED = ("FILE...", "<list", "<int", "range>", "deal", "play", "share", "leaderboard", "review")


@pytest.mark.parametrize("command", OTHERS)
def test_every_other_commands_help_is_translated_in_the_pseudo_language(command: str) -> None:
    done = patience(command, "--help", PATIENCE_LANG="xx")
    assert english_left(done.stdout, names=("patience", command, *TYPED)) == []


def test_the_whole_root_help_is_translated_in_the_pseudo_language() -> None:
    text = patience("--help", PATIENCE_LANG="xx").stdout
    assert english_left(text, names=("patience", *OURS, *OTHERS)) == []


GAMES = ("FreeCell", "Eight", "Off", "Penguin")


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "freecell", "1"],
        ["deal", "penguin", "2"],
        ["variants"],
        ["census", "freecell", "1-2", "--format", "table"],
        ["plugins"],
        ["plugins", "--timings"],
    ],
)
def test_what_these_commands_print_is_translated_in_the_pseudo_language(args: list[str]) -> None:
    done = patience(*args, PATIENCE_LANG="xx")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    if args in (["variants"], ["plugins", "--timings"]):
        # Column headings are capitals, which the check takes for metavars: each is looked at here.
        headings = re.findall(r"\[[^]]*\]|\S+", text.splitlines()[0])
        assert headings and all(heading.startswith("[") and heading.endswith("]") for heading in headings), headings
    if args[0] == "variants":
        # The variants' rows are names, codes and plugins; the headings and the note are for people.
        text = "\n".join([text.splitlines()[0], *text.splitlines()[-2:]])
    if args[0] == "plugins":
        # Plugin names (first on their lines), hooks, distributions and modules are names, not words.
        text = re.sub(r"^[\w.-]+", " ", text, flags=re.MULTILINE)
        text = re.sub(r"\(?[a-z][\w.-]*[_.-][\w.-]*\)?,?", " ", text)
    assert english_left(text, names=(*GAMES, "freecell", "ms", "s")) == []


def test_moves_and_a_solutions_heading_are_translated_in_the_pseudo_language(tmp_path: Path) -> None:
    moves = patience("moves", "freecell", "--board", str(_board(tmp_path)), PATIENCE_LANG="xx").stdout
    assert moves.splitlines()[0] == "1a    [♠6 [from column 1] [to cell a]]"
    assert english_left(moves) == []
    heading = patience("solve", "freecell", "1", PATIENCE_LANG="xx").stdout.splitlines()[0]
    assert english_left(heading, names=GAMES) == []


@pytest.mark.parametrize(
    "args",
    [
        ["census", "freecell", "5-1"],
        ["census", "freecell", "1-2", "--jobs", "abc"],
        ["deal", "freecell", "1", "--from", "3"],
        ["solve", "freecell", "1", "--time-limit", "0"],
        ["code", "eight-off"],
        ["solve", "--board", "-", "freecell", "1"],
    ],
)
def test_errors_are_translated_in_the_pseudo_language(args: list[str]) -> None:
    done = patience(*args, PATIENCE_LANG="xx")
    assert done.returncode == 2
    message = done.stderr.removeprefix("patience: ")
    assert english_left(message, names=("patience", "freecell", "eight-off", "abc", "'abc'", "'5-1'")) == []
