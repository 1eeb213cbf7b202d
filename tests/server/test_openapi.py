"""The OpenAPI description is complete and a real server keeps to it: schemathesis, every check, SQLite and PostgreSQL.

Every request body is described (the record's ``text/plain`` too), and
every status a route can answer with, each refusal with the error body's
schema. schemathesis then generates requests from the description and runs
every check it has on the answers of a real server process.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverhelp import Server, call, unique_name

ST = str(Path(sys.executable).parent / "st")

#: Statuses every route can answer with, whatever it does: a wrong method, a body too slow or too large,
#: a failure, an outage.
EVERYWHERE = {"405", "408", "413", "500", "503"}

#: The statuses each operation documents beyond those.
EXPECTED = {
    ("/api/v1/players", "post"): {"201", "409", "422", "429"},
    ("/api/v1/daily/{date}/attempts", "post"): {"201", "401", "409", "422", "429"},
    ("/api/v1/daily/{date}/attempts/{attempt}/record", "put"): {"200", "401", "404", "409", "422", "429"},
    ("/api/v1/daily/{date}/attempts/{attempt}/actions", "post"): {"200", "401", "404", "409", "422", "429"},
    ("/api/v1/daily/{date}/attempts/{attempt}/hints", "post"): {"200", "401", "404", "409", "422", "429"},
    ("/api/v1/daily/{date}/leaderboard", "get"): {"200", "422"},
    ("/api/v1/health", "get"): {"200"},
}

#: A request the schema allows can still be refused for what only the server knows (a date other than
#: today, a variant it does not offer, a name taken, a token of nobody): those refusals are documented.
CONFIG = """\
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "401", "404", "409", "422", "429"]
"""


@pytest.fixture(scope="module")
def open_server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with limits high enough for the generated requests (429 is documented, but checks little)."""
    running = Server(database, tmp_path_factory.mktemp("home"), rate="100000/60")
    yield running
    running.stop()


def _spec(server: Server) -> dict[str, Any]:
    status, spec, _ = call("GET", f"{server.url}/openapi.json")
    assert status == 200
    assert isinstance(spec, dict)
    return spec


def test_the_record_put_describes_its_text_body(open_server: Server) -> None:
    operation = _spec(open_server)["paths"]["/api/v1/daily/{date}/attempts/{attempt}/record"]["put"]
    body = operation["requestBody"]
    assert body["required"] is True
    assert body["content"] == {"text/plain": {"schema": {"type": "string"}}}


def test_every_json_body_is_described_by_its_schema(open_server: Server) -> None:
    paths = _spec(open_server)["paths"]
    for path, schema in (("/api/v1/players", "PlayerIn"), ("/api/v1/daily/{date}/attempts", "AttemptIn")):
        content = paths[path]["post"]["requestBody"]["content"]
        assert content["application/json"]["schema"] == {"$ref": f"#/components/schemas/{schema}"}


def test_every_operation_lists_every_status_it_answers_with_the_error_body(open_server: Server) -> None:
    spec = _spec(open_server)
    for (path, method), statuses in EXPECTED.items():
        responses = spec["paths"][path][method]["responses"]
        assert set(responses) == statuses | EVERYWHERE, (path, method)
        for status, response in responses.items():
            if status.startswith(("4", "5")):
                schema = response["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (path, status)
    codes = spec["components"]["schemas"]["ErrorCode"]["enum"]
    assert {"unavailable", "request_timeout", "unauthorized", "invalid_request"} <= set(codes)


def test_the_strict_fields_are_described_as_the_types_they_take(open_server: Server) -> None:
    schemas = _spec(open_server)["components"]["schemas"]
    cells = schemas["AttemptIn"]["properties"]["cells"]
    assert {"type": "integer"} in cells["anyOf"] and {"type": "null"} in cells["anyOf"]
    assert schemas["PlayerIn"]["properties"]["name"]["type"] == "string"


def test_schemathesis_with_every_check_finds_no_failure(open_server: Server, tmp_path: Path) -> None:
    status, player, _ = call("POST", f"{open_server.url}/api/v1/players", {"name": unique_name("st")})
    assert status == 201
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG, encoding="utf-8")
    command = [
        ST,
        "--config-file",
        str(config),
        "run",
        f"{open_server.url}/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        "10",
        "--generation-deterministic",
        "--request-timeout",
        "20",
        "--header",
        f"Authorization: Bearer {player['token']}",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert " passed" in done.stdout
    assert "Traceback" not in open_server.log.read_text()
