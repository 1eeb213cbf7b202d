"""Motion: cards slide from where they were to where the game put them, and a short celebration on a win.

The table is always drawn at the game's real position first; an animation
only moves the canvas items of the cards that changed place from their old
spot back to the new one, frame by frame. So the end of every animation is
exactly the table drawn without one, and a new action (which redraws the
table) ends a running animation at once: input is never blocked.

Off when the environment variable ``PATIENCE_NO_ANIMATION`` is set (to
anything but an empty string), and by the window's menu switch.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
import tkinter as tk
from collections import Counter
from collections.abc import Iterable, Sequence

from attrs import define

from patience import Card, Move, PatienceError, Position
from patience_tk.layout import Box
from patience_tk.view import TableView, card_tag

__all__ = ["DURATION", "Animator", "animation_allowed", "box_in", "moved_cards"]

#: Seconds one card takes to slide.
DURATION = 0.18
#: Seconds between the cards of automatic play or Finish, which go one after another.
STAGGER = 0.09
#: The longest a Finish may take in all, seconds (the stagger shrinks for many cards).
LONGEST = 1.6
#: Milliseconds between frames (about 60 a second).
FRAME_MS = 16
#: Seconds the celebration of a win lasts.
CELEBRATION = 1.4

_CONFETTI = ("#ffd23f", "#ff5a4f", "#4fc3f7", "#3ddc84", "#c77dff", "#ffffff")


def animation_allowed() -> bool:
    """False when ``PATIENCE_NO_ANIMATION`` is set (tests, screenshots, players who want none)."""
    return not os.environ.get("PATIENCE_NO_ANIMATION")


def box_in(view: TableView, position: Position, card: Card) -> Box | None:
    """Where ``card`` is drawn in ``position`` on ``view``'s current layout (``None``: not on the table)."""
    layout = view.layout
    for i, column in enumerate(position.columns):
        if card in column:
            return layout.card_box(i, column.index(card), len(column))
    for i, held in enumerate(position.cells):
        if held == card:
            return layout.cells[i]
    for index in range(card.suit.value, len(position.foundations), 4):
        if card in position.foundation_cards(index):
            return layout.foundations[index]
    return None


def depth(position: Position, card: Card) -> int:
    """How many cards lie under ``card`` on its pile in ``position`` (0 in a cell, or not on the table)."""
    for column in position.columns:
        if card in column:
            return column.index(card)
    for index in range(card.suit.value, len(position.foundations), 4):
        pile = position.foundation_cards(index)
        if card in pile:
            return pile.index(card)
    return 0


@define
class _Slide:
    tag: str
    dx: float
    """The whole distance still to travel at the start (start minus end), x and y."""
    dy: float
    delay: float
    moved_x: float = 0.0
    moved_y: float = 0.0


class Animator:
    """Slides cards on ``view`` and celebrates wins; :attr:`enabled` switches it on and off."""

    def __init__(self, view: TableView, *, enabled: bool | None = None) -> None:
        self.view = view
        self.enabled = animation_allowed() if enabled is None else enabled
        self._slides: list[_Slide] = []
        self._started = 0.0
        self._job: str | None = None
        self._confetti: list[tuple[int, float, float]] = []
        self._celebration_started = 0.0
        self.frame_times: list[float] = []
        """Seconds each frame's work took (the benchmark reads them)."""
        view.before_redraw.append(self.stop)
        view.canvas.bind("<Destroy>", lambda _e: self.stop(), add="+")

    @property
    def running(self) -> bool:
        """Whether cards are sliding or confetti is falling."""
        return self._job is not None

    def slide(
        self,
        before: Position,
        after: Position,
        *,
        first: Iterable[Card] = (),
        home: Sequence[Card] | None = None,
        dropped: Position | None = None,
    ) -> None:
        """Slide every card whose place differs between ``before`` and ``after`` (the view already shows ``after``).

        ``first`` are the player's own cards: they go at once, together.
        ``home`` are the cards that went to a foundation by themselves
        (automatic play, Finish), in the order they went: they go one after
        another in that order, so that each foundation's top card lands
        last and stays on top (``None``: every card that reached a
        foundation otherwise, lowest first). Any other change (an undo, a
        column closing up) goes at once. ``dropped`` is the position a drag
        left on the table: the cards it moved start from where they were
        let go, not from where they were picked up.
        """
        if not self.enabled:
            return
        view = self.view
        firsts = set(first)
        # With two decks a card and its twin share a tag and cannot be told apart: those jump, they do not slide.
        twins = {card for card, count in Counter(after.cards()).items() if count > 1}
        order = {card: turn for turn, card in enumerate(home)} if home is not None else None
        later: list[tuple[Card, Box, Box]] = []
        now: list[tuple[Card, Box, Box]] = []
        for card in after.cards():
            start = before if dropped is None or card not in firsts else dropped
            old, new = box_in(view, start, card), box_in(view, after, card)
            if old is None or new is None or card in twins or (old.x0, old.y0) == (new.x0, new.y0):
                continue
            if order is not None:
                went_home = card in order
            else:
                went_home = new in view.layout.foundations and old not in view.layout.foundations
                went_home = went_home and card not in firsts
            (later if went_home else now).append((card, old, new))
        if order is not None:
            later.sort(key=lambda item: order[item[0]])
        else:
            later.sort(key=lambda item: (item[0].rank, item[0].suit.value))
        gap = min(STAGGER, LONGEST / max(len(later), 1))
        start_at = DURATION * 0.6 if now else 0.0
        slides = [(card, old, new, 0.0) for card, old, new in now]
        slides += [(card, old, new, start_at + i * gap) for i, (card, old, new) in enumerate(later)]
        canvas = view.canvas
        for card, old, new, _delay in slides:
            canvas.move(card_tag(card), old.x0 - new.x0, old.y0 - new.y0)
            view.loosen(card_tag(card))  # until restack(), once they are all down
        # Raised in the order they land, so that the last to land ends on top, as on the table; cards that
        # set off together keep the order they were stacked in where they start (an undo lifting ♥2 off ♥A).
        starts = {card: dropped if dropped is not None and card in firsts else before for card, *_ in slides}
        for card, _old, _new, _delay in sorted(slides, key=lambda item: (item[3], depth(starts[item[0]], item[0]))):
            canvas.tag_raise(card_tag(card))
        self._slides = [
            _Slide(card_tag(card), old.x0 - new.x0, old.y0 - new.y0, delay) for card, old, new, delay in slides
        ]
        if self._slides:
            self._started = time.perf_counter()
            self._schedule()

    def celebrate(self) -> None:
        """Confetti over the table for a moment (a win)."""
        if not self.enabled:
            return
        canvas = self.view.canvas
        layout = self.view.layout
        rng = random.Random()
        self._confetti = []
        for _ in range(90):
            x = rng.uniform(0, layout.width)
            y = rng.uniform(-layout.height * 0.6, 0)
            size = rng.uniform(5, 10)
            item = canvas.create_rectangle(
                x, y, x + size, y + size * 0.6, fill=rng.choice(_CONFETTI), outline="", tags=("celebrate",)
            )
            self._confetti.append((item, rng.uniform(-40, 40), rng.uniform(280, 520)))
        self._celebration_started = time.perf_counter()
        self._schedule()

    def _schedule(self) -> None:
        if self._job is None:
            self._job = self.view.canvas.after(FRAME_MS, self._frame)

    def _frame(self) -> None:
        self._job = None
        began = time.perf_counter()
        canvas = self.view.canvas
        elapsed = began - self._started
        busy = False
        for slide in self._slides:
            t = min(max((elapsed - slide.delay) / DURATION, 0.0), 1.0)
            eased = 1 - (1 - t) ** 3  # fast start, soft landing
            # The items sit at (end + whole distance) at the start and travel back to the end.
            want_x, want_y = -slide.dx * eased, -slide.dy * eased
            step_x, step_y = want_x - slide.moved_x, want_y - slide.moved_y
            if step_x or step_y:
                canvas.move(slide.tag, step_x, step_y)
                slide.moved_x, slide.moved_y = want_x, want_y
            busy = busy or t < 1.0
        if not busy and self._slides:
            self._slides = []
            self.view.restack()  # every pile in its drawn order again, whatever order the cards landed in
        if self._confetti:
            age = began - self._celebration_started
            if age >= CELEBRATION:
                canvas.delete("celebrate")
                self._confetti = []
            else:
                step = FRAME_MS / 1000
                for item, vx, vy in self._confetti:
                    canvas.move(item, vx * step, vy * step)
                canvas.tag_raise("celebrate")
                busy = True
        self.frame_times.append(time.perf_counter() - began)
        if busy:
            with contextlib.suppress(tk.TclError):
                self._job = canvas.after(FRAME_MS, self._frame)

    def finish(self) -> None:
        """Put every sliding card where it belongs now and stop (a new action, a redraw)."""
        canvas = self.view.canvas
        with contextlib.suppress(tk.TclError):
            for slide in self._slides:
                canvas.move(slide.tag, -slide.dx - slide.moved_x, -slide.dy - slide.moved_y)
            if self._slides:
                self.view.restack()
        self._slides = []

    def stop(self) -> None:
        """End everything now: cards at their places, no confetti, no timer."""
        self.finish()
        job, self._job = self._job, None
        with contextlib.suppress(tk.TclError):
            if job is not None:
                self.view.canvas.after_cancel(job)
            self.view.canvas.delete("celebrate")
        self._confetti = []


def moved_cards(position: Position, moves: Sequence[Move]) -> list[Card]:
    """The cards ``moves`` carry from ``position``, one move after another (the player's own cards)."""
    cards: list[Card] = []
    for move in moves:
        if not position.exists(move.source):
            break
        cards.extend(position.moving_cards(move))
        try:
            position = position.apply(move)
        except PatienceError:
            break
    return cards
