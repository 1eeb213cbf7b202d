"""The window's preferences, remembered in ``window.json`` in the data directory.

Where that is: :func:`patience_home.paths.preferences_path`.

A file that cannot be read as preferences is never overwritten silently:
it is moved aside to ``window.json.damaged-<time>`` with one line saying so,
and the defaults are used. A preference file that cannot be written leaves
the preferences in force for this session and says so once.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from attrs import asdict, define, field

from patience.i18n import LANGUAGES
from patience_home.paths import PREFERENCES_NAME, move_aside, preferences_path
from patience_tk.cardsets import CARD_SETS, PLAIN
from patience_tk.texts import _

__all__ = [
    "DEMO_SPEEDS",
    "PREFERENCES_NAME",
    "TABLE_COLOURS",
    "Preferences",
    "load_preferences",
    "remembered_language",
    "save_preferences",
]

#: Table colours offered: name -> (felt, empty slot, slot outline).
TABLE_COLOURS: dict[str, tuple[str, str, str]] = {
    "green": ("#1d6b3a", "#175a30", "#4f9a68"),
    "blue": ("#1f4e79", "#183f63", "#5082b0"),
    "red": ("#7a2430", "#631d27", "#b05a66"),
    "grey": ("#474c52", "#3b3f44", "#7d848b"),
}


def _table(value: object) -> str:
    return value if isinstance(value, str) and value in TABLE_COLOURS else "green"


def _cards(value: object) -> str:
    return value if isinstance(value, str) and value in CARD_SETS else PLAIN


#: Play ▸ Demo speed: each pace's name -> seconds between one move's landing and the demo's next move.
DEMO_SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 0.7, "fast": 0.25}


def _demo_speed(value: object) -> str:
    return value if isinstance(value, str) and value in DEMO_SPEEDS else "normal"


def _language(value: object) -> str | None:
    return value if isinstance(value, str) and value in LANGUAGES else None


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
    language: str | None = field(default=None, converter=_language)
    """The language chosen in View ▸ Language (one of :data:`patience.i18n.LANGUAGES`); ``None``: never chosen."""
    cards: str = field(default=PLAIN, converter=_cards)
    """The card set chosen in View ▸ Card set (one of :data:`patience_tk.cardsets.CARD_SETS`)."""
    clock: bool = False
    """View ▸ Clock: the time played in the status bar (off: scoring has no clock)."""
    sounds: bool = False
    """View ▸ Sounds: a card placed, a card home, a win."""
    demo_speed: str = field(default="normal", converter=_demo_speed)
    """The pace chosen in Play ▸ Demo speed (one of :data:`DEMO_SPEEDS`)."""


def load_preferences(path: Path | None = None) -> tuple[Preferences, str | None]:
    """The saved preferences (defaults when there are none) and a line to show once when something was wrong."""
    target = path if path is not None else preferences_path()
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Preferences(), None
    except OSError as error:
        said = _("cannot read the window's preferences {path}: {error}")
        return Preferences(), said.format(path=target, error=error.strerror or error)
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(_("not a JSON object"))
        known = {
            name: data[name]
            for name in ("animations", "verdict", "four_colour", "clock", "sounds")
            if isinstance(data.get(name), bool)
        }
        preferences = Preferences(
            **known,
            table=data.get("table", "green"),
            language=data.get("language"),
            cards=data.get("cards", PLAIN),
            demo_speed=data.get("demo_speed", "normal"),
        )
        return preferences, None
    except ValueError as error:
        aside = move_aside(target)
        if aside is None:
            said = _("the window's preferences {path} are damaged ({error}); using the defaults")
            return Preferences(), said.format(path=target, error=error)
        said = _("the window's preferences were damaged ({error}): moved to {path}, defaults used")
        return Preferences(), said.format(error=error, path=aside)


def save_preferences(preferences: Preferences, path: Path | None = None) -> str | None:
    """Write ``preferences`` (atomically); a line saying why not when it cannot be done, else ``None``."""
    target = path if path is not None else preferences_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".new")
        partial.write_text(json.dumps(asdict(preferences), indent=2) + "\n", encoding="utf-8")
        os.replace(partial, target)
    except OSError as error:
        said = _("cannot save the window's preferences to {path}: {error}")
        return said.format(path=target, error=error.strerror or error)
    return None


def remembered_language(path: Path | None = None) -> str | None:
    """The language last chosen in View ▸ Language, read without a word or a change when the file is unreadable."""
    target = path if path is not None else preferences_path()
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return _language(data.get("language")) if isinstance(data, dict) else None
