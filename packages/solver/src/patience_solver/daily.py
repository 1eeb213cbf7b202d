"""The daily deal: one winnable deal per calendar date, variant and cell count, the same for everybody.

::

    >>> from patience_solver.daily import daily_deal
    >>> daily = daily_deal("2026-12-24")  # doctest: +SKIP
    >>> daily.deal, daily.code  # doctest: +SKIP

The deal is a pure function of the date, the variant's name and the cell
count, so every player and the leaderboard server compute the same one
without asking anybody (``docs/daily.md`` describes it for other programs):

1. Candidate ``k`` (``k = 0, 1, 2, ...``) is the first 8 bytes, read as a
   big-endian unsigned integer, of the SHA-256 of the UTF-8 text
   ``patience-daily/1 DATE VARIANT CELLS K`` (``DATE`` as ``YYYY-MM-DD``,
   ``VARIANT`` the variant's command-line name such as ``freecell``, ``CELLS``
   and ``K`` in decimal, one space between fields), modulo 1,000,000, plus 1.
2. Each candidate is dealt and given to the solver with a limit of
   :data:`POSITION_LIMIT` expanded positions (a count, not a time, so every
   machine reaches the same verdict). The first candidate it wins is the
   day's deal; a candidate it proves lost, or leaves undecided within the
   limit, is skipped.

The leaderboard server's **ranked deal** (:func:`ranked_deal`) is found the
same way from candidates no one can compute without the server's secret:
candidate ``k`` is the first 8 bytes of the HMAC-SHA256, keyed with the
secret, of the UTF-8 text ``patience-ranked/1 DATE VARIANT CELLS K``, read
and reduced as above. It is checked winnable by the same search.

The check runs under a memory limit too (``max_memory``, the solver's
default unless given), which a search of :data:`POSITION_LIMIT` positions
stays far below. A candidate stopped by it is never skipped, as that would
make this machine's daily deal another than everybody's: the check raises
:class:`DailyError` instead.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import re
from collections.abc import Iterable, Iterator

import pluggy
from attrs import frozen

from patience.errors import PatienceError
from patience.formats.codes import GameCode
from patience.game import deal_position
from patience.i18n import format_day, format_deal, format_number
from patience.plugins import check_cells, get_plugin_manager, get_variant
from patience.variant import Variant
from patience_solver import Outcome, SolveResult, Stop, solve
from patience_solver.texts import _, ngettext, pgettext

__all__ = [
    "DEFAULT_VARIANT",
    "MAX_CANDIDATES",
    "POSITION_LIMIT",
    "SEQUENCE_VERSION",
    "DailyDeal",
    "DailyError",
    "candidates",
    "check_candidate",
    "daily_deal",
    "parse_date",
    "ranked_candidates",
    "ranked_deal",
    "share_line",
    "today",
]

#: The daily deal's variant when none is named.
DEFAULT_VARIANT = "freecell"
#: The version written into every candidate's hashed text; a new rule would get a new version.
SEQUENCE_VERSION = 1
#: Expanded positions the solver may spend on one candidate before it counts as undecided (and is skipped).
POSITION_LIMIT = 20_000
#: Candidates tried before giving up: Eight Off with 2 cells wins about one deal in 200, so this never runs out there.
MAX_CANDIDATES = 20_000
#: Daily deals are numbered like the original game's, 1 to 1,000,000.
DEALS = 1_000_000

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class DailyError(PatienceError):
    """A date that is not a calendar date, or a variant where no daily deal could be found."""


@frozen
class DailyDeal:
    """The daily deal of one date, variant and cell count, and how it was found."""

    date: str
    """The calendar date, ``YYYY-MM-DD``."""
    variant: str
    """The variant's command-line name, ``freecell``."""
    title: str
    """The variant's name for people, ``FreeCell``."""
    cells: int
    deal: int
    """The deal number, 1 to 1,000,000."""
    code: str
    """The game code that deals it, ``FC1-C4-...``."""
    candidate: int
    """Which candidate of the date's sequence it is (0 for the first)."""
    cards: int = 52
    """How many cards the variant deals (104 with two decks): all of them home is a win."""

    def as_json(self) -> dict[str, str | int]:
        """The JSON object of ``patience daily deal --format json``."""
        return {"date": self.date, "variant": self.variant, "cells": self.cells, "deal": self.deal, "code": self.code}


def parse_date(text: str | datetime.date) -> datetime.date:
    """``YYYY-MM-DD`` as a date; anything else raises :class:`DailyError` with a line that says what is wrong."""
    if isinstance(text, datetime.date):
        return text
    raw = text.strip()
    if not _DATE.match(raw):
        raise DailyError(_("{text} is not a date: write it as YYYY-MM-DD, like 2026-12-24").format(text=repr(text)))
    try:
        return datetime.date.fromisoformat(raw)
    except ValueError:
        import calendar

        year, month, _day = (int(part) for part in raw.split("-"))
        if year == 0:
            raise DailyError(
                _("{date} is not a calendar date: years are numbered from 0001").format(date=raw)
            ) from None
        if not 1 <= month <= 12:
            raise DailyError(
                _("{date} is not a calendar date: months are numbered 01 to 12").format(date=raw)
            ) from None
        days = calendar.monthrange(year, month)[1]
        raise DailyError(
            _("{date} is not a calendar date: that month has days 01 to {days}").format(date=raw, days=days)
        ) from None


def today() -> datetime.date:
    """The player's local calendar date."""
    return datetime.date.today()


def candidates(date: str | datetime.date, variant: str, cells: int) -> Iterator[int]:
    """The date's candidate deal numbers for ``variant`` (its command-line name) and ``cells``, in order, forever."""
    day = parse_date(date).isoformat()
    k = 0
    while True:
        text = f"patience-daily/{SEQUENCE_VERSION} {day} {variant} {cells} {k}"
        digest = hashlib.sha256(text.encode("utf-8")).digest()
        yield int.from_bytes(digest[:8], "big") % DEALS + 1
        k += 1


def ranked_candidates(secret: bytes, date: str | datetime.date, variant: str, cells: int) -> Iterator[int]:
    """The ranked deal's candidates: :func:`candidates`' rule with an HMAC keyed by the server's ``secret``."""
    day = parse_date(date).isoformat()
    k = 0
    while True:
        text = f"patience-ranked/{SEQUENCE_VERSION} {day} {variant} {cells} {k}"
        digest = hmac.new(secret, text.encode("utf-8"), hashlib.sha256).digest()
        yield int.from_bytes(digest[:8], "big") % DEALS + 1
        k += 1


def check_candidate(
    variant: Variant,
    cells: int,
    deal: int,
    plugins: pluggy.PluginManager | None = None,
    *,
    max_memory: int | None = None,
) -> SolveResult:
    """The solver's verdict on one candidate, within :data:`POSITION_LIMIT` positions (no time limit).

    ``max_memory`` is :func:`~patience_solver.solve`'s; a search it stops
    raises :class:`DailyError` (see the module's description).
    """
    pm = plugins if plugins is not None else get_plugin_manager()
    position = deal_position(variant, deal, cells, pm)
    result = solve(variant, position, max_positions=POSITION_LIMIT, plugins=pm, max_memory=max_memory)
    if result.reason is Stop.MEMORY:
        raise DailyError(
            _(
                "the check of {title} deal #{deal} for the daily deal ran out of memory"
                " before its {limit} positions; give it more memory"
            ).format(title=variant.title, deal=format_deal(deal), limit=format_number(POSITION_LIMIT))
        )
    return result


def daily_deal(
    date: str | datetime.date | None = None,
    variant: str | Variant = DEFAULT_VARIANT,
    cells: int | None = None,
    *,
    plugins: pluggy.PluginManager | None = None,
    max_memory: int | None = None,
) -> DailyDeal:
    """The daily deal of ``date`` (today's local date by default) for ``variant`` and ``cells`` (its default).

    Raises :class:`DailyError` for a date that is not one, or a check that
    ran out of memory (``max_memory``, see :func:`check_candidate`), and the
    engine's errors for an unknown variant or a cell count it does not offer.
    """
    pm = plugins if plugins is not None else get_plugin_manager()
    var = get_variant(variant, pm) if isinstance(variant, str) else variant
    n_cells = check_cells(var, cells, pm)
    day = parse_date(date) if date is not None else today()
    return _first_winnable(day, var, n_cells, candidates(day, var.name, n_cells), pm, max_memory)


def ranked_deal(
    secret: bytes,
    date: str | datetime.date,
    variant: str | Variant = DEFAULT_VARIANT,
    cells: int | None = None,
    *,
    plugins: pluggy.PluginManager | None = None,
    max_memory: int | None = None,
) -> DailyDeal:
    """The leaderboard's ranked deal of ``date``: the first winnable of :func:`ranked_candidates` (``secret``'s).

    Raises as :func:`daily_deal` does.
    """
    pm = plugins if plugins is not None else get_plugin_manager()
    var = get_variant(variant, pm) if isinstance(variant, str) else variant
    n_cells = check_cells(var, cells, pm)
    day = parse_date(date)
    return _first_winnable(day, var, n_cells, ranked_candidates(secret, day, var.name, n_cells), pm, max_memory)


def _first_winnable(
    day: datetime.date,
    var: Variant,
    n_cells: int,
    numbers: Iterable[int],
    pm: pluggy.PluginManager,
    max_memory: int | None,
) -> DailyDeal:
    """The first of ``numbers`` the solver wins within its limit, as the daily deal of ``day``."""
    for k, deal in enumerate(numbers):
        if k >= MAX_CANDIDATES:
            break
        if check_candidate(var, n_cells, deal, pm, max_memory=max_memory).outcome is Outcome.SOLVED:
            code = str(GameCode(var.prefix, n_cells, deal))
            return DailyDeal(day.isoformat(), var.name, var.title, n_cells, deal, code, k, 52 * var.rules.decks)
    raise DailyError(
        ngettext(
            "no winnable {title} deal with {cells} cell among {count} candidates",
            "no winnable {title} deal with {cells} cells among {count} candidates",
            n_cells,
        ).format(title=var.title, cells=n_cells, count=format_number(MAX_CANDIDATES))
    )


def share_line(
    *,
    title: str,
    date: str,
    deal: int | None,
    cards_home: int,
    moves: int,
    undos: int,
    result: str,
    practice: bool = False,
    cards: int = 52,
) -> str:
    """The spoiler-free line of a daily game: ``Daily FreeCell 2026-12-24 · #123456 · 52/52 home · 91 moves · ...``.

    It carries no move, only what the game came to; ``deal`` is ``None`` for
    a ranked attempt whose day is not over (the line then names no deal). ``practice`` marks a game
    after the day's attempt; ``cards`` is how many the variant deals (104 with two decks).
    """
    results = {
        # Translators: the end of a daily game on its share line.
        "won": pgettext("daily share line", "won"),
        # Translators: the end of a daily game on its share line: the player gave up.
        "gave-up": pgettext("daily share line", "gave-up"),
    }
    parts = [
        # Translators: the start of a daily game's share line: "Daily FreeCell 2026-12-24".
        _("Daily {title} {date}").format(title=title, date=format_day(date)),
        *([] if deal is None else [f"#{format_deal(deal)}"]),
        _("{home}/{cards} home").format(home=cards_home, cards=cards),
        ngettext("{moves} move", "{moves} moves", moves).format(moves=moves),
        ngettext("{undos} undo", "{undos} undos", undos).format(undos=undos),
        results.get(result, result),
    ]
    if practice:
        # Translators: on a daily game's share line: a game after the day's attempt, which does not count.
        parts.append(pgettext("daily share line", "practice"))
    return " · ".join(parts)
