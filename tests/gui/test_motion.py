"""Motion: cards slide, input is never blocked, and the end is the same table as without animation."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tkhelp import pump

from patience import Game, Place
from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.motion import animation_allowed
from patience_tk.view import card_tag

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

MakeApp = Callable[..., App]


def table(app: App) -> dict[str, list[float]]:
    """Every card's face outline, by card: where each card is drawn."""
    coords: dict[str, list[float]] = {}
    for card in Game.new("freecell", 1).position.cards():
        items = [i for i in app.canvas.find_withtag(card_tag(card)) if "card" in app.canvas.gettags(i)]
        assert len(items) == 1
        coords[str(card)] = [round(c, 3) for c in app.canvas.coords(items[0])]
    return coords


def play_a_while(app: App, *, wait: bool) -> None:
    game = app.game
    result = solve(game.variant, game.position, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves[:30]:
        game.play(move)  # one after another, each completing the slide before it (never waiting for it)
        pump(app.root)
    game.undo()
    game.undo()
    pump(app.root)
    game.redo()
    if wait:
        assert pump(app.root, until=lambda: not app.controller.animator.running, timeout=10)
    pump(app.root)


def test_animations_on_and_off_end_in_the_same_table(make_app: MakeApp) -> None:
    still = make_app("freecell", 1)
    assert not still.controller.animator.enabled  # PATIENCE_NO_ANIMATION is set for the tests
    play_a_while(still, wait=False)
    expected = table(still)
    still.root.destroy()

    import tkinter as tk

    root = tk.Tk()
    try:
        moving = App(root, Game.new("freecell", 1), verdict=False)
        moving.animation_var.set(True)
        moving._animation_switched()
        pump(root)
        play_a_while(moving, wait=True)
        assert moving.controller.animator.frame_times  # it did slide
        assert table(moving) == expected
    finally:
        root.destroy()


def test_a_slide_takes_a_moment_and_a_new_action_ends_it_at_once(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.animation_var.set(True)
    app._animation_switched()
    app.controller.play_text("6a")  # ♦3 to cell a
    pump(app.root)
    assert app.controller.animator.running
    on_its_way = table(app)["3D"]
    app.controller.play_text("6b")  # at once: the first slide is completed, the next one starts
    pump(app.root)
    assert pump(app.root, until=lambda: not app.controller.animator.running, timeout=10)
    landed = table(app)
    assert on_its_way != landed["3D"]
    app.view.redraw()  # the table drawn from scratch is the one the slides ended in
    assert table(app) == landed


def test_the_environment_variable_turns_motion_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATIENCE_NO_ANIMATION", "1")
    assert not animation_allowed()
    monkeypatch.setenv("PATIENCE_NO_ANIMATION", "")
    assert animation_allowed()
    monkeypatch.delenv("PATIENCE_NO_ANIMATION")
    assert animation_allowed()


def test_a_win_celebrates_and_the_banner_stays(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.animation_var.set(True)
    app._animation_switched()
    game = app.game
    result = solve(game.variant, game.position, time_limit=30)
    for move in result.moves:
        if game.is_won:
            break
        game.play(move)
    pump(app.root)
    assert game.is_won and app.canvas.find_withtag("celebrate")
    assert pump(app.root, until=lambda: not app.canvas.find_withtag("celebrate"), timeout=10)
    assert app.view.banner_text is not None and app.canvas.find_withtag("banner")


@pytest.mark.parametrize("name", sorted(__import__("patience").variants()))
def test_every_installed_variant_slides_and_shows_the_focus(make_app: MakeApp, name: str) -> None:
    """Plugin variants too (base ranks, many cells): the same end table with motion as without."""
    app = make_app(name, 3)
    app.animation_var.set(True)
    app._animation_switched()
    game = app.game
    result = solve(game.variant, game.position, time_limit=10)
    # Stop short of the win (Fan's deal 3 is won in 8 moves): a won table has no card left to focus.
    solved = result.outcome is Outcome.SOLVED
    moves = result.moves[: min(12, len(result.moves) - 1)] if solved else list(game.legal_moves)[:1]
    for move in moves:
        game.play(move)
        pump(app.root)
    assert pump(app.root, until=lambda: not app.controller.animator.running, timeout=10)

    def where() -> dict[str, list[float]]:
        tags = {card_tag(card) for card in game.position.cards()}
        return {tag: [round(c, 3) for c in app.canvas.coords(tag)] for tag in tags}

    landed = where()
    app.view.redraw()
    assert where() == landed
    app.canvas.focus_force()
    app.canvas.event_generate("<KeyPress-Up>")
    app.canvas.event_generate("<KeyPress-Up>")
    pump(app.root)
    assert app.canvas.find_withtag("overlay")
    assert len(app.canvas.find_withtag("card")) == 13 * len(game.position.foundations)  # every card drawn


def test_dragging_one_of_two_twin_cards_moves_only_that_one(make_app: MakeApp) -> None:
    """Double FreeCell has two of each card; a drag lifts the card pressed, not its twin."""
    app = make_app("double-freecell", 1)
    position = app.game.position
    column = next(i for i, cards in enumerate(position.columns) if cards)
    top = position.columns[column][-1]
    items = [i for i in app.canvas.find_withtag(card_tag(top)) if "card" in app.canvas.gettags(i)]
    assert len(items) == 2  # the card and its twin, somewhere else on the table
    before = {item: app.canvas.coords(item) for item in items}
    box = app.view.card_box(Place.column(column))
    x, y = (int(c) for c in box.centre)
    canvas = app.canvas
    canvas.event_generate("<ButtonPress-1>", x=x, y=y)
    for step in range(1, 5):
        canvas.event_generate("<Motion>", x=x + 10 * step, y=y + 40 * step, state=0x100)
    pump(app.root)
    moved = [item for item in items if app.canvas.coords(item) != before[item]]
    assert len(moved) == 1
    canvas.event_generate("<Escape>")
    pump(app.root)
