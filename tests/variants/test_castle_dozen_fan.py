"""Beleaguered Castle, Citadel, Streets and Alleys, Baker's Dozen, Good Measure, Fan: PySolFC's deals, fc-solve's rules.

Each deal is compared card for card with ``pysol_cards`` (PySolFC's deals
re-implemented by Freecell Solver's author) or, for Good Measure, which it
does not lay out, with PySolFC's ``startGame`` written out here over its
shuffle. The rules are pinned through :class:`Game`, each with a legal and a
refused move; the conformance kit, the solver (as a real ``patience solve``
process) and the terminal (``patience play`` piped) are run on each game.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase
from pysolfc import DEALS, SUITS, layout, talon
from tables import game_at, table

from patience import Card, Game, Move, Place, Suit, format_board
from patience.testing import check_variant
from patience_cli.repl.render import board_fragments, plain, toolbar_text
from patience_solver import Outcome, solve
from patience_solver.testing import check_solver

PATIENCE = Path(sys.executable).parent / "patience"

pytestmark = pytest.mark.timeout(300)

#: Each game, the name ``pysol_cards`` lays it out under.
LAID_OUT = [
    ("beleaguered-castle", "beleaguered_castle"),
    ("citadel", "citadel"),
    ("streets-and-alleys", "streets_and_alleys"),
    ("bakers-dozen", "bakers_dozen"),
    ("fan", "fan"),
]
CASTLES = ["beleaguered-castle", "citadel", "streets-and-alleys"]
DOZENS = ["bakers-dozen", "good-measure"]
#: Each game with a deal the solver wins and one it proves lost, both found in well under a second or two.
WON_AND_LOST = [
    ("beleaguered-castle", 2, 1),
    ("citadel", 1, 21),
    ("streets-and-alleys", 4, 2),
    ("bakers-dozen", 1, 64),
    ("good-measure", 4, 1),
    ("fan", 1, 7),
]
ALL_ACES = {"S": 1, "H": 1, "D": 1, "C": 1}


def patience(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=200, env=env, check=False
    )


def home_by_suit(foundations: tuple[int, ...]) -> dict[Suit, list[int]]:
    """The foundations as ``pysol_cards`` prints them: the top rank of each suit that has a card home."""
    return {suit: [foundations[suit.value]] for suit in Suit if foundations[suit.value]}


# -- deals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize(("name", "pysol_name"), LAID_OUT)
def test_a_deal_is_pysolfc_s_deal_of_the_same_number_card_for_card(name: str, pysol_name: str, deal: int) -> None:
    dealt = Game.new(name, deal=deal).dealt
    expected = layout(pysol_name, deal)
    assert dealt.columns == expected.columns
    assert home_by_suit(dealt.foundations) == expected.foundations
    assert dealt.cells == ()


def pysolfc_good_measure(deal: int) -> tuple[tuple[tuple[Card, ...], ...], dict[Suit, list[int]]]:
    """PySolFC's Good Measure ``startGame`` over its shuffle: columns and foundations."""
    cards = talon(deal)
    # BakersDozen._shuffleHook with 10 rows: the list read as dealt first to last, each king swapped with
    # the first card of its row position that is no king, then reversed into the talon.
    for i in [i for i, card in enumerate(cards) if card.rank == 13]:
        j = i % 10
        while j < i:
            if cards[j].rank != 13:
                cards[i], cards[j] = cards[j], cards[i]
                break
            j += 10
    cards.reverse()
    # GoodMeasure._shuffleHook: the 2 aces nearest the talon's bottom moved to its bottom (pysol_cards' sorter).
    sorter = PysolGame("bakers_dozen", 1, RandomBase.DEALS_PYSOLFC)
    cards = sorter._shuffleHookMoveToBottom(cards, lambda card: (card.rank == 1, SUITS.index(card.suit)), 2)
    # startGame: 5 rows across the 10 columns from the talon's top, then its last two cards home.
    columns: list[list[Card]] = [[] for _ in range(10)]
    for _ in range(5):
        for column in columns:
            column.append(cards.pop())
    home: dict[Suit, list[int]] = {}
    for _ in range(2):
        ace = cards.pop()
        assert ace.rank == 1
        home[ace.suit] = [1]
    assert not cards
    return tuple(tuple(column) for column in columns), home


@pytest.mark.parametrize("deal", DEALS)
def test_good_measure_deals_pysolfc_s_game_of_the_same_number(deal: int) -> None:
    columns, home = pysolfc_good_measure(deal)
    dealt = Game.new("good-measure", deal=deal).dealt
    assert dealt.columns == columns
    assert home_by_suit(dealt.foundations) == home


def test_good_measure_moves_kings_before_the_aces_so_a_king_may_end_above_another_card() -> None:
    # PySolFC puts the kings under for 10 columns, then moves two aces: the cards dealt after an ace's
    # old place shift to the next column, so a king is not always a column's bottom card.
    shifted = [
        deal
        for deal in range(1, 40)
        if any(
            card.rank == 13 and any(below.rank != 13 for below in column[:at])
            for column in Game.new("good-measure", deal=deal).dealt.columns
            for at, card in enumerate(column)
        )
    ]
    assert shifted
    for deal in shifted[:3]:
        assert Game.new("good-measure", deal=deal).dealt.columns == pysolfc_good_measure(deal)[0]


@pytest.mark.parametrize("deal", DEALS[:6])
def test_baker_s_dozen_puts_each_king_under_the_other_cards_of_its_column(deal: int) -> None:
    for column in Game.new("bakers-dozen", deal=deal).dealt.columns:
        ranks = [card.rank for card in column]
        assert ranks == sorted(ranks, key=lambda rank: rank != 13)


def test_citadel_s_deal_sends_home_every_card_that_fits_as_it_is_dealt() -> None:
    dealt = Game.new("citadel", deal=1).dealt
    castle = Game.new("beleaguered-castle", deal=1).dealt
    assert sum(dealt.foundations) > 4
    assert sum(len(column) for column in dealt.columns) == 52 - sum(dealt.foundations)
    # The same shuffle without the sending home is Beleaguered Castle's deal: 8 columns of 6.
    assert {len(column) for column in castle.columns} == {6}
    assert min(len(column) for column in dealt.columns) < 6


# -- rules -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", CASTLES)
def test_a_castle_builds_down_regardless_of_suit(name: str) -> None:
    game = game_at(name, table(["8C", "9C", "KD 7H"], n_cells=0, home=ALL_ACES))
    assert game.check(Move.parse("31"))
    refused = game.check(Move.parse("32"))
    assert not refused
    assert "wrong rank" in str(refused.reason)


@pytest.mark.parametrize("name", CASTLES)
@pytest.mark.parametrize("card", ["QD", "5S", "KH"])
def test_a_castle_takes_any_card_into_an_empty_column(name: str, card: str) -> None:
    game = game_at(name, table([f"3C {card}", ""], n_cells=0, home=ALL_ACES))
    assert game.check(Move.parse("12"))


@pytest.mark.parametrize("name", CASTLES)
def test_a_castle_moves_runs_of_two_to_the_power_of_the_empty_columns(name: str) -> None:
    # 0 free cells and 1 empty column: (0 + 1) × 2^1 = 2 cards onto a column, 1 into the empty column.
    two = game_at(name, table(["KS 9H 8S", "TD", "", "*"], n_cells=0, home=ALL_ACES))
    assert two.check(Move(Place.column(0), Place.column(1), 2))
    assert not two.check(Move(Place.column(0), Place.column(2), 2))
    assert two.check(Move(Place.column(0), Place.column(2), 1))
    three = game_at(name, table(["KS TC 9H 8S", "JD", "", "*"], n_cells=0, home=ALL_ACES))
    refused = three.check(Move(Place.column(0), Place.column(1), 3))
    assert not refused
    assert "move at most 2" in str(refused.reason)


@pytest.mark.parametrize("name", CASTLES)
def test_a_castle_sends_no_card_home_by_itself(name: str) -> None:
    # Building by rank, the 2 of clubs might be the only place for a card: it stays until it is moved home.
    game = game_at(name, table(["8C", "KD 7H", "TS 2C"], n_cells=0, home=ALL_ACES))
    action = game.play("21")
    assert action.auto == ()
    assert game.position.foundations[Suit.CLUBS.value] == 1
    game.play("3h")
    assert game.position.foundations[Suit.CLUBS.value] == 2


@pytest.mark.parametrize("name", DOZENS)
def test_a_dozen_builds_down_regardless_of_suit(name: str) -> None:
    columns = 13 if name == "bakers-dozen" else 10
    game = game_at(name, table(["8C", "9C", "KD 7H"], n_columns=columns, n_cells=0))
    assert game.check(Move.parse("31"))
    refused = game.check(Move.parse("32"))
    assert not refused
    assert "wrong rank" in str(refused.reason)


@pytest.mark.parametrize("name", DOZENS)
def test_a_dozen_takes_nothing_into_an_empty_column_and_moves_one_card_at_a_time(name: str) -> None:
    columns = 13 if name == "bakers-dozen" else 10
    game = game_at(name, table(["KS TC 9H", "JD", "", "TS", "QH KD"], n_columns=columns, n_cells=0))
    assert game.check(Move.parse("14"))
    for source in ("1", "5"):  # not a nine, not even a king
        refused = game.check(Move.parse(f"{source}3"))
        assert not refused
        assert "nothing may go to an empty column" in str(refused.reason)
    # The run of two is refused though a column lies empty: it gives no room in this game.
    refused = game.check(Move(Place.column(0), Place.column(1), 2))
    assert not refused
    assert "only one card moves at a time" in str(refused.reason)


def test_fan_builds_down_by_suit() -> None:
    game = game_at("fan", table(["TC", "TH", "KD 9C"], n_columns=18, n_cells=0))
    assert game.check(Move.parse("31"))
    refused = game.check(Move.parse("32"))
    assert not refused
    assert "Fan builds by suit" in str(refused.reason)


def test_fan_takes_only_a_king_into_an_empty_column() -> None:
    game = game_at("fan", table(["QS KH", "QD JS", ""], n_columns=18, n_cells=0))
    assert game.check(Move.parse("13"))
    refused = game.check(Move.parse("23"))
    assert not refused
    assert "only a king" in str(refused.reason)


def test_fan_moves_runs_of_two_to_the_power_of_the_empty_columns() -> None:
    # SPEC section 2's formula for kings-only games too: 0 free cells and 1 empty column move 2 cards.
    two = game_at("fan", table(["QS 8C 7C", "9C", ""], n_columns=18, n_cells=0))
    assert two.check(Move(Place.column(0), Place.column(1), 2))
    three = game_at("fan", table(["QS 9C 8C 7C", "TC", ""], n_columns=18, n_cells=0))
    refused = three.check(Move(Place.column(0), Place.column(1), 3))
    assert not refused
    assert "move at most 2" in str(refused.reason)


def test_fan_sends_every_card_that_can_go_home_by_itself() -> None:
    game = game_at("fan", table(["TC", "KD 9C", "QS 3H"], n_columns=18, n_cells=0, home={"H": 2}))
    action = game.play("21")
    assert action.auto == (Move.parse("3h"),)


# -- the conformance kit and the solver --------------------------------------------------------


@pytest.mark.parametrize(("name", "won", "lost"), WON_AND_LOST)
def test_a_game_passes_both_halves_of_the_kit(name: str, won: int, lost: int) -> None:
    check_variant(name, games=2, moves=30)
    check_solver(name, games=2, moves=30, solve_deals=(won,), time_limit=20)


@pytest.mark.parametrize(("name", "won", "lost"), WON_AND_LOST)
def test_patience_solve_wins_a_deal_and_its_moves_replay_to_a_win(name: str, won: int, lost: int) -> None:
    result = patience(["solve", name, str(won), "--format", "json", "--time-limit", "30"])
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["result"] == "solved"
    game = Game.new(name, deal=won)
    for text in data["moves"]:
        game.play(game.parse_move(text))
    assert game.is_won


@pytest.mark.parametrize(("name", "won", "lost"), WON_AND_LOST)
def test_patience_solve_reports_a_deal_it_proves_lost(name: str, won: int, lost: int) -> None:
    result = patience(["solve", name, str(lost), "--time-limit", "30"])
    assert result.returncode == 3, result.stdout + result.stderr
    assert "cannot be won, proved lost" in result.stdout


#: The games Debian's fc-solve can run (at most 10 columns), by its preset name.
FC_SOLVE_PRESETS = [
    ("beleaguered-castle", "beleaguered_castle"),
    ("citadel", "citadel"),
    ("streets-and-alleys", "streets_and_alleys"),
    ("good-measure", "good_measure"),
]
#: fc-solve's budget: a search that checks fewer states than this and finds nothing is complete.
FC_SOLVE_STATES = 100_000


def fc_solve_verdict(preset: str, board: Path) -> Outcome:
    """What ``fc-solve --game preset`` says of ``board``: solved, proved lost, or undecided within its budget."""
    command = ["fc-solve", "--game", preset, "-mi", str(FC_SOLVE_STATES), str(board)]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120).stdout
    if "This game is solveable." in output:
        return Outcome.SOLVED
    checked = re.search(r"Total number of states checked is (\d+)\.", output)
    assert checked is not None, output
    return Outcome.LOST if int(checked.group(1)) < FC_SOLVE_STATES else Outcome.UNDECIDED


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
@pytest.mark.parametrize(("name", "preset"), FC_SOLVE_PRESETS)
def test_the_solver_s_verdicts_agree_with_fc_solve_s_preset(tmp_path: Path, name: str, preset: str) -> None:
    decided = 0
    for deal in range(1, 6):
        game = Game.new(name, deal=deal)
        board = tmp_path / f"{deal}.txt"
        board.write_text(format_board(game.dealt))
        theirs = fc_solve_verdict(preset, board)
        ours = solve(game.variant, game.dealt, time_limit=5)
        if Outcome.UNDECIDED in (theirs, ours.outcome):
            continue
        decided += 1
        assert ours.outcome is theirs, f"{name} deal {deal}: fc-solve {theirs.value}, ours {ours.outcome.value}"
        if ours.outcome is Outcome.SOLVED:
            for move in ours.moves:
                game.play(move)
            assert game.is_won
    assert decided >= 2


# -- the terminal ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "won", "lost"), WON_AND_LOST)
def test_the_piped_table_fits_80_columns_with_every_column(name: str, won: int, lost: int) -> None:
    result = patience(["play", name, str(won)], "board\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80, result.stdout
    columns = len(Game.new(name, deal=won).dealt.columns)
    assert [str(i) for i in range(1, columns + 1)] in [line.split() for line in lines]


def test_baker_s_dozen_1_is_won_by_typing_moves_into_and_out_of_columns_11_to_13() -> None:
    solved = json.loads(patience(["solve", "bakers-dozen", "1", "--format", "json"]).stdout)
    moves: list[str] = solved["moves"]
    places = [text.split("-") if "-" in text else [text[0], text[1:]] for text in moves]
    assert any(source in ("11", "12", "13") for source, _ in places)
    assert any(target in ("11", "12", "13") for _, target in places)
    result = patience(["play", "bakers-dozen", "1"], "\n".join(moves) + "\n")
    assert result.returncode == 0, result.stderr
    assert "line " not in result.stdout
    assert result.stdout.splitlines()[-1].startswith("won: score ")


@pytest.mark.parametrize("name", ["fan", "bakers-dozen"])
def test_the_terminal_game_draws_every_position_of_a_win_in_80_columns(name: str) -> None:
    game = Game.new(name, deal=1)
    result = solve(game.variant, game.dealt, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    for move in (None, *result.moves):
        if move is not None:
            game.play(move)
        lines = plain(board_fragments(game, 80)).rstrip("\n").split("\n")
        assert max(len(line) for line in lines) <= 80, "\n".join(lines)
        assert "widen it" not in "\n".join(lines)
        assert len("".join(text for _, text, *_ in toolbar_text(game, "", 80))) <= 80
