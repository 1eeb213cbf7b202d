"""`patience daily --server URL` plays the ranked attempt live: each action streamed, kept while the server is away."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from serverhelp import PATIENCE, Server, call, free_port, solution, today, unique_name

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")


class Terminal:
    """`patience ARGS` on a pseudo-terminal: lines typed at its prompt, its output read as it comes."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        import pty

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # pragma: no cover - the child
            os.execve(PATIENCE, [PATIENCE, *args], env)
        self.out = b""

    def read(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if select.select([self.fd], [], [], 0.05)[0]:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.out += data
                if b"\x1b[6n" in data:  # prompt_toolkit asks where the cursor is
                    os.write(self.fd, b"\x1b[1;1R")

    def wait_for(self, text: str, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while text.encode() not in self.out and time.monotonic() < deadline:
            self.read(0.1)
        assert text.encode() in self.out, self.text()

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")
        self.read(0.25)

    def text(self) -> str:
        return self.out.decode("utf-8", "replace")

    def close(self) -> int:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self.read(0.1)
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        return -9


def _actions_on(database: str, attempt_owner: str) -> int:
    import sqlalchemy as sa

    engine = sa.create_engine(database)
    with engine.connect() as connection:
        return int(connection.execute(sa.text("SELECT count(*) FROM attempt_actions")).scalar_one())


def test_the_terminal_streams_the_attempt_and_finishes_it_through_a_server_restart(tmp_path: Path) -> None:
    database = f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}"
    port = free_port()
    server = Server(database, tmp_path, port=port)
    name = unique_name("live")
    env = {k: v for k, v in os.environ.items() if k != "PATIENCE_SERVER"}
    env.update({"PATIENCE_HOME": str(tmp_path / "home"), "PATIENCE_LANG": "en", "TERM": "xterm"})
    moves = solution(today())
    half = len(moves) // 2
    terminal = Terminal(["daily", "play", "--server", server.url, "--name", name], env)
    try:
        terminal.wait_for("»")
        for move in moves[:10]:
            terminal.type(move)
        terminal.read(1)
        # Streamed as played: the server has the first ten before the game ends.
        assert _actions_on(database, name) == 10
        server.stop()
        for move in moves[10:half]:
            terminal.type(move)
        server = Server(database, tmp_path, port=port)
        for move in moves[half:]:
            terminal.type(move)
        terminal.wait_for("on the FreeCell leaderboard", 60)
        terminal.type("quit")
        terminal.close()
        status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
    finally:
        server.stop()
    said = terminal.text()
    assert "rank 1 on the FreeCell leaderboard" in said, said
    assert status == 200 and [(row["name"], row["result"]) for row in rows] == [(name, "won")]
    assert _actions_on(database, name) == len(moves)


def test_the_terminals_hint_in_a_ranked_attempt_comes_from_the_server(tmp_path: Path) -> None:
    database = f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}"
    server = Server(database, tmp_path)
    name = unique_name("hint")
    env = {k: v for k, v in os.environ.items() if k != "PATIENCE_SERVER"}
    env.update({"PATIENCE_HOME": str(tmp_path / "home"), "PATIENCE_LANG": "en"})
    moves = solution(today())
    try:
        done = subprocess.run(
            [PATIENCE, "daily", "play", "--server", server.url, "--name", name],
            input="\n".join(["hint", *moves]),
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
        status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
        # The terminal's board shows how the game was played: the server's time and the hints.
        board = subprocess.run(
            [PATIENCE, "daily", "leaderboard", "--server", server.url],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    assert "hint from the server: " in done.stdout and "(hint 1)" in done.stdout, done.stdout
    assert "rank 1 on the FreeCell leaderboard" in done.stdout, done.stdout
    assert status == 200 and rows[0]["name"] == name
    assert rows[0]["hints"] == 1 and rows[0]["seconds"] is not None
    header, row = board.stdout.splitlines()[1:3]
    assert header.split()[-2:] == ["time", "hints"], board.stdout
    assert row.split()[-1] == "1" and re.fullmatch(r"\d+:\d\d", row.split()[-2]), board.stdout
