"""``patience daily``: the day's deal, playing it (the attempt, then practice), its share line and the leaderboard.

The first daily game of a date, variant and cell count played on this
machine (as the store remembers) is the attempt; later ones are practice.
With a server (``--server URL`` or ``PATIENCE_SERVER``), the attempt is
started there before the deal is shown and its record is sent when the game
ends. Without one, or when it cannot be reached, the game is played and
recorded here all the same, and one line says so.
"""

from __future__ import annotations

import datetime as dt
import enum
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from patience.i18n import N_paragraphs, translate_paragraphs
from patience_cli.common import bad_input, complete_variant, guarded, one_line
from patience_cli.texts import DOMAIN, _, ngettext, pgettext

if TYPE_CHECKING:
    from patience import Game
    from patience_home.store import Store, Tracker
    from patience_solver.daily import DailyDeal

__all__ = ["DealFormat", "register"]

DAILY_HELP = N_paragraphs("""\
The daily deal: the same winnable deal for everybody on a date (FreeCell with 4 cells by default).

`patience daily` plays today's deal, as `patience daily play` does. The first
game of a date, variant and cell count on this machine is the day's attempt;
later ones are practice. With --server URL (or PATIENCE_SERVER) the attempt
counts on that server's leaderboard.
""")


class DealFormat(enum.StrEnum):
    """Text for people or JSON for scripts."""

    TEXT = "text"
    JSON = "json"


class BoardFormat(enum.StrEnum):
    """A table for people or JSON for scripts."""

    TABLE = "table"
    JSON = "json"


def _variant_argument() -> Any:
    """VARIANT of the daily commands, its help in the language in use (read when typer reads the signature)."""
    return typer.Argument(
        metavar="VARIANT",
        autocompletion=complete_variant,
        help=_("Variant name (default: freecell)."),
        show_default=False,
    )


def _cells_option() -> Any:
    """``--cells``."""
    return typer.Option("--cells", "-c", help=_("Cell count (default: the variant's)."), show_default=False)


def _date_option() -> Any:
    """``--date``."""
    return typer.Option("--date", help=_("The date, YYYY-MM-DD (default: today, local time)."), show_default=False)


def _server_option() -> Any:
    """``--server``."""
    return typer.Option("--server", help=_("Leaderboard server URL (default: $PATIENCE_SERVER)."), show_default=False)


def _name_option() -> Any:
    """``--name``."""
    return typer.Option("--name", help=_("Your player name on the server (given once, then kept)."), show_default=False)


def _daily(variant: str, cells: int | None, date: str | None) -> DailyDeal:
    from patience_solver.daily import daily_deal, parse_date, today

    day = parse_date(date) if date is not None else today()
    return daily_deal(day, variant, cells)


def _share(
    daily: DailyDeal, *, cards_home: int, moves: int, undos: int, result: str, practice: bool, deal: int | None
) -> str:
    from patience_solver.daily import share_line

    return share_line(
        title=daily.title,
        date=daily.date,
        deal=deal,
        cards_home=cards_home,
        moves=moves,
        undos=undos,
        result=result,
        practice=practice,
        cards=daily.cards,
    )


def _date_shown(date: str) -> str:
    """A daily deal's date (``2026-12-24``) as people read it: German ``24. Dezember 2026``, ``2026. december 24.``.

    English keeps the ISO date it has always shown, the one ``--date`` takes.
    """
    from patience.i18n import format_day

    return format_day(date)


def _cells_count(cells: int) -> str:
    """``4 cells``, in the language in use."""
    return ngettext("{count} cell", "{count} cells", cells).format(count=cells)


def _note(text: str) -> None:
    print(f"patience: {one_line(text)}", file=sys.stderr, flush=True)


# -- deal --------------------------------------------------------------------------------------
@guarded
def deal(
    variant: Annotated[str, _variant_argument()] = "freecell",
    cells: Annotated[int | None, _cells_option()] = None,
    date: Annotated[str | None, _date_option()] = None,
    output: Annotated[DealFormat, typer.Option("--format", "-f", help=_("text or json."))] = DealFormat.TEXT,
) -> None:
    """Print the day's deal."""
    daily = _daily(variant, cells, date)
    if output is DealFormat.JSON:
        import json

        print(json.dumps(daily.as_json()))
        return
    line = ngettext(
        "Daily {title} {date}: deal #{deal}, {cells} cell, code {code}",
        "Daily {title} {date}: deal #{deal}, {cells} cells, code {code}",
        daily.cells,
    )
    print(
        line.format(
            title=daily.title, date=_date_shown(daily.date), deal=daily.deal, cells=daily.cells, code=daily.code
        )
    )


# -- play --------------------------------------------------------------------------------------
def _daily_controller(
    game: Game,
    ended: Callable[[Game], list[str]],
    *,
    piped: bool,
    store: Store,
    tracker: Tracker,
    attempt: bool,
    played: Callable[[Game], object] | None = None,
    hint: Callable[[Game], str] | None = None,
) -> Any:
    """The REPL's controller, which also says the share line (and sends the record) once the daily game ends.

    ``played`` is called with the game after each command (a ranked attempt
    streams its new actions to the server then), before the end is told.
    With ``hint`` (a ranked attempt) the hint command asks it, the server,
    and the local solver is never asked.
    """
    from patience_cli.repl import Controller, Reply

    class DailyController(Controller):
        def __init__(self) -> None:
            super().__init__(game, piped=piped, store=store, tracker=tracker)
            self.done = False

        def handle(self, line: str, *, peek: Callable[[int], list[str]] | None = None) -> Reply:
            if attempt and line.strip().lower().split()[:1] == ["restart"] and self.game is game and not game.is_over:
                # The first game of the day's deal is the attempt; starting it again would be a second one.
                reply = Reply()
                reply.say(_("the day's attempt cannot be started again: undo moves instead"), "error")
                return reply
            if hint is not None and line.strip().lower() == "hint" and self.game is game and not game.is_over:
                reply = Reply()
                reply.say(hint(game), "hint")
                return reply
            reply = super().handle(line, peek=peek)
            current = self.game
            if played is not None and current is game:
                played(current)
            if not self.done and current is game and current.is_over:
                self.done = True
                for text in ended(current):
                    reply.say(text, "info")
            return reply

    return DailyController()


def play_daily(variant: str, cells: int | None, date: str | None, server: str | None, name: str | None) -> None:
    """Deal the day's game and play it: the attempt (sent to the server, if any) or practice.

    :func:`patience_home.daily.begin` decides which, as it does for the window.
    """
    from patience import Game
    from patience_cli.record_commands import open_store
    from patience_cli.repl import Repl, Reply, Say, run_piped
    from patience_home.daily import begin
    from patience_home.times import parse_or_now

    daily = _daily(variant, cells, date)
    store = open_store()
    play = begin(daily, store, server=server, name=name)
    # A ranked attempt deals the server's deal, revealed as it started.
    daily = play.daily
    for line in play.notes:
        _note(line)
    # The attempt left unfinished (the prompt was left mid-game) comes back where it was.
    # By its id: another game left unfinished later may be the latest one (the attempt is never abandoned).
    resumed = store.resume(game_id=play.resume.id) if play.resume is not None else None
    if resumed is not None and (resumed.resumed is None or play.resume is None or resumed.resumed.id != play.resume.id):
        resumed.close()
        resumed = None
    if resumed is not None and play.resume is not None:
        tracker = resumed
        game = tracker.game
        play.started = parse_or_now(play.resume.started)
        moves = ngettext("{count} move", "{count} moves", game.moves).format(count=game.moves)
        cards = ngettext("{count} card", "{count} cards", game.cards_home).format(count=game.cards_home)
        _note(_("resumed the day's attempt where it was left: {moves}, {cards} home").format(moves=moves, cards=cards))
    else:
        game = Game.from_code(daily.code)
        store.abandon_unfinished()  # as `play` with a deal named: the unfinished game is left for this one
        tracker = store.track(game, daily=daily.date)
    if play.pending:
        # The attempt was played to its end here; only its record waits: this game is no second attempt.
        intro = _(
            "Daily {title} {date}: deal #{deal} ({code}), not counted: the day's attempt has ended"
            " and its record waits to be sent to the server"
        )
    elif play.practice:
        intro = _("Daily {title} {date}: deal #{deal} ({code}), practice")
    else:
        intro = _("Daily {title} {date}: deal #{deal} ({code}), the day's attempt")
    intro = intro.format(title=daily.title, date=_date_shown(daily.date), deal=daily.deal, code=daily.code)

    def ended(over: Game) -> list[str]:
        """The share line, then the server's verdict on the record, when the daily game ends."""
        lines = [play.share(over)]
        verdict = play.send(over)
        if verdict:
            lines.append(one_line(verdict))
        return lines

    piped = not sys.stdin.isatty()
    controller = _daily_controller(
        game,
        ended,
        piped=piped,
        store=store,
        tracker=tracker,
        attempt=not play.practice,
        played=play.stream if play.ranked_attempt else None,
        hint=play.hint if play.ranked_attempt else None,
    )
    if piped:
        print(intro, flush=True)
        run_piped(controller, sys.stdin, sys.stdout)
    else:
        repl = Repl(controller)
        repl.show(Reply([Say(intro)]))
        repl.run()
    if not controller.done and play.client is not None:
        _note(_("the game has not ended, so its record was not sent: `patience daily` again resumes it"))


@guarded
def play(
    variant: Annotated[str, _variant_argument()] = "freecell",
    cells: Annotated[int | None, _cells_option()] = None,
    date: Annotated[str | None, _date_option()] = None,
    server: Annotated[str | None, _server_option()] = None,
    name: Annotated[str | None, _name_option()] = None,
) -> None:
    """Play the day's deal in the terminal (piped mode too)."""
    play_daily(variant, cells, date, server, name)


# -- share -------------------------------------------------------------------------------------
@guarded
def share(
    variant: Annotated[str, _variant_argument()] = "freecell",
    cells: Annotated[int | None, _cells_option()] = None,
    date: Annotated[str | None, _date_option()] = None,
) -> None:
    """Print the spoiler-free line of the day's attempt (no move in it)."""
    from patience_cli.record_commands import open_store
    from patience_home.daily import attempt_of

    daily = _daily(variant, cells, date)
    info = attempt_of(open_store(), daily)
    if info is None:
        message = ngettext(
            "no {title} daily game of {date} with {cells} cell on this machine yet: play it with `patience daily play`",
            "no {title} daily game of {date} with {cells} cells on this machine yet: "
            "play it with `patience daily play`",
            daily.cells,
        )
        bad_input(message.format(title=daily.title, date=_date_shown(daily.date), cells=daily.cells))
    # A game of another deal than the public one is the server's ranked attempt: its deal is the player's
    # own until the day is over (the server's UTC date give or take one day).
    over = dt.datetime.now(dt.UTC).date() > dt.date.fromisoformat(daily.date) + dt.timedelta(days=1)
    print(
        _share(
            daily,
            deal=daily.deal if info.deal == daily.deal else info.deal if over else None,
            cards_home=info.cards_home,
            moves=info.moves,
            undos=info.undos,
            result=info.result,
            practice=False,
        )
    )


# -- leaderboard -------------------------------------------------------------------------------
@guarded
def leaderboard(
    variant: Annotated[str, _variant_argument()] = "freecell",
    cells: Annotated[int | None, _cells_option()] = None,
    date: Annotated[str | None, _date_option()] = None,
    server: Annotated[str | None, _server_option()] = None,
    output: Annotated[BoardFormat, typer.Option("--format", "-f", help=_("table or json."))] = BoardFormat.TABLE,
) -> None:
    """Print the day's leaderboard from the server, after sending any record kept for it."""
    import attrs

    from patience import get_variant
    from patience.plugins import check_cells
    from patience_home.leaderboard import Client, LeaderboardError, server_url
    from patience_solver.daily import parse_date, today

    var = get_variant(variant)
    n_cells = check_cells(var, cells)
    day = (parse_date(date) if date is not None else today()).isoformat()
    url = server_url(server)
    if url is None:
        bad_input(_("no server: give --server URL or set PATIENCE_SERVER"))
    from patience_home.daily import send_unsent

    # A record kept for this server goes first, so the board shows it; each line on stderr, as notes.
    for line in send_unsent(url):
        _note(line)
    try:
        entries = Client(url).leaderboard(day, var.name, n_cells)
    except LeaderboardError as error:
        # Exit 2 with one line, as for any other input the command cannot use (docs/cli.md).
        bad_input(str(error))
    if output is BoardFormat.JSON:
        import json

        print(json.dumps([attrs.asdict(entry) for entry in entries]))
        return
    from patience.i18n import format_number
    from patience_cli.record_commands import result_word

    heading = ngettext(
        "Daily {title} {date}, {cells}: {count} entry", "Daily {title} {date}, {cells}: {count} entries", len(entries)
    )
    cells_shown = _cells_count(n_cells)
    print(heading.format(title=var.title, date=_date_shown(day), cells=cells_shown, count=format_number(len(entries))))
    if not entries:
        return
    header = [
        pgettext("table heading", "rank"),
        pgettext("table heading", "name"),
        pgettext("table heading", "result"),
        pgettext("table heading", "score"),
        pgettext("table heading", "home"),
        pgettext("table heading", "moves"),
        pgettext("table heading", "undos"),
        pgettext("table heading", "time"),
        pgettext("table heading", "hints"),
    ]
    from patience_home.store import played_time

    rows = [
        [
            "–" if e.rank is None else str(e.rank),
            e.name,
            result_word(e.result),
            str(e.score),
            f"{e.cards_home}/{52 * var.rules.decks}",
            str(e.moves),
            str(e.undos),
            played_time(None if e.seconds is None else round(e.seconds)),
            str(e.hints),
        ]
        for e in entries
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        cells_text = [cell.ljust(widths[i]) if i in (1, 2) else cell.rjust(widths[i]) for i, cell in enumerate(row)]
        print("  ".join(cells_text).rstrip())


def register(app: typer.Typer) -> None:
    """Add the ``daily`` group to ``app``."""
    group = typer.Typer(
        name="daily",
        help=translate_paragraphs(DOMAIN, DAILY_HELP),
        no_args_is_help=False,
        epilog=_("Examples:  {examples}").format(
            examples="patience daily  |  patience daily deal --format json  |  "
            "patience daily --server http://127.0.0.1:8000 --name ada"
        ),
    )

    @group.callback(invoke_without_command=True)
    @guarded
    def _daily_root(
        ctx: typer.Context,
        cells: Annotated[int | None, _cells_option()] = None,
        date: Annotated[str | None, _date_option()] = None,
        server: Annotated[str | None, _server_option()] = None,
        name: Annotated[str | None, _name_option()] = None,
    ) -> None:
        """With no command, ``patience daily`` plays today's FreeCell deal (options as ``daily play``).

        Options given before a command (``patience daily --date 2026-12-24 deal``) are that
        command's, as if given after it; one the command does not take is refused.
        """
        if ctx.invoked_subcommand is None:
            play_daily("freecell", cells, date, server, name)
            return
        options = {"cells": cells, "date": date, "server": server, "name": name}
        given = {key: value for key, value in options.items() if value is not None}
        # typer's group (its own copy of click's) knows its commands.
        command = ctx.command.get_command(ctx, ctx.invoked_subcommand)  # type: ignore[attr-defined]
        takes = {param.name for param in command.params} if command is not None else set()
        for key in given:
            if key not in takes:
                message = _("--{option} does not go with `patience daily {command}`")
                bad_input(message.format(option=key, command=ctx.invoked_subcommand))
        if given:
            # click reads a command's defaults from its parent's default_map: the options given
            # before the command become its defaults, and the same option after it still wins.
            ctx.default_map = {ctx.invoked_subcommand: given}

    group.command(
        "deal",
        help=_("Print the day's deal."),
        epilog=_("Examples:  {examples}").format(
            examples="patience daily deal  |  patience daily deal eight-off --date 2026-12-24"
        ),
    )(deal)
    group.command(
        "play",
        help=_("Play the day's deal in the terminal (piped mode too)."),
        epilog=_("Examples:  {examples}").format(
            examples="patience daily play  |  patience daily play --server http://127.0.0.1:8000 --name ada"
        ),
    )(play)
    group.command(
        "share",
        help=_("Print the spoiler-free line of the day's attempt (no move in it)."),
        epilog=_("Examples:  {examples}").format(
            examples="patience daily share  |  patience daily share --date 2026-12-24"
        ),
    )(share)
    group.command(
        "leaderboard",
        help=_("Print the day's leaderboard from the server."),
        epilog=_("Examples:  {examples}").format(
            examples="patience daily leaderboard --server http://127.0.0.1:8000  |  "
            "patience daily leaderboard --format json"
        ),
    )(leaderboard)
    app.add_typer(group)
