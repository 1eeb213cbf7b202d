"""Four Colours: PySolFC's deals by suit into 7 columns, alternate colours, runs of any length, a cell per suit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pysolfc import DEALS, SUITS, talon
from tables import game_at, table

import patience
from patience import Card, Game, Move, Place, Position, Registrar, Rules, Suit, Variant, Verdict, hookimpl
from patience.legality import check_move
from patience.movegen import legal_moves
from patience.rules import Build, EmptyColumns
from patience.testing import check_variant
from patience_solver import Outcome, solve
from patience_solver.testing import check_solver

CO = "four-colours"
PATIENCE = Path(sys.executable).parent / "patience"


def pysolfc_four_colours(deal: int) -> tuple[tuple[Card, ...], ...]:
    """PySolFC's ``FourColours.startGame``: the talon's top card, again and again, to the row of its suit."""
    cards = talon(deal)
    rows: list[list[Card]] = [[] for _ in range(7)]
    while cards:
        card = cards.pop()  # the talon's top card: PySolFC's ``talon.cards[-1]``
        rows[SUITS.index(card.suit)].append(card)  # ``rows[card.suit]``, suits numbered clubs, spades, hearts, diamonds
    return tuple(tuple(row) for row in rows)


@pytest.mark.parametrize("number", DEALS)
def test_four_colours_deals_pysolfc_game_numbers_card_for_card(number: int) -> None:
    dealt = Game.new(CO, deal=number).dealt
    assert dealt.columns == pysolfc_four_colours(number)
    assert dealt.cells == (None,) * 4


def test_four_colours_deals_each_suit_to_its_column_and_leaves_three_empty() -> None:
    dealt = Game.new(CO, deal=1).dealt
    assert [{card.suit for card in column} for column in dealt.columns[:4]] == [{suit} for suit in SUITS]
    assert [len(column) for column in dealt.columns] == [13, 13, 13, 13, 0, 0, 0]


def test_four_colours_is_found_by_its_american_spelling() -> None:
    assert patience.get_variant("four-colors").name == CO


# -- rules: building, empty columns, runs, cells ---------------------------------------------


def test_four_colours_builds_down_in_alternate_colours() -> None:
    game = game_at(CO, table(["8H", "8S", "KC 7C"], n_columns=7, n_cells=4))
    assert game.check(Move.parse("31"))
    verdict = game.check(Move.parse("32"))
    assert not verdict
    assert "Four Colours builds in alternating colours" in str(verdict.reason)


@pytest.mark.parametrize("card", ["QS", "5D", "KH"])
def test_four_colours_takes_any_card_into_an_empty_column(card: str) -> None:
    game = game_at(CO, table([f"3C {card}", ""], n_columns=7, n_cells=4))
    assert game.check(Move.parse("12"))


def test_four_colours_moves_a_run_of_any_length_with_no_free_cell_or_empty_column() -> None:
    # Every cell full and no empty column: FreeCell's formula would allow one card; Four Colours moves all nine.
    run = "KS QH JS TH 9S 8H 7S 6H 5S"
    game = game_at(CO, table([run, "KC", "*", "*"], ["2C", "2S", "2H", "2D"], n_columns=7, n_cells=4))
    move = Move(Place.column(0), Place.column(1), 8)
    assert game.check(move)
    game.play(move)
    assert len(game.position.columns[1]) == 9
    # A run still has to be ordered.
    broken = game_at(CO, table(["KS 9H 8S", "TD"], n_columns=7, n_cells=4))
    assert not broken.check(Move(Place.column(0), Place.column(1), 3))


def test_four_colours_cell_takes_only_its_suit() -> None:
    # Cells a b c d take clubs, spades, hearts, diamonds (PySolFC's order).
    game = game_at(CO, table(["KD 9S", "KH 9C"], n_columns=7, n_cells=4))
    assert game.check(Move.parse("1b"))
    verdict = game.check(Move.parse("1a"))
    assert not verdict
    assert str(verdict.reason) == "♠9 cannot go to cell a: in Four Colours that cell takes only clubs"
    assert game.check(Move.parse("2a"))
    assert not game.check(Move.parse("2d"))


def test_four_colours_cell_of_a_suit_taken_refuses_another_card_of_that_suit() -> None:
    game = game_at(CO, table(["KD 9S"], ["", "5S"], n_columns=7, n_cells=4))
    verdict = game.check(Move.parse("1b"))
    assert not verdict
    assert "cell b already holds ♠5" in str(verdict.reason)
    # Nothing else is offered for the spade: cells a, c and d stay for their own suits.
    assert not [
        move for move in game.legal_moves if move.source == Place.column(0) and move.destination.kind.value == "cell"
    ]


def test_four_colours_lists_each_card_the_cell_of_its_suit() -> None:
    game = game_at(CO, table(["KD 9S", "KS 9H", "KH 9D", "KC 9C"], n_columns=7, n_cells=4))
    named = [Place.column(i) for i in range(4)]
    to_cells = {
        str(move) for move in game.legal_moves if move.destination.kind.value == "cell" and move.source in named
    }
    assert to_cells == {"1b", "2c", "3d", "4a"}


def test_four_colours_double_tap_sends_a_card_to_the_cell_of_its_suit() -> None:
    game = game_at(CO, table(["QS 9D", "QC", "*", "*", "*", "*", "*"], n_columns=7, n_cells=4))
    assert game.double_tap_move(Place.column(0)) == Move.parse("1d")


def test_four_colours_sends_aces_home_after_the_deal() -> None:
    game = Game.new(CO, deal=1)
    assert sum(game.position.foundations) == len(game.start_auto) >= 0
    for column in game.position.columns:
        assert not column or column[-1].rank != 1


def test_cell_suits_must_name_each_suit_once_and_fit_the_cells() -> None:
    with pytest.raises(ValueError, match="each suit at most once"):
        Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, cell_suits=(Suit.CLUBS, Suit.CLUBS))
    with pytest.raises(ValueError, match="at most once, and is offered without a reserve"):
        Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, cell_suits=(Suit.CLUBS,), reserve=1)
    rules = Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, cell_suits=(Suit.CLUBS, Suit.HEARTS))
    with pytest.raises(ValueError, match="3 cells need a suit each, and cell_suits names 2"):
        Variant(
            name="few-suits", title="Few Suits", prefix="QA", columns=8, cell_counts=(3,), default_cells=3, rules=rules
        )


def test_fewer_cells_than_suits_leave_the_other_suits_without_a_cell() -> None:
    rules = Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        cell_suits=(Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS),
    )
    position = table(["KD 9S", "KS 9H"], n_columns=7, n_cells=2)
    named = (Place.column(0), Place.column(1))
    moves = {
        str(move)
        for move in legal_moves(rules, position)
        if move.destination.kind.value == "cell" and move.source in named
    }
    assert moves == {"1b"}
    assert not check_move(rules, position, Move.parse("2b"))


# -- the conformance kit, the solver and the terminal ------------------------------------------


def test_four_colours_passes_the_conformance_kit() -> None:
    pm = patience.get_plugin_manager()
    check_variant(CO, pm, games=3, moves=40)
    check_solver(CO, pm)


def _solved(deal: int) -> dict[str, object]:
    done = subprocess.run(
        [str(PATIENCE), "solve", CO, str(deal), "-f", "json", "-t", "60"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.stderr == ""
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def test_patience_solve_wins_a_four_colours_deal_that_replays_to_a_win_through_the_game() -> None:
    answer = _solved(1)
    assert answer["result"] == "solved"
    moves = answer["moves"]
    assert isinstance(moves, list) and moves
    game = Game.new(CO, deal=1)
    for text in moves:
        game.play(str(text))
    assert game.is_won
    # Some of the solution's moves go to the cells: each to the cell of the card's suit.
    assert any(str(text)[-1] in "abcd" for text in moves)


def test_patience_solve_reports_four_colours_deal_96_lost() -> None:
    # Of deals 1-200 the solver wins 199 (5 s each) and proves this one lost with a complete search.
    done = subprocess.run(
        [str(PATIENCE), "solve", CO, "96", "-t", "60"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 3, done.stdout + done.stderr
    assert "cannot be won, proved lost" in done.stdout


def test_patience_deal_letters_each_four_colours_cell_with_its_suit() -> None:
    done = subprocess.run(
        [str(PATIENCE), "deal", CO, "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    cells = next(line for line in done.stdout.splitlines() if line.startswith("cells"))
    assert cells.split() == ["cells", "a♣", "b♠", "c♥", "d♦"]


def test_the_solver_proves_lost_a_four_colours_position_where_nothing_moves() -> None:
    # Every cell full of a three (cell a the clubs ... d the diamonds), no empty column, the aces buried and
    # only black kings, queens, jacks and a ten on top: nothing goes on a card of its own colour.
    held = (Card.parse("3C"), Card.parse("3S"), Card.parse("3H"), Card.parse("3D"))
    tops = [Card.parse(text) for text in ("KS", "KC", "QS", "QC", "JS", "JC", "TS")]
    rest = sorted(
        (card for card in patience.full_deck() if card not in held and card not in tops),
        key=lambda card: (-card.rank, card.suit.value),
    )
    columns = tuple((*rest[i::7], tops[i]) for i in range(7))
    position = Position(columns, held)
    game = game_at(CO, position)
    assert not list(game.legal_moves) and not game.is_won
    result = solve(game.variant, position, time_limit=30)
    assert result.outcome is Outcome.LOST


def test_the_solver_never_puts_a_card_into_a_cell_of_another_suit() -> None:
    game = Game.new(CO, deal=2)
    result = solve(game.variant, game.position, time_limit=60)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        if move.destination.kind.value == "cell":
            card = game.position.card_at(move.source)
            assert card is not None and move.destination == Place.cell(game.variant.rules.cell_suits.index(card.suit))
        game.play(move)
    assert game.is_won


class WatchedFourColours:
    """Four Colours with a legality hook that agrees with the rules: the solver then judges every move by the hook."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(register.get(CO).derive(name="four-colours-watched", title="Four Colours, Watched", prefix="ZC"))

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        return check_move(variant.rules, position, move, variant.title)


def test_the_solvers_judged_path_keeps_each_held_card_in_the_cell_of_its_suit() -> None:
    pm = patience.make_plugin_manager()
    pm.register(WatchedFourColours(), name="watched-four-colours")
    game = Game.new("four-colours-watched", 1, plugins=pm)
    assert not game.rules_are_data
    result = solve(game.variant, game.position, time_limit=60, plugins=pm)
    assert result.outcome is Outcome.SOLVED
    assert any(move.destination.kind.value == "cell" for move in result.moves)
    for move in result.moves:
        game.play(move)
    assert game.is_won


def test_patience_play_shows_four_colours_in_80_columns_with_each_cells_suit() -> None:
    done = subprocess.run(
        [str(PATIENCE), "play", CO, "1"],
        input="board\n1a\nboard\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "80"},
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines and max(len(line) for line in lines) <= 80
    assert lines[0].split() == ["a♣", "b♠", "c♥", "d♦", "h"]
    assert " 1    2    3    4    5    6    7" in lines
