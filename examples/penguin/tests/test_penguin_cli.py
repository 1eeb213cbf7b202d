"""penguin through the command line: listed, dealt, its moves listed, played and solved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import patience
from patience import format_board

cli = pytest.importorskip("patience_cli.app")
testing = pytest.importorskip("typer.testing")

VARIANT = "penguin"


def run(*args: str, stdin: str = "") -> str:
    result = testing.CliRunner().invoke(cli.app, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_patience_variants_lists_it() -> None:
    rows = {row["name"]: row for row in json.loads(run("variants", "--format", "json"))}
    assert rows[VARIANT]["plugin"] == VARIANT


def test_patience_deal_prints_the_layout_as_dealt_and_it_reads_back() -> None:
    variant = patience.get_variant(VARIANT)
    position = patience.deal_position(variant, 5, variant.default_cells)
    board = run("deal", VARIANT, "5", "--format", "fcs")
    assert board == format_board(position)
    assert patience.parse_board(board) == position


def test_patience_moves_lists_the_legal_moves_of_a_board(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(run("deal", VARIANT, "3", "--format", "fcs"))
    listed = [line.split()[0] for line in run("moves", VARIANT, "--board", str(board)).splitlines()]
    game = patience.Game.from_position(VARIANT, patience.parse_board(board.read_text()), autoplay_first=False)
    assert listed == [str(move) for move in game.legal_moves]
    assert listed


def test_patience_solve_then_play_wins() -> None:
    solution = json.loads(run("solve", VARIANT, "2", "--format", "json"))
    moves = "\n".join(solution["moves"]) + "\n"
    assert "won" in run("play", VARIANT, "2", stdin=moves)
