"""Keyboard play: a whole game won with the arrow keys and Enter alone, on a real Tk root."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tkhelp import pump

from patience import Move, Place, PlaceKind
from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.keyboard import MAY, MAY_NOT

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

MakeApp = Callable[..., App]


def press(app: App, keysym: str) -> None:
    app.canvas.focus_force()
    app.canvas.event_generate(f"<KeyPress-{keysym}>")
    pump(app.root)


def go_to(app: App, place: Place, index: int = 0) -> None:
    """Press arrow keys, as a player would, until the focus is on ``place`` (card ``index`` in a column)."""
    for _ in range(80):
        focus = app.keyboard.focus
        at_column = focus.place.kind is PlaceKind.COLUMN
        if place.kind is PlaceKind.COLUMN:
            if not at_column:
                press(app, "Down")
            elif focus.place != place:
                press(app, "Right" if (focus.place.index or 0) < (place.index or 0) else "Left")
            elif app.keyboard.held is None and focus.index != index:
                press(app, "Up" if focus.index > index else "Down")
            else:
                return
        else:
            if at_column:
                press(app, "Up")
                continue
            row = app.keyboard._top_row()
            if focus.place == place:
                return
            press(app, "Right" if row.index(focus.place) < row.index(place) else "Left")
    raise AssertionError(f"the focus did not reach {place} (it is on {app.keyboard.focus})")


def play_by_keys(app: App, move: Move) -> None:
    position = app.game.position
    index = len(position.column(move.source)) - move.count if move.source.kind is PlaceKind.COLUMN else 0
    go_to(app, move.source, index)
    press(app, "Return")
    assert app.keyboard.held is not None
    dest = move.destination
    if dest.kind is PlaceKind.FOUNDATION:
        dest = Place.foundation(position.moving_cards(move)[0].suit)
    go_to(app, dest)
    colours = {app.canvas.itemcget(item, "outline") for item in app.canvas.find_withtag("overlay")}
    assert MAY in colours  # the focus says the held cards may go there
    press(app, "Return")


def test_freecell_1_is_won_with_the_keyboard_alone(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    game = app.game
    result = solve(game.variant, game.position, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    press(app, "Left")  # the first key shows the focus
    assert app.keyboard.visible and app.canvas.find_withtag("overlay")
    for number, move in enumerate(result.moves, 1):
        if game.is_won:
            break
        before = len(game.log)
        play_by_keys(app, move)
        assert len(game.log) == before + 1, (number, str(move), app.message_text)
    assert game.is_won
    assert app.view.banner_text is not None and "You won" in app.view.banner_text
    press(app, "Return")  # Return presses the banner's first button: New game…
    pump(app.root)
    assert app.dialog is not None and app.dialog.winfo_exists()


def test_the_focus_says_red_where_the_cards_may_not_go_and_esc_puts_them_back(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    press(app, "Left")
    go_to(app, Place.column(0), 6)  # ♠6, top of column 1
    press(app, "Return")
    assert app.keyboard.held is not None
    go_to(app, Place.column(1))  # column 2 does not take ♠6
    colours = {app.canvas.itemcget(item, "outline") for item in app.canvas.find_withtag("overlay")}
    assert MAY_NOT in colours
    press(app, "Return")  # refused, with the engine's reason
    assert app.game.log == [] and app.message_text
    go_to(app, Place.column(0), 6)
    press(app, "Return")
    app.canvas.event_generate("<Escape>")
    pump(app.root)
    assert app.keyboard.held is None and app.game.log == []


def test_a_mouse_click_hides_the_keyboard_focus(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    press(app, "Right")
    assert app.canvas.find_withtag("overlay")
    app.canvas.event_generate("<ButtonPress-1>", x=5, y=5)
    app.canvas.event_generate("<ButtonRelease-1>", x=5, y=5)
    pump(app.root)
    assert not app.canvas.find_withtag("overlay")


def test_the_focus_starts_on_a_top_card(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    press(app, "Left")  # shows the focus
    press(app, "Return")
    held = app.keyboard.held
    assert held is not None and held.count == 1  # the top card, not the whole column
