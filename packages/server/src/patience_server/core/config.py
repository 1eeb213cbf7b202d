"""The service's settings: the limits it is built around, and what the environment chooses.

The environment is read when an app is made (:meth:`Settings.from_env`, in
:func:`patience_server.app.create_app`), never at import:

- ``PATIENCE_RATE_LIMIT``: a player's requests on attempts and records;
- ``PATIENCE_REGISTER_LIMIT``: registrations from one client address;
- ``PATIENCE_REFUSED_LIMIT``: a player's records refused after their replay;
- ``PATIENCE_HINT_LIMIT``: a player's hints during ranked attempts;

each ``COUNT/SECONDS`` (any other value means the default);
``PATIENCE_TRUSTED_PROXIES``, the proxies whose ``X-Forwarded-For`` names
the client (addresses or CIDR networks, separated by commas or spaces;
``patience serve --trusted-proxy`` adds to them); ``PATIENCE_SERVER_SECRET``,
the key of the ranked deals (any text; without it the database keeps one,
made at the first start, shared by every process on it); and ``PATIENCE_HOME``,
the data directory that holds the default SQLite file.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

__all__ = [
    "ACTION_COUNT",
    "API_V1_STR",
    "BATCH_MAX",
    "DATABASE_THREADS",
    "HINT_COUNT",
    "HINT_POSITIONS",
    "HINT_SECONDS",
    "MAX_ACTIONS",
    "MAX_BODY",
    "MAX_ID",
    "NAME_LENGTH",
    "RATE_COUNT",
    "RATE_WINDOW",
    "REFUSED_COUNT",
    "REGISTER_COUNT",
    "RateLimit",
    "Settings",
    "default_database_url",
    "trusted_proxies",
]

#: Where the JSON API lives (the pages live at the root).
API_V1_STR = "/api/v1"
#: The largest request body accepted, in bytes (a long game's record is a few KiB).
MAX_BODY = 256 * 1024
#: The most actions a record may hold; longer ones are refused before any is replayed (a won game takes a few hundred).
MAX_ACTIONS = 5000
#: The most actions one streamed batch may hold (a client batches the few played since its last send).
BATCH_MAX = 500
#: A hint's solver budget on the server: CPU seconds and expanded positions, whichever ends first.
HINT_SECONDS = 1.0
HINT_POSITIONS = 100_000
#: Hints allowed per player within :data:`RATE_WINDOW` seconds, by default.
HINT_COUNT = 5
#: The largest id a database row can have (a signed 64-bit integer): a larger attempt number is 422.
MAX_ID = 2**63 - 1
#: The fewest and the most characters of a player's name.
NAME_LENGTH = (1, 32)
#: Worker threads that run requests' work on PostgreSQL (a few suffice for commits to overlap).
DATABASE_THREADS = 4
#: Requests on attempts and records allowed per player within :data:`RATE_WINDOW` seconds, by default.
RATE_COUNT = 60
RATE_WINDOW = 60.0
#: Streamed batches of actions allowed per player within :data:`RATE_WINDOW` seconds, by default: a client
#: sends each action as it is played, and a quick player plays more than one a second.
ACTION_COUNT = 600
#: Registrations allowed per client address within :data:`RATE_WINDOW` seconds, by default.
REGISTER_COUNT = 20
#: Records refused after their replay allowed per player within :data:`RATE_WINDOW` seconds, by default.
REFUSED_COUNT = 10


@dataclass(frozen=True)
class RateLimit:
    """At most ``count`` requests within ``window`` seconds."""

    count: int
    window: float = RATE_WINDOW

    @classmethod
    def parse(cls, text: str, default: int) -> RateLimit:
        """``COUNT/SECONDS`` as written in the environment; anything else is ``default`` in :data:`RATE_WINDOW` s."""
        count, _, window = (part.strip() for part in text.partition("/"))
        digits = window.replace(".", "", 1)
        # isascii: "²" and other digits of other scripts pass isdigit() but not int() or float().
        if count.isascii() and count.isdigit() and digits.isascii() and digits.isdigit():
            return cls(int(count), float(window))
        return cls(default)


@dataclass(frozen=True)
class Settings:
    """What one app is made with: its database, its rate limits, and the proxies it trusts."""

    database_url: str
    rate_limit: RateLimit
    register_limit: RateLimit
    refused_limit: RateLimit
    hint_limit: RateLimit = RateLimit(HINT_COUNT)
    action_limit: RateLimit = RateLimit(ACTION_COUNT)
    trusted_proxies: tuple[str, ...] = ()
    secret: str | None = None
    #: The median seconds between actions under which a result waits for review (``PATIENCE_REVIEW_PACE``).
    review_pace: float = 0.4

    @classmethod
    def from_env(cls, database_url: str | None = None, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings ``environ`` (default: the process's environment) chooses; ``database_url`` wins if given."""
        env = os.environ if environ is None else environ
        return cls(
            database_url=database_url or default_database_url(),
            rate_limit=RateLimit.parse(env.get("PATIENCE_RATE_LIMIT", ""), RATE_COUNT),
            # Registering needs no token, so it is limited by the client's address.
            register_limit=RateLimit.parse(env.get("PATIENCE_REGISTER_LIMIT", ""), REGISTER_COUNT),
            # A refused record leaves its attempt open for a corrected one; replays that end refused are
            # limited apart, so nobody can keep the service replaying records it refuses.
            refused_limit=RateLimit.parse(env.get("PATIENCE_REFUSED_LIMIT", ""), REFUSED_COUNT),
            # Each hint costs up to HINT_SECONDS of solver time: a few a minute.
            hint_limit=RateLimit.parse(env.get("PATIENCE_HINT_LIMIT", ""), HINT_COUNT),
            # Streamed actions come one request each as they are played: limited apart from other requests.
            action_limit=RateLimit.parse(env.get("PATIENCE_ACTION_LIMIT", ""), ACTION_COUNT),
            trusted_proxies=trusted_proxies(env.get("PATIENCE_TRUSTED_PROXIES", "").replace(",", " ").split()),
            secret=env.get("PATIENCE_SERVER_SECRET") or None,
            review_pace=_seconds(env.get("PATIENCE_REVIEW_PACE", ""), 0.4),
        )


def _seconds(text: str, default: float) -> float:
    """A number of seconds (0 or more) as written in the environment; anything else is ``default``."""
    try:
        value = float(text)
    except ValueError:
        return default
    return value if 0 <= value < 3600 else default


def trusted_proxies(values: Iterable[str]) -> tuple[str, ...]:
    """Each proxy address (``127.0.0.1``, ``::1``) or CIDR network (``10.0.0.0/8``) written in its normal form.

    Raises :class:`ValueError` naming the first that is neither. Only a
    request that comes from one of them has its ``X-Forwarded-For`` read:
    anyone else could write any address there.
    """
    proxies: list[str] = []
    for value in values:
        text = value.strip()
        try:
            proxy = str(ipaddress.ip_network(text, strict=False)) if "/" in text else str(ipaddress.ip_address(text))
        except ValueError:
            raise ValueError(text) from None
        if proxy not in proxies:
            proxies.append(proxy)
    return tuple(proxies)


def default_database_url() -> str:
    """SQLite in patience's data directory (:func:`patience_home.paths.data_dir`): ``leaderboard.sqlite3``."""
    from patience_home.paths import data_dir

    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+pysqlite:///{folder / 'leaderboard.sqlite3'}"
