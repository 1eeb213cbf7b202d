"""A library of 30 games: the installed variants, the authored plugins' wide shapes, and test games to make up the rest.

The authored plugins (tests/plugins/authored/) bring the shapes the shipped
games may not have yet: 13 columns and no cell (Baker's Dozen), three decks
(Triple FreeCell), a reserve (King Albert). One that registers a name or a
code prefix already installed is left out, so that the library still holds
30 games once the shipped games include them. Tables wider than any shipped
game (:data:`SHAPES`) come next, and test games make up the rest, with
names and titles as long as the longest a real game has (24 characters), in
families known and unknown, and without one.

:func:`install` writes them as installed distributions into a folder, for a
real ``patience`` process with that folder on ``PYTHONPATH``
(:func:`patience`); :func:`plugins` gives them as objects to register in a
plugin manager, for a window in this process.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

from patience import Variant, variants

__all__ = ["AUTHORED", "SHAPES", "SIZE", "filler_source", "games", "install", "patience", "plugins", "shapes_source"]

#: How many games the library holds.
SIZE = 30

#: The authored plugins taken in, and the variant each registers.
AUTHORED = {
    "bakers_dozen": ("bakers-dozen", "BD"),
    "beleaguered_castle": ("beleaguered-castle", "BC"),
    "king_albert": ("king-albert", "KA"),
    "triple_freecell": ("triple-freecell", "TF"),
    "freecell_ten": ("freecell-ten", "FT"),
    "eight_off_derived": ("eight-off-open", "EP"),
}

_AUTHORED_DIR = Path(__file__).parent.parent / "plugins" / "authored"

#: The families the test games cycle through: known ones, one no list knows, and none.
_FAMILIES = ("Fan", "Spider", "Klondike", "", "Der Katzenschwanz")


def _installed() -> dict[str, Variant]:
    return variants()


def _authored() -> list[str]:
    """The authored plugins whose variant's name and prefix are free among the installed variants."""
    installed = _installed().values()
    names = {variant.name for variant in installed}
    prefixes = {variant.prefix for variant in installed}
    return [module for module, (name, prefix) in AUTHORED.items() if name not in names and prefix not in prefixes]


def _fillers(count: int) -> list[tuple[str, str, str, str]]:
    """``count`` test games as (name, title, prefix, family), with prefixes no installed game has."""
    taken = {variant.prefix for variant in _installed().values()} | {prefix for _name, prefix in AUTHORED.values()}
    prefixes = (first + second for first in "ZYXWVU" for second in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    free = (prefix for prefix in prefixes if prefix not in taken)
    return [
        (f"long-named-test-game-{i:03d}", f"Long Named Test Game {i:03d}", next(free), _FAMILIES[i % len(_FAMILIES)])
        for i in range(1, count + 1)
    ]


def filler_source(count: int) -> str:
    """A plugin module registering ``count`` test games, FreeCell under other names, titles and families."""
    games = repr(_fillers(count))
    return textwrap.dedent(f"""
        from patience import hookimpl

        GAMES = {games}


        @hookimpl
        def patience_register_variants(register):
            freecell = register.get("freecell")
            for name, title, prefix, family in GAMES:
                register(freecell.derive(name=name, title=title, prefix=prefix, family=family))
        """)


#: Tables wider than any shipped game, as (name, columns, decks, cells): 18 columns (as Fan has) of two
#: decks, 13 columns with three decks' 12 foundations and 10 cells, and 10 columns with 12 cells.
SHAPES = [
    ("wide-eighteen", 18, 2, 0),
    ("thirteen-triple", 13, 3, 10),
    ("twelve-cells", 10, 1, 12),
]


def shapes_source() -> str:
    """A plugin module registering :data:`SHAPES`: FreeCell's rules, PySolFC's shuffle dealt round the columns."""
    taken = {variant.prefix for variant in _installed().values()}
    free = [prefix for prefix in (f"Q{letter}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ") if prefix not in taken]
    shapes = repr([(*shape, prefix) for shape, prefix in zip(SHAPES, free, strict=False)])
    return textwrap.dedent(f"""
        from patience import Position, hookimpl
        from patience.shuffle import deal_round_robin, pysolfc_deal

        SHAPES = {shapes}


        @hookimpl
        def patience_register_variants(register):
            freecell = register.get("freecell")
            for name, columns, decks, cells, prefix in SHAPES:
                title = name.replace("-", " ").title()
                register(
                    freecell.derive(
                        name=name, title=title, prefix=prefix, columns=columns, decks=decks,
                        cell_counts=(cells,), default_cells=cells,
                    )
                )


        @hookimpl
        def patience_deal(variant, deal, cells):
            for name, columns, decks, count, _prefix in SHAPES:
                if variant.name == name:
                    dealt = deal_round_robin(pysolfc_deal(deal, decks), columns)
                    return Position(dealt, (None,) * count, (0,) * (4 * decks))
            return None
        """)


def _missing() -> int:
    # A few test games always, so that every kind of family (and none) is among the games.
    return max(SIZE - len(_installed()) - len(_authored()) - len(SHAPES), len(_FAMILIES))


def install(root: Path) -> Path:
    """Write the authored plugins and the test games into ``root`` as one installed distribution."""
    info = root / "patience_game_library-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: patience-game-library\nVersion: 1.0\n")
    points = ["[patience]"]
    for module in _authored():
        target = f"patience_authored_{module}"
        (root / f"{target}.py").write_text((_AUTHORED_DIR / f"{module}.py").read_text(encoding="utf-8"))
        points.append(f"authored-{module.replace('_', '-')} = {target}")
    (root / "patience_game_shapes.py").write_text(shapes_source())
    points.append("game-shapes = patience_game_shapes")
    (root / "patience_game_fillers.py").write_text(filler_source(_missing()))
    points.append("game-fillers = patience_game_fillers")
    (info / "entry_points.txt").write_text("\n".join(points) + "\n")
    return root


def _load(name: str, path: Path | None = None, source: str | None = None) -> ModuleType:
    if source is not None:
        module = ModuleType(name)
        exec(compile(source, name, "exec"), module.__dict__)
        return module
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def games() -> list[str]:
    """The names of the games the library adds to the installed ones, but the test games with long names."""
    return [AUTHORED[module][0] for module in _authored()] + [name for name, *_rest in SHAPES]


def plugins() -> list[tuple[str, ModuleType]]:
    """(plugin name, module) for each plugin :func:`install` writes, to register in a plugin manager."""
    found = [
        (f"authored-{module.replace('_', '-')}", _load(f"authored_{module}", _AUTHORED_DIR / f"{module}.py"))
        for module in _authored()
    ]
    found.append(("game-shapes", _load("patience_game_shapes", source=shapes_source())))
    found.append(("game-fillers", _load("patience_game_fillers", source=filler_source(_missing()))))
    return found


def patience(
    args: list[str], root: Path, *, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the real ``patience ARGS`` with the library installed in ``root``."""
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    code = "from patience_cli.app import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PATIENCE_LANG": "en", **(env or {}), "PYTHONPATH": path},
        timeout=300,
        check=False,
    )
