"""A reserve (``Rules.reserve``): its cells give cards and take none, and count for no group's capacity."""

from __future__ import annotations

import pytest

from patience import Build, Card, EmptyColumns, Move, Place, Position, Rules, Suit, Variant
from patience.legality import check_move, free_cells, max_group
from patience.movegen import legal_moves
from patience.reasons import Refusal, describe

RULES = Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, reserve=2)


def card(text: str) -> Card:
    return Card.parse(text)


def position() -> Position:
    """Two reserve cells (a emptied, b holding the 9S), two free cells (c empty, d holding the KD).

    Column 1 ends in a run 8H 7C 6D 5S, column 2 in the 10H, column 3 in the 8D.
    """
    placed = {card(text) for text in ("9S", "KD", "8H", "7C", "6D", "5S", "10H", "8D")}
    rest = [c for c in _deck() if c not in placed]
    columns = (
        (card("8H"), card("7C"), card("6D"), card("5S")),
        (*rest[:20], card("10H")),
        (*rest[20:], card("8D")),
    )
    return Position(columns, (None, card("9S"), None, card("KD")))


def _deck() -> list[Card]:
    return [Card(rank, suit) for suit in Suit for rank in range(1, 14)]


def test_a_move_into_an_emptied_reserve_cell_is_refused_with_its_own_reason() -> None:
    verdict = check_move(RULES, position(), Move(Place.column(0), Place.cell(0)))
    assert not verdict.legal
    assert verdict.reason.kind is Refusal.RESERVE_CELL  # type: ignore[union-attr]
    assert str(verdict.reason) == "cell a is a reserve cell: nothing goes into a reserve cell in this game"
    assert describe(verdict.reason, "de").startswith("Zelle a ist eine Reservezelle")


def test_a_move_into_a_free_cell_past_the_reserve_is_legal() -> None:
    assert check_move(RULES, position(), Move(Place.column(0), Place.cell(2))).legal


def test_a_card_leaves_a_reserve_cell() -> None:
    leave = Move(Place.cell(1), Place.column(1))
    assert check_move(RULES, position(), leave).legal
    assert leave in legal_moves(RULES, position())


def test_the_listed_moves_to_a_cell_go_to_the_first_free_cell_past_the_reserve() -> None:
    to_cells = {move.destination for move in legal_moves(RULES, position()) if move.destination.kind.name == "CELL"}
    assert to_cells == {Place.cell(2)}


def test_an_emptied_reserve_cell_counts_for_no_capacity() -> None:
    where = position()
    assert free_cells(RULES, where) == 1
    assert max_group(RULES, where, to_empty_column=False) == 2
    verdict = check_move(RULES, where, Move(Place.column(0), Place.column(2), 3))
    assert verdict.reason.kind is Refusal.OVER_CAPACITY  # type: ignore[union-attr]
    assert verdict.reason.values["free"] == 1  # type: ignore[union-attr]
    assert Move(Place.column(0), Place.column(2), 3) not in legal_moves(RULES, where)


def test_a_reserve_larger_than_the_cells_is_refused_at_the_variant() -> None:
    with pytest.raises(ValueError, match="a reserve of 7 cells needs at least 7 cells, not 4"):
        Variant(
            name="x",
            title="X",
            prefix="XX",
            columns=8,
            cell_counts=(4,),
            default_cells=4,
            rules=Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, reserve=7),
        )


def test_a_negative_reserve_is_refused() -> None:
    with pytest.raises(ValueError, match="reserve -1 is not a number of cells"):
        Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, reserve=-1)


def test_a_reserve_with_two_decks_is_refused() -> None:
    with pytest.raises(ValueError, match="a reserve is offered with one deck only"):
        Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, reserve=1, decks=2)
