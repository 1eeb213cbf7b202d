"""Looks: a four-colour deck, the table colour, and the choices remembered in the data directory."""

from __future__ import annotations

import json
import tkinter as tk
from collections.abc import Callable
from pathlib import Path

import pytest
from tkhelp import pump

from patience import Card, Game
from patience_tk import App
from patience_tk.prefs import PREFERENCES_NAME, TABLE_COLOURS, Preferences, load_preferences
from patience_tk.view import FOUR_COLOURS, card_tag

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]

MakeApp = Callable[..., App]


def face_colours(app: App, card: Card) -> set[str]:
    items = app.canvas.find_withtag(card_tag(card))
    return {app.canvas.itemcget(i, "fill") for i in items if "face" in app.canvas.gettags(i)}


def test_four_colours_and_the_table_colour_are_remembered(make_app: MakeApp, patience_home: Path) -> None:
    app = make_app("freecell", 1)
    diamond = Card.parse("3D")
    assert face_colours(app, diamond) == {"#c0262d"}
    app.four_colour_var.set(True)
    app.table_var.set("blue")
    app._look_changed()
    pump(app.root)
    assert face_colours(app, diamond) == {FOUR_COLOURS[diamond.suit]}
    assert app.canvas.cget("background") == TABLE_COLOURS["blue"][0]
    saved = json.loads((patience_home / PREFERENCES_NAME).read_text())
    assert saved["four_colour"] is True and saved["table"] == "blue"
    app.root.destroy()

    root = tk.Tk()
    try:
        again = App(root, Game.new("freecell", 1), verdict=False)
        pump(root)
        assert again.view.four_colour and again.canvas.cget("background") == TABLE_COLOURS["blue"][0]
        assert again.four_colour_var.get() and again.table_var.get() == "blue"
        assert face_colours(again, diamond) == {FOUR_COLOURS[diamond.suit]}
    finally:
        root.destroy()


def test_the_verdict_and_animation_switches_are_remembered(make_app: MakeApp, patience_home: Path) -> None:
    app = make_app("freecell", 1)
    index = app.menus["play"].index("Live verdict (winnable or lost)")
    app.menus["play"].invoke(index)
    app.menus["view"].invoke("Animations")
    preferences, notice = load_preferences()
    assert notice is None and preferences.verdict is False and preferences.animations is True


def test_damaged_preferences_are_moved_aside_and_said_once(make_app: MakeApp, patience_home: Path) -> None:
    (patience_home / PREFERENCES_NAME).write_text("{not json")
    app = make_app("freecell", 1)
    assert "preferences were damaged" in app.message_text
    assert not (patience_home / PREFERENCES_NAME).exists()
    (aside,) = patience_home.glob(PREFERENCES_NAME + ".damaged-*")
    assert aside.read_text() == "{not json"  # what the player had is kept
    assert app.preferences == Preferences()


def test_an_unknown_table_colour_falls_back_to_green() -> None:
    assert Preferences(table="purple").table == "green"
