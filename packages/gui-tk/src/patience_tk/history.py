"""Game ▸ History…: the games of the store, newest first; any unfinished one can be brought back to the table.

The rows are :meth:`patience_home.store.Store.history`'s; *Resume* (or a double
click, or Return) hands the selected game's id to the window, which
rebuilds it with :meth:`patience_home.store.Store.resume` exactly as it was
left. Only unfinished games can be resumed; the game on the table is
marked as such.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Sequence
from tkinter import ttk
from typing import TYPE_CHECKING

from patience.i18n import N_, format_number
from patience_home.times import in_table
from patience_tk.dialogs import give_back_focus
from patience_tk.stats import variant_title
from patience_tk.texts import _, pgettext

if TYPE_CHECKING:
    from patience_home.store import GameInfo

__all__ = ["HISTORY_COLUMNS", "HistoryDialog", "history_row"]

#: (heading, the longest value expected in characters) of each column; the heading in English, shown translated.
HISTORY_COLUMNS: tuple[tuple[str, int], ...] = (
    (N_("Game"), 15),
    (N_("Cells"), 1),
    (N_("Deal"), 10),
    (N_("Result"), 10),
    (N_("Moves"), 4),
    (N_("Score"), 5),
    (N_("Time"), 7),
    (N_("Last played"), 16),
)

#: How many games the window lists (the newest): ``patience history`` shows them all.
SHOWN = 500


def _results() -> dict[str, tuple[str, str]]:
    """How each result reads, for a game and for a day's attempt at a daily deal."""
    return {
        "unfinished": (pgettext("game result", "unfinished"), pgettext("game result", "unfinished (daily)")),
        "won": (pgettext("game result", "won"), pgettext("game result", "won (daily)")),
        "gave-up": (pgettext("game result", "given up"), pgettext("game result", "given up (daily)")),
        "abandoned": (pgettext("game result", "abandoned"), pgettext("game result", "abandoned (daily)")),
    }


def history_row(info: GameInfo, *, on_table: bool = False) -> tuple[str, ...]:
    """One row of the table, as text; ``on_table`` marks the game being played."""
    from patience_home.store import played_time  # here: the store's module loads sqlite3

    daily = info.daily is not None
    result = (
        pgettext("game result", "on the table")
        if on_table
        else _results().get(info.result, (info.result, info.result))[daily]
    )
    return (
        variant_title(info.variant),
        str(info.cells),
        f"#{format_number(info.deal)}",
        result,
        str(info.moves),
        str(info.score),
        played_time(info.seconds, "–"),
        in_table(info.last_action, seconds=False),
    )


class HistoryDialog(tk.Toplevel):
    """The store's games in a table; ``resume(id)`` is called for the unfinished game chosen. Esc closes it.

    ``current`` is the id of the game on the table (``None``: not stored
    yet), which cannot be resumed again. The dialog is never wider than the
    window it is opened over: the table scrolls sideways instead.
    """

    def __init__(
        self,
        parent: tk.Misc,
        games: Sequence[GameInfo],
        resume: Callable[[int], object],
        *,
        current: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.title(_("History"))
        if isinstance(parent, tk.Wm):
            self.transient(parent)
        self._resume = resume
        self._current = current
        top = parent.winfo_toplevel()
        widest = top.winfo_width() if top.winfo_width() > 1 else 640
        body = ttk.Frame(self, padding=14)
        body.pack(fill="both", expand=True)
        ttk.Label(body, text=_("History"), font=("TkDefaultFont", 12, "bold")).pack(anchor="w")
        ttk.Label(
            body,
            text=_("Newest first. Select an unfinished game and press Resume (or double-click it) to play it on."),
            foreground="#555555",
            wraplength=widest - 40,
        ).pack(anchor="w", pady=(2, 8))
        names = [f"c{i}" for i in range(len(HISTORY_COLUMNS))]
        shown = list(games)[:SHOWN]
        self.table = ttk.Treeview(
            body, columns=names, show="headings", selectmode="browse", height=max(3, min(len(shown), 12))
        )
        self.sideways = ttk.Scrollbar(body, orient="horizontal", command=self.table.xview)
        self.downwards = ttk.Scrollbar(body, orient="vertical", command=self.table.yview)
        self.table.configure(xscrollcommand=self.sideways.set, yscrollcommand=self.downwards.set)
        heading_font = tkfont.nametofont("TkHeadingFont")
        text_font = tkfont.nametofont("TkDefaultFont")
        for name, (english, width) in zip(names, HISTORY_COLUMNS, strict=True):
            heading = _(english)
            self.table.heading(name, text=heading)
            pixels = max(heading_font.measure(heading), text_font.measure("8" * width)) + 18
            self.table.column(name, width=pixels, anchor="w" if name in ("c0", "c3", "c6") else "e", stretch=False)
        self.games: dict[str, GameInfo] = {}
        for info in shown:
            item = self.table.insert("", "end", values=history_row(info, on_table=info.id == current))
            self.games[item] = info
        buttons = ttk.Frame(body)
        buttons.pack(side="bottom", fill="x", pady=(10, 0))
        self.close_button = ttk.Button(buttons, text=_("Close"), command=self.destroy)
        self.close_button.pack(side="right")
        self.resume_button = ttk.Button(buttons, text=_("Resume"), command=self.resume, default="active")
        self.resume_button.pack(side="right", padx=(0, 8))
        self.empty = ttk.Label(body, text=_("No games have been played yet.") if not shown else "")
        if not shown:
            self.empty.pack(side="bottom", anchor="w", pady=(8, 0))
        needed = sum(int(self.table.column(name, "width")) for name in names) + 2 * 14 + 24
        if needed > widest:
            self.sideways.pack(side="bottom", fill="x")
        self.downwards.pack(side="right", fill="y")
        self.table.pack(fill="both", expand=True)
        self.table.bind("<<TreeviewSelect>>", lambda _e: self._selected())
        self.table.bind("<Double-Button-1>", self._double)
        self.bind("<Return>", lambda _e: self.resume())
        self.bind("<Escape>", lambda _e: self.destroy())
        first = next((item for item, info in self.games.items() if self._resumable(info)), None)
        if first is not None:
            self.table.selection_set(first)
            self.table.focus(first)
            self.table.see(first)
        self._selected()
        self.update_idletasks()
        self.geometry(f"{min(self.winfo_reqwidth(), widest)}x{self.winfo_reqheight()}")

    def _resumable(self, info: GameInfo) -> bool:
        return info.result == "unfinished" and info.id != self._current

    @property
    def chosen(self) -> GameInfo | None:
        """The selected game, if any."""
        selection = self.table.selection()
        return self.games.get(selection[0]) if selection else None

    def _selected(self) -> None:
        chosen = self.chosen
        self.resume_button.configure(state="normal" if chosen is not None and self._resumable(chosen) else "disabled")

    def _double(self, event: tk.Event[tk.Misc]) -> None:
        item = self.table.identify_row(event.y)
        if item:
            self.table.selection_set(item)
            self.resume()

    def resume(self) -> None:
        """Bring the selected game back to the table, if it is an unfinished one (the dialog closes)."""
        chosen = self.chosen
        if chosen is None or not self._resumable(chosen):
            self.bell()
            return
        give_back_focus(self)
        self._resume(chosen.id)

    def rows(self) -> list[tuple[str, ...]]:
        """Every row's values, top to bottom."""
        return [tuple(str(v) for v in self.table.item(item, "values")) for item in self.table.get_children()]
