"""The search schedule: chosen from the rules' shape, and what each schedule is for, pinned by positions."""

from __future__ import annotations

import attrs
import pytest

import patience
from patience import deal_position
from patience.rules import Build
from patience_solver import (
    ANY_SUIT_SCHEDULE,
    DEFAULT_SCHEDULE,
    SAME_SUIT_SCHEDULE,
    WHOLE_SUIT_SCHEDULE,
    Outcome,
    Schedule,
    schedule_for,
    solve,
)

#: FreeCell deal #11982 cannot be won; its proof must stay within this many positions. The complete
#: scan alone needs 61,643 and every meta-move scan runs out of states after 46,436: the search pays
#: for one of them, the others' first two rounds and the complete scan.
FREECELL_11982_BUDGET = 140_000
#: Baker's Game deal #10 cannot be won: its complete scan alone proves it in 5,019 positions.
BAKERS_GAME_10_BUDGET = 5_100
#: Simple Simon deal #1 is won within 844 positions under the whole-suit schedule (7,890 under the default one).
SIMPLE_SIMON_1_BUDGET = 1_000
#: Citadel deal #17 is won within 1,482 positions under the any-suit schedule (undecided at 20,000 under the default).
CITADEL_17_BUDGET = 1_600


def test_a_game_built_by_suit_gets_the_same_suit_schedule() -> None:
    assert schedule_for(patience.get_variant("bakers-game").rules) is SAME_SUIT_SCHEDULE
    assert schedule_for(patience.get_variant("seahaven-towers").rules) is SAME_SUIT_SCHEDULE
    assert schedule_for(patience.get_variant("eight-off").rules) is SAME_SUIT_SCHEDULE


def test_games_built_in_alternating_colours_or_building_nothing_get_the_default_schedule() -> None:
    assert schedule_for(patience.get_variant("freecell").rules) is DEFAULT_SCHEDULE
    assert schedule_for(patience.get_variant("double-freecell").rules) is DEFAULT_SCHEDULE
    assert schedule_for(patience.get_variant("stalactites").rules) is DEFAULT_SCHEDULE


def test_games_built_regardless_of_suit_get_the_any_suit_schedule() -> None:
    for name in ("beleaguered-castle", "citadel", "streets-and-alleys", "good-measure", "bakers-dozen"):
        assert schedule_for(patience.get_variant(name).rules) is ANY_SUIT_SCHEDULE, name
    freecell = patience.get_variant("freecell")
    assert schedule_for(attrs.evolve(freecell.rules, build=Build.ANY_SUIT)) is ANY_SUIT_SCHEDULE


def test_a_game_where_only_complete_suits_go_home_gets_the_whole_suit_schedule() -> None:
    simple_simon = patience.get_variant("simple-simon")
    assert schedule_for(simple_simon.rules) is WHOLE_SUIT_SCHEDULE
    renamed = simple_simon.derive(name="simple-simon-again", title="Simple Simon Again", prefix="SX")
    assert schedule_for(renamed.rules) is WHOLE_SUIT_SCHEDULE
    singles = attrs.evolve(simple_simon.rules, whole_suit_home=False)
    assert schedule_for(singles) is ANY_SUIT_SCHEDULE


@pytest.mark.parametrize("schedule", [WHOLE_SUIT_SCHEDULE, ANY_SUIT_SCHEDULE], ids=lambda s: s.name)
def test_the_whole_suit_and_any_suit_schedules_change_only_the_first_scan_of_the_default_one(
    schedule: Schedule,
) -> None:
    (weights, full, quota), *rest = schedule.scans
    assert not full
    assert quota == DEFAULT_SCHEDULE.scans[0][2]
    assert weights is not DEFAULT_SCHEDULE.scans[0][0]
    assert rest == list(DEFAULT_SCHEDULE.scans[1:])


def test_the_whole_suit_schedule_weighs_neither_the_next_card_nor_the_moves_so_far() -> None:
    # No card goes home alone there.
    weights = WHOLE_SUIT_SCHEDULE.scans[0][0]
    assert (weights.next_card, weights.depth) == (0, 0)


def test_the_schedule_follows_the_rules_not_the_name() -> None:
    freecell = patience.get_variant("freecell")
    by_suit = attrs.evolve(freecell.rules, build=Build.SAME_SUIT)
    assert schedule_for(by_suit) is SAME_SUIT_SCHEDULE
    renamed = freecell.derive(name="freecell-again", title="FreeCell Again", prefix="FA")
    assert schedule_for(renamed.rules) is DEFAULT_SCHEDULE


def test_the_same_suit_schedule_runs_the_complete_scan_first_with_the_largest_quota() -> None:
    (first_weights, first_full, first_quota), *rest = SAME_SUIT_SCHEDULE.scans
    assert first_full
    assert first_quota > max(quota for _, _, quota in rest)
    assert not any(full for _, full, _ in rest)
    # The default schedule lets a meta-move scan start, and gives the complete scan one of the smallest quotas.
    assert not DEFAULT_SCHEDULE.scans[0][1]
    default_full = next(scan for scan in DEFAULT_SCHEDULE.scans if scan[1])
    assert default_full[0] is first_weights
    assert default_full[2] == min(quota for _, _, quota in DEFAULT_SCHEDULE.scans)
    # The same meta-move scans follow, in the same order.
    assert [scan for scan in DEFAULT_SCHEDULE.scans if not scan[1]] == rest


def test_a_schedule_needs_exactly_one_complete_scan() -> None:
    weights = DEFAULT_SCHEDULE.scans[0][0]
    with pytest.raises(ValueError, match="exactly one scan"):
        Schedule("none", ((weights, False, 100),))
    with pytest.raises(ValueError, match="exactly one scan"):
        Schedule("two", ((weights, True, 100), (weights, True, 100)))
    with pytest.raises(ValueError, match="positive"):
        Schedule("zero", ((weights, True, 0),))


@pytest.mark.parametrize(
    ("name", "deal", "cells", "outcome", "budget"),
    [
        ("freecell", 11982, 4, Outcome.LOST, FREECELL_11982_BUDGET),
        ("bakers-game", 10, 4, Outcome.LOST, BAKERS_GAME_10_BUDGET),
        ("simple-simon", 1, 0, Outcome.SOLVED, SIMPLE_SIMON_1_BUDGET),
        ("citadel", 17, 0, Outcome.SOLVED, CITADEL_17_BUDGET),
    ],
    ids=[
        "freecell-11982-lost-paying-for-one-meta-move-scan",
        "bakers-game-10-lost-by-the-complete-scan-alone",
        "simple-simon-1-won-under-the-whole-suit-schedule",
        "citadel-17-won-under-the-any-suit-schedule",
    ],
)
def test_a_deal_is_decided_within_the_budget_its_schedule_allows(
    name: str, deal: int, cells: int, outcome: Outcome, budget: int
) -> None:
    variant = patience.get_variant(name)
    result = solve(variant, deal_position(variant, deal, cells), max_positions=budget)
    assert result.outcome is outcome
    assert result.positions <= budget


def test_a_game_with_bakers_game_rules_under_another_name_searches_the_same_positions() -> None:
    bakers = patience.get_variant("bakers-game")
    copy = bakers.derive(name="bakers-game-copy", title="Baker's Game Copy", prefix="BX")
    position = deal_position(bakers, 5, 4)
    ours, theirs = solve(bakers, position), solve(copy, position)
    assert ours.outcome is theirs.outcome is Outcome.SOLVED
    assert (ours.positions, ours.moves) == (theirs.positions, theirs.moves)
