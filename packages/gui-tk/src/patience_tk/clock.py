"""View ▸ Clock: the time played, in the status bar, to look at (scoring has no clock).

The time is the game's :class:`patience_home.store.PlayTime`: the store's
tracker keeps it and writes it with every action as the record's ``Seconds``;
a window without a store keeps one of its own per game. The clock counts
while the window is on the screen and the game goes on: it pauses while the
window is iconified or withdrawn (``<Unmap>``, and ``wm state`` for a
window manager that sends no event) and stops once the game is over. Shown
or not, it counts the same: the switch only decides what the status bar
shows.
"""

from __future__ import annotations

import contextlib
import time
import tkinter as tk
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience_home.store import PlayTime

__all__ = ["TICK_MS", "WindowClock"]

#: How often the shown clock is redrawn, in milliseconds.
TICK_MS = 500


class WindowClock:
    """Counts the time played while the window is seen and the game goes on; shows it in ``label`` when ``shown``."""

    def __init__(self, root: tk.Tk, label: tk.Label, *, shown: bool = False) -> None:
        self.root = root
        self.label = label
        from patience_home.store import PlayTime  # here: the store's module loads sqlite3

        self.stopwatch: Callable[[], float] = time.monotonic
        """Where a window without a store takes its time from (tests script it)."""
        self._make = PlayTime
        self.time = PlayTime(clock=self.stopwatch)
        """The time being counted: the tracker's, or the window's own."""
        self._own: dict[int, PlayTime] = {}
        self._shown = shown
        self._mapped = True
        self._over = False
        self._tick: str | None = None
        root.bind("<Map>", self._map_event, add="+")
        root.bind("<Unmap>", self._map_event, add="+")
        self._place()

    # -- what is counted ------------------------------------------------------------
    def follow(self, played: PlayTime | None, game: object, *, over: bool) -> None:
        """Count ``played`` (a tracker's) or, without one, the window's own time of ``game``; ``over``: it has ended."""
        if played is None:
            played = self._own.get(id(game))
            if played is None:
                self._own = {id(game): self._make(clock=self.stopwatch)}
                played = self._own[id(game)]
        if played is not self.time:
            self.time = played
        self._over = over
        self.update()

    @property
    def counting(self) -> bool:
        """Whether the time counts now: the window is seen and the game goes on."""
        return self._mapped and not self._over and self._on_screen()

    def update(self) -> None:
        """Run or pause the time as the window and the game stand, and redraw."""
        if self.counting:
            self.time.run()
        else:
            self.time.pause()
        self._draw()

    # -- what is shown ----------------------------------------------------------------
    @property
    def shown(self) -> bool:
        """Whether the status bar shows the clock (View ▸ Clock)."""
        return self._shown

    @shown.setter
    def shown(self, value: bool) -> None:
        self._shown = value
        self._place()
        self._draw()

    @property
    def text(self) -> str:
        """What the clock shows (``12:34``), or "" while it is not shown."""
        from patience_home.store import played_time

        return played_time(self.time.whole) if self._shown else ""

    @property
    def width(self) -> int:
        """The room the clock takes in the status bar, in pixels (0 while not shown)."""
        if not self._shown:
            return 0
        with contextlib.suppress(tk.TclError):
            return max(self.label.winfo_reqwidth(), 0)
        return 0

    def _place(self) -> None:
        with contextlib.suppress(tk.TclError):
            if self._shown:
                self.label.grid()
            else:
                self.label.grid_remove()

    def _draw(self) -> None:
        with contextlib.suppress(tk.TclError):
            self.label.configure(text=self.text)
        if self._shown and self.counting:
            if self._tick is None:
                self._tick = self.root.after(TICK_MS, self._ticked)
        elif self._tick is not None:
            with contextlib.suppress(tk.TclError):
                self.root.after_cancel(self._tick)
            self._tick = None

    def _ticked(self) -> None:
        self._tick = None
        self.update()

    # -- the window on the screen ------------------------------------------------------
    def _map_event(self, event: tk.Event[tk.Misc]) -> None:
        if event.widget is not self.root:
            return  # a widget of the window, not the window itself
        self._mapped = event.type == tk.EventType.Map
        self.update()

    def _on_screen(self) -> bool:
        try:
            return str(self.root.state()) not in ("iconic", "withdrawn")
        except tk.TclError:
            return False
