"""The window's words for a move, in the player's language (``patience_tk.describe``)."""

from __future__ import annotations

import pytest

from patience import Game, Move, Place
from patience.i18n import speaking
from patience_tk.describe import cards_word, describe_move


@pytest.mark.parametrize(
    ("language", "to_cell", "home", "from_cell"),
    [
        ("en", "♦3 to cell a", "♥2 home", "1 card from cell a to column 5"),
        ("de", "♦3 in Zelle a", "♥2 auf die Ablage", "1 Karte aus Zelle a auf Spalte 5"),
        ("hu", "♦3 az a cellába", "♥2 az alapra", "1 lap az a cellából az 5. oszlopra"),
    ],
)
def test_a_move_is_said_in_the_language_with_its_places_as_the_language_names_them(
    language: str, to_cell: str, home: str, from_cell: str
) -> None:
    position = Game.new("freecell", 1).position
    with speaking(language):
        assert describe_move(position, Move.parse("6a")) == to_cell
        assert describe_move(position, Move.parse("3h")) == home
        assert describe_move(position, Move.parse("a5")) == from_cell


def test_a_run_is_said_with_its_first_card_in_the_language() -> None:
    position = Game.new("freecell", 1).position  # column 1 ends ♦6 ♠6
    run = Move(Place.column(0), Place.column(1), 2)
    with speaking("de"):
        assert describe_move(position, run) == "2 Karten (ab ♦6) aus Spalte 1 auf Spalte 2"
    with speaking("hu"):
        assert describe_move(position, run) == "2 lap (a ♦6 lappal kezdve) az 1. oszlopból a 2. oszlopra"
    with speaking("en"):
        assert describe_move(position, run) == "2 cards (♦6 down) from column 1 to column 2"


def test_every_word_of_a_move_goes_through_the_catalog() -> None:
    position = Game.new("freecell", 1).position
    with speaking("xx"):
        assert describe_move(position, Move.parse("6a")) == "[♦3 [to cell a]]"
        assert describe_move(position, Move.parse("a5")) == "[1 card [from cell a] [to column 5]]"
        assert cards_word(3) == "[3 cards]"
