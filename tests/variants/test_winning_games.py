"""Whole winning games played move by move through ``Game.play``.

The move lists in ``data/winning_games.txt`` come from Freecell Solver
(``data/make_winning_games.py``) and are fixed in the repository, so these
tests need no solver.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from patience import Game, format_board

DATA = Path(__file__).parent / "data" / "winning_games.txt"


def _games() -> list[tuple[str, int, int, list[str]]]:
    games = []
    for block in DATA.read_text().split("\n== ")[1:]:
        head, _, body = block.partition("\n")
        variant, deal, cells = head.split()
        games.append((variant, int(deal), int(cells), body.split()))
    return games


GAMES = _games()
IDS = [f"{variant}-{deal}-{cells}" for variant, deal, cells, _ in GAMES]


def test_there_is_a_winning_game_for_each_variant_and_eight_off_cell_count() -> None:
    assert {variant for variant, _, _, _ in GAMES} >= {"eight-off", "freecell", "bakers-game", "seahaven-towers"}
    assert {cells for variant, _, cells, _ in GAMES if variant == "eight-off"} == {8, 4, 2}


def _replay(variant: str, deal: int, cells: int, moves: list[str]) -> Game:
    game = Game.new(variant, deal=deal, cells=cells)
    for number, text in enumerate(moves, start=1):
        assert not game.is_won, f"won before move {number} of {len(moves)}"
        game.play(text)
    return game


@pytest.mark.parametrize(("variant", "deal", "cells", "moves"), GAMES, ids=IDS)
def test_a_whole_game_is_won_move_by_move(variant: str, deal: int, cells: int, moves: list[str]) -> None:
    game = _replay(variant, deal, cells, moves)
    assert game.is_won
    assert game.cards_home == 52
    assert game.moves == len(moves)
    scoring = game.variant.rules.scoring
    bonus = max(0, scoring.win_bonus - scoring.win_bonus_per_move * len(moves))
    assert game.score == 52 * 10 + bonus


def test_eight_off_deal_1_scores_520_and_has_no_win_bonus() -> None:
    variant, deal, cells, moves = GAMES[IDS.index("eight-off-1-8")]
    game = _replay(variant, deal, cells, moves)
    assert game.score == 520


def test_freecell_deal_1_scores_cards_plus_700_minus_2_per_move() -> None:
    variant, deal, cells, moves = GAMES[IDS.index("freecell-1-4")]
    game = _replay(variant, deal, cells, moves)
    assert game.score == 520 + 700 - 2 * len(moves)


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
@pytest.mark.parametrize(("deal", "cells"), [(1, 8), (3, 8)])
def test_fc_solve_eight_off_solution_plays_as_written(tmp_path: Path, deal: int, cells: int) -> None:
    """fc-solve's -snx moves, read by Game.play as they are (``v<n>`` and runs without it)."""
    game = Game.new("eight-off", deal=deal, cells=cells)
    board = tmp_path / "board.txt"
    board.write_text(format_board(game.dealt))
    command = ["fc-solve", "--game", "eight_off", "--freecells-num", str(cells), "-m", "-snx", str(board)]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=60).stdout
    assert "This game is solveable" in output
    moves = output.split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1].split("This game is solveable", 1)[0].split()
    for text in moves:
        game.play(text)
    assert game.is_won
    assert game.score == 520
