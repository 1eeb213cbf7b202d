"""Every answer carries the security headers, and the day's page holds a phone's width whatever the names.

The headers are checked on a real server process's answers of every kind
(pages, API, errors, the OpenAPI description); the layout by a headless
Chromium at 375 pixels, whose screenshot must show the page's green margin
at its right edge: a table wider than the screen covers it.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import re
import shutil
import struct
import subprocess
import urllib.request
import zlib
from pathlib import Path

import pytest
import sqlalchemy as sa
from serverhelp import Server, today, unique_name

from patience_server.models import Attempt, Player

DATE = "2026-02-09"


def _headers(url: str, method: str = "GET", data: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    """The status, headers (names in lower case) and body of one request."""
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def _policy(headers: dict[str, str]) -> dict[str, list[str]]:
    """The Content-Security-Policy's directives and their sources."""
    directives: dict[str, list[str]] = {}
    for part in headers["content-security-policy"].split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def _assert_secured(headers: dict[str, str]) -> dict[str, list[str]]:
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    policy = _policy(headers)
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["default-src"] == ["'none'"]
    for directive in ("script-src", "style-src"):
        assert "'unsafe-inline'" not in policy.get(directive, [])
        assert "'unsafe-eval'" not in policy.get(directive, [])
    return policy


def _inline_hashes(body: bytes, tag: str) -> set[str]:
    found = re.findall(rb"<%s>(.*?)</%s>" % (tag.encode(), tag.encode()), body, re.DOTALL)
    return {f"'sha256-{base64.b64encode(hashlib.sha256(text).digest()).decode()}'" for text in found}


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/api/v1/health", None, 200),
        ("GET", f"/api/v1/daily/{DATE}/leaderboard", None, 200),
        ("GET", f"/api/v1/daily/{DATE}/leaderboard?limit=0", None, 422),
        ("GET", "/api/v1/daily/someday/leaderboard", None, 422),
        ("POST", "/api/v1/players", b'{"name": "NAME"}', 201),
        ("POST", "/api/v1/players", b'{"name": 5}', 422),
        ("POST", "/api/v1/players", b'{"name": "' + b"x" * 300_000 + b'"}', 413),
        ("PUT", f"/api/v1/daily/{DATE}/attempts/1/record", b"", 401),
        ("GET", "/api/v1/players", None, 405),
        ("GET", "/nothing/here", None, 404),
        ("GET", "/openapi.json", None, 200),
        ("GET", "/daily/1999-01-01", None, 404),
    ],
)
def test_every_api_answer_and_refusal_carries_the_security_headers(
    server: Server, method: str, path: str, body: bytes | None, status: int
) -> None:
    if body is not None:
        body = body.replace(b"NAME", unique_name("hdr").encode())
    got, headers, _body = _headers(f"{server.url}{path}", method, body)
    assert got == status
    policy = _assert_secured(headers)
    # Nothing but the page may load anything.
    assert set(policy) == {"default-src", "frame-ancestors", "base-uri", "form-action"}


@pytest.mark.parametrize("path", ["/", f"/daily/{today()}?lang=de"])
def test_the_page_allows_its_own_style_by_its_hash_and_no_script(server: Server, path: str) -> None:
    status, headers, body = _headers(f"{server.url}{path}")
    assert status == 200
    policy = _assert_secured(headers)
    assert set(policy["style-src"]) == _inline_hashes(body, "style")
    assert len(policy["style-src"]) == 1
    assert "script-src" not in policy
    assert b"<script" not in body


def test_the_interactive_description_allows_its_inline_script_by_hash(server: Server) -> None:
    status, headers, body = _headers(f"{server.url}/docs")
    assert status == 200
    policy = _assert_secured(headers)
    hashes = _inline_hashes(body, "script")
    assert hashes
    assert hashes <= set(policy["script-src"])
    assert "https://cdn.jsdelivr.net" in policy["script-src"]


# -- the page on a phone --------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

#: The page's background, which shows in its right margin when nothing is wider than the screen.
GREEN = (0x0B, 0x5D, 0x2A)


def _add_results(database: str, names: list[str]) -> None:
    engine = sa.create_engine(database)
    when = dt.datetime(2026, 2, 9, 9, tzinfo=dt.UTC)
    with engine.begin() as connection:
        for score, name in enumerate(names):
            ident = connection.execute(
                sa.insert(Player).returning(Player.id),
                {"name": name, "token_hash": hashlib.sha256(name.encode()).hexdigest(), "created": when},
            ).scalar_one()
            row = {"player_id": ident, "date": DATE, "variant": "freecell", "cells": 4, "deal": 7, "code": "x"}
            row |= {"started": when, "result": "won", "won": 1, "score": 1000 - score, "moves": 120}
            row |= {"undos": 12345, "cards_home": 52, "submitted": when, "record": ""}
            connection.execute(sa.insert(Attempt), row)
    engine.dispose()


def _png_pixels(data: bytes) -> tuple[int, int, list[bytes], int]:
    """A PNG's width, height, unfiltered rows and bytes per pixel (8-bit RGB or RGBA, not interlaced)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat = 8, b""
    width = height = channels = 0
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind, chunk = data[offset + 4 : offset + 8], data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", chunk)
            assert (depth, interlace) == (8, 0)
            channels = {2: 3, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += chunk
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                nearest = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + nearest) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows, channels


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium: apt-get install -y chromium")
def test_a_long_name_is_wrapped_so_the_page_fits_a_phone(server: Server, database: str, tmp_path: Path) -> None:
    long_name = "Bartholomewmaximilianvonhabsbur"[:31] + "g"
    assert len(long_name) == 32 and " " not in long_name
    _add_results(database, [long_name, "W" * 32, "ada"])
    shot = tmp_path / "phone.png"
    subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=375,800",
            f"--screenshot={shot}",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"{server.url}/daily/{DATE}?lang=de",
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    width, height, rows, channels = _png_pixels(shot.read_bytes())
    assert width == 375
    # Every row of the right margin (the page's padding) shows the page's green: nothing reached over it.
    edge = width - 3
    colours = {tuple(rows[y][edge * channels : edge * channels + 3]) for y in range(height)}
    assert colours == {GREEN}
