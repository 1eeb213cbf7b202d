"""The move generator (patience.movegen) is the one reader of how a variant builds, and the rules live once.

Every package's source is read as Python (its syntax tree, not its text): no
module other than ``patience/rules.py``, where the field is declared, and
``patience/movegen.py``, which turns it into tables, reads an attribute named
``build`` or ``wrap``. The building test, the colour of a suit and the safe
rule home are written once: the names of their former copies appear nowhere.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    path
    for folder in (*ROOT.joinpath("packages").glob("*/src"), *ROOT.joinpath("examples").glob("*/src"), ROOT / "bench")
    for path in folder.rglob("*.py")
)
ALLOWED = {
    Path("packages/engine/src/patience/rules.py"),
    Path("packages/engine/src/patience/movegen.py"),
    # Names each game's building rule in words for docs/games.md; it judges no move.
    Path("bench/games.py"),
}
#: Names of the building tables, suit colours and safe-home rules that the generator replaces.
COPIES = ("_builds", "_tables", "_RED", "building_table", "_home_rule", "_RED_SUIT", "builds_on", "_OTHER_COLOUR")


def _attribute_reads(path: Path, names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in names
    ]


def test_the_sources_are_found() -> None:
    assert ROOT.joinpath("packages/engine/src/patience/movegen.py") in SOURCES
    assert any(path.name == "_compiled.py" for path in SOURCES)


@pytest.mark.parametrize("field", ["build", "wrap"])
def test_only_the_move_generator_reads_how_columns_build(field: str) -> None:
    reads = [
        read for path in SOURCES if path.relative_to(ROOT) not in ALLOWED for read in _attribute_reads(path, {field})
    ]
    assert reads == []


def test_the_move_generator_reads_the_rules_fields() -> None:
    reads = _attribute_reads(ROOT / "packages/engine/src/patience/movegen.py", {"build", "wrap"})
    assert len(reads) >= 2


def test_only_the_move_generator_and_the_rules_read_empty_columns_of_rules() -> None:
    # ``position.empty_columns`` is a count of a position's empty columns, another thing: only the rules' is meant.
    reads = []
    for path in SOURCES:
        if path.relative_to(ROOT) in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "empty_columns"
                and isinstance(node.value, ast.Name | ast.Attribute)
                and (node.value.id if isinstance(node.value, ast.Name) else node.value.attr) == "rules"
            ):
                reads.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert reads == []


@pytest.mark.parametrize("name", COPIES)
def test_no_copy_of_the_rules_tables_is_left(name: str) -> None:
    found = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            defined = (
                node.name
                if isinstance(node, ast.FunctionDef | ast.ClassDef)
                else node.id
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
                else None
            )
            if defined == name:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_there_is_no_module_level_table_cache() -> None:
    import patience.movegen

    mutable = [
        name
        for name, value in vars(patience.movegen).items()
        if isinstance(value, dict | list | set) and not name.startswith("__")
    ]
    assert mutable == []


def test_the_tables_are_kept_on_the_rules_value() -> None:
    from patience import get_variant
    from patience.movegen import tables_for

    rules = get_variant("freecell").rules
    assert tables_for(rules) is tables_for(rules)
    assert rules == get_variant("freecell").rules and hash(rules) == hash(get_variant("freecell").rules)


def test_rules_with_their_tables_pickle_and_make_them_again() -> None:
    # The window sends a variant to its verdict process: the tables stay behind and are made again there.
    import pickle

    from patience import get_variant
    from patience.movegen import tables_for

    variant = get_variant("freecell")
    before = tables_for(variant.rules)
    again = pickle.loads(pickle.dumps(variant))
    assert again.rules == variant.rules
    assert tables_for(again.rules).builds == before.builds
