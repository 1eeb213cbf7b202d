"""The daily deal in the window: finding it, the day's attempt on a leaderboard server, the share line.

Everything here stands on :mod:`patience_solver.daily` (which deal a date has, the
share line) and :mod:`patience_home.leaderboard` (the server's client), as the
terminal's ``patience daily`` does: the first daily game of a date, variant
and cell count on this machine is the day's attempt, later ones are
practice. With a server (``PATIENCE_SERVER``) the window asks once for the
player's name there (:class:`NameDialog`, or ``patience daily play --name
NAME``); the attempt is then started on the server before the deal is shown
and its record is sent when the game ends. An attempt left unfinished is
still the attempt: it comes back from the store as it was left
(:attr:`~patience_home.daily.DailyPlay.resume`), and its record goes to the
attempt already started on the server.

The network and the solver work in a worker thread (:class:`~patience_tk.worker.Job`);
nothing here touches Tk from there.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
import tkinter as tk
from collections.abc import Callable
from tkinter import ttk
from typing import TYPE_CHECKING

import attrs
from attrs import define

from patience import Game
from patience.i18n import N_, format_day, format_deal
from patience_home.daily import DailyPlay, ServerHint
from patience_home.store import played_time
from patience_tk.texts import _, ngettext, pgettext

if TYPE_CHECKING:
    from patience_home.leaderboard import Accepted, Entry
    from patience_home.store import Store

__all__ = [
    "RETRY_SECONDS",
    "DailyGame",
    "LeaderboardDialog",
    "NameDialog",
    "find_daily",
    "register",
    "send_result",
    "share_of",
    "started_at",
]


#: Seconds between tries to stream a ranked attempt's actions while the server does not take them.
RETRY_SECONDS = 1.0


@define
class DailyGame(DailyPlay):
    """A daily deal being played in the window: :class:`~patience_home.daily.DailyPlay`, and whether it was sent.

    In a ranked attempt its actions go to the server from a thread of their
    own (:meth:`push`), so a slow or absent server never holds up the window;
    every call to the server (the actions, a hint, the record) takes
    :attr:`link` first, so they reach it one at a time and in order.
    """

    sent: bool = False
    ranked: bool = False
    """Whether the server accepted the attempt's record and ranked it (:func:`send_result`)."""
    link: threading.Lock = attrs.field(factory=threading.Lock, eq=False, repr=False)
    """Held for each exchange with the server."""
    _guard: threading.Lock = attrs.field(factory=threading.Lock, eq=False, repr=False)
    _wanted: tuple[str, ...] = ()
    _sender: threading.Thread | None = attrs.field(default=None, eq=False, repr=False)
    _closed: bool = False

    def push(self, log: tuple[str, ...]) -> None:
        """Stream the ranked attempt's action tokens ``log`` (the game's whole log) to the server; returns at once.

        A thread sends what the server lacks, and while the server does not
        take them (away, failing, busy) tries again every
        :data:`RETRY_SECONDS`, from where the server stands: the actions stay
        in the game and the store meanwhile, and arrive in order.
        """
        if not self.ranked_attempt:
            return
        with self._guard:
            if len(log) > len(self._wanted):
                self._wanted = log
            if self._closed or self._sender is not None:
                return
            if self.streamed >= len(self._wanted):
                return
            self._sender = threading.Thread(target=self._send_all, name="patience-tk-stream", daemon=True)
            self._sender.start()

    def _send_all(self) -> None:
        while True:
            with self._guard:
                log = self._wanted
            with self.link:
                done = self.stream_actions(log)
            with self._guard:
                if self._closed or (done and len(self._wanted) <= self.streamed):
                    self._sender = None
                    return
            if not done:
                time.sleep(RETRY_SECONDS)

    @property
    def streaming(self) -> bool:
        """Whether actions are still on their way to the server (or waiting for it to be back)."""
        with self._guard:
            return self._sender is not None

    def close(self) -> None:
        """Stop streaming: another game is on the table (what is unsent stays in the store)."""
        with self._guard:
            self._closed = True

    def ask_hint(self, log: tuple[str, ...]) -> ServerHint:
        """The server's hint where ``log`` stands (worker thread), one exchange at a time with the others."""
        with self.link:
            return self.server_hint(log)

    @property
    def note(self) -> str | None:
        """The lines about the server to say along with the deal, as sentences, or ``None``."""
        if not self.notes:
            return None
        return " ".join(f"{line[:1].upper()}{line[1:]}." for line in self.notes)

    @property
    def intro(self) -> str:
        """What the window says when it deals it."""
        daily = self.daily
        if self.pending:
            said = _(
                "Daily {title} {date}: deal #{deal} ({code}), not counted: the day's attempt has ended"
                " and its record waits to be sent to the server."
            )
        elif self.practice:
            said = _("Daily {title} {date}: deal #{deal} ({code}), practice (the day's attempt is already played).")
        else:
            said = _("Daily {title} {date}: deal #{deal} ({code}), the day's attempt.")
        text = said.format(
            title=daily.title, date=format_day(daily.date), deal=format_deal(daily.deal), code=daily.code
        )
        return f"{text} {self.note}" if self.note else text

    def back_intro(self, game: Game) -> str:
        """What the window says when ``game``, this daily deal left unfinished, is back on the table as it was."""
        daily = self.daily
        # The sentence chooses its plural by the moves; the cards home choose theirs in their own words.
        home = ngettext("{count} card home", "{count} cards home", game.cards_home).format(count=game.cards_home)
        if self.practice:
            said = ngettext(
                "Daily {title} {date}: deal #{deal} ({code}), practice, as you left it: {moves} move in, {home}.",
                "Daily {title} {date}: deal #{deal} ({code}), practice, as you left it: {moves} moves in, {home}.",
                game.moves,
            )
        else:
            said = ngettext(
                "Daily {title} {date}: deal #{deal} ({code}), the day's attempt, as you left it: "
                "{moves} move in, {home}.",
                "Daily {title} {date}: deal #{deal} ({code}), the day's attempt, as you left it: "
                "{moves} moves in, {home}.",
                game.moves,
            )
        text = said.format(
            title=daily.title,
            date=format_day(daily.date),
            deal=format_deal(daily.deal),
            code=daily.code,
            moves=game.moves,
            home=home,
        )
        return f"{text} {self.note}" if self.note else text


def _result(result: str) -> str:
    """A leaderboard entry's result (``won``, ``gave-up``) in the language in use."""
    words = {"won": pgettext("game result", "won"), "gave-up": pgettext("game result", "gave-up")}
    return words.get(result, result)


def started_at(stamp: str) -> dt.datetime:
    """A stored game's start (``2026-11-30T06:22:56Z``) as a time; now when it cannot be read.

    :func:`patience_home.times.parse_or_now`, which the terminal's ``patience daily`` reads it with too.
    """
    from patience_home.times import parse_or_now

    return parse_or_now(stamp)


def find_daily(variant: str, cells: int, store: Store | None, date: str | None = None) -> DailyGame:
    """The day's deal for ``variant`` and ``cells`` (today's, or ``date``'s), and the server's attempt (worker thread).

    :func:`patience_home.daily.begin` decides attempt or practice, as for
    ``patience daily``; an attempt left unfinished is to be resumed
    (:attr:`~patience_home.daily.DailyPlay.resume`), and its start is kept
    as :attr:`~patience_home.daily.DailyPlay.started`, so the record sent at
    the end says when it was begun.
    """
    from patience_home.daily import begin
    from patience_solver.daily import daily_deal, today

    play = begin(daily_deal(date or today(), variant, cells), store)
    found = DailyGame(**attrs.asdict(play, recurse=False))
    if found.resume is not None:
        found.started = started_at(found.resume.started)
    return found


def share_of(daily_game: DailyGame, game: Game) -> str:
    """The spoiler-free share line of ``game``, a daily game that has ended."""
    return daily_game.share(game)


def send_result(daily_game: DailyGame, game: Game) -> str:
    """Send the attempt's record to the server (worker thread); the line to show about it.

    A record the server did not take for a passing reason (no answer, a timeout, a 5xx or
    429) is kept and sent with the next daily deal.
    """
    client = daily_game.client
    if client is None:
        return ""
    sending = client.send_record
    answers: list[object] = []

    def send_record(date: str, attempt: int, record_text: str) -> Accepted:
        accepted = sending(date, attempt, record_text)
        answers.append(accepted)
        return accepted

    # Whether the server ranked the attempt is known from its answer, not from the words of the line
    # (which are the language's): the client notes it for the one send.
    vars(client)["send_record"] = send_record
    try:
        with daily_game.link:  # after the actions still on their way: the record must hold them all
            line = daily_game.send(game)
    finally:
        vars(client).pop("send_record", None)
    daily_game.ranked = bool(answers)
    return f"{line[:1].upper()}{line[1:]}." if line else ""


def register(url: str, name: str) -> str:
    """Register ``name`` on the server at ``url`` and keep the token in the data directory (worker thread)."""
    from patience_home.leaderboard import Client, save_player

    token = Client(url).register(name)
    save_player(url, name, token)
    return name


class NameDialog(tk.Toplevel):
    """Ask once for the player's name on a leaderboard server; ``on_done(name)``, or ``on_done(None)`` to skip."""

    def __init__(self, parent: tk.Misc, url: str, on_done: Callable[[str | None], None]) -> None:
        super().__init__(parent)
        self.title(_("Your name on the leaderboard"))
        self.resizable(False, False)
        if isinstance(parent, tk.Wm):
            self.transient(parent)
        self._on_done = on_done
        body = ttk.Frame(self, padding=16)
        body.pack(fill="both", expand=True)
        ttk.Label(
            body,
            text=_(
                "Today's attempt can count on the leaderboard at {url}.\nThe name to show there (asked once):"
            ).format(url=url),
            justify="left",
        ).pack(anchor="w")
        self.name_var = tk.StringVar(self, "")
        self.entry = ttk.Entry(body, textvariable=self.name_var, width=28)
        self.entry.pack(anchor="w", pady=(8, 0))
        self.error = ttk.Label(body, text="", foreground="#b00020")
        self.error.pack(anchor="w", pady=(4, 0))
        buttons = ttk.Frame(body)
        buttons.pack(anchor="e", pady=(8, 0))
        self.ok_button = ttk.Button(buttons, text=_("Take part"), command=self.ok, default="active")
        self.ok_button.pack(side="right")
        self.skip_button = ttk.Button(buttons, text=_("Not now"), command=self.skip)
        self.skip_button.pack(side="right", padx=(0, 8))
        self.bind("<Return>", lambda _e: self.ok())
        self.bind("<Escape>", lambda _e: self.skip())
        self.protocol("WM_DELETE_WINDOW", self.skip)
        self.entry.focus_set()

    def ok(self) -> None:
        """Take part under the name typed (an empty name is explained, and the dialog stays)."""
        name = " ".join(self.name_var.get().split())
        if not name:
            self.error.configure(text=_("Type a name, or choose Not now."))
            return
        self.destroy()
        self._on_done(name)

    def skip(self) -> None:
        """Play without the server this time."""
        self.destroy()
        self._on_done(None)


class LeaderboardDialog(tk.Toplevel):
    """The day's leaderboard as a table; Esc closes it."""

    #: The columns' headings, in English; shown translated.
    HEADINGS = (
        N_("Rank"), N_("Player"), N_("Result"), N_("Score"), N_("Moves"), N_("Undos"), N_("Home"),
        N_("Time"), N_("Hints"),
    )  # fmt: skip

    def __init__(self, parent: tk.Misc, title: str, entries: list[Entry]) -> None:
        super().__init__(parent)
        self.title(title)
        if isinstance(parent, tk.Wm):
            self.transient(parent)
        body = ttk.Frame(self, padding=14)
        body.pack(fill="both", expand=True)
        ttk.Label(body, text=title, font=("TkDefaultFont", 12, "bold")).pack(anchor="w", pady=(0, 8))
        names = [f"c{i}" for i in range(len(self.HEADINGS))]
        self.table = ttk.Treeview(body, columns=names, show="headings", height=max(3, min(len(entries), 15)))
        for name, heading in zip(names, self.HEADINGS, strict=True):
            self.table.heading(name, text=_(heading))
            self.table.column(
                name, width=160 if heading == "Player" else 70, anchor="w" if heading == "Player" else "e"
            )
        for entry in entries:
            values = (
                "–" if entry.rank is None else entry.rank,
                entry.name,
                _result(entry.result),
                entry.score,
                entry.moves,
                entry.undos,
                entry.cards_home,
                played_time(None if entry.seconds is None else round(entry.seconds), "–"),
                entry.hints,
            )
            self.table.insert("", "end", values=values)
        self.table.pack(fill="both", expand=True)
        if not entries:
            ttk.Label(body, text=_("Nobody has finished today's deal yet.")).pack(anchor="w", pady=(6, 0))
        ttk.Button(body, text=_("Close"), command=self.destroy, default="active").pack(anchor="e", pady=(10, 0))
        self.bind("<Escape>", lambda _e: self.destroy())
        self.bind("<Return>", lambda _e: self.destroy())

    def rows(self) -> list[tuple[str, ...]]:
        """Every row's values, top to bottom."""
        return [tuple(str(v) for v in self.table.item(item, "values")) for item in self.table.get_children()]
