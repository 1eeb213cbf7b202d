"""Every game's table fits in 80 columns: `patience play NAME 1` piped, and `patience deal NAME 1`.

Parametrized over every installed variant, and over the library's wider
shapes (tests/cli/game_library.py): 13 columns with no cell, three decks, a
reserve, 18 columns of two decks, 13 columns with 12 foundations and 10
cells, 10 columns with 12 cells. Each runs as the real program with the
library installed; the table shows every cell letter and column number.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_library import games, install, patience

from patience import Place, variants

GAMES = sorted(variants()) + games()


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install(tmp_path_factory.mktemp("library"))


@pytest.fixture(scope="module")
def shapes(library: Path) -> dict[str, dict[str, int]]:
    """Each game's columns and default cells, as `patience variants --format json` gives them."""
    listed = json.loads(patience(["variants", "--format", "json"], library).stdout)
    return {row["name"]: {"columns": row["columns"], "cells": row["default_cells"]} for row in listed}


def _labels_shown(lines: list[str], columns: int, cells: int) -> None:
    words = {word for line in lines for word in line.split()}
    assert {str(number) for number in range(1, columns + 1)} <= words
    # A cell that takes one suit is labelled with it (Four Colours: a♣ b♠ c♥ d♦).
    assert {str(Place.cell(i)) for i in range(cells)} <= words | {word[0] for word in words if len(word) == 2}
    assert "h" in words


def test_the_wide_shapes_are_among_the_games(shapes: dict[str, dict[str, int]]) -> None:
    assert {"wide-eighteen", "thirteen-triple", "twelve-cells"} <= set(shapes)
    assert max(shape["columns"] for shape in shapes.values()) >= 18


@pytest.mark.parametrize("name", GAMES)
def test_play_piped_shows_the_table_in_80_columns(library: Path, shapes: dict[str, dict[str, int]], name: str) -> None:
    done = patience(["play", name, "1"], library, stdin="board\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line for line in lines if len(line) > 80] == []
    assert not any("widen it" in line for line in lines), done.stdout
    _labels_shown(lines, shapes[name]["columns"], shapes[name]["cells"])


@pytest.mark.parametrize("name", GAMES)
def test_deal_shows_the_layout_in_80_columns(library: Path, shapes: dict[str, dict[str, int]], name: str) -> None:
    done = patience(["deal", name, "1"], library)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line for line in lines if len(line) > 80] == []
    _labels_shown(lines, shapes[name]["columns"], shapes[name]["cells"])
