"""The distributions' names: each free in the public package index, each one in docs/install.md."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402

#: Names in the public index that belong to other projects (`pip index versions patience`: 1.5.0, a git tool).
TAKEN = {"patience"}


def _names() -> list[str]:
    names = []
    for rel in tasks._members(tasks._config()) + tasks._extra_plugins():
        with open(ROOT / rel / "pyproject.toml", "rb") as handle:
            names.append(tomllib.load(handle)["project"]["name"])
    return names


def test_no_distribution_takes_a_name_another_project_holds_in_the_index() -> None:
    assert not TAKEN & set(_names())


def test_no_distribution_depends_on_a_name_another_project_holds_in_the_index() -> None:
    for rel in tasks._members(tasks._config()) + tasks._extra_plugins():
        with open(ROOT / rel / "pyproject.toml", "rb") as handle:
            project = tomllib.load(handle)["project"]
        wanted = {
            dep.split(";")[0].split("[")[0].split("=")[0].split(">")[0].split("<")[0].strip().lower()
            for dep in project.get("dependencies", [])
        }
        assert not TAKEN & wanted, rel


def test_install_docs_name_every_distribution_and_the_check_of_its_name() -> None:
    text = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    for name in _names():
        assert f"`{name}`" in text, name
    assert "pip index versions" in text
