"""Game ▸ Statistics…: the statistics of every variant and cell count played, from :mod:`patience_home.store`.

One row per variant and cell count, the columns of ``patience stats``, the
unassisted figures first (the games played without a hint or the demo); the
row of the game on the table is selected (and shown even before its first
game has ended, with zeros), so the player sees their own line first.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Sequence
from tkinter import ttk
from typing import TYPE_CHECKING

from patience import get_variant
from patience.errors import UnknownVariantError
from patience.i18n import N_, format_number
from patience_tk.texts import _, ngettext

if TYPE_CHECKING:
    from patience_home.store import VariantStats

__all__ = ["COLUMNS", "StatisticsDialog", "assisted_line", "stats_row", "streak_line", "variant_title"]

#: (heading, the longest value expected in digits) of each column; the heading in English, shown translated.
COLUMNS: tuple[tuple[str, int], ...] = (
    (N_("Game"), 15),
    (N_("Cells"), 1),
    (N_("Played"), 4),
    (N_("Won unassisted"), 4),
    (N_("Streak unassisted"), 3),
    (N_("Longest streak unassisted"), 3),
    (N_("Best score unassisted"), 5),
    (N_("Won"), 4),
    (N_("Win rate"), 4),
    (N_("Streak"), 3),
    (N_("Longest streak"), 3),
    (N_("Best score"), 5),
    (N_("Fewest moves"), 4),
    (N_("Average moves"), 5),
    (N_("Fastest win"), 7),
)


def variant_title(name: str) -> str:
    """The title of the variant called ``name``; the name itself when its plugin is no longer installed."""
    try:
        return get_variant(name).title
    except UnknownVariantError:  # a variant whose plugin is no longer installed keeps its name
        return name


def stats_row(stats: VariantStats) -> tuple[str, ...]:
    """One table row, as text."""
    from patience_home.store import played_time  # here: the store's module loads sqlite3

    def maybe(value: float | None) -> str:
        return "–" if value is None else f"{value:g}"

    return (
        variant_title(stats.variant),
        str(stats.cells),
        format_number(stats.played),
        format_number(stats.won_unassisted),
        str(stats.streak_unassisted),
        str(stats.best_streak_unassisted),
        maybe(stats.best_score_unassisted),
        format_number(stats.won),
        f"{stats.win_rate:.0%}",
        str(stats.current_streak),
        str(stats.longest_streak),
        maybe(stats.best_score),
        maybe(stats.fewest_moves),
        maybe(stats.average_moves),
        played_time(stats.fastest_win_seconds, "–"),
    )


def streak_line(stats: VariantStats | None) -> str:
    """``3 wins in a row · best score 1178 · 5 of 7 won`` for the win banner; "" without statistics."""
    if stats is None or not stats.played:
        return ""
    streak = stats.current_streak
    if streak:
        parts = [ngettext("{count} win in a row", "{count} wins in a row", streak).format(count=streak)]
    else:
        parts = [_("no winning streak")]
    if stats.best_score is not None:
        parts.append(_("best score {score}").format(score=stats.best_score))
    parts.append(
        ngettext("{won} of {played} won", "{won} of {played} won", stats.played).format(
            won=format_number(stats.won), played=format_number(stats.played)
        )
    )
    return " · ".join(parts)


def assisted_line(kinds: Sequence[str]) -> str:
    """What the win banner says of a game won with ``kinds`` of assistance (``hint``, ``demo``); "" without any."""
    if "hint" in kinds and "demo" in kinds:
        return _("Won with hints and the demo: it counts as won, not as won unassisted.")
    if "demo" in kinds:
        return _("Won by the demo: it counts as won, not as won unassisted.")
    if "hint" in kinds:
        return _("Won with hints: it counts as won, not as won unassisted.")
    return ""


class StatisticsDialog(tk.Toplevel):
    """The table of ``stats``, with the row of ``current`` (variant name, cells) selected. Esc closes it."""

    def __init__(
        self, parent: tk.Misc, stats: Sequence[VariantStats], current: tuple[str, int], *, note: str = ""
    ) -> None:
        super().__init__(parent)
        self.title(_("Statistics"))
        if isinstance(parent, tk.Wm):
            self.transient(parent)
        # Never wider than the window it is opened over: the table scrolls sideways instead.
        widest = parent.winfo_toplevel().winfo_width() if parent.winfo_toplevel().winfo_width() > 1 else 640
        body = ttk.Frame(self, padding=14)
        body.pack(fill="both", expand=True)
        ttk.Label(body, text=_("Statistics"), font=("TkDefaultFont", 12, "bold")).pack(anchor="w")
        ttk.Label(
            body,
            text=_(
                "Given-up and abandoned games count as lost; a game counts once it has ended. "
                "Unassisted: the games played without a hint or the demo."
            ),
            foreground="#555555",
            wraplength=widest - 40,
        ).pack(anchor="w", pady=(2, 8))
        names = [f"c{i}" for i in range(len(COLUMNS))]
        self.table = ttk.Treeview(body, columns=names, show="headings", height=max(3, min(len(stats) + 1, 12)))
        self.sideways = ttk.Scrollbar(body, orient="horizontal", command=self.table.xview)
        self.table.configure(xscrollcommand=self.sideways.set)
        heading_font = tkfont.nametofont("TkHeadingFont")
        text_font = tkfont.nametofont("TkDefaultFont")
        for name, (english, width) in zip(names, COLUMNS, strict=True):
            heading = _(english)
            self.table.heading(name, text=heading)
            # Wide enough for the heading in its own (bold) font and for the longest value expected.
            pixels = max(heading_font.measure(heading), text_font.measure("8" * width)) + 18
            self.table.column(name, width=pixels, anchor="w" if name == "c0" else "e", stretch=False)
        rows = {(s.variant, s.cells): s for s in stats}
        if current not in rows:
            from patience_home.store import VariantStats  # the store is imported only where it is used

            rows[current] = VariantStats(current[0], current[1], 0, 0, 0, 0, None, None, None)
        self.items: dict[tuple[str, int], str] = {}
        for key in sorted(rows):
            self.items[key] = self.table.insert("", "end", values=stats_row(rows[key]))
        self.table.selection_set(self.items[current])
        self.table.focus(self.items[current])
        self.table.see(self.items[current])
        close = ttk.Button(body, text=_("Close"), command=self.destroy, default="active")
        close.pack(side="bottom", anchor="e", pady=(10, 0))
        if note:
            ttk.Label(body, text=note, foreground="#b00020", wraplength=min(600, widest - 40)).pack(
                side="bottom", anchor="w", pady=(8, 0)
            )
        needed = sum(int(self.table.column(name, "width")) for name in names) + 2 * 14 + 4
        if needed > widest:
            self.sideways.pack(side="bottom", fill="x")
        self.table.pack(fill="both", expand=True)
        self.update_idletasks()
        self.geometry(f"{min(self.winfo_reqwidth(), widest)}x{self.winfo_reqheight()}")
        self.bind("<Escape>", lambda _e: self.destroy())
        self.bind("<Return>", lambda _e: self.destroy())

    @property
    def selected(self) -> tuple[str, ...]:
        """The selected row's values (the game on the table)."""
        chosen = self.table.selection()
        return tuple(str(v) for v in self.table.item(chosen[0], "values")) if chosen else ()

    def rows(self) -> list[tuple[str, ...]]:
        """Every row's values, top to bottom."""
        return [tuple(str(v) for v in self.table.item(item, "values")) for item in self.table.get_children()]
