"""The patience command line: typer commands and the prompt_toolkit game."""

from __future__ import annotations

__all__: list[str] = []
