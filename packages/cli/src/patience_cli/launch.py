"""The ``patience`` console script: :func:`patience_cli.app.main`, imported by :func:`patience_home.launch.run`."""

from __future__ import annotations

from patience_home.launch import run

__all__ = ["main"]


def main() -> None:
    """Run the ``patience`` command line (its arguments are ``sys.argv[1:]``)."""
    run("patience_cli.app")
