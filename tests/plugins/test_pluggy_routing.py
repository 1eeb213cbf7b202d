"""A variant's hook call goes through pluggy: wrappers, tryfirst, monitoring and direct calls as pluggy users expect.

Each plugin is defined here and registered on a fresh plugin manager
(with the installed plugins). Third-party plugins may observe a shipped
variant's calls, never change their answers.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pluggy
import pytest
from attrs import evolve
from plugin_dists import FREECELL_1, distribution
from plugin_dists import patience as run_patience

import patience
from patience import (
    ActionKind,
    Game,
    Move,
    Position,
    ScoredAction,
    ScoreState,
    Variant,
    Verdict,
    check_move,
    deal_position,
    get_variant,
    hookimpl,
    variants,
)
from patience.plugins import PluginLoadWarning, Registrar, make_plugin_manager, plugin_failures

PLUGINS_PACKAGE = Path(patience.__file__).resolve().parent / "plugins"


@pytest.fixture
def pm() -> Iterator[pluggy.PluginManager]:
    manager = make_plugin_manager()
    yield manager
    for name, plugin in list(manager.list_name_plugin()):
        if name.startswith("test-") and manager.is_registered(plugin):
            manager.unregister(plugin)


# -- wrappers and monitoring see the calls ------------------------------------------------------


class CountScoring:
    """A new-style wrapper that only observes the scoring hook."""

    def __init__(self) -> None:
        self.kinds: list[ActionKind] = []

    @hookimpl(wrapper=True)
    def patience_score_action(
        self, variant: Variant, action: ScoredAction
    ) -> Generator[None, ScoreState | None, ScoreState | None]:
        self.kinds.append(action.kind)
        return (yield)


def test_a_wrapper_on_the_scoring_hook_sees_every_scored_action(pm: pluggy.PluginManager) -> None:
    plugin = CountScoring()
    pm.register(plugin, name="test-count-scoring")
    game = Game.new("freecell", 1, plugins=pm)
    game.play(next(iter(game.legal_moves)))
    game.undo()
    assert plugin.kinds == [ActionKind.DEAL, ActionKind.MOVE, ActionKind.UNDO]
    assert "test-count-scoring" not in plugin_failures(pm)


def test_an_old_style_hookwrapper_sees_the_deal(pm: pluggy.PluginManager) -> None:
    seen: list[str] = []

    class Watch:
        @hookimpl(hookwrapper=True)
        def patience_deal(self, variant: Variant, deal: int) -> Generator[None, Any, None]:
            outcome = yield
            seen.append(f"{variant.name} {deal} {type(outcome.get_result()).__name__}")

    pm.register(Watch(), name="test-watch")
    Game.new("eight-off", 7, plugins=pm)
    assert seen == ["eight-off 7 Position"]


def test_hookcall_monitoring_sees_a_deal_and_a_move(pm: pluggy.PluginManager) -> None:
    called: list[str] = []
    undo = pm.add_hookcall_monitoring(lambda name, impls, kwargs: called.append(name), lambda *args: None)
    try:
        game = Game.new("freecell", 1, plugins=pm)
        dealt = list(called)
        game.play(next(iter(game.legal_moves)))
    finally:
        undo()
    assert "patience_deal" in dealt and "patience_cell_counts" in dealt
    assert called[len(dealt) :] == ["patience_score_action"]


def test_tracing_writes_each_routed_call(pm: pluggy.PluginManager) -> None:
    lines: list[str] = []
    pm.trace.root.setwriter(lines.append)
    undo = pm.enable_tracing()
    try:
        Game.new("bakers-game", 3, plugins=pm)
    finally:
        undo()
    assert any("patience_deal" in line for line in lines)


def test_the_routed_call_names_the_variant_s_own_plugin_and_the_defaults(pm: pluggy.PluginManager) -> None:
    seen: list[list[str]] = []
    undo = pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: (
            seen.append([impl.plugin_name for impl in impls]) if name == "patience_deal" else None
        ),
        lambda *args: None,
    )
    try:
        deal_position(get_variant("seahaven-towers", pm), 1, 4, pm)
    finally:
        undo()
    assert seen == [["patience.defaults", "seahaven_towers"]]  # pluggy lists the one called last first


def test_a_derived_plugin_s_wrapper_gets_the_base_s_deal_to_change(pm: pluggy.PluginManager) -> None:
    class Mirrored:
        @hookimpl
        def patience_register_variants(self, register: Registrar) -> None:
            register(register.get("freecell").derive(name="mirrored", title="Mirrored", prefix="MI"))

        @hookimpl(wrapper=True)
        def patience_deal(self, variant: Variant) -> Generator[None, Position, Position]:
            dealt = yield
            if variant.name != "mirrored":
                return dealt
            return evolve(dealt, columns=tuple(reversed(dealt.columns)))

    pm.register(Mirrored(), name="test-mirrored")
    freecell = deal_position(get_variant("freecell", pm), 4, 4, pm)
    mirrored = deal_position(get_variant("mirrored", pm), 4, 4, pm)
    assert mirrored.columns == tuple(reversed(freecell.columns))


# -- a direct pluggy call answers for the variant it names ---------------------------------------


def test_a_direct_deal_call_deals_each_installed_variant_as_its_own_plugin(pm: pluggy.PluginManager) -> None:
    for variant in variants(pm).values():
        direct = pm.hook.patience_deal(variant=variant, deal=1, cells=variant.default_cells)
        assert direct == deal_position(variant, 1, variant.default_cells, pm), variant.name


def test_a_direct_legality_call_judges_by_the_named_variant_s_rules(pm: pluggy.PluginManager) -> None:
    for variant in variants(pm).values():
        position = deal_position(variant, 2, variant.default_cells, pm)
        game = Game.from_position(variant, position, plugins=pm, autoplay_first=False)
        for move in list(game.legal_moves)[:5]:
            verdict = pm.hook.patience_move_legality(variant=variant, position=position, move=move)
            assert verdict == game.check(move), (variant.name, str(move))


# -- other plugins cannot change a shipped variant's answer --------------------------------------


def _reversed_deck(columns: int, cells: int) -> Position:
    """The deck in reverse, dealt round the columns: a deal no shipped variant deals."""
    return Position(patience.deal_round_robin(tuple(reversed(patience.full_deck())), columns), (None,) * cells)


class EagerJudge:
    """A plugin of its own variant whose ``tryfirst`` impls would answer for every variant."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(register.get("freecell").derive(name="eager", title="Eager", prefix="EG"))

    @hookimpl(tryfirst=True)
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict:
        return Verdict(False, "nothing moves here")

    @hookimpl(tryfirst=True)
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> Position:
        return _reversed_deck(8, cells)


def test_a_third_party_tryfirst_impl_cannot_change_freecell_s_deal_or_verdict(pm: pluggy.PluginManager) -> None:
    freecell = get_variant("freecell", pm)
    plain = deal_position(freecell, 5, 4, make_plugin_manager())
    pm.register(EagerJudge(), name="test-eager")
    assert deal_position(freecell, 5, 4, pm) == plain
    assert pm.hook.patience_deal(variant=freecell, deal=5, cells=4) == plain
    game = Game.from_position(freecell, plain, plugins=pm, autoplay_first=False)
    move = next(iter(game.legal_moves))
    assert pm.hook.patience_move_legality(variant=freecell, position=plain, move=move) == check_move(
        freecell.rules, plain, move, freecell.title
    )
    assert game.check(move)
    # Its own variant it judges as it likes.
    eager = get_variant("eager", pm)
    assert not pm.hook.patience_move_legality(variant=eager, position=plain, move=move)


class AlteringDeal:
    """A wrapper that would deal every variant in one order of its own."""

    @hookimpl(wrapper=True)
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> Generator[None, Position, Position]:
        yield
        return _reversed_deck(variant.columns, cells)


class AlteringVerdict:
    """An old-style hookwrapper that would allow every move."""

    @hookimpl(hookwrapper=True)
    def patience_move_legality(self, variant: Variant) -> Generator[None, Any, None]:
        outcome = yield
        outcome.force_result(Verdict(True))


def test_a_wrapper_that_would_change_freecell_s_deal_is_refused_with_one_line(pm: pluggy.PluginManager) -> None:
    freecell = get_variant("freecell", pm)
    plain = deal_position(freecell, 9, 4, make_plugin_manager())
    pm.register(AlteringDeal(), name="test-altering-deal")
    with pytest.warns(PluginLoadWarning) as caught:
        assert deal_position(freecell, 9, 4, pm) == plain
    lines = [str(w.message) for w in caught if issubclass(w.category, PluginLoadWarning)]
    assert len(lines) == 1 and "'test-altering-deal'" in lines[0] and "\n" not in lines[0]
    assert "patience_deal" in lines[0]
    assert "test-altering-deal" in plugin_failures(pm)
    assert not pm.has_plugin("test-altering-deal")
    assert pm.hook.patience_deal(variant=freecell, deal=9, cells=4) == plain


def test_a_hookwrapper_that_would_change_freecell_s_verdict_is_refused(pm: pluggy.PluginManager) -> None:
    freecell = get_variant("freecell", pm)
    position = deal_position(freecell, 1, 4, pm)
    game = Game.from_position(freecell, position, plugins=pm, autoplay_first=False)
    illegal = next(
        move for move in patience.legality.candidate_moves(position, foundation_takeback=True) if not game.check(move)
    )
    pm.register(AlteringVerdict(), name="test-altering-verdict")
    with pytest.warns(PluginLoadWarning, match="'test-altering-verdict'"):
        verdict = pm.hook.patience_move_legality(variant=freecell, position=position, move=illegal)
    assert not verdict
    assert "test-altering-verdict" in plugin_failures(pm)


def test_an_observing_wrapper_on_freecell_s_deal_stays_registered(pm: pluggy.PluginManager) -> None:
    seen: list[int] = []

    class Observe:
        @hookimpl(wrapper=True)
        def patience_deal(self, deal: int) -> Generator[None, Position, Position]:
            seen.append(deal)
            return (yield)

    pm.register(Observe(), name="test-observe")
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginLoadWarning)
        Game.new("freecell", 11, plugins=pm)
    assert seen == [11]
    assert pm.has_plugin("test-observe")


def test_a_wrapper_may_change_its_own_variant_s_answer(pm: pluggy.PluginManager) -> None:
    class OwnScore:
        @hookimpl
        def patience_register_variants(self, register: Registrar) -> None:
            register(register.get("freecell").derive(name="bonus-cell", title="Bonus Cell", prefix="QD"))

        @hookimpl(wrapper=True)
        def patience_score_action(self, variant: Variant) -> Generator[None, ScoreState, ScoreState]:
            state = yield
            return evolve(state, score=state.score + 1) if variant.name == "bonus-cell" else state

    pm.register(OwnScore(), name="test-own-score")
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginLoadWarning)
        assert Game.new("bonus-cell", 1, plugins=pm).score == Game.new("freecell", 1, plugins=pm).score + 1


# -- one registry, held by the plugin manager ----------------------------------------------------


def test_the_plugin_manager_holds_the_registry(pm: pluggy.PluginManager) -> None:
    from patience.plugins.registry import Registry

    registry = pm.registry  # type: ignore[attr-defined]
    assert isinstance(registry, Registry)
    assert registry.failures == plugin_failures(pm)
    assert set(registry.variants(pm)) == set(variants(pm))
    other = make_plugin_manager(load_entry_points=False)
    assert other.registry is not registry  # type: ignore[attr-defined]


def _module_state(path: Path) -> list[str]:
    """Module-level names bound to a mutable container or a ContextVar in ``path``."""
    found: list[str] = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if value is None:
            continue
        text = ast.unparse(value)
        if isinstance(value, ast.Dict | ast.Set) or any(
            word in text for word in ("ContextVar(", "WeakKeyDictionary(", "dict(", "set(")
        ):
            found += [ast.unparse(target) for target in targets]
    return found


def test_the_plugin_layer_keeps_no_state_of_its_own_beside_the_plugin_manager() -> None:
    # The stdout guard's per-thread flag and the SIGINT count are the process's, not a registry's.
    allowed = {"IN_PLUGIN"}
    found = {
        f"{path.name}:{name}"
        for path in sorted(PLUGINS_PACKAGE.glob("*.py"))
        for name in _module_state(path)
        if name not in allowed
    }
    assert PLUGINS_PACKAGE.is_dir()
    assert found == set()


# -- the hooks that only mirrored a Rules field are gone ----------------------------------------


def test_the_hooks_are_the_engine_s_four_and_the_registration_hook(pm: pluggy.PluginManager) -> None:
    specified = {name for name, caller in vars(pm.hook).items() if isinstance(caller, pluggy.HookCaller)}
    assert specified >= {
        "patience_register_variants",
        "patience_deal",
        "patience_move_legality",
        "patience_cell_counts",
        "patience_score_action",
    }
    assert not any(getattr(pm.hook, name).has_spec() for name in specified if "autoplay" in name or "tap" in name)


def test_a_plugin_implementing_a_removed_hook_is_told_it_is_never_called() -> None:
    class OldStyle:
        @hookimpl
        def patience_autoplay_policy(self, variant: Variant) -> patience.AutoPlay:
            return patience.AutoPlay.ALL

    manager = make_plugin_manager(load_entry_points=False)
    manager.register(OldStyle(), name="test-old-style")
    assert patience.unknown_hooks(manager) == {"test-old-style": ["patience_autoplay_policy"]}


def test_the_game_plays_automatically_by_the_rules_field() -> None:
    for variant in variants().values():
        assert Game.new(variant, 1).autoplay is variant.rules.autoplay


# -- the scoring hook is told the move and the positions -----------------------------------------


class CellTax:
    """A variant of its own: -5 for each card put in a cell, on top of the default scoring."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        base = register.get("freecell")
        scoring = evolve(base.rules.scoring, negative=True)
        register(base.derive(name="cell-tax", title="Cell Tax", prefix="CT", scoring=scoring))

    @hookimpl(wrapper=True)
    def patience_score_action(
        self, variant: Variant, move: Move | None, before: Position, after: Position
    ) -> Generator[None, ScoreState, ScoreState]:
        state = yield
        if variant.name != "cell-tax" or move is None:
            return state
        filled = sum(c is not None for c in after.cells) - sum(c is not None for c in before.cells)
        return evolve(state, score=state.score - 5 * max(filled, 0))


def test_a_scoring_hook_told_the_move_takes_five_for_each_card_put_in_a_cell(pm: pluggy.PluginManager) -> None:
    pm.register(CellTax(), name="test-cell-tax")
    game = Game.new("cell-tax", 1, plugins=pm)
    start = game.score
    to_cell = next(move for move in game.legal_moves if move.destination.kind is patience.PlaceKind.CELL)
    game.play(to_cell)
    assert game.score == start - 5
    other = next(move for move in game.legal_moves if move.destination.kind is patience.PlaceKind.CELL)
    game.play(other)
    assert game.score == start - 10
    plain = Game.new("freecell", 1, plugins=pm)
    plain.play(to_cell)
    assert plain.score == start


def test_the_scoring_hook_is_told_the_move_and_both_positions(pm: pluggy.PluginManager) -> None:
    calls: list[tuple[ActionKind, Move | None, Position, Position]] = []

    class Record:
        @hookimpl(wrapper=True)
        def patience_score_action(
            self, action: ScoredAction, move: Move | None, before: Position, after: Position
        ) -> Generator[None, ScoreState, ScoreState]:
            calls.append((action.kind, move, before, after))
            return (yield)

    pm.register(Record(), name="test-record")
    game = Game.new("eight-off", 1, plugins=pm)
    first = game.position
    move = next(iter(game.legal_moves))
    game.play(move)
    played = game.position
    game.undo()
    kinds = [call[0] for call in calls]
    assert kinds == [ActionKind.DEAL, ActionKind.MOVE, ActionKind.UNDO]
    assert calls[1][1] == move and calls[1][2] == first and calls[1][3] == played
    assert calls[2][1] is None and calls[2][3] == first


# -- the user's view: one line, the shipped deal unchanged ---------------------------------------

_ALTERING_SOURCE = """
    from patience import Position, hookimpl


    @hookimpl(wrapper=True)
    def patience_deal(variant, deal, cells):
        dealt = yield
        return Position(tuple(reversed(dealt.columns)), dealt.cells)
"""


def test_an_installed_wrapper_that_would_change_freecell_s_deal_is_named_in_one_line(tmp_path: Path) -> None:
    distribution(tmp_path, "mirror", _ALTERING_SOURCE)
    done = run_patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == FREECELL_1
    assert done.stderr.splitlines() == [
        "patience: warning: plugin 'mirror' would change what patience_deal answers for FreeCell,"
        " a variant that ships with patience; the plugin is disabled"
    ]


def test_the_plugin_layer_is_one_package_and_its_old_module_paths_are_gone() -> None:
    import importlib

    for name in ("hookspecs", "defaults", "registry", "routing", "manager", "_boundary"):
        assert importlib.import_module(f"patience.plugins.{name}").__file__.startswith(str(PLUGINS_PACKAGE))  # type: ignore[union-attr]
    for old in ("patience.hookspecs", "patience.defaults", "patience._boundary"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(old)
    assert patience.hookimpl is patience.plugins.hookimpl
    assert set(patience.plugins.__all__) >= {"Registry", "PatiencePluginManager", "route", "rules_are_data"}
