"""Forecell through the command line: listed, dealt and its moves listed, with no change to the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import patience
from patience import format_board

cli = pytest.importorskip("patience_cli.app")
testing = pytest.importorskip("typer.testing")


def run(*args: str) -> str:
    result = testing.CliRunner().invoke(cli.app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_patience_variants_lists_forecell() -> None:
    rows = {row["name"]: row for row in json.loads(run("variants", "--format", "json"))}
    assert rows["forecell"]["prefix"] == "FO"
    assert rows["forecell"]["cells"] == [4]
    assert rows["forecell"]["plugin"] == "forecell"


def test_patience_deal_prints_the_layout_as_dealt() -> None:
    board = run("deal", "forecell", "2", "--format", "fcs")
    assert board == format_board(patience.deal_position(patience.get_variant("forecell"), 2, 4))


def test_patience_moves_lists_the_legal_moves_of_a_board(tmp_path: Path) -> None:
    board = tmp_path / "forecell-3.txt"
    board.write_text(run("deal", "--code", "FO1-C4-AAAAAAD", "--format", "fcs"))
    listed = [line.split()[0] for line in run("moves", "forecell", "--board", str(board)).splitlines()]
    game = patience.Game.from_position("forecell", patience.parse_board(board.read_text()), autoplay_first=False)
    assert listed == [str(move) for move in game.legal_moves]
    assert "23" in listed
