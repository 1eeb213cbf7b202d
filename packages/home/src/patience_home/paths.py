"""Keeping a damaged file for the user: shared by the games store and the leaderboard's token file."""

from __future__ import annotations

import datetime as dt
from pathlib import Path


def move_aside(path: Path, companions: tuple[str, ...] = ()) -> Path | None:
    """Rename ``path`` to ``<name>.damaged-<time>`` (never over another file); ``None`` when it cannot be moved.

    Each of ``companions`` (suffixes such as SQLite's ``-wal``) that exists
    beside ``path`` goes with it, under the new name plus the suffix.
    """
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        path.rename(aside)
        for suffix in companions:
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                companion.rename(aside.with_name(aside.name + suffix))
    except OSError:
        return None
    return aside
