"""Leaderboard service benchmark: N concurrent clients on loopback, each registering, starting and winning.

    .venv/bin/python bench/server.py                          # SQLite, 32 clients, 320 players
    .venv/bin/python bench/server.py --database postgresql+psycopg://patience@/patience?host=/tmp/pg
    .venv/bin/python bench/server.py --processes 2            # two server processes on one database
    .venv/bin/python bench/server.py --quick                  # a smoke run
    .venv/bin/python bench/server.py --parts                  # where a submission's time goes, part by part
    .venv/bin/python bench/server.py --leaderboard            # health's p99 beside 8 readers of a large board
    .venv/bin/python bench/server.py --live                   # 32 clients each playing a ranked attempt live

It starts real ``patience serve`` processes on free loopback ports (the
clients are spread over them in turn), then ``--clients`` clients share
``--players`` players: each registers (``POST /api/v1/players``), starts
the day's attempt (``POST .../attempts``) and sends a winning record
(``PUT .../record``), which the service replays action by action before it
answers. The clients are threads, each with its own keep-alive
http.client connection; with ``--event-loop`` they are coroutines of one
event loop with the request bodies built once, which costs the clients
half the CPU but, on this busy machine, ran slower (docs/benchmarks.md). It prints accepted submissions per second over
the whole run, the p50 and p99 latency of each kind of request, the CPU a
submission cost the service and the clients, and checks that the day's
leaderboard holds exactly the accepted players, nothing lost. Finally it
times the replay alone (``check_record``) in this process, to show where
the time goes. With PostgreSQL each run creates a new database beside the
one ``--database`` names and drops it afterwards, so that every run starts
from an empty board as it does on SQLite (``--same-database`` keeps to the
one given).

``--leaderboard`` instead fills a board of 13,306 results straight into
the database and measures ``GET /api/v1/health`` (its p50 and p99) alone,
beside ``--readers`` clients reading the board's first page, and beside
as many paging through the whole board (500 entries a page), with each
reader's page latency and the pages a second.

``--live`` instead has each of ``--clients`` clients start a ranked
attempt and play its winning line one action a request (``POST
.../actions``), then as many ``GET /api/v1/health`` from the same clients;
it prints the actions applied a second, each action's p50 and p99, and the
service's CPU an action beside a health request's, and checks that every
action was applied and every record accepted (nothing lost).

``--parts`` instead times each part on its own: the service's endpoint
functions called in this process (no HTTP, no client threads), each of
``--players`` players registering, having its token checked, starting the
attempt and sending the record; the replay alone; and the HTTP stack alone
(``GET /api/v1/health``, one ``SELECT 1``, from ``--clients`` threads on one
server process).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import http.client
import inspect
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from patience import Game
from patience.formats.records import check_record, format_record, parse_record, record_of
from patience_solver import Outcome, solve
from patience_solver.daily import ranked_deal

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = ROOT / ".venv" / ("Scripts" if os.name == "nt" else "bin") / "patience"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(database: str, home: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {
        **os.environ,
        "PATIENCE_HOME": str(home),
        "PATIENCE_RATE_LIMIT": "1000/60",
        "PATIENCE_REGISTER_LIMIT": "100000/60",
        "PATIENCE_SERVER_SECRET": SECRET,
    }
    log = (home / f"server-{port}.log").open("wb")
    process = subprocess.Popen(
        [str(PATIENCE), "serve", "--database", database, "--port", str(port)], stdout=log, stderr=log, env=env
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/v1/health")
            if connection.getresponse().status == 200:
                return process, port
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"the server did not start: see {home}")


def fresh_postgres(url: str) -> tuple[str, str]:
    """A new, empty database beside the one ``url`` names (each run starts empty, as with SQLite): URL and name."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    name = f"bench_{uuid.uuid4().hex[:12]}"
    conninfo = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return parsed.set(database=name).render_as_string(hide_password=False), name


def drop_postgres(url: str, name: str) -> None:
    """Drop the run's database ``name`` again, from the database ``url`` names."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))


#: The ranked deals' key of the benchmark's servers, so that it can play their deal.
SECRET = "bench-secret"
os.environ.setdefault("PATIENCE_SERVER_SECRET", SECRET)


def winning_record(date: str) -> str:
    daily = ranked_deal(os.environ["PATIENCE_SERVER_SECRET"].encode(), date)
    game = Game.from_code(daily.code)
    result = solve(game.variant, game.position, max_positions=200_000)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        game.play(move)
    return format_record(record_of(game, result="won", started=dt.datetime.now(dt.UTC)))


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU time a process has used so far (Linux's /proc; ``None`` elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # utime and stime are fields 14 and 15 of stat(5); the split starts at field 3.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Client:
    """One keep-alive connection to one server process."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, object, float]:
        started = time.perf_counter()
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, json.loads(data or b"null"), time.perf_counter() - started


class LeanClient:
    """One keep-alive HTTP/1.1 connection on an event loop: each request written whole, its answer read by length.

    The clients run on the same cores as the service: 32 of these in one
    event loop cost half the CPU of 32 threads of http.client (``--event-loop``).
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def call(self, method: bytes, path: str, body: bytes, headers: bytes) -> tuple[int, object, float]:
        if self.streams is None:
            self.streams = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.streams
        started = time.perf_counter()
        writer.write(
            b"%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\n%s\r\n%s"
            % (method, path.encode(), len(body), headers, body)
        )
        head = await reader.readuntil(b"\r\n\r\n")
        length = None
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length is None:
            raise OSError(f"an answer without Content-Length: {head[:80]!r}")
        data = await reader.readexactly(length)
        return int(head[9:12]), json.loads(data or b"null"), time.perf_counter() - started

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()


def run(args: argparse.Namespace) -> int:
    date = dt.datetime.now(dt.UTC).date().isoformat()
    record = winning_record(date).encode()
    streamed = json.dumps({"first": 1, "actions": list(parse_record(record.decode()).actions)}).encode()
    home = Path(tempfile.mkdtemp(prefix="patience-bench-"))
    database = args.database or f"sqlite+pysqlite:///{home / 'board.sqlite3'}"
    kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
    scratch, given = None, database
    if kind == "PostgreSQL" and not args.same_database:
        database, scratch = fresh_postgres(database)
    servers = [start_server(database, home) for _ in range(args.processes)]
    latencies: dict[str, list[float]] = {"register": [], "attempt": [], "record": []}
    accepted: list[str] = []
    failures: list[str] = []
    lock = threading.Lock()
    tag = uuid.uuid4().hex[:6]
    players = iter(range(args.players))

    def worker(index: int) -> None:
        client = Client(servers[index % len(servers)][1])
        mine: dict[str, list[float]] = {"register": [], "attempt": [], "record": []}
        while True:
            with lock:
                number = next(players, None)
            if number is None:
                break
            name = f"b{tag}-{number}"
            try:
                status, answer, took = client.call(
                    "POST", "/api/v1/players", json.dumps({"name": name}).encode(), {"Content-Type": "application/json"}
                )
                mine["register"].append(took)
                assert status == 201 and isinstance(answer, dict), (status, answer)
                auth = {"Authorization": f"Bearer {answer['token']}"}
                body = json.dumps({"variant": "freecell", "cells": 4}).encode()
                status, answer, took = client.call(
                    "POST", f"/api/v1/daily/{date}/attempts", body, {**auth, "Content-Type": "application/json"}
                )
                mine["attempt"].append(took)
                assert status == 201 and isinstance(answer, dict), (status, answer)
                # The record counts only after its actions were streamed: one batch, as a resend would send them.
                path = f"/api/v1/daily/{date}/attempts/{answer['attempt']}"
                status, _, took = client.call(
                    "POST", f"{path}/actions", streamed, {**auth, "Content-Type": "application/json"}
                )
                assert status == 200, status
                status, answer, more = client.call(
                    "PUT", f"{path}/record", record, {**auth, "Content-Type": "text/plain"}
                )
                took += more
                mine["record"].append(took)
                assert status == 200 and isinstance(answer, dict) and answer["result"] == "won", (status, answer)
                with lock:
                    accepted.append(name)
            except (AssertionError, OSError) as error:
                with lock:
                    failures.append(f"{name}: {error}")
        with lock:
            for key, values in mine.items():
                latencies[key].extend(values)

    json_type = b"Content-Type: application/json\r\n"
    attempt_body = json.dumps({"variant": "freecell", "cells": 4}).encode()

    async def lean_worker(index: int) -> None:
        # The same three requests as worker's, with the bodies built once.
        client = LeanClient(servers[index % len(servers)][1])
        mine: dict[str, list[float]] = {"register": [], "attempt": [], "record": []}
        for number in players:
            name = f"b{tag}-{number}"
            try:
                body = b'{"name": "%s"}' % name.encode()
                status, answer, took = await client.call(b"POST", "/api/v1/players", body, json_type)
                mine["register"].append(took)
                assert status == 201 and isinstance(answer, dict), (status, answer)
                auth = b"Authorization: Bearer %s\r\n" % answer["token"].encode()
                path = f"/api/v1/daily/{date}/attempts"
                status, answer, took = await client.call(b"POST", path, attempt_body, auth + json_type)
                mine["attempt"].append(took)
                assert status == 201 and isinstance(answer, dict), (status, answer)
                path = f"/api/v1/daily/{date}/attempts/{answer['attempt']}"
                status, _, took = await client.call(b"POST", f"{path}/actions", streamed, auth + json_type)
                assert status == 200, status
                status, answer, more = await client.call(
                    b"PUT", f"{path}/record", record, auth + b"Content-Type: text/plain\r\n"
                )
                took += more
                mine["record"].append(took)
                assert status == 200 and isinstance(answer, dict) and answer["result"] == "won", (status, answer)
                accepted.append(name)
            except (AssertionError, OSError, asyncio.IncompleteReadError) as error:
                failures.append(f"{name}: {error}")
        client.close()
        for key, values in mine.items():
            latencies[key].extend(values)

    async def lean_clients() -> None:
        await asyncio.gather(*(lean_worker(i) for i in range(args.clients)))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(args.clients)]
    server_cpu = [cpu_seconds(process.pid) for process, _ in servers]
    client_cpu = time.process_time()
    started = time.perf_counter()
    if args.event_loop:
        asyncio.run(lean_clients())
    else:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - client_cpu
    server_after = [cpu_seconds(process.pid) for process, _ in servers]
    board = read_whole_board(Client(servers[0][1]), date)
    on_board = {row["name"] for row in board if row["name"].startswith(f"b{tag}-")}
    for process, _ in servers:
        process.terminate()
        process.wait(10)
    if scratch is not None:
        drop_postgres(given, scratch)
    parsed = parse_record(record.decode())
    repeat = 30
    replay_started = time.perf_counter()
    for _ in range(repeat):
        assert check_record(parsed).problem is None
    replay_ms = (time.perf_counter() - replay_started) / repeat * 1000

    def pct(values: list[float], q: float) -> str:
        if not values:
            return "-"
        ordered = sorted(values)
        return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.0f}"

    print(
        f"{kind}, {args.processes} server process(es), {args.clients} clients "
        f"({'one event loop' if args.event_loop else 'threads of http.client'}), {args.players} players, "
        f"record of {len(parsed.actions)} actions, {os.cpu_count()} cores"
    )
    print(f"{'request':10} {'count':>6} {'p50 ms':>7} {'p99 ms':>7} {'mean ms':>8}")
    for key, values in latencies.items():
        mean = f"{statistics.fmean(values) * 1000:.0f}" if values else "-"
        print(f"{key:10} {len(values):6d} {pct(values, 0.5):>7} {pct(values, 0.99):>7} {mean:>8}")
    print(f"accepted submissions: {len(accepted)} in {elapsed:.2f} s = {len(accepted) / elapsed:.1f}/s (each replayed)")
    print(f"replay alone (check_record, this process): {replay_ms:.1f} ms a record = {1000 / replay_ms:.0f}/s a core")
    if accepted and None not in server_cpu and None not in server_after:
        spent = sum(b - a for a, b in zip(server_cpu, server_after, strict=True) if a is not None and b is not None)
        print(
            f"CPU a submission: service {spent / len(accepted) * 1000:.1f} ms, "
            f"clients {client_cpu / len(accepted) * 1000:.1f} ms (the database's own processes not counted); "
            f"load average {os.getloadavg()[0]:.1f}"
        )
    exact = on_board == set(accepted)
    print(f"leaderboard holds exactly the accepted ones: {'yes' if exact else 'NO'} ({len(on_board)} rows)")
    for failure in failures[:5]:
        print(f"failed: {failure}")
    return 0 if exact and not failures else 1


def read_whole_board(client: Client, date: str, page: int = 500) -> list[dict[str, Any]]:
    """Every entry of the day's board, read a page at a time (``?limit=&after=``) as the clients do."""
    rows: list[dict[str, Any]] = []
    while True:
        after = rows[-1]["rank"] if rows else 0
        path = f"/api/v1/daily/{date}/leaderboard?variant=freecell&limit={page}&after={after}"
        status, answer, _took = client.call("GET", path, b"", {})
        assert status == 200 and isinstance(answer, list), (status, answer)
        rows.extend(answer)
        # The results waiting for review (no rank) come after the last ranked one.
        if len(answer) < page or any(row["rank"] is None for row in answer):
            return rows


def live(args: argparse.Namespace) -> int:
    """``--live``: each client plays a ranked attempt action by action, then health is timed in the same run."""
    date = dt.datetime.now(dt.UTC).date().isoformat()
    home = Path(tempfile.mkdtemp(prefix="patience-bench-live-"))
    database = args.database or f"sqlite+pysqlite:///{home / 'board.sqlite3'}"
    kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
    scratch, given = None, database
    if kind == "PostgreSQL" and not args.same_database:
        database, scratch = fresh_postgres(database)
    servers = [start_server(database, home) for _ in range(args.processes)]
    json_type = {"Content-Type": "application/json"}
    tag = uuid.uuid4().hex[:6]

    def begin(index: int) -> tuple[Client, dict[str, str], int, str]:
        client = Client(servers[index % len(servers)][1])
        status, answer, _ = client.call(
            "POST", "/api/v1/players", json.dumps({"name": f"l{tag}-{index}"}).encode(), json_type
        )
        assert status == 201 and isinstance(answer, dict), (status, answer)
        auth = {"Authorization": f"Bearer {answer['token']}"}
        body = json.dumps({"variant": "freecell", "cells": 4}).encode()
        status, answer, _ = client.call("POST", f"/api/v1/daily/{date}/attempts", body, {**auth, **json_type})
        assert status == 201 and isinstance(answer, dict), (status, answer)
        return client, auth, int(answer["attempt"]), str(answer["code"])

    players = [begin(index) for index in range(args.clients)]
    # Every attempt of the day's board plays the one ranked deal: its winning line is solved once.
    game = Game.from_code(players[0][3])
    solved = solve(game.variant, game.position, max_positions=200_000)
    assert solved.outcome is Outcome.SOLVED
    for move in solved.moves[:-1]:
        game.play(move)
    # A player takes a move back now and then: undo and redo pairs bring the game to 60 actions or more.
    while len(game.log) < 59:
        game.undo()
        game.redo()
    game.play(solved.moves[-1])
    line = list(game.log)
    record = format_record(record_of(game, result="won", started=dt.datetime.now(dt.UTC))).encode()
    latencies: list[float] = []
    failures: list[str] = []
    applied: dict[int, int] = {}
    lock = threading.Lock()

    def play(index: int) -> None:
        client, auth, attempt, _code = players[index]
        path = f"/api/v1/daily/{date}/attempts/{attempt}/actions"
        mine: list[float] = []
        try:
            for number, token in enumerate(line, start=1):
                body = json.dumps({"first": number, "actions": [token]}).encode()
                status, answer, took = client.call("POST", path, body, {**auth, **json_type})
                mine.append(took)
                assert status == 200 and isinstance(answer, dict), (status, answer)
                with lock:
                    applied[index] = int(answer["applied"])
        except (AssertionError, OSError) as error:
            with lock:
                failures.append(f"client {index}: {error}")
        with lock:
            latencies.extend(mine)

    def cpu() -> float:
        return sum(cpu_seconds(process.pid) or 0.0 for process, _ in servers)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(args.clients)]
    cpu_before = cpu()
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    action_cpu = cpu() - cpu_before
    actions = sum(applied.values())
    # The same clients, the same servers: GET /api/v1/health as many times as there were actions.
    health: list[float] = []

    def check(index: int) -> None:
        client = players[index][0]
        mine = []
        for _ in range(len(line)):
            status, _answer, took = client.call("GET", "/api/v1/health", b"", {})
            assert status == 200
            mine.append(took)
        with lock:
            health.extend(mine)

    threads = [threading.Thread(target=check, args=(i,)) for i in range(args.clients)]
    cpu_before = cpu()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    health_cpu = cpu() - cpu_before
    accepted = 0
    for client, auth, attempt, _code in players:
        path = f"/api/v1/daily/{date}/attempts/{attempt}/record"
        status, _answer, _took = client.call("PUT", path, record, {**auth, "Content-Type": "text/plain"})
        accepted += status == 200
    board = read_whole_board(Client(servers[0][1]), date)
    on_board = sum(1 for row in board if row["name"].startswith(f"l{tag}-"))
    for process, _ in servers:
        process.terminate()
        process.wait(10)
    if scratch is not None:
        drop_postgres(given, scratch)

    def pct(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

    per_action = action_cpu / actions * 1000 if actions else float("nan")
    per_health = health_cpu / len(health) * 1000 if health else float("nan")
    print(
        f"{kind}, {args.processes} server process(es), {args.clients} clients, a {len(line)}-action game each, "
        f"one action a request, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    print(f"actions applied: {actions} of {len(line) * args.clients} in {elapsed:.2f} s = {actions / elapsed:.0f}/s")
    print(f"per action: p50 {pct(latencies, 0.5):.1f} ms, p99 {pct(latencies, 0.99):.1f} ms")
    print(f"health: p50 {pct(health, 0.5):.1f} ms, p99 {pct(health, 0.99):.1f} ms")
    print(
        f"service CPU: {per_action:.2f} ms an action, {per_health:.2f} ms a health request "
        f"({per_action / per_health:.1f}x)"
    )
    whole = actions == len(line) * args.clients and accepted == args.clients and on_board == args.clients
    print(f"nothing lost: {'yes' if whole else 'NO'} ({accepted} records accepted, {on_board} on the board)")
    for failure in failures[:5]:
        print(f"failed: {failure}")
    return 0 if whole and not failures else 1


#: The board ``--leaderboard`` fills: a date long past, as many results as the largest board seen.
BOARD_DATE = "2026-03-14"
BOARD_ROWS = 13_306


def fill_board(database: str, rows: int) -> None:
    """Write ``rows`` results of :data:`BOARD_DATE` straight into ``database`` (already migrated)."""
    import sqlalchemy as sa

    from patience_server.models import Attempt, Player

    engine = sa.create_engine(database)
    when = dt.datetime(2026, 3, 14, 9, tzinfo=dt.UTC)
    players = [{"name": f"reader-{n}", "token_hash": f"{n:064x}", "created": when} for n in range(rows)]
    with engine.begin() as connection:
        first = connection.execute(sa.select(sa.func.coalesce(sa.func.max(Player.id), 0))).scalar_one()
        connection.execute(sa.insert(Player), players)
        attempts = [
            {
                "player_id": first + 1 + n,
                "date": BOARD_DATE,
                "variant": "freecell",
                "cells": 4,
                "deal": 1,
                "code": "x",
                "started": when,
                "result": "won" if n % 3 else "gave-up",
                "won": 1 if n % 3 else 0,
                "score": (n * 7919) % 400,
                "moves": 90 + n % 20,
                "undos": n % 5,
                "cards_home": 52 if n % 3 else n % 52,
                "submitted": when + dt.timedelta(seconds=n),
                "record": "",
            }
            for n in range(rows)
        ]
        connection.execute(sa.insert(Attempt), attempts)
    engine.dispose()


def leaderboard(args: argparse.Namespace) -> int:
    """``--leaderboard``: GET /api/v1/health's latency while ``--readers`` clients read a large board.

    One server process on a board of :data:`BOARD_ROWS` results; for
    ``--seconds`` each: health alone, then beside readers of the first page
    (``?limit=100``, what the page and a glance need), then beside readers
    paging through the whole board 500 at a time.
    """
    home = Path(tempfile.mkdtemp(prefix="patience-bench-"))
    database = args.database or f"sqlite+pysqlite:///{home / 'board.sqlite3'}"
    scratch, given = None, database
    if database.startswith("postgresql") and not args.same_database:
        database, scratch = fresh_postgres(database)
    process, port = start_server(database, home)
    fill_board(database, BOARD_ROWS)
    whole = read_whole_board(Client(port), BOARD_DATE)
    assert [row["rank"] for row in whole] == list(range(1, BOARD_ROWS + 1)), "the paged board lost or repeated a rank"
    first_page = f"/api/v1/daily/{BOARD_DATE}/leaderboard?variant=freecell"

    def phase(reading: str | None) -> tuple[list[float], list[float], int]:
        stop = threading.Event()
        health: list[float] = []
        pages: list[float] = []
        read = [0]
        lock = threading.Lock()

        def reader() -> None:
            client = Client(port)
            mine: list[float] = []
            while not stop.is_set():
                if reading == "first page":
                    status, answer, took = client.call("GET", first_page, b"", {})
                    assert status == 200 and isinstance(answer, list) and len(answer) == 100
                    mine.append(took)
                else:
                    after = 0
                    while after < BOARD_ROWS:
                        path = f"{first_page}&limit=500&after={after}"
                        status, answer, took = client.call("GET", path, b"", {})
                        assert status == 200 and isinstance(answer, list) and answer, (status, answer)
                        after = answer[-1]["rank"]
                        mine.append(took)
            with lock:
                pages.extend(mine)
                read[0] += len(mine)

        readers = [threading.Thread(target=reader) for _ in range(args.readers if reading else 0)]
        for thread in readers:
            thread.start()
        client = Client(port)
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline:
            status, _answer, took = client.call("GET", "/api/v1/health", b"", {})
            assert status == 200
            health.append(took)
            time.sleep(0.01)
        stop.set()
        for thread in readers:
            thread.join()
        return health, pages, read[0]

    def pct(values: list[float], q: float) -> str:
        ordered = sorted(values)
        return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f}" if ordered else "-"

    kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
    print(
        f"{kind}, 1 server process, a board of {BOARD_ROWS:,} results, {args.readers} readers, {os.cpu_count()} cores"
    )
    print(f"{'readers read':28} {'health p50':>10} {'p99 ms':>7} {'page p50':>9} {'p99 ms':>7} {'pages/s':>8}")
    for reading in (None, "first page", "whole board, 500 a page"):
        health, pages, _count = phase(reading)
        rate = f"{len(pages) / args.seconds:.0f}" if pages else "-"
        label = reading or "nothing (health alone)"
        health_ms = f"{pct(health, 0.5):>10} {pct(health, 0.99):>7}"
        print(f"{label:28} {health_ms} {pct(pages, 0.5):>9} {pct(pages, 0.99):>7} {rate:>8}")
    print(f"load average {os.getloadavg()[0]:.1f}")
    process.terminate()
    process.wait(10)
    if scratch is not None:
        drop_postgres(given, scratch)
    return 0


def handlers(players: int) -> dict[str, float]:
    """Mean milliseconds of each endpoint's function, called in-process on a new SQLite file."""
    os.environ.setdefault("PATIENCE_REGISTER_LIMIT", "1000000/60")
    os.environ.setdefault("PATIENCE_RATE_LIMIT", "1000000/60")
    from starlette.requests import Request

    from patience_server.api import deps
    from patience_server.api.routes import attempts
    from patience_server.api.routes import players as players_route
    from patience_server.app import create_app
    from patience_server.schemas import ActionsIn, AttemptIn, PlayerIn

    app = create_app(f"sqlite+pysqlite:///{tempfile.mkdtemp(prefix='patience-parts-')}/board.sqlite3")
    db, limits = app.state.db, app.state.limits
    date = dt.datetime.now(dt.UTC).date().isoformat()
    body = winning_record(date).encode()
    scope: dict[str, Any] = {"type": "http", "client": ("127.0.0.1", 1), "headers": [], "method": "POST", "app": app}
    request = Request(scope)
    tag = f"{time.time_ns() % 10**8}"
    loop = asyncio.new_event_loop()

    def call(function: Any, *args: Any) -> Any:
        # The endpoints are coroutines: they run on the server's event loop.
        answer = function(*args)
        return loop.run_until_complete(answer) if inspect.isawaitable(answer) else answer

    # The day's deal is computed once per process (the solver checks it): not part of a request's cost.
    def new_player(name: str) -> str:
        return str(call(players_route.register, PlayerIn(name=name), request, db, limits).token)

    warm = new_player(f"w{tag}")
    call(attempts.start_attempt, date, AttemptIn(), call(deps.get_current_player, request, f"Bearer {warm}"), db)
    spent = {"register": 0.0, "token check": 0.0, "attempt start": 0.0, "record": 0.0}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    try:
        for number in range(players):
            a = time.perf_counter()
            token = new_player(f"p{tag}-{number}")
            b = time.perf_counter()
            who = call(deps.get_current_player, request, f"Bearer {token}")
            c = time.perf_counter()
            attempt = call(attempts.start_attempt, date, AttemptIn(), who, db).attempt
            d = time.perf_counter()
            actions = ActionsIn(first=1, actions=list(parse_record(body.decode()).actions))
            call(attempts.send_actions, date, attempt, actions, who, db)
            put = Request({**scope, "method": "PUT"}, receive)
            answer = call(attempts.send_record, date, attempt, put, who, db, limits)
            e = time.perf_counter()
            assert answer.result == "won", answer
            for key, took in zip(spent, (b - a, c - b, d - c, e - d), strict=True):
                spent[key] += took
    finally:
        loop.close()
    return {key: total / players * 1000 for key, total in spent.items()}


def replay(players: int) -> float:
    """Mean milliseconds of ``check_record`` of the winning record."""
    record = parse_record(winning_record(dt.datetime.now(dt.UTC).date().isoformat()))
    started = time.perf_counter()
    for _ in range(players):
        assert check_record(record).problem is None
    return (time.perf_counter() - started) / players * 1000


def http_rate(requests: int, clients: int) -> float:
    """Requests a second of ``GET /api/v1/health`` from ``clients`` threads on one server process."""
    home = Path(tempfile.mkdtemp(prefix="patience-parts-"))
    process, port = start_server(f"sqlite+pysqlite:///{home / 'board.sqlite3'}", home)
    left = iter(range(requests))
    lock = threading.Lock()

    def work() -> None:
        client = Client(port)
        while True:
            with lock:
                if next(left, None) is None:
                    return
            status, _answer, _took = client.call("GET", "/api/v1/health", b"", {})
            assert status == 200

    threads = [threading.Thread(target=work) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    process.terminate()
    process.wait(10)
    return requests / elapsed


def parts(args: argparse.Namespace) -> int:
    """``--parts``: where a submission's time goes, each part measured on its own."""
    spent = handlers(args.players)
    alone = replay(args.players)
    rate = http_rate(args.players * 10, args.clients)
    print(f"{'part':32} {'ms':>7}")
    for key, value in spent.items():
        print(f"{'handler: ' + key:32} {value:7.2f}")
    print(f"{'replay alone (check_record)':32} {alone:7.2f}")
    print(f"{'HTTP: GET /api/v1/health':32} {1000 / rate:7.2f}   ({rate:.0f}/s, {args.clients} clients, 1 process)")
    print(f"({os.cpu_count()} cores; the record handler includes its replay)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--database", help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--players", type=int, default=320)
    parser.add_argument("--processes", type=int, default=1, help="server processes on the one database")
    parser.add_argument(
        "--same-database", action="store_true", help="PostgreSQL: use the database as given, not a new one per run"
    )
    parser.add_argument(
        "--event-loop", action="store_true", help="the clients as coroutines of one event loop (default: threads)"
    )
    parser.add_argument("--quick", action="store_true", help="4 clients, 20 players")
    parser.add_argument("--parts", action="store_true", help="time each part of a submission on its own instead")
    parser.add_argument(
        "--leaderboard", action="store_true", help="health's latency beside readers of a 13,306-result board instead"
    )
    parser.add_argument(
        "--live", action="store_true", help="each client plays a ranked attempt action by action, beside health"
    )
    parser.add_argument("--readers", type=int, default=8, help="--leaderboard: clients reading the board")
    parser.add_argument("--seconds", type=float, default=10.0, help="--leaderboard: how long each phase lasts")
    args = parser.parse_args(argv)
    if args.quick:
        args.clients, args.players = 4, 20
        args.seconds = 3.0
    if args.leaderboard:
        return leaderboard(args)
    if args.live:
        return live(args)
    return parts(args) if args.parts else run(args)


if __name__ == "__main__":
    sys.exit(main())
