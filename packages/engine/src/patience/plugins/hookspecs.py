"""The hook specifications: what a variant plugin can tell the engine.

Every hook is called with keyword arguments only, so a spec can grow a
parameter without breaking implementations that do not take it. The four
per-variant hooks (those that take ``variant``) are routed through pluggy
(:mod:`patience.plugins.routing`): for a variant, the implementations that
answer are those of the plugin that registered it (and of plugins that
say they override it, ``PATIENCE_OVERRIDES``) and the built-in defaults
(:mod:`patience.plugins.defaults`, registered ``trylast``, answering from
the variant's declared :class:`~patience.rules.Rules`). They are
``firstresult``: ``None`` lets the next implementation answer.
"""

from __future__ import annotations

from collections.abc import Callable

import pluggy

from patience.legality import Verdict
from patience.moves import Move
from patience.position import Position
from patience.scoring import ScoredAction, ScoreState
from patience.variant import Variant

__all__ = ["CellCounts", "hookimpl", "hookspec"]

hookspec = pluggy.HookspecMarker("patience")
hookimpl = pluggy.HookimplMarker("patience")

#: The cell counts a variant offers and its default: ``((8, 4, 2), 8)``.
CellCounts = tuple[tuple[int, ...], int]


@hookspec
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register variants by calling ``register(variant)`` once for each.

    Called every time the engine lists the installed variants. A plugin
    that registers a variant answering to a name, alias, title or code
    prefix another variant answers to, or something that is not a Variant,
    is disabled with one warning; the shipped variants register first, so
    they keep theirs.

    :param register: a :class:`patience.plugins.Registrar`; ``register.get(name)``
        returns another plugin's variant to derive one from.
    :returns: nothing. Not firstresult: every implementation is called.
    """


@hookspec(firstresult=True)
def patience_deal(variant: Variant, deal: int, cells: int) -> Position | None:
    """Deal ``deal`` of ``variant`` with ``cells`` cells.

    Called when a game starts and by ``patience deal``; it answers only for
    the variants the plugin registered (and those it overrides).

    :param variant: the variant to deal.
    :param deal: the deal number, 1 to 8,589,934,591.
    :param cells: the cell count, one of the variant's counts.
    :returns: the position as dealt, before any automatic play, with
        ``variant.columns`` columns and ``cells`` cells; ``None`` to let the
        next implementation deal (a derived variant that no plugin deals is
        dealt as its base).

    Stops at the first non-None result (firstresult).
    """


@hookspec(firstresult=True)
def patience_move_legality(variant: Variant, position: Position, move: Move) -> Verdict | None:
    """Judge ``move`` in ``position``.

    Called for every move a player tries and, when a plugin implements it
    for the variant, for every candidate when the legal moves are listed and
    for every move the solver considers (slower, but the solver and the
    game agree). The default reads ``variant.rules``; implement it only for
    a rule that :class:`~patience.rules.Rules` cannot say.

    :param variant: the variant being played.
    :param position: the position before the move.
    :param move: the move to judge.
    :returns: a :class:`~patience.legality.Verdict`; ``None`` to let the next
        implementation (finally the default) judge it.

    Stops at the first non-None result (firstresult).
    """


@hookspec(firstresult=True)
def patience_cell_counts(variant: Variant) -> CellCounts | None:
    """The cell counts ``variant`` offers and its default.

    Called when a game is dealt or a code is read, to refuse a cell count the
    variant does not offer.

    :param variant: the variant asked about.
    :returns: ``(counts, default)`` such as ``((8, 4, 2), 8)``; ``None`` to let
        the next implementation answer (the default returns
        ``(variant.cell_counts, variant.default_cells)``).

    Stops at the first non-None result (firstresult).
    """


@hookspec(firstresult=True)
def patience_score_action(
    variant: Variant, state: ScoreState, action: ScoredAction, move: Move | None, before: Position, after: Position
) -> ScoreState | None:
    """The score, move count and cards-ever-home after ``action``, from ``state``.

    Called once for every action: a move with the automatic play after it,
    an undo, a redo, a Finish, a win (after the winning action), giving up,
    and the automatic play right after the deal. The default reads
    ``variant.rules.scoring``.

    :param variant: the variant being played.
    :param state: the score state before the action.
    :param action: what happened (its kind, the cards that went home or came back, its moves).
    :param move: the move the player made (a move, or a redo of one move); ``None`` for every
        other action (deal, undo, Finish, win, giving up).
    :param before: the position before the action.
    :param after: the position after it, automatic play included (for a win and for giving up,
        the same position as ``before``).
    :returns: the new :class:`~patience.scoring.ScoreState`; ``None`` to let the next
        implementation (finally the default) score it.

    Stops at the first non-None result (firstresult).
    """
