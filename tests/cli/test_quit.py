"""``quit``, ``q``, ``exit``, end the game at the prompt and in piped play, which says what it left unread."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from patience import Game
from patience_cli.repl import Controller, Repl

pytestmark = pytest.mark.timeout(120)

PATIENCE = Path(sys.executable).parent / "patience"
QUIT_WORDS = ["quit", "q", "Q", "exit", "EXIT", "Quit"]
ONE_MOVE = "not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)"


def play(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PATIENCE), *(args or ("play", "freecell", "1"))],
        input=text,
        capture_output=True,
        text=True,
        timeout=100,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )


@pytest.mark.parametrize("word", QUIT_WORDS)
def test_each_quit_word_ends_piped_play_and_says_the_lines_left_unread(word: str) -> None:
    done = play(f"3a\n{word}\n4b\n")
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["3a: ♥2 to cell a", ONE_MOVE]
    assert done.stderr == f"patience: {word} on line 2 ended the game; 1 more line of input was not read\n"


def test_quit_as_the_last_action_leaves_nothing_to_report() -> None:
    done = play("3a\nquit\n\n# the end\n; a comment\n")
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["3a: ♥2 to cell a", ONE_MOVE]
    assert done.stderr == ""


def test_blank_and_comment_lines_left_unread_are_not_counted() -> None:
    done = play("3a\nq\n4b\n\n# c\n5c ; x\n")
    assert done.stderr == "patience: q on line 2 ended the game; 2 more lines of input were not read\n"


def test_the_rest_of_the_quit_line_counts_as_a_line_left_unread() -> None:
    done = play("3a exit 4b 5c\n")
    assert done.stdout.splitlines() == ["3a: ♥2 to cell a", ONE_MOVE]
    assert done.stderr == "patience: exit on line 1 ended the game; 1 more line of input was not read\n"


def test_quit_in_a_file_reports_the_lines_after_it(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("3a\nquit\n4b\n5c\n")
    with moves.open() as stdin:
        done = subprocess.run(
            [str(PATIENCE), "play", "freecell", "1"], stdin=stdin, capture_output=True, text=True, timeout=100
        )
    assert done.returncode == 0
    assert done.stderr == "patience: quit on line 2 ended the game; 2 more lines of input were not read\n"


def test_an_endless_input_after_quit_is_counted_up_to_a_bound(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("quit\n" + "3a\n" * 500_000)
    started = time.monotonic()
    with moves.open() as stdin:
        done = subprocess.run(
            [str(PATIENCE), "play", "freecell", "1"], stdin=stdin, capture_output=True, text=True, timeout=100
        )
    assert time.monotonic() - started < 60
    assert re.fullmatch(
        r"patience: quit on line 1 ended the game; \d{3},\d{3} or more lines of input were not read\n", done.stderr
    ), done.stderr


def test_a_pipe_still_open_after_quit_is_not_waited_for() -> None:
    # A program that feeds the game line by line, and waits for it to end before closing the pipe.
    process = subprocess.Popen(
        [str(PATIENCE), "play", "freecell", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    try:
        process.stdin.write("3a\nquit\n")
        process.stdin.flush()
        assert process.wait(timeout=60) == 0
        assert process.stdout.read().splitlines() == ["3a: ♥2 to cell a", ONE_MOVE]
        assert process.stderr.read() == ""
    finally:
        process.stdin.close()
        process.kill()
        process.wait()


def test_daily_play_reports_the_lines_quit_left_unread() -> None:
    done = play("q\n3a\n", "daily", "play", "--date", "2026-12-24")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "patience: q on line 1 ended the game; 1 more line of input was not read"


# -- at the prompt ----------------------------------------------------------------------


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe_input:
        yield pipe_input


@pytest.mark.parametrize("word", QUIT_WORDS)
def test_each_quit_word_ends_the_interactive_game(pipe: PipeInput, word: str) -> None:
    controller = Controller(Game.new("freecell", 1))
    repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput())  # type: ignore[arg-type]
    pipe.send_text(f"3a\n{word}\n4b\n")
    repl.run()
    assert controller.game.moves == 1  # 4b was never played: the prompt ended at the word


def test_help_names_every_way_to_quit() -> None:
    shown = "\n".join(said.text for said in Controller(Game.new("freecell", 1)).handle("help").lines)
    assert "quit    leave (also q or exit, in any case, and Ctrl-D)" in shown
