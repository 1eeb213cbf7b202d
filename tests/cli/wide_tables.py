"""Two tables wider than the shipped ones, as an outside plugin declares them: 13 columns, and 10 cells.

``dozen-wide`` has Baker's Dozen's shape: 13 columns of 4 cards and no
cell, built down regardless of suit. ``freecell-ten`` is FreeCell with 10
cells, dealt as FreeCell. :func:`install` writes the plugin as an
installed distribution into a folder, for a real ``patience`` process
with that folder on ``PYTHONPATH`` (:func:`patience`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

__all__ = ["SOURCE", "install", "patience"]

SOURCE = """
from patience import Build, EmptyColumns, Position, hookimpl
from patience.shuffle import deal_round_robin, ms_deal


@hookimpl
def patience_register_variants(register):
    freecell = register.get("freecell")
    register(
        freecell.derive(
            name="dozen-wide",
            title="Dozen Wide",
            prefix="DW",
            columns=13,
            cell_counts=(0,),
            default_cells=0,
            build=Build.ANY_SUIT,
            empty_columns=EmptyColumns.ANY,
        )
    )
    register(
        freecell.derive(name="freecell-ten", title="FreeCell Ten", prefix="FT", cell_counts=(10,), default_cells=10)
    )


@hookimpl
def patience_deal(variant, deal, cells):
    if variant.name == "dozen-wide":
        return Position(deal_round_robin(ms_deal(deal), 13), ())
    return None
"""


def install(root: Path) -> Path:
    """Write the plugin ``patience_wide_tables`` and its distribution's metadata into ``root``."""
    info = root / "patience_wide_tables-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: patience-wide-tables\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[patience]\nwide-tables = patience_wide_tables\n")
    (root / "patience_wide_tables.py").write_text(textwrap.dedent(SOURCE))
    return root


def patience(args: list[str], root: Path, *, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the real ``patience ARGS`` with the plugin installed in ``root``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    code = "from patience_cli.app import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
