"""The ``patience`` command."""

from __future__ import annotations

import typer

app = typer.Typer(help="patience: Eight Off, FreeCell and their family.", no_args_is_help=False)


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    """patience: Eight Off, FreeCell and their family."""


def main() -> None:
    """Console-script entry point."""
    app()
