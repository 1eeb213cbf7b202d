"""The one time format of the player's files: how a time is stored, shown, and read back.

The store writes every time with :func:`stamp` (UTC, ISO 8601 to the
microsecond, ``2026-11-30T06:22:56.123456Z``, so that text order is time
order); records and ``history`` show it to the second with :func:`shown`
(``2026-11-30T06:22:56Z``); :func:`parse` reads either back, and a record's
``Started``/``Ended`` tags too. The terminal and the window read a stored
game's times with :func:`parse` alone, so a time one writes the other reads.
"""

from __future__ import annotations

import datetime as dt

__all__ = [
    "FILE_STAMP_FORMAT",
    "SHOWN_FORMAT",
    "STORED_FORMAT",
    "file_stamp",
    "in_table",
    "now",
    "parse",
    "parse_or_now",
    "shown",
    "stamp",
]

#: A stored time: UTC to the microsecond.
STORED_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"
#: A time as records and ``history`` show it: UTC to the second.
SHOWN_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
#: The time in the name of a file moved aside (``patience.sqlite3.damaged-20261130T062256Z``).
FILE_STAMP_FORMAT = "%Y%m%dT%H%M%SZ"


def now() -> dt.datetime:
    """The current time, in UTC."""
    return dt.datetime.now(dt.UTC)


def stamp(when: dt.datetime) -> str:
    """``when`` as the store keeps it (:data:`STORED_FORMAT`); a time without a zone counts as UTC."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.astimezone(dt.UTC).strftime(STORED_FORMAT)


def shown(stored: str | None) -> str | None:
    """A stored time as records and ``history`` show it: to the second (:data:`SHOWN_FORMAT`); ``None`` stays."""
    if stored is None:
        return None
    when = parse(stored)
    return stored if when is None else when.strftime(SHOWN_FORMAT)


def parse(text: str | None) -> dt.datetime | None:
    """A stored or shown time (or a record's time tag) as a UTC time; ``None`` when there is none or it is no time.

    A time without a zone counts as UTC, as every time patience writes is.
    """
    if not text:
        return None
    try:
        when = dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return when.replace(tzinfo=dt.UTC) if when.tzinfo is None else when.astimezone(dt.UTC)


def in_table(stored: str | None, *, seconds: bool = True) -> str:
    """A stored time as a table of games shows it: ``2026-11-30 06:22:56`` (``2026-11-30 06:22`` without seconds).

    ``""`` for no time; text that is no time is shown as it is.
    """
    when = parse(stored)
    if when is None:
        return stored or ""
    return when.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def parse_or_now(text: str | None) -> dt.datetime:
    """:func:`parse`, or the current time when ``text`` holds none (a game's start that cannot be read)."""
    return parse(text) or now()


def file_stamp(when: dt.datetime | None = None) -> str:
    """The time (now by default) in a file's name (:data:`FILE_STAMP_FORMAT`)."""
    return (when or now()).astimezone(dt.UTC).strftime(FILE_STAMP_FORMAT)
