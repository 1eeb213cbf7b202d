"""The plugin guide's worked example must be a working plugin: sections 3-5 put together run."""

from __future__ import annotations

import re
from pathlib import Path

from patience import Game, get_variant
from patience.plugins import make_plugin_manager

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def _section_code(first: int, last: int) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    parts = re.split(r"^## (\d+)\. ", text, flags=re.MULTILINE)
    code = []
    for number, body in zip(parts[1::2], parts[2::2], strict=True):
        if first <= int(number) <= last:
            code += re.findall(r"```python\n(.*?)```", body, flags=re.DOTALL)
    return "\n".join(code)


def test_sections_3_to_5_are_the_whole_plugin_and_it_deals_and_plays() -> None:
    namespace: dict[str, object] = {"__name__": "guide_plugin"}
    exec(compile(_section_code(3, 5), str(GUIDE), "exec"), namespace)
    import types

    module = types.ModuleType("guide_plugin")
    module.__dict__.update(namespace)
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(module, name="guide_plugin")
    variant = get_variant("forecell", pm)
    game = Game.new(variant, 3, plugins=pm)
    shipped = Game.new("forecell", 3)
    assert game.dealt == shipped.dealt
    move = next(iter(game.legal_moves))
    game.play(move)
    assert game.moves == 1


def _module(code: str, name: str) -> object:
    import types

    module = types.ModuleType(name)
    exec(compile(code, str(GUIDE), "exec"), module.__dict__)
    return module


def test_section_9_is_the_whole_eight_off_vegas_plugin() -> None:
    pm = make_plugin_manager()
    installed = get_variant("eight-off-vegas", pm)
    pm.unregister(name="eight-off-vegas")
    pm.register(_module(_section_code(9, 9), "guide_vegas"), name="guide-vegas")
    variant = get_variant("eight-off-vegas", pm)
    assert variant.plugin == "guide-vegas"
    assert variant.with_plugin("eight-off-vegas") == installed
    game = Game.new(variant, 1, plugins=pm)
    assert game.dealt == Game.new("eight-off", 1, plugins=pm).dealt
    assert game.score == -52 + 5 * game.cards_home


def test_section_8_a_plugin_defined_in_a_test_passes_the_suite() -> None:
    from patience.testing import check_variant
    from patience_solver.testing import check_solver

    code = _section_code(8, 8)
    namespace = _module(code.split("@pytest.fixture")[0], "guide_three")
    pm = make_plugin_manager()
    pm.register(namespace.ThreeCellFreeCell())  # type: ignore[attr-defined]
    check_variant("freecell-3", pm, games=2, moves=20)
    check_solver("freecell-3", pm, games=2, moves=20, solve_deals=(1,))


def test_section_10_an_override_needs_its_opt_in_and_changes_only_that_variant() -> None:
    from patience import Move, Place
    from patience.plugins import rules_are_data

    code = _section_code(10, 10)
    pm = make_plugin_manager()
    pm.register(_module(code, "guide_override"), name="guide-override")
    eight_off, freecell = get_variant("eight-off", pm), get_variant("freecell", pm)
    assert not rules_are_data(eight_off, pm) and rules_are_data(freecell, pm)
    # The first Eight Off deal with a king on top of a column.
    game, king = next(
        (game, i)
        for game in (Game.new(eight_off, deal, plugins=pm) for deal in range(1, 100))
        for i, column in enumerate(game.position.columns)
        if column and column[-1].rank == 13
    )
    free = next(i for i, card in enumerate(game.position.cells) if card is None)
    verdict = game.check(Move(Place.column(king), Place.cell(free)))
    assert str(verdict.reason) == "kings stay out of the cells here"
    assert Game.new(freecell, 1, plugins=pm).rules_are_data
