#!/usr/bin/env python3
"""Set up the development environment and run things, with nothing but Python 3.11+.

    python3 tasks.py play    # create .venv, install everything, open the game window (no display: the terminal)
    python3 tasks.py test    # create .venv, install everything, run pytest, mypy --strict and ruff

    python3 tasks.py play --terminal    # the game in the terminal even when a window could open

Set-up is skipped when nothing it depends on has changed since the last run.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
STAMP = VENV / ".patience-setup"


def _config() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)


def _members(config: dict[str, object]) -> list[str]:
    tool = config["tool"]
    assert isinstance(tool, dict)
    return list(tool["patience"]["workspace"]["members"])


def _extra_plugins() -> list[str]:
    return sorted(str(p.parent.relative_to(ROOT)) for p in (ROOT / "examples").glob("*/pyproject.toml"))


def _fingerprint(paths: list[str]) -> str:
    digest = hashlib.sha256(sys.version.encode())
    for rel in ["pyproject.toml", "constraints.txt", *[f"{p}/pyproject.toml" for p in paths]]:
        digest.update((ROOT / rel).read_bytes())
    return digest.hexdigest()


def setup() -> None:
    """Create .venv and install the workspace editable, with the dev tools, unless already done."""
    if sys.version_info < (3, 11):  # noqa: UP036  (tasks.py runs under whatever python3 the user has)
        sys.exit(f"patience needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    config = _config()
    members = _members(config)
    packages = members + _extra_plugins()
    fingerprint = _fingerprint(packages)
    if STAMP.exists() and STAMP.read_text() == fingerprint and PY.exists():
        return
    if not PY.exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    groups = config["dependency-groups"]
    assert isinstance(groups, dict)
    pip = [str(PY), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    # Every third-party version comes from constraints.txt, so a clean clone installs what was tested.
    pinned = ["-c", str(ROOT / "constraints.txt")]
    print("installing patience and its tools into .venv ...", flush=True)
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    args: list[str] = []
    for package in packages:
        args += ["-e", str(ROOT / package)]
    subprocess.run([*pip, *pinned, *args, *groups["dev"]], check=True)
    STAMP.write_text(fingerprint)


def run(args: list[str]) -> int:
    """Run a command, print it first, return its exit code."""
    print("+ " + " ".join(args), flush=True)
    return subprocess.run(args, cwd=ROOT).returncode


def test(extra: list[str]) -> int:
    """pytest, then mypy --strict, then ruff; the exit code is non-zero if any failed."""
    setup()
    codes = [run([str(BIN / "pytest"), *extra])]
    if not extra:
        sources = [f"{m}/src" for m in _members(_config())] + [f"{p}/src" for p in _extra_plugins()]
        codes.append(run([str(BIN / "mypy"), "--strict", *sources, "bench"]))
        codes.append(run([str(BIN / "ruff"), "check", "."]))
        codes.append(run([str(BIN / "ruff"), "format", "--check", "."]))
    failed = [c for c in codes if c not in (0,)]
    return 1 if failed else 0


def display_available() -> bool:
    """Whether a window can open here: a display to draw on, and Tk that can reach it."""
    if sys.platform not in ("win32", "darwin") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    probe = "import tkinter; tkinter.Tk().destroy()"
    return subprocess.run([str(PY), "-c", probe], capture_output=True, timeout=30).returncode == 0


def play_command(rest: list[str], *, window: bool) -> list[str]:
    """The command ``play`` runs: the window (``patience-tk``) when ``window``, else ``patience play``.

    ``--terminal`` anywhere in ``rest`` asks for the terminal game; the rest is passed on as it is.
    """
    terminal = "--terminal" in rest
    args = [arg for arg in rest if arg != "--terminal"]
    if window and not terminal:
        return [str(BIN / "patience-tk"), *args]
    return [str(BIN / "patience"), "play", *args]


def main(argv: list[str]) -> int:
    """Dispatch ``setup``, ``test`` or ``play``."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    if command == "setup":
        setup()
        return 0
    if command == "test":
        return test(rest)
    if command == "play":
        setup()
        args = play_command(rest, window="--terminal" not in rest and display_available())
        os.execv(args[0], args)
    print(f"unknown command {command!r}: use setup, test or play", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
