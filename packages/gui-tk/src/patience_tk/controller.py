"""Gestures to engine calls: clicks, double clicks, drags, typed moves, undo, hints. No rule is decided here.

A click asks :meth:`patience.Game.tap`, a double click
:meth:`patience.Game.double_tap`; a drop builds a :class:`patience.Move`
from where the cards were picked up and where they were let go, and asks
:meth:`patience.Game.check` whether it may be played: an illegal drop snaps
back with the engine's reason. The controller listens to the game's events
and redraws the view after every change, whoever made it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from attrs import define

from patience import Action, ActionKind, Game, GameEvent, Move, PatienceError, Place, PlaceKind, Position
from patience.cardnames import display
from patience_home.daily import ServerHint
from patience_solver import Hint, Hinter, Outcome
from patience_tk.describe import describe_action
from patience_tk.layout import Box
from patience_tk.motion import Animator, moved_cards
from patience_tk.texts import _, ngettext
from patience_tk.view import Hit, TableView
from patience_tk.worker import Job

__all__ = ["DRAG_THRESHOLD", "Controller"]

#: How far (pixels) the pointer must travel with the button down before a press becomes a drag.
DRAG_THRESHOLD = 5


_EVENT_KINDS = ("move", "undo", "redo", "finish", "redeal")


def _action_words(kind: str, what: str, home: int) -> str:
    """What the message line says after an action of ``kind`` (described by ``what``) sent ``home`` cards home."""
    if kind == "undo":
        if not home:
            return _("Took back {action}").format(action=what)
        said = ngettext(
            "Took back {action}; {n} card went home by itself",
            "Took back {action}; {n} cards went home by themselves",
            home,
        )
    elif kind == "redo":
        if not home:
            return _("Again: {action}").format(action=what)
        said = ngettext(
            "Again: {action}; {n} card went home by itself", "Again: {action}; {n} cards went home by themselves", home
        )
    else:
        if not home:
            return what
        said = ngettext("{action}; {n} card went home by itself", "{action}; {n} cards went home by themselves", home)
    return said.format(action=what, n=home)


def _finished_words(action: Action) -> str:
    """What the message line says after Finish: how many cards it sent home."""
    count, home = len(action.moves), len(action.auto)
    finished = ngettext("Finished: {n} card home", "Finished: {n} cards home", count).format(n=count)
    if not home:
        return finished
    said = ngettext("{action}; {n} card went home by itself", "{action}; {n} cards went home by themselves", home)
    return said.format(action=finished, n=home)


@define
class _Press:
    x: float
    y: float
    hit: Hit | None
    last_x: float
    last_y: float
    dragging: bool = False


class Controller:
    """Plays ``view.game`` from gestures and keeps the view in step with it.

    ``say(text, kind)`` shows a message (kinds: ``info``, ``error``,
    ``hint``, ``busy``, ``lost``, ``win``); ``changed()`` runs after every
    change so the window can update its status bar and menus; ``over(kind)``
    runs on ``won`` and ``gave-up``; ``sound(name)`` on a card placed
    (``place``), a card home (``home``) and a win (``win``).
    """

    def __init__(
        self,
        view: TableView,
        *,
        say: Callable[[str, str], None] = lambda text, kind: None,
        changed: Callable[[], None] = lambda: None,
        over: Callable[[str], None] = lambda kind: None,
        sound: Callable[[str], object] = lambda name: None,
        hint_time: float = 5.0,
        hint_positions: int | None = None,
        hint_memory: int | None = None,
    ) -> None:
        self.view = view
        self.say = say
        self.changed = changed
        self.over = over
        self.sound = sound
        self.hint_time = hint_time
        """CPU seconds the solver may spend on one hint."""
        self.hint_positions = hint_positions
        """Positions one hint's search may expand (None: no budget, only the time)."""
        self.hint_memory = hint_memory
        """Bytes one hint's search may take (None: what the process's limits and the machine allow)."""
        self.hint_job: Job[Hint] | Job[ServerHint] | None = None
        self.server_hint: Callable[[tuple[str, ...]], ServerHint] | None = None
        """In a ranked attempt, where hints come from: the server, asked in a worker thread (no local solver then)."""
        self.server_move: tuple[Position, Move] | None = None
        """The server's last hint and the position it is for (cleared by every change)."""
        self.hinter = Hinter()
        """Keeps the hints on one solution while the player follows them."""
        self.last_hint: Hint | None = None
        """The last hint that arrived for the position on the table (cleared by every change)."""
        self._press: _Press | None = None
        self.animator = Animator(view)
        """Slides the cards after every change (off with PATIENCE_NO_ANIMATION or the menu)."""
        self._dragged = False
        self._tap_acted = False
        self._tap_time = 0.0
        self._play_when_found = False
        self._unsubscribe: Callable[[], None] = lambda: None
        self._shown: Position = view.game.position
        """The position on the table before the latest event: what a move is described from."""
        self._attach(view.game)
        view.canvas.bind("<Destroy>", lambda _e: self.cancel_hint(), add="+")

    # -- the game ---------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played."""
        return self.view.game

    def set_game(self, game: Game) -> None:
        """Put a new game on the table (a new deal, a code)."""
        self.hinter.forget()
        self.cancel_hint()
        self._press = None
        self._unsubscribe()
        self.view.game = game
        self._attach(game)
        self.changed()

    @property
    def back(self) -> tuple[Position, ...]:
        """The positions before each action that undo can take back, oldest first (the live verdict's way back).

        The game's own undo history, so a game resumed from the store has it too.
        """
        return self.game.undo_positions

    def _attach(self, game: Game) -> None:
        self._shown = game.position
        self._unsubscribe = game.subscribe(self._on_event)

    def _on_event(self, event: GameEvent) -> None:
        if event.kind == "hint":  # a hint was counted: nothing on the table changed
            self.changed()
            return
        self.cancel_hint()
        self.last_hint = None
        self.server_move = None
        self.view.highlight(None)
        if event.kind == "new":
            self.view.clear_banner()
        before, self._shown = self._shown, self.game.position
        if event.kind not in ("won", "gave-up"):  # those change nothing on the table: let the last slide end
            self.view.redraw()
            self._slide(event, before)
        elif event.kind == "won":
            self.animator.celebrate()
        self.changed()
        self._sound(event)
        if event.kind in _EVENT_KINDS and event.action is not None:
            if event.kind == "finish":
                self.say(_finished_words(event.action), "info")
            elif event.kind == "redeal":
                self.say(_action_words(event.kind, _("Redealt"), len(event.action.auto)), "info")
            else:
                # An undone action is described from where it started, which is the position now.
                what = describe_action(self.game.position if event.kind == "undo" else before, event.action)
                self.say(_action_words(event.kind, what, len(event.action.auto)), "info")
        elif event.kind == "new":
            self.say(_("Back to the deal."), "info")
        if event.kind in ("won", "gave-up"):
            self.over(event.kind)

    def _sound(self, event: GameEvent) -> None:
        """The sound of ``event``: a win, else a card home or a card placed (none for undo: nothing is laid down)."""
        action = event.action
        if event.kind == "won":
            self.sound("win")
        elif event.kind in ("move", "redo", "finish") and action is not None and not self.game.is_won:
            home = any(move.destination.kind is PlaceKind.FOUNDATION for move in (*action.moves, *action.auto))
            self.sound("home" if home else "place")

    def _slide(self, event: GameEvent, before: Position) -> None:
        action = event.action
        if action is None or event.kind not in ("move", "redo", "undo", "finish", "redeal"):
            return
        after = self.game.position
        if event.kind == "undo" or action.kind is ActionKind.REDEAL:
            self.animator.slide(before, after)
            return
        if event.kind == "finish":
            self.animator.slide(before, after, home=moved_cards(before, action.moves))
            return
        first = moved_cards(before, action.moves)
        played = before
        for move in action.moves:
            played = played.apply(move)
        # Dragged cards were let go where the player's move put them: from there only automatic play moves them.
        self.animator.slide(
            before,
            after,
            first=first,
            home=moved_cards(played, action.auto),
            dropped=played if self._dragged else None,
        )

    # -- mouse ------------------------------------------------------------
    def press(self, x: float, y: float) -> None:
        """Button 1 went down at ``(x, y)``: remember what is under it (a drag may follow)."""
        self._press = _Press(x, y, self.view.hit(x, y), x, y)

    def motion(self, x: float, y: float) -> None:
        """The pointer moved with button 1 down: start or continue a drag."""
        press = self._press
        if press is None or press.hit is None or self.game.is_over:
            return
        if not press.dragging:
            if abs(x - press.x) < DRAG_THRESHOLD and abs(y - press.y) < DRAG_THRESHOLD:
                return
            press.dragging = True
            self.view.lift(press.hit)
        self.view.drag_by(x - press.last_x, y - press.last_y)
        press.last_x, press.last_y = x, y

    def release(self, x: float, y: float) -> None:
        """Button 1 came up: drop the dragged cards, or treat the press as a click (a tap)."""
        press, self._press = self._press, None
        if press is None:
            return
        if press.dragging and press.hit is not None:
            self._drop(press.hit, x - press.x, y - press.y)
        elif press.hit is not None:
            self.click(press.hit)
        elif self.view.on_redeal(press.x, press.y) and self.view.on_redeal(x, y):
            self.redeal()

    def double(self, x: float, y: float) -> None:
        """A double click at ``(x, y)``: the engine's double tap on the card there.

        The first click of the pair already tapped; if that tap sent the card
        home, the double click has nothing more to do (a double tap tries the
        foundation first too).
        """
        self._press = None
        if self._tap_acted and time.monotonic() - self._tap_time < 1.0:
            self._tap_acted = False
            return
        hit = self.view.hit(x, y)
        if hit is None or hit.count != 1:
            return
        self.double_tap(hit.place)

    def click(self, hit: Hit) -> None:
        """A single click on a card: a tap (to its foundation if the engine allows it)."""
        self._tap_acted = False
        self._tap_time = time.monotonic()
        if hit.count != 1 or hit.place.kind is PlaceKind.FOUNDATION or self.game.is_over:
            return
        if self.game.tap(hit.place) is not None:
            self._tap_acted = True
        else:
            self.view.flash(hit.place)

    def double_tap(self, place: Place) -> None:
        """Double tap the card at ``place``: the engine picks where it goes; say so when it goes nowhere."""
        if self.game.is_over:
            return
        card = self.game.position.card_at(place)
        if self.game.double_tap(place) is None:
            self.view.flash(place)
            if card is not None:
                self.say(_("{card} has nowhere to go").format(card=display(card)), "error")

    def cancel_drag(self) -> bool:
        """Esc during a drag: put the cards back. Returns whether a drag was cancelled."""
        press, self._press = self._press, None
        if press is None or not press.dragging:
            return False
        self.view.redraw()
        return True

    @property
    def dragging(self) -> bool:
        """Whether cards are being dragged."""
        return self._press is not None and self._press.dragging

    def drop_move(self, hit: Hit, box: Box) -> Move | None:
        """The move a drop of ``hit``'s cards at ``box`` asks for; ``None`` when dropped back where they were."""
        target = self.view.drop_target(box)
        if target is None or target == hit.place:
            return None
        if hit.place.kind is PlaceKind.FOUNDATION and target.kind is PlaceKind.FOUNDATION:
            return None
        return Move(hit.place, target, hit.count)

    def _drop(self, hit: Hit, dx: float, dy: float) -> None:
        start = self.view.card_box(hit.place, hit.index if hit.place.kind is PlaceKind.COLUMN else -1)
        move = self.drop_move(hit, start.moved(dx, dy))
        if move is None:
            self.view.redraw()
            return
        verdict = self.game.check(move)
        if not verdict:
            self.view.redraw()
            self.say(str(verdict.reason), "error")
            return
        self._dragged = True
        try:
            self.game.play(move)
        finally:
            self._dragged = False

    # -- commands ---------------------------------------------------------
    def play_move(self, move: Move) -> bool:
        """Play ``move`` (from the keyboard focus); on a refusal say why. Returns whether it was played."""
        try:
            self.game.play(move)
        except PatienceError as error:
            self.say(str(error), "error")
            return False
        return True

    def play_text(self, text: str) -> bool:
        """Play a move typed in standard notation; on a refusal say why. Returns whether it was played."""
        text = text.strip()
        if not text:
            return False
        try:
            self.game.play(text)
        except PatienceError as error:
            self.say(str(error), "error")
            return False
        return True

    def undo(self) -> None:
        """Take back the last action."""
        self._guarded(self.game.undo)

    def redo(self) -> None:
        """Play the last undone action again."""
        self._guarded(self.game.redo)

    def finish(self) -> None:
        """Play every card home, when foundation moves alone can do it."""
        self._guarded(self.game.finish)

    def redeal(self) -> None:
        """Gather the columns and deal them again, in a variant with a redeal; else say why not."""
        self._guarded(self.game.redeal)

    def restart(self) -> None:
        """Back to the deal."""
        self.game.restart()

    def give_up(self) -> None:
        """End the game."""
        self._guarded(self.game.give_up)

    def _guarded(self, action: Callable[[], object]) -> None:
        try:
            action()
        except PatienceError as error:
            self.say(str(error), "error")

    # -- hints ------------------------------------------------------------
    def hint(self, *, then_play: bool = False) -> None:
        """Ask the solver for a move in a worker thread; show it (or play it) when it arrives."""
        game = self.game
        if game.is_over:
            self.say(_("the game is over: start a new one (N) or restart it"), "info")
            return
        position = game.position
        known = self.last_hint
        if known is not None and known.move is not None and then_play:
            self._play_hint(known.move)
            return
        if self.hint_job is not None and self.hint_job.running:
            self._play_when_found = self._play_when_found or then_play
            return
        if self.server_hint is not None:
            given = self.server_move
            if then_play and given is not None and given[0] == position:
                self._play_hint(given[1])  # the server's hint shown already: no second one is asked (and counted)
                return
            self._play_when_found = then_play
            self._ask_server(self.server_hint)
            return
        self._play_when_found = then_play
        self.say(_("Looking for a good move… (Esc stops)"), "busy")

        time_limit, positions, memory = self.hint_time, self.hint_positions, self.hint_memory
        hinter = self.hinter

        def work(cancel: threading.Event, _report: Callable[[object], None]) -> Hint:
            # No Tk object in here.
            return hinter(game, time_limit=time_limit, cancel=cancel, max_positions=positions, max_memory=memory)

        self.hint_job = Job(
            self.view.canvas,
            work,
            lambda result: self._hint_arrived(game, position, result, self._play_when_found),
            failed=lambda error: self.say(_("the solver failed: {error}").format(error=error), "error"),
        )

    def _ask_server(self, ask: Callable[[tuple[str, ...]], ServerHint]) -> None:
        """The ranked attempt's hint: the server's answer, asked with the game's actions in a worker thread."""
        game, position, log = self.game, self.game.position, tuple(self.game.log)
        self.say(_("Asking the server for a hint…"), "busy")

        def work(_cancel: threading.Event, _report: Callable[[object], None]) -> ServerHint:
            return ask(log)  # the log is a copy: the game stays the Tk thread's

        def arrived(answer: ServerHint) -> None:
            self.hint_job = None
            if game is not self.game or game.position != position or tuple(game.log) != log:
                return  # the table changed while the server was asked
            if answer.counted and not game.is_over:
                game.note_hint()  # the server keeps it as the attempt's next action: the game does too
            move = None
            if answer.move is not None:
                shape = game.position
                move = Move.parse(answer.move, columns=len(shape.columns), cells=len(shape.cells))
                self.server_move = (position, move)
            if move is not None and self._play_when_found:
                self._play_hint(move)
                return
            self.view.highlight(move)
            line = f"{answer.line[:1].upper()}{answer.line[1:]}."
            self.say(line, "hint" if move is not None else ("lost" if answer.lost else "error"))

        self.hint_job = Job(
            self.view.canvas,
            work,
            arrived,
            failed=lambda error: self.say(_("no hint from the server: {error}").format(error=error), "error"),
        )

    def cancel_hint(self) -> bool:
        """Stop a hint search in progress. Returns whether one was running."""
        job, self.hint_job = self.hint_job, None
        if job is None or not job.running:
            return False
        job.cancel()
        return True

    def _hint_arrived(self, game: Game, position: Position, result: Hint, then_play: bool) -> None:
        self.hint_job = None
        if game is not self.game or game.position != position:
            return  # the table changed while the solver was thinking
        if not game.is_over:
            game.note_hint()  # hints asked for are part of the game's record
        if result.move is not None:
            self.last_hint = result
            if then_play:
                self._play_hint(result.move)
                return
            self.view.highlight(result.move)
            self.say(_("Hint: {reason} (P plays it)").format(reason=result.reason), "hint")
        elif result.outcome is Outcome.LOST and game.can_redeal:
            self.say(_("No win by card moves alone from here (the solver makes no redeal): R redeals"), "info")
        elif result.outcome is Outcome.LOST:
            if game.can_undo:
                lost = _(
                    "This position can no longer be won (the solver proved it): undo a few moves, restart or deal again"
                )
                self.say(lost, "lost")
            else:
                self.say(_("This deal cannot be won from the start (the solver proved it): deal another one"), "lost")
        else:
            self.say(result.reason, "info")

    def _play_hint(self, move: Move) -> None:
        try:
            self.game.play(move)
        except PatienceError as error:
            self.say(str(error), "error")
