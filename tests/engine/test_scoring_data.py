"""A starting score and scores below zero, declared as data in :class:`patience.Scoring`."""

from __future__ import annotations

from attrs import evolve

from patience import ActionKind, Game, Scoring, Variant, hookimpl
from patience import get_variant as patience_get
from patience.plugins import make_plugin_manager
from patience.scoring import ScoredAction, ScoreState
from patience_variants.eight_off import EIGHT_OFF, deal_eight_off

#: Eight Off scored Vegas-style: -52 to start, +5 for each card the first time it goes home.
VEGAS = evolve(
    EIGHT_OFF,
    name="vegas-test",
    title="Vegas Test",
    prefix="VT",
    aliases=(),
    plugin="",
    rules=evolve(
        EIGHT_OFF.rules,
        scoring=Scoring(start=-52, negative=True, card_home=5, first_time_only=True, undo_takes_back=True),
    ),
)


def test_a_game_starts_at_the_variant_s_starting_score() -> None:
    game = Game(VEGAS, deal_eight_off(1, 8), deal=1)
    assert game.score == -52


def test_a_negative_score_stays_negative_when_the_variant_allows_it() -> None:
    game = Game(VEGAS, deal_eight_off(1, 8), deal=1)
    move = next(iter(game.legal_moves))
    game.play(move)
    game.undo()
    assert game.score == -52


def test_cards_home_add_to_a_negative_starting_score() -> None:
    # The first deal with a card that may go home at once.
    vegas = next(
        game
        for game in (Game(VEGAS, deal_eight_off(deal, 8), deal=deal) for deal in range(1, 100))
        if any(str(move).endswith("h") for move in game.legal_moves)
    )
    home_before = vegas.cards_home
    ace = next(move for move in vegas.legal_moves if str(move).endswith("h"))
    vegas.play(ace)
    assert vegas.score == -52 + 5 * (vegas.cards_home - home_before)


def test_restart_goes_back_to_the_starting_score() -> None:
    game = Game(VEGAS, deal_eight_off(1, 8), deal=1)
    game.play(next(iter(game.legal_moves)))
    game.restart()
    assert game.score == -52


def test_a_score_below_zero_is_floored_where_the_variant_does_not_allow_it() -> None:
    floored = evolve(VEGAS, rules=evolve(VEGAS.rules, scoring=evolve(VEGAS.rules.scoring, negative=False)))
    game = Game(floored, deal_eight_off(1, 8), deal=1)
    assert game.score == 0


def test_the_default_scoring_of_built_in_variants_starts_at_zero() -> None:
    for name in ("eight-off", "freecell", "bakers-game", "seahaven-towers"):
        assert Game.new(name, deal=2).score >= 0


def test_a_plugin_s_scoring_hook_sees_the_deal_even_when_nothing_goes_home() -> None:
    seen: list[ActionKind] = []

    class CountDeals:
        # Vegas Test is no plugin's own variant here: this one says it scores every variant.
        PATIENCE_OVERRIDES = ("*",)

        @hookimpl
        def patience_score_action(self, variant: Variant, state: ScoreState, action: ScoredAction) -> ScoreState:
            seen.append(action.kind)
            return evolve(state, score=state.score - 1 if action.kind is ActionKind.DEAL else state.score)

    pm = make_plugin_manager()
    pm.register(CountDeals())
    game = Game(VEGAS, deal_eight_off(1, 8), deal=1, plugins=pm)
    assert seen == [ActionKind.DEAL]
    assert game.score == -53


def test_with_two_decks_both_equal_cards_earn_their_points() -> None:
    from patience import Card, Position

    double = patience_get("double-freecell")
    first_time = evolve(double, rules=evolve(double.rules, scoring=Scoring(card_home=10, first_time_only=True)))
    almost = (13, 13, 13, 13, 13, 13, 12, 12)  # ♦K and ♣K of the second deck still out
    position = Position((tuple(Card.parse(c) for c in ("KD",)), (Card.parse("KC"),), *([()] * 8)), (None,) * 6, almost)
    game = Game.from_position(first_time, position, autoplay_first=False)
    game.play("1h")  # ♦K home; ♣K follows by itself
    assert game.is_won
    assert game.score == 20
