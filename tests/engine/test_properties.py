"""Property tests over every installed variant: card conservation, exact undo, notation round trips."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience import (
    MAX_DEAL,
    Card,
    Game,
    GameCode,
    Move,
    Place,
    PlaceKind,
    Position,
    Suit,
    format_board,
    full_deck,
    parse_board,
    variants,
)
from patience.moves import CELL_LETTERS
from patience.plugins import cell_counts

VARIANTS = sorted(variants())
PLAY = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NOTATION = settings(max_examples=200, deadline=None)

deals = st.integers(min_value=1, max_value=MAX_DEAL)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=25)


def _new(variant: str, deal: int, pick: int) -> Game:
    counts, _ = cell_counts(variants()[variant])
    return Game.new(variant, deal=deal, cells=counts[pick % len(counts)])


def _play(game: Game, picks: list[int]) -> list[tuple[Position, int, int]]:
    """Play a legal move for each pick; return (position, score, moves) before each move."""
    before: list[tuple[Position, int, int]] = []
    for pick in picks:
        legal = list(game.legal_moves)
        if not legal:
            break
        before.append((game.position, game.score, game.moves))
        game.play(legal[pick % len(legal)])
    return before


def _assert_52_distinct(game: Game) -> None:
    """Each of the 52 cards once (twice with two decks)."""
    counts = Counter(game.position.cards())
    assert set(counts) == set(full_deck())
    assert all(n == game.variant.rules.decks for n in counts.values())


@pytest.mark.parametrize("variant", VARIANTS)
@PLAY
@given(deal=deals, cells=st.integers(0, 3), picks=choices)
def test_random_legal_play_keeps_the_same_52_distinct_cards(
    variant: str, deal: int, cells: int, picks: list[int]
) -> None:
    game = _new(variant, deal, cells)
    _assert_52_distinct(game)
    for pick in picks:
        legal = list(game.legal_moves)
        if not legal:
            break
        game.play(legal[pick % len(legal)])
        _assert_52_distinct(game)
        assert len(game.position.columns) == variants()[variant].columns
        assert len(game.position.cells) == game.cells


@pytest.mark.parametrize("variant", VARIANTS)
@PLAY
@given(deal=deals, cells=st.integers(0, 3), picks=choices)
def test_undo_after_any_sequence_restores_position_score_and_moves(
    variant: str, deal: int, cells: int, picks: list[int]
) -> None:
    game = _new(variant, deal, cells)
    scoring = game.variant.rules.scoring

    def floor(score: int) -> int:
        """The score as the default hook keeps it: never below 0 unless the variant allows it."""
        return score if scoring.negative else max(0, score)

    start = game.position
    history = _play(game, picks)
    if game.is_won:
        return
    for position, score, moves in reversed(history):
        score_now, moves_now = game.score, game.moves
        game.undo()
        assert game.position == position
        if scoring.undo_takes_back:
            assert game.score == floor(score - scoring.undo_penalty)
        else:
            assert game.score == floor(score_now - scoring.undo_penalty)
        if scoring.undo_is_move:
            assert game.moves == moves_now + 1
        else:
            assert game.moves == moves
    assert game.position == start
    assert not game.can_undo


@pytest.mark.parametrize("variant", VARIANTS)
@PLAY
@given(deal=deals, cells=st.integers(0, 3), picks=choices)
def test_undo_then_redo_comes_back_to_the_same_position(variant: str, deal: int, cells: int, picks: list[int]) -> None:
    game = _new(variant, deal, cells)
    _play(game, picks)
    if game.is_won or not game.can_undo:
        return
    after = game.position
    game.undo()
    game.redo()
    assert game.position == after


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=4, deadline=None)
@given(deal=deals, cells=st.integers(0, 3), picks=choices)
def test_legal_moves_list_every_legal_move(variant: str, deal: int, cells: int, picks: list[int]) -> None:
    """Every move the rules allow is listed, up to which free cell or empty column it names."""
    game = _new(variant, deal, cells)
    _play(game, picks)
    position = game.position

    def kind(move: Move) -> tuple[Place, object, int]:
        dest = move.destination
        if dest.kind is PlaceKind.CELL:
            return move.source, "a cell", move.count
        if dest.kind is PlaceKind.COLUMN and not position.column(dest):
            return move.source, "an empty column", move.count
        return move.source, dest, move.count

    listed = {kind(move) for move in game.legal_moves}
    places = [Place.column(i) for i in range(len(position.columns))]
    places += [Place.cell(i) for i in range(len(position.cells))]
    for source in [*places, *map(Place.foundation, Suit)]:
        for dest in [*places, Place.foundation()]:
            for count in range(1, 14):
                move = Move(source, dest, count)
                if game.check(move):
                    assert kind(move) in listed, move
                    assert move in game.legal_moves


@pytest.mark.parametrize("variant", VARIANTS)
@PLAY
@given(deal=deals, cells=st.integers(0, 3), picks=choices)
def test_fc_solve_board_round_trips_for_any_position(variant: str, deal: int, cells: int, picks: list[int]) -> None:
    game = _new(variant, deal, cells)
    _play(game, picks)
    position = game.position
    text = format_board(position)
    assert parse_board(text) == position
    assert parse_board(text, columns=len(position.columns), cells=len(position.cells)) == position


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(deal=deals, cells=st.integers(0, 3))
def test_game_code_restores_the_deal_exactly(variant: str, deal: int, cells: int) -> None:
    game = _new(variant, deal, cells)
    assert game.code is not None
    again = Game.from_code(game.code)
    assert (again.variant.name, again.deal, again.cells, again.dealt) == (variant, deal, game.cells, game.dealt)
    assert Game.from_code(game.code.lower()).dealt == game.dealt


# -- notation round trips ------------------------------------------------------------

cards_st = st.builds(Card, st.integers(1, 13), st.sampled_from(list(Suit)))
columns_st = st.integers(0, 9).map(Place.column)
cells_st = st.integers(0, len(CELL_LETTERS) - 1).map(Place.cell)
foundation_sources = st.sampled_from(list(Suit)).map(Place.foundation)
sources = st.one_of(columns_st, cells_st, foundation_sources)
destinations = st.one_of(columns_st, cells_st, st.just(Place.foundation()))
moves_st = st.builds(Move, sources, destinations, st.integers(1, 20))
codes_st = st.builds(
    GameCode,
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=2, max_size=2),
    st.integers(1, 99),
    deals,
)


@NOTATION
@given(card=cards_st)
def test_card_parse_of_format_is_the_card(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.display) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card


@NOTATION
@given(place=st.one_of(sources, destinations))
def test_place_parse_of_format_is_the_place(place: Place) -> None:
    assert Place.parse(str(place)) == place


@NOTATION
@given(move=moves_st)
def test_move_parse_of_format_is_the_move(move: Move) -> None:
    assert Move.parse(str(move)) == move
    assert eval(repr(move), {"Move": Move}) == move


@NOTATION
@given(code=codes_st)
def test_game_code_parse_of_format_is_the_code(code: GameCode) -> None:
    text = str(code)
    assert GameCode.parse(text) == code
    assert GameCode.parse(text.lower()) == code


def test_ten_is_read_as_t_or_10() -> None:
    assert Card.parse("10D") == Card.parse("TD") == Card(10, Suit.DIAMONDS)
    assert str(Card.parse("10D")) == "TD"
    assert Card.parse("♥10").display == "♥10"


@pytest.mark.parametrize(
    ("text", "source", "destination", "count"),
    [
        ("23v4", Place.column(1), Place.column(2), 4),
        ("108", Place.column(9), Place.column(7), 1),
        ("110", Place.column(0), Place.column(9), 1),
        ("101", Place.column(9), Place.column(0), 1),
        ("10a", Place.column(9), Place.cell(0), 1),
        ("a10", Place.cell(0), Place.column(9), 1),
        ("10h", Place.column(9), Place.foundation(), 1),
        ("110v3", Place.column(0), Place.column(9), 3),
        ("3a", Place.column(2), Place.cell(0), 1),
        ("a5", Place.cell(0), Place.column(4), 1),
        ("5h", Place.column(4), Place.foundation(), 1),
        ("18", Place.column(0), Place.column(7), 1),
        ("hSa", Place.foundation(Suit.SPADES), Place.cell(0), 1),
        ("hD5", Place.foundation(Suit.DIAMONDS), Place.column(4), 1),
        ("12va", Place.column(0), Place.column(1), 10),
    ],
)
def test_standard_notation_reads_as_fc_solve_writes_it(
    text: str, source: Place, destination: Place, count: int
) -> None:
    move = Move.parse(text)
    assert move == Move(source, destination, count)
    assert move.standard().lower() == text.lower()


@pytest.mark.parametrize(("letter", "index"), list(zip("abcdefgk", range(8), strict=True)))
def test_eight_cells_are_lettered_a_to_g_then_k(letter: str, index: int) -> None:
    assert Place.parse(letter) == Place.cell(index)
    assert str(Place.cell(index)) == letter
    assert Move.parse(f"1{letter}") == Move(Place.column(0), Place.cell(index))


def test_h_is_the_foundation_not_a_cell() -> None:
    assert Place.parse("h").kind is PlaceKind.FOUNDATION
    assert "h" not in CELL_LETTERS


@pytest.mark.parametrize("text", ["", "1", "0a", "1q", "h1", "1hS", "12vz", "12v0", "1a2b", "99u"])
def test_malformed_notation_is_refused_with_invalid_move_error(text: str) -> None:
    from patience import InvalidMoveError

    with pytest.raises(InvalidMoveError):
        Move.parse(text)


boards_st = st.builds(
    lambda order, cuts, cells, home: _board(order, cuts, cells, home),
    st.permutations(full_deck()),
    st.lists(st.integers(0, 52), min_size=7, max_size=9),
    st.sampled_from([1, 2, 4, 8]),
    st.lists(st.integers(0, 13), min_size=4, max_size=4),
)


def _board(order: list[Card], cuts: list[int], n_cells: int, home: list[int]) -> Position:
    """Any position: foundations at ``home``, then cells, then the rest cut into columns (some empty)."""
    rest = [card for card in order if card.rank > home[card.suit.value]]
    held: list[Card | None] = [rest.pop() if rest and i % 2 == 0 else None for i in range(n_cells)]
    points = sorted(min(cut, len(rest)) for cut in cuts)
    bounds = [0, *points, len(rest)]
    columns = tuple(tuple(rest[a:b]) for a, b in itertools.pairwise(bounds))
    return Position(columns, tuple(held), (home[0], home[1], home[2], home[3]))


@NOTATION
@given(position=boards_st)
def test_fc_solve_board_round_trips_with_empty_columns_anywhere(position: Position) -> None:
    text = format_board(position)
    assert parse_board(text) == position


def test_an_empty_column_between_others_keeps_its_place_in_the_board() -> None:
    deck = full_deck()
    position = Position((deck[:26], (), deck[26:], ()), (None, None, None, None))
    text = format_board(position)
    assert parse_board(text) == position
