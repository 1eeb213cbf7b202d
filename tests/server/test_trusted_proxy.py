"""The client's address, which registrations are limited by: ``X-Forwarded-For`` counts only from a trusted proxy.

Real `patience serve` processes on loopback ports; each allows 2
registrations per address in a minute.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from serverhelp import PATIENCE, call, free_port


class ProxiedServer:
    """A `patience serve` process started with ``options`` and ``environment`` added."""

    def __init__(self, home: Path, options: Sequence[str] = (), environment: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PATIENCE_HOME": str(home), "PATIENCE_REGISTER_LIMIT": "2/60", **(environment or {})}
        env.pop("FORWARDED_ALLOW_IPS", None)
        database = f"sqlite+pysqlite:///{home / 'board.sqlite3'}"
        self.process = subprocess.Popen(
            [PATIENCE, "serve", "--database", database, "--port", str(self.port), *options],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, "the server exited"
            try:
                if call("GET", f"{self.url}/api/v1/health")[0] == 200:
                    return
            except OSError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def register(self, name: str, forwarded: str | None = None) -> tuple[int, dict[str, object]]:
        headers = {"Content-Type": "application/json"}
        if forwarded is not None:
            headers["X-Forwarded-For"] = forwarded
        data = json.dumps({"name": name}).encode()
        request = urllib.request.Request(f"{self.url}/api/v1/players", data=data, method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def start(tmp_path: Path) -> Iterator[type[ProxiedServer]]:
    started: list[ProxiedServer] = []

    def make(options: Sequence[str] = (), environment: dict[str, str] | None = None) -> ProxiedServer:
        home = tmp_path / f"home{len(started)}"
        home.mkdir()
        server = ProxiedServer(home, options, environment)
        started.append(server)
        return server

    yield make  # type: ignore[misc]
    for server in started:
        server.stop()


def test_a_forwarded_address_from_loopback_does_not_bypass_the_registration_limit(start: ProxiedServer) -> None:
    server = start()  # type: ignore[operator]
    answers = [server.register(f"spoof{i}", forwarded=f"203.0.113.{i}")[0] for i in range(4)]
    assert answers == [201, 201, 429, 429]
    status, body = server.register("spoof9", forwarded="198.51.100.7")
    assert status == 429
    assert "127.0.0.1" in str(body["error"])


def test_a_trusted_proxy_names_each_client_by_its_forwarded_address(start: ProxiedServer) -> None:
    server = start(["--trusted-proxy", "127.0.0.1"])  # type: ignore[operator]
    assert [server.register(f"one{i}", forwarded="203.0.113.1")[0] for i in range(3)] == [201, 201, 429]
    # Another client behind the same proxy has its own limit.
    assert server.register("two0", forwarded="203.0.113.2")[0] == 201
    # A chain: the client is the last address no trusted proxy wrote, whatever the client put before it.
    assert server.register("three0", forwarded="198.51.100.1, 203.0.113.3")[0] == 201
    assert server.register("three1", forwarded="198.51.100.2, 203.0.113.3")[0] == 201
    status, body = server.register("three2", forwarded="198.51.100.3, 203.0.113.3")
    assert status == 429
    assert "203.0.113.3" in str(body["error"])


def test_a_trusted_network_is_given_as_cidr_and_loopback_outside_it_is_not_trusted(start: ProxiedServer) -> None:
    server = start(["--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "::1"])  # type: ignore[operator]
    assert [server.register(f"net{i}", forwarded=f"203.0.113.{i}")[0] for i in range(3)] == [201, 201, 429]
    trusting = start(["--trusted-proxy", "127.0.0.0/8"])  # type: ignore[operator]
    assert [trusting.register(f"lo{i}", forwarded=f"203.0.113.{i}")[0] for i in range(3)] == [201, 201, 201]


def test_the_environment_names_trusted_proxies_too(start: ProxiedServer) -> None:
    server = start(environment={"PATIENCE_TRUSTED_PROXIES": "192.0.2.1, 127.0.0.1"})  # type: ignore[operator]
    assert [server.register(f"env{i}", forwarded=f"203.0.113.{i}")[0] for i in range(3)] == [201, 201, 201]


def test_uvicorns_own_allow_list_is_not_used(start: ProxiedServer) -> None:
    server = start(environment={"FORWARDED_ALLOW_IPS": "*"})  # type: ignore[operator]
    assert [server.register(f"star{i}", forwarded=f"203.0.113.{i}")[0] for i in range(3)] == [201, 201, 429]


@pytest.mark.parametrize("value", ["localhost", "10.0.0.300", "10.0.0.0/33", "*", ""])
def test_a_trusted_proxy_that_is_no_address_is_one_line_and_exit_2(value: str, tmp_path: Path) -> None:
    env = {**os.environ, "PATIENCE_HOME": str(tmp_path), "PATIENCE_LANG": "en"}
    done = subprocess.run(
        [PATIENCE, "serve", "--port", str(free_port()), "--trusted-proxy", value],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"patience: --trusted-proxy {value!r}: give an address such as 10.0.0.1 or a network such as 10.0.0.0/8"
    ]
