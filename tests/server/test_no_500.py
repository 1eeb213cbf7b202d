"""Bad input never gets a 500: tokens, ids, JSON and strict types, against a real server on SQLite and PostgreSQL.

Every request here is one a client can send; each is refused with the
status and ``error_code`` docs/server.md lists, in the error body
``{"error", "error_code"}``.
"""

from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.parse
from typing import Any

import pytest
from serverhelp import Server, call, record_text, stream, today, unique_name, won_game

#: Tokens whose id is not a number the database can hold, or not a plain ASCII number at all.
BAD_TOKENS = [
    "\xb2.x",
    "\u0663.x",
    "\uff11.x",
    "-1.x",
    "+1.x",
    " 1 .x",
    "1 .x",
    "1_000.x",
    "2147483648.x",
    "9223372036854775807.x",
    "9223372036854775808.x",
    "9" * 40 + ".x",
    "0.x",
    "1.",
    ".x",
    "1",
]

#: Attempt numbers that are not a row's id on either database, or not a plain number.
BAD_ATTEMPTS = ["2147483648", str(2**63 - 1), str(2**63), "9" * 40, "-1", "\xb2", "1.5", "1e3", "0x10", "\u0663"]


def _raw(server: Server, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, Any]:
    """One request with headers as given, byte for byte (latin-1), as urllib would refuse to send some."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        for key, value in headers.items():
            # UTF-8 bytes, as a client may send them: the service reads headers as latin-1.
            connection.putheader(key, value.encode("utf-8"))
        if body:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body or None)
        response = connection.getresponse()
        raw = response.read()
        kind = response.getheader("Content-Type", "")
        assert kind.startswith("application/json"), (response.status, raw[:200])
        return response.status, json.loads(raw)
    finally:
        connection.close()


def _register(server: Server) -> tuple[int, str]:
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": unique_name("n5")})
    assert status == 201, body
    token = body["token"]
    return int(token.partition(".")[0]), token


def _error(status: int, body: Any, expected_status: int, code: str) -> None:
    assert status == expected_status, body
    assert isinstance(body, dict) and set(body) >= {"error", "error_code"}, body
    assert body["error_code"] == code, body
    assert body["error"], body


def _authenticated_requests(date: str) -> list[tuple[str, str, bytes, str]]:
    """(method, path, body, content type) of every request that needs a token."""
    return [
        ("POST", f"/api/v1/daily/{date}/attempts", b'{"variant": "freecell", "cells": 4}', "application/json"),
        ("PUT", f"/api/v1/daily/{date}/attempts/1/record", b"[Variant]", "text/plain"),
    ]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_a_token_whose_id_is_not_a_database_id_is_401_on_every_authenticated_route(server: Server, token: str) -> None:
    for method, path, body, kind in _authenticated_requests(today()):
        headers = {"Authorization": f"Bearer {token}", "Content-Type": kind}
        status, answer = _raw(server, method, path, headers, body)
        _error(status, answer, 401, "unauthorized")


def test_a_token_header_of_bytes_outside_ascii_is_401(server: Server) -> None:
    for method, path, body, kind in _authenticated_requests(today()):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            connection.putrequest(method, path)
            connection.putheader("Authorization", b"Bearer \xb2\xff.x")
            connection.putheader("Content-Type", kind)
            connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            _error(response.status, json.loads(response.read()), 401, "unauthorized")
        finally:
            connection.close()


def test_a_known_id_with_a_huge_secret_is_401(server: Server) -> None:
    ident, _token = _register(server)
    status, answer = _raw(
        server,
        "POST",
        f"/api/v1/daily/{today()}/attempts",
        {"Authorization": f"Bearer {ident}.{'x' * 5000}", "Content-Type": "application/json"},
        b"{}",
    )
    _error(status, answer, 401, "unauthorized")


@pytest.mark.parametrize("attempt", BAD_ATTEMPTS)
def test_an_attempt_number_out_of_the_databases_range_is_404_or_422(server: Server, attempt: str) -> None:
    _ident, token = _register(server)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "text/plain"}
    path = f"/api/v1/daily/{today()}/attempts/{urllib.parse.quote(attempt)}/record"
    status, answer = _raw(server, "PUT", path, headers, b"x")
    plain_number = attempt.isascii() and attempt.isdigit()
    if plain_number:
        # A plain number is an attempt id: one nobody has is not found, whatever the database can store.
        _error(status, answer, 404, "not_found")
    else:
        _error(status, answer, 422, "invalid_request")


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def _nested_object(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


@pytest.mark.parametrize("body", [_nested(100_000), _nested_object(40_000), b'{"name": ' + _nested(50_000) + b"}"])
def test_json_nested_too_deep_is_422_on_every_json_route(server: Server, body: bytes) -> None:
    _ident, token = _register(server)
    for path in ("/api/v1/players", f"/api/v1/daily/{today()}/attempts"):
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        status, answer = _raw(server, "POST", path, headers, body)
        _error(status, answer, 422, "invalid_request")
        assert "nested too deeply" in answer["error"], answer


@pytest.mark.parametrize("cells", [True, False, 4.0, "4", "4.0", [4], {"n": 4}])
def test_cells_must_be_a_json_whole_number(server: Server, cells: object) -> None:
    _ident, token = _register(server)
    status, answer, _ = call(
        "POST", f"{server.url}/api/v1/daily/{today()}/attempts", {"variant": "freecell", "cells": cells}, token=token
    )
    _error(status, answer, 422, "invalid_request")
    assert "cells" in answer["error"]


@pytest.mark.parametrize("variant", [1, True, None, ["freecell"]])
def test_variant_must_be_a_json_string(server: Server, variant: object) -> None:
    _ident, token = _register(server)
    status, answer, _ = call("POST", f"{server.url}/api/v1/daily/{today()}/attempts", {"variant": variant}, token=token)
    _error(status, answer, 422, "invalid_request")


@pytest.mark.parametrize("name", [1, True, None, ["ada"], {"n": "ada"}])
def test_a_name_must_be_a_json_string(server: Server, name: object) -> None:
    status, answer, _ = call("POST", f"{server.url}/api/v1/players", {"name": name})
    _error(status, answer, 422, "invalid_request")


@pytest.mark.parametrize("cells", ["true", "4.5", "1e1", "\xb2", "9" * 40, "-9223372036854775809"])
def test_a_leaderboards_cells_query_that_is_not_a_whole_number_in_range_is_422(server: Server, cells: str) -> None:
    status, answer = _raw(server, "GET", f"/api/v1/daily/{today()}/leaderboard?cells={urllib.parse.quote(cells)}", {})
    assert status == 422, answer
    assert answer["error_code"] in ("invalid_request", "invalid_cells"), answer


def test_a_body_sent_one_byte_a_second_is_dropped(server: Server) -> None:
    body = b'{"name": "' + b"s" * 40 + b'"}'
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(
            b"POST /api/v1/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
        )
        started = time.monotonic()
        answer = _trickle(sock, body)
    elapsed = time.monotonic() - started
    # Dropped within the read deadline, long before the body's 52 s, answered 408 or simply closed.
    assert elapsed < 20, elapsed
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer[:200]


def test_headers_sent_one_byte_a_second_are_dropped(server: Server) -> None:
    head = b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 60 + b"\r\n\r\n"
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        started = time.monotonic()
        answer = _trickle(sock, head)
    assert time.monotonic() - started < 20
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer[:200]


def test_a_healthy_request_is_answered_while_another_trickles(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n")
        status, _body, _ = call("GET", f"{server.url}/api/v1/health", timeout=5)
    assert status == 200


def _trickle(sock: socket.socket, data: bytes) -> bytes:
    """Send ``data`` one byte a second until the server closes the connection; what it answered."""
    answer = b""
    for byte in data:
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            break
        sock.settimeout(1.0)
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            break
        if not chunk:
            break
        answer += chunk
        if b"\r\n\r\n" in answer:
            break
    return answer


@pytest.mark.parametrize("where", ["tag", "comment"])
def test_a_won_record_holding_a_nul_is_not_a_record(server: Server, where: str) -> None:
    _ident, token = _register(server)
    status, attempt, _ = call(
        "POST", f"{server.url}/api/v1/daily/{today()}/attempts", {"variant": "freecell", "cells": 4}, token=token
    )
    assert status == 201, attempt
    game = won_game(today())
    stream(server.url, today(), attempt["attempt"], token, tuple(game.log))
    text = record_text(game)
    head, _, moves = text.partition("\n\n")
    text = head + '\n[Note "a\x00b"]\n\n' + moves if where == "tag" else head + "\n\n{\x00} " + moves
    url = f"{server.url}/api/v1/daily/{today()}/attempts/{attempt['attempt']}/record"
    status, answer, _ = call("PUT", url, token=token, text=text)
    _error(status, answer, 422, "not_a_record")
    # The attempt is still open: the same record without the NUL is accepted.
    status, answer, _ = call("PUT", url, token=token, text=text.replace("\x00", ""))
    assert status == 200, answer
