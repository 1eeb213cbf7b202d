"""The table: what is drawn, and mouse gestures that end in engine calls (the engine decides every rule)."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

import pytest
from tkhelp import pump

from patience import Card, Game, Move, Place, Position
from patience_tk import App
from patience_tk.layout import Box
from patience_tk.view import card_tag

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]

MakeApp = Callable[..., App]


def card_items(app: App) -> tuple[int, ...]:
    return app.canvas.find_withtag("card")


def card_position(app: App, card: Card) -> tuple[float, float]:
    """Where the card's body is drawn on the canvas (the middle of its bounding box)."""
    items = [item for item in app.canvas.find_withtag(card_tag(card)) if "card" in app.canvas.gettags(item)]
    assert len(items) == 1, f"{card} is drawn {len(items)} times"
    x0, y0, x1, y1 = app.canvas.bbox(items[0])
    return (x0 + x1) / 2, (y0 + y1) / 2


def drawn_at(app: App, card: Card, box: Box) -> bool:
    """Whether ``card`` is drawn on ``box`` (to the pixel, give or take the outline)."""
    x, y = card_position(app, card)
    bx, by = box.centre
    return abs(x - bx) < 2 and abs(y - by) < 2


def centre(app: App, place: Place, index: int = -1) -> tuple[int, int]:
    x, y = app.view.card_box(place, index).centre
    return int(x), int(y)


def corner(app: App, place: Place, index: int) -> tuple[int, int]:
    """A point on the visible strip of a covered card (its corner with rank and suit)."""
    box = app.view.card_box(place, index)
    return int(box.centre[0]), int(box.y0 + 6)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press, move in steps and release button 1 on the canvas, as a mouse would."""
    canvas = app.canvas
    canvas.event_generate("<ButtonPress-1>", x=start[0], y=start[1])
    steps = 6
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        canvas.event_generate("<Motion>", x=x, y=y, state=0x100)  # Button1 held
    canvas.event_generate("<ButtonRelease-1>", x=end[0], y=end[1])
    pump(app.root)


def test_dealing_draws_all_52_cards(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    assert len(card_items(app)) == 52
    # Column 1 of deal #1, covered card first, fanned downwards so that every card shows.
    column = app.game.position.columns[0]
    assert [str(card) for card in column] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]
    tops = [card_position(app, card)[1] for card in column]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)


def test_all_52_cards_stay_drawn_after_cards_go_home(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.controller.play_text("6a")
    app.controller.play_text("6b")  # ♣2 to a cell: ♣A, ♣2 and ♠A go home by themselves
    pump(app.root)
    assert app.game.cards_home == 3
    assert len(card_items(app)) == 52


@pytest.mark.parametrize("cells", [8, 4, 2])
def test_only_the_cells_in_play_are_shown_with_their_letters(make_app: MakeApp, cells: int) -> None:
    app = make_app("eight-off", 1, cells)
    assert len(app.view.layout.cells) == cells
    labels = {app.canvas.itemcget(item, "text") for item in app.canvas.find_withtag("label")}
    letters = [str(Place.cell(i)) for i in range(cells)]
    assert set(letters) <= labels
    assert not ({"a", "b", "c", "d", "e", "f", "g", "k"} - set(letters)) & labels
    assert {str(i) for i in range(1, 9)} <= labels


def test_seahaven_towers_shows_ten_numbered_columns(make_app: MakeApp) -> None:
    app = make_app("seahaven-towers", 1)
    labels = {app.canvas.itemcget(item, "text") for item in app.canvas.find_withtag("label")}
    assert "10" in labels
    assert len(app.view.layout.columns) == 10
    assert len(card_items(app)) == 52


def test_hit_testing_finds_covered_cards_and_the_top_card(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    hit = app.view.hit(*corner(app, Place.column(0), 2))
    assert hit is not None and hit.place == Place.column(0) and hit.index == 2 and hit.count == 5
    top = app.view.hit(*centre(app, Place.column(0)))
    assert top is not None and top.count == 1
    assert app.view.hit(centre(app, Place.column(0))[0], app.view.layout.height - 2) is None


def test_click_sends_a_card_home_when_the_engine_allows(make_app: MakeApp) -> None:
    app = make_app("eight-off", 2)  # column 2's top card is ♦A
    ace = Card.parse("AD")
    assert app.game.position.columns[1][-1] == ace
    x, y = centre(app, Place.column(1))
    app.canvas.event_generate("<ButtonPress-1>", x=x, y=y)
    app.canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
    pump(app.root)
    assert app.game.position.foundations[ace.suit.value] == 1
    assert drawn_at(app, ace, app.view.layout.foundations[ace.suit.value])


def test_click_on_a_card_that_cannot_go_home_changes_nothing(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    before = app.game.position
    x, y = centre(app, Place.column(0))
    app.canvas.event_generate("<ButtonPress-1>", x=x, y=y)
    app.canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
    pump(app.root)
    assert app.game.position == before and app.game.moves == 0


def test_double_click_moves_the_top_card_where_the_engine_says(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    source = Place.column(5)
    expected = app.game.double_tap_move(source)
    assert expected is not None
    card = app.game.position.card_at(source)
    x, y = centre(app, source)
    # What Tk delivers for a double click: press, release, double press, release.
    app.controller.press(x, y)
    app.controller.release(x, y)
    app.controller.double(x, y)
    app.controller.release(x, y)
    pump(app.root)
    assert app.game.moves == 1
    assert app.game.log == [str(expected)]
    assert app.game.position.card_at(expected.destination) == card
    assert card is not None and drawn_at(app, card, app.view.card_box(expected.destination))


def test_dragging_a_run_onto_a_legal_column_plays_one_group_move(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.controller.play_text("8a")
    app.controller.play_text("18")  # ♠6 onto ♦7: column 8 ends with the run ♦7 ♠6
    pump(app.root)
    game = app.game
    run = game.position.columns[7][-2:]
    moves = game.moves
    drag(app, corner(app, Place.column(7), -2), centre(app, Place.column(6)))
    assert game.moves == moves + 1
    assert game.log[-1] == str(Move(Place.column(7), Place.column(6), 2))
    assert game.position.columns[6][-2:] == run
    assert drawn_at(app, run[-1], app.view.card_box(Place.column(6)))


def test_an_illegal_drop_snaps_back_and_says_why(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    game = app.game
    before = game.position
    card = before.columns[5][-1]  # ♦3
    home = card_position(app, card)
    drag(app, centre(app, Place.column(5)), centre(app, Place.column(0)))  # onto ♠6
    assert game.position == before and game.moves == 0
    reason = str(game.check(Move(Place.column(5), Place.column(0))).reason)
    assert reason and app.message_text == reason
    assert card_position(app, card) == home


def test_escape_puts_dragged_cards_back(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    before = app.game.position
    card = before.columns[5][-1]
    home = card_position(app, card)
    x, y = centre(app, Place.column(5))
    app.controller.press(x, y)
    app.controller.motion(x + 40, y - 200)
    assert app.controller.dragging and card_position(app, card) != home
    app.canvas.focus_force()
    app.canvas.event_generate("<Escape>")
    app.controller.release(x + 40, y - 200)
    pump(app.root)
    assert app.game.position == before
    assert card_position(app, card) == home


def test_the_table_follows_the_window_size(make_app: MakeApp, root: tk.Tk) -> None:
    app = make_app("freecell", 1)
    root.geometry("1200x860")
    pump(root, until=lambda: app.view.layout.width > 1100, timeout=5)
    big = app.view.layout.card_w
    root.geometry("700x520")
    pump(root, until=lambda: app.view.layout.width < 750, timeout=5)
    assert app.view.layout.card_w < big
    assert len(card_items(app)) == 52


def test_a_win_shows_score_and_moves_and_offers_a_new_game(make_app: MakeApp) -> None:
    from patience_solver import Outcome, solve

    app = make_app("eight-off", 1)  # no automatic play: Finish comes before the last card
    game = app.game
    result = solve(game.variant, game.position, time_limit=20)
    assert result.outcome is Outcome.SOLVED
    finish = app.menus["play"]
    for move in result.moves:
        assert finish.entrycget("Finish", "state") == ("normal" if game.can_finish else "disabled")
        if game.can_finish:
            break
        game.play(move)
    pump(app.root)
    assert game.can_finish and finish.entrycget("Finish", "state") == "normal"
    app.canvas.focus_force()
    app.canvas.event_generate("<Key>", keysym="F", state=0x1)  # Shift+F: f is a cell with 8 cells
    pump(app.root)
    assert game.is_won
    assert app.view.banner_text is not None
    assert "You won" in app.view.banner_text and f"Score {game.score} in {game.moves} moves" in app.view.banner_text
    buttons = {button.cget("text"): button for button in app.view.banner_buttons}
    assert "New game…" in buttons
    buttons["Restart"].invoke()
    pump(app.root)
    assert app.view.banner_text is None and app.game.cards_home == 0 and not app.game.is_won


def test_a_board_position_without_a_deal_number_still_plays(make_app: MakeApp) -> None:
    dealt = Game.new("freecell", 1).position
    columns = list(dealt.columns)
    columns[6], columns[7] = columns[6] + columns[7], ()
    game = Game.from_position("freecell", Position(tuple(columns), dealt.cells, dealt.foundations))
    app = make_app(game)
    assert len(card_items(app)) == 52
    assert "cards at once: 10 (5 into an empty column)" in app.status_text


def test_eight_off_takes_a_card_back_from_a_foundation_by_dragging(make_app: MakeApp) -> None:
    app = make_app("eight-off", 2)
    ace = Card.parse("AD")
    app.controller.play_text("2h")
    pump(app.root)
    free = app.game.position.cells.index(None)
    drag(app, centre(app, Place.foundation(ace.suit)), centre(app, Place.cell(free)))
    assert app.game.position.cells[free] == ace
    assert app.game.log[-1] == str(Move(Place.foundation(ace.suit), Place.cell(free)))
    assert drawn_at(app, ace, app.view.layout.cells[free])
