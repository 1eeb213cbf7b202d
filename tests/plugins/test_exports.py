"""Everything the plugin guide names is importable from ``patience``; the solver's names only when used."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import patience

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"

#: The names the guide says come from ``patience``.
NAMED = [
    "ScoreState",
    "ScoredAction",
    "CellCounts",
    "make_plugin_manager",
    "rules_are_data",
    "deal_round_robin",
    "Registrar",
    "route",
    "PluginError",
    "PluginLoadWarning",
    "plugin_failures",
    "plugin_timings",
    "PluginTimes",
    "unknown_hooks",
    "check_move",
    "deal_position",
    "get_variant",
    "ms_deal",
    "hookimpl",
    "Verdict",
]


@pytest.mark.parametrize("name", NAMED)
def test_the_guide_s_names_are_importable_from_patience(name: str) -> None:
    assert name in patience.__all__
    assert getattr(patience, name) is not None


def test_every_from_patience_import_in_the_guide_works() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    statements = re.findall(r"^from patience import ([^\n(]+)$", text, flags=re.MULTILINE)
    assert statements
    for names in statements:
        for name in (part.strip() for part in names.split(",")):
            assert hasattr(patience, name), f"docs/plugins.md imports {name} from patience"


def test_importing_patience_imports_neither_the_solver_nor_the_home_package() -> None:
    code = "import sys, patience; print('patience_solver' in sys.modules, 'patience_home' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_the_solver_is_not_a_name_of_the_engine() -> None:
    with pytest.raises(AttributeError):
        patience.solve  # noqa: B018
