"""The client never loses a result: a record the server did not take for a passing reason is kept and sent again.

`patience daily` runs as a real subprocess against a real `patience serve`
process, through a small real HTTP proxy on a loopback port that fails
the record's ``PUT`` as told: answers it ``503``, ``500`` or ``429``, resets
the connection, or passes it on and then never answers (a stall).
"""

from __future__ import annotations

import http.server
import json
import os
import socket
import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverhelp import PATIENCE, Server, call, solution, today, unique_name


class FlakyProxy(http.server.ThreadingHTTPServer):
    """Passes every request on to ``target``; those whose path ends in ``failing`` fail as ``faults`` says, one each.

    A fault is an HTTP status (answered with the body the service gives for
    it), ``"reset"`` (the connection closed, nothing answered), or
    ``"stall"`` (the record passed on to the server, its answer never
    given back).
    """

    daemon_threads = True

    def __init__(self, target: str) -> None:
        self.target = target
        self.faults: list[int | str] = []
        self.failing = "/record"
        self.release = threading.Event()
        super().__init__(("127.0.0.1", 0), _Handler)
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.release.set()
        self.shutdown()
        self.server_close()


_BODIES = {
    500: {"error": "internal error: the service failed on this request", "error_code": "internal_error"},
    503: {"error": "the database cannot be reached just now: try again soon", "error_code": "unavailable"},
    429: {"error": "too many requests: try again soon", "error_code": "rate_limited"},
}


class _Handler(http.server.BaseHTTPRequestHandler):
    server: FlakyProxy

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the test's output is the client's."""

    def _forward(self) -> tuple[int, list[tuple[str, str]], bytes]:
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length) if length else None
        headers = {key: value for key, value in self.headers.items() if key.lower() not in ("host", "connection")}
        url = self.server.target + self.path
        request = urllib.request.Request(url, data=data, method=self.command, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, list(response.headers.items()), response.read()
        except urllib.error.HTTPError as error:
            return error.code, list(error.headers.items()), error.read()

    def _answer(self, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
        self.send_response(status)
        for key, value in headers:
            if key.lower() not in ("content-length", "connection", "date", "server", "transfer-encoding"):
                self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def _handle(self) -> None:
        failing = self.path.endswith(self.server.failing) and self.server.faults
        fault = self.server.faults.pop(0) if failing else None
        if fault == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            self.close_connection = True
            return
        if isinstance(fault, int):
            body = json.dumps(_BODIES[fault]).encode()
            self._answer(fault, [("Content-Type", "application/json"), ("Retry-After", "1")], body)
            return
        answer = self._forward()
        if fault == "stall":
            self.server.release.wait(120)
            self.close_connection = True
            return
        self._answer(*answer)

    do_GET = do_POST = do_PUT = _handle


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("resend")
    running = Server(f"sqlite+pysqlite:///{home / 'board.sqlite3'}", home)
    yield running
    running.stop()


@pytest.fixture
def proxy(real_server: Server) -> Iterator[FlakyProxy]:
    running = FlakyProxy(real_server.url)
    yield running
    running.close()


def daily(args: list[str], home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``patience daily ARGS`` with ``home`` as its data directory and a 3-second wait for the server."""
    environ = {k: v for k, v in os.environ.items() if k != "PATIENCE_SERVER"}
    environ.update({"PATIENCE_HOME": str(home), "PATIENCE_SERVER_TIMEOUT": "3", "PATIENCE_LANG": "en"})
    return subprocess.run(
        [PATIENCE, "daily", *args], input=stdin, capture_output=True, text=True, env=environ, timeout=180, check=False
    )


def board(server: Server) -> list[tuple[str, str]]:
    status, rows, _ = call("GET", f"{server.url}/api/v1/daily/{today()}/leaderboard?variant=freecell&cells=4")
    assert status == 200
    return [(row["name"], row["result"]) for row in rows]


def win(proxy: FlakyProxy, home: Path, name: str) -> subprocess.CompletedProcess[str]:
    """The day's attempt won through the proxy as ``name``."""
    moves = "\n".join(solution(today()))
    done = daily(["play", "--date", today(), "--server", proxy.url, "--name", name], home, moves)
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.parametrize("fault", [503, 500, 429, "reset"])
def test_a_record_not_taken_for_a_passing_reason_is_kept_and_sent_by_the_next_daily(
    fault: int | str, proxy: FlakyProxy, real_server: Server, tmp_path: Path
) -> None:
    name = unique_name("kept")
    proxy.faults = [fault]
    first = win(proxy, tmp_path, name)
    assert "the record is kept and sent the next time a daily deal is played with this server" in first.stdout
    assert "did not accept" not in first.stdout
    assert (name, "won") not in board(real_server)
    again = daily(["--date", today(), "--server", proxy.url], tmp_path, "giveup\n")
    assert again.returncode == 0, again.stderr
    assert f"the record kept from {today()} is sent: rank" in again.stdout + again.stderr
    assert (name, "won") in board(real_server)
    # Sent once: nothing is left to send.
    third = daily(["--date", today(), "--server", proxy.url], tmp_path, "giveup\n")
    assert "record kept" not in third.stdout + third.stderr
    assert "practice" in third.stdout


def test_while_the_won_attempt_waits_the_next_daily_is_not_called_practice(
    proxy: FlakyProxy, real_server: Server, tmp_path: Path
) -> None:
    name = unique_name("waits")
    proxy.faults = [503, 503]
    win(proxy, tmp_path, name)
    again = daily(["--date", today(), "--server", proxy.url], tmp_path, "giveup\n")
    said = again.stdout + again.stderr
    assert f"the record kept from {today()} is still kept, to send again later" in said
    assert "not counted: the day's attempt has ended and its record waits to be sent to the server" in said
    assert "), practice" not in said
    assert (name, "won") not in board(real_server)
    # The server is back: the kept record reaches the board.
    third = daily(["--date", today(), "--server", proxy.url], tmp_path, "giveup\n")
    assert f"the record kept from {today()} is sent: rank" in third.stdout + third.stderr
    assert (name, "won") in board(real_server)


def test_after_a_stall_the_record_is_kept_and_its_resend_says_it_is_on_the_board(
    proxy: FlakyProxy, real_server: Server, tmp_path: Path
) -> None:
    name = unique_name("stall")
    proxy.faults = ["stall"]
    first = win(proxy, tmp_path, name)
    assert "timed out" in first.stdout
    assert "the record is kept and sent the next time a daily deal is played with this server" in first.stdout
    # The server took it; only its answer was lost.
    assert (name, "won") in board(real_server)
    again = daily(["--date", today(), "--server", proxy.url], tmp_path, "giveup\n")
    said = again.stdout + again.stderr
    assert f"the record kept from {today()} is on the leaderboard already: the server had accepted it" in said
    assert "refused" not in said
    assert board(real_server).count((name, "won")) == 1


def test_the_windows_next_daily_sends_the_kept_record_and_says_the_attempt_waits(
    proxy: FlakyProxy, real_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from patience_home.store import Store
    from patience_tk.daily import find_daily

    name = unique_name("window")
    proxy.faults = [503, 429]
    win(proxy, tmp_path, name)
    monkeypatch.setenv("PATIENCE_HOME", str(tmp_path))
    monkeypatch.setenv("PATIENCE_SERVER", proxy.url)
    monkeypatch.setenv("PATIENCE_SERVER_TIMEOUT", "3")
    store = Store.open()
    # The server still fails (429): the window's daily says the attempt waits, and keeps the record.
    waiting = find_daily("freecell", 4, store, today())
    assert waiting.pending
    assert "not counted: the day's attempt has ended and its record waits to be sent to the server" in waiting.intro
    assert f"The record kept from {today()} is still kept, to send again later" in waiting.intro
    # Back: the next start of the window's daily sends it.
    sent = find_daily("freecell", 4, store, today())
    assert not sent.pending
    assert f"The record kept from {today()} is sent: rank" in sent.intro
    assert "practice" in sent.intro
    assert (name, "won") in board(real_server)


@pytest.mark.parametrize(("failing", "fault"), [("/attempts", 503), ("/attempts", 429), ("/players", 503)])
def test_a_server_failing_at_the_start_is_not_said_to_refuse(
    failing: str, fault: int, proxy: FlakyProxy, real_server: Server, tmp_path: Path
) -> None:
    proxy.failing, proxy.faults = failing, [fault]
    done = daily(
        ["play", "--date", today(), "--server", proxy.url, "--name", unique_name("start")], tmp_path, "giveup\n"
    )
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "the attempt is played and recorded here only" in said
    assert "refused" not in said


def test_the_leaderboard_command_sends_a_kept_record_before_it_reads_the_board(
    proxy: FlakyProxy, real_server: Server, tmp_path: Path
) -> None:
    name = unique_name("board")
    proxy.faults = [503]
    win(proxy, tmp_path, name)
    shown = daily(["leaderboard", "--date", today(), "--server", proxy.url, "--format", "json"], tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert f"patience: the record kept from {today()} is sent: rank" in shown.stderr
    assert name in [row["name"] for row in json.loads(shown.stdout)]
