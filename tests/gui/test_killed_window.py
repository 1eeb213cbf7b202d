"""A window killed outright (SIGKILL, no clean-up at all) leaves none of its solver processes behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.gui,
    pytest.mark.timeout(90),
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc"),
]


def children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != pid:
            with_parent = _stat(int(entry.name))
            if with_parent is not None and with_parent[1] == pid and with_parent[0] != "Z":
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie waiting for its parent is not)."""
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"


def _stat(pid: int) -> tuple[str, int] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = text.rsplit(")", 1)[1].split()[:2]
    return state, int(parent)


def test_a_window_killed_with_sigkill_leaves_no_solver_process_running(display: str, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DISPLAY": display,
        "PATIENCE_HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "PATIENCE_NO_ANIMATION": "1",
    }
    code = "import sys; from patience_tk.app import main; sys.exit(main(sys.argv[1:]))"
    window = subprocess.Popen(
        [sys.executable, "-c", code, "freecell", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own session: the orphans are not this test's children either
    )
    solvers: set[int] = set()
    try:
        # The live verdict starts the solver process with the window (and multiprocessing's resource tracker).
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(solvers) < 2:
            time.sleep(0.1)
            solvers = children(window.pid)
        assert len(solvers) >= 2, solvers
        time.sleep(0.5)  # the worker is past its start-up, waiting for positions
        window.send_signal(signal.SIGKILL)
        window.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(pid) for pid in solvers):
            time.sleep(0.1)
        left = [pid for pid in solvers if alive(pid)]
        assert not left, [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in left]
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
        for pid in solvers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
