"""The window's preferences, remembered in ``window.json`` in the data directory (:func:`patience.store.data_dir`).

A file that cannot be read as preferences is never overwritten silently:
it is moved aside to ``window.json.damaged-<time>`` with one line saying so,
and the defaults are used. A preference file that cannot be written leaves
the preferences in force for this session and says so once.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

from attrs import asdict, define, field

from patience_tk.texts import _

__all__ = ["PREFERENCES_NAME", "TABLE_COLOURS", "Preferences", "load_preferences", "save_preferences"]

#: The file's name in the data directory.
PREFERENCES_NAME = "window.json"

#: Table colours offered: name -> (felt, empty slot, slot outline).
TABLE_COLOURS: dict[str, tuple[str, str, str]] = {
    "green": ("#1d6b3a", "#175a30", "#4f9a68"),
    "blue": ("#1f4e79", "#183f63", "#5082b0"),
    "red": ("#7a2430", "#631d27", "#b05a66"),
    "grey": ("#474c52", "#3b3f44", "#7d848b"),
}


def _table(value: object) -> str:
    return value if isinstance(value, str) and value in TABLE_COLOURS else "green"


@define
class Preferences:
    """What the player chose in the View and Play menus."""

    animations: bool = True
    verdict: bool = True
    """The live verdict in the status bar."""
    four_colour: bool = False
    """♦ blue and ♣ green, so that every suit has its own colour."""
    table: str = field(default="green", converter=_table)
    """One of :data:`TABLE_COLOURS`."""


def preferences_path() -> Path:
    """``window.json`` in the data directory."""
    from patience.store import data_dir  # the store module is imported only where it is used

    return data_dir() / PREFERENCES_NAME


def load_preferences(path: Path | None = None) -> tuple[Preferences, str | None]:
    """The saved preferences (defaults when there are none) and a line to show once when something was wrong."""
    target = path if path is not None else preferences_path()
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Preferences(), None
    except OSError as error:
        return Preferences(), _("cannot read the window's preferences {path}: {error}").format(
            path=target, error=error.strerror or error
        )
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(_("not a JSON object"))
        known = {
            name: data[name] for name in ("animations", "verdict", "four_colour") if isinstance(data.get(name), bool)
        }
        return Preferences(**known, table=data.get("table", "green")), None
    except ValueError as error:
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
        aside = target.with_name(f"{target.name}.damaged-{stamp}")
        try:
            os.replace(target, aside)
        except OSError:
            return Preferences(), _("the window's preferences {path} are damaged ({error}); using the defaults").format(
                path=target, error=error
            )
        return Preferences(), _(
            "the window's preferences were damaged ({error}): moved to {path}, defaults used"
        ).format(error=error, path=aside)


def save_preferences(preferences: Preferences, path: Path | None = None) -> str | None:
    """Write ``preferences`` (atomically); a line saying why not when it cannot be done, else ``None``."""
    target = path if path is not None else preferences_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".new")
        partial.write_text(json.dumps(asdict(preferences), indent=2) + "\n", encoding="utf-8")
        os.replace(partial, target)
    except OSError as error:
        return _("cannot save the window's preferences to {path}: {error}").format(
            path=target, error=error.strerror or error
        )
    return None
