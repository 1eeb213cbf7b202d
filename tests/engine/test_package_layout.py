"""The packages show the architecture: what each distribution may import.

Dependencies point one way (docs/architecture.md): the engine (``patience``)
imports no other patience package and does no file or network I/O of its own
(it reads only its own catalogs); the solver (``patience_solver``) stands on
the engine alone; the player's home (``patience_home``) on the engine and the
solver; the front ends and the server on whatever they need below them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Each import package, where its source lies, and the patience packages it may import.
LAYERS = {
    "patience": ("packages/engine/src/patience", set()),
    "patience_solver": ("packages/solver/src/patience_solver", {"patience"}),
    "patience_home": ("packages/home/src/patience_home", {"patience", "patience_solver"}),
    "patience_variants": ("packages/variants/src/patience_variants", {"patience"}),
    # The server keeps its default database in the player's data folder (patience_home.paths).
    "patience_server": (
        "packages/server/src/patience_server",
        {"patience", "patience_solver", "patience_home", "patience_variants"},
    ),
}

#: Standard modules that mean files, processes or the network: not for the rules core.
IO_MODULES = {"sqlite3", "socket", "urllib", "http", "subprocess", "shutil", "tempfile", "platformdirs", "ssl"}


def imported(package: str) -> dict[str, set[str]]:
    """Every top-level module each source file of ``package`` imports, by file."""
    folder = ROOT / LAYERS[package][0]
    found: dict[str, set[str]] = {}
    for source in sorted(folder.rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(source.relative_to(ROOT))] = names
    return found


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_a_package_imports_only_the_patience_packages_below_it(package: str) -> None:
    allowed = LAYERS[package][1] | {package}
    wrong = {
        path: sorted(name for name in names if name.startswith("patience") and name not in allowed)
        for path, names in imported(package).items()
    }
    assert {path: names for path, names in wrong.items() if names} == {}


def test_the_engine_opens_no_store_no_process_and_no_connection() -> None:
    wrong = {path: sorted(names & IO_MODULES) for path, names in imported("patience").items()}
    assert {path: names for path, names in wrong.items() if names} == {}


def test_the_old_module_paths_are_gone() -> None:
    engine = ROOT / LAYERS["patience"][0]
    for old in (
        "solver",
        "store.py",
        "leaderboard.py",
        "daily.py",
        "dailyplay.py",
        "board.py",
        "codes.py",
        "records.py",
    ):
        assert not (engine / old).exists(), old
