"""The built-in default plugin: hook implementations registered ``trylast`` that answer from ``variant.rules``.

It is registered like any other plugin (a :class:`DefaultPlugin` for each
plugin manager, named :data:`patience.plugins.DEFAULT_PLUGIN`), so a
variant's own plugin answers before it and pluggy's wrappers and
monitoring see it as they see every plugin. The module's functions are
the implementations; the class adds the one that needs the plugin
manager: dealing a derived variant as its base.
"""

from __future__ import annotations

import weakref

import pluggy
from attrs import evolve

from patience.legality import Verdict, check_move
from patience.moves import Move
from patience.plugins.hookspecs import CellCounts, hookimpl
from patience.position import Position
from patience.rules import Scoring
from patience.scoring import ActionKind, ScoredAction, ScoreState
from patience.variant import Variant


@hookimpl(trylast=True)
def patience_move_legality(variant: Variant, position: Position, move: Move) -> Verdict:
    """Judge a move from the variant's declared rules."""
    return check_move(variant.rules, position, move, variant.title)


@hookimpl(trylast=True)
def patience_cell_counts(variant: Variant) -> CellCounts:
    """The cell counts the variant declares."""
    return variant.cell_counts, variant.default_cells


@hookimpl(trylast=True)
def patience_score_action(variant: Variant, state: ScoreState, action: ScoredAction) -> ScoreState:
    """Score an action by the variant's :class:`~patience.rules.Scoring` (the move and positions are not needed)."""
    rules = variant.rules.scoring
    if action.kind is ActionKind.GIVE_UP:
        return state
    if action.kind is ActionKind.UNDO:
        restored = action.restored if action.restored is not None else state
        base = restored if rules.undo_takes_back else state
        return ScoreState(
            _floor(rules, base.score - rules.undo_penalty),
            state.moves + 1 if rules.undo_is_move else restored.moves,
            base.ever_home,
        )
    if action.kind is ActionKind.WIN:
        bonus = max(0, rules.win_bonus - rules.win_bonus_per_move * state.moves) if rules.win_bonus else 0
        return evolve(state, score=state.score + bonus)
    # With two decks nothing comes back from a foundation, so every card home is a first time; and
    # ever_home, a set, could not tell the second ♥5 from the first.
    first_time = rules.first_time_only and variant.rules.decks == 1
    earned = [card for card in action.cards_home if not (first_time and card in state.ever_home)]
    return ScoreState(
        _floor(rules, state.score + rules.card_home * len(earned)),
        state.moves + action.moves,
        state.ever_home | frozenset(action.cards_home),
    )


def _floor(rules: Scoring, score: int) -> int:
    """``score``, or 0 if it is below 0 and the variant's scores do not go negative."""
    return score if rules.negative or score >= 0 else 0


class DefaultPlugin:
    """One plugin manager's default plugin: the module's implementations, and derived variants dealt as their base."""

    patience_move_legality = staticmethod(patience_move_legality)
    patience_cell_counts = staticmethod(patience_cell_counts)
    patience_score_action = staticmethod(patience_score_action)

    def __init__(self, pm: pluggy.PluginManager) -> None:
        # Weakly: the plugin manager holds its plugins, not the other way round.
        self._pm = weakref.ref(pm)

    @hookimpl(trylast=True)
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> Position | None:
        """A derived variant (``variant.base``) that its own plugin does not deal is dealt as its base is."""
        pm = self._pm()
        if not variant.base or pm is None:
            return None
        from patience.plugins.registry import variants

        base = variants(pm).get(variant.base)
        if base is None:
            return None
        dealt: Position | None = pm.hook.patience_deal(variant=base, deal=deal, cells=cells)
        return dealt
