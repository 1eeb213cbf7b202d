"""Misbehaving plugins: each is checked where it enters and never takes the program down.

One plugin per kind of misbehaviour, defined here, registered on a fresh plugin manager and
removed by the fixture. A plugin that fails to import needs an
installed entry point: it is a real distribution's metadata on
``PYTHONPATH`` for a real ``patience`` process.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pluggy
import pytest

from patience import (
    ActionKind,
    Game,
    IllegalMoveError,
    Position,
    ScoredAction,
    ScoreState,
    Variant,
    get_variant,
    hookimpl,
    ms_deal,
    variants,
)
from patience.errors import PluginError
from patience.plugins import PluginLoadWarning, Registrar, make_plugin_manager, plugin_failures, resolve_code

BUILT_IN = ["eight-off", "freecell", "bakers-game", "seahaven-towers"]


def _variant(register: Registrar, name: str = "odd-cell", prefix: str = "OD", cells: tuple[int, ...] = (4,)) -> Variant:
    base = register.get("freecell")
    return base.derive(name=name, title=name.title(), prefix=prefix, cell_counts=cells, default_cells=cells[0])


@pytest.fixture
def install() -> Iterator[Callable[[object, str], pluggy.PluginManager]]:
    """Register a plugin on a fresh manager (with the installed plugins); unregister it afterwards."""
    added: list[tuple[pluggy.PluginManager, object]] = []

    def add(plugin: object, name: str) -> pluggy.PluginManager:
        pm = make_plugin_manager()
        pm.register(plugin, name=name)
        added.append((pm, plugin))
        return pm

    yield add
    for pm, plugin in added:
        if pm.is_registered(plugin):
            pm.unregister(plugin)


def _still_works(pm: pluggy.PluginManager) -> None:
    assert list(variants(pm))[:4] == BUILT_IN
    for name in BUILT_IN:
        game = Game.new(name, 1, plugins=pm)
        game.play(next(iter(game.legal_moves)))
    variant, code = resolve_code("FC1-C4-AAAAAAB", pm)
    assert variant.name == "freecell" and code.deal == 1


# -- a plugin that breaks at registration is disabled, the others keep working ---------


class RaisesAtRegistration:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        raise RuntimeError("the plugin's table file is missing")


class RegistersAString:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register("freecell but as a string")  # type: ignore[arg-type]


class RegistersFreeCellAgain:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_variant(register, name="freecell", prefix="XF"))


@pytest.mark.parametrize(
    ("plugin", "reason"),
    [
        (RaisesAtRegistration(), "RuntimeError: the plugin's table file is missing"),
        (RegistersAString(), "not a patience.Variant"),
        (RegistersFreeCellAgain(), "the variant name 'freecell', which plugin 'freecell' has"),
    ],
    ids=["raises", "a-string", "name-taken"],
)
def test_row_5_a_plugin_that_breaks_at_registration_is_disabled_with_one_warning(
    install: Callable[[object, str], pluggy.PluginManager], plugin: object, reason: str
) -> None:
    pm = install(plugin, "broken")
    with pytest.warns(PluginLoadWarning) as caught:
        table = variants(pm)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert "'broken'" in message and reason in message and "disabled" in message
    assert list(table)[:4] == BUILT_IN
    assert not pm.is_registered(plugin)
    assert "broken" in plugin_failures(pm)
    _still_works(pm)


# -- a unique code prefix --------------------------------------------------------------


class PrefixFC:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_variant(register, name="fake-cell", prefix="FC"))


def test_row_7_a_plugin_variant_with_the_prefix_fc_is_refused(
    install: Callable[[object, str], pluggy.PluginManager],
) -> None:
    pm = install(PrefixFC(), "fake")
    with pytest.warns(PluginLoadWarning, match="'fake' registered 'fake-cell' with the code prefix 'FC'"):
        table = variants(pm)
    assert "fake-cell" not in table
    _still_works(pm)


# -- a name on the command line means one game ------------------------------------------


class AliasOfFreeCell:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(attrs.evolve(_variant(register, name="free-for-all", prefix="FA"), aliases=("Free Cell",)))


class TwoThatShareATitle:
    """Registers two variants, the second titled as the first is named: the plugin's own variants clash."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        first = _variant(register, name="odd-cell", prefix="OD")
        register(first)
        register(attrs.evolve(_variant(register, name="even-cell", prefix="EC"), title="Odd Cell"))


@pytest.mark.parametrize(
    ("plugin", "said"),
    [
        (AliasOfFreeCell(), "'fake' registered 'free-for-all', which answers to 'free-cell' as 'freecell'"),
        (TwoThatShareATitle(), "'fake' registered 'even-cell', which answers to 'odd-cell' as 'odd-cell'"),
    ],
    ids=["alias-of-a-shipped-game", "title-of-its-own-other-game"],
)
def test_a_variant_that_answers_to_a_name_another_has_is_refused(
    install: Callable[[object, str], pluggy.PluginManager], plugin: object, said: str
) -> None:
    pm = install(plugin, "fake")
    with pytest.warns(PluginLoadWarning, match=re.escape(said)):
        table = variants(pm)
    assert "free-for-all" not in table and "even-cell" not in table
    assert get_variant("free cell", pm).name == "freecell"
    _still_works(pm)


# -- a deal must fit the variant ----------------------------------------------------------


class DealsWrongly:
    """Registers ``odd-cell`` (4 cells, 8 columns) and deals it with the wrong shape."""

    def __init__(self, columns: int, cells: int) -> None:
        self.columns = columns
        self.cells = cells

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_variant(register))

    @hookimpl
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> Position:
        cards = ms_deal(deal)
        n = self.columns
        return Position(tuple(cards[i::n] for i in range(n)), (None,) * self.cells)


@pytest.mark.parametrize(
    ("columns", "cells", "said"),
    [(8, 2, "8 columns and 2 cells, not 8 and 4"), (10, 4, "10 columns and 4 cells, not 8 and 4")],
    ids=["two-cells-for-four", "ten-columns-for-eight"],
)
def test_row_6_a_deal_that_does_not_fit_the_variant_is_refused_naming_the_plugin(
    install: Callable[[object, str], pluggy.PluginManager], columns: int, cells: int, said: str
) -> None:
    pm = install(DealsWrongly(columns, cells), "odd")
    with pytest.raises(PluginError, match=f"plugin 'odd' dealt Odd-Cell #5 with {said}"):
        Game.new("odd-cell", 5, plugins=pm)
    _still_works(pm)


# -- all or nothing ------------------------------------------------------------------------


class ScoringRaises:
    """Registers ``odd-cell`` and scores a move by raising (after the deal's own automatic play)."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_variant(register))

    @hookimpl
    def patience_score_action(self, variant: Variant, state: ScoreState, action: ScoredAction) -> ScoreState | None:
        if action.kind is ActionKind.DEAL:
            return None
        raise ZeroDivisionError("the plugin divided by the moves")


def test_row_8_a_raising_score_hook_leaves_the_game_unchanged(
    install: Callable[[object, str], pluggy.PluginManager],
) -> None:
    pm = install(ScoringRaises(), "scoring")
    game = Game.new("odd-cell", 1, plugins=pm)
    before = (game.position, game.score, game.moves, game.can_undo, list(game.log), game.is_over)
    events: list[str] = []
    game.subscribe(lambda event: events.append(event.kind))
    move = next(iter(game.legal_moves))
    with pytest.raises(PluginError, match="plugin 'scoring' failed in patience_score_action: ZeroDivisionError"):
        game.play(move)
    assert (game.position, game.score, game.moves, game.can_undo, list(game.log), game.is_over) == before
    assert events == []
    with pytest.raises(PluginError):
        game.give_up()
    assert not game.gave_up
    with pytest.raises(IllegalMoveError):
        game.play("1h")  # an illegal move is still refused as before, and nothing changes
    assert game.position == before[0]


# -- answers of the wrong type are refused, naming the plugin ------------------------------


class DealsAList:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_variant(register))

    @hookimpl
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> object:
        return list(ms_deal(deal))


class DealsFiftyOne:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_variant(register))

    @hookimpl
    def patience_deal(self, variant: Variant, deal: int, cells: int) -> Position:
        cards = ms_deal(deal)[:51]
        return Position(tuple(cards[i::8] for i in range(8)), (None,) * cells)


class CellCountsAsText:
    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(_variant(register))

    @hookimpl
    def patience_cell_counts(self, variant: Variant) -> object:
        return "4"


def test_row_9_a_deal_that_is_a_list_is_refused_naming_the_plugin(
    install: Callable[[object, str], pluggy.PluginManager],
) -> None:
    pm = install(DealsAList(), "listy")
    with pytest.raises(PluginError, match=r"plugin 'listy': patience_deal returned \[.*, not a patience.Position"):
        Game.new("odd-cell", 1, plugins=pm)
    _still_works(pm)


def test_row_9_a_deal_of_51_cards_is_refused_naming_the_plugin(
    install: Callable[[object, str], pluggy.PluginManager],
) -> None:
    pm = install(DealsFiftyOne(), "short")
    with pytest.raises(PluginError, match=r"plugin 'short' dealt Odd-Cell #1 wrongly: .*51 cards"):
        Game.new("odd-cell", 1, plugins=pm)
    _still_works(pm)


def test_row_9_cell_counts_of_the_wrong_type_break_only_that_variant_and_name_the_plugin(
    install: Callable[[object, str], pluggy.PluginManager],
) -> None:
    pm = install(CellCountsAsText(), "texty")
    with pytest.raises(PluginError, match="plugin 'texty': patience_cell_counts returned '4', not"):
        Game.new("odd-cell", 1, plugins=pm)
    _still_works(pm)


# -- a plugin that fails to import ---------------------------------------------------------


def _broken_distribution(root: Path) -> None:
    """The metadata of an installed distribution whose plugin module does not exist."""
    info = root / "patience_broken_example-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: patience-broken-example\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[patience]\nbroken = patience_broken_example_missing\n")


def _patience(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-c", "from patience_cli.app import main; main()", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)


def test_row_10_a_plugin_that_fails_to_import_is_said_once_in_one_line_and_fully_in_plugins(tmp_path: Path) -> None:
    _broken_distribution(tmp_path)
    done = _patience(["deal", "freecell", "1"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["patience: warning: plugin 'broken' not loaded (`patience plugins` says why)"]
    bad = _patience(["deal", "freecell", "0"], tmp_path)
    assert bad.returncode == 2
    lines = bad.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith("patience: warning: plugin 'broken' not loaded")
    listing = _patience(["plugins"], tmp_path)
    assert listing.returncode == 0
    assert (
        "broken  NOT LOADED: patience-broken-example (patience_broken_example_missing): "
        "ModuleNotFoundError: No module named 'patience_broken_example_missing'" in listing.stdout
    )
    assert listing.stderr.count("\n") == 1


def test_a_misspelt_hook_is_a_warning_when_plugins_load_and_listed_by_plugins(tmp_path: Path) -> None:
    info = tmp_path / "patience_misspelt_example-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: patience-misspelt-example\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[patience]\nmisspelt = patience_misspelt_example\n")
    (tmp_path / "patience_misspelt_example.py").write_text(
        "from patience import hookimpl\n\n\n@hookimpl\ndef patience_deel(variant, deal, cells):\n    return None\n"
    )
    done = _patience(["variants"], tmp_path)
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        "patience: warning: plugin 'misspelt' implements patience_deel: not a patience hook (misspelt?), never called"
    ]
    listing = _patience(["plugins"], tmp_path)
    assert "    UNKNOWN (not a patience hook, never called; misspelt?): patience_deel" in listing.stdout
    as_json = _patience(["plugins", "--format", "json"], tmp_path)
    rows = {row["name"]: row for row in json.loads(as_json.stdout)["plugins"]}
    assert rows["misspelt"]["unknown_hooks"] == ["patience_deel"]
    assert rows["misspelt"]["hooks"] == []


def test_a_plugin_that_breaks_at_registration_is_one_line_for_a_command_and_listed_by_plugins(tmp_path: Path) -> None:
    info = tmp_path / "patience_fake_fc-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: patience-fake-fc\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[patience]\nfake-fc = patience_fake_fc\n")
    (tmp_path / "patience_fake_fc.py").write_text(
        "from patience import hookimpl\n\n\n"
        "@hookimpl\n"
        "def patience_register_variants(register):\n"
        "    base = register.get('freecell')\n"
        "    register(base.derive(name='fake-cell', title='Fake Cell', prefix='FC'))\n"
    )
    done = _patience(["code", "--decode", "FC1-C4-AAAAAAB"], tmp_path)
    assert done.returncode == 0
    assert done.stdout.strip() == "freecell 1 --cells 4"
    assert done.stderr.splitlines() == [
        "patience: warning: plugin 'fake-fc' registered 'fake-cell' with the code prefix 'FC', which 'freecell'"
        " (plugin 'freecell') has; the plugin is disabled"
    ]
    listing = _patience(["plugins"], tmp_path)
    assert "fake-fc  NOT LOADED: disabled: plugin 'fake-fc' registered 'fake-cell'" in listing.stdout
    assert "Traceback" not in listing.stderr


def test_the_window_says_a_broken_plugin_in_one_line_as_the_terminal_does(tmp_path: Path) -> None:
    _broken_distribution(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PATIENCE_HOME": str(tmp_path / "home")}
    command = [sys.executable, "-c", "import sys; from patience_tk.app import main; sys.exit(main())", "nosuchgame"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 2, done.stderr
    assert lines[0] == "patience-tk: warning: plugin 'broken' not loaded (`patience plugins` says why)"
    assert lines[1].startswith("patience-tk: ") and "nosuchgame" in lines[1]
