"""Playing without a mouse: a focus on the table moved by the arrow keys, Enter or Space to pick up and drop.

The table is two rows for the keyboard: the top row (the cells, then the
foundations, in the order they are drawn) and the columns. Left and Right
move along a row; in a column Up and Down move along its cards (Up past the
most covered card reaches the top row), and Down from the top row reaches
the column nearest below. Enter or Space picks up the focused card with the
cards on it, and drops them on the focused pile; Esc puts them back.

While cards are held, the focus outline says whether they may go where it
is (green) or not (red), with the engine's reason on the message line. The
move is built exactly like a drop of the mouse and judged by the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from patience import Move, Place, PlaceKind
from patience.reasons import Reason, Refusal
from patience_tk.layout import Box
from patience_tk.texts import _
from patience_tk.view import Hit, TableView

__all__ = ["Focus", "KeyboardPlay"]

#: An index past any column's end: the focus lands on the column's top card (where play starts).
_TOP = 10_000

FOCUS = "#4fc3f7"
MAY = "#3ddc84"
MAY_NOT = "#ff5a4f"
HELD = "#ffd23f"


@frozen
class Focus:
    """Where the keyboard focus is: a place, and the card's index in a column (0 elsewhere)."""

    place: Place
    index: int = 0


class KeyboardPlay:
    """The keyboard focus on ``view``'s table; ``play(move)`` plays a move and ``say`` explains a refusal."""

    def __init__(
        self,
        view: TableView,
        *,
        play: Callable[[Move], object],
        say: Callable[[str, str], None] = lambda text, kind: None,
    ) -> None:
        self.view = view
        self._play = play
        self._say = say
        self.focus = Focus(Place.column(0), _TOP)
        self.held: Hit | None = None
        """The cards picked up (their place, index and count), or ``None``."""
        self.visible = False
        """The focus shows once an arrow key or Enter is used, and hides at a mouse click."""
        view.overlays.append(self.draw)

    # -- the table as rows -------------------------------------------------
    def _top_row(self) -> list[Place]:
        position = self.view.game.position
        places = [Place.cell(i) for i in range(len(position.cells))]
        places += [Place(PlaceKind.FOUNDATION, index) for index in range(len(position.foundations))]
        return places

    def _columns(self) -> list[Place]:
        return [Place.column(i) for i in range(len(self.view.game.position.columns))]

    def _column_cards(self, place: Place) -> int:
        return len(self.view.game.position.columns[place.index or 0])

    def _fix(self) -> Focus:
        """The focus, kept on the table: the game may have changed under it (a move, an undo, a new deal)."""
        focus = self.focus
        place = focus.place
        if place.kind is PlaceKind.COLUMN:
            columns = self._columns()
            if (place.index or 0) >= len(columns):
                place = columns[-1]
            cards = self._column_cards(place)
            index = max(cards - 1, 0) if self.held is not None else min(focus.index, max(cards - 1, 0))
            focus = Focus(place, index)
        elif place not in self._top_row():
            focus = Focus(self._columns()[0], 0)
        self.focus = focus
        return focus

    # -- keys ---------------------------------------------------------------
    def key(self, keysym: str) -> bool:
        """Handle an arrow key, Return, KP_Enter or space; returns whether it was one of them."""
        actions: dict[str, Callable[[], None]] = {
            "Left": lambda: self._along(-1),
            "Right": lambda: self._along(1),
            "Up": self._up,
            "Down": self._down,
            "Return": self.enter,
            "KP_Enter": self.enter,
            "space": self.enter,
        }
        action = actions.get(keysym)
        if action is None:
            return False
        if self.view.game.is_over:
            return True
        self._fix()
        if not self.visible:
            self.visible = True  # the first key shows where the focus is, and does nothing else
            if keysym not in ("Return", "KP_Enter", "space"):
                self.view.redraw_overlays()
                return True
        action()
        self.view.redraw_overlays()
        return True

    def _along(self, step: int) -> None:
        place = self.focus.place
        row = self._columns() if place.kind is PlaceKind.COLUMN else self._top_row()
        at = row.index(place) if place in row else 0
        target = row[(at + step) % len(row)]
        index = self._column_cards(target) - 1 if target.kind is PlaceKind.COLUMN else 0
        self.focus = Focus(target, max(index, 0))

    def _up(self) -> None:
        focus = self.focus
        if focus.place.kind is PlaceKind.COLUMN:
            if self.held is None and focus.index > 0:
                self.focus = Focus(focus.place, focus.index - 1)
                return
            self.focus = Focus(self._nearest(self._top_row(), focus.place), 0)

    def _down(self) -> None:
        focus = self.focus
        if focus.place.kind is PlaceKind.COLUMN:
            if focus.index < self._column_cards(focus.place) - 1:
                self.focus = Focus(focus.place, focus.index + 1)
            return
        target = self._nearest(self._columns(), focus.place)
        self.focus = Focus(target, max(self._column_cards(target) - 1, 0))

    def _nearest(self, row: list[Place], place: Place) -> Place:
        x = self._box(place).centre[0]
        return min(row, key=lambda other: abs(self._box(other).centre[0] - x))

    def _box(self, place: Place, index: int = -1) -> Box:
        if place.kind is PlaceKind.FOUNDATION:
            return self.view.layout.foundations[place.index or 0]
        return self.view.card_box(place, index)

    # -- picking up and dropping ------------------------------------------------
    def enter(self) -> None:
        """Pick up the focused card and the cards on it; with cards held, drop them on the focused pile."""
        focus = self.focus
        position = self.view.game.position
        if self.held is None:
            if focus.place.kind is PlaceKind.COLUMN:
                cards = self._column_cards(focus.place)
                if cards:
                    self.held = Hit(focus.place, focus.index, cards - focus.index)
            elif position.card_at(focus.place) is not None:
                self.held = Hit(focus.place, 0, 1)
            if self.held is None:
                # Translators: {empty} says which place is empty, as a refused move says it ("column 3 is empty").
                empty = str(Reason.of(Refusal.EMPTY_SOURCE, place=focus.place))
                self._say(_("{empty}: nothing to pick up").format(empty=empty), "error")
            return
        move = self.pending()
        self.held = None
        if move is None:
            return  # dropped back where it came from
        verdict = self.view.game.check(move)
        if not verdict:
            self._say(str(verdict.reason), "error")
            return
        self._play(move)
        # After the move the focus stays on the pile the cards went to, ready for the next one.

    def pending(self) -> Move | None:
        """The move that dropping the held cards on the focused pile would ask for (``None``: back in place)."""
        held = self.held
        if held is None:
            return None
        target = self.focus.place
        if target == held.place:
            return None
        if target.kind is PlaceKind.FOUNDATION:
            if held.place.kind is PlaceKind.FOUNDATION:
                return None
            target = Place.foundation()
        return Move(held.place, target, held.count)

    def cancel(self) -> bool:
        """Esc: put the held cards back. Returns whether any were held."""
        if self.held is None:
            return False
        self.held = None
        self.view.redraw_overlays()
        return True

    def hide(self) -> None:
        """The mouse took over: hide the focus and drop what the keyboard held."""
        if self.visible or self.held is not None:
            self.visible = False
            self.held = None
            self.view.redraw_overlays()

    # -- drawing -----------------------------------------------------------------
    def draw(self) -> None:
        """Outline the held cards and the focus (green or red while cards are held)."""
        if not self.visible:
            return
        focus = self._fix()
        view = self.view
        held = self.held
        if held is not None:
            view.outline(self._run_box(held.place, held.index), HELD, "overlay")
        colour = FOCUS
        if held is not None:
            move = self.pending()
            colour = FOCUS if move is None else (MAY if view.game.check(move) else MAY_NOT)
        index = focus.index if focus.place.kind is PlaceKind.COLUMN else -1
        box = self._run_box(focus.place, index) if held is None else self._box(focus.place)
        view.outline(box, colour, "overlay", width=4)

    def _run_box(self, place: Place, index: int) -> Box:
        if place.kind is not PlaceKind.COLUMN:
            return self._box(place)
        top = self._box(place, index)
        bottom = self._box(place, -1)
        return Box(top.x0, top.y0, bottom.x1, bottom.y1)
