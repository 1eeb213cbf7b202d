"""Rules that build regardless of suit but move runs of one suit, and send only complete suits home.

``Rules.run_build`` and ``Rules.whole_suit_home`` as Simple Simon declares them: the move generator,
the reference judge, the notation, the game (automatic play, Finish, undo, redo, scoring) and the solver.
"""

from __future__ import annotations

import pytest

from patience import Build, Card, EmptyColumns, Game, Move, Place, Position, Registrar, Rules, Suit, full_deck, hookimpl
from patience.legality import autoplay_moves, check_move
from patience.movegen import is_whole_suit, legal_moves
from patience.plugins import get_variant, make_plugin_manager
from patience.reasons import Refusal
from patience.rules import AutoPlay
from patience_solver import Outcome, solve

SS = "simple-simon"
HOME = Place.foundation()


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(item) for item in text.split())


def _suit(letter: str, low: int = 1) -> str:
    """One suit written covered card first, king down to rank ``low``."""
    return " ".join(f"{'A23456789TJQK'[rank - 1]}{letter}" for rank in range(13, low - 1, -1))


def _table(*written: str) -> Position:
    """Ten columns, the written ones first; the cards not named go to the others, kings on top, so that
    they build nothing and move nowhere useful by accident."""
    columns = [_cards(text) for text in written]
    named = {card for column in columns for card in column}
    spare = sorted((card for card in full_deck() if card not in named), key=lambda card: (card.rank, card.suit.value))
    fillers = 10 - len(columns)
    columns += [tuple(spare[i::fillers]) for i in range(fillers)]
    position = Position(tuple(columns), ())
    position.validate()
    return position


def _game(position: Position) -> Game:
    return Game.from_position(SS, position, autoplay_first=False)


def test_a_complete_suit_on_top_of_a_column_goes_home_as_one_move_of_13_cards() -> None:
    game = _game(_table(_suit("S")))
    move = Move(Place.column(0), HOME, 13)
    assert move in game.legal_moves
    action = game.play("1h")
    assert action.moves == (move,)
    assert game.position.foundations == (13, 0, 0, 0)
    assert game.position.columns[0] == ()
    assert game.score == 130  # the 13 cards count as 13 cards home


def test_no_single_card_goes_home_where_only_complete_suits_do() -> None:
    game = _game(_table("QH AS", _suit("D")))
    assert not [m for m in game.legal_moves if m.destination.kind is HOME.kind and m.count == 1]
    verdict = game.check(Move.parse("1h"))
    assert not verdict
    assert verdict.reason.kind is Refusal.SUIT_HOME_ONLY
    assert (
        str(verdict.reason) == "♠A cannot go home alone: only a complete suit, king to ace, goes home in Simple Simon"
    )


def test_thirteen_cards_that_are_not_one_suit_from_king_to_ace_do_not_go_home() -> None:
    mixed = _suit("S", 2) + " AH"  # ♠K down to ♠2, then ♥A on top
    game = _game(_table(mixed))
    verdict = game.check(Move(Place.column(0), HOME, 13))
    assert not verdict
    assert verdict.reason.kind is Refusal.NOT_A_WHOLE_SUIT
    assert str(verdict.reason) == (
        "the top 13 cards of column 1 are not a complete suit from king to ace,"
        " the only run that goes home in Simple Simon"
    )
    # Twelve of a suit are no complete suit either.
    assert not game.check(Move(Place.column(0), HOME, 12))


def test_the_automatic_play_sends_a_suit_home_once_the_move_completes_it() -> None:
    game = _game(_table(_suit("S", 2), "4C AS"))
    action = game.play("21")
    assert action.auto == (Move(Place.column(0), HOME, 13),)
    assert game.position.foundations[Suit.SPADES.value] == 13
    assert game.score == 130


def test_the_automatic_play_sends_a_suit_home_that_a_move_uncovers() -> None:
    game = _game(_table(_suit("H") + " 5C", "6D"))
    action = game.play("12")
    assert action.auto == (Move(Place.column(0), HOME, 13),)
    assert game.position.foundations[Suit.HEARTS.value] == 13


def test_two_suits_in_one_column_go_home_one_after_the_other() -> None:
    position = _table(_suit("C") + " " + _suit("D", 2), "3H AD")
    game = _game(position)
    action = game.play("21")
    assert action.auto == (Move(Place.column(0), HOME, 13), Move(Place.column(0), HOME, 13))
    assert game.position.columns[0] == ()
    assert game.position.foundations[Suit.CLUBS.value] == game.position.foundations[Suit.DIAMONDS.value] == 13


def test_undo_and_redo_take_a_whole_suit_back_and_send_it_again() -> None:
    position = _table(_suit("S"))
    game = _game(position)
    game.play("1h")
    game.undo()
    assert game.position == position
    assert game.score == 0
    game.redo()
    assert game.position.foundations == (13, 0, 0, 0)
    # The undo took the 130 back and its cost of 10 found the score at 0, where it stops: 130 again.
    assert game.score == 130


def test_finish_sends_the_complete_suits_home_and_wins() -> None:
    position = Position(
        tuple(_cards(_suit(letter)) for letter in "SHDC") + ((),) * 6,
        (),
    )
    game = _game(position)
    assert game.can_finish
    action = game.finish()
    assert len(action.moves) == 4
    assert game.is_won


def test_a_card_builds_on_the_next_higher_card_of_any_suit() -> None:
    game = _game(_table("8C", "7H"))
    assert game.check(Move.parse("21"))
    verdict = game.check(Move.parse("12"))
    assert not verdict
    assert verdict.reason.kind is Refusal.WRONG_RANK


def test_only_a_run_of_one_suit_moves_as_one() -> None:
    game = _game(_table("9D", "8H 7S", "8C 7C"))
    verdict = game.check(Move(Place.column(1), Place.column(0), 2))
    assert not verdict
    assert verdict.reason.kind is Refusal.RUN_NOT_MOVABLE
    assert str(verdict.reason) == (
        "the top 2 cards of column 2 are not a run of one suit: only a run of one suit moves as one in Simple Simon"
    )
    assert game.check(Move(Place.column(2), Place.column(0), 2))
    # The move generator offers the one-suit run and the mixed run's top card only.
    moves = legal_moves(game.variant.rules, game.position)
    assert Move(Place.column(2), Place.column(0), 2) in moves
    assert Move(Place.column(1), Place.column(0), 2) not in moves


def test_a_run_of_one_suit_of_any_length_moves_without_cells_or_empty_columns() -> None:
    game = _game(_table("KH", _suit("S", 2)[3:]))  # ♠Q down to ♠2: 11 cards
    assert game.position.empty_columns == 0
    assert game.check(Move(Place.column(1), Place.column(0), 11))


def test_the_notation_writes_a_suit_home_with_its_length_and_fc_solve_without() -> None:
    position = _table(_suit("S"))
    move = Move(Place.column(0), HOME, 13)
    assert str(move) == "1hvd"
    assert Move.parse("1hvd") == move
    assert position.notation(move) == "1h"
    assert move.standard() == "1hvd"  # without a position the length stays, so that it reads back
    game = _game(position)
    game.play("1hvd")
    assert game.log == ["1hvd"]


def test_the_rules_refuse_whole_suits_with_two_decks_or_takeback() -> None:
    with pytest.raises(ValueError, match="whole_suit_home"):
        Rules(build=Build.ANY_SUIT, empty_columns=EmptyColumns.ANY, whole_suit_home=True, decks=2)
    with pytest.raises(ValueError, match="whole_suit_home"):
        Rules(build=Build.ANY_SUIT, empty_columns=EmptyColumns.ANY, whole_suit_home=True, foundation_takeback=True)


def test_the_reference_judge_and_the_generator_agree_on_the_suit_home() -> None:
    rules = Game.new(SS, deal=1).variant.rules
    position = _table(_suit("S"), "QH JC")
    assert is_whole_suit(position.columns[0])
    assert not is_whole_suit(position.columns[1])
    assert check_move(rules, position, Move(Place.column(0), HOME, 13))
    assert autoplay_moves(AutoPlay.ALL, position, whole_suit=True) == [Move(Place.column(0), HOME, 13)]
    # Without whole suits the same policy sends the spades one card at a time.
    assert autoplay_moves(AutoPlay.ALL, position) == [Move(Place.column(0), HOME)] * 13
    assert autoplay_moves(AutoPlay.NONE, position, whole_suit=True) == []


def test_the_solver_sends_whole_suits_home_and_its_solution_wins() -> None:
    position = _table(_suit("S", 2), "AS", _suit("H", 2) + " AD", "AH", _suit("D", 2), _suit("C"))
    game = Game.from_position(SS, position)  # the solution starts after the automatic play, as the game does
    assert game.position.foundations[Suit.CLUBS.value] == 13
    result = solve(game.variant, position, time_limit=20)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        game.play(move)
    assert game.is_won


def test_the_solver_proves_lost_a_position_without_a_move() -> None:
    # Kings, jacks and nines on top, nothing under them that could move as a run: no legal move at all.
    tops = ["KS", "KH", "KD", "KC", "JS", "JH", "JD", "JC", "9S", "9H"]
    named = {Card.parse(text) for text in tops}
    rest = [card for card in full_deck() if card not in named]
    # Under each top, cards of ranks that no run can join (a run of one suit needs the next rank up).
    under = [rest[i::10] for i in range(10)]
    columns = tuple((*column, Card.parse(top)) for column, top in zip(under, tops, strict=True))
    position = Position(columns, ())
    game = _game(position)
    assert not list(game.legal_moves)
    result = solve(game.variant, position, time_limit=20)
    assert result.outcome is Outcome.LOST


class SimpleSimonByHand:
    """Simple Simon without automatic play: complete suits go home only when a move sends them."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(
            register.get(SS).derive(
                name="simple-simon-by-hand",
                title="Simple Simon by hand",
                prefix="SH",
                autoplay=AutoPlay.NONE,
                description="Simple Simon without automatic play.",
            )
        )


def test_without_automatic_play_a_complete_suit_waits_and_the_solver_sends_it_home_itself() -> None:
    pm = make_plugin_manager()
    pm.register(SimpleSimonByHand(), name="simple-simon-by-hand")
    variant = get_variant("simple-simon-by-hand", pm)
    position = _table(_suit("S", 2), "AS", _suit("H"), _suit("D"), _suit("C"))
    game = Game.from_position(variant, position, plugins=pm)
    assert game.position == position  # the complete suits stay where they lie
    action = game.play("21")
    assert action.auto == ()
    assert game.position.foundations == (0, 0, 0, 0)
    result = solve(variant, position, time_limit=20, plugins=pm)
    assert result.outcome is Outcome.SOLVED
    assert sum(1 for move in result.moves if move.count == 13) == 4
    replay = Game.from_position(variant, position, plugins=pm)
    for move in result.moves:
        replay.play(move)
    assert replay.is_won


def test_a_record_with_a_suit_sent_home_by_hand_replays_to_the_same_score() -> None:
    import datetime as dt

    from patience.formats.records import format_record, parse_record, record_of, replay

    pm = make_plugin_manager()
    pm.register(SimpleSimonByHand(), name="simple-simon-by-hand")
    variant = get_variant("simple-simon-by-hand", pm)
    game = Game.new(variant, deal=2, plugins=pm)
    result = solve(variant, game.position, time_limit=20, plugins=pm)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        game.play(move)
    assert game.is_won
    assert sum(1 for token in game.log if token.endswith("hvd")) == 4
    text = format_record(record_of(game, result="won", started=dt.datetime(2026, 1, 1, tzinfo=dt.UTC)))
    again = replay(parse_record(text), plugins=pm)
    assert again.problem is None
    assert (again.result, again.score, again.moves) == ("won", game.score, game.moves)
