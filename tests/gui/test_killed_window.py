"""A window killed outright (SIGKILL, no clean-up at all) leaves none of its solver processes behind."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
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


@contextlib.contextmanager
def own_xvfb() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """An X server of the test's own, which the test may kill: its display name and its process."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("Xvfb is not installed")
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        yield f":{number}", server
    finally:
        if server.poll() is None:
            server.kill()
        server.wait()


def start_window(display: str, home: Path) -> subprocess.Popen[bytes]:
    """``patience-tk freecell 1`` in a process of its own, with the live verdict on (its solver process starts)."""
    env = {
        **os.environ,
        "DISPLAY": display,
        "PATIENCE_HOME": str(home),
        "PATIENCE_NO_ANIMATION": "1",
    }
    code = "import sys; from patience_tk.app import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.Popen(
        [sys.executable, "-c", code, "freecell", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own session: the orphans are not this test's children either
    )


def solvers_of(window: subprocess.Popen[bytes]) -> set[int]:
    """The window's solver process and multiprocessing's resource tracker, once both are running."""
    deadline = time.monotonic() + 30
    found: set[int] = set()
    while time.monotonic() < deadline and len(found) < 2:
        time.sleep(0.1)
        found = children(window.pid)
    assert len(found) >= 2, found
    time.sleep(0.5)  # the worker is past its start-up, waiting for positions
    return found


def gone(pids: set[int], within: float = 10.0) -> list[int]:
    """The processes of ``pids`` still running after ``within`` seconds at most."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(alive(pid) for pid in pids):
        time.sleep(0.1)
    return [pid for pid in pids if alive(pid)]


def test_a_window_that_loses_its_display_leaves_no_solver_process_running(tmp_path: Path) -> None:
    solvers: set[int] = set()
    with own_xvfb() as (display, server):
        window = start_window(display, tmp_path / "home")
        try:
            solvers = solvers_of(window)
            server.kill()  # the X server goes away under the window, which Tk ends at once
            server.wait()
            window.wait(timeout=20)
            left = gone(solvers)
            assert not left, [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in left]
        finally:
            if window.poll() is None:
                window.kill()
                window.wait()
            for pid in solvers:
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)


def test_a_window_killed_with_sigkill_leaves_no_solver_process_running(display: str, tmp_path: Path) -> None:
    window = start_window(display, tmp_path / "home")
    solvers: set[int] = set()
    try:
        solvers = solvers_of(window)
        window.send_signal(signal.SIGKILL)
        window.wait(timeout=10)
        left = gone(solvers)
        assert not left, [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in left]
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
        for pid in solvers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
