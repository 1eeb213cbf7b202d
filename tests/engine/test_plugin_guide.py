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
