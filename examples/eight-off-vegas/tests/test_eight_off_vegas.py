"""Eight Off (Vegas) as installed: derived from Eight Off, scored from -52, and it plays everywhere."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import patience_solver
from patience import Game, get_variant

cli = pytest.importorskip("patience_cli.app")
testing = pytest.importorskip("typer.testing")


def test_it_is_eight_off_under_its_own_name_plugin_and_prefix() -> None:
    vegas = get_variant("eight-off-vegas")
    eight_off = get_variant("eight-off")
    assert (vegas.plugin, vegas.prefix, vegas.aliases, vegas.base) == ("eight-off-vegas", "EV", (), "eight-off")
    assert vegas.cell_counts == eight_off.cell_counts
    assert vegas.rules.build is eight_off.rules.build
    assert vegas.rules.empty_columns is eight_off.rules.empty_columns
    assert get_variant("eo") == eight_off


def test_it_is_dealt_as_eight_off() -> None:
    for deal, cells in ((1, 8), (617, 4), (11982, 2)):
        assert Game.new("eight-off-vegas", deal, cells).dealt == Game.new("eight-off", deal, cells).dealt


def test_the_score_starts_at_minus_52_and_each_card_home_earns_5() -> None:
    game = Game.new("eight-off-vegas", 1)
    assert game.score == -52 + 5 * game.cards_home
    for deal in range(1, 200):
        game = Game.new("eight-off-vegas", deal)
        home = next((move for move in game.legal_moves if str(move).endswith("h")), None)
        if home is not None:
            break
    assert home is not None
    before, cards = game.score, game.cards_home
    game.play(home)
    assert game.score == before + 5 * (game.cards_home - cards)
    game.undo()
    assert game.score == before
    assert game.score < 0


def test_a_solved_game_ends_at_plus_208() -> None:
    game = Game.new("eight-off-vegas", 1)
    result = patience_solver.solve(game.variant, game.position, time_limit=30)
    for move in result.moves:
        game.play(move)
    assert game.is_won
    assert game.score == -52 + 5 * 52


def test_it_passes_the_conformance_suite(
    patience_conformance: Callable[..., None], patience_solver_conformance: Callable[..., None]
) -> None:
    patience_conformance("eight-off-vegas")
    patience_solver_conformance("eight-off-vegas")


def run(*args: str) -> str:
    result = testing.CliRunner().invoke(cli.app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_command_line_lists_deals_and_solves_it() -> None:
    rows = {row["name"]: row for row in json.loads(run("variants", "--format", "json"))}
    assert rows["eight-off-vegas"]["prefix"] == "EV"
    assert run("deal", "eight-off-vegas", "1", "--format", "fcs") == run("deal", "eight-off", "1", "--format", "fcs")
    assert run("code", "eight-off-vegas", "1").strip() == "EV1-C8-AAAAAAB"
    assert run("solve", "eight-off-vegas", "1").startswith("Eight Off (Vegas) deal #1 (EV1-C8-AAAAAAB): solved in ")
