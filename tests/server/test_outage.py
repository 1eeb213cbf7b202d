"""Outages are 503 with ``Retry-After``, never 500 or a stall: PostgreSQL stopped, a SQLite file another process locks.

The PostgreSQL here is one of the test's own (initdb in a temporary
directory), so that it can be stopped and started again under a running
server process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverhelp import Server, call, today, unique_name

#: The newest PostgreSQL server's programs (Debian's layout), as .ci/postgres.sh finds them.
PG_BIN = max(Path("/usr/lib/postgresql").glob("*/bin"), default=None, key=lambda path: int(path.parent.name))


def _as_postgres() -> list[str]:
    # PostgreSQL refuses to run as root.
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


class Cluster:
    """A PostgreSQL of the test's own, on a Unix socket in ``folder``."""

    def __init__(self, folder: Path) -> None:
        assert PG_BIN is not None
        self.folder = folder
        self.data = folder / "data"
        folder.chmod(0o755)
        if _as_postgres():
            shutil.chown(folder, "postgres")
        subprocess.run(
            [*_as_postgres(), str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "patience"],
            check=True,
            capture_output=True,
            cwd="/",
        )
        self.start()
        subprocess.run(
            [*_as_postgres(), str(PG_BIN / "createdb"), "-h", str(folder), "-U", "patience", "board"],
            check=True,
            capture_output=True,
            cwd="/",
        )
        self.url = f"postgresql+psycopg://patience@/board?host={folder}"

    def start(self) -> None:
        assert PG_BIN is not None
        options = f"-c listen_addresses='' -k {self.folder}"
        log = str(self.folder / "log")
        subprocess.run(
            [*_as_postgres(), str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", log, "-w", "-o", options, "start"],
            check=True,
            capture_output=True,
            cwd="/",
        )

    def stop(self) -> None:
        assert PG_BIN is not None
        subprocess.run(
            [*_as_postgres(), str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"],
            check=True,
            capture_output=True,
            cwd="/",
        )


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A PostgreSQL of the test's own, removed afterwards."""
    if PG_BIN is None or not (PG_BIN / "initdb").exists() or (_as_postgres() and shutil.which("runuser") is None):
        pytest.skip("no PostgreSQL server binaries to start a PostgreSQL of the test's own")
    # Under /tmp itself: pytest's own temporary folders are the owner's only, and PostgreSQL runs as postgres.
    folder = Path(tempfile.mkdtemp(prefix="patience-outage-"))
    try:
        running = Cluster(folder)
        yield running
        subprocess.run(
            [*_as_postgres(), str(PG_BIN / "pg_ctl"), "-D", str(running.data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            cwd="/",
            check=False,
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _unavailable(status: int, body: Any, headers: dict[str, str]) -> None:
    assert status == 503, body
    assert body["error_code"] == "unavailable", body
    assert "database" in body["error"], body
    assert int(headers["retry-after"]) > 0


def _call(
    method: str, url: str, body: Any = None, token: str | None = None, text: str | None = None
) -> tuple[int, Any, dict[str, str], float]:
    """(status, parsed JSON, headers in lower case, seconds taken) of one request."""
    headers = {"Content-Type": "text/plain" if text is not None else "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = text.encode() if text is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw, status, got = response.read(), response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        raw, status, got = error.read(), error.code, dict(error.headers)
    elapsed = time.monotonic() - started
    return status, json.loads(raw), {key.lower(): value for key, value in got.items()}, elapsed


def test_a_stopped_postgresql_is_503_with_retry_after_everywhere_and_health_recovers(
    cluster: Cluster, tmp_path: Path
) -> None:
    server = Server(cluster.url, tmp_path)
    try:
        status, player, _ = call("POST", f"{server.url}/api/v1/players", {"name": unique_name("o")})
        assert status == 201
        token = player["token"]
        cluster.stop()
        requests = [
            ("GET", "/api/v1/health", None, None),
            ("POST", "/api/v1/players", {"name": unique_name("o")}, None),
            ("POST", f"/api/v1/daily/{today()}/attempts", {"variant": "freecell", "cells": 4}, None),
            ("PUT", f"/api/v1/daily/{today()}/attempts/1/record", None, "[Variant]"),
            ("GET", f"/api/v1/daily/{today()}/leaderboard", None, None),
        ]
        for method, path, body, text in requests:
            status, answer, headers, elapsed = _call(method, server.url + path, body, token, text)
            _unavailable(status, answer, headers)
            assert elapsed < 5, (path, elapsed)
        cluster.start()
        deadline = time.monotonic() + 30
        while _call("GET", f"{server.url}/api/v1/health")[0] != 200:
            assert time.monotonic() < deadline, "health did not come back with the database"
            time.sleep(0.2)
        status, answer, _headers, _ = _call(
            "POST", f"{server.url}/api/v1/daily/{today()}/attempts", {"variant": "freecell", "cells": 4}, token
        )
        assert status == 201, answer
    finally:
        log = server.stop()
    assert "Traceback" not in log, log


_HOLD_LOCK = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
"""


def test_a_sqlite_file_locked_by_another_process_is_503_soon_and_stalls_no_other_request(tmp_path: Path) -> None:
    database = tmp_path / "board.sqlite3"
    server = Server(f"sqlite+pysqlite:///{database}", tmp_path)
    try:
        holder = subprocess.Popen(
            [sys.executable, "-c", _HOLD_LOCK, str(database)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "locked"
        try:
            waits: list[tuple[int, Any, dict[str, str], float]] = []
            writers = [
                threading.Thread(
                    target=lambda: waits.append(
                        _call("POST", f"{server.url}/api/v1/players", {"name": unique_name("l")})
                    )
                )
                for _ in range(8)
            ]
            for writer in writers:
                writer.start()
            time.sleep(0.2)
            # While the writers wait for the lock (more of them than the service's database threads), a
            # request that needs no database is answered at once, and one that reads waits at most for a
            # thread (each writer gives up after the bounded busy timeout), never for the lock itself.
            status, _body, _headers, elapsed = _call("GET", f"{server.url}/api/v1/nothing-here")
            assert (status, elapsed < 0.5) == (404, True), elapsed
            status, _body, _headers, elapsed = _call("GET", f"{server.url}/api/v1/health")
            assert (status, elapsed < 2.5) == (200, True), elapsed
            for writer in writers:
                writer.join(30)
            for status, answer, headers, elapsed in waits:
                _unavailable(status, answer, headers)
                assert elapsed < 4, elapsed
        finally:
            holder.stdin.write("\n")
            holder.stdin.flush()
            holder.wait(10)
        status, answer, _ = call("POST", f"{server.url}/api/v1/players", {"name": unique_name("l")})
        assert status == 201, answer
    finally:
        log = server.stop()
    assert "Traceback" not in log, log
