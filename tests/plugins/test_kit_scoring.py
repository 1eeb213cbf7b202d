"""The kit's scoring checks: no score below 0 without Scoring.negative, no points farmed by undo and redo,
and the points each variant's rules text states are the points a game scores."""

from __future__ import annotations

import random
import re

import pluggy
import pytest
from attrs import evolve

import patience
from patience import Registrar, Scoring, Variant, deal_position, hookimpl
from patience.plugins import cell_counts
from patience.scoring import ActionKind, ScoredAction, ScoreState
from patience.testing import (
    ConformanceError,
    StatedScoring,
    check_score_floor,
    check_scoring,
    check_scoring_text,
    check_undo_redo_score,
    check_variant,
    stated_scoring,
)
from patience_solver import Outcome, solve
from patience_solver.testing import check_solver

SHIPPED = ["freecell", "eight-off", "bakers-game", "seahaven-towers"]


class CellTax:
    """A score that drops 5 a move, below 0: the rules say nothing of negative scores."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(register.get("freecell").derive(name="cell-tax", title="Cell Tax", prefix="CX"))

    @hookimpl
    def patience_score_action(self, variant: Variant, state: ScoreState, action: ScoredAction) -> ScoreState | None:
        if action.kind is ActionKind.MOVE:
            return evolve(state, score=state.score - 5, moves=state.moves + 1)
        return None


class RedoBonus:
    """Every redo earns its cards again: undo and redo farm points."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(
            register.get("freecell").derive(
                name="redo-bonus", title="Redo Bonus", prefix="RB", scoring=Scoring(card_home=10)
            )
        )


class RedoGift:
    """A redo adds 50 points whatever it redoes."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(register.get("bakers-game").derive(name="redo-gift", title="Redo Gift", prefix="RG"))

    @hookimpl
    def patience_score_action(self, variant: Variant, state: ScoreState, action: ScoredAction) -> ScoreState | None:
        if action.kind is ActionKind.REDO:
            return evolve(state, score=state.score + 50)
        return None


class CheapCards:
    """A shipped variant's rules text, +10 a card home, with scoring that gives 5."""

    def __init__(self, base: str) -> None:
        self.base = base

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        base = register.get(self.base)
        register(
            base.derive(
                name="cheap-cards",
                title="Cheap Cards",
                prefix="CC",
                rules_text=base.rules_text,
                scoring=evolve(base.rules.scoring, card_home=5),
            )
        )


def _manager(plugin: object) -> pluggy.PluginManager:
    pm = patience.make_plugin_manager()
    pm.register(plugin)
    return pm


def _variant(pm: pluggy.PluginManager, name: str) -> Variant:
    return patience.get_variant(name, pm)


def test_a_score_below_zero_fails_the_floor_check() -> None:
    pm = _manager(CellTax())
    problems = check_score_floor(_variant(pm, "cell-tax"), pm, random.Random(1), games=2, moves=10)
    assert problems and "below 0 (Scoring.negative is off)" in problems[0]


def test_a_negative_scoring_may_go_below_zero() -> None:
    pm = _manager(CellTax())
    vegas = evolve(
        _variant(pm, "cell-tax"), rules=evolve(_variant(pm, "cell-tax").rules, scoring=Scoring(negative=True))
    )
    assert check_score_floor(vegas, pm, random.Random(1), games=2, moves=10) == []


@pytest.mark.parametrize(("plugin", "name"), [(RedoBonus(), "redo-bonus"), (RedoGift(), "redo-gift")])
def test_points_farmed_by_undo_and_redo_fail_the_undo_check(plugin: object, name: str) -> None:
    pm = _manager(plugin)
    problems = check_undo_redo_score(_variant(pm, name), pm, random.Random(1), games=2, moves=30)
    assert problems and "more than playing it once" in problems[0]


def _text_problems(variant: Variant, pm: pluggy.PluginManager) -> list[str]:
    """What check_scoring_text says of the solver's win of deal 1."""
    _, cells = cell_counts(variant, pm)
    position = deal_position(variant, 1, cells, pm)
    result = solve(variant, position, plugins=pm, time_limit=20)
    assert result.outcome is Outcome.SOLVED
    return check_scoring_text(variant, pm, position, result.moves)


@pytest.mark.parametrize("base", SHIPPED)
def test_points_other_than_the_rules_text_states_fail_the_text_check(base: str) -> None:
    pm = _manager(CheapCards(base))
    problems = _text_problems(_variant(pm, "cheap-cards"), pm)
    assert len(problems) == 1
    found = re.search(r"sends (\d+) cards? home and scores (\d+), where the rules text states (\d+)", problems[0])
    assert found, problems[0]
    cards, scored, stated = map(int, found.groups())
    assert (scored, stated) == (5 * cards, 10 * cards)


@pytest.mark.parametrize(("plugin", "name"), [(CellTax(), "cell-tax"), (RedoBonus(), "redo-bonus")])
def test_the_conformance_suite_reports_a_scoring_bug(plugin: object, name: str) -> None:
    pm = _manager(plugin)
    with pytest.raises(ConformanceError, match=r"- scoring: deal \d+: "):
        check_variant(name, pm, games=2, moves=30)


def test_the_solver_s_half_of_the_kit_reports_points_other_than_the_rules_text_states() -> None:
    pm = _manager(CheapCards("freecell"))
    with pytest.raises(ConformanceError, match=r"- scoring: deal 1: the move \S+ sends \d+ cards? home"):
        check_solver("cheap-cards", pm, games=1, moves=5, solve_deals=(1,))


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_variants_pass_every_scoring_check(name: str) -> None:
    pm = patience.make_plugin_manager()
    assert check_scoring(name, pm) == []
    assert _text_problems(patience.get_variant(name, pm), pm) == []


@pytest.mark.parametrize(
    ("name", "stated"),
    [
        ("freecell", StatedScoring(10, undo_cost=10, takes_back=True, win_bonus=700, win_bonus_per_move=2)),
        ("bakers-game", StatedScoring(10, undo_cost=10, takes_back=True, win_bonus=700, win_bonus_per_move=2)),
        ("seahaven-towers", StatedScoring(10, undo_cost=10, takes_back=True, win_bonus=700, win_bonus_per_move=2)),
        ("eight-off", StatedScoring(10, first_time_only=True, takes_back=True)),
    ],
)
def test_each_shipped_rules_text_states_its_scoring(name: str, stated: StatedScoring) -> None:
    variant = patience.get_variant(name)
    assert stated_scoring(variant) == stated
    scoring = variant.rules.scoring
    assert (scoring.card_home, scoring.first_time_only, scoring.undo_penalty, scoring.undo_takes_back) == (
        stated.card_home,
        stated.first_time_only,
        stated.undo_cost,
        stated.takes_back,
    )
    assert (scoring.win_bonus, scoring.win_bonus_per_move, scoring.negative) == (
        stated.win_bonus,
        stated.win_bonus_per_move,
        False,
    )
