"""Forecell, the variant from outside: registered by entry point, dealt, played, undone and coded."""

from __future__ import annotations

import ast
import random
from collections import Counter
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path

import patience_forecell
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from patience_forecell import FORECELL, deal_forecell

import patience
from patience import (
    AutoPlay,
    Build,
    Card,
    EmptyColumns,
    Game,
    GameCode,
    IllegalMoveError,
    InvalidCodeError,
    Move,
    Place,
    Position,
    full_deck,
    ms_deal,
)
from patience.plugins import resolve_code

SOURCE = Path(patience_forecell.__file__)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


# -- registration ----------------------------------------------------------


def test_entry_point_is_declared_in_the_patience_group() -> None:
    names = {ep.name: ep.value for ep in entry_points(group="patience")}
    assert names.get("forecell") == "patience_forecell"


def test_listed_by_patience_variants_with_its_plugin_name() -> None:
    variant = patience.variants()["forecell"]
    assert variant.title == "Forecell"
    assert variant.prefix == "FO"
    assert variant.plugin == "forecell"


def test_found_by_name_title_alias_and_prefix() -> None:
    for name in ("forecell", "Forecell", "fore-cell", "FO", "fo"):
        assert patience.get_variant(name).name == "forecell"


def test_prefix_is_its_own() -> None:
    prefixes = [variant.prefix for variant in patience.variants().values()]
    assert prefixes.count("FO") == 1


def test_plugin_uses_nothing_but_the_engine() -> None:
    """A plugin from outside must not need the shipped variants or private engine modules."""
    tree = ast.parse(SOURCE.read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported <= {"__future__", "collections.abc", "patience"}


def test_rules_are_declared_as_data() -> None:
    rules = FORECELL.rules
    assert rules.build is Build.ALTERNATE_COLOURS
    assert rules.empty_columns is EmptyColumns.KINGS_ONLY
    assert rules.autoplay is AutoPlay.SAFE_ALTERNATE
    assert FORECELL.cell_counts == (4,)
    assert patience.plugins.rules_are_data(patience.get_variant("forecell"))


# -- the deal ----------------------------------------------------------------


def test_deal_one_layout() -> None:
    position = patience.deal_position(FORECELL, 1, 4)
    assert position.columns[0] == cards("JD KD 2S 4C 3S 6D")
    assert position.cells == cards("6S 9C 2H 6H")
    assert position.foundations == (0, 0, 0, 0)


@pytest.mark.parametrize("deal", [1, 617, 11982, 1_000_000, 2**31 + 7, 2**32 + 3, patience.MAX_DEAL])
def test_eight_columns_of_six_and_the_last_four_cards_in_the_cells(deal: int) -> None:
    shuffle = ms_deal(deal)
    position = patience.deal_position(FORECELL, deal, 4)
    assert [len(column) for column in position.columns] == [6] * 8
    for i, column in enumerate(position.columns):
        # card i of the shuffle goes to column i mod 8, covered card first
        assert column == tuple(shuffle[j] for j in range(i, 48, 8))
    assert position.cells == shuffle[48:52]
    assert Counter(position.cards()) == Counter(full_deck())


def test_deal_is_dealt_before_automatic_play() -> None:
    # deal #2 has an ace and a two on top; the deal shows them, the game plays them home
    dealt = patience.deal_position(FORECELL, 2, 4)
    assert dealt.foundations == (0, 0, 0, 0)
    game = Game.new("forecell", 2)
    assert game.dealt == dealt
    assert game.position.cards_home == len(game.start_auto) == 2
    assert game.score == 20


def test_other_cell_counts_are_refused() -> None:
    with pytest.raises(patience.InvalidDealError, match="played with 4 cells, not 8"):
        Game.new("forecell", 1, cells=8)


def test_deal_function_matches_the_hook() -> None:
    assert deal_forecell(5) == patience.deal_position(FORECELL, 5, 4)


# -- the rules, through Game ------------------------------------------------


def kings_position() -> Position:
    """Aces buried, column 7 holds 9S KH QS, column 8 is empty, cells QD JC; column 6 ends with QH."""
    special = cards("9S KH QS QD JC QH")
    rest = sorted((card for card in full_deck() if card not in special), key=lambda c: (c.rank, c.suit.value))
    columns = [tuple(rest[i::6]) for i in range(6)]
    columns[5] = (*columns[5], Card.parse("QH"))
    return Position((*columns, cards("9S KH QS"), ()), (Card.parse("QD"), Card.parse("JC"), None, None))


def test_only_a_king_goes_into_an_empty_column() -> None:
    game = Game.from_position("forecell", kings_position())
    refused = game.check(Move.parse("a8"))
    assert not refused
    assert "only a king" in str(refused.reason)
    assert not game.check(Move.parse("78"))  # the queen alone


def test_a_king_with_its_run_goes_into_an_empty_column() -> None:
    game = Game.from_position("forecell", kings_position())
    game.play("78v2")
    assert game.position.columns[7] == cards("KH QS")
    assert game.position.columns[6] == cards("9S")


def test_columns_build_down_in_alternating_colours() -> None:
    game = Game.from_position("forecell", kings_position())
    with pytest.raises(IllegalMoveError, match="♣J cannot go on ♠Q: Forecell builds in alternating colours"):
        game.play("b7")
    game.play("b6")  # JC on QH
    assert game.position.columns[5][-2:] == cards("QH JC")


def test_aces_and_twos_go_home_right_after_the_deal() -> None:
    game = Game.new("forecell", 20)
    on_top = [game.position.card_at(Place.column(i)) for i in range(8)] + list(game.position.cells)
    assert all(card.rank > 2 for card in on_top if card is not None)
    assert [str(move) for move in game.start_auto] == ["3h", "8h", "ah", "bh", "8h"]


def test_play_and_undo_restore_the_position() -> None:
    game = Game.new("forecell", 3)
    before = game.position
    score_before = game.score
    move = next(iter(game.legal_moves))
    action = game.play(move)
    assert action.moves == (move,)
    played = game.position
    assert played != before
    assert game.undo() == action
    assert game.position == before
    # FreeCell scoring: an undo takes back what the move earned, costs 10 and counts as a move
    assert game.score == max(0, score_before - 10)
    assert game.moves == 2
    game.redo()
    assert game.position == played


def test_undo_takes_back_what_the_move_earned_so_redo_cannot_farm_points() -> None:
    game = Game.new("forecell", 3)  # two hearts go home after the deal: 20
    game.play("3h")  # the three of hearts: 30
    assert game.score == 30
    scores = []
    for _ in range(3):
        game.undo()  # back to 20, then -10
        game.redo()  # +10 for the card again
        scores.append(game.score)
    assert scores == [20, 10, 10]


def test_undo_penalty_and_floor_follow_freecell_scoring() -> None:
    game = Game.new("forecell", 9)  # nothing goes home after this deal
    assert game.score == 0
    game.play(next(iter(game.legal_moves)))
    game.undo()
    assert game.score == 0
    assert game.moves == 2


@settings(max_examples=25, deadline=None)
@given(deal=st.integers(1, 1_000_000), seed=st.integers(0, 2**32 - 1))
def test_random_play_keeps_52_cards_and_undo_restores_everything(deal: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new("forecell", deal)
    history = [game.position]
    for _ in range(30):
        moves = list(game.legal_moves)
        if not moves or game.is_over:
            break
        game.play(rng.choice(moves))
        assert Counter(game.position.cards()) == Counter(full_deck())
        history.append(game.position)
    history.pop()
    while history:
        game.undo()
        assert game.position == history.pop()
    assert not game.can_undo


# -- codes -------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 160, 11982, patience.MAX_DEAL])
def test_code_round_trips(deal: int) -> None:
    game = Game.new("forecell", deal)
    code = game.code
    assert code is not None
    assert code.startswith("FO1-C4-")
    assert str(GameCode.parse(code)) == code
    again = Game.from_code(code.lower())
    assert again.variant.name == "forecell"
    assert again.deal == deal
    assert again.dealt == game.dealt


def test_code_one() -> None:
    assert Game.new("forecell", 1).code == "FO1-C4-AAAAAAB"


def test_code_with_a_cell_count_forecell_does_not_offer_is_refused() -> None:
    with pytest.raises(InvalidCodeError, match="Forecell is played with 4 cells, not 8"):
        resolve_code("FO1-C8-AAAAAAB")


# -- a whole game ------------------------------------------------------------


def test_a_whole_game_is_won_through_the_api_move_by_move() -> None:
    text = (Path(__file__).parent / "data" / "FO1-C4-AAAAAAD.moves").read_text()
    moves = [word for line in text.splitlines() if not line.startswith("#") for word in line.split()]
    game = Game.from_code("FO1-C4-AAAAAAD")
    events: list[str] = []
    game.subscribe(lambda event: events.append(event.kind))
    for move in moves:
        assert not game.is_won
        game.play(move)
    assert game.is_won
    assert events[-2:] == ["move", "won"]
    assert game.moves == len(moves) == 40
    # FreeCell scoring: 52 cards home at 10 each, and a win bonus of 700 - 2 x moves
    assert game.score == 520 + 700 - 2 * 40


def test_scores_exactly_as_freecell() -> None:
    """Forecell declares FreeCell's scoring itself (it depends on the engine alone); this keeps the two in step."""
    freecell = pytest.importorskip("patience_variants.freecell")
    assert FORECELL.rules.scoring == freecell.FREECELL.rules.scoring
    assert FORECELL.rules.autoplay is freecell.FREECELL.rules.autoplay
    assert FORECELL.rules.undo_limit == freecell.FREECELL.rules.undo_limit


def test_forecell_passes_the_conformance_suite(
    patience_conformance: Callable[..., None], patience_solver_conformance: Callable[..., None]
) -> None:
    # patience.testing (a pytest plugin installed with the engine) gives this fixture.
    patience_conformance("forecell")
    patience_solver_conformance("forecell")
