"""The redeal as PySolFC's Cruel deals it: one counted action, undone, redone, replayed and stored.

The oracle of the new layout is PySolFC's ``Cruel_Talon.dealCards``, written
here as its stack operations (each pile a list, bottom card first): every
column's cards go one at a time onto a pile, from the first column to the
last; the pile goes onto the talon in blocks of four taken from its top (the
odd cards first); then the talon's top card goes to column 1, four times, and
so on across the columns.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patience import Card, Game, IllegalMoveError, Position, Redeal, Rules
from patience.errors import GameOverError
from patience.formats.records import check_record, format_record, parse_record, record_of, replay
from patience.redeal import redealt
from patience.rules import Build, EmptyColumns
from patience_home.store import Store

FOURS = Rules(build=Build.SAME_SUIT, empty_columns=EmptyColumns.NONE, group_moves=False, redeal=Redeal.FOURS)


def pysolfc_redeal(columns: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    """PySolFC's Cruel_Talon.dealCards on ``columns``, move by move."""
    rows = [list(column) for column in columns]
    internal: list[Card] = []
    talon: list[Card] = []
    for row in rows:
        while row:
            internal.append(row.pop())  # moveMove(1, r, internals[0])
    if len(internal) % 4:
        odd = len(internal) % 4
        talon.extend(internal[-odd:])  # moveMove(n % 4, internals[0], talon): the block keeps its order
        del internal[-odd:]
    while internal:
        talon.extend(internal[-4:])
        del internal[-4:]
    n = len(talon)
    deal = [4] * len(rows)
    extra, i = n - 4 * len(rows), 0
    while extra > 0:
        deal[i] += 1
        i = (i + 1) % len(rows)
        extra -= 1
    for i, count in enumerate(deal):
        k = min(count, n)
        for _ in range(k):
            rows[i].append(talon.pop())  # moveMove(1, talon, rows[i])
        n -= k
        if n == 0:
            break
    return tuple(tuple(row) for row in rows)


def test_the_redeal_gathers_the_columns_and_deals_them_in_fours_as_pysolfc() -> None:
    for deal in (1, 2, 617, 45000):
        game = Game.new("cruel", deal)
        for move in list(game.legal_moves)[:3]:
            if move in game.legal_moves:
                game.play(move)
        before = game.position
        action = game.redeal()
        expected = Position(pysolfc_redeal(before.columns), before.cells, before.foundations)
        for move in action.auto:  # automatic play after the redeal sends cards home only
            assert move.destination.kind.value == "foundation"
            expected = expected.apply(move)
        assert game.position == expected


@pytest.mark.parametrize("cards", [48, 47, 45, 33, 5, 1])
def test_fewer_cards_fill_the_first_columns_and_leave_the_last_ones_empty(cards: int) -> None:
    position = Game.new("cruel", 3).dealt
    rest = [card for column in position.columns for card in column][:cards]
    columns = tuple(tuple(rest[i : i + 5]) for i in range(0, 60, 5))[:12]
    assert redealt(FOURS, Position(columns, ())).columns == pysolfc_redeal(columns)
    dealt = redealt(FOURS, Position(columns, ())).columns
    assert [len(column) for column in dealt] == [min(4, max(cards - 4 * i, 0)) for i in range(12)]


def test_more_cards_than_four_a_column_give_the_first_columns_one_more_as_pysolfc() -> None:
    freecell = Game.new("freecell", 1).dealt  # 52 cards in 8 columns
    assert redealt(FOURS, freecell).columns == pysolfc_redeal(freecell.columns)
    assert [len(column) for column in redealt(FOURS, freecell).columns] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_a_redeal_is_one_move_undone_and_redone_whole() -> None:
    game = Game.new("cruel", 1)
    start, moves = game.position, game.moves
    action = game.redeal()
    assert str(action) == "redeal" and action.moves == ()
    assert game.moves == moves + 1
    after = game.position
    assert after != start
    game.undo()  # Cruel scores as FreeCell: an undo counts as a move too
    assert game.position == start and game.moves == moves + 2
    game.redo()
    assert game.position == after and game.moves == moves + 3
    assert game.log == ["redeal", "undo", "redo"]


def test_a_redeal_may_follow_another_as_often_as_the_player_likes() -> None:
    game = Game.new("cruel", 2)
    seen = [game.position]
    for _ in range(5):
        game.redeal()
        seen.append(game.position)
    assert game.moves == 5
    assert len({position.columns for position in seen}) > 1


def test_a_variant_without_a_redeal_refuses_it_in_one_line() -> None:
    game = Game.new("freecell", 1)
    assert not game.can_redeal
    with pytest.raises(IllegalMoveError) as refused:
        game.redeal()
    assert str(refused.value) == "FreeCell has no redeal"
    assert game.log == [] and game.moves == 0


def test_a_won_game_refuses_the_redeal() -> None:
    game = Game.new("cruel", 1)
    won = Position(tuple(() for _ in range(12)), (), foundations=(13, 13, 13, 13))
    finished = Game.from_position("cruel", won)
    assert finished.redeal_refusal == "there is nothing to redeal: the game is won"
    with pytest.raises(GameOverError):
        finished.redeal()
    assert game.can_redeal


def test_a_record_with_redeals_replays_to_the_same_position() -> None:
    game = Game.new("cruel", 617)
    game.redeal()
    for move in list(game.legal_moves)[:2]:
        if move in game.legal_moves:
            game.play(move)
    game.redeal()
    game.undo()
    game.redo()
    text = format_record(record_of(game, result="unfinished", started=_now()))
    assert "redeal" in text
    replayed = replay(parse_record(text))
    assert replayed.problem is None
    assert replayed.game is not None and replayed.game.position == game.position
    assert check_record(parse_record(text)).problem is None


def test_a_redeal_in_a_record_of_a_game_without_one_is_the_replay_s_problem() -> None:
    game = Game.new("freecell", 1)
    record = record_of(game, result="unfinished", started=_now())
    broken = parse_record(format_record(record).rstrip() + "\nredeal\n")
    replayed = replay(broken)
    assert replayed.problem == "action 1 'redeal': FreeCell has no redeal"


def test_patience_verify_replays_a_redeal(tmp_path: Path) -> None:
    game = Game.new("cruel", 5)
    game.redeal()
    path = tmp_path / "cruel.pgn"
    path.write_text(format_record(record_of(game, result="unfinished", started=_now())), encoding="utf-8")
    done = subprocess.run(
        [str(Path(sys.executable).parent / "patience"), "verify", str(path)],
        capture_output=True,
        text=True,
        check=False,
        env=_env(),
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def _now() -> dt.datetime:
    return dt.datetime(2026, 12, 1, 8, 0, tzinfo=dt.UTC)


def _env() -> dict[str, str]:
    return {**os.environ, "PATIENCE_LANG": "en"}


def test_a_game_with_redeals_is_saved_as_played_and_resumed_exactly(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "games.db")
    game = Game.new("cruel", 11)
    tracker = store.track(game)
    game.redeal()
    game.redeal()
    game.undo()
    tracker.close()
    resumed = Store.open(tmp_path / "games.db").resume()
    assert resumed is not None
    assert resumed.game.log == ["redeal", "redeal", "undo"]
    assert resumed.game.position == game.position and resumed.game.moves == game.moves
    resumed.game.redo()
    assert resumed.game.can_undo
