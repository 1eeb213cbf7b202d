"""Outside plugins as they are installed for real: a module and its ``*.dist-info`` in a folder on the path.

``importlib.metadata`` finds the ``[patience]`` entry points of such a
folder as it finds those of an installed distribution. :func:`patience`
runs the real command in a subprocess with the folder first on the path
(``PYTHONPATH``: found before the shipped variants) or last (appended to
``sys.path``: found after them).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

__all__ = ["FREECELL_1", "distribution", "interrupt_after", "patience", "start_patience"]

#: ``patience deal freecell 1 --format fcs`` as the shipped FreeCell deals it (Microsoft's game #1).
FREECELL_1 = (
    "Foundations: H-0 C-0 D-0 S-0\n"
    "Freecells: - - - -\n"
    "JD KD 2S 4C 3S 6D 6S\n"
    "2D KC KS 5C TD 8S 9C\n"
    "9H 9S 9D TS 4S 8D 2H\n"
    "JC 5S QD QH TH QS 6H\n"
    "5D AD JS 4H 8H 6C\n"
    "7H QC AS AC 2C 3D\n"
    "7C KH AH 4D JH 8C\n"
    "5H 3H 3C 7S 7D TC\n"
)


def distribution(root: Path, name: str, source: str, *, entry_point: str | None = None) -> Path:
    """Write plugin module ``patience_<name>`` with ``source`` and its distribution's metadata into ``root``.

    The entry point is called ``entry_point`` (``name`` by default); the
    distribution is ``patience-<name>`` 1.0.
    """
    module = f"patience_{name.replace('-', '_')}"
    info = root / f"{module}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: patience-{name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[patience]\n{entry_point or name} = {module}\n")
    (root / f"{module}.py").write_text(textwrap.dedent(source))
    return root


def _command(args: list[str], root: Path, *, last: bool) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ)
    if last:
        code = f"import sys; sys.path.append({str(root)!r}); from patience_cli.app import main; main()"
    else:
        code = "from patience_cli.app import main; main()"
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    return [sys.executable, "-c", code, *args], env


def _sigint_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def patience(
    args: list[str],
    root: Path,
    *,
    last: bool = False,
    stdin: str = "",
    timeout: float = 120,
    sigint_ignored: bool = False,
) -> subprocess.CompletedProcess[str]:
    """Run ``patience ARGS`` with the plugins in ``root`` found first (``last``: after the shipped ones).

    SIGINT is as in a terminal (see ``tests/conftest.py``), or ignored (``sigint_ignored``) as in a background job.
    """
    command, env = _command(args, root, last=last)
    return subprocess.run(
        command,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
        preexec_fn=_sigint_ignored if sigint_ignored else None,
    )


def start_patience(args: list[str], root: Path) -> subprocess.Popen[str]:
    """Start ``patience ARGS`` with the plugins in ``root`` found first, without waiting for it."""
    command, env = _command(args, root, last=False)
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
    )


def interrupt_after(process: subprocess.Popen[str], seconds: float) -> tuple[int, str]:
    """Send ``process`` SIGINT (a user's Ctrl-C) after ``seconds``; its exit code and stderr."""
    time.sleep(seconds)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    return process.returncode, stderr
