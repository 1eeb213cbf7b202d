"""Kings' Only Baker's Game, Relaxed Seahaven Towers, Der Katzenschwanz and Die Schlange: PySolFC's deals, the rules.

The deals are compared card for card with ``pysol_cards`` (the oracle of
``tests/variants/pysolfc.py``). Where ``pysol_cards`` deals otherwise than
PySolFC (Der Katzenschwanz and Die Schlange when the first card to a column
is a king), the test deals PySolFC's ``startGame`` itself from the shuffled
talon and pins the difference.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from pysolfc import DEALS, Layout, layout, talon
from tables import cards, game_at, table

import patience
from patience import Card, Game, Move, Place, Position, full_deck

KB = "kings-only-bakers-game"
RS = "relaxed-seahaven-towers"
DK = "der-katzenschwanz"
DS = "die-schlange"
GAMES = (KB, RS, DK, DS)

BIN = Path(sys.executable).parent


def _quiet_layout(game: str, deal: int) -> Layout:
    # pysol_cards prints Die Schlange's foundations straight to stdout, outside the layout it returns.
    with contextlib.redirect_stdout(io.StringIO()):
        return layout(game, deal)


# -- deals ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", DEALS)
def test_kings_only_bakers_game_deals_pysolfc_card_for_card(deal: int) -> None:
    dealt = Game.new(KB, deal=deal).dealt
    assert dealt.columns == _quiet_layout("kings_only_bakers_game", deal).columns
    assert dealt.cells == (None,) * 4


@pytest.mark.parametrize("deal", DEALS)
def test_relaxed_seahaven_deals_pysolfc_with_the_last_two_cards_in_cells_b_and_c(deal: int) -> None:
    dealt = Game.new(RS, deal=deal).dealt
    oracle = _quiet_layout("relaxed_seahaven_towers", deal)
    assert dealt.columns == oracle.columns
    assert [len(column) for column in dealt.columns] == [5] * 10
    assert oracle.cells[0] is None
    assert dealt.cells == (None, oracle.cells[1], oracle.cells[2], None)


def test_relaxed_seahaven_deals_are_pysolfcs_where_seahaven_towers_keeps_microsofts() -> None:
    # Up to 32,000 PySolFC shuffles as Microsoft does: the same columns, the two cards one cell further right.
    relaxed, seahaven = Game.new(RS, deal=1).dealt, Game.new("seahaven-towers", deal=1).dealt
    assert relaxed.columns == seahaven.columns
    assert relaxed.cells == (None, *seahaven.cells[:3])
    # Above it PySolFC's Mersenne Twister deals another game than Microsoft's deal of that number.
    assert Game.new(RS, deal=32_001).dealt.columns != Game.new("seahaven-towers", deal=32_001).dealt.columns


def _pysolfc_katzenschwanz(deal: int, *, aces_home: bool) -> tuple[list[list[Card]], int]:
    """PySolFC's ``DerKatzenschwanz.startGame`` (``DieSchlange.startGame`` with ``aces_home``) on its talon.

    The talon's last card is dealt first. A king moves the deal on to the
    next row only when the row being dealt already holds cards; Die
    Schlange's aces go to the foundations. Returns the rows and how many
    cards went home.
    """
    pile = talon(deal, 2)
    rows: list[list[Card]] = [[] for _ in range(9)]
    home = 0
    row = 0
    while pile:
        card = pile.pop()
        if aces_home and card.rank == 1:
            home += 1
            continue
        if card.rank == 13 and rows[row]:
            row += 1
        rows[row].append(card)
    return rows, home


@pytest.mark.parametrize(("name", "oracle", "aces_home"), [(DK, "der_katz", False), (DS, "die_schlange", True)])
@pytest.mark.parametrize("deal", DEALS)
def test_katzenschwanz_games_deal_pysolfc_card_for_card(name: str, oracle: str, aces_home: bool, deal: int) -> None:
    rows, home = _pysolfc_katzenschwanz(deal, aces_home=aces_home)
    dealt = Game.new(name, deal=deal).dealt
    assert dealt.columns == tuple(tuple(row) for row in rows)
    assert dealt.foundations == ((1,) * 8 if aces_home else (0,) * 8)
    assert home == (8 if aces_home else 0)
    assert dealt.cells == (None,) * 8
    theirs = _quiet_layout(oracle, deal).columns
    if rows[0][0].rank == 13:
        # pysol_cards starts a column at every king, the first one too: its first column stays empty
        # and every column is one to the right of PySolFC's, whose last column stays empty.
        assert theirs == ((), *dealt.columns[:8])
        assert dealt.columns[8] == ()
    else:
        assert theirs == dealt.columns


@pytest.mark.parametrize(("name", "oracle"), [(DK, "der_katz"), (DS, "die_schlange")])
def test_a_deal_that_starts_with_a_king_keeps_it_in_the_first_column_as_pysolfc_does(name: str, oracle: str) -> None:
    # Deal 4's first card is a king (and no ace comes before it): PySolFC deals it to the first column.
    dealt = Game.new(name, deal=4).dealt
    assert dealt.columns[0][0].rank == 13
    assert dealt.columns[8] == ()
    assert _quiet_layout(oracle, 4).columns[0] == ()


def test_die_schlange_deal_after_aces_starts_with_a_king_in_the_first_column() -> None:
    # Deal 48 starts with an ace, then a king: the ace goes home, the king stays in the first column.
    rows, _home = _pysolfc_katzenschwanz(48, aces_home=True)
    dealt = Game.new(DS, deal=48).dealt
    assert dealt.columns[0][0].rank == 13
    assert dealt.columns == tuple(tuple(row) for row in rows)


@pytest.mark.parametrize("deal", [1, 32_000, 32_001, 8_589_934_591])
def test_der_katzenschwanz_deals_both_decks_and_every_king_leads_a_column(deal: int) -> None:
    dealt = Game.new(DK, deal=deal).dealt
    assert Counter(card for column in dealt.columns for card in column) == Counter(full_deck() * 2)
    leaders = [column[0] for column in dealt.columns if column]
    assert sum(card.rank == 13 for card in leaders) >= 8
    assert all(card.rank != 13 for column in dealt.columns for card in column[1:])


# -- rules ----------------------------------------------------------------------------------------------


def two_deck_table(columns: Sequence[str], cells: Sequence[str | None] = (), *, home: int = 0) -> Position:
    """A 104-card position of 9 columns and 8 cells: the ``*`` columns take the cards not named, kings on top.

    ``home`` cards of each suit (ace up) lie on each of the 8 foundations.
    """
    named = [card for text in columns if text != "*" for card in cards(text)]
    held = [Card.parse(text) if text else None for text in cells]
    spare = Counter(card for card in full_deck() * 2 if card.rank > home)
    spare.subtract(named + [card for card in held if card is not None])
    assert all(count >= 0 for count in spare.values()), "a card is named more often than two decks hold it"
    rest = sorted(spare.elements(), key=lambda card: (card.rank, card.suit.value))
    fillers = [i for i, text in enumerate(columns) if text == "*"]
    laid = [
        cards(text) if text != "*" else tuple(rest[fillers.index(i) :: len(fillers)]) for i, text in enumerate(columns)
    ]
    position = Position(tuple(laid), (*held, *([None] * (8 - len(held)))), foundations=(home,) * 8)
    position.validate()
    return position


def test_kings_only_bakers_game_builds_by_suit() -> None:
    game = game_at(KB, table(["8H", "8D", "KC 7H"], n_cells=4))
    assert game.check(Move.parse("31"))
    verdict = game.check(Move.parse("32"))
    assert not verdict
    assert "builds by suit" in str(verdict.reason)


def test_kings_only_bakers_game_fills_an_empty_column_with_a_king_only() -> None:
    game = game_at(KB, table(["3C KH", "3D QS", ""], n_cells=4))
    assert game.check(Move.parse("13"))
    assert not game.check(Move.parse("23"))


def test_kings_only_bakers_game_moves_runs_as_long_as_the_formula_allows() -> None:
    # A run of 3 needs (free cells + 1) x 2^0 >= 3: two free cells.
    one_free = game_at(KB, table(["2C 8H 7H 6H", "9H"], ["2S", "3S", "4S"], n_cells=4))
    assert not one_free.check(Move(Place.column(0), Place.column(1), 3))
    two_free = game_at(KB, table(["2C 8H 7H 6H", "9H"], ["2S", "3S"], n_cells=4))
    assert two_free.check(Move(Place.column(0), Place.column(1), 3))


def test_relaxed_seahaven_builds_by_suit_and_takes_only_kings_into_an_empty_column() -> None:
    game = game_at(RS, table(["TS", "TD", "9S", "2C QH", "", "3C KD QD"], n_columns=10, n_cells=4))
    assert game.check(Move.parse("31"))
    assert not game.check(Move.parse("32"))
    assert not game.check(Move.parse("45"))
    assert game.check(Move(Place.column(5), Place.column(4), 2))


def test_relaxed_seahaven_moves_a_run_of_any_length_with_every_cell_full() -> None:
    game = game_at(RS, table(["2C 9H 8H 7H 6H 5H", "TH"], ["2S", "3S", "4S", "5S"], n_columns=10, n_cells=4))
    assert game.check(Move(Place.column(0), Place.column(1), 5))
    assert not game.check(Move(Place.column(0), Place.column(1), 6))  # 2♣ is not part of the run
    # The same move is refused in Seahaven Towers, whose runs follow the formula.
    assert not game_at("seahaven-towers", game.position).check(Move(Place.column(0), Place.column(1), 5))


def test_der_katzenschwanz_builds_in_alternating_colours() -> None:
    game = game_at(DK, two_deck_table(["9C 8H", "9S", "9D", "*", "*", "*", "*", "*", "*"]))
    assert game.check(Move.parse("12"))
    assert not game.check(Move.parse("13"))


@pytest.mark.parametrize("name", [DK, DS])
def test_nothing_goes_into_an_empty_column_not_even_a_king(name: str) -> None:
    game = game_at(name, two_deck_table(["2C KH", "", "3D QS", "*", "*", "*", "*", "*", "*"], home=1))
    assert not game.check(Move.parse("12"))
    assert not game.check(Move.parse("32"))
    assert game.check(Move.parse("1a"))


def test_der_katzenschwanz_moves_a_run_of_any_length_with_every_cell_full() -> None:
    run = "KC QH JC TH 9C 8H 7C 6H"
    full = ["KS", "KD", "QS", "QD", "JS", "JD", "TS", "TD"]
    game = game_at(DK, two_deck_table([f"2C {run}", "KS", "*", "*", "*", "*", "*", "*", "*"], full, home=1))
    assert not game.check(Move(Place.column(0), Place.column(1), 8))  # ♣K does not go on ♠K
    assert game.check(Move(Place.column(0), Place.column(1), 7))


def test_die_schlange_moves_runs_as_long_as_the_formula_allows() -> None:
    # A run of 3 needs (free cells + 1) x 2^0 >= 3: two free cells.
    full = ["KS", "KD", "QS", "QD", "JS", "JD", "TS", "TD"]
    columns = ["2C 9H 8C 7H", "TS", "*", "*", "*", "*", "*", "*", "*"]
    one_free = game_at(DS, two_deck_table(columns, full[:7], home=1))
    assert not one_free.check(Move(Place.column(0), Place.column(1), 3))
    two_free = game_at(DS, two_deck_table(columns, full[:6], home=1))
    assert two_free.check(Move(Place.column(0), Place.column(1), 3))


def test_die_schlange_empty_columns_do_not_raise_the_run_capacity() -> None:
    # An empty column that takes nothing cannot hold a card of the run on the way: free cells + 1 cards move.
    full = ["KS", "KD", "QS", "QD", "JS", "JD", "TS", "TD"]
    columns = ["2C 9H 8C 7H", "TS", "", "*", "*", "*", "*", "*", "*"]
    game = game_at(DS, two_deck_table(columns, full[:6], home=1))
    assert game.check(Move(Place.column(0), Place.column(1), 3))
    one_free = game_at(DS, two_deck_table(columns, full[:7], home=1))
    assert (one_free.max_group, one_free.max_group_to_empty) == (2, 0)
    verdict = one_free.check(Move(Place.column(0), Place.column(1), 3))
    assert not verdict
    assert "move at most 2" in str(verdict.reason)
    assert Move(Place.column(0), Place.column(1), 3) in game.legal_moves
    assert Move(Place.column(0), Place.column(1), 3) not in one_free.legal_moves


@pytest.mark.parametrize("held", [6, 7])
def test_the_solver_moves_die_schlange_runs_beside_an_empty_column_as_the_game_does(held: int) -> None:
    from patience_solver.testing import _solver_moves

    full = ["KS", "KD", "QS", "QD", "JS", "JD", "TS", "TD"]
    columns = ["2C 9H 8C 7H", "TS", "", "*", "*", "*", "*", "*", "*"]
    game = game_at(DS, two_deck_table(columns, full[:held], home=1))
    compared = _solver_moves(patience.make_plugin_manager(), game)
    assert compared is not None
    solver, legal = compared
    assert solver == legal


def test_die_schlange_and_der_katzenschwanz_have_eight_cells_and_eight_foundations() -> None:
    for name in (DK, DS):
        dealt = Game.new(name, deal=1).dealt
        assert (len(dealt.cells), len(dealt.foundations), len(dealt.columns)) == (8, 8, 9)


# -- the conformance kit --------------------------------------------------------------------------------


def test_each_game_is_installed_so_the_conformance_kit_runs_over_it() -> None:
    # tests/plugins/test_conformance.py runs both halves of the kit over every installed variant.
    assert set(GAMES) <= set(patience.variants())


# -- the solver -----------------------------------------------------------------------------------------


def _patience(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "patience"), *args], input=stdin, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(("name", "deal"), [(KB, 2), (RS, 1), (DK, 2), (DS, 1)])
def test_the_solver_solves_a_deal_and_its_solution_wins_through_the_game(name: str, deal: int) -> None:
    done = _patience("solve", name, str(deal), "--format", "json", "--time-limit", "30")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["result"] == "solved"
    game = Game.new(name, deal=deal)
    for move in answer["moves"]:
        game.play(move)
    assert game.is_won


@pytest.mark.parametrize(("name", "deal"), [(KB, 1), (RS, 21)])
def test_the_solver_proves_a_deal_lost(name: str, deal: int) -> None:
    # fc-solve (--game kings_only_bakers_game, relaxed_seahaven_towers) cannot solve these deals either.
    done = _patience("solve", name, str(deal), "--time-limit", "30")
    assert "cannot be won, proved lost" in done.stdout
    assert "complete search" in done.stdout


# -- the terminal ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_terminal_shows_each_game_within_80_columns(name: str) -> None:
    # Deal 1 of Der Katzenschwanz has a column of 41 cards; the eight foundations share the cells' row.
    done = _patience("play", name, "1", stdin="board\nquit\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    columns = len(Game.new(name, deal=1).position.columns)
    assert any(line.split() == [str(n) for n in range(1, columns + 1)] for line in lines)
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
