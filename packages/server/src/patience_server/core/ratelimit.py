"""The rate limits a process keeps: sliding windows in memory, one per kind of request."""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass

from patience_server.core.config import RATE_COUNT, RATE_WINDOW, RateLimit, Settings

__all__ = ["Limits", "RateLimiter"]


class RateLimiter:
    """At most ``count`` requests per key within ``window`` seconds (a sliding window kept by this process).

    This is the one thing a process keeps in memory; losing it on a restart
    only forgets who was busy, and with several processes each one limits on
    its own.
    """

    def __init__(self, count: int = RATE_COUNT, window: float = RATE_WINDOW) -> None:
        self.count = count
        self.window = window
        self._seen: dict[int | str, deque[float]] = {}
        self._lock = threading.Lock()

    @classmethod
    def of(cls, limit: RateLimit) -> RateLimiter:
        """A limiter that keeps ``limit``."""
        return cls(limit.count, limit.window)

    def full(self, key: int | str) -> bool:
        """True when ``key`` is at the limit now (nothing is counted)."""
        now = time.monotonic()
        with self._lock:
            seen = self._seen.get(key)
            return seen is not None and sum(1 for when in seen if now - when < self.window) >= self.count

    def allow(self, key: int | str) -> bool:
        """Count one request for ``key``; False when it is over the limit."""
        now = time.monotonic()
        with self._lock:
            seen = self._seen.setdefault(key, deque())
            while seen and now - seen[0] >= self.window:
                seen.popleft()
            if len(seen) >= self.count:
                return False
            seen.append(now)
            if len(self._seen) > 100_000:  # forget idle players rather than grow without end
                self._seen = {k: v for k, v in self._seen.items() if v and now - v[-1] < self.window}
            return True


@dataclass(frozen=True)
class Limits:
    """The limiters of one app: per player (requests, streamed actions, refused records, hints) and registrations."""

    players: RateLimiter
    registrations: RateLimiter
    refusals: RateLimiter
    hints: RateLimiter
    actions: RateLimiter

    @classmethod
    def of(cls, settings: Settings, players: RateLimiter | None = None) -> Limits:
        """The limiters ``settings`` asks for (``players`` instead of its player limit when given)."""
        return cls(
            players=players if players is not None else RateLimiter.of(settings.rate_limit),
            registrations=RateLimiter.of(settings.register_limit),
            refusals=RateLimiter.of(settings.refused_limit),
            hints=RateLimiter.of(settings.hint_limit),
            actions=RateLimiter.of(settings.action_limit),
        )
