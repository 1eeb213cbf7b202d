"""The compiled move generator agrees with the legality hook; a plugin that overrides legality is obeyed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
import patience_solver
from patience import Game, Move, PlaceKind, Position, Variant, Verdict, deal_position, hookimpl
from patience.plugins import cell_counts, make_plugin_manager
from patience.rules import AutoPlay
from patience_solver import Outcome, place_step, solve
from patience_solver._compiled import Compiled, _resort

VARIANT_CELLS = [(name, cells) for name, variant in patience.variants().items() for cells in cell_counts(variant)[0]]


def compiled_for(variant: Variant, position: Position, policy: AutoPlay) -> Compiled:
    return patience_solver.compiled_for(variant.rules, policy, position)


def raw(position: Position) -> tuple[list[bytes], list[int], list[int]]:
    columns = [bytes(card.index for card in column) for column in position.columns]
    cells = [card.index for card in position.cells if card is not None]
    found = list(position.foundations)
    for suit in range(len(found) - 4):
        # Two decks: the compiled order puts each suit's fuller foundation first.
        found[suit], found[suit + 4] = max(found[suit], found[suit + 4]), min(found[suit], found[suit + 4])
    return columns, cells, found


def key(comp: Compiled, position: Position) -> tuple[tuple[bytes, ...], bytes]:
    """The compiled state of ``position`` after the game's and the solver's safe moves home."""
    (columns, cells, _found), _ = comp.start(*raw(position))
    return columns, cells


def settle(game: Game, comp: Compiled) -> None:
    """Play the solver's extra safe moves home as explicit moves, as a solution does."""
    _, steps = comp.start(*raw(game.position))
    for step in steps:
        game.play(place_step(game.position, step))


@pytest.mark.parametrize(("name", "cells"), VARIANT_CELLS)
def test_compiled_moves_agree_with_the_legality_hook(name: str, cells: int) -> None:
    variant = patience.get_variant(name)
    rng = random.Random(f"{name}-{cells}")
    checked = 0
    for deal in rng.sample(range(1, 1_000_000), 12):
        game = Game.new(variant, deal, cells)
        comp = compiled_for(variant, game.position, game.autoplay)
        for _ in range(40):
            settle(game, comp)
            if game.is_won:
                break
            position = game.position
            (columns, held, found), _ = comp.start(*raw(position))
            compiled = {(c[1][:-1], c[1][-1]) for c in comp.children(columns, held, found)}
            through_hook = set()
            legal = [m for m in game.legal_moves if m.source.kind is not PlaceKind.FOUNDATION]
            for move in legal:
                after = position.apply(move)
                whole_suit = variant.rules.whole_suit_home
                for auto in patience.legality.autoplay_moves(game.autoplay, after, whole_suit=whole_suit):
                    after = after.apply(auto)
                through_hook.add(key(comp, after))
            assert compiled == through_hook, f"{name} {cells} cells deal {deal}:\n{position}"
            checked += 1
            if not legal:
                break
            game.play(rng.choice(legal))
    assert checked >= 12


class NoKingsInCells:
    """An exotic rule that Rules cannot say: a king may not go to a free cell (in FreeCell, which it overrides)."""

    PATIENCE_OVERRIDES = ("freecell",)

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        card = position.card_at(move.source)
        if move.destination.kind is PlaceKind.CELL and card is not None and card.rank == 13:
            return Verdict(False, "kings stay out of the cells here")
        return None


def test_a_plugin_that_overrides_legality_is_asked_for_every_move() -> None:
    pm = make_plugin_manager()
    pm.register(NoKingsInCells(), name="no-kings-in-cells")
    variant = patience.get_variant("freecell", pm)
    assert not patience.plugins.rules_are_data(variant, pm)
    position = deal_position(variant, 1, 4, pm)
    result = solve(variant, position, plugins=pm, time_limit=60)
    assert result.outcome is Outcome.SOLVED
    game = Game.from_position(variant, position, plugins=pm)
    for move in result.moves:
        card = game.position.card_at(move.source)
        assert not (move.destination.kind is PlaceKind.CELL and card is not None and card.rank == 13)
        game.play(move)
    assert game.is_won


@given(
    st.lists(st.binary(max_size=4), min_size=1, max_size=10),
    st.integers(min_value=-1, max_value=9),
    st.integers(min_value=-1, max_value=9),
    st.integers(min_value=1, max_value=3),
    st.binary(min_size=1, max_size=3),
)
def test_resorting_after_a_move_orders_the_columns_as_a_sort_does(
    columns: list[bytes], shrunk: int, grown: int, taken: int, added: bytes
) -> None:
    """A move shortens one column and lengthens another; the columns come out as ``sorted`` orders them."""
    before = sorted(columns)
    shrunk = shrunk if shrunk < len(before) and len(before[shrunk]) >= taken else -1
    grown = grown if grown < len(before) and grown != shrunk else -1
    after = list(before)
    if shrunk >= 0:
        after[shrunk] = after[shrunk][:-taken]
    if grown >= 0:
        after[grown] = after[grown] + added
    expected = sorted(after)
    _resort(after, shrunk, grown, before[grown] if grown >= 0 else b"")
    assert after == expected
