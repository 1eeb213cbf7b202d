"""``patience --lang``: the language chosen on the command line, before the environment's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def patience(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("PATIENCE_LANG", "LANGUAGE", "LC_ALL")}
    environment.update(env)
    return subprocess.run(
        [str(BIN / "patience"), *args], input=stdin, capture_output=True, text=True, env=environment, timeout=60
    )


@pytest.mark.parametrize("words", [["--lang", "fr"], ["--lang=klingon"]])
def test_an_unknown_lang_is_one_line_listing_the_languages(words: list[str]) -> None:
    done = patience(*words, "variants")
    assert done.returncode == 2
    assert done.stdout == ""
    wanted = words[-1].partition("=")[2] or words[-1]
    assert done.stderr == f"patience: unknown language {wanted!r}: choose one of en de hu\n"


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("de", "Zeile 1: 61: ♦3 passt nicht auf ♠6: falscher Rang, in FreeCell passt darauf nur eine rote 5"),
        ("hu", "1. sor: 61: ♦3 nem kerülhet ♠6 lapra: rossz érték, a FreeCell játékban csak piros 5-ös kerülhet rá"),
        ("en", "line 1: 61: ♦3 cannot go on ♠6: wrong rank, only a red 5 goes on it in FreeCell"),
    ],
)
def test_a_refused_move_is_said_in_the_language_given(language: str, refusal: str) -> None:
    done = patience("--lang", language, "play", "freecell", "1", stdin="61\n", LANG="C.UTF-8")
    assert refusal in done.stdout.splitlines()


def test_the_locale_chooses_when_no_lang_is_given_and_lang_wins_over_it() -> None:
    hungarian = patience("play", "freecell", "1", stdin="61\n", LANG="hu_HU.UTF-8")
    assert "♦3 nem kerülhet ♠6 lapra" in hungarian.stdout
    german = patience("--lang", "de", "play", "freecell", "1", stdin="61\n", LANG="hu_HU.UTF-8")
    assert "♦3 passt nicht auf ♠6" in german.stdout
    environment = patience("play", "freecell", "1", stdin="61\n", LANG="hu_HU.UTF-8", PATIENCE_LANG="de")
    assert "♦3 passt nicht auf ♠6" in environment.stdout


def test_typers_own_words_in_the_help_speak_the_language() -> None:
    german = patience("--lang", "de", "code", "--help").stdout
    assert "Aufruf: patience code" in german
    assert "Argumente" in german and "Optionen" in german
    hungarian = patience("--lang", "hu", "code", "--help").stdout
    assert "Használat: patience code" in hungarian
    assert "Kapcsolók" in hungarian


def test_lang_is_listed_in_the_root_help() -> None:
    assert "--lang" in patience("--help").stdout


def test_the_window_refuses_an_unknown_lang_in_one_line() -> None:
    done = subprocess.run(
        [str(BIN / "patience-tk"), "--lang", "fr"], capture_output=True, text=True, timeout=60, env=os.environ.copy()
    )
    assert done.returncode == 2
    assert done.stderr == "patience-tk: unknown language 'fr': choose one of en de hu\n"
