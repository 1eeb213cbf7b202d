"""How the service's code is laid out, where a reader relies on it (docs/server.md, "How the code is laid out").

One router per resource under ``patience_server.api.routes``, whose paths
are the documented ones; the SQL, the tables, the settings and the tokens
know nothing of HTTP; the routes reach the app's state only through the
``Depends`` providers of ``patience_server.api.deps``; each path and
method is served by exactly one declared route.
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI

from patience_server.app import create_app

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "packages" / "server" / "src" / "patience_server"

#: Each resource's module under patience_server.api.routes and the requests its router serves.
RESOURCES = {
    "players": {("POST", "/api/v1/players")},
    "attempts": {
        ("POST", "/api/v1/daily/{date}/attempts"),
        ("POST", "/api/v1/daily/{date}/attempts/{attempt}/actions"),
        ("POST", "/api/v1/daily/{date}/attempts/{attempt}/hints"),
        ("PUT", "/api/v1/daily/{date}/attempts/{attempt}/record"),
    },
    "leaderboard": {("GET", "/api/v1/daily/{date}/leaderboard")},
    "health": {("GET", "/api/v1/health")},
    "pages": {("GET", "/daily/{date}"), ("GET", "/")},
}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    """The service on a new SQLite file, in this process."""
    return create_app(f"sqlite+pysqlite:///{tmp_path_factory.mktemp('layout') / 'board.sqlite3'}")


def _documented_requests() -> set[tuple[str, str]]:
    """The requests of docs/server.md's table of the HTTP API (method and path, without the query)."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    table = text.split("## The HTTP API", 1)[1].split("\n\n", 2)[1]
    found: set[tuple[str, str]] = set()
    for row in table.splitlines()[2:]:
        first_cell = row.split(" | ", 1)[0]
        for method, path in re.findall(r"`(GET|POST|PUT|DELETE|PATCH) (/[^`\s?]*)", first_cell):
            found.add((method, path))
    return found


def test_the_documented_requests_are_the_resources_requests() -> None:
    assert _documented_requests() == set().union(*RESOURCES.values())


def test_each_resource_has_its_own_router_tagged_with_its_name(app: FastAPI) -> None:
    modules = {path.stem for path in (PACKAGE / "api" / "routes").glob("*.py") if path.stem != "__init__"}
    assert modules == set(RESOURCES)
    for name in RESOURCES:
        router = importlib.import_module(f"patience_server.api.routes.{name}").router
        assert isinstance(router, APIRouter), name
        assert router.tags == [name]
    served: dict[str, set[tuple[str, str]]] = {name: set() for name in RESOURCES}
    for path, operations in app.openapi()["paths"].items():
        for method, operation in operations.items():
            (tag,) = operation["tags"]
            served[tag].add((method.upper(), path))
    assert served == RESOURCES


def _imports(source: Path) -> set[str]:
    """The top-level names of the modules ``source`` imports."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("module", ["crud.py", "models.py", "schemas.py", "core/config.py", "core/db.py",
                                    "core/ratelimit.py", "core/security.py"])  # fmt: skip
def test_the_queries_tables_and_settings_know_nothing_of_http(module: str) -> None:
    assert _imports(PACKAGE / module) & {"fastapi", "starlette", "uvicorn"} == set()
    assert not any(name.startswith("patience_server.api") for name in _module_imports(PACKAGE / module))


def _module_imports(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module is not None}


def test_only_the_app_and_its_dependencies_reach_the_apps_state() -> None:
    readers = {
        str(source.relative_to(PACKAGE))
        for source in PACKAGE.rglob("*.py")
        if re.search(r"\bapp\.state\b", source.read_text(encoding="utf-8"))
    }
    assert readers == {"app.py", "api/deps.py"}


def test_the_routes_ask_for_what_they_need_by_type() -> None:
    # Every route function names its database, limits, player and board as Annotated Depends types.
    for name in RESOURCES:
        source = (PACKAGE / "api" / "routes" / f"{name}.py").read_text(encoding="utf-8")
        assert "request.app" not in source, name
        assert "Depends(" not in source, name  # the providers live in api/deps.py


def _asgi(app: Any, method: str, path: str, body: bytes = b"", headers: tuple[tuple[bytes, bytes], ...] = ()) -> Any:
    """One request through the app's ASGI interface: (status, JSON body, the endpoint that served it)."""
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "headers": list(headers),
        "client": ("127.0.0.1", 5),
        "server": ("127.0.0.1", 80),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    data = b"".join(message.get("body", b"") for message in sent[1:])
    return sent[0]["status"], json.loads(data), scope.get("endpoint")


JSON = ((b"content-type", b"application/json"),)


def test_each_path_and_method_has_exactly_one_route(app: FastAPI) -> None:
    operations = [
        (path, method) for path, item in app.openapi()["paths"].items() for method in item if method != "parameters"
    ]
    assert len(operations) == len(set(operations)), operations
    assert not (PACKAGE / "api" / "plain.py").exists()
    # The declared route itself answers: its endpoint is the one the router declares.
    status, body, endpoint = _asgi(app, "POST", "/api/v1/players", b'{"name": "layout-ada"}', JSON)
    assert (status, set(body)) == (201, {"name", "token"})
    assert getattr(endpoint, "__name__", None) == "register"


def test_a_body_of_the_wrong_type_is_refused_naming_the_field(app: FastAPI) -> None:
    status, body, _ = _asgi(app, "POST", "/api/v1/players", b'{"name": 5}', JSON)
    assert (status, body) == (422, {"error": "name: a text is expected", "error_code": "invalid_request"})
    status, body, _ = _asgi(app, "GET", "/api/v1/players")
    assert (status, body["error_code"]) == (405, "method_not_allowed")


def test_the_lifespan_closes_the_pooled_connections_when_the_service_stops(tmp_path: Path) -> None:
    app = create_app(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}")
    assert _asgi(app, "GET", "/api/v1/health")[:2] == (200, {"status": "ok"})
    pool = app.state.db.engine.pool
    assert pool.checkedin() == 1

    async def live_and_stop() -> None:
        async with app.router.lifespan_context(app):
            pass

    asyncio.run(live_and_stop())
    assert app.state.db.engine.pool.checkedin() == 0
