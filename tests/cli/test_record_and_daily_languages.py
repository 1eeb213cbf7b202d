"""``play``, ``history``, ``stats``, ``export``, ``verify``, ``import``, ``daily``, ``serve`` in German and Hungarian.

Real processes, as a player runs them: ``patience --lang de|hu ...``. The
pseudo-language ``xx`` shows every translated message in brackets, so any
English these commands print without them bypassed the catalogs.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"
FC1 = (DATA / "fc1_moves.txt").read_text().split()

pytestmark = pytest.mark.timeout(300)


def patience(*args: str, stdin: str = "", lang: str | None = None) -> subprocess.CompletedProcess[str]:
    """``patience ARGS``; with ``lang`` the language is the pseudo-language's way of choosing it (PATIENCE_LANG)."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    if lang is not None:
        env["PATIENCE_LANG"] = lang
    return subprocess.run(
        [str(PATIENCE), *args], input=stdin, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def started_game() -> None:
    """FreeCell deal 1 with three moves played, left unfinished."""
    assert patience("play", "freecell", "1", stdin=" ".join(FC1[:3]) + "\n").returncode == 0


def won_game() -> None:
    """FreeCell deal 1 played to the end, won."""
    done = patience("play", "freecell", "1", stdin="\n".join(FC1) + "\n")
    assert done.returncode == 0, done.stderr


# -- German and Hungarian ----------------------------------------------------------------------------


def test_history_and_stats_head_their_tables_in_the_language() -> None:
    won_game()
    german = patience("--lang", "de", "history").stdout.splitlines()
    assert re.split(r"\s{2,}", german[0].strip())[:3] == ["ID", "begonnen (UTC)", "Variante"]
    assert "gewonnen" in german[1] and "FC1-C4-AAAAAAB" in german[1]
    hungarian = patience("--lang", "hu", "stats").stdout.splitlines()
    assert hungarian[0].startswith("változat  cellák  játszott  nyert  segítség nélkül nyert  nyerés %  sorozat")
    assert hungarian[1].split()[:7] == ["FreeCell", "4", "1", "1", "1", "100,0", "1"]
    assert hungarian[1].split()[-2] == "87,0"
    assert re.fullmatch(r"\d+:\d\d", hungarian[1].split()[-1])  # the fastest win, as a clock shows it
    # Scripts read the same JSON in every language.
    assert json.loads(patience("--lang", "hu", "history", "--format", "json").stdout)[0]["result"] == "won"


def test_an_empty_store_and_a_missing_game_are_said_in_the_language() -> None:
    assert patience("--lang", "de", "stats").stdout == "noch keine Partie ist beendet: `patience play` beginnt eine\n"
    assert patience("--lang", "hu", "history").stdout == "még nincs játszma: a `patience play` indít egyet\n"
    german = patience("--lang", "de", "export", "5")
    assert german.returncode == 2
    assert german.stderr == "patience: es gibt keine Partie 5 (`patience history` listet sie auf)\n"
    # Hungarian puts the article the number takes before the game's id: az 5, a 12.
    assert patience("--lang", "hu", "export", "5").stderr.startswith("patience: nincs az 5 azonosítójú játszma")
    assert patience("--lang", "hu", "export", "12").stderr.startswith("patience: nincs a 12 azonosítójú játszma")


def test_verify_and_import_report_each_record_in_the_language(tmp_path: Path) -> None:
    started_game()
    record = tmp_path / "g.txt"
    record.write_text(patience("export", "--last").stdout)
    german = patience("--lang", "de", "verify", str(record)).stdout
    assert german == f"{record}: stimmig: unbeendet, Punktzahl 0, 3 Züge, 0-mal rückgängig, 0 Karten abgelegt\n"
    hungarian = patience("--lang", "hu", "import", str(record)).stdout
    assert hungarian == f"{record}: már el van tárolva, a játszma azonosítója 1\n"


def test_a_resumed_game_is_announced_in_the_language() -> None:
    started_game()
    german = patience("--lang", "de", "play", stdin="")
    assert german.stderr.startswith(
        "patience: deine unbeendete FreeCell-Partie FC1-C4-AAAAAAB geht weiter: 3 Züge, Punktzahl 0, 0 Karten abgelegt"
    )
    hungarian = patience("--lang", "hu", "play", stdin="")
    assert hungarian.stderr.startswith(
        "patience: folytatódik a befejezetlen FreeCell játszmád (FC1-C4-AAAAAAB): "
        "3 lépés, pontszám 0, 0 lap az alapokon"
    )


def test_the_daily_deal_writes_its_date_as_the_language_does() -> None:
    deal = json.loads(patience("daily", "deal", "--date", "2026-12-24", "--format", "json").stdout)
    number, code = deal["deal"], deal["code"]
    german = patience("--lang", "de", "daily", "deal", "--date", "2026-12-24").stdout
    assert german == f"Tages-FreeCell 24. Dezember 2026: Spiel #{number}, 4 Zellen, Code {code}\n"
    hungarian = patience("--lang", "hu", "daily", "deal", "--date", "2026-12-24").stdout
    assert hungarian == f"Napi FreeCell, 2026. december 24.: #{number} osztás, 4 cella, kód: {code}\n"
    english = patience("daily", "deal", "--date", "2026-12-24").stdout
    assert english == f"Daily FreeCell 2026-12-24: deal #{number}, 4 cells, code {code}\n"
    refused = patience("--lang", "de", "daily", "leaderboard")
    assert refused.stderr == "patience: kein Server: --server URL angeben oder PATIENCE_SERVER setzen\n"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ["Im Terminal spielen", "Spielnummer, 1 bis 8.589.934.591", "Beispiele:  patience play freecell 617"]),
        ("hu", ["Játék a terminálban", "Az osztás száma, 1 és 8 589 934 591 között", "Példák:  patience play"]),
    ],
)
def test_the_help_of_play_speaks_the_language_chosen_with_lang(language: str, words: list[str]) -> None:
    shown = patience("--lang", language, "play", "--help").stdout
    for expected in words:
        assert expected in shown


def test_the_help_of_the_daily_commands_and_serve_speaks_the_language() -> None:
    assert "Die Bestenliste des Tages vom Server ausgeben." in patience("--lang", "de", "daily", "--help").stdout
    assert "A dátum, ÉÉÉÉ-HH-NN" in patience("--lang", "hu", "daily", "deal", "--help").stdout
    assert "Port, an dem gelauscht wird." in patience("--lang", "de", "serve", "--help").stdout
    assert "Csak ez a cellaszám." in patience("--lang", "hu", "stats", "--help").stdout


# -- the pseudo-language: nothing in English outside the catalogs -------------------------------------

#: What is the same in every language: names of games, the program's and commands' names, codes, units.
NEUTRAL_WORDS = {"FreeCell", "Eight", "Off", "patience", "UTC", "MiB", "ID", "VARIANT", "DEAL", "FILE", "URL", "SIZE"}
_CODE = re.compile(r"\b[A-Z]{2,3}\d-C\d+-[A-Z0-9]+\b")
_BRACKETED = re.compile(r"\[[^\[\]]*\]")


def unbracketed_words(text: str) -> list[str]:
    """The words of ``text`` outside brackets that are not language-neutral (codes, paths and options left out)."""
    text = _CODE.sub("", text)
    text = re.sub(r"(?<!\S)[/.][^\s\]]*", "", text)  # file paths
    text = re.sub(r"`[^`]*`", "", text)  # commands as typed
    while True:
        shorter = _BRACKETED.sub("", text)
        if shorter == text:
            break
        text = shorter
    text = re.sub(r"--?[a-z][\w-]*", "", text)  # options
    text = re.sub(r"^patience: ", "", text, flags=re.MULTILINE)
    return [word for word in re.findall(r"[A-Za-z]{2,}", text) if word not in NEUTRAL_WORDS]


def test_every_line_of_the_record_commands_is_translated(tmp_path: Path) -> None:
    won_game()
    started_game()
    record = tmp_path / "g.txt"
    record.write_text(patience("export", "1").stdout)
    shown = [
        patience("history", lang="xx"),
        patience("stats", lang="xx"),
        patience("stats", "freecell", "--cells", "4", lang="xx"),
        patience("stats", "--cells", "2000", lang="xx"),
        patience("stats", "--reset", lang="xx"),
        patience("export", "9", lang="xx"),
        patience("export", "2", "--last", lang="xx"),
        patience("export", "1", "-o", str(record), lang="xx"),
        patience("verify", str(record), str(tmp_path / "none.txt"), lang="xx"),
        patience("import", str(record), lang="xx"),
        patience("play", "--resume", "1", lang="xx"),
        patience("play", "--resume", "77", lang="xx"),
        patience("play", "--resume", "1", "freecell", lang="xx"),
    ]
    for done in shown:
        assert done.stdout or done.stderr
        assert unbracketed_words(done.stdout + done.stderr) == [], done.stdout + done.stderr


def test_every_line_of_the_daily_commands_and_serve_is_translated() -> None:
    shown = [
        patience("daily", "deal", "--date", "2026-12-24", lang="xx"),
        patience("daily", "share", "--date", "2026-12-24", lang="xx"),
        patience("daily", "leaderboard", lang="xx"),
        patience("daily", "--name", "ada", "deal", lang="xx"),
        patience("serve", "--port", "0", lang="xx"),
        patience("serve", "--database", "mysql://x", lang="xx"),
    ]
    for done in shown:
        assert done.stdout or done.stderr
        assert unbracketed_words(done.stdout + done.stderr) == [], done.stdout + done.stderr


#: The rows of the options other modules describe (the shared ``--format`` and ``--moves``, typer's ``--help``).
_SHARED_OPTION = re.compile(r"^\s*│\s+(--format|--moves|--help)\b")
#: A row's continuation: the frame, then blank up to the description.
_CONTINUATION = re.compile(r"^\s*│ {10,}\S")


def without_shared_rows(shown: str) -> str:
    """``shown`` without the rows of the options whose help other modules write."""
    kept, skipping = [], False
    for line in shown.splitlines():
        if _SHARED_OPTION.match(line) or (skipping and _CONTINUATION.match(line)):
            skipping = True
            continue
        skipping = False
        kept.append(line)
    return "\n".join(kept)


@pytest.mark.parametrize(
    "command",
    [
        ["play"],
        ["history"],
        ["stats"],
        ["export"],
        ["verify"],
        ["import"],
        ["daily"],
        ["daily", "deal"],
        ["daily", "play"],
        ["daily", "share"],
        ["daily", "leaderboard"],
        ["serve"],
    ],
)
def test_the_help_of_each_command_is_translated(command: list[str]) -> None:
    shown = patience(*command, "--help", lang="xx").stdout
    assert "[" in shown
    # The rows of the options other modules describe, and the frame's own words, are theirs to translate.
    text = without_shared_rows(shown)
    text = re.sub(r"^\s*│|[│╭╮╰╯─]", " ", text, flags=re.MULTILINE)
    text = re.sub(r"<[^>]*>|\[default: [^\]]*\]", "", text)
    text = re.sub(r"^(\s*\[Usage: \]\s*)patience(?: [a-z]+)*", r"\1", text, flags=re.MULTILINE)  # as typed
    text = re.sub(r"^ {1,3}[a-z]+(?= {2,})", "", text, flags=re.MULTILINE)  # a group's commands, by name
    words = [word for word in unbracketed_words(text) if word not in {"Usage", "OPTIONS", "COMMAND", "ARGS"}]
    assert words == [], shown


def test_the_daily_game_says_its_own_lines_in_brackets() -> None:
    first = patience("daily", "play", "--date", "2026-12-24", stdin="restart\n4a\n", lang="xx")
    lines = first.stdout.splitlines()
    assert lines[0] == "[Daily FreeCell 2026-12-24: deal #{deal} ({code}), the day's attempt]".format(
        **json.loads(patience("daily", "deal", "--date", "2026-12-24", "--format", "json").stdout)
    )
    assert lines[1] == "[line 1: restart: [the day's attempt cannot be started again: undo moves instead]]"
    again = patience("daily", "play", "--date", "2026-12-24", lang="xx")
    assert "patience: [resumed the day's attempt where it was left: [1 move], [0 cards] home]" in again.stderr
    german = patience("--lang", "de", "daily", "play", "--date", "2026-12-24")
    assert "patience: der erste Durchgang des Tages geht dort weiter, wo er verlassen wurde: 1 Zug," in german.stderr
