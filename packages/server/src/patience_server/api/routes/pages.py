"""The pages: ``GET /daily/{date}`` and ``GET /`` (today, UTC), a day's leaderboard as a small HTML page.

Every word is in the request's language, numbers and dates as it writes
them; the links to the day before and after carry ``lang=`` so the
language stays. A page shows the first :data:`TOP` ranks, and with
``?name=`` that player's entry too when it ranks below them (marked).

A page is made once a minute: :data:`CACHE` keeps each page (per board,
language and ``name``) until the minute of its clock turns, so a second
request within the minute does not reach the database. Its policy
(``Content-Security-Policy``) allows the page's one inline style by its
hash and nothing else.
"""

from __future__ import annotations

import datetime as dt
import html
import threading
import time
from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse

from patience import get_variant
from patience.i18n import format_date, format_number
from patience_server import crud
from patience_server.api.deps import DailyBoard, DatabaseDep, Language, TodaysBoard, date_over
from patience_server.core.config import NAME_LENGTH
from patience_server.core.db import Database
from patience_server.core.headers import policy
from patience_server.schemas import Board, BoardRow
from patience_server.speech import VARY, ApiError, ErrorCode, error_responses, tr

__all__ = ["CACHE", "NAME_QUERY", "TOP", "PageCache", "clock", "front", "page", "render", "router"]

router = APIRouter(tags=["pages"])


#: How many ranks a page shows.
TOP = 100

#: What the OpenAPI description says of a page's ``?name=``.
NAME_QUERY = "a player's name: their entry is shown below the first ranks when it is not among them"


class PageCache:
    """The pages made within the current minute of ``clock`` (seconds, like :func:`time.time`), at most ``size``.

    A page is kept until its minute is over; a full cache drops its oldest
    page first. Threads share it (the pages are made in worker threads).
    """

    def __init__(self, clock: Callable[[], float] = time.time, *, size: int = 512) -> None:
        self.clock = clock
        self.size = size
        self._pages: dict[tuple[object, ...], tuple[int, str]] = {}
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...], make: Callable[[], str]) -> str:
        """The page of ``key`` made this minute, else ``make()``'s, kept for the rest of the minute."""
        minute = int(self.clock() // 60)
        with self._lock:
            found = self._pages.get(key)
        if found is not None and found[0] == minute:
            return found[1]
        made = make()
        with self._lock:
            self._pages.pop(key, None)
            while len(self._pages) >= self.size:
                del self._pages[next(iter(self._pages))]
            self._pages[key] = (minute, made)
        return made

    def clear(self) -> None:
        """Forget every page."""
        with self._lock:
            self._pages.clear()


#: The pages of this process.
CACHE = PageCache()

Name = Annotated[str | None, Query(description=NAME_QUERY)]

#: The longest name a player can have: a longer ``?name=`` names nobody, and is not looked up or kept.
_LONGEST_NAME = NAME_LENGTH[1]


@router.get("/daily/{date}", response_class=HTMLResponse, responses=error_responses(404, 422, page=True))
def page(board: DailyBoard, language: Language, db: DatabaseDep, name: Name = None) -> HTMLResponse:
    """The day's leaderboard as a small page, in the language of ``?lang=`` or else ``Accept-Language``."""
    return _answer(board, language, db, name)


@router.get("/", response_class=HTMLResponse, responses=error_responses(422, page=True))
def front(board: TodaysBoard, language: Language, db: DatabaseDep, name: Name = None) -> HTMLResponse:
    """Today's leaderboard (the server's UTC date), in the language of ``?lang=`` or else ``Accept-Language``."""
    return _answer(board, language, db, name)


def _answer(board: Board, language: str, db: Database, name: str | None) -> HTMLResponse:
    if name is not None and not 0 < len(name) <= _LONGEST_NAME:
        name = None

    def make() -> str:
        day = board.day.isoformat()
        rows = crud.read_board(db, day=day, variant=board.variant, cells=board.cells, limit=TOP + 1)
        more = len(rows) > TOP
        rows = rows[:TOP]
        own = None
        if name is not None and name not in {row.name for row in rows}:
            own = crud.board_entry(db, day=day, variant=board.variant, cells=board.cells, name=name)
        return render(board, rows, _deal_of(board, db), language, own=own, more=more, name=name)

    text = CACHE.get((db, board, language, name or ""), make)
    # A page's words depend on the request's language, so caches keep one per Accept-Language.
    return HTMLResponse(text, headers={**VARY, "Content-Security-Policy": _POLICY})


def _deal_of(board: Board, db: Database) -> tuple[int, str] | None:
    """The day's ranked deal and code once the date is over (read from its attempts); ``None`` while it is played.

    While a date can still be played the ranked deal is known to the players
    who started it alone, so the page leaves it out (and never makes the
    solver search it). A date that is over without attempts is 404.
    """
    day, variant, cells = board
    if not date_over(day):
        return None
    found = crud.played_deal(db, day=day.isoformat(), variant=variant, cells=cells)
    if found is None:
        message = tr.ngettext(
            "nobody played the daily {variant} of {date} with {cells} free cell",
            "nobody played the daily {variant} of {date} with {cells} free cells",
            cells,
        )
        title = get_variant(variant).title
        when = format_date(day)
        raise ApiError(ErrorCode.NOT_FOUND, message.format(variant=title, date=when, cells=format_number(cells)))
    return found


_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;padding:.75rem;background:#0b5d2a;color:#f4f4f4}
h1{font-size:1.4rem;margin:0 0 .3rem}p{margin:.2rem 0 1rem;color:#cfe8d6}h1,p{overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;background:#fff;color:#111;border-radius:8px;overflow:hidden}
th,td{padding:.5rem .25rem;text-align:right;font-size:.9rem;white-space:nowrap}th{background:#e8efe9}
td.n,th.n{text-align:left;width:100%;white-space:normal;overflow-wrap:anywhere;word-break:normal}
tr:nth-child(even){background:#f6f8f6}tr.me{background:#fff3c4}
.won{color:#0b5d2a;font-weight:600}nav a{color:#fff;margin-right:1rem}
@media (max-width:36rem){
thead{display:none}table,tbody{display:block}
tr{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 .8rem;padding:.45rem .6rem}
td{padding:.1rem 0;text-align:left}td.n{flex:1 0 75%;min-width:0;width:auto;font-weight:600}
td[data-label]::before{content:attr(data-label) " ";color:#555;font-weight:400}
}
"""

#: The page's policy: its one inline style, by hash; nothing else.
_POLICY = policy(styles=[_STYLE])


def _result_word(result: str) -> str:
    """A stored result as the page's language says it."""
    if result == "won":
        return tr.pgettext("result", "won")
    if result == "gave-up":
        return tr.pgettext("result", "gave up")
    return result


def clock(seconds: float | None) -> str:
    """A result's time as the page shows it: minutes and seconds (``1:05``), hours first past an hour; else ``–``."""
    if seconds is None:
        return "–"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, second = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{second:02d}" if hours else f"{minutes}:{second:02d}"


def _row_html(row: BoardRow, total: str, labels: tuple[str, ...], *, mine: bool = False) -> str:
    """One entry as a table row; ``labels`` name its result and numbers (shown beside them on a phone).

    An entry waiting for review has no rank: its first cell says so.
    """
    number = format_number
    marked = ' class="me"' if mine else ""
    result, score, home, moves, undos, time_, hints = (f' data-label="{html.escape(label)}"' for label in labels)
    won = ' class="won"' if row.result == "won" else ""
    place = number(row.rank) if row.rank is not None else html.escape(tr.pgettext("leaderboard rank", "review"))
    return (
        f'<tr{marked}><td>{place}</td><td class="n">{html.escape(row.name)}</td>'
        f"<td{won}{result}>{html.escape(_result_word(row.result))}</td><td{score}>{number(row.score)}</td>"
        f"<td{home}>{html.escape(number(row.cards_home))}/{html.escape(total)}</td>"
        f"<td{moves}>{number(row.moves)}</td><td{undos}>{number(row.undos)}</td>"
        f"<td{time_}>{html.escape(clock(row.seconds))}</td><td{hints}>{number(row.hints)}</td></tr>"
    )


def render(
    board: Board,
    rows: list[BoardRow],
    deal: tuple[int, str] | None,
    language: str,
    *,
    own: BoardRow | None = None,
    more: bool = False,
    name: str | None = None,
) -> str:
    """The leaderboard page, every word in ``language`` (the one in use), numbers and dates as it writes them.

    ``deal`` is ``None`` while the date can be played (the ranked deal is
    not shown then). ``rows`` are the first ranks; ``own`` is the entry of the player
    ``name`` when it is not among them, shown after them; ``more`` says
    that ranks follow the ones shown.
    """
    day, variant, cells = board
    var = get_variant(variant)
    title = var.title
    total = format_number(52 * var.rules.decks)
    number = format_number
    columns = (
        tr.pgettext("leaderboard column", "Player"),
        tr.pgettext("leaderboard column", "Result"),
        tr.pgettext("leaderboard column", "Score"),
        tr.pgettext("leaderboard column", "Home"),
        tr.pgettext("leaderboard column", "Moves"),
        tr.pgettext("leaderboard column", "Undos"),
        tr.pgettext("leaderboard column", "Time"),
        tr.pgettext("leaderboard column", "Hints"),
    )
    labels = columns[1:]
    body = "".join(_row_html(row, total, labels, mine=row.name == name) for row in rows)
    if own is not None:
        body += '<tr><td colspan="9" class="n">…</td></tr>' + _row_html(own, total, labels, mine=True)
    if not rows:
        empty = html.escape(tr.gettext("No results yet."))
        body = f'<tr><td colspan="9" class="n">{empty}</td></tr>'
    prev, after = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    query = html.escape(f"?variant={variant}&cells={cells}&lang={language}")
    shown = ""
    if more:
        api = html.escape(f"/api/v1/daily/{day.isoformat()}/leaderboard?variant={variant}&cells={cells}&after={TOP}")
        words = html.escape(tr.gettext("Only the first {count} ranks are shown here.").format(count=number(TOP)))
        shown = f'<p>{words} <a href="{api}">JSON</a></p>'

    heading = html.escape(tr.gettext("Daily {variant}, {date}").format(variant=title, date=format_date(day)))
    if deal is None:
        line = tr.ngettext(
            "{cells} free cell · the deal is shown once the day is over",
            "{cells} free cells · the deal is shown once the day is over",
            cells,
        ).format(cells=number(cells))
    else:
        line = tr.ngettext(
            "Deal #{deal} · {cells} free cell · {code}", "Deal #{deal} · {cells} free cells · {code}", cells
        ).format(deal=deal[0], cells=number(cells), code=deal[1])
    head = f'<th>#</th><th class="n">{html.escape(columns[0])}</th>' + "".join(
        f"<th>{html.escape(column)}</th>" for column in columns[1:]
    )
    earlier = html.escape(tr.gettext("← {date}").format(date=format_date(prev, style="medium")))
    later = html.escape(tr.gettext("{date} →").format(date=format_date(after, style="medium")))
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{heading}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{heading}</h1><p>{html.escape(line)}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{shown}"
        f'<p><nav><a href="/daily/{prev}{query}">{earlier}</a><a href="/daily/{after}{query}">{later}</a></nav></p>'
        "</body></html>"
    )
