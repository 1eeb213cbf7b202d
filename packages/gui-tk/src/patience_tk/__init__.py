"""The patience Tk window (not built yet: the table comes with its own issue)."""

from __future__ import annotations

__all__: list[str] = []
