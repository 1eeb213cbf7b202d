"""The redeal in the window: the Play menu's Redeal, a click on the redeal slot, the R key, and its refusal."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tkhelp import pump

from patience import Game
from patience_tk import App

pytestmark = [pytest.mark.gui, pytest.mark.timeout(90)]

MakeApp = Callable[..., App]


def redealt_position(game: Game) -> object:
    """The position a redeal of ``game`` leads to, automatic play included."""
    copy = Game.from_position(game.variant, game.position, autoplay_first=False)
    copy.redeal()
    return copy.position


def click(app: App, x: float, y: float) -> None:
    app.controller.press(x, y)
    app.controller.release(x, y)
    pump(app.root)


def test_the_play_menu_s_redeal_redeals_and_undo_takes_it_back(make_app: MakeApp) -> None:
    app = make_app("cruel", 1)
    start, wanted = app.game.position, redealt_position(app.game)
    assert app.menus["play"].entrycget("Redeal", "state") == "normal"
    app.menus["play"].invoke("Redeal")
    pump(app.root)
    assert app.game.position == wanted
    assert app.game.log == ["redeal"]
    assert app.message_text.startswith("Redealt")
    assert "moves 1" in app.status_text
    app.menus["edit"].invoke("Undo")
    pump(app.root)
    assert app.game.position == start
    assert app.message_text.startswith("Took back the redeal")
    app.menus["edit"].invoke("Redo")
    pump(app.root)
    assert app.game.position == wanted
    assert app.message_text.startswith("Again: the redeal")


def test_a_click_on_the_redeal_slot_beside_the_foundations_redeals(make_app: MakeApp) -> None:
    app = make_app("cruel", 2)
    box = app.controller.view.redeal_box
    assert box is not None
    foundations = app.controller.view.layout.foundations
    assert box.x1 < foundations[0].x0 and box.y0 == foundations[0].y0  # in the top row, left of the foundations
    assert box.x0 >= 0 and box.x1 <= app.controller.view.layout.width  # on the table at the default size
    assert not any(box.overlap(column) for column in app.controller.view.layout.columns)
    wanted = redealt_position(app.game)
    click(app, *box.centre)
    assert app.game.position == wanted
    assert app.canvas.find_withtag("redeal")


def test_the_r_key_redeals(make_app: MakeApp) -> None:
    app = make_app("cruel", 3)
    wanted = redealt_position(app.game)
    app.canvas.focus_force()
    app.canvas.event_generate("<KeyPress-r>")
    pump(app.root)
    assert app.game.position == wanted


def test_a_game_without_a_redeal_has_no_slot_a_disabled_entry_and_refuses_the_key(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    start = app.game.position
    assert app.controller.view.redeal_box is None
    assert not app.canvas.find_withtag("redeal")
    assert app.menus["play"].entrycget("Redeal", "state") == "disabled"
    app.canvas.focus_force()
    app.canvas.event_generate("<KeyPress-r>")
    pump(app.root)
    assert app.game.position == start and app.game.log == []
    assert app.message_text == "FreeCell has no redeal"


def test_the_redeal_entry_is_disabled_once_the_game_is_given_up(make_app: MakeApp) -> None:
    app = make_app("cruel", 1)
    app.menus["game"].invoke("Give up")
    pump(app.root)
    app.windows["give-up"].event_generate("<Return>")
    pump(app.root)
    assert app.game.gave_up
    assert app.menus["play"].entrycget("Redeal", "state") == "disabled"
    position = app.game.position
    app.canvas.focus_force()
    app.canvas.event_generate("<KeyPress-r>")
    pump(app.root)
    assert app.game.position == position
    assert app.message_text == "the game was given up; start a new one or restart"


def test_a_hint_in_a_deal_card_moves_cannot_win_offers_the_redeal_not_a_loss(make_app: MakeApp) -> None:
    app = make_app("cruel", 1)  # proved lost by card moves alone
    app.controller.hint()
    pump(app.root, until=lambda: app.message_text.startswith("No win"), timeout=30)
    assert app.message_text == "No win by card moves alone from here (the solver makes no redeal): R redeals"


def test_the_live_verdict_stays_blank_in_a_game_with_a_redeal(make_app: MakeApp) -> None:
    freecell = make_app("freecell", 1)
    assert pump(freecell.root, until=lambda: freecell.verdict_text == "winnable", timeout=60)
    app = make_app("cruel", 1)
    assert app.verdict.enabled
    pump(app.root, until=lambda: app.verdict_text != "", timeout=3)
    assert app.verdict_text == ""
