"""Cruel: PySolFC's deals card for card, its rules through the game, the kits, the solver and the terminal.

PySolFC's Cruel (``pysollib/games/bakersdozen.py``) moves the four aces to
the bottom of its talon, deals four rows across 12 columns from the top and
then the aces to the foundations; ``pysol_cards`` has no Cruel, so the deal
is written here from that ``startGame`` over ``pysol_cards``' shuffle.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from pysolfc import DEALS, talon

from patience import Card, Game, IllegalMoveError, Move, Place, Position, get_variant
from patience.testing import check_variant
from patience_cli.repl import GameCompleter
from patience_solver.testing import check_solver

PATIENCE = str(Path(sys.executable).parent / "patience")


def pysolfc_cruel(deal: int) -> tuple[tuple[Card, ...], ...]:
    """Cruel's columns as PySolFC's ``startGame`` deals them from its talon (the last card is dealt first)."""
    cards = talon(deal)
    # _shuffleHookMoveToBottom: the aces go under the rest of the talon, to be dealt last (to the foundations).
    pile = [card for card in cards if card.rank == 1] + [card for card in cards if card.rank != 1]
    rows: list[list[Card]] = [[] for _ in range(12)]
    for _row in range(4):  # three dealRow() and _startAndDealRow(): one card to each of the 12 rows
        for column in rows:
            column.append(pile.pop())
    assert sorted(card.rank for card in pile) == [1, 1, 1, 1]  # dealRow(rows=self.s.foundations)
    return tuple(tuple(column) for column in rows)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PATIENCE, *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PATIENCE_LANG": "en", "COLUMNS": "80"},
        timeout=300,
    )


# -- the deal ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", DEALS)
def test_cruel_deals_pysolfc_s_deal_card_for_card(deal: int) -> None:
    dealt = Game.new("cruel", deal).dealt
    assert dealt.columns == pysolfc_cruel(deal)
    assert dealt.foundations == (1, 1, 1, 1)
    assert dealt.cells == ()


def test_cruel_is_a_baker_s_dozen_game_with_its_code_prefix() -> None:
    variant = get_variant("cruel")
    assert (variant.title, variant.prefix, variant.columns, variant.family) == ("Cruel", "CR", 12, "Baker's Dozen")
    assert str(Game.new("cruel", 617).code).startswith("CR")


# -- the rules --------------------------------------------------------------------------------------


def table(columns: dict[int, str]) -> Position:
    """A Cruel position, aces home: the given columns (cards bottom first), the rest of the deck dealt
    into the other columns except the last, which stays empty; twos lie at the bottom, so nothing goes home."""
    placed = {Card.parse(text) for cards in columns.values() for text in cards.split()}
    rest = sorted((card for card in _deck() if card.rank != 1 and card not in placed), key=lambda card: card.rank)
    others = [i for i in range(11) if i not in columns]
    piles: dict[int, list[Card]] = {i: [] for i in others}
    for n, card in enumerate(rest):
        piles[others[n % len(others)]].append(card)
    laid = tuple(
        tuple(Card.parse(text) for text in columns[i].split()) if i in columns else tuple(piles.get(i, ()))
        for i in range(12)
    )
    return Position(laid, (), foundations=(1, 1, 1, 1))


def _deck() -> list[Card]:
    return [Card.parse(rank + suit) for suit in "SHDC" for rank in "A23456789TJQK"]


RULES = table({0: "2S KD 8H", 1: "2H QD 9H", 2: "2D JD 9S", 3: "2C KC 7C 6C", 4: "3S 8C"})


def test_a_card_builds_on_the_next_higher_card_of_its_suit() -> None:
    game = Game.from_position("cruel", RULES)
    game.play("12")  # ♥8 on ♥9
    assert game.position.columns[1][-1] == Card.parse("8H")


def test_a_card_of_another_suit_is_refused() -> None:
    game = Game.from_position("cruel", RULES)
    with pytest.raises(IllegalMoveError):
        game.play("13")  # ♥8 on ♠9


def test_nothing_goes_into_an_empty_column() -> None:
    game = Game.from_position("cruel", RULES)
    assert not game.position.columns[11]
    refused = game.check(Move(Place.column(0), Place.column(11)))
    assert not refused
    assert "empty" in str(refused.reason)
    with pytest.raises(IllegalMoveError):
        game.play("1-12")
    assert game.check(Move(Place.column(0), Place.column(1)))  # the same card builds on a column


def test_cards_move_one_at_a_time() -> None:
    game = Game.from_position("cruel", RULES)
    assert game.max_group == 1
    refused = game.check(Move(Place.column(3), Place.column(4), 2))  # ♣7 ♣6 onto ♣8: a run of two
    assert not refused
    assert "one card moves at a time" in str(refused.reason)
    with pytest.raises(IllegalMoveError):
        game.play("45")
    game.play(Move(Place.column(0), Place.column(1)))  # one card (♥8 on ♥9) moves


def test_cruel_has_no_cells() -> None:
    game = Game.new("cruel", 1)
    assert game.cells == 0
    assert not any(move.destination.kind.value == "cell" for move in game.legal_moves)


# -- the kits ---------------------------------------------------------------------------------------


def test_cruel_passes_the_conformance_kit() -> None:
    check_variant("cruel")


def test_cruel_passes_the_solver_kit() -> None:
    check_solver("cruel", games=2, moves=30, solve_deals=(SOLVED,), time_limit=60)


# -- the solver -------------------------------------------------------------------------------------

#: A deal the solver wins, and one it proves lost, by card moves alone: it makes no redeal (docs/rules.md).
SOLVED, LOST = 1195, 1


def test_patience_solve_wins_a_deal_and_the_solution_replays_to_a_win() -> None:
    done = run("solve", "cruel", str(SOLVED), "--format", "json")
    assert done.returncode == 0, done.stderr
    solution = json.loads(done.stdout)
    game = Game.new("cruel", SOLVED)
    for move in solution["moves"]:
        game.play(move)
    assert game.is_won


def test_patience_solve_reports_a_lost_deal_lost() -> None:
    done = run("solve", "cruel", str(LOST))
    assert done.returncode == 3, done.stdout + done.stderr
    assert "proved lost" in done.stdout + done.stderr


# -- the terminal -----------------------------------------------------------------------------------


def test_patience_play_shows_cruel_in_80_columns() -> None:
    done = run("play", "cruel", "1", stdin="board\nquit\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any("12" in line for line in lines)
    assert max(len(line) for line in lines) <= 80


def test_patience_play_redeals_when_redeal_is_typed() -> None:
    game = Game.new("cruel", 1)
    game.redeal()
    done = run("play", "cruel", "1", stdin="redeal\nundo\nredo\nboard\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "redeal: the columns are dealt again" in done.stdout
    assert "undid redeal" in done.stdout
    assert "redo redeal: the columns are dealt again" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= 80


def test_patience_play_refuses_redeal_in_a_game_without_one_in_one_line() -> None:
    done = run("play", "freecell", "1", stdin="redeal\nquit\n")
    refused = [line for line in (done.stdout + done.stderr).splitlines() if "redeal" in line]
    assert refused == [next(line for line in refused if line.endswith("FreeCell has no redeal"))]


def test_a_hint_where_card_moves_cannot_win_offers_the_redeal() -> None:
    done = run("play", "cruel", str(LOST), stdin="hint\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "hint: no win by card moves alone from here (the solver makes no redeal); try redeal" in done.stdout
    assert "can no longer be won" not in done.stdout


def test_the_prompt_s_help_names_the_redeal_in_a_line_of_80_columns_at_most() -> None:
    done = run("play", "cruel", "1", stdin="help\nquit\n")
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("redeal "))
    assert line == "redeal  gather the columns and deal them again (Cruel's redeal)"
    assert len(line) <= 80


def test_the_prompt_completes_redeal_in_cruel_only() -> None:
    def offered(name: str) -> list[str]:
        game = Game.new(name, 1)
        completer = GameCompleter(lambda: game)
        return [item.text for item in completer.get_completions(Document("red"), CompleteEvent())]

    assert offered("cruel") == ["redo", "redeal"]
    assert offered("freecell") == ["redo"]
