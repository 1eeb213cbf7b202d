"""patience_solver.testing: the solver's half of the conformance kit, a pytest plugin for plugin authors.

Installed with ``patience-solver`` and registered under pytest's ``pytest11``
entry point, beside the engine's half (:mod:`patience.testing`, whose
``patience_pm`` fixture it uses):

- ``patience_solver_conformance``: ``patience_solver_conformance("my-variant")``
  runs :func:`check_solver` on ``patience_pm``.

:func:`check_solver` checks that the solver's move generation reaches the
same positions as the game's legal moves on random positions and on every
position along the solutions it finds, and that those solutions replay
through :meth:`patience.Game.play` to a win. It
raises :class:`patience.testing.ConformanceError` listing every failure.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pluggy
import pytest

from patience.errors import PatienceError
from patience.formats.board import format_board
from patience.game import Game, deal_position
from patience.legality import autoplay_moves
from patience.moves import Move, PlaceKind
from patience.plugins import cell_counts, get_variant, make_plugin_manager, route, rules_are_data
from patience.position import Position
from patience.testing import ConformanceError, check_scoring_text, random_games
from patience.variant import Variant
from patience_solver import Outcome, SolverError, _start, compiled_for, place_step, solve
from patience_solver._compiled import Compiled
from patience_solver._judged import Judged, JudgedTwoDecks

__all__ = ["check_solver", "patience_solver_conformance"]


def check_solver(
    variant: str | Variant,
    pm: pluggy.PluginManager | None = None,
    *,
    games: int = 4,
    moves: int = 40,
    solve_deals: Iterable[int] = (1, 2, 3),
    time_limit: float = 20.0,
    seed: int = 2024,
) -> None:
    """Check the solver against the game on ``variant``; raise :class:`ConformanceError` listing every failure.

    ``pm`` defaults to a fresh plugin manager with the installed plugins.
    ``games`` random games of up to ``moves`` moves (seeded by ``seed``, the
    same positions as :func:`patience.testing.check_variant` visits) are
    compared move by move; ``solve_deals`` are solved within ``time_limit``
    seconds each and replayed (an undecided one is not a failure).
    """
    pm = pm if pm is not None else make_plugin_manager()
    var = get_variant(variant, pm) if isinstance(variant, str) else variant
    failures: list[str] = []

    def attempt(what: str, check: Callable[[], list[str]]) -> None:
        try:
            failures.extend(f"{what}: {problem}" for problem in check())
        except (AssertionError, PatienceError, pluggy.PluginValidationError) as error:
            failures.append(f"{what}: {type(error).__name__}: {error}")

    attempt("solver moves", lambda: _check_solver_moves(pm, var, random.Random(seed), games, moves))
    attempt("solutions", lambda: _check_solutions(pm, var, tuple(solve_deals), time_limit))
    attempt("scoring", lambda: _check_scoring_text(pm, var, next(iter(solve_deals), 1), time_limit))
    if failures:
        shown = "\n".join(f"- {failure}" for failure in failures[:20])
        more = f"\n... and {len(failures) - 20} more" if len(failures) > 20 else ""
        raise ConformanceError(f"{var.name} fails the solver's conformance suite:\n{shown}{more}")


def _check_solver_moves(
    pm: pluggy.PluginManager, variant: Variant, rng: random.Random, games: int, moves: int
) -> list[str]:
    problems: list[str] = []
    for game, deal in random_games(pm, variant, rng, games, moves):
        if game.is_over:
            continue
        problem = _disagreement(pm, game, deal)
        if problem:
            problems.append(problem)
            break
    return problems


def _disagreement(pm: pluggy.PluginManager, game: Game, deal: int) -> str:
    """How the solver's expansion of the game's position differs from the game's legal moves ("" if it does not)."""
    if game.is_over:
        return ""
    compared = _solver_moves(pm, game)
    if compared is None or compared[0] == compared[1]:
        return ""
    return (
        f"deal {deal}: the solver generates {len(compared[0])} moves, the game's legal moves"
        f" {len(compared[1])}\n{format_board(game.position)}"
    )


def _solver_moves(pm: pluggy.PluginManager, game: Game) -> tuple[set[Any], set[Any]] | None:
    """The states one move away as the solver generates them, and as the game's legal moves reach them.

    When the solver would first make safe moves home that the game leaves to
    the player, they are played first (on a copy of the game), as a
    solution plays them. ``None`` when the game refuses one of them.
    """
    variant, position = game.variant, game.position
    shape = (len(position.columns), len(position.cells), position.base, position.decks)
    one_deck = position.decks == 1
    if rules_are_data(variant, pm):
        comp: Compiled = compiled_for(variant.rules, game.autoplay, position)
    else:
        legality = route("patience_move_legality", variant, pm).call

        def legal(where: Position, move: Move) -> bool:
            return bool(legality(variant=variant, position=where, move=move))

        judged = Judged if one_deck else JudgedTwoDecks
        comp = judged(
            variant.rules,
            game.autoplay,
            *shape,
            legal=legal,
            place=lambda where, step: place_step(where, step, variant.rules.reserve, variant.rules.cell_suits),
        )
    (columns, held, found), extra = _start(comp, position)
    if extra:
        game = Game.from_position(variant, position, plugins=pm, autoplay_first=False)
        for step in extra:
            try:
                game.play(place_step(game.position, step, variant.rules.reserve, variant.rules.cell_suits))
            except PatienceError:
                return None
        position = game.position
    solver = {(child[1][:-1], child[1][-1]) for child in comp.children(columns, held, found)}
    by_game = set()
    for move in game.legal_moves:
        if move.source.kind is PlaceKind.FOUNDATION:
            continue  # the solver never takes a card back from a foundation
        if move.destination.kind is PlaceKind.COLUMN and move.source.kind is PlaceKind.COLUMN:
            source = position.columns[move.source.index or 0]
            if not position.columns[move.destination.index or 0] and move.count == len(source):
                continue  # a whole column into an empty one changes nothing
        after = position.apply(move)
        for auto in autoplay_moves(game.autoplay, after, whole_suit=game.variant.rules.whole_suit_home):
            after = after.apply(auto)
        (ccolumns, cheld, _), _ = _start(comp, after)
        by_game.add((ccolumns, cheld))
    return solver, by_game


def _check_solutions(
    pm: pluggy.PluginManager, variant: Variant, deals: tuple[int, ...], time_limit: float
) -> list[str]:
    problems: list[str] = []
    _, cells = cell_counts(variant, pm)
    for deal in deals:
        position = deal_position(variant, deal, cells, pm)
        try:
            result = solve(variant, position, plugins=pm, time_limit=time_limit)
        except SolverError as error:
            problems.append(f"deal {deal}: the solver's solution does not replay: {error}")
            continue
        if result.outcome is not Outcome.SOLVED:
            continue
        game = Game.from_position(variant, position, plugins=pm)
        for move in result.moves:
            # Every position along the solution: the solver's expansion and the game's legal moves agree.
            problem = _disagreement(pm, game, deal)
            if problem:
                problems.append(problem)
                break
            try:
                game.play(move)
            except PatienceError as error:
                problems.append(f"deal {deal}: solution move {move} refused by Game.play: {error}")
                break
        else:
            if not game.is_won:
                problems.append(f"deal {deal}: the solution replays but does not win")
    return problems


def _check_scoring_text(pm: pluggy.PluginManager, variant: Variant, deal: int, time_limit: float) -> list[str]:
    """The points of a won game of ``deal`` against the rules text (:func:`patience.testing.check_scoring_text`).

    Nothing is checked when the solver finds no win within ``time_limit``.
    """
    _, cells = cell_counts(variant, pm)
    position = deal_position(variant, deal, cells, pm)
    result = solve(variant, position, plugins=pm, time_limit=time_limit)
    if result.outcome is not Outcome.SOLVED:
        return []
    return check_scoring_text(variant, pm, position, result.moves, solve_deal=deal)


@pytest.fixture
def patience_solver_conformance(patience_pm: pluggy.PluginManager) -> Callable[..., None]:
    """``patience_solver_conformance("my-variant")`` runs :func:`check_solver` on ``patience_pm``."""

    def run(variant: str | Variant, **options: Any) -> None:
        check_solver(variant, patience_pm, **options)

    return run
