"""The console scripts import their front end with the garbage collector paused, then run it with the collector on.

Each case runs a real process through the installed script or its launcher
and looks at the collector from inside it: enabled as it was, with what the
imports made frozen (:func:`gc.freeze`), so that later collections pass over it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(120)

#: Runs ``LAUNCHER ARGS`` in this process, then writes what the collector was like after the command.
_WRAPPER = """
import gc, json, sys
out, launcher, disabled, args = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4:]
if disabled:
    gc.disable()
sys.argv = [launcher, *args]
module = __import__(launcher, fromlist=["main"])
status = None
try:
    status = module.main()
except SystemExit as done:
    status = done.code
with open(out, "w", encoding="utf-8") as handle:
    json.dump({"status": status, "enabled": gc.isenabled(), "frozen": gc.get_freeze_count()}, handle)
"""


def launched(tmp_path: Path, launcher: str, *args: str, disabled: bool = False) -> dict[str, object]:
    """What ``launcher``'s ``main`` left: its exit status, whether the collector is on, how many objects are frozen."""
    out = tmp_path / "collector.json"
    done = subprocess.run(
        [sys.executable, "-c", _WRAPPER, str(out), launcher, "1" if disabled else "0", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.exists(), done.stderr
    result: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return result


@pytest.mark.parametrize(
    ("script", "launcher"),
    [("patience", "patience_cli.launch:main"), ("patience-tk", "patience_tk.launch:main")],
)
def test_the_console_scripts_start_through_the_launchers(script: str, launcher: str) -> None:
    (found,) = [point for point in entry_points(group="console_scripts") if point.name == script]
    assert found.value == launcher


def test_a_command_runs_with_the_collector_on_and_the_imports_frozen(tmp_path: Path) -> None:
    after = launched(tmp_path, "patience_cli.launch", "solve", "freecell", "1")
    assert after["status"] == 0
    assert after["enabled"] is True
    # typer, attrs, pluggy and the engine: several times what the interpreter's own start-up makes (about 5,000).
    assert isinstance(after["frozen"], int) and after["frozen"] > 20_000


def test_a_collector_turned_off_before_the_launch_stays_off(tmp_path: Path) -> None:
    after = launched(tmp_path, "patience_cli.launch", "variants", disabled=True)
    assert after["status"] == 0
    assert after["enabled"] is False


def test_bad_input_still_ends_with_exit_2(tmp_path: Path) -> None:
    after = launched(tmp_path, "patience_cli.launch", "solve", "freecell", "not-a-deal")
    assert after["status"] == 2
    assert after["enabled"] is True


def test_the_window_launcher_imports_the_window_frozen_and_gives_its_exit_code(tmp_path: Path) -> None:
    # ``--help`` ends before any window opens, so no display is needed.
    after = launched(tmp_path, "patience_tk.launch", "--help")
    assert after["status"] == 0
    assert after["enabled"] is True
    assert isinstance(after["frozen"], int) and after["frozen"] > 20_000


def test_the_installed_script_solves_a_deal() -> None:
    script = Path(sys.executable).with_name("patience")
    done = subprocess.run(
        [str(script), "solve", "freecell", "1"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "solved in" in done.stdout
