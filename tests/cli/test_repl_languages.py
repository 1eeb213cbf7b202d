"""The terminal game in German and Hungarian, piped and in a real terminal, and in the pseudo-language.

German and Hungarian show their refusals, moves, results, help and toolbar
in their words, with their rank letters (``♦B``, ``♣D``), and read a card
typed in their words (``Herz 7``, ``kőr 7``). In the pseudo-language
(``PATIENCE_LANG=xx``) every message is bracketed: English left outside the
brackets bypassed the catalogs.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from patience import Game
from patience.i18n import use_language
from patience_cli.repl import COMMANDS, Controller
from patience_cli.repl.controller import help_text
from patience_cli.repl.render import plain, toolbar_text
from patience_solver import solve

pytestmark = pytest.mark.timeout(120)

PATIENCE = Path(sys.executable).parent / "patience"
_CHOSEN = ("PATIENCE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def environment(**chosen: str) -> dict[str, str]:
    """This process's environment with the language chosen by ``chosen`` alone."""
    env = {k: v for k, v in os.environ.items() if k not in _CHOSEN}
    env.update(chosen)
    return env


def play(lines: str, **chosen: str) -> list[str]:
    """The lines ``patience play eight-off 1`` prints for ``lines`` piped in."""
    done = subprocess.run(
        [str(PATIENCE), "play", "eight-off", "1"],
        input=lines,
        capture_output=True,
        text=True,
        env=environment(**chosen),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_piped_play_in_german() -> None:
    out = play("board\n3\nHerz 7\nfoo\nundo\nhelp\n", LANG="de_DE.UTF-8")
    assert " ♦B   ♦2   ♥9   ♣B   ♦5   ♥7   ♣7   ♥5" in out
    assert "3e: ♦8 in Zelle e" in out
    assert "Zeile 3: Herz 7: ♥7 kann jetzt nicht ziehen: in Spalte 6 liegen 5 Karten darauf" in out
    assert any(line.startswith("Zeile 4: foo: unbekannt: 'foo': gib einen Zug") for line in out)
    assert "rückgängig gemacht: 3e" in out
    assert "undo    den letzten Zug rückgängig machen (auch Strg-Z)" in out
    assert out[-1] == "nicht gewonnen: 0 Karten auf der Ablage, Punktzahl 0, 0 Züge (EO1-C8-AAAAAAB)"


def test_piped_play_in_hungarian() -> None:
    out = play("3\nkőr 7\nD♥\n8\ngiveup\n", LANG="hu_HU.UTF-8")
    assert out[0] == "3e: ♦8 az e cellába"
    assert out[1] == "2. sor: kőr 7: ♥7 most nem mozdítható: 5 lap takarja a 6. oszlopban"
    assert out[2] == "3. sor: D♥: ♥D most nem mozdítható: 2 lap takarja a 4. oszlopban"
    assert out[3] == "8f: ♣10 az f cellába"
    assert out[-1] == "feladva: 0 lap az alapokon, pontszám: 0, 2 lépés (EO1-C8-AAAAAAB)"


def test_a_won_game_is_said_in_german() -> None:
    game = Game.new("freecell", 1)
    moves = solve(game.variant, game.position, time_limit=60).moves
    out = play("new freecell 1\n" + "\n".join(str(move) for move in moves) + "\n", LANG="de_DE.UTF-8")
    assert out[0].startswith("neue Partie: FreeCell FC")
    assert re.fullmatch(r"gewonnen: Punktzahl \d+ in \d+ Zügen", out[-1]), out[-1]


def unbracketed(text: str) -> list[str]:
    """The words of ``text`` outside every bracketed span that are not language-neutral."""
    rest = text
    while True:
        shorter = re.sub(r"\[[^\[\]]*\]", " ", rest)
        if shorter == rest:
            break
        rest = shorter
    neutral = {*COMMANDS, "Eight", "Off", "FreeCell"}
    words = re.findall(r"[A-Za-z][A-Za-z-]+", rest)
    return [word for word in words if word not in neutral and not word.isupper()]


def test_piped_play_in_the_pseudo_language_shows_no_english_outside_brackets() -> None:
    out = play("3\nfoo\n9\nundo\nmoves\ncode\nhelp\nnew bakers-game 5\nfinish\nhint\ngiveup\n", PATIENCE_LANG="xx")
    text = "\n".join(out)
    assert "[3e: ♦8 to [cell e]]" in out
    assert unbracketed(text) == [], text


@pytest.fixture
def pseudo() -> Iterator[None]:
    use_language("xx")
    try:
        yield
    finally:
        use_language("en")


def test_the_toolbar_help_and_completions_are_bracketed_in_the_pseudo_language(pseudo: None) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from patience_cli.repl import GameCompleter

    game = Game.new("eight-off", 1)
    for width in (80, 40):
        bar = plain(toolbar_text(game, "", width))
        assert unbracketed(bar) == [], bar
    assert plain(toolbar_text(game)).endswith("│ [score 0] │ [moves 0] │ [home 0] │ [run 5]")
    assert unbracketed(help_text(game)) == [], help_text(game)
    controller = Controller(game)
    metas = [
        plain(completion.display_meta)
        for completion in GameCompleter(lambda: controller.game).get_completions(Document(""), CompleteEvent())
    ]
    assert metas and all(unbracketed(meta) == [] for meta in metas), metas
    assert all(meta.startswith("[") for meta in metas), metas


def screen_of(command: str, keys: list[str], wanted: str, width: int = 100) -> str:
    """The screen of a tmux pane running ``command`` once ``wanted`` shows after typing each of ``keys``."""
    server = f"patience-lang-{uuid.uuid4().hex[:8]}"
    tmux = ["tmux", "-L", server]
    subprocess.run(
        [*tmux, "new-session", "-d", "-s", "t", "-x", str(width), "-y", "40", command],
        check=True,
        timeout=30,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    try:
        screen = ""
        deadline = time.monotonic() + 60
        while "♣-" not in screen:
            assert time.monotonic() < deadline, screen
            time.sleep(0.2)
            screen = subprocess.run(
                [*tmux, "capture-pane", "-p", "-t", "t"], capture_output=True, text=True, check=True, timeout=30
            ).stdout
        for key in keys:
            subprocess.run([*tmux, "send-keys", "-t", "t", key, "Enter"], check=True, timeout=30)
        while wanted not in screen:
            assert time.monotonic() < deadline, screen
            time.sleep(0.2)
            screen = subprocess.run(
                [*tmux, "capture-pane", "-p", "-t", "t"], capture_output=True, text=True, check=True, timeout=30
            ).stdout
        subprocess.run([*tmux, "send-keys", "-t", "t", "quit", "Enter"], check=True, timeout=30)
        return screen
    finally:
        subprocess.run([*tmux, "kill-server"], check=False, timeout=30)


def command_in(tmp_path: Path, language: str) -> str:
    """The command line of a game of Eight Off deal 1 whose language is chosen by ``language`` (``LANG=...``) alone."""
    unset = "-u PATIENCE_LANG -u LANGUAGE -u LC_ALL -u LC_MESSAGES"
    return f"env {unset} NO_COLOR=1 PATIENCE_HOME={tmp_path} {language} {PATIENCE} play eight-off 1"


def test_in_a_real_terminal_in_german(tmp_path: Path) -> None:
    screen = screen_of(command_in(tmp_path, "LANG=de_DE.UTF-8"), ["3", "Herz 7"], "Karten darauf")
    assert "3e: ♦8 in Zelle e" in screen
    assert "♥7 kann jetzt nicht ziehen: in Spalte 6 liegen 5 Karten darauf" in screen
    assert " ♦B   ♦2   ♥9   ♣B   ♦5   ♥7   ♣7   ♥5" in screen
    assert screen.rstrip("\n").split("\n")[-1].strip().endswith("Punkte 0 │ Züge 1 │ Ablage 0 │ Reihe 4")


def test_in_a_real_terminal_in_hungarian(tmp_path: Path) -> None:
    screen = screen_of(command_in(tmp_path, "LANG=hu_HU.UTF-8"), ["3", "kőr 7"], "oszlopban")
    assert "3e: ♦8 az e cellába" in screen
    assert "♥7 most nem mozdítható: 5 lap takarja a 6. oszlopban" in screen
    assert screen.rstrip("\n").split("\n")[-1].strip().endswith("pont 0 │ lépés 1 │ alap 0 │ sor 4")


def test_in_a_real_terminal_in_the_pseudo_language(tmp_path: Path) -> None:
    command = f"env NO_COLOR=1 PATIENCE_LANG=xx PATIENCE_HOME={tmp_path} {PATIENCE} play eight-off 1"
    screen = screen_of(command, ["3", "help"], "[keys]", width=130)
    assert unbracketed(screen) == [], screen
    assert "[3e: ♦8 to [cell e]]" in screen
