"""``Rules.unlimited_runs``: an ordered run of any length moves as one action, whatever the cells and columns."""

from __future__ import annotations

import attrs
import pytest

from patience import Build, Card, EmptyColumns, Move, Place, Position, Rules, Suit
from patience.legality import check_move, max_group
from patience.movegen import legal_moves
from patience.reasons import Refusal
from patience.rules import UNLIMITED_RUN

RELAXED = Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, unlimited_runs=True)
FORMULA = attrs.evolve(RELAXED, unlimited_runs=False)


def card(text: str) -> Card:
    return Card.parse(text)


def position(*, empty_column: bool) -> Position:
    """Every cell full; column 1 ends in the run 9H 8C 7D 6S 5H 4C, column 2 in the 10S; maybe an empty column 3."""
    run = [card(text) for text in ("9H", "8C", "7D", "6S", "5H", "4C")]
    cells = (card("KD"), card("KH"), card("KS"), card("KC"))
    placed = {*run, *cells, card("10S")}
    rest = [Card(rank, suit) for suit in Suit for rank in range(1, 14) if Card(rank, suit) not in placed]
    columns: tuple[tuple[Card, ...], ...] = ((*rest[:20], *run), (*rest[20:], card("10S")))
    if empty_column:
        columns += ((),)
    return Position(columns, cells)


@pytest.mark.parametrize("empty_column", [False, True])
def test_a_run_of_six_moves_with_no_free_cell(empty_column: bool) -> None:
    where = position(empty_column=empty_column)
    move = Move(Place.column(0), Place.column(1), 6)
    assert check_move(RELAXED, where, move).legal
    assert move in legal_moves(RELAXED, where)
    assert max_group(RELAXED, where, to_empty_column=False) == UNLIMITED_RUN


def test_the_whole_run_moves_into_an_empty_column() -> None:
    where = position(empty_column=True)
    move = Move(Place.column(0), Place.column(2), 6)
    assert check_move(RELAXED, where, move).legal
    assert move in legal_moves(RELAXED, where)


def test_the_formula_refuses_what_unlimited_runs_allow() -> None:
    where = position(empty_column=False)
    verdict = check_move(FORMULA, where, Move(Place.column(0), Place.column(1), 6))
    assert verdict.reason.kind is Refusal.OVER_CAPACITY  # type: ignore[union-attr]
    assert max_group(FORMULA, where, to_empty_column=False) == 1


def test_only_ordered_runs_move_as_one() -> None:
    where = position(empty_column=False)
    # The 10S under nothing: the run of column 1 with one card more is not ordered.
    assert not check_move(RELAXED, where, Move(Place.column(0), Place.column(1), 7)).legal


def test_without_group_moves_one_card_moves_at_a_time() -> None:
    single = attrs.evolve(RELAXED, group_moves=False)
    where = position(empty_column=False)
    assert max_group(single, where, to_empty_column=False) == 1
    assert not check_move(single, where, Move(Place.column(0), Place.column(1), 6)).legal
