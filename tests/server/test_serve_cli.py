"""`patience serve` refuses what it cannot serve on in one line, never a traceback."""

from __future__ import annotations

import socket
import subprocess

from serverhelp import PATIENCE, free_port


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PATIENCE, "serve", *args], capture_output=True, text=True, timeout=60, check=False)


def test_a_port_in_use_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        done = serve("--port", str(taken.getsockname()[1]))
    assert done.returncode == 2
    assert done.stderr.startswith("patience: cannot serve on 127.0.0.1:")
    assert done.stderr.count("\n") == 1


def test_a_database_that_cannot_be_reached_or_named_is_one_line() -> None:
    for url in ("postgresql+psycopg://nobody@/x?host=/nonexistent", "mysql://x"):
        done = serve("--port", str(free_port()), "--database", url)
        assert done.returncode == 2
        assert "database" in done.stderr or "cannot start the service" in done.stderr
        assert done.stderr.count("\n") == 1
        assert "Traceback" not in done.stderr
