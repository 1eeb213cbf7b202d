"""The service in English, German and Hungarian, on a real server process (SQLite and PostgreSQL).

The page's language comes from ``?lang=``, else ``Accept-Language`` (quality
values honoured), else English; every refusal is ``{"error", "error_code"}``
in that language, whatever the JSON media type or the way a number is written; the ids
are the ones ``docs/server.md`` and the OpenAPI description list.
"""

from __future__ import annotations

import ast
import datetime as dt
import json
import re
import sqlite3
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from serverhelp import Server, call, record_text, stream, today, unique_name, won_game
from test_api import register, start

from patience.formats.records import parse_record
from patience.i18n import format_date, format_number
from patience_home.leaderboard import Client, LeaderboardError
from patience_server.speech import ERROR_STATUS, ErrorCode, language_of_header, language_of_request

ROOT = Path(__file__).resolve().parents[2]


def fetch(
    server: Server,
    method: str,
    path: str,
    *,
    language: str | None = None,
    body: bytes | None = None,
    kind: str | None = None,
    token: str | None = None,
) -> tuple[int, Any, dict[str, str]]:
    """(status, the JSON body or the page, the headers) of one request with ``Accept-Language: language``."""
    headers = {}
    if language is not None:
        headers["Accept-Language"] = language
    if kind is not None:
        headers["Content-Type"] = kind
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(server.url + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw, status, got = response.read(), response.status, dict(response.headers.items())
    except urllib.error.HTTPError as error:
        raw, status, got = error.read(), error.code, dict(error.headers.items())
    answer = json.loads(raw) if got.get("content-type", "").startswith("application/json") else raw.decode()
    return status, answer, got


# -- which language -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de", "de"),
        ("de-AT", "de"),
        ("hu-HU", "hu"),
        ("hu_HU", "hu"),
        ("fr, hu;q=0.5, de;q=0.9", "de"),
        ("de;q=0.2, hu;q=0.8", "hu"),
        ("fr-FR, en-GB;q=0.9, de;q=0.8", "en"),
        ("de;q=0, hu;q=0.1", "hu"),
        ("fr, it", "en"),
        ("*", "en"),
        ("", "en"),
        ("de;q=banana, hu;q=0.5", "hu"),
        (";;,,=", "en"),
    ],
)
def test_accept_language_chooses_by_quality_and_means_english_for_the_rest(header: str, language: str) -> None:
    assert language_of_header(header) == language


@pytest.mark.parametrize(
    ("query", "header", "language"),
    [
        ("lang=hu", "de", "hu"),
        ("lang=DE", "hu", "de"),
        ("lang=en", "de", "en"),
        ("lang=fr", "de", "en"),
        ("lang=", "hu", "en"),
        ("variant=freecell", "hu-HU", "hu"),
    ],
)
def test_lang_in_the_query_wins_over_the_header(query: str, header: str, language: str) -> None:
    assert language_of_request(query.encode(), [(b"accept-language", header.encode())]) == language


# -- the page -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def played(server: Server) -> dict[str, Any]:
    """One won game of today on the server's board: its row as the API gives it."""
    name, token = register(server, unique_name("board"))
    _, attempt = start(server, token)
    game = won_game(today())
    stream(server.url, today(), attempt["attempt"], token, tuple(game.log))
    status, result, _ = call(
        "PUT",
        f"{server.url}/api/v1/daily/{today()}/attempts/{attempt['attempt']}/record",
        token=token,
        text=record_text(game),
    )
    assert status == 200, result
    return {"name": name, **result}


WORDS = {
    "en": ("Player", "Result", "Score", "Moves", "Undos", "won", "the deal is shown once the day is over"),
    "de": ("Spieler", "Ergebnis", "Punkte", "Züge", "Rücknahmen", "gewonnen", "sobald der Tag vorbei ist"),
    "hu": ("Játékos", "Eredmény", "Pontszám", "Lépések", "Visszavonások", "nyert", "a leosztás a nap végén"),
}


@pytest.mark.parametrize(
    ("header", "query", "language"),
    [
        (None, "", "en"),
        ("de-AT,de;q=0.9", "", "de"),
        ("hu-HU", "", "hu"),
        ("fr, hu;q=0.4, de;q=0.6", "", "de"),
        ("de", "&lang=hu", "hu"),
        ("hu", "&lang=de", "de"),
        ("hu", "&lang=fr", "en"),
    ],
)
def test_the_page_speaks_the_requests_language(
    server: Server, played: dict[str, Any], header: str | None, query: str, language: str
) -> None:
    day = today()
    status, page, headers = fetch(server, "GET", f"/daily/{day}?variant=freecell&cells=4{query}", language=header)
    assert status == 200
    assert f'<html lang="{language}">' in page
    for word in WORDS[language]:
        assert word in page
    for other in ("de", "hu", "en"):
        if other != language:
            assert WORDS[other][0] not in page
    # Dates and numbers as the language writes them.
    assert format_date(dt.date.fromisoformat(day), language) in page
    assert re.search(f'<td data-label="[^"]+">{re.escape(format_number(played["score"], language))}</td>', page)
    # Both links keep the language chosen.
    links = re.findall(r'href="([^"]+)"', page)
    assert len(links) == 2
    assert all(link.endswith(f"lang={language}") for link in links)
    assert "Accept-Language" in headers.get("vary", "")


def test_the_front_page_speaks_too_and_varies_on_accept_language(server: Server) -> None:
    status, page, headers = fetch(server, "GET", "/", language="hu")
    assert status == 200
    assert '<html lang="hu">' in page and "Napi FreeCell" in page
    assert "Accept-Language" in headers["vary"]
    status, page, _ = fetch(server, "GET", "/?lang=de")
    assert '<html lang="de">' in page and "Tagesspiel FreeCell" in page


def test_requests_in_different_languages_at_once_each_get_their_own(server: Server) -> None:
    languages = ["en", "de", "hu"] * 8
    found: dict[int, tuple[str, str]] = {}

    def ask(index: int, language: str) -> None:
        page = fetch(server, "GET", f"/daily/{today()}", language=language)[1]
        error = fetch(server, "GET", "/api/v1/nothing", language=language)[1]["error"]
        found[index] = (re.findall(r'<html lang="(\w+)">', page)[0], error)

    threads = [threading.Thread(target=ask, args=(i, lang)) for i, lang in enumerate(languages)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    expected = {
        "en": "there is nothing at /api/v1/nothing",
        "de": "unter /api/v1/nothing gibt es nichts",
        "hu": "itt nincs semmi: /api/v1/nothing",
    }
    assert found == {i: (lang, expected[lang]) for i, lang in enumerate(languages)}


# -- error bodies -------------------------------------------------------------------------------------


ERRORS: dict[str, tuple[str, str, dict[str, str]]] = {
    # what: (method, path, the message in each language)
    "unknown path": (
        "GET",
        "/api/v1/nothing",
        {
            "en": "there is nothing at /api/v1/nothing",
            "de": "unter /api/v1/nothing gibt es nichts",
            "hu": "itt nincs semmi: /api/v1/nothing",
        },
    ),
    "wrong method": (
        "DELETE",
        "/api/v1/health",
        {
            "en": "DELETE is not allowed on /api/v1/health: it takes GET",
            "de": "DELETE ist für /api/v1/health nicht erlaubt, nur GET",
            "hu": "ehhez az útvonalhoz (/api/v1/health) DELETE nem használható, csak GET",
        },
    ),
    "no token": (
        "POST",
        f"/api/v1/daily/{today()}/attempts",
        {
            "en": "no valid token: send `Authorization: Bearer TOKEN` with your player's token",
            "de": "kein gültiges Token: sende `Authorization: Bearer TOKEN` mit dem Token deines Spielers",
            "hu": "nincs érvényes token: küldd el a játékosod tokenjét így: `Authorization: Bearer TOKEN`",
        },
    ),
    "not a number": (
        "GET",
        f"/api/v1/daily/{today()}/leaderboard?cells=four",
        {
            "en": "cells: a whole number is expected",
            "de": "cells: hier gehört eine ganze Zahl hin",
            "hu": "cells: egész számot kell megadni",
        },
    ),
    "unknown variant": (
        "GET",
        f"/api/v1/daily/{today()}/leaderboard?variant=canfield",
        {
            "en": "there is no variant “canfield” on this server",
            "de": "auf diesem Server gibt es keine Variante „canfield“",
            "hu": "ezen a szerveren nincs „canfield” nevű változat",
        },
    ),
    "cells": (
        "GET",
        f"/api/v1/daily/{today()}/leaderboard?cells=9",
        {
            "en": "FreeCell is not played with 9 free cells",
            "de": "FreeCell wird nicht mit 9 freien Zellen gespielt",
            "hu": "FreeCell nem játszható 9 szabad cellával",
        },
    ),
    "not a date": (
        "GET",
        "/daily/2026-13-40",
        {
            "en": "“2026-13-40” is not a date: write it as YYYY-MM-DD, like 2026-12-24",
            "de": "„2026-13-40“ ist kein Datum: schreibe es als JJJJ-MM-TT, etwa 2026-12-24",
            "hu": "„2026-13-40” nem dátum: ÉÉÉÉ-HH-NN alakban írd, például 2026-12-24",
        },
    ),
    "nobody played": (
        "GET",
        "/daily/2001-02-03?variant=eight-off&cells=2",
        {
            "en": "nobody played the daily Eight Off of February 3, 2001 with 2 free cells",
            "de": "niemand hat das Tagesspiel Eight Off vom 3. Februar 2001 mit 2 freien Zellen gespielt",
            "hu": "senki sem játszotta a napi játszmát (Eight Off, 2001. február 3.) 2 szabad cellával",
        },
    ),
}
CODES = {
    "unknown path": ("not_found", 404),
    "wrong method": ("method_not_allowed", 405),
    "no token": ("unauthorized", 401),
    "not a number": ("invalid_request", 422),
    "unknown variant": ("unknown_variant", 422),
    "cells": ("invalid_cells", 422),
    "not a date": ("invalid_date", 422),
    "nobody played": ("not_found", 404),
}


@pytest.mark.parametrize("language", ["en", "de", "hu"])
@pytest.mark.parametrize("what", list(ERRORS))
def test_error_bodies_speak_the_requests_language_with_a_stable_id(server: Server, what: str, language: str) -> None:
    method, path, messages = ERRORS[what]
    code, expected_status = CODES[what]
    status, body, headers = fetch(server, method, path, language=language)
    assert status == expected_status
    assert headers["content-type"].startswith("application/json")
    assert body == {"error": messages[language], "error_code": code}
    assert "Accept-Language" in headers["vary"]
    # ?lang= decides for the API as for the pages.
    joined = "&" if "?" in path else "?"
    assert (
        fetch(server, method, f"{path}{joined}lang={language}", language="hu" if language == "de" else "de")[1] == body
    )


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "the request body is over 256 KiB"),
        ("de", "der Inhalt der Anfrage ist größer als 256 KiB"),
        ("hu", "a kérés törzse nagyobb 256 KiB-nál"),
    ],
)
def test_a_body_too_large_is_413_in_the_requests_language(server: Server, language: str, message: str) -> None:
    _, token = register(server)
    url = f"/api/v1/daily/{today()}/attempts/1/record"
    status, body, headers = fetch(server, "PUT", url, language=language, body=b"a" * (256 * 1024 + 1), token=token)
    assert (status, body) == (413, {"error": message, "error_code": "body_too_large"})
    assert "Accept-Language" in headers["vary"]


def test_record_refusals_keep_the_action_and_say_the_rest_in_the_requests_language(server: Server) -> None:
    _, token = register(server)
    _, attempt = start(server, token, cells=3)
    url = f"/api/v1/daily/{today()}/attempts/{attempt['attempt']}/record"
    status, body, _ = fetch(server, "PUT", url, language="de", body=b"hello", kind="text/plain", token=token)
    assert status == 422
    assert body["error_code"] == "not_a_record" and body["action"] is None
    assert body["error"].startswith("keine Spielaufzeichnung: ")
    # A refused action's reason is the engine's, in the request's language; the id says what it is.
    game = won_game(today(), cells=3)
    lines = record_text(game).split("\n")
    first = next(i for i, line in enumerate(lines) if line and not line.startswith("["))
    tokens = lines[first].split()
    tokens[2] = "hh"
    lines[first] = " ".join(tokens)
    bad = "\n".join(lines).encode()
    status, body, _ = fetch(server, "PUT", url, language="hu", body=bad, kind="text/plain", token=token)
    assert (status, body["error_code"], body["action"]) == (422, "illegal_action", 3)
    assert body["error"].startswith("3. művelet, 'hh': ")
    # An action after the game was won: game over.
    more = record_text(game).rstrip("\n") + " 12\n"
    status, body, _ = fetch(server, "PUT", url, language="hu", body=more.encode(), token=token)
    assert (status, body["error_code"]) == (422, "game_over"), body
    assert body["action"] == len(parse_record(more).actions)


# -- one request, written two ways ---------------------------------------------------------------------


def _both(server: Server, method: str, path: str, body: bytes, language: str, token: str | None) -> list[Any]:
    """The answers to one JSON body sent as ``application/json`` and as a ``+json`` type, which read alike."""
    answers = []
    for kind in ("application/json", "application/vnd.patience+json"):
        status, answer, headers = fetch(server, method, path, language=language, body=body, kind=kind, token=token)
        answers.append((status, answer, headers.get("vary")))
    return answers


@pytest.mark.parametrize("language", ["en", "de", "hu"])
def test_a_json_body_is_refused_alike_under_either_json_media_type(server: Server, language: str) -> None:
    taken, token = register(server)
    day = today()
    requests: list[tuple[str, bytes, str | None, str]] = [
        ("/api/v1/players", json.dumps({"name": taken}).encode(), None, "name_taken"),
        ("/api/v1/players", json.dumps({"name": "x" * 33}).encode(), None, "invalid_name"),
        ("/api/v1/players", json.dumps({"name": " lead"}).encode(), None, "name_invisible"),
        ("/api/v1/players", json.dumps({"name": "tab\there"}).encode(), None, "name_invisible"),
        ("/api/v1/players", json.dumps({"nom": "x"}).encode(), None, "invalid_request"),
        ("/api/v1/players", b"[1, 2]", None, "invalid_request"),
        ("/api/v1/players", b"{not json", None, "invalid_request"),
        (f"/api/v1/daily/{day}/attempts", b"{}", None, "unauthorized"),
        (f"/api/v1/daily/{day}/attempts", b"{}", "1.wrong", "unauthorized"),
        ("/api/v1/daily/2020-01-01/attempts", b"{}", token, "date_not_playable"),
        ("/api/v1/daily/someday/attempts", b"{}", token, "invalid_date"),
        (f"/api/v1/daily/{day}/attempts", json.dumps({"variant": "canfield"}).encode(), token, "unknown_variant"),
        (f"/api/v1/daily/{day}/attempts", json.dumps({"cells": 9}).encode(), token, "invalid_cells"),
        (f"/api/v1/daily/{day}/attempts", json.dumps({"cells": "x"}).encode(), token, "invalid_request"),
    ]
    assert start(server, token, cells=2)[0] == 201
    requests.append((f"/api/v1/daily/{day}/attempts", json.dumps({"cells": 2}).encode(), token, "action_conflict"))
    for path, body, bearer, code in requests:
        plain, suffixed = _both(server, "POST", path, body, language, bearer)
        assert plain == suffixed, (path, body)
        status, answer, vary = plain
        assert (status, answer["error_code"], vary) == (ERROR_STATUS[ErrorCode(code)], code, "Accept-Language")
        assert set(answer) == {"error", "error_code"}


@pytest.mark.parametrize("language", ["en", "de", "hu"])
def test_an_attempt_number_is_refused_alike_with_leading_zeros(server: Server, language: str) -> None:
    _, token = register(server)
    _, attempt = start(server, token, cells=3)
    day = today()
    game = won_game(day, cells=3)
    other = won_game(day, cells=4)
    records: list[tuple[str, str | None, bytes, str]] = [
        (str(attempt["attempt"]), token, b"hello", "not_a_record"),
        (str(attempt["attempt"]), token, record_text(other).encode(), "wrong_deal"),
        (str(attempt["attempt"]), token, record_text(game, "gave-up").encode(), "record_mismatch"),
        (str(attempt["attempt"]), "1.wrong", record_text(game).encode(), "unauthorized"),
        ("77777", token, record_text(game).encode(), "not_found"),
    ]
    for number, bearer, body, code in records:
        url = f"/api/v1/daily/{day}/attempts/{{}}/record"
        plain = fetch(server, "PUT", url.format(number), language=language, body=body, token=bearer)
        declared = fetch(server, "PUT", url.format("0" * 20 + number), language=language, body=body, token=bearer)
        assert (plain[0], plain[1]) == (declared[0], declared[1])
        assert plain[1]["error_code"] == code
        assert plain[2]["vary"] == declared[2]["vary"] == "Accept-Language"
    # A number larger than any id is no attempt's: not found, never sent to the database.
    status, body, _ = fetch(server, "PUT", f"/api/v1/daily/{day}/attempts/{'9' * 25}/record", token=token, body=b"x")
    assert (status, body["error_code"]) == (404, "not_found")


# -- the ids: documented, described, used -------------------------------------------------------------


def _documented_ids() -> dict[str, int]:
    """The ids in docs/server.md's table of error ids, with their status."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d{3}) \|", text, flags=re.MULTILINE)
    return {code: int(status) for code, status in rows}


def _ids_in_the_code() -> set[str]:
    """Every ErrorCode member the service's modules name (ErrorCode.NAME), as its id."""
    names: set[str] = set()
    for source in (ROOT / "packages" / "server" / "src" / "patience_server").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "ErrorCode":
                names.add(node.attr)
    return {ErrorCode[name].value for name in names}


def test_every_id_the_code_uses_is_in_the_docs_table_with_its_status() -> None:
    used = _ids_in_the_code()
    documented = _documented_ids()
    assert {"illegal_action", "action_conflict", "game_over", "name_taken", "name_invisible", "unavailable"} <= used
    assert used - set(documented) == set()
    assert set(documented) == {code.value for code in ErrorCode}
    assert documented == {code.value: status for code, status in ERROR_STATUS.items()}


def test_the_openapi_description_lists_every_id_on_every_routes_errors(server: Server) -> None:
    status, spec, _ = call("GET", f"{server.url}/openapi.json")
    assert status == 200
    schema = spec["components"]["schemas"]
    enum_name = schema["ErrorBody"]["properties"]["error_code"]["$ref"].rsplit("/", 1)[-1]
    assert set(schema[enum_name]["enum"]) >= _ids_in_the_code()
    assert set(schema[enum_name]["enum"]) == set(_documented_ids())
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            errors = {code: answer for code, answer in operation["responses"].items() if code[0] in "45"}
            assert {"405", "413", "500", "503"} <= set(errors), (path, method)
            for answer in errors.values():
                assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody"), (path, method)


# -- the client ---------------------------------------------------------------------------------------


def test_the_client_reads_the_message_and_the_id(server: Server) -> None:
    name, _token = register(server)
    with pytest.raises(LeaderboardError) as refused:
        Client(server.url).register(name)
    assert (refused.value.status, refused.value.code) == (409, "name_taken")
    assert str(refused.value) == f"the name “{name}” is taken, or looks like a name that is: choose another"
    assert not refused.value.passing
    with pytest.raises(LeaderboardError) as unauthorized:
        Client(server.url, "1.wrong").start_attempt(today(), "freecell", 4)
    assert (unauthorized.value.status, unauthorized.value.code) == (401, "unauthorized")


def test_a_locked_database_is_503_unavailable_and_worth_a_retry(tmp_path: Path) -> None:
    database = tmp_path / "board.sqlite3"
    locked = Server(f"sqlite+pysqlite:///{database}", tmp_path)
    holder = sqlite3.connect(database, timeout=1, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # every writer waits for it, then gives up (the busy timeout is 10 s)
        with pytest.raises(LeaderboardError) as away:
            Client(locked.url, timeout=30).register(unique_name())
        assert (away.value.status, away.value.code) == (503, "unavailable")
        assert away.value.passing
        holder.execute("ROLLBACK")
        assert Client(locked.url).register(unique_name())
    finally:
        holder.close()
        log = locked.stop()
    assert "Traceback" not in log


def test_a_failure_is_500_internal_error_in_the_requests_language_with_the_traceback_in_the_log_only(
    tmp_path: Path,
) -> None:
    database = tmp_path / "board.sqlite3"
    failing = Server(f"sqlite+pysqlite:///{database}", tmp_path)
    try:
        _, token = register(failing)
        _, attempt = start(failing, token)
        # A stored result the service never writes: a score that is no number, which the page cannot format.
        with sqlite3.connect(database) as connection:
            connection.execute(
                "UPDATE attempts SET result = 'won', won = 1, score = 'lots', moves = 1, undos = 0, cards_home = 52,"
                " submitted = '2026-01-01 00:00:00', record = '' WHERE id = ?",
                (attempt["attempt"],),
            )
        status, body, headers = fetch(failing, "GET", f"/daily/{today()}?lang=de")
        assert status == 500
        assert body == {
            "error": "interner Fehler: der Dienst ist an dieser Anfrage gescheitert",
            "error_code": "internal_error",
        }
        assert "Accept-Language" in headers["vary"]
    finally:
        log = failing.stop()
    assert "Traceback" in log and "internal error" in log
