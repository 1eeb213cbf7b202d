"""A record's illegal action names the places of its own game's table, not another variant's."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from patience import Game, InvalidMoveError, Move
from patience.formats.records import check_record, record_of

START = dt.datetime(2026, 11, 30, 6, 22, 56, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("variant", "cells", "places"),
    [
        ("freecell", 4, "a column number (1 to 8), a cell letter (a b c d) or h"),
        ("freecell", 1, "a column number (1 to 8), a cell letter (a) or h"),
        ("eight-off", 8, "a column number (1 to 8), a cell letter (a b c d e f g k) or h"),
        ("eight-off", 4, "a column number (1 to 8), a cell letter (a b c d) or h"),
        ("seahaven-towers", 4, "a column number (1 to 10), a cell letter (a b c d) or h"),
    ],
)
def test_a_token_that_is_no_place_names_the_places_of_the_records_table(variant: str, cells: int, places: str) -> None:
    game = Game.new(variant, 1, cells)
    record = record_of(game, result="unfinished", started=START).with_tag("Moves", "0")
    broken = type(record)(record.tags, ("3q",))
    checked = check_record(broken)
    assert checked.problem == f"action 1 '3q': 'q' is not a place: use {places}"
    with pytest.raises(InvalidMoveError, match=re.escape(f"'q' is not a place: use {places}")):
        game.play("3q")


def test_a_table_without_cells_offers_no_cell_letter() -> None:
    with pytest.raises(InvalidMoveError, match=re.escape("'q' is not a place: use a column number (1 to 7) or h")):
        Move.parse("3q", columns=7, cells=0)


def test_without_a_table_every_cell_letter_is_named() -> None:
    with pytest.raises(InvalidMoveError, match=re.escape("a cell letter (a b c d e f g k m n p r w x y z) or h")):
        Move.parse("3q")
