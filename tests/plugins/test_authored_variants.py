"""Variants a plugin author writes from the guide: each one short module, on the fast path, through the whole kit.

The modules are in tests/plugins/authored/. For each: its rules are data (no
legality hook, so the solver searches compiled tables), both halves of the
conformance kit pass, and the solver's winning line, written out move by
move in the notation and read back, wins the game.
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import pluggy
import pytest
from authored import (
    bakers_dozen_ms,
    beleaguered_castle_ms,
    cell_tax,
    eight_off_derived,
    freecell_ten,
    king_albert,
    suit_cells,
    triple_freecell_ms,
)

from patience import (
    Game,
    Move,
    Place,
    PlaceKind,
    Position,
    Variant,
    Verdict,
    deal_position,
    hookimpl,
    make_plugin_manager,
)
from patience.plugins import cell_counts, rules_are_data
from patience.reasons import Reason, Refusal
from patience.shuffle import deal_round_robin, ms_deal
from patience.testing import ConformanceError, check_variant
from patience_solver import CellChoiceError, Outcome, _start, solve
from patience_solver._compiled import CELL, RESERVED, Compiled
from patience_solver.testing import check_solver

#: Each module, the variant it registers, and the deals its solver line is looked for in.
AUTHORED: list[tuple[ModuleType, str]] = [
    (beleaguered_castle_ms, "beleaguered-castle-ms"),
    (bakers_dozen_ms, "bakers-dozen-ms"),
    (freecell_ten, "freecell-ten"),
    (cell_tax, "freecell-cell-tax"),
    (eight_off_derived, "eight-off-open"),
    (king_albert, "king-albert"),
    (triple_freecell_ms, "triple-freecell-ms"),
]

#: The most lines of code (docstrings, comments and blank lines aside) a module may take.
SHORT = 40


def manager(module: ModuleType) -> pluggy.PluginManager:
    pm = make_plugin_manager()
    pm.register(module, name=module.__name__.rsplit(".", 1)[-1])
    return pm


def code_lines(module: ModuleType) -> int:
    """Lines of code: the module's lines less docstrings, comments and blank lines."""
    source = Path(str(module.__file__)).read_text(encoding="utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return sum(
        1
        for number, line in enumerate(source.splitlines(), 1)
        if line.strip() and not line.strip().startswith("#") and number not in docstrings
    )


def winnable(pm: pluggy.PluginManager, name: str) -> tuple[int, Game, tuple[str, ...]]:
    """The first deal of 1-30 the solver wins, its game and the winning line as the notation writes it."""
    for deal in range(1, 31):
        game = Game.new(name, deal, plugins=pm)
        result = solve(game.variant, game.position, plugins=pm, time_limit=10)
        if result.outcome is Outcome.SOLVED:
            return deal, game, tuple(str(move) for move in result.moves)
    raise AssertionError(f"the solver wins none of {name}'s deals 1-30")


@pytest.mark.parametrize(("module", "name"), AUTHORED, ids=[name for _, name in AUTHORED])
def test_an_authored_variant_is_one_short_module(module: ModuleType, name: str) -> None:
    assert code_lines(module) <= SHORT


@pytest.mark.parametrize(("module", "name"), AUTHORED, ids=[name for _, name in AUTHORED])
def test_an_authored_variant_is_on_the_fast_path(module: ModuleType, name: str) -> None:
    pm = manager(module)
    game = Game.new(name, 1, plugins=pm)
    assert rules_are_data(game.variant, pm)


@pytest.mark.parametrize(("module", "name"), AUTHORED, ids=[name for _, name in AUTHORED])
def test_an_authored_variant_passes_both_halves_of_the_kit(module: ModuleType, name: str) -> None:
    pm = manager(module)
    deal, _, _ = winnable(pm, name)
    check_variant(name, pm, games=3, moves=30)
    check_solver(name, pm, games=3, moves=30, solve_deals=(deal,), time_limit=10)


@pytest.mark.parametrize(("module", "name"), AUTHORED, ids=[name for _, name in AUTHORED])
def test_an_authored_variant_replays_its_solver_line_from_the_notation(module: ModuleType, name: str) -> None:
    pm = manager(module)
    deal, game, line = winnable(pm, name)
    replay = Game.new(name, deal, plugins=pm)
    for text in line:
        replay.play(replay.parse_move(text))
    assert replay.is_won
    assert replay.position == game.position.__class__(  # every card home, as the deal's foundations allow
        tuple(() for _ in game.position.columns),
        tuple(None for _ in game.position.cells),
        replay.position.foundations,
        replay.position.base,
    )


def test_the_thirteen_column_game_names_columns_past_nine_in_its_solver_line() -> None:
    pm = manager(bakers_dozen_ms)
    _, _, line = winnable(pm, "bakers-dozen-ms")
    assert any(text.split("-")[0] in ("10", "11", "12", "13") for text in line if "-" in text)


def test_the_ten_cell_freecell_deals_ten_free_cells() -> None:
    pm = manager(freecell_ten)
    _, default = cell_counts(Game.new("freecell-ten", 1, plugins=pm).variant, pm)
    assert default == 10
    position = deal_position(Game.new("freecell-ten", 1, plugins=pm).variant, 1, 10, pm)
    assert len(position.cells) == 10 and all(cell is None for cell in position.cells)


def test_the_cell_tax_takes_five_points_for_each_card_put_in_a_cell() -> None:
    pm = manager(cell_tax)
    taxed, plain = Game.new("freecell-cell-tax", 1, plugins=pm), Game.new("freecell", 1, plugins=pm)
    to_cell = next(move for move in taxed.legal_moves if move.destination.kind.name == "CELL")
    taxed.play(to_cell)
    plain.play(to_cell)
    assert taxed.score == plain.score - 5
    taxed.undo()
    # The undo takes the tax back with the move, and costs FreeCell's 10: below 0, which this variant allows.
    assert taxed.score == -10


def test_the_derived_eight_off_takes_any_card_into_an_empty_column() -> None:
    pm = manager(eight_off_derived)
    variant = Game.new("eight-off-open", 1, plugins=pm).variant
    assert variant.base == "eight-off"
    assert variant.rules.empty_columns.value == "any"
    assert Game.new("eight-off-open", 7, plugins=pm).dealt == Game.new("eight-off", 7, plugins=pm).dealt


def test_no_move_goes_into_an_emptied_reserve_cell() -> None:
    pm = manager(king_albert)
    game, leave = next(
        (game, move)
        for game in (Game.new("king-albert", deal, plugins=pm) for deal in range(1, 31))
        for move in game.legal_moves
        if move.source.kind is PlaceKind.CELL
    )
    game.play(leave)
    emptied = leave.source
    assert game.position.cells[emptied.index or 0] is None
    assert not any(move.destination.kind is PlaceKind.CELL for move in game.legal_moves)
    column = next(i for i, cards in enumerate(game.position.columns) if cards)
    verdict = game.check(Move(Place.column(column), emptied))
    assert isinstance(verdict.reason, Reason) and verdict.reason.kind is Refusal.RESERVE_CELL
    # The solver holds the cards still in the reserve apart: the freed cell is no free cell to it either.
    variant = game.variant
    comp = Compiled(variant.rules, game.autoplay, len(game.position.columns), len(game.position.cells))
    (columns, held, found), _ = _start(comp, game.position)
    assert len(held) == 6 and all(code >= RESERVED for code in held)
    children = comp.children(columns, held, found)
    assert children
    assert not any(step[2] == CELL for child in children for step in child[0])
    assert all(code >= RESERVED for child in children for code in child[1][-1])


def test_the_kit_names_a_rule_about_which_cell_a_card_may_use() -> None:
    pm = manager(suit_cells)
    with pytest.raises(ConformanceError, match=r"into some free cells .* and not others"):
        check_variant("freecell-suit-cells", pm, games=2, moves=10)


def test_the_solver_refuses_a_rule_about_which_cell_a_card_may_use_with_one_line() -> None:
    pm = manager(suit_cells)
    game = Game.new("freecell-suit-cells", 1, plugins=pm)
    assert not rules_are_data(game.variant, pm)
    with pytest.raises(CellChoiceError) as raised:
        solve(game.variant, game.position, plugins=pm, time_limit=10)
    assert str(raised.value) == (
        "FreeCell, a Cell per Suit lets a card into some free cells and not others;"
        " the solver cannot search a game whose free cells differ"
    )


class AsTheRules:
    """A legality hook for King Albert that says what its rules say: the solver's hook path, same search."""

    PATIENCE_OVERRIDES = ("king-albert",)

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        return None


def test_the_hook_path_keeps_the_reserve_apart_as_the_fast_path_does() -> None:
    fast = manager(king_albert)
    judged = manager(king_albert)
    judged.register(AsTheRules(), name="as-the-rules")
    deal, game, line = winnable(fast, "king-albert")
    assert not rules_are_data(Game.new("king-albert", deal, plugins=judged).variant, judged)
    quick = solve(game.variant, Game.new("king-albert", deal, plugins=fast).position, plugins=fast, time_limit=10)
    hooked = solve(game.variant, Game.new("king-albert", deal, plugins=judged).position, plugins=judged, time_limit=10)
    assert hooked.outcome is Outcome.SOLVED
    assert hooked.positions == quick.positions
    assert tuple(str(move) for move in hooked.moves) == line


def test_an_authored_three_deck_freecell_installs_beside_the_shipped_triple_freecell() -> None:
    pm = manager(triple_freecell_ms)
    authored = Game.new("triple-freecell-ms", 1, plugins=pm)
    shipped = Game.new("triple-freecell", 1, plugins=pm)
    assert authored.dealt.columns == deal_round_robin(ms_deal(1, decks=3), 13)
    assert shipped.dealt.columns != authored.dealt.columns
    assert (authored.code or "").startswith("QA") and (shipped.code or "").startswith("TR")
