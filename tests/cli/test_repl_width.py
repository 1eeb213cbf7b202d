"""The table and the bottom toolbar fit the terminal's width: 8-column games from 40 columns, the facts all kept."""

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
from prompt_toolkit.data_structures import Size
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from patience import Game
from patience_cli.repl import Controller, Repl
from patience_cli.repl.render import board_fragments, plain, toolbar_text
from patience_solver import solve

pytestmark = pytest.mark.timeout(120)

WIDTHS = [40, 60, 80, 120]
EIGHT_COLUMNS = [("eight-off", 160), ("freecell", 1), ("bakers-game", 617)]
PATIENCE = Path(sys.executable).parent / "patience"


def played_through(variant: str, deal: int) -> Iterator[Game]:
    """A game of ``variant`` at each step of a solver's winning line."""
    game = Game.new(variant, deal)
    result = solve(game.variant, game.position, time_limit=60)
    assert result.moves
    yield game
    for move in result.moves:
        game.play(move)
        yield game


def board(game: Game, width: int | None) -> list[str]:
    return plain(board_fragments(game, width)).rstrip("\n").split("\n")


def bar(game: Game, width: int, note: str = "") -> str:
    return "".join(text for _, text, *_ in toolbar_text(game, note, width))


@pytest.mark.parametrize(("variant", "deal"), EIGHT_COLUMNS)
def test_an_eight_column_table_fits_from_40_columns_with_every_card_and_label(variant: str, deal: int) -> None:
    for game in played_through(variant, deal):
        wide = board(game, None)
        for width in WIDTHS:
            lines = board(game, width)
            assert max(len(line) for line in lines) <= width, "\n".join(lines)
            # The same labels, cards and empty marks, only arranged to fit.
            assert sorted(" ".join(lines).split()) == sorted(" ".join(wide).split()), "\n".join(lines)


def test_eight_off_keeps_the_cells_and_foundations_on_one_row_when_they_fit() -> None:
    game = Game.new("eight-off", 160)
    assert board(game, 120)[0].split() == ["a", "b", "c", "d", "e", "f", "g", "k", "h"]
    assert board(game, 60)[0].split() == ["a", "b", "c", "d", "e", "f", "g", "k", "h"]
    at_40 = board(game, 40)
    assert at_40[0].split() == ["a", "b", "c", "d", "e", "f", "g", "k"]
    assert at_40[2:4] == [" h", " ♠-   ♥-   ♦-   ♣-"]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_foundation_holding_a_ten_is_shown_whole(width: int) -> None:
    game = next(
        game
        for game in played_through("eight-off", 160)
        if game.position.foundation_top(3) is not None and game.position.foundation_top(3).rank == 10
    )  # type: ignore[union-attr]
    text = "\n".join(board(game, width))
    assert "♣10" in text
    assert all(len(line) <= width for line in text.splitlines())


@pytest.mark.parametrize(("variant", "deal"), [("seahaven-towers", 1), ("double-freecell", 1), ("penguin", 1)])
@pytest.mark.parametrize("width", WIDTHS)
def test_wider_variants_fit_by_narrowing_their_slots(variant: str, deal: int, width: int) -> None:
    game = Game.new(variant, deal)
    lines = board(game, width)
    assert max(len(line) for line in lines) <= width
    assert sorted(" ".join(lines).split()) == sorted(" ".join(board(game, None)).split())


@pytest.mark.parametrize(("variant", "needs"), [("freecell", 32), ("double-freecell", 40), ("eight-off", 32)])
def test_a_table_wider_than_the_terminal_says_its_width_in_one_line_below_it(variant: str, needs: int) -> None:
    game = Game.new(variant, 1)
    lines = board(game, 30)
    assert lines[-1] == f"this table needs {needs} columns and the terminal has 30: widen it"
    assert sum("columns and the terminal has" in line for line in lines) == 1
    assert max(len(line) for line in lines[:-1]) <= needs
    assert sorted(" ".join(lines[:-1]).split()) == sorted(" ".join(board(game, None)).split())


# -- the toolbar ------------------------------------------------------------------------

FACTS = [r"\b(score|sc) \d+", r"\b(moves|mv) \d+", r"\bhome \d+", r"\brun \d+|\bwon\b"]


@pytest.mark.parametrize(("variant", "deal"), EIGHT_COLUMNS)
def test_the_toolbar_fits_each_width_and_keeps_score_moves_home_and_run(variant: str, deal: int) -> None:
    for game in played_through(variant, deal):
        for width in WIDTHS:
            for note in ("", "hint: thinking…"):
                text = bar(game, width, note)
                assert len(text) <= width, text
                assert "…" not in text.replace("hint…", "").replace("thinking…", ""), text  # nothing cut off
                for fact in FACTS:
                    assert re.search(fact, text), (fact, text)
                if note:
                    assert "hint" in text


def test_the_toolbar_keeps_the_title_and_the_code_while_they_fit() -> None:
    game = Game.new("freecell", 1)
    assert bar(game, 120) == " FreeCell #1 FC1-C4-AAAAAAB │ score 0 │ moves 0 │ home 0 │ run 5"
    assert bar(game, 80) == " FreeCell #1 FC1-C4-AAAAAAB │ score 0 │ moves 0 │ home 0 │ run 5"
    assert bar(game, 60) == " #1 FC1-C4-AAAAAAB │ score 0 │ moves 0 │ home 0 │ run 5"
    assert bar(game, 40) == " #1 │ sc 0 │ mv 0 │ home 0 │ run 5"
    huge = Game.new("eight-off", 8_589_934_591)
    assert bar(huge, 40) == " #8589934591│sc 0│mv 0│home 0│run 5"


# -- the prompt follows its output's size -------------------------------------------------


class SizedOutput(DummyOutput):
    """An output of a fixed size, as a terminal of that many columns reports."""

    def __init__(self, columns: int) -> None:
        self.columns = columns

    def get_size(self) -> Size:
        return Size(rows=40, columns=self.columns)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_prompt_draws_the_table_and_toolbar_for_its_terminals_width(width: int) -> None:
    with create_pipe_input() as pipe:
        repl = Repl(
            Controller(Game.new("eight-off", 160)), history=InMemoryHistory(), input=pipe, output=SizedOutput(width)
        )
        message = plain(repl._message()).split("\n")
        toolbar = plain(repl._toolbar())
    assert max(len(line) for line in message) <= width
    assert "♣-" in "\n".join(message)
    assert len(toolbar) <= width and "home 0" in toolbar and "run 5" in toolbar


# -- a real terminal --------------------------------------------------------------------


@pytest.mark.skipif(not PATIENCE.exists(), reason="the patience console script is not installed")
@pytest.mark.parametrize("width", [40, 60])
def test_in_a_real_terminal_the_top_row_and_the_toolbar_are_whole(width: int, tmp_path: Path) -> None:
    server = f"patience-width-{uuid.uuid4().hex[:8]}"
    tmux = ["tmux", "-L", server]
    command = f"env NO_COLOR=1 PATIENCE_HOME={tmp_path} {PATIENCE} play eight-off 160"
    subprocess.run(
        [*tmux, "new-session", "-d", "-s", "t", "-x", str(width), "-y", "30", command],
        check=True,
        timeout=30,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            screen = subprocess.run(
                [*tmux, "capture-pane", "-p", "-t", "t"], capture_output=True, text=True, check=True, timeout=30
            ).stdout
            if "run " in screen and "♣-" in screen:
                break
            assert time.monotonic() < deadline, screen
            time.sleep(0.2)
        lines = screen.rstrip("\n").split("\n")
        assert any(line.split()[-4:] == ["♠-", "♥-", "♦-", "♣-"] for line in lines if line.strip()), screen
        toolbar = lines[-1].strip()
        assert toolbar.endswith("home 0 │ run 5"), screen
        assert "…" not in toolbar
        subprocess.run([*tmux, "send-keys", "-t", "t", "quit", "Enter"], check=True, timeout=30)
    finally:
        subprocess.run([*tmux, "kill-server"], check=False, timeout=30)
