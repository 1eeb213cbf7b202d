"""The install story from wheels: every distribution built, the front ends installed into a fresh venv from them.

``python3 tasks.py wheels DIR`` builds and installs; ``.ci/run`` runs it
and hands its folder on in ``PATIENCE_WHEELS_DIR``, so that these tests
look at what CI built instead of building again. Without it they build
into a temporary folder (a minute or so).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402

pytestmark = pytest.mark.slow


def _distributions() -> dict[str, Path]:
    """Every distribution of the workspace and the examples: its name and its folder."""
    folders = [ROOT / rel for rel in tasks._members(tasks._config()) + tasks._extra_plugins()]
    found = {}
    for folder in folders:
        with open(folder / "pyproject.toml", "rb") as handle:
            found[tomllib.load(handle)["project"]["name"]] = folder
    return found


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder ``tasks.py wheels`` filled: ``wheels/``, ``venv/`` and ``home/``."""
    given = os.environ.get("PATIENCE_WHEELS_DIR")
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("install")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tasks.py"), "wheels", str(out)], capture_output=True, text=True, timeout=1200
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def test_every_distribution_has_a_wheel(installed: Path) -> None:
    wheels = {path.name.split("-")[0] for path in (installed / "wheels").glob("*.whl")}
    assert wheels == {name.replace("-", "_") for name in _distributions()}


def test_each_wheel_holds_the_compiled_catalogs_of_its_po_files(installed: Path) -> None:
    for name, folder in _distributions().items():
        po_files = {
            str(po.relative_to(folder / "src").with_suffix(".mo"))
            for po in folder.glob("src/*/locale/*/LC_MESSAGES/*.po")
        }
        (wheel,) = (installed / "wheels").glob(f"{name.replace('-', '_')}-*.whl")
        with zipfile.ZipFile(wheel) as archive:
            held = {entry for entry in archive.namelist() if entry.endswith(".mo")}
        assert held == po_files, name


def test_the_engine_in_the_fresh_venv_is_patience_engine_not_the_index_project_named_patience(installed: Path) -> None:
    python = tasks._bin(installed / "venv", "python")
    probe = (
        "import importlib.metadata as m, patience.plugins; "
        "print(m.packages_distributions()['patience']); print(patience.plugins.__file__)"
    )
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, cwd=installed / "home")
    assert done.returncode == 0, done.stderr
    owners, where = done.stdout.splitlines()
    assert owners == "['patience-engine']"
    assert Path(where).is_relative_to(installed / "venv")


@pytest.mark.parametrize(
    ("lang", "usage"), [("C.UTF-8", "Usage: patience"), ("de_DE.UTF-8", "Aufruf: patience")], ids=["en", "de"]
)
def test_patience_help_runs_from_the_wheels_in_the_locale_language(installed: Path, lang: str, usage: str) -> None:
    patience = tasks._bin(installed / "venv", "patience")
    env = tasks._tried_env(installed / "home", LANG=lang)
    done = subprocess.run([str(patience), "--help"], capture_output=True, text=True, env=env, cwd=installed / "home")
    assert done.returncode == 0, done.stderr
    assert done.stdout.lstrip().startswith(usage)


def test_patience_solves_from_the_wheels(installed: Path) -> None:
    patience = tasks._bin(installed / "venv", "patience")
    env = tasks._tried_env(installed / "home")
    done = subprocess.run(
        [str(patience), "solve", "freecell", "617"], capture_output=True, text=True, env=env, cwd=installed / "home"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("FreeCell deal #617 (FC1-C4-AAAAATJ): solved in 72 moves")


@pytest.mark.parametrize("module", ["patience_tk", "patience_server", "patience_home", "patience_solver"])
def test_the_front_ends_packages_import_from_the_wheels(installed: Path, module: str) -> None:
    python = tasks._bin(installed / "venv", "python")
    probe = f"import {module}; print({module}.__file__)"
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, cwd=installed / "home")
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(installed / "venv")


def test_the_window_wheel_carries_every_card_set_and_renders_it_in_a_fresh_venv(installed: Path) -> None:
    python = tasks._bin(installed / "venv", "python")
    probe = (
        "from patience_tk.cardsets import CARD_SETS, render_sheet\n"
        "for key, card_set in CARD_SETS.items():\n"
        "    if card_set.pictured:\n"
        "        data = render_sheet(key, 0.5)\n"
        "        print(key, data[:8] == bytes.fromhex('89504e470d0a1a0a'), len(data))\n"
    )
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, cwd=installed / "home")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert [line.split()[:2] for line in lines if line] == [["bonded", "True"], ["standard", "True"]]
