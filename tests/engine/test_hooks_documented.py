"""Every hook is documented, plugins register without entry points, and an overriding legality hook is obeyed.

The documentation test follows datasette's: docs/plugins.md has one section
per hook, headed by the hook's exact signature, so a new hook cannot ship
without its reference section.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FunctionType

import pluggy
import pytest

import patience
from patience import (
    Build,
    EmptyColumns,
    Game,
    IllegalMoveError,
    Move,
    PlaceKind,
    Position,
    Rules,
    Variant,
    Verdict,
    hookimpl,
    ms_deal,
)
from patience.plugins import DEFAULT_PLUGIN, hook_implementers, hookspecs, make_plugin_manager, rules_are_data

PLUGINS_MD = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def hook_specs() -> dict[str, FunctionType]:
    marker = "patience_spec"  # pluggy's HookspecMarker("patience") sets this attribute
    return {
        name: function
        for name, function in vars(hookspecs).items()
        if isinstance(function, FunctionType) and hasattr(function, marker)
    }


def signature_heading(name: str, function: FunctionType) -> str:
    """``patience_deal(variant, deal, cells) -> Position | None``: parameter names and the return annotation."""
    signature = inspect.signature(function)
    params = ", ".join(signature.parameters)
    returns = signature.return_annotation
    if not isinstance(returns, str):  # annotations are strings under `from __future__ import annotations`
        returns = inspect.formatannotation(returns)
    return f"{name}({params}) -> {returns}"


def documented_headings() -> list[str]:
    text = PLUGINS_MD.read_text(encoding="utf-8")
    return re.findall(r"^###\s+`([^`]+)`\s*$", text, flags=re.MULTILINE)


def section(heading: str) -> str:
    text = PLUGINS_MD.read_text(encoding="utf-8")
    start = text.index(f"`{heading}`")
    end = text.find("\n##", start)
    return text[start : end if end != -1 else len(text)]


# -- documentation ---------------------------------------------------------


def test_the_hooks_are_registration_and_the_engine_s_four() -> None:
    assert set(hook_specs()) == {
        "patience_register_variants",
        "patience_deal",
        "patience_move_legality",
        "patience_cell_counts",
        "patience_score_action",
    }


@pytest.mark.parametrize("name", sorted(hook_specs()))
def test_every_hookspec_docstring_states_each_parameter_and_the_return(name: str) -> None:
    doc = inspect.getdoc(hook_specs()[name]) or ""
    for param in inspect.signature(hook_specs()[name]).parameters:
        assert f":param {param}:" in doc, f"the docstring of {name} does not state :param {param}:"
    assert ":returns:" in doc, f"the docstring of {name} does not state what it returns"


@pytest.mark.parametrize("name", sorted(hook_specs()))
def test_every_hook_section_lists_each_parameter_and_the_return(name: str) -> None:
    spec = hook_specs()[name]
    body = section(signature_heading(name, spec))
    assert "**Parameters**" in body and "**Returns**" in body, f"the section on {name} lacks Parameters or Returns"
    for param in inspect.signature(spec).parameters:
        assert re.search(rf"^- `{param}` \(`", body, flags=re.MULTILINE), (
            f"the section on {name} does not list the parameter {param} with its type"
        )


def test_the_guide_says_what_routing_means_for_a_pluggy_user() -> None:
    text = PLUGINS_MD.read_text(encoding="utf-8")
    start = text.index("## Routing for a pluggy user")
    body = text[start : text.find("\n#", start + 1)]
    for word in ("subset_hook_caller", "wrapper=True", "hookwrapper=True", "tryfirst", "add_hookcall_monitoring"):
        assert word in body, f"the routing section does not say how {word} behaves"
    assert "refused" in body and "disabled" in body


@pytest.mark.parametrize("name", sorted(hook_specs()))
def test_every_hookspec_has_a_docstring(name: str) -> None:
    doc = inspect.getdoc(hook_specs()[name])
    assert doc, f"hookspec {name} has no docstring: say when it is called, what it returns, whether firstresult"


@pytest.mark.parametrize("name", sorted(hook_specs()))
def test_every_hook_is_documented_under_its_exact_signature(name: str) -> None:
    heading = signature_heading(name, hook_specs()[name])
    assert heading in documented_headings(), (
        f"docs/plugins.md has no section headed ### `{heading}`; add one to the hook reference"
    )


@pytest.mark.parametrize("name", sorted(hook_specs()))
def test_every_hook_section_says_whether_it_is_firstresult(name: str) -> None:
    spec = hook_specs()[name]
    firstresult = spec.patience_spec["firstresult"]  # type: ignore[attr-defined]
    body = section(signature_heading(name, spec))
    if firstresult:
        assert "firstresult" in body, f"the section on {name} must say it is firstresult"
    else:
        assert re.search(r"not firstresult|every result", body, flags=re.IGNORECASE), (
            f"the section on {name} must say it is not firstresult"
        )


def test_no_section_documents_a_hook_that_does_not_exist() -> None:
    names = {heading.split("(")[0] for heading in documented_headings() if heading.startswith("patience_")}
    assert names <= set(hook_specs()), f"docs/plugins.md documents unknown hooks: {sorted(names - set(hook_specs()))}"


# -- a plugin defined in the test ------------------------------------------

TINY = Variant(
    name="tiny-cell",
    title="Tiny Cell",
    prefix="TY",
    columns=8,
    cell_counts=(4, 2),
    default_cells=4,
    rules=Rules(build=Build.ANY_SUIT, empty_columns=EmptyColumns.ANY),
)


class TinyPlugin:
    """A whole variant in a few lines: FreeCell's layout, building down regardless of suit."""

    @hookimpl
    def patience_register_variants(self, register: Callable[[Variant], None]) -> None:
        register(TINY)

    @hookimpl
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> Position | None:
        cards = ms_deal(deal)
        return Position(tuple(cards[i::8] for i in range(8)), (None,) * cells)


class NoCellsPlugin:
    """Refuses every move to a cell in Tiny Cell: a rule that Rules cannot say.

    Tiny Cell is another plugin's variant, so this one says it overrides it.
    """

    PATIENCE_OVERRIDES = ("tiny-cell",)

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        self.calls += 1
        if move.destination.kind is PlaceKind.CELL:
            return Verdict(False, "Tiny Cell keeps its cells for decoration")
        return None  # fall through to the defaults, which read TINY.rules


@pytest.fixture
def pm() -> Iterator[pluggy.PluginManager]:
    manager = make_plugin_manager(load_entry_points=False)
    plugin = TinyPlugin()
    manager.register(plugin, name="tiny")
    yield manager
    manager.unregister(plugin)


@pytest.fixture
def no_cells(pm: pluggy.PluginManager) -> Iterator[NoCellsPlugin]:
    plugin = NoCellsPlugin()
    pm.register(plugin, name="no-cells")
    yield plugin
    pm.unregister(plugin)


def test_a_plugin_registers_without_entry_points(pm: pluggy.PluginManager) -> None:
    pm.check_pending()
    table = patience.variants(pm)
    assert list(table) == ["tiny-cell"]  # nothing installed leaks into a fresh manager
    assert table["tiny-cell"].plugin == "tiny"
    game = Game.new("tiny-cell", 1, plugins=pm)
    assert game.code == "TY1-C4-AAAAAAB"
    assert [len(column) for column in game.position.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    move = next(iter(game.legal_moves))
    game.play(move)
    game.undo()
    assert game.position == game.dealt


def test_unregistering_removes_the_variant(pm: pluggy.PluginManager) -> None:
    plugin = pm.get_plugin("tiny")
    pm.unregister(plugin)
    assert patience.variants(pm) == {}
    pm.register(plugin, name="tiny")  # the fixture unregisters it again


def test_check_pending_catches_a_misspelt_hook(pm: pluggy.PluginManager) -> None:
    class Misspelt:
        @hookimpl
        def patience_deals(self, variant: Variant, deal: int, cells: int) -> None:
            return None

    plugin = Misspelt()
    pm.register(plugin)
    try:
        with pytest.raises(pluggy.PluginValidationError, match="patience_deals"):
            pm.check_pending()
    finally:
        pm.unregister(plugin)
    pm.check_pending()


def test_rules_are_data_without_an_overriding_legality_hook(pm: pluggy.PluginManager) -> None:
    assert hook_implementers("patience_move_legality", pm) == [DEFAULT_PLUGIN]
    assert rules_are_data(patience.get_variant("tiny-cell", pm), pm)


def test_an_overriding_legality_hook_is_consulted_by_the_game(
    pm: pluggy.PluginManager, no_cells: NoCellsPlugin
) -> None:
    pm.check_pending()
    assert not rules_are_data(patience.get_variant("tiny-cell", pm), pm)
    game = Game.new("tiny-cell", 1, plugins=pm)
    verdict = game.check(Move.parse("1a"))
    assert not verdict
    assert str(verdict.reason) == "Tiny Cell keeps its cells for decoration"
    assert no_cells.calls == 1
    with pytest.raises(IllegalMoveError, match="decoration"):
        game.play("1a")
    moves = list(game.legal_moves)
    assert moves, "moves between columns are still judged by the defaults"
    assert all(move.destination.kind is not PlaceKind.CELL for move in moves)
    assert no_cells.calls > len(moves)


def test_an_override_answers_only_for_its_own_variant(pm: pluggy.PluginManager, no_cells: NoCellsPlugin) -> None:
    from patience_variants import freecell

    pm.register(freecell, name="freecell")
    try:
        game = Game.new("freecell", 1, plugins=pm)
        assert game.check(Move.parse("1a"))
        assert no_cells.calls == 0
    finally:
        pm.unregister(freecell)
