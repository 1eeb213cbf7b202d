"""The pages: ``GET /daily/{date}`` and ``GET /`` (today, UTC), a day's leaderboard as a small HTML page.

Every word is in the request's language, numbers and dates as it writes
them; the links to the day before and after carry ``lang=`` so the
language stays.
"""

from __future__ import annotations

import datetime as dt
import html

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from patience import get_variant
from patience.i18n import format_date, format_number
from patience_server import crud
from patience_server.api.deps import DailyBoard, DatabaseDep, Language, TodaysBoard, daily_deal_cached
from patience_server.core.db import Database
from patience_server.schemas import Board, BoardRow
from patience_server.speech import VARY, ApiError, ErrorCode, error_responses, tr

__all__ = ["front", "page", "render", "router"]

router = APIRouter(tags=["pages"])


@router.get("/daily/{date}", response_class=HTMLResponse, responses=error_responses(404, 422, page=True))
def page(board: DailyBoard, language: Language, db: DatabaseDep) -> HTMLResponse:
    """The day's leaderboard as a small page, in the language of ``?lang=`` or else ``Accept-Language``."""
    return _answer(board, language, db)


@router.get("/", response_class=HTMLResponse, responses=error_responses(422, page=True))
def front(board: TodaysBoard, language: Language, db: DatabaseDep) -> HTMLResponse:
    """Today's leaderboard (the server's UTC date), in the language of ``?lang=`` or else ``Accept-Language``."""
    return _answer(board, language, db)


def _answer(board: Board, language: str, db: Database) -> HTMLResponse:
    rows = crud.read_board(db, day=board.day.isoformat(), variant=board.variant, cells=board.cells)
    # A page's words depend on the request's language, so caches keep one per Accept-Language.
    return HTMLResponse(render(board, rows, _deal_of(board, db), language), headers=VARY)


def _deal_of(board: Board, db: Database) -> tuple[int, str]:
    """The day's deal and code: computed for the dates that can be played, else read from that day's attempts.

    A page never makes the solver search a date nobody could play (that
    would be CPU for the asking): such a date without attempts is 404.
    """
    day, variant, cells = board
    if abs((day - dt.datetime.now(dt.UTC).date()).days) <= 1:
        daily = daily_deal_cached(day, variant, cells)
        return daily.deal, daily.code
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
h1{font-size:1.4rem;margin:0 0 .3rem}p{margin:.2rem 0 1rem;color:#cfe8d6}
table{width:100%;border-collapse:collapse;background:#fff;color:#111;border-radius:8px;overflow:hidden}
th,td{padding:.5rem .25rem;text-align:right;font-size:.9rem;white-space:nowrap}th{background:#e8efe9}
td.n,th.n{text-align:left;width:100%;white-space:normal;overflow-wrap:break-word;word-break:normal}
tr:nth-child(even) td{background:#f6f8f6}
.won{color:#0b5d2a;font-weight:600}nav a{color:#fff;margin-right:1rem}
"""


def _result_word(result: str) -> str:
    """A stored result as the page's language says it."""
    if result == "won":
        return tr.pgettext("result", "won")
    if result == "gave-up":
        return tr.pgettext("result", "gave up")
    return result


def render(board: Board, rows: list[BoardRow], deal: tuple[int, str], language: str) -> str:
    """The leaderboard page, every word in ``language`` (the one in use), numbers and dates as it writes them."""
    day, variant, cells = board
    var = get_variant(variant)
    title = var.title
    total = format_number(52 * var.rules.decks)
    number = format_number
    body = "".join(
        f'<tr><td>{number(row.rank)}</td><td class="n">{html.escape(row.name)}</td>'
        f'<td class="{"won" if row.result == "won" else ""}">{html.escape(_result_word(row.result))}</td>'
        f"<td>{number(row.score)}</td><td>{html.escape(number(row.cards_home))}/{html.escape(total)}</td>"
        f"<td>{number(row.moves)}</td><td>{number(row.undos)}</td></tr>"
        for row in rows
    )
    if not rows:
        empty = html.escape(tr.gettext("No results yet."))
        body = f'<tr><td colspan="7" class="n">{empty}</td></tr>'
    prev, after = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    query = html.escape(f"?variant={variant}&cells={cells}&lang={language}")
    heading = html.escape(tr.gettext("Daily {variant}, {date}").format(variant=title, date=format_date(day)))
    line = tr.ngettext(
        "Deal #{deal} · {cells} free cell · {code}", "Deal #{deal} · {cells} free cells · {code}", cells
    ).format(deal=deal[0], cells=number(cells), code=deal[1])
    columns = (
        tr.pgettext("leaderboard column", "Player"),
        tr.pgettext("leaderboard column", "Result"),
        tr.pgettext("leaderboard column", "Score"),
        tr.pgettext("leaderboard column", "Home"),
        tr.pgettext("leaderboard column", "Moves"),
        tr.pgettext("leaderboard column", "Undos"),
    )
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
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        f'<p><nav><a href="/daily/{prev}{query}">{earlier}</a><a href="/daily/{after}{query}">{later}</a></nav></p>'
        "</body></html>"
    )
