"""Where patience keeps the player's files, and keeping a damaged one for the user.

Every front end finds its files here, so that the terminal game, the window
and a local ``patience serve`` share one data directory:

- :func:`data_dir`: ``$PATIENCE_HOME`` when set, else the user data
  directory for "patience" (platformdirs: ``~/.local/share/patience`` on
  Linux);
- :func:`database_path`: the game store, ``patience.sqlite3``;
- :func:`tokens_path`: the leaderboard players' tokens, ``leaderboard.json``;
- :func:`preferences_path`: the window's preferences, ``window.json``;
- :func:`typed_history_path`: the terminal game's typed lines, ``history``.
"""

from __future__ import annotations

import os
from pathlib import Path

from patience_home.times import file_stamp

__all__ = [
    "DATABASE_NAME",
    "HOME_ENV",
    "PREFERENCES_NAME",
    "TOKENS_FILE",
    "TYPED_HISTORY_NAME",
    "data_dir",
    "database_path",
    "move_aside",
    "preferences_path",
    "tokens_path",
    "typed_history_path",
]

#: The environment variable that chooses the data directory.
HOME_ENV = "PATIENCE_HOME"
#: The game store's file in :func:`data_dir`.
DATABASE_NAME = "patience.sqlite3"
#: The file in :func:`data_dir` that keeps each leaderboard server's player names and tokens.
TOKENS_FILE = "leaderboard.json"
#: The window's preferences in :func:`data_dir`.
PREFERENCES_NAME = "window.json"
#: The terminal game's typed lines in :func:`data_dir`.
TYPED_HISTORY_NAME = "history"


def data_dir() -> Path:
    """Where patience keeps its files: ``$PATIENCE_HOME`` when set, else the user data directory for "patience"."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("patience"))


def database_path() -> Path:
    """The game store: ``patience.sqlite3`` in :func:`data_dir`."""
    return data_dir() / DATABASE_NAME


def tokens_path() -> Path:
    """The leaderboard players' tokens: ``leaderboard.json`` in :func:`data_dir`."""
    return data_dir() / TOKENS_FILE


def preferences_path() -> Path:
    """The window's preferences: ``window.json`` in :func:`data_dir`."""
    return data_dir() / PREFERENCES_NAME


def typed_history_path() -> Path:
    """The lines typed in the terminal game, kept between games: ``history`` in :func:`data_dir`."""
    return data_dir() / TYPED_HISTORY_NAME


def move_aside(path: Path, companions: tuple[str, ...] = ()) -> Path | None:
    """Rename ``path`` to ``<name>.damaged-<time>`` (never over another file); ``None`` when it cannot be moved.

    Each of ``companions`` (suffixes such as SQLite's ``-wal``) that exists
    beside ``path`` goes with it, under the new name plus the suffix.
    """
    stamp = file_stamp()
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
