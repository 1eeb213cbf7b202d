"""How an attempt was played, by the server's clock: its time, its hints, and whether a person could have played it.

Each streamed action is kept with the time the server received its batch
(:class:`patience_server.models.Action`). An action's time is that
receive time, from the attempt's start. A batch of several actions
arrives at once (a client resending after the network dropped); where it
carried the client's ``offsets``, each is taken only within the
server's own window for that batch (after the batch before it arrived,
not after this one did), so no client can claim more time than passed
on the server. Such an attempt is marked ``resent``.

The review (:func:`needs_review`): a result whose median time between
two actions is under :data:`PACE` seconds, over at least
:data:`REVIEW_FROM` actions, is not one a person plays; it waits for the
operator (``patience serve review``) instead of ranking.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["PACE", "REVIEW_FROM", "Received", "Timing", "needs_review", "timing_of"]

#: The median time between two actions, in seconds, under which nobody plays (a person reads, picks, moves).
PACE = 0.4

#: How many actions the review looks at, at least: a short game's median says little.
REVIEW_FROM = 20


class Received(NamedTuple):
    """One stored action: its number from 1, its token, the server's receive time and the client's offset (ms)."""

    number: int
    token: str
    received: dt.datetime
    offset_ms: int | None


class Timing(NamedTuple):
    """What the received actions say of an attempt's play."""

    #: The server's milliseconds from the attempt's start to the last action received.
    elapsed_ms: int
    #: The ``hint`` tokens among the actions.
    hints: int
    #: Whether a batch of several actions carried offsets, which were taken within the server's window.
    resent: bool
    #: How many actions there are.
    actions: int
    #: The median milliseconds between two actions (the first counted from the start); 0 without actions.
    median_ms: float


def _ms(delta: dt.timedelta) -> float:
    return delta.total_seconds() * 1000


def timing_of(started: dt.datetime, actions: Sequence[Received]) -> Timing:
    """The timing of an attempt started at ``started`` whose stored actions are ``actions`` (in number order)."""
    if started.tzinfo is None:
        # SQLite gives back naive times; the service writes UTC.
        started = started.replace(tzinfo=dt.UTC)
    times: list[float] = []
    resent = False
    window_start = 0.0
    index = 0
    while index < len(actions):
        # One batch: the actions the server received at one time.
        end = index
        received = actions[index].received
        while end < len(actions) and actions[end].received == received:
            end += 1
        batch = actions[index:end]
        at = received if received.tzinfo is not None else received.replace(tzinfo=dt.UTC)
        window_end = max(_ms(at - started), window_start)
        if len(batch) > 1 and any(action.offset_ms is not None for action in batch):
            resent = True
        last = window_start
        for action in batch:
            if action.offset_ms is None:
                moment = window_end
            else:
                # The client's clock, but only within the server's window, and never before the action before.
                moment = min(max(float(action.offset_ms), last), window_end)
            times.append(moment)
            last = moment
        window_start = window_end
        index = end
    gaps = [later - earlier for earlier, later in zip([0.0, *times], times, strict=False)]
    return Timing(
        elapsed_ms=round(window_start),
        hints=sum(1 for action in actions if action.token == "hint"),
        resent=resent,
        actions=len(actions),
        median_ms=statistics.median(gaps) if gaps else 0.0,
    )


def needs_review(timing: Timing, *, pace: float = PACE) -> bool:
    """Whether no person reaches ``timing``: a median under ``pace`` s, over :data:`REVIEW_FROM` actions or more."""
    return timing.actions >= REVIEW_FROM and timing.median_ms < pace * 1000
