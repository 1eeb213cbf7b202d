"""The command-line kit (patience_cli.testing) reads how ``patience play`` ends, not whether a word appears."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from plugin_dists import distribution

#: A FreeCell whose deal 2 changes every time it is dealt (an unseeded shuffle): what the solver solves
#: is not what ``play`` deals, so the solution's lines are refused and the game ends "not won".
FLAKY_DEAL_2 = """
    import random

    from patience import Position, hookimpl
    from patience.shuffle import deal_round_robin, ms_deal


    @hookimpl
    def patience_register_variants(register):
        register(register.get("freecell").derive(name="flaky-deal", title="Flaky Deal", prefix="FD"))


    @hookimpl
    def patience_deal(variant, deal, cells):
        cards = list(ms_deal(deal))
        if deal == 2:
            random.shuffle(cards)
        return Position(deal_round_robin(tuple(cards), 8), (None,) * cells)
"""

CHECK = "import sys; from pathlib import Path; from patience_cli.testing import check_variant_cli; "


def _kit(root: Path, name: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``check_variant_cli(name)`` in a process of its own, the plugins in ``root`` installed."""
    code = CHECK + f"check_variant_cli({name!r}, Path({str(tmp_path)!r}))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300, check=False
    )


def test_a_solution_that_play_does_not_win_fails_the_cli_check(tmp_path: Path) -> None:
    root = distribution(tmp_path / "plugins", "flaky-deal", FLAKY_DEAL_2)
    done = _kit(root, "flaky-deal", tmp_path)
    assert done.returncode != 0
    assert "AssertionError: `patience play flaky-deal 2` refused the solver's moves" in done.stderr


def test_a_shipped_variant_passes_the_cli_check(tmp_path: Path) -> None:
    done = _kit(tmp_path, "freecell", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
