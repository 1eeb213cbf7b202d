"""Refused moves carry their reason as data, and say it in the player's language."""

from __future__ import annotations

import doctest

import pytest

from patience import Card, Game, IllegalMoveError, Move, Place
from patience.i18n import LANGUAGES, speaking
from patience.reasons import Reason, Refusal, describe
from patience.rules import Build

SAMPLES: dict[Refusal, dict[str, object]] = {
    Refusal.NO_SUCH_COLUMN: {"place": Place.column(8), "title": "FreeCell", "columns": 8},
    Refusal.NO_SUCH_CELL: {"place": Place.cell(4), "title": "FreeCell", "cells": 4},
    Refusal.SAME_PLACE: {},
    Refusal.NO_TAKEBACK: {"title": "FreeCell"},
    Refusal.FOUNDATION_TO_FOUNDATION: {},
    Refusal.RUN_FROM_NON_COLUMN: {"place": Place.cell(0)},
    Refusal.TOO_FEW_CARDS: {"place": Place.column(2), "held": 1, "count": 3},
    Refusal.EMPTY_SOURCE: {"place": Place.cell(1)},
    Refusal.RUN_TO_CELL: {"count": 2},
    Refusal.RUN_HOME: {"count": 2},
    Refusal.NOT_A_RUN: {"count": 2, "place": Place.column(0), "title": "Eight Off", "build": Build.SAME_SUIT},
    Refusal.FOUNDATION_FULL: {"card": Card.parse("KH")},
    Refusal.NEEDS_ACE: {"card": Card.parse("2S")},
    Refusal.NEEDS_BASE: {"card": Card.parse("2S"), "needed": Card.parse("7S")},
    Refusal.NEEDS_CARD: {"card": Card.parse("5S"), "needed": Card.parse("3S")},
    Refusal.RESERVE_CELL: {"place": Place.cell(0), "title": "King Albert"},
    Refusal.CELL_TO_CELL: {},
    Refusal.CELL_TAKEN: {"place": Place.cell(0), "card": Card.parse("2H")},
    Refusal.CELL_SUIT: {"place": Place.cell(0), "card": Card.parse("9S"), "suit": 3, "title": "Four Colours"},
    Refusal.NOTHING_ON_ACE: {"card": Card.parse("KH"), "top": Card.parse("AS"), "title": "FreeCell"},
    Refusal.WRONG_RANK: {
        "card": Card.parse("9H"),
        "top": Card.parse("KS"),
        "title": "FreeCell",
        "build": Build.ALTERNATE_COLOURS,
        "rank": 12,
        "around": False,
    },
    Refusal.WRONG_SUIT: {
        "card": Card.parse("QS"),
        "top": Card.parse("KC"),
        "title": "FreeCell",
        "build": Build.ALTERNATE_COLOURS,
    },
    Refusal.NO_EMPTY_COLUMNS: {"title": "Penguin"},
    Refusal.EMPTY_COLUMN_RANK: {"card": Card.parse("QH"), "count": 1, "rank": 13, "title": "Eight Off"},
    Refusal.WHOLE_COLUMN_TO_EMPTY: {},
    Refusal.RUN_NOT_MOVABLE: {
        "count": 2,
        "place": Place.column(1),
        "title": "Simple Simon",
        "build": Build.SAME_SUIT,
    },
    Refusal.SUIT_HOME_ONLY: {"card": Card.parse("AS"), "title": "Simple Simon"},
    Refusal.NOT_A_WHOLE_SUIT: {"count": 13, "place": Place.column(0), "title": "Simple Simon"},
    Refusal.NO_GROUP_MOVES: {"count": 2},
    Refusal.NEEDS_RANK: {"card": Card.parse("8H"), "ranks": "4 6 12"},
    Refusal.NOTHING_ON_COLUMNS: {"card": Card.parse("7D"), "top": Card.parse("8H"), "title": "Stalactites"},
    Refusal.OVER_CAPACITY: {"count": 7, "free": 2, "empty": 1, "limit": 6, "to_empty": False},
}


def test_every_kind_of_refusal_has_a_sample_here() -> None:
    assert set(SAMPLES) == set(Refusal)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", list(Refusal), ids=[k.value for k in Refusal])
def test_every_refusal_has_its_words_in_every_language(kind: Refusal, language: str) -> None:
    words = describe(Reason.of(kind, **SAMPLES[kind]), language)  # type: ignore[arg-type]
    assert words
    assert "{" not in words and "}" not in words
    assert "a(z)" not in words


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "♥9 cannot go on ♠K: wrong rank, only a red queen goes on it in FreeCell"),
        ("de", "♥9 passt nicht auf ♠K: falscher Rang, in FreeCell passt darauf nur eine rote Dame"),
        ("hu", "♥9 nem kerülhet ♠K lapra: rossz érték, a FreeCell játékban csak piros dáma kerülhet rá"),
    ],
)
def test_a_wrong_rank_is_said_with_the_card_that_would_fit(language: str, expected: str) -> None:
    reason = Reason.of(Refusal.WRONG_RANK, **SAMPLES[Refusal.WRONG_RANK])  # type: ignore[arg-type]
    assert describe(reason, language) == expected


def test_hungarian_chooses_the_article_of_each_place_and_game() -> None:
    with speaking("hu"):
        assert str(Reason.of(Refusal.EMPTY_SOURCE, place=Place.column(0))) == "az 1. oszlop üres"
        assert str(Reason.of(Refusal.EMPTY_SOURCE, place=Place.column(1))) == "a 2. oszlop üres"
        assert str(Reason.of(Refusal.EMPTY_SOURCE, place=Place.column(4))) == "az 5. oszlop üres"
        assert str(Reason.of(Refusal.EMPTY_SOURCE, place=Place.cell(0))) == "az a cella üres"
        assert str(Reason.of(Refusal.EMPTY_SOURCE, place=Place.cell(1))) == "a b cella üres"
        assert str(Reason.of(Refusal.NO_TAKEBACK, title="Eight Off")).startswith("az Eight Off játékban")
        assert str(Reason.of(Refusal.NO_TAKEBACK, title="FreeCell")).startswith("a FreeCell játékban")


def test_a_refused_move_in_a_real_game_is_said_in_the_language_in_use() -> None:
    game = Game.new("freecell", 1)
    move = Move(Place.column(5), Place.column(0))
    verdict = game.check(move)
    assert isinstance(verdict.reason, Reason)
    with speaking("de"):
        german = str(verdict.reason)
    with speaking("hu"):
        hungarian = str(verdict.reason)
    with speaking("en"):
        english = str(verdict.reason)
        with pytest.raises(IllegalMoveError) as refused:
            game.play(move)
    assert refused.value.reason == verdict.reason
    assert str(refused.value) == english
    assert english == "♦3 cannot go on ♠6: wrong rank, only a red 5 goes on it in FreeCell"
    assert german == "♦3 passt nicht auf ♠6: falscher Rang, in FreeCell passt darauf nur eine rote 5"
    assert hungarian == "♦3 nem kerülhet ♠6 lapra: rossz érték, a FreeCell játékban csak piros 5-ös kerülhet rá"


def test_german_cards_in_a_reason_show_german_rank_letters() -> None:
    reason = Reason.of(Refusal.CELL_TAKEN, place=Place.cell(0), card=Card.parse("QH"))
    assert describe(reason, "de") == "in Zelle a liegt schon ♥D: eine Zelle nimmt nur eine Karte auf"


def test_a_plugins_own_reason_is_shown_as_it_is() -> None:
    assert describe("kings stay out of the cells here", "de") == "kings stay out of the cells here"


def test_the_module_examples_hold() -> None:
    from patience import reasons

    result = doctest.testmod(reasons)
    assert result.attempted > 0
    assert result.failed == 0
