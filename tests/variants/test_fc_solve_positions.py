"""Freecell Solver's own printed positions, read back, match the game move by move (Eight Off)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from patience import Game, format_board, parse_board

pytestmark = [
    pytest.mark.fcsolve,
    pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed"),
]


def _states(board: Path, cells: int) -> list[tuple[str | None, str]]:
    """(move, position after it) for each step fc-solve prints with ``-p -t -snx -sam``."""
    command = ["fc-solve", "--game", "eight_off", "--freecells-num", str(cells), "-p", "-t", "-snx", "-sam"]
    output = subprocess.run([*command, str(board)], capture_output=True, text=True, check=True, timeout=60).stdout
    steps: list[tuple[str | None, str]] = []
    for block in output.split("===================="):
        lines = block.strip().splitlines()
        move = None
        if lines and lines[0].startswith("Move:"):
            move = lines[0].split()[1]
        state = "\n".join(line for line in lines if line.startswith(("Foundations:", "Freecells:", ":")))
        if state:
            steps.append((move, state))
    return steps


@pytest.mark.parametrize(("deal", "cells"), [(1, 8), (2, 4)])
def test_every_position_fc_solve_prints_is_the_game_s_position(tmp_path: Path, deal: int, cells: int) -> None:
    game = Game.new("eight-off", deal=deal, cells=cells)
    board = tmp_path / "board.txt"
    board.write_text(format_board(game.dealt))
    steps = _states(board, cells)
    assert len(steps) > 50
    for number, (move, state) in enumerate(steps):
        if move is not None:
            game.play(move)
        assert parse_board(state, cells=cells) == game.position, f"step {number}: {move}"
    assert game.is_won
