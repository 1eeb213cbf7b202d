"""Game.legal_moves from the move tables (patience.movegen) against judging every candidate move, on random positions.

The reference is what the game did before: every structurally possible
move filtered through ``check_move``, which is what the default legality
hook calls. The tables must give the same moves in the same order, and
``Game.check`` / ``Game.play`` the same verdicts and refusal messages as the
hook, for every installed variant and cell count.
"""

from __future__ import annotations

import random

import pytest

from patience import Game, IllegalMoveError, Move, Position, Variant, variants
from patience.legality import candidate_moves, check_move
from patience.movegen import legal_moves
from patience.plugins import cell_counts, get_plugin_manager
from patience_solver import solve

CASES = [(name, cells) for name, variant in variants().items() for cells in cell_counts(variant)[0]]


def reference(variant: Variant, position: Position) -> list[Move]:
    rules = variant.rules
    candidates = candidate_moves(
        position,
        foundation_takeback=rules.foundation_takeback,
        build=rules.build,
        wrap=rules.wrap,
        cell_suits=rules.cell_suits,
    )
    return [move for move in candidates if check_move(rules, position, move, variant.title)]


def positions(name: str, cells: int, seed: int, games: int = 6, steps: int = 60) -> list[Game]:
    """Games stopped at random points of random playouts (undo now and then, so positions vary more),
    and at random points of the solver's solutions, which empty columns and send cards home."""
    rng = random.Random(seed)
    found: list[Game] = []
    for _ in range(2):
        game = Game.new(name, rng.randint(1, 1_000_000), cells)
        result = solve(game.variant, game.position, max_positions=5000)
        for move in result.moves[: rng.randint(0, len(result.moves))]:
            game.play(move)
        found.append(game)
    for _ in range(games):
        game = Game.new(name, rng.randint(1, 1_000_000), cells)
        for _ in range(rng.randint(0, steps)):
            moves = list(game.legal_moves)
            if not moves or game.is_over:
                break
            if game.can_undo and rng.random() < 0.1:
                game.undo()
            else:
                game.play(rng.choice(moves))
        found.append(game)
    return found


@pytest.mark.parametrize(("name", "cells"), CASES)
def test_the_tables_list_the_same_moves_in_the_same_order(name: str, cells: int) -> None:
    for game in positions(name, cells, seed=cells * 1000 + len(name)):
        assert game.rules_are_data
        expected = reference(game.variant, game.position)
        assert legal_moves(game.variant.rules, game.position) == expected
        if not game.is_over:
            assert list(game.legal_moves) == expected


@pytest.mark.parametrize(("name", "cells"), CASES)
def test_check_and_play_refuse_with_the_hooks_words(name: str, cells: int) -> None:
    rng = random.Random(cells * 7 + len(name))
    hook = get_plugin_manager().hook.patience_move_legality
    for game in positions(name, cells, seed=cells * 31 + len(name), games=3):
        if game.is_over:
            continue
        every = list(candidate_moves(game.position, foundation_takeback=True))
        for move in rng.sample(every, min(len(every), 60)):
            verdict = game.check(move)
            assert verdict == hook(variant=game.variant, position=game.position, move=move)
            assert (move in game.legal_moves) == verdict.legal
            if not verdict:
                with pytest.raises(IllegalMoveError) as refused:
                    game.play(move)
                assert str(refused.value) == str(verdict.reason)


def test_empty_columns_kings_only_and_takeback_are_covered() -> None:
    # The random positions above reach the rules that differ: an empty column, a kings-only
    # empty column and a card taken back from a foundation (Eight Off) are all listed somewhere.
    seen = {"empty": False, "kings": False, "takeback": False}
    for name, cells in CASES:
        for game in positions(name, cells, seed=5, games=4):
            for move in game.legal_moves:
                target = game.position.column(move.destination) if move.destination.kind.value == "column" else None
                if target == ():
                    seen["empty"] = True
                    if game.variant.rules.empty_columns.value == "kings":
                        seen["kings"] = True
                if move.source.kind.value == "foundation":
                    seen["takeback"] = True
    assert all(seen.values()), seen
