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
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from patience_cli.common import bad_input, complete_variant, guarded, one_line

if TYPE_CHECKING:
    from patience import Game
    from patience.daily import DailyDeal
    from patience.leaderboard import Client
    from patience.store import GameInfo, Store, Tracker

__all__ = ["DealFormat", "attempt_of", "register"]

DAILY_HELP = """The daily deal: the same winnable deal for everybody on a date (FreeCell with 4 cells by default).

`patience daily` plays today's deal, as `patience daily play` does. The first
game of a date, variant and cell count on this machine is the day's attempt;
later ones are practice. With --server URL (or PATIENCE_SERVER) the attempt
counts on that server's leaderboard.
"""


class DealFormat(enum.StrEnum):
    """Text for people or JSON for scripts."""

    TEXT = "text"
    JSON = "json"


class BoardFormat(enum.StrEnum):
    """A table for people or JSON for scripts."""

    TABLE = "table"
    JSON = "json"


VariantArg = Annotated[
    str,
    typer.Argument(
        metavar="VARIANT", autocompletion=complete_variant, help="Variant name (default: freecell).", show_default=False
    ),
]
CellsOpt = Annotated[
    int | None, typer.Option("--cells", "-c", help="Cell count (default: the variant's).", show_default=False)
]
DateOpt = Annotated[
    str | None, typer.Option("--date", help="The date, YYYY-MM-DD (default: today, local time).", show_default=False)
]
ServerOpt = Annotated[
    str | None,
    typer.Option("--server", help="Leaderboard server URL (default: $PATIENCE_SERVER).", show_default=False),
]
NameOpt = Annotated[
    str | None,
    typer.Option("--name", help="Your player name on the server (given once, then kept).", show_default=False),
]


def _daily(variant: str, cells: int | None, date: str | None) -> DailyDeal:
    from patience.daily import daily_deal, parse_date, today

    day = parse_date(date) if date is not None else today()
    return daily_deal(day, variant, cells)


def _daily_games(store: Store, daily: DailyDeal) -> list[GameInfo]:
    """This machine's games of that daily deal, oldest first."""
    if not store.saving:
        return []
    games = [
        info
        for info in store.history()
        if info.daily == daily.date and info.variant == daily.variant and info.cells == daily.cells
    ]
    return sorted(games, key=lambda info: info.id)


def attempt_of(store: Store, daily: DailyDeal) -> GameInfo | None:
    """The day's attempt on this machine: the first game of that daily deal, or ``None`` before it is played."""
    games = _daily_games(store, daily)
    return games[0] if games else None


def _share(daily: DailyDeal, *, cards_home: int, moves: int, undos: int, result: str, practice: bool) -> str:
    from patience.daily import share_line

    return share_line(
        title=daily.title,
        date=daily.date,
        deal=daily.deal,
        cards_home=cards_home,
        moves=moves,
        undos=undos,
        result=result,
        practice=practice,
    )


def _parse_stamp(stamp: str) -> dt.datetime:
    """A stored UTC time (``2026-11-30T06:22:56Z``) as a datetime; now when it cannot be read."""
    try:
        return dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return dt.datetime.now(dt.UTC)


def _note(text: str) -> None:
    print(f"patience: {one_line(text)}", file=sys.stderr, flush=True)


# -- deal --------------------------------------------------------------------------------------
@guarded
def deal(
    variant: VariantArg = "freecell",
    cells: CellsOpt = None,
    date: DateOpt = None,
    output: Annotated[DealFormat, typer.Option("--format", "-f", help="text or json.")] = DealFormat.TEXT,
) -> None:
    """Print the day's deal."""
    daily = _daily(variant, cells, date)
    if output is DealFormat.JSON:
        print(json.dumps(daily.as_json()))
        return
    print(f"Daily {daily.title} {daily.date}: deal #{daily.deal}, {daily.cells} cells, code {daily.code}")


# -- play --------------------------------------------------------------------------------------
def _daily_controller(
    game: Game, ended: Callable[[Game], list[str]], *, piped: bool, store: Store, tracker: Tracker
) -> Any:
    """The REPL's controller, which also says the share line (and sends the record) once the daily game ends."""
    from patience_cli.repl import Controller, Reply

    class DailyController(Controller):
        def __init__(self) -> None:
            super().__init__(game, piped=piped, store=store, tracker=tracker)
            self.done = False

        def handle(self, line: str, *, peek: Callable[[int], list[str]] | None = None) -> Reply:
            reply = super().handle(line, peek=peek)
            current = self.game
            if not self.done and current is game and current.is_over:
                self.done = True
                for text in ended(current):
                    reply.say(text, "info")
            return reply

    return DailyController()


def _server_player(url: str, name: str | None) -> Client | None:
    """A client for ``url`` as this machine's player there (registered with ``name`` on first use)."""
    from patience.leaderboard import Client, save_player, saved_player

    saved = saved_player(url)
    if saved is not None and (name is None or name == saved[0]):
        return Client(url, saved[1])
    if name is None:
        _note(f"no player name for {url}: give --name NAME once to take part; this game counts here only")
        return None
    token = Client(url).register(name)
    save_player(url, name, token)
    _note(f"registered as {name} on {url} (the token is kept in the data directory)")
    return Client(url, token)


def play_daily(variant: str, cells: int | None, date: str | None, server: str | None, name: str | None) -> None:
    """Deal the day's game and play it: the attempt (sent to the server, if any) or practice."""
    from patience import Game
    from patience.leaderboard import LeaderboardError, ServerUnreachable, save_attempt, saved_attempt, server_url
    from patience_cli.record_commands import open_store
    from patience_cli.repl import Repl, Reply, Say, run_piped

    daily = _daily(variant, cells, date)
    store = open_store()
    first = attempt_of(store, daily)
    # The attempt left unfinished (the prompt was left mid-game) comes back: it is still the attempt.
    resumed = store.resume() if first is not None and first.result == "unfinished" else None
    if resumed is not None and (resumed.resumed is None or first is None or resumed.resumed.id != first.id):
        resumed.close()
        resumed = None
    practice = first is not None and resumed is None
    url = server_url(server)
    client: Client | None = None
    attempt: int | None = None
    key = f"{daily.date} {daily.variant} {daily.cells}"
    if url is None:
        if not practice:
            _note("no server set (--server URL or PATIENCE_SERVER): the attempt is played and recorded here only")
    elif not practice:
        try:
            client = _server_player(url, name)
            if client is not None:
                attempt = saved_attempt(url, key) if resumed is not None else None
                if attempt is None:
                    attempt = client.start_attempt(daily.date, daily.variant, daily.cells).attempt
                    save_attempt(url, key, attempt)
        except ServerUnreachable as error:
            _note(f"{error}: the attempt is played and recorded here only")
            client = None
        except LeaderboardError as error:
            if error.status == 409 and "one attempt" in str(error):
                practice = resumed is None
                _note(f"the server says: {error}" + ("; this game is practice" if practice else ""))
            else:
                _note(f"the server refused the attempt: {error}; this game is played and recorded here only")
            client = None
    if resumed is not None and first is not None:
        tracker = resumed
        game = tracker.game
        started = _parse_stamp(first.started)
        _note(f"resumed the day's attempt where it was left: {game.moves} moves, {game.cards_home} cards home")
    else:
        game = Game.from_code(daily.code)
        store.abandon_unfinished()  # as `play` with a deal named: the unfinished game is left for this one
        tracker = store.track(game, daily=daily.date)
        started = dt.datetime.now(dt.UTC)
    kind = "practice" if practice else "the day's attempt"
    intro = f"Daily {daily.title} {daily.date}: deal #{daily.deal} ({daily.code}), {kind}"

    def ended(over: Game) -> list[str]:
        """The share line, then the server's verdict on the record, when the daily game ends."""
        result = "won" if over.is_won else "gave-up"
        lines = [
            _share(
                daily, cards_home=over.cards_home, moves=over.moves, undos=over.undos, result=result, practice=practice
            )
        ]
        if client is not None and attempt is not None:
            lines.append(_send(client, daily, attempt, over, result, started))
        return lines

    piped = not sys.stdin.isatty()
    controller = _daily_controller(game, ended, piped=piped, store=store, tracker=tracker)
    if piped:
        print(intro, flush=True)
        run_piped(controller, sys.stdin, sys.stdout)
    else:
        repl = Repl(controller)
        repl.show(Reply([Say(intro)]))
        repl.run()
    if not controller.done and client is not None:
        _note("the game has not ended, so its record was not sent: `patience daily` again resumes it")


def _send(client: Client, daily: DailyDeal, attempt: int, game: Game, result: str, started: dt.datetime) -> str:
    """Send the attempt's record; the line that says how the server ranked it, or why it refused it."""
    from patience.leaderboard import LeaderboardError
    from patience.records import format_record, record_of

    record = record_of(
        game, result=result, started=started, ended=dt.datetime.now(dt.UTC), extra_tags=(("Daily", daily.date),)
    )
    try:
        accepted = client.send_record(daily.date, attempt, format_record(record))
    except LeaderboardError as error:
        return f"the server did not accept the record: {one_line(str(error))}"
    return (
        f"rank {accepted.rank} on the {daily.title} leaderboard of {daily.date} "
        f"(score {accepted.score}, checked by the server)"
    )


@guarded
def play(
    variant: VariantArg = "freecell",
    cells: CellsOpt = None,
    date: DateOpt = None,
    server: ServerOpt = None,
    name: NameOpt = None,
) -> None:
    """Play the day's deal in the terminal (piped mode too)."""
    play_daily(variant, cells, date, server, name)


# -- share -------------------------------------------------------------------------------------
@guarded
def share(variant: VariantArg = "freecell", cells: CellsOpt = None, date: DateOpt = None) -> None:
    """Print the spoiler-free line of the day's attempt (no move in it)."""
    from patience_cli.record_commands import open_store

    daily = _daily(variant, cells, date)
    info = attempt_of(open_store(), daily)
    if info is None:
        bad_input(
            f"no {daily.title} daily game of {daily.date} with {daily.cells} cells on this machine yet: "
            "play it with `patience daily play`"
        )
    print(
        _share(
            daily,
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
    variant: VariantArg = "freecell",
    cells: CellsOpt = None,
    date: DateOpt = None,
    server: ServerOpt = None,
    output: Annotated[BoardFormat, typer.Option("--format", "-f", help="table or json.")] = BoardFormat.TABLE,
) -> None:
    """Print the day's leaderboard from the server."""
    import attrs

    from patience import get_variant
    from patience.daily import parse_date, today
    from patience.leaderboard import Client, LeaderboardError, server_url
    from patience.plugins import check_cells

    var = get_variant(variant)
    n_cells = check_cells(var, cells)
    day = (parse_date(date) if date is not None else today()).isoformat()
    url = server_url(server)
    if url is None:
        bad_input("no server: give --server URL or set PATIENCE_SERVER")
    try:
        entries = Client(url).leaderboard(day, var.name, n_cells)
    except LeaderboardError as error:
        print(f"patience: {one_line(str(error))}", file=sys.stderr)
        raise typer.Exit(1) from None
    if output is BoardFormat.JSON:
        print(json.dumps([attrs.asdict(entry) for entry in entries]))
        return
    print(f"Daily {var.title} {day}, {n_cells} cells: {len(entries)} {'entry' if len(entries) == 1 else 'entries'}")
    if not entries:
        return
    header = ["rank", "name", "result", "score", "home", "moves", "undos"]
    rows = [
        [str(e.rank), e.name, e.result, str(e.score), f"{e.cards_home}/52", str(e.moves), str(e.undos)] for e in entries
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        cells_text = [cell.ljust(widths[i]) if i in (1, 2) else cell.rjust(widths[i]) for i, cell in enumerate(row)]
        print("  ".join(cells_text).rstrip())


def register(app: typer.Typer) -> None:
    """Add the ``daily`` group to ``app``."""
    group = typer.Typer(name="daily", help=DAILY_HELP, no_args_is_help=False)

    @group.callback(invoke_without_command=True)
    @guarded
    def _daily_root(
        ctx: typer.Context,
        cells: CellsOpt = None,
        date: DateOpt = None,
        server: ServerOpt = None,
        name: NameOpt = None,
    ) -> None:
        """With no command, ``patience daily`` plays today's FreeCell deal (options as ``daily play``)."""
        if ctx.invoked_subcommand is None:
            play_daily("freecell", cells, date, server, name)

    group.command("deal")(deal)
    group.command("play")(play)
    group.command("share")(share)
    group.command("leaderboard")(leaderboard)
    app.add_typer(group)
