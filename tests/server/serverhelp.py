"""Real leaderboard servers for the tests: `patience serve` processes on free loopback ports, and an HTTP client."""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

from patience import Game
from patience.formats.records import format_record, record_of
from patience_solver import Outcome, solve
from patience_solver.daily import DailyDeal, ranked_deal

PATIENCE = str(Path(sys.executable).parent / "patience")

POSTGRES_URL = os.environ.get("PATIENCE_TEST_POSTGRES_URL")
#: The ranked deals' key every test server is started with, so that the tests can compute its deals.
SECRET = "test-secret"

NO_POSTGRES = "no PostgreSQL: PATIENCE_TEST_POSTGRES_URL is not set (.ci/run starts one; see .ci/postgres.sh)"


def fresh_postgres_database() -> str:
    """A new, empty database on the test PostgreSQL, as a SQLAlchemy URL."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    assert POSTGRES_URL is not None
    url = make_url(POSTGRES_URL)
    name = f"test_{uuid.uuid4().hex[:12]}"
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return url.set(database=name).render_as_string(hide_password=False)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One `patience serve` process; `stop()` ends it and returns what it logged."""

    def __init__(
        self,
        database: str,
        home: Path,
        *,
        rate: str = "1000/60",
        register: str = "100000/60",
        refused: str = "100000/60",
        port: int | None = None,
        secret: str | None = SECRET,
        hints: str = "100000/60",
        actions: str = "100000/60",
        review_pace: str | None = "0",
    ) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PATIENCE_HOME": str(home), "PATIENCE_RATE_LIMIT": rate}
        env.pop("PATIENCE_SERVER_SECRET", None)
        if secret is not None:
            env["PATIENCE_SERVER_SECRET"] = secret
        env["PATIENCE_REGISTER_LIMIT"] = register
        # The tests play at machine speed, which the review would hold back: only its own tests keep its pace
        # (``review_pace=None``, the documented default).
        env.pop("PATIENCE_REVIEW_PACE", None)
        if review_pace is not None:
            env["PATIENCE_REVIEW_PACE"] = review_pace
        env["PATIENCE_REFUSED_LIMIT"] = refused
        env["PATIENCE_HINT_LIMIT"] = hints
        env["PATIENCE_ACTION_LIMIT"] = actions
        self.log = home / f"server-{self.port}.log"
        self._log_file = self.log.open("wb")
        self.process = subprocess.Popen(
            [PATIENCE, "serve", "--database", database, "--port", str(self.port)],
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            try:
                if call("GET", f"{self.url}/api/v1/health")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"server did not start: {self.log.read_text()}")
            time.sleep(0.1)

    def stop(self) -> str:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log_file.close()
        return self.log.read_text()


def call(
    method: str,
    url: str,
    body: Any = None,
    *,
    token: str | None = None,
    text: str | bytes | None = None,
    timeout: float = 30,
) -> tuple[int, Any, str]:
    """(status, parsed JSON or None, content type) of one request."""
    headers = {}
    data: bytes | None = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if text is not None:
        data = text.encode() if isinstance(text, str) else text
        headers["Content-Type"] = "text/plain; charset=utf-8"
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw, status, kind = response.read(), response.status, response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        raw, status, kind = error.read(), error.code, error.headers.get("Content-Type", "")
    parsed = json.loads(raw) if kind.startswith("application/json") else raw.decode()
    return status, parsed, kind


def today() -> str:
    """The server's date: UTC."""
    return dt.datetime.now(dt.UTC).date().isoformat()


@functools.lru_cache(maxsize=16)
def ranked(date: str, variant: str = "freecell", cells: int = 4) -> DailyDeal:
    """The ranked deal a test server (its key :data:`SECRET`) deals for that board."""
    return ranked_deal(SECRET.encode(), date, variant, cells)


@functools.lru_cache(maxsize=16)
def solution(date: str, variant: str = "freecell", cells: int = 4) -> tuple[str, ...]:
    """A winning line of the day's ranked deal, as the tokens a record holds."""
    daily = ranked(date, variant, cells)
    game = Game.from_code(daily.code)
    result = solve(game.variant, game.position, max_positions=200_000)
    assert result.outcome is Outcome.SOLVED
    return tuple(str(move) for move in result.moves)


def won_game(date: str, variant: str = "freecell", cells: int = 4, *, undo_first: bool = False) -> Game:
    game = Game.from_code(ranked(date, variant, cells).code)
    moves = solution(date, variant, cells)
    if undo_first:
        game.play(moves[0])
        game.undo()
    for move in moves:
        game.play(move)
    assert game.is_won
    return game


def record_text(game: Game, result: str = "won") -> str:
    return format_record(record_of(game, result=result, started=dt.datetime.now(dt.UTC)))


def unique_name(prefix: str = "p") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def stream(
    server: str,
    date: str,
    attempt: int,
    token: str,
    actions: list[str] | tuple[str, ...],
    *,
    first: int = 1,
    size: int = 50,
) -> int:
    """Send ``actions`` to the attempt in batches of ``size``, as a client plays them: how many are applied."""
    applied = first - 1
    for start in range(0, len(actions), size):
        batch = list(actions[start : start + size])
        status, body, _ = call(
            "POST",
            f"{server}/api/v1/daily/{date}/attempts/{attempt}/actions",
            {"first": first + start, "actions": batch},
            token=token,
        )
        assert status == 200, body
        applied = int(body["applied"])
    return applied
