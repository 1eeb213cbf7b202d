"""Commands of the `patience` CLI (this group is being built)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
