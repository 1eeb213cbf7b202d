"""``patience serve``: the daily leaderboard service (the ``patience-server`` package, imported only when run)."""

from __future__ import annotations

from typing import Annotated

import typer

from patience.i18n import N_paragraphs, translate_paragraphs
from patience_cli.common import bad_input, guarded
from patience_cli.texts import DOMAIN, _

__all__ = ["register", "serve"]

SERVE_HELP = N_paragraphs("""Run the daily leaderboard service (the JSON API under /api/v1 and a page for each day).

The database is SQLite in the data directory unless --database names another,
such as postgresql+psycopg://user@/patience?host=/run/postgresql. Several
processes on one PostgreSQL act as one service.
""")


@guarded
def serve(
    database: Annotated[
        str | None,
        typer.Option(
            "--database", help=_("SQLAlchemy URL (default: SQLite in the data directory)."), show_default=False
        ),
    ] = None,
    host: Annotated[str, typer.Option("--host", help=_("Address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=_("Port to listen on."))] = 8000,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help=_("A proxy (an address or a CIDR network) whose X-Forwarded-For header names the client; repeatable."),
            show_default=False,
        ),
    ] = None,
) -> None:
    """Run the daily leaderboard service."""
    try:
        from patience_server.app import serve as run
    except ImportError:
        bad_input(_("patience serve needs the patience-server package: pip install patience-server"))
    if database is not None and not database.startswith(("sqlite", "postgresql")):
        bad_input(_("--database {url}: give a sqlite:/// or postgresql+psycopg:// URL").format(url=repr(database)))
    if not 0 < port < 65536:
        bad_input(_("--port {port}: a port is 1 to 65535").format(port=port))
    from patience_server.core.config import trusted_proxies

    try:
        trusted = trusted_proxies(trusted_proxy or ())
    except ValueError as error:
        bad_input(
            _("--trusted-proxy {value}: give an address such as 10.0.0.1 or a network such as 10.0.0.0/8").format(
                value=repr(str(error))
            )
        )
    import socket

    # Tried here first, so that a port in use is one line of ours rather than the server's log.
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            bad_input(_cannot_serve(host, port, error))
    try:
        run(database, host, port, trusted)
    except OSError as error:
        bad_input(_cannot_serve(host, port, error))
    except Exception as error:  # a database that cannot be reached or migrated: one line, no traceback
        reason = f"{type(error).__name__}: {' '.join(str(error).split())[:300]}"
        bad_input(_("cannot start the service: {reason}").format(reason=reason))


def _cannot_serve(host: str, port: int, error: OSError) -> str:
    """Why the service cannot listen on ``host``:``port`` (the system's words for ``error``)."""
    return _("cannot serve on {host}:{port}: {reason}").format(host=host, port=port, reason=error.strerror or error)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command(
        "serve",
        help=translate_paragraphs(DOMAIN, SERVE_HELP),
        epilog=_("Examples:  {examples}").format(
            examples="patience serve --port 8000  |  "
            "patience serve --database postgresql+psycopg://user@/patience?host=/run/postgresql"
        ),
    )(serve)
