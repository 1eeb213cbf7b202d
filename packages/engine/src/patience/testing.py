"""patience.testing: a pytest plugin for plugin authors, and the conformance suite for a variant.

Installed with the engine and registered under pytest's ``pytest11``
entry point, so in any project where ``patience`` is installed these
fixtures exist:

- ``patience_plugins``: plugin objects to register besides the installed
  ones (empty; override it in your ``conftest.py`` to test a plugin defined
  in a test, or before it is installed);
- ``patience_pm``: a fresh plugin manager with the installed plugins (yours
  included, through its entry point) and ``patience_plugins``, removed again
  after the test;
- ``patience_conformance``: the conformance suite on that manager, in one
  line: ``def test_conformance(patience_conformance): patience_conformance("my-variant")``.

:func:`check_variant` is the suite itself (it raises :class:`ConformanceError`
listing everything that failed) and :func:`check_plugin` the signature check
of a plugin object before it is registered. The checks: every hook
implemented matches its spec; deals are valid and reproducible (and a game
code deals them again); the game's legal moves agree with the legality hook
on random positions; undo restores exactly after random play; a variant's
redeal (:attr:`patience.Rules.redeal`) is undone, redone and replayed from a
record exactly, and refused where there is none; the board format, the move
notation and the game code read back what they wrote; the plugin's catalogs
(:func:`check_catalogs`) translate every message, its description and every
paragraph of its rules included, for each language it ships a catalog for.
"""

from __future__ import annotations

import datetime as dt
import importlib.resources
import inspect
import random
import re
import string
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import FunctionType
from typing import Any

import pluggy
import pytest
from attrs import frozen

from patience.cards import Card
from patience.errors import IllegalMoveError, PatienceError
from patience.formats.board import format_board, parse_board
from patience.formats.records import format_record, parse_record, record_of, replay
from patience.game import Game, deal_position
from patience.i18n import paragraphs
from patience.legality import candidate_moves, check_move
from patience.movegen import legal_moves
from patience.moves import Move, Place, PlaceKind
from patience.plugins import (
    DEFAULT_PLUGIN,
    VARIANT_HOOKS,
    cell_counts,
    get_variant,
    hookspecs,
    make_plugin_manager,
    route,
    unknown_hooks,
)
from patience.position import Position
from patience.rules import Redeal
from patience.variant import Variant

__all__ = [
    "ConformanceError",
    "StatedScoring",
    "check_catalogs",
    "check_plugin",
    "check_score_floor",
    "check_scoring",
    "check_scoring_text",
    "check_undo_redo_score",
    "check_variant",
    "patience_conformance",
    "patience_plugins",
    "patience_pm",
    "random_games",
    "stated_scoring",
]

_SPEC_MARK = "patience_spec"
_IMPL_MARK = "patience_impl"


class ConformanceError(AssertionError):
    """A variant or plugin failed the conformance suite; the message lists every failure."""


def _specs() -> dict[str, FunctionType]:
    return {
        name: function
        for name, function in vars(hookspecs).items()
        if isinstance(function, FunctionType) and hasattr(function, _SPEC_MARK)
    }


def check_plugin(plugin: object) -> list[str]:
    """What is wrong with ``plugin``'s hooks, before it is registered: unknown names and wrong parameters.

    A function named like a hook but not marked ``@hookimpl`` is never
    called, so it is reported too. An empty list means every hook matches its spec.
    """
    specs = _specs()
    problems: list[str] = []
    for name in dir(plugin):
        if not name.startswith("patience_"):
            continue
        function = getattr(plugin, name, None)
        if not callable(function):
            continue
        marked = hasattr(function, _IMPL_MARK)
        spec = specs.get(name)
        if spec is None:
            if marked:
                problems.append(f"{name} is not a patience hook (misspelt?): it is never called")
            continue
        if not marked:
            problems.append(f"{name} is not marked @hookimpl: it is never called")
            continue
        wanted = list(inspect.signature(spec).parameters)
        params = [
            p
            for p in inspect.signature(function).parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        unknown = [p.name for p in params if p.name not in wanted]
        if unknown:
            problems.append(
                f"{name} takes {', '.join(unknown)}, which the hook does not pass (it passes {', '.join(wanted)})"
            )
    return problems


def _hook_problems(pm: pluggy.PluginManager, variant: Variant) -> list[str]:
    problems: list[str] = []
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as error:
        problems.append(f"check_pending: {error}")
    for owner, hooks in unknown_hooks(pm).items():
        problems.append(f"plugin {owner!r} implements {', '.join(hooks)}: not a patience hook")
    routed = {name for hook in VARIANT_HOOKS for name in route(hook, variant, pm).plugins} - {DEFAULT_PLUGIN}
    for name in sorted(routed | {variant.plugin}):
        plugin = pm.get_plugin(name)
        if plugin is not None:
            problems += [f"plugin {name!r}: {problem}" for problem in check_plugin(plugin)]
    return problems


def _move_key(position: Position, move: Move) -> tuple[object, ...]:
    """A move with "a free cell" and "an empty column" standing for any of them (the listing names the first)."""
    dest = move.destination
    if dest.kind is PlaceKind.CELL:
        where: object = "cell"
    elif dest.kind is PlaceKind.COLUMN and not position.columns[dest.index or 0]:
        where = "empty"
    else:
        where = (dest.kind, dest.index)
    return move.source.kind, move.source.index, move.count, where


def random_games(
    pm: pluggy.PluginManager, variant: Variant, rng: random.Random, games: int, moves: int
) -> Iterator[tuple[Game, int]]:
    """Games of random deals and cell counts, played at random: yields each game (and its deal) after each move.

    The random positions of :func:`check_variant`, and of the solver's half of
    the kit (:mod:`patience_solver.testing`).
    """
    counts, _ = cell_counts(variant, pm)
    for _ in range(games):
        deal = rng.randint(1, 1_000_000)
        game = Game.new(variant, deal, rng.choice(counts), plugins=pm)
        for _ in range(moves):
            yield game, deal
            if game.is_over:
                break
            if not _random_step(game, rng):
                break


def _random_step(game: Game, rng: random.Random) -> bool:
    """Play a random legal move, or now and then (and when no move is left) the variant's redeal; whether any."""
    legal = list(game.legal_moves)
    if game.can_redeal and (not legal or rng.random() < _REDEAL_CHANCE):
        game.redeal()
        return True
    if not legal:
        return False
    game.play(rng.choice(legal))
    return True


#: How often random play redeals, in a variant with a redeal, when it could move a card instead.
_REDEAL_CHANCE = 0.1


# -- the suite -----------------------------------------------------------------------------------


def check_variant(
    variant: str | Variant,
    pm: pluggy.PluginManager | None = None,
    *,
    deals: Iterable[int] = (1, 2, 3, 617, 11982, 8_589_934_591),
    games: int = 4,
    moves: int = 40,
    seed: int = 2024,
) -> None:
    """Run the conformance suite on ``variant``; raise :class:`ConformanceError` listing every failure.

    ``pm`` defaults to a fresh plugin manager with the installed plugins.
    ``games`` random games of up to ``moves`` moves (seeded by ``seed``)
    give the random positions. The solver's agreement with the game and its
    solutions are checked by :func:`patience_solver.testing.check_solver`.
    """
    pm = pm if pm is not None else make_plugin_manager()
    var = get_variant(variant, pm) if isinstance(variant, str) else variant
    failures: list[str] = []

    def attempt(what: str, check: Callable[[], list[str]]) -> None:
        try:
            failures.extend(f"{what}: {problem}" for problem in check())
        except (AssertionError, PatienceError, pluggy.PluginValidationError) as error:
            failures.append(f"{what}: {type(error).__name__}: {error}")

    attempt("hooks", lambda: _hook_problems(pm, var))
    attempt("deals", lambda: _check_deals(pm, var, tuple(deals)))
    attempt("legal moves", lambda: _check_legal_moves(pm, var, random.Random(seed), games, moves))
    attempt("undo", lambda: _check_undo(pm, var, random.Random(seed + 1), games, moves))
    attempt("redeal", lambda: _check_redeal(pm, var, random.Random(seed + 4), games, moves))
    attempt("formats", lambda: _check_formats(pm, var, random.Random(seed + 2), games, moves))
    attempt("scoring", lambda: check_scoring(var, pm, games=games, moves=moves, seed=seed + 3))
    attempt("catalogs", lambda: check_catalogs(var))
    if failures:
        shown = "\n".join(f"- {failure}" for failure in failures[:20])
        more = f"\n... and {len(failures) - 20} more" if len(failures) > 20 else ""
        raise ConformanceError(f"{var.name} fails the patience conformance suite:\n{shown}{more}")


def _check_deals(pm: pluggy.PluginManager, variant: Variant, deals: tuple[int, ...]) -> list[str]:
    problems: list[str] = []
    counts, default = cell_counts(variant, pm)
    for cells in counts:
        seen: dict[Position, int] = {}
        for deal in deals:
            first = deal_position(variant, deal, cells, pm)
            if deal_position(variant, deal, cells, pm) != first:
                problems.append(f"deal {deal} with {cells} cells is not the same twice")
            if first in seen:
                problems.append(f"deals {seen[first]} and {deal} with {cells} cells are the same layout")
            seen[first] = deal
            game = Game.new(variant, deal, cells, plugins=pm)
            code = game.code
            if code is None or Game.from_code(code, plugins=pm).dealt != first:
                problems.append(f"the game code {code} does not deal deal {deal} again")
    if default not in counts:
        problems.append(f"the default cell count {default} is not one of {counts}")
    return problems


def _cell_choice(legality: Callable[..., Any], variant: Variant, position: Position) -> str:
    """Why the legality hook's verdict on a card depends on which free cell it goes to, or "" when it does not.

    The game lists a move to the first free cell only, and the solver cannot
    tell free cells apart: a rule about which cell a card may use is refused,
    unless the rules say it as data (:attr:`~patience.rules.Rules.cell_suits`), which both read.
    """
    if variant.rules.cell_suits:
        return ""
    free = [i for i in range(variant.rules.reserve, len(position.cells)) if position.cells[i] is None]
    if len(free) < 2:
        return ""
    sources = [Place.column(i) for i, column in enumerate(position.columns) if column]
    for source in sources:
        verdicts = {
            i: bool(legality(variant=variant, position=position, move=Move(source, Place.cell(i)))) for i in free
        }
        if len(set(verdicts.values())) > 1:
            allowed = ", ".join(str(Place.cell(i)) for i, ok in verdicts.items() if ok) or "none"
            return (
                f"the legality hook lets {position.card_at(source)} into some free cells ({allowed}) and not others:"
                " a rule about which cell a card may use cannot be played by the game's move list or the solver"
            )
    return ""


def _check_legal_moves(
    pm: pluggy.PluginManager, variant: Variant, rng: random.Random, games: int, moves: int
) -> list[str]:
    problems: list[str] = []
    legality = route("patience_move_legality", variant, pm)
    for game, deal in random_games(pm, variant, rng, games, moves):
        position = game.position
        if game.is_over:
            continue
        listed = list(game.legal_moves)
        by_hook = {
            _move_key(position, move)
            for move in candidate_moves(
                position, foundation_takeback=True, reserve=variant.rules.reserve, cell_suits=variant.rules.cell_suits
            )
            if legality(variant=variant, position=position, move=move)
        }
        by_game = {_move_key(position, move) for move in listed}
        choice = _cell_choice(legality, variant, position)
        if choice:
            problems.append(f"deal {deal}: {choice}\n{format_board(position)}")
            break
        if by_game != by_hook:
            problems.append(
                f"deal {deal}: the game lists {len(by_game)} moves, the legality hook allows {len(by_hook)}"
                f" (differing: {sorted(map(str, by_game ^ by_hook))[:4]})\n{format_board(position)}"
            )
            break
        if any(not game.check(move) for move in listed):
            problems.append(f"deal {deal}: a listed move is refused by Game.check")
            break
        # The reference judge and the move generator read the same rules: the same moves, in the same order.
        rules = variant.rules
        judged = [
            move
            for move in candidate_moves(
                position, foundation_takeback=True, reserve=rules.reserve, cell_suits=rules.cell_suits
            )
            if check_move(rules, position, move)
        ]
        generated = legal_moves(rules, position)
        if judged != generated:
            differing = sorted({str(move) for move in judged} ^ {str(move) for move in generated})[:4]
            problems.append(
                f"deal {deal}: check_move allows {len(judged)} moves, the move generator lists {len(generated)}"
                f" (differing: {differing}, or the order)\n{format_board(position)}"
            )
            break
    return problems


def _check_undo(pm: pluggy.PluginManager, variant: Variant, rng: random.Random, games: int, moves: int) -> list[str]:
    problems: list[str] = []
    counts, _ = cell_counts(variant, pm)
    for _ in range(games):
        deal = rng.randint(1, 1_000_000)
        game = Game.new(variant, deal, rng.choice(counts), plugins=pm)
        history: list[tuple[Position, int, int]] = []
        for _ in range(min(moves, max(variant.rules.undo_limit, 0) or moves)):
            if game.is_over:
                break
            history.append((game.position, game.score, game.moves))
            if not _random_step(game, rng):
                history.pop()
                break
        if game.is_over:
            continue
        while history:
            position, _, _ = history.pop()
            game.undo()
            if game.position != position:
                problems.append(f"deal {deal}: undo after move {len(history) + 1} does not restore the position")
                break
        if game.can_undo:
            problems.append(f"deal {deal}: something is left to undo after undoing every move")
        if game.position != Game.new(variant, deal, len(game.position.cells), plugins=pm).position:
            problems.append(f"deal {deal}: undoing every move does not return to the deal")
    return problems


def _check_redeal(pm: pluggy.PluginManager, variant: Variant, rng: random.Random, games: int, moves: int) -> list[str]:
    """A redeal is undone and redone exactly and replays from the game's record; without one it is refused."""
    counts, _ = cell_counts(variant, pm)
    if variant.rules.redeal is Redeal.NONE:
        game = Game.new(variant, rng.randint(1, 1_000_000), rng.choice(counts), plugins=pm)
        before = game.position
        try:
            game.redeal()
        except IllegalMoveError:
            return [] if game.position == before and not game.log else ["a refused redeal changed the game"]
        return ["a variant without a redeal redeals"]
    problems: list[str] = []
    started = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    for _ in range(games):
        deal = rng.randint(1, 1_000_000)
        game = Game.new(variant, deal, rng.choice(counts), plugins=pm)
        for _ in range(moves):
            if game.is_over or not _random_step(game, rng):
                break
        if game.is_over:
            continue
        before = game.position
        game.redeal()
        after = game.position
        game.undo()
        if game.position != before:
            problems.append(f"deal {deal}: undo after a redeal does not restore the position")
            continue
        game.redo()
        if game.position != after:
            problems.append(f"deal {deal}: redo of a redeal does not deal the same position again")
            continue
        played = replay(parse_record(format_record(record_of(game, result="unfinished", started=started))), plugins=pm)
        if played.problem is not None or played.game is None or played.game.position != game.position:
            problems.append(f"deal {deal}: the record of a game with redeals does not replay: {played.problem}")
    return problems


def _check_formats(pm: pluggy.PluginManager, variant: Variant, rng: random.Random, games: int, moves: int) -> list[str]:
    problems: list[str] = []
    for game, deal in random_games(pm, variant, rng, games, moves):
        position = game.position
        text = format_board(position)
        read = parse_board(text, columns=len(position.columns), cells=len(position.cells))
        if read != position:
            problems.append(f"deal {deal}: parse_board(format_board(p)) != p for\n{text}")
            break
        for move in game.legal_moves:
            if Move.parse(str(move)) != move:
                problems.append(f"deal {deal}: Move.parse({str(move)!r}) != {move!r}")
                break
    return problems


# -- scoring -------------------------------------------------------------------------------------


def check_scoring(
    variant: str | Variant,
    pm: pluggy.PluginManager | None = None,
    *,
    games: int = 4,
    moves: int = 40,
    seed: int = 2027,
) -> list[str]:
    """What is wrong with ``variant``'s scoring, as the score a game shows; an empty list when nothing is.

    Two checks, each its own function: a score never drops below 0 unless
    the variant's :attr:`~patience.rules.Scoring.negative` says it may
    (:func:`check_score_floor`); undoing and redoing a move never leaves a
    score above the one playing it once gave (:func:`check_undo_redo_score`).
    A third, :func:`check_scoring_text`, needs a won game: the solver's half
    of the kit (:func:`patience_solver.testing.check_solver`) plays its
    solution through it.
    """
    pm = pm if pm is not None else make_plugin_manager()
    var = get_variant(variant, pm) if isinstance(variant, str) else variant
    return [
        *check_score_floor(var, pm, random.Random(seed), games, moves),
        *check_undo_redo_score(var, pm, random.Random(seed + 1), games, moves),
    ]


def _scoring_games(
    pm: pluggy.PluginManager, variant: Variant, rng: random.Random, games: int, moves: int
) -> Iterator[tuple[Game, int, Move]]:
    """Random games that send cards home whenever they can, where scoring happens: each game and its next move."""
    counts, _ = cell_counts(variant, pm)
    for _ in range(games):
        deal = rng.randint(1, 1_000_000)
        game = Game.new(variant, deal, rng.choice(counts), plugins=pm)
        for _ in range(moves):
            legal = list(game.legal_moves)
            if not legal or game.is_over:
                break
            home = [move for move in legal if move.destination.kind is PlaceKind.FOUNDATION]
            move = rng.choice(home or legal)
            yield game, deal, move
            if _ended(game):  # the check may have won the game with the move and left it so
                break
            game.play(move)


def _ended(game: Game) -> bool:
    """Whether ``game`` is over (asked again after a check has played in it)."""
    return game.is_over


def check_score_floor(
    variant: Variant, pm: pluggy.PluginManager, rng: random.Random, games: int = 4, moves: int = 40
) -> list[str]:
    """A score below 0 after a deal, a move, an undo or a redo, unless the variant's scoring is ``negative``."""
    if variant.rules.scoring.negative:
        return []
    for game, deal, move in _scoring_games(pm, variant, rng, games, moves):
        if game.score < 0:
            return [
                f"deal {deal}: the score is {game.score} after {game.moves} moves, below 0 (Scoring.negative is off)"
            ]
        game.play(move)
        steps = [("the move", game.score)]
        if game.can_undo:
            game.undo()
            steps.append(("undoing it", game.score))
            game.redo()
            steps.append(("redoing it", game.score))
        for what, score in steps:
            if score < 0:
                return [f"deal {deal}: the score is {score} after {what} {move}, below 0 (Scoring.negative is off)"]
        if game.can_undo:
            game.undo()  # the generator plays the move itself
    return []


def check_undo_redo_score(
    variant: Variant, pm: pluggy.PluginManager, rng: random.Random, games: int = 4, moves: int = 40, cycles: int = 3
) -> list[str]:
    """A move undone and redone ``cycles`` times that leaves a score above the one playing it once gave.

    An undo may not raise the score above what it was before the move
    either: undo and redo together must not farm points.
    """
    for game, deal, move in _scoring_games(pm, variant, rng, games, moves):
        before = game.score
        game.play(move)
        once = game.score
        for cycle in range(1, cycles + 1):
            if not game.can_undo or game.is_over:
                break
            game.undo()
            if game.score > max(before, once):
                return [
                    f"deal {deal}: undoing {move} ({cycle} times) gives {game.score}, more than before it ({before})"
                ]
            game.redo()
            if game.score > once:
                return [
                    f"deal {deal}: undoing and redoing {move} {cycle} times gives {game.score},"
                    f" more than playing it once ({once})"
                ]
        if game.can_undo:
            game.undo()  # the generator plays the move itself
    return []


#: What a rules text states about the score, in the words the shipped variants use.
_CARD_POINTS = re.compile(r"\+(\d+) (for each card home|the first time each card reaches a foundation)")
_UNDO_COST = re.compile(r"an undo costs (\d+)")
_WIN_BONUS = re.compile(r"a win adds (\d+) [−-] (\d+) [×x] moves")


@frozen
class StatedScoring:
    """The points a variant's rules text states: per card home, per undo, and the win bonus less so much a move."""

    card_home: int
    first_time_only: bool = False
    undo_cost: int = 0
    takes_back: bool = False
    win_bonus: int = 0
    win_bonus_per_move: int = 0


def stated_scoring(variant: Variant) -> StatedScoring | None:
    """The scoring ``variant``'s rules text (in English) states, or ``None`` when it states no points a card."""
    text = " ".join(variant.rules_text.split())
    card = _CARD_POINTS.search(text)
    if card is None:
        return None
    undo = _UNDO_COST.search(text)
    win = _WIN_BONUS.search(text)
    return StatedScoring(
        card_home=int(card[1]),
        first_time_only=card[2].startswith("the first time"),
        undo_cost=int(undo[1]) if undo else 0,
        takes_back="takes back what the" in text,
        win_bonus=int(win[1]) if win else 0,
        win_bonus_per_move=int(win[2]) if win else 0,
    )


def _arrivals(position: Position, action_moves: Iterable[Move]) -> tuple[list[Card], Position]:
    """The cards ``action_moves`` put on a foundation from ``position``, and the position after them."""
    arrived: list[Card] = []
    for move in action_moves:
        if move.destination.kind is PlaceKind.FOUNDATION:
            arrived.extend(position.moving_cards(move))
        position = position.apply(move)
    return arrived, position


def check_scoring_text(
    variant: Variant, pm: pluggy.PluginManager, position: Position, winning: Sequence[Move], *, solve_deal: int = 1
) -> list[str]:
    """Whether the won game ``winning`` plays from ``position`` (deal ``solve_deal``) scores as the rules text states.

    Each action must earn the stated points for each card it sends home
    (once a card with "the first time"), the first undo after points were
    earned must cost what is stated, and the winning action must add the
    stated win bonus for the moves made. Nothing is checked when the text
    states no points.
    """
    stated = stated_scoring(variant)
    if stated is None:
        return []
    game = Game.from_position(variant, position, plugins=pm)
    start = game.position
    ever = {card for index in range(len(start.foundations)) for card in start.foundation_cards(index)}
    undone = False
    for move in winning:
        before, at = game.score, game.position
        action = game.play(move)
        arrived, _ = _arrivals(at, (*action.moves, *action.auto))
        earned = [card for card in arrived if not (stated.first_time_only and card in ever)]
        ever.update(arrived)
        wanted = before + stated.card_home * len(earned)
        if game.is_won:
            wanted += max(0, stated.win_bonus - stated.win_bonus_per_move * game.moves)
        if game.score != wanted:
            what = "the winning move" if game.is_won else "the move"
            return [
                f"deal {solve_deal}: {what} {move} sends {len(earned)} card{'s' * (len(earned) != 1)} home and scores"
                f" {game.score - before}, where the rules text states {wanted - before}"
            ]
        if not undone and earned and not game.is_over and game.can_undo and before >= stated.undo_cost:
            undone = True
            after = game.score
            game.undo()
            cost = (after - before if stated.takes_back else 0) + stated.undo_cost
            if game.score != after - cost:
                return [
                    f"deal {solve_deal}: undoing {move} costs {after - game.score} points,"
                    f" where the rules text states {cost}"
                ]
            game.redo()
            ever.update(arrived)
    return []


# -- catalogs ------------------------------------------------------------------------------------


def _fields(text: str) -> set[str]:
    """The ``{placeholder}`` names of a str.format message (``{{`` and ``}}`` are no placeholders)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def _as_tuple(value: object) -> tuple[str, ...]:
    if isinstance(value, tuple | list):
        return tuple(str(part) for part in value)
    return (str(value),) if value else ("",)


def _catalog_problems(catalog: Any, wanted: list[tuple[str | None, str]], where: str) -> list[str]:
    """What is wrong with one language's catalog.

    A wanted message missing; any message untranslated, fuzzy, or with other placeholders than its English.
    """
    problems: list[str] = []
    for context, ident in wanted:
        if catalog.get(ident, context=context) is None:
            problems.append(f"{where}: {ident!r} is not in the catalog")
    for message in catalog:
        if not message.id:
            continue
        ids = _as_tuple(message.id)
        name = f"{where}: {ids[0]!r}"
        strings = _as_tuple(message.string)
        if not all(strings):
            problems.append(f"{name} is not translated")
        if message.fuzzy:
            problems.append(f"{name} is fuzzy (its English changed: check the translation, then drop the flag)")
        expected = set().union(*(_fields(text) for text in ids))
        for text in strings:
            if text and _fields(text) != expected:
                found, kept = sorted(_fields(text)), sorted(expected)
                problems.append(f"{name}: the translation has the placeholders {found}, the message {kept}")
                break
    return problems


def check_catalogs(variant: str | Variant, pm: pluggy.PluginManager | None = None) -> list[str]:
    """What is wrong with the catalogs of ``variant``'s plugin; an empty list when nothing is.

    The catalogs are those of the variant's gettext domain (its plugin's
    import package): ``<domain>/locale/<language>/LC_MESSAGES/<domain>.po``.
    For each language the plugin ships a catalog for, every message the
    variant shows (its description and each paragraph of its rules) and
    every message of the plugin's template (``locale/<domain>.pot``, when it
    ships one) must be in the catalog; every message there must be
    translated, not fuzzy, and keep exactly the ``{placeholders}`` of its
    English. A plugin with no catalogs passes: it speaks English only.
    """
    from babel.messages.pofile import PoFileError, read_po

    var = get_variant(variant, pm if pm is not None else make_plugin_manager()) if isinstance(variant, str) else variant
    if not var.domain:
        return []
    try:
        locale = importlib.resources.files(var.domain).joinpath("locale")
        languages = sorted(entry.name for entry in locale.iterdir() if entry.is_dir()) if locale.is_dir() else []
    except (ModuleNotFoundError, TypeError, NotADirectoryError):
        return []
    shown = [text for text in (var.description, *paragraphs(var.rules_text)) if text]
    wanted: list[tuple[str | None, str]] = [(None, text) for text in shown]
    template = locale.joinpath(f"{var.domain}.pot")
    if template.is_file():
        with template.open("rb") as handle:
            wanted += [(m.context, _as_tuple(m.id)[0]) for m in read_po(handle) if m.id]
    problems: list[str] = []
    for language in languages:
        po = locale.joinpath(language, "LC_MESSAGES", f"{var.domain}.po")
        if not po.is_file():
            continue
        with po.open("rb") as handle:
            try:
                catalog = read_po(handle, locale=language, abort_invalid=True)
            except (PoFileError, ValueError) as error:
                problems.append(f"{var.domain} {language}: the catalog cannot be read: {error}")
                continue
        problems += _catalog_problems(catalog, wanted, f"{var.domain} {language}")
    return problems


# -- the pytest plugin ---------------------------------------------------------------------------


@pytest.fixture
def patience_plugins() -> list[object]:
    """Plugin objects to register on ``patience_pm`` besides the installed ones (override it in a conftest)."""
    return []


@pytest.fixture
def patience_pm(patience_plugins: list[object]) -> Iterator[pluggy.PluginManager]:
    """A fresh plugin manager: the installed plugins and ``patience_plugins``, unregistered after the test."""
    pm = make_plugin_manager()
    for plugin in patience_plugins:
        pm.register(plugin)
    yield pm
    for plugin in patience_plugins:
        if pm.is_registered(plugin):
            pm.unregister(plugin)


@pytest.fixture
def patience_conformance(patience_pm: pluggy.PluginManager) -> Callable[..., None]:
    """``patience_conformance("my-variant")`` runs :func:`check_variant` on ``patience_pm``."""

    def run(variant: str | Variant, **options: Any) -> None:
        check_variant(variant, patience_pm, **options)

    return run
