"""``patience serve``: the daily leaderboard service (the ``patience-server`` package, imported only when run)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from patience.i18n import N_paragraphs, translate_paragraphs
from patience_cli.common import bad_input, guarded
from patience_cli.texts import DOMAIN, _

__all__ = ["register", "review", "serve"]

SERVE_HELP = N_paragraphs("""Run the daily leaderboard service (the JSON API under /api/v1 and a page for each day).

The database is SQLite in the data directory unless --database names another,
such as postgresql+psycopg://user@/patience?host=/run/postgresql. Several
processes on one PostgreSQL act as one service.
""")


@guarded
def serve(
    ctx: typer.Context,
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
    """Run the daily leaderboard service (unless a subcommand such as ``review`` is given)."""
    if ctx.invoked_subcommand is not None:
        return
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


REVIEW_HELP = N_paragraphs("""List the results waiting for review, or clear or reject one.

A result whose timing no person reaches (see docs/server.md) has no rank
until it is reviewed: --clear ATTEMPT ranks it, --reject ATTEMPT takes it
off the leaderboard.
""")


@guarded
def review(
    database: Annotated[
        str | None,
        typer.Option(
            "--database", help=_("SQLAlchemy URL (default: SQLite in the data directory)."), show_default=False
        ),
    ] = None,
    clear: Annotated[
        int | None,
        typer.Option("--clear", help=_("Clear this attempt's result: it ranks."), show_default=False),
    ] = None,
    reject: Annotated[
        int | None,
        typer.Option(
            "--reject", help=_("Reject this attempt's result: it leaves the leaderboard."), show_default=False
        ),
    ] = None,
) -> None:
    """List the results waiting for review, or clear or reject one."""
    if clear is not None and reject is not None:
        bad_input(_("give --clear or --reject, not both"))
    if database is not None and not database.startswith(("sqlite", "postgresql")):
        bad_input(_("--database {url}: give a sqlite:/// or postgresql+psycopg:// URL").format(url=repr(database)))
    try:
        from patience_server import review as reviewing
    except ImportError:
        bad_input(_("patience serve needs the patience-server package: pip install patience-server"))
    try:
        db = reviewing.open_database(database)
    except Exception as error:  # a database that cannot be reached or migrated: one line, no traceback
        reason = f"{type(error).__name__}: {' '.join(str(error).split())[:300]}"
        bad_input(_("cannot open the database: {reason}").format(reason=reason))
    try:
        if clear is None and reject is None:
            _list_waiting(reviewing.waiting(db))
            return
        attempt = clear if clear is not None else reject
        assert attempt is not None
        decided = reviewing.decide(db, attempt, clear=clear is not None)
        if decided is None:
            bad_input(_("attempt {attempt} is not waiting for review").format(attempt=attempt))
        if clear is not None:
            line = _("attempt {attempt} of {name} is cleared: it ranks on the leaderboard of {date}")
        else:
            line = _("attempt {attempt} of {name} is rejected: it leaves the leaderboard of {date}")
        typer.echo(line.format(attempt=decided.attempt, name=decided.name, date=decided.date))
    finally:
        db.dispose()


def _list_waiting(rows: list[Any]) -> None:
    """The results waiting for review as a table, or one line when there is none."""
    if not rows:
        typer.echo(_("No result is waiting for review."))
        return
    head = (
        _("Attempt"),
        _("Date"),
        _("Board"),
        _("Player"),
        _("Result"),
        _("Score"),
        _("Actions"),
        _("Seconds"),
        _("Median s"),
        _("Hints"),
    )
    lines = [
        (
            str(row.attempt),
            row.date,
            f"{row.variant}/{row.cells}",
            row.name,
            row.result + (" " + _("(resent)") if row.resent else ""),
            str(row.score),
            str(row.actions),
            f"{row.seconds:.1f}",
            f"{row.median_seconds:.2f}",
            str(row.hints),
        )
        for row in rows
    ]
    widths = [max(len(cells[i]) for cells in (head, *lines)) for i in range(len(head))]
    for cells in (head, *lines):
        typer.echo("  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip())


def _cannot_serve(host: str, port: int, error: OSError) -> str:
    """Why the service cannot listen on ``host``:``port`` (the system's words for ``error``)."""
    return _("cannot serve on {host}:{port}: {reason}").format(host=host, port=port, reason=error.strerror or error)


def register(app: typer.Typer) -> None:
    """Add ``serve`` (and ``serve review``) to ``app``."""
    group = typer.Typer(
        name="serve",
        help=translate_paragraphs(DOMAIN, SERVE_HELP),
        epilog=_("Examples:  {examples}").format(
            examples="patience serve --port 8000  |  "
            "patience serve --database postgresql+psycopg://user@/patience?host=/run/postgresql"
        ),
        add_completion=False,
    )
    group.callback(invoke_without_command=True)(serve)
    group.command(
        "review",
        help=translate_paragraphs(DOMAIN, REVIEW_HELP),
        epilog=_("Examples:  {examples}").format(
            examples="patience serve review  |  patience serve review --clear 17  |  patience serve review --reject 17"
        ),
    )(review)
    app.add_typer(group)
