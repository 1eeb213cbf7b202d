"""Move notation on tables of any width and any number of cells: the ``-`` between places, cells past the eighth."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import Game, InvalidMoveError, Position, get_variant
from patience.cards import Suit
from patience.moves import CELL_LETTERS, MAX_CELLS, Move, Place

NOTATION = settings(max_examples=400, deadline=None)


@st.composite
def tables_and_moves(draw: st.DrawFn) -> tuple[int, int, Move]:
    """A table of 1-20 columns and 0-12 cells, and any move between its places, of any place kind."""
    columns = draw(st.integers(1, 20))
    cells = draw(st.integers(0, 12))
    column = st.integers(0, columns - 1).map(Place.column)
    cell = st.integers(0, cells - 1).map(Place.cell) if cells else st.nothing()
    source = draw(st.one_of(column, cell, st.sampled_from(list(Suit)).map(Place.foundation)))
    destination = draw(st.one_of(column, cell, st.just(Place.foundation())))
    count = draw(st.integers(1, 40))
    return columns, cells, Move(source, destination, count)


@NOTATION
@given(table=tables_and_moves())
def test_a_move_reads_back_as_written_on_any_table(table: tuple[int, int, Move]) -> None:
    columns, cells, move = table
    assert Move.parse(str(move), columns=columns, cells=cells) == move
    assert Move.parse(str(move)) == move
    assert Move.parse(move.standard(), columns=columns, cells=cells) == move
    assert Move.parse(str(move).upper(), columns=columns, cells=cells) == move


@pytest.mark.parametrize(
    ("text", "source", "destination"),
    [
        ("11-3", Place.column(10), Place.column(2)),
        ("3-12", Place.column(2), Place.column(11)),
        ("12-a", Place.column(11), Place.cell(0)),
        ("a-5", Place.cell(0), Place.column(4)),
        ("3-h", Place.column(2), Place.foundation()),
        ("13-h", Place.column(12), Place.foundation()),
        ("hS-12", Place.foundation(Suit.SPADES), Place.column(11)),
        ("3-a", Place.column(2), Place.cell(0)),
        ("m-11", Place.cell(8), Place.column(10)),
    ],
)
def test_places_may_always_be_separated_by_a_dash(text: str, source: Place, destination: Place) -> None:
    assert Move.parse(text, columns=13, cells=10) == Move(source, destination)
    assert Move.parse(text) == Move(source, destination)


@pytest.mark.parametrize(
    ("text", "source", "destination"),
    [
        ("10", None, None),
        ("310", Place.column(2), Place.column(9)),
        ("108", Place.column(9), Place.column(7)),
        ("110", Place.column(0), Place.column(9)),
        ("101", Place.column(9), Place.column(0)),
        ("1010", Place.column(9), Place.column(9)),
        ("10a", Place.column(9), Place.cell(0)),
        ("a10", Place.cell(0), Place.column(9)),
        ("10h", Place.column(9), Place.foundation()),
    ],
)
@pytest.mark.parametrize("columns", [None, 10, 13, 20])
def test_the_ten_column_forms_keep_their_meaning_on_wider_tables(
    text: str, source: Place | None, destination: Place | None, columns: int | None
) -> None:
    if source is None:
        assert Place.parse(text) == Place.column(9)
        return
    assert Move.parse(text, columns=columns, cells=4) == Move(source, destination or Place.foundation())


@pytest.mark.parametrize(
    ("text", "columns", "source", "destination"),
    [
        ("312", 13, Place.column(2), Place.column(11)),
        ("12a", 13, Place.column(11), Place.cell(0)),
        ("a13", 13, Place.cell(0), Place.column(12)),
        ("1213", 13, Place.column(11), Place.column(12)),
        ("112", 11, Place.column(10), Place.column(1)),
        ("13h", 13, Place.column(12), Place.foundation()),
    ],
)
def test_a_move_without_dash_is_read_the_one_way_the_table_allows(
    text: str, columns: int, source: Place, destination: Place
) -> None:
    assert Move.parse(text, columns=columns, cells=4) == Move(source, destination)


@pytest.mark.parametrize(("text", "columns"), [("111", 11), ("111", 13), ("112", 12), ("113", 13), ("1112", None)])
def test_a_move_with_two_readings_on_the_table_needs_the_dash(text: str, columns: int | None) -> None:
    with pytest.raises(InvalidMoveError, match=r"can be read more than one way \(.*\): write a - between"):
        Move.parse(text, columns=columns, cells=4)


@pytest.mark.parametrize("text", ["1-2-3", "1-", "-3", "-", "1--2", "q-3", "3-0", "hs-hs"])
def test_a_malformed_dash_move_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(InvalidMoveError) as raised:
        Move.parse(text, columns=13, cells=4)
    assert "\n" not in str(raised.value)


def test_a_column_past_nine_is_written_with_the_dash() -> None:
    assert str(Move(Place.column(9), Place.column(7))) == "10-8"
    assert str(Move(Place.column(2), Place.column(11), 3)) == "3-12v3"
    assert str(Move(Place.column(12), Place.foundation())) == "13-h"
    assert str(Move(Place.column(2), Place.column(7))) == "38"


def test_fc_solve_form_leaves_the_dash_out_up_to_ten_columns() -> None:
    assert Move(Place.column(9), Place.column(7)).standard() == "108"
    assert Move(Place.column(2), Place.column(9), 2).standard() == "310v2"
    assert Move(Place.column(10), Place.column(2)).standard() == "11-3"


def test_cells_past_the_eighth_have_letters_that_name_nothing_else() -> None:
    assert len(set(CELL_LETTERS)) == MAX_CELLS >= 12
    assert CELL_LETTERS[:8] == "abcdefgk"
    # h is home, v a run's length, s a suit after h; q and u are quit and undo at the prompt.
    assert not set(CELL_LETTERS) & set("hvsqu0123456789-")
    for index in range(MAX_CELLS):
        letter = str(Place.cell(index))
        assert Place.parse(letter) == Place.cell(index)
        assert Move.parse(f"1{letter}") == Move(Place.column(0), Place.cell(index))
        assert Move.parse(f"{letter}h") == Move(Place.cell(index), Place.foundation())


def test_the_ninth_cell_is_m() -> None:
    assert str(Place.cell(8)) == "m"
    assert str(Move(Place.cell(8), Place.column(0))) == "m1"


def test_a_variant_with_more_cells_than_letters_is_refused_in_one_line() -> None:
    freecell = get_variant("freecell")
    with pytest.raises(ValueError, match="at most 16 cells can be named") as raised:
        freecell.derive(name="wide", title="Wide", prefix="WD", cell_counts=(17,), default_cells=17)
    assert "\n" not in str(raised.value)


def test_a_ten_cell_freecell_game_fills_and_empties_its_ninth_and_tenth_cells() -> None:
    freecell = get_variant("freecell")
    wide = freecell.derive(name="freecell-ten", title="FreeCell Ten", prefix="FT", cell_counts=(10,), default_cells=10)
    game = Game.from_position(wide, Position(Game.new(freecell, 1).dealt.columns, (None,) * 10), autoplay_first=False)
    for letter in "abcdefgkmn":
        played = next(f"{i}{letter}" for i in range(1, 9) if game.check(Move.parse(f"{i}{letter}")))
        game.play(played)
    assert game.position.free_cells == 0
    assert game.position.cells[9] is not None
    from_tenth = [move for move in game.legal_moves if move.source == Place.cell(9)]
    for move in from_tenth:
        assert Move.parse(str(move), columns=8, cells=10) == move
        assert str(move).startswith("n")
