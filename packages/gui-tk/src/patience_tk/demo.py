"""Play ▸ Demo: the solver plays the game on the table, move by move, until it is won or the player takes it back.

Each move comes from the window's :class:`patience_solver.Hinter` (the one
its hints use, so a demo continues the line the hints were on), asked in a
worker thread (:class:`~patience_tk.worker.Job`) with a copy of the game,
and is played on the game itself: the table shows it with the motion of any
other move. Between two moves the demo waits for the cards to land and then
for the pace the player chose (:data:`SPEEDS`).

While it runs, any key or any click on the window stops it and does nothing
else, and so does anything else that changes the game (an undo from the
menu, a new deal): the game is the player's again. When the solver proves
the position lost or gives up, the demo says so in one line and stops. A
game the demo has played a move in is assisted
(:meth:`patience_home.store.Tracker.note_demo`).
"""

from __future__ import annotations

import contextlib
import threading
import tkinter as tk
from collections.abc import Callable
from typing import TYPE_CHECKING

from patience import Game, GameEvent, PatienceError, Position
from patience.i18n import N_
from patience_solver import Hint, Outcome
from patience_tk.motion import FRAME_MS
from patience_tk.prefs import DEMO_SPEEDS
from patience_tk.texts import _
from patience_tk.worker import Job

if TYPE_CHECKING:
    from patience_tk.controller import Controller
    from patience_tk.daily import DailyGame

__all__ = ["DEFAULT_SPEED", "SPEEDS", "SPEED_NAMES", "Demo", "demo_refused"]

#: The demo's paces: seconds between one move's landing and the next move.
SPEEDS: dict[str, float] = DEMO_SPEEDS
#: The pace of a player who never chose one.
DEFAULT_SPEED = "normal"
#: Play ▸ Demo speed: each pace's name in English, shown translated.
SPEED_NAMES: dict[str, str] = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}

#: The bind tag put in front of the window's own while the demo runs: its key and click bindings come first.
_TAG = "PatienceDemo"


def demo_refused(daily: DailyGame | None) -> bool:
    """Whether the game on the table is a ranked daily attempt, which the demo may not play.

    That is :attr:`patience_home.daily.DailyPlay.ranked_attempt`: a game the
    server started and dealt, not practice and not the public deal.
    """
    return daily is not None and daily.ranked_attempt


class Demo:
    """Plays ``controller.game`` with the solver's moves; :meth:`start` and :meth:`stop` it.

    ``say(text, kind)`` shows a line (as :class:`~patience_tk.controller.Controller`'s);
    ``used()`` runs once before the demo's first move in a game (the window
    notes the game assisted); ``changed()`` runs when the demo starts or stops;
    ``refused()`` is asked before every move and stops the demo when true (a
    ranked daily attempt, found out while it runs).
    """

    def __init__(
        self,
        controller: Controller,
        *,
        say: Callable[[str, str], None],
        used: Callable[[], None] = lambda: None,
        changed: Callable[[], None] = lambda: None,
        refused: Callable[[], bool] = lambda: False,
        delay: float = SPEEDS[DEFAULT_SPEED],
    ) -> None:
        self.controller = controller
        self.say = say
        self.used = used
        self.changed = changed
        self.refused = refused
        self.delay = delay
        """Seconds between one move's landing and the next (one of :data:`SPEEDS`, as the player chose)."""
        self._game: Game | None = None
        self._job: Job[Hint] | None = None
        self._after: str | None = None
        self._own = False
        self._unsubscribe: Callable[[], None] = lambda: None
        self._noted: Game | None = None

    @property
    def running(self) -> bool:
        """Whether the demo is playing."""
        return self._game is not None

    def played(self, game: Game) -> bool:
        """Whether the demo has played a move in ``game``."""
        return self._noted is game

    @property
    def _canvas(self) -> tk.Canvas:
        return self.controller.view.canvas

    def start(self) -> bool:
        """Start playing the game on the table; whether it started (not on a game that is over)."""
        game = self.controller.game
        if self.running or game.is_over:
            return False
        self.controller.cancel_hint()
        self._game = game
        self._unsubscribe = game.subscribe(self._on_event)
        self._intercept(True)
        self._canvas.focus_set()
        self.say(_("Demo: the solver plays this game. Any key or click gives it back to you."), "busy")
        self.changed()
        self._ask()
        return True

    def stop(self, said: str | None = None, kind: str = "info") -> None:
        """Stop playing and give the game back; ``said`` is the line to show (none when ``None``)."""
        if not self.running:
            return
        self._game = None
        self._unsubscribe()
        self._unsubscribe = lambda: None
        job, self._job = self._job, None
        if job is not None:
            job.cancel()
        after, self._after = self._after, None
        if after is not None:
            with contextlib.suppress(tk.TclError):
                self._canvas.after_cancel(after)
        self._intercept(False)
        if said is not None:
            self.say(said, kind)
        self.changed()

    # -- the moves ----------------------------------------------------------------------------
    def _ask(self) -> None:
        """Ask the solver for the next move, in a worker thread, with a copy of the game."""
        game = self._game
        if game is None:
            return
        controller = self.controller
        copy = Game.from_position(game.variant, game.position, plugins=game.plugins)
        position = game.position
        hinter = controller.hinter
        time_limit, positions, memory = controller.hint_time, controller.hint_positions, controller.hint_memory

        def work(cancel: threading.Event, _report: Callable[[object], None]) -> Hint:
            # No Tk object in here.
            return hinter(copy, time_limit=time_limit, cancel=cancel, max_positions=positions, max_memory=memory)

        self._job = Job(
            self._canvas,
            work,
            lambda hint: self._arrived(game, position, hint),
            failed=lambda error: self.stop(
                _("The demo stops: the solver failed: {error}").format(error=error), "error"
            ),
        )

    def _arrived(self, game: Game, position: Position, hint: Hint) -> None:
        self._job = None
        if game is not self.controller.game:
            self.stop()  # another game was put on the table
            return
        if game is not self._game or game.position != position:
            return  # stopped, or the game changed meanwhile (which stopped it)
        move = hint.move
        if move is None:
            self.stop(self._why_not(game, hint), "lost" if hint.outcome is Outcome.LOST else "info")
            return
        if self.refused():
            self.stop(_("No demo during a ranked daily attempt: the game is yours to play."))
            return
        if self._noted is not game:
            self._noted = game
            self.used()
        self._own = True
        try:
            game.play(move)
        except PatienceError as error:
            self._own = False
            self.stop(_("The demo stops: {error}").format(error=error), "error")
            return
        self._own = False
        if game.is_over:
            self.stop()  # the window says the win
            return
        self._after = self._canvas.after(max(int(self.delay * 1000), 1), self._next)

    def _next(self) -> None:
        """The pause is over: once the cards have landed, ask for the next move."""
        self._after = None
        if not self.running:
            return
        if self.controller.animator.running:
            self._after = self._canvas.after(FRAME_MS, self._next)
            return
        self._ask()

    @staticmethod
    def _why_not(game: Game, hint: Hint) -> str:
        """The one line said when the solver has no move for the demo."""
        if hint.outcome is Outcome.LOST and game.can_redeal:
            return _("The demo stops: no win by card moves alone from here (the solver makes no redeal).")
        if hint.outcome is Outcome.LOST:
            return _("The demo stops: this position can no longer be won (the solver proved it).")
        return _("The demo stops: the solver found no way to win within its limits ({reason}).").format(
            reason=hint.reason
        )

    def _on_event(self, event: GameEvent) -> None:
        if self._own or event.kind == "hint":
            return
        # Something else changed the game (a menu's undo, a restart): it is the player's again.
        self.stop(_("Demo stopped: the game is yours again."))

    # -- keys and clicks ----------------------------------------------------------------------
    def _intercept(self, on: bool) -> None:
        """Put the demo's bind tag in front of every widget of the main window (``on``), or take it away."""
        root = self._canvas.winfo_toplevel()
        root.bind_class(_TAG, "<KeyPress>", self._interrupted)
        root.bind_class(_TAG, "<ButtonPress>", self._interrupted)
        widgets: list[tk.Misc] = [root]
        for widget in widgets:
            widgets.extend(child for child in widget.winfo_children() if not isinstance(child, (tk.Toplevel, tk.Menu)))
        for widget in widgets:
            tags = tuple(tag for tag in widget.bindtags() if tag != _TAG)
            with contextlib.suppress(tk.TclError):
                widget.bindtags((_TAG, *tags) if on else tags)

    def _interrupted(self, _event: tk.Event[tk.Misc]) -> str:
        """Any key or click while the demo runs: stop it, and let the key or click do nothing else."""
        self.stop(_("Demo stopped: the game is yours again."))
        return "break"
