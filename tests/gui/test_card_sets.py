"""Card sets: every face of each picture set renders at three sizes; the menu switches all cards; it is remembered."""

from __future__ import annotations

import json
import time
import tkinter as tk
from collections.abc import Callable
from pathlib import Path

import pytest
from tkhelp import pump

from patience import Card, Game, Move, Place, Suit
from patience_tk import App
from patience_tk.cardsets import CARD_SETS, PLAIN, CardImages
from patience_tk.prefs import PREFERENCES_NAME, load_preferences
from patience_tk.view import FOUR_COLOURS, card_tag

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

MakeApp = Callable[..., App]

PICTURED = [key for key, card_set in CARD_SETS.items() if card_set.pictured]
DECK = [Card.parse(rank + suit) for suit in "CDHS" for rank in "A23456789TJQK"]


def png(image: tk.PhotoImage) -> str:
    """The image's pixels as PNG data, read back from Tk."""
    return str(image.tk.call(image, "data", "-format", "png"))


def wait_for_faces(app: App, seconds: float = 30) -> None:
    """Pump the window until its card set's images of today's size are made (they render in a child process)."""
    images = app.view.card_images()
    assert images is not None
    end = time.monotonic() + seconds
    while not images.ready(app.view.card_size):
        assert time.monotonic() < end, "the card set's images were not made in time"
        pump(app.root)
        time.sleep(0.02)
    pump(app.root)


def card_images(app: App) -> list[str]:
    """The image of every card item on the table ('' for a card drawn with the plain faces)."""
    canvas = app.canvas
    return [
        canvas.itemcget(item, "image") if canvas.type(item) == "image" else "" for item in canvas.find_withtag("card")
    ]


def test_there_are_at_least_three_card_sets_and_the_plain_faces_are_one() -> None:
    assert len(CARD_SETS) >= 3 and PLAIN in CARD_SETS and not CARD_SETS[PLAIN].pictured
    assert len(PICTURED) >= 2


@pytest.mark.parametrize("key", PICTURED)
def test_every_face_of_a_set_renders_at_three_sizes(root: tk.Tk, key: str) -> None:
    images = CardImages(root, key)
    for size in [(40, 56), (80, 112), (120, 168)]:
        images.render_now(size)
        faces = [images.face(card, size) for card in DECK]
        back = images.back(size)
        assert back is not None
        seen = set()
        for card, face in zip(DECK, faces, strict=True):
            assert face is not None, card
            # Each face fits the card box, filling it one way, as the set's proportions allow.
            assert face.width() <= size[0] + 1 and face.height() <= size[1] + 1, (card, face.width(), face.height())
            assert face.width() >= size[0] - 1 or face.height() >= size[1] - 1, (card, face.width(), face.height())
            # The middle of the face is painted, not a transparent hole of a missed crop.
            assert not face.transparency_get(face.width() // 2, face.height() // 2), card
            seen.add(png(face))
        seen.add(png(back))
        assert len(seen) == len(DECK) + 1, "two faces (or a face and the back) are the same picture"


def test_the_menu_switches_every_card_at_once_and_a_new_window_remembers(
    make_app: MakeApp, patience_home: Path
) -> None:
    app = make_app("freecell", 1)
    assert card_images(app) == [""] * 52
    menu = app.menus["view"]
    sets = menu.nametowidget(menu.entrycget("Card set", "menu"))
    sets.invoke("Bonded")
    wait_for_faces(app)
    bonded = card_images(app)
    assert len(bonded) == 52 and all(bonded) and len(set(bonded)) == 52
    assert json.loads((patience_home / PREFERENCES_NAME).read_text())["cards"] == "bonded"

    sets.invoke("KDE Standard")
    wait_for_faces(app)
    standard = card_images(app)
    assert all(standard) and not set(standard) & set(bonded), "some cards kept the other set's faces"
    app.root.destroy()

    root = tk.Tk()
    try:
        again = App(root, Game.new("freecell", 1), verdict=False)
        pump(root)
        assert again.card_set_var.get() == "standard" and again.view.card_set == "standard"
        wait_for_faces(again)
        assert all(card_images(again)) and len(card_images(again)) == 52
        again.card_set_var.set(PLAIN)
        again._look_changed()
        pump(root)
        assert card_images(again) == [""] * 52
        assert load_preferences()[0].cards == PLAIN
    finally:
        root.destroy()


def test_a_resized_window_shows_the_nearest_size_until_its_own_is_made(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.view.set_look(cards="bonded")
    wait_for_faces(app)
    first = app.view.card_size
    app.root.geometry("1200x900")
    pump(app.root)
    if app.view.card_size == first:
        pytest.skip("the screen is too small to grow the window")
    # Straight after the resize every card still shows a picture face (the nearest size), never the plain one.
    assert all(card_images(app))
    wait_for_faces(app)
    images = app.view.card_images()
    assert images is not None and app.view.card_size in images.sizes()
    assert all(card_images(app))


@pytest.mark.parametrize("key", PICTURED)
def test_the_four_colour_deck_repaints_every_picture_cards_suit_signs(make_app: MakeApp, key: str) -> None:
    app = make_app("freecell", 1)
    app.view.set_look(cards=key, four_colour=True)
    wait_for_faces(app)
    canvas = app.canvas
    corners = len(CARD_SETS[key].corner_suits)
    assert corners >= 1
    for card in DECK:
        marks = [i for i in canvas.find_withtag(card_tag(card)) if "suit-mark" in canvas.gettags(i)]
        assert [canvas.itemcget(i, "fill") for i in marks] == [FOUR_COLOURS[card.suit]] * corners, card
        assert {canvas.itemcget(i, "text") for i in marks} == {card.suit.symbol}
    app.view.set_look(four_colour=False)
    assert not canvas.find_withtag("suit-mark")
    assert FOUR_COLOURS[Suit.DIAMONDS] != FOUR_COLOURS[Suit.HEARTS]


class Drawn:
    """A photo image the canvas shows, read through Tk by its name."""

    def __init__(self, widget: tk.Misc, name: str) -> None:
        self.tk, self.name = widget.tk, name
        self.width = int(self.tk.call("image", "width", name))
        self.height = int(self.tk.call("image", "height", name))

    def get(self, x: int, y: int) -> tuple[int, ...]:
        return tuple(int(value) for value in self.tk.splitlist(self.tk.call(self.name, "get", x, y)))

    def opaque(self) -> bool:
        """Whether every pixel is opaque: blended over magenta by Tk, the image looks the same."""
        probe = tk.PhotoImage(width=self.width, height=self.height)
        probe.put("#ff00ff", to=(0, 0, self.width, self.height))
        self.tk.call(probe, "copy", self.name)
        return str(self.tk.call(probe, "data")) == str(self.tk.call(self.name, "data"))


def drawn_image(app: App, card: Card) -> Drawn:
    """The image ``card`` is drawn with (its one ``card`` item is an image item)."""
    canvas = app.canvas
    [item] = [i for i in canvas.find_withtag(card_tag(card)) if "card" in canvas.gettags(i)]
    assert canvas.type(item) == "image"
    return Drawn(canvas, canvas.itemcget(item, "image"))


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@pytest.mark.parametrize("key", PICTURED)
def test_picture_faces_are_drawn_opaque_with_what_lies_under_their_corners(make_app: MakeApp, key: str) -> None:
    """Tk blends an image with transparent corners over the table at every repaint (slow): the faces are opaque."""
    app = make_app("freecell", 1)
    app.view.set_look(cards=key)
    wait_for_faces(app)
    view, game = app.view, app.game
    images = view.card_images()
    assert images is not None
    raw = images.face(Card.parse("AS"), view.card_size)
    assert raw is not None and raw.transparency_get(0, 0), "the set's faces have rounded corners"
    assert not Drawn(app.canvas, str(raw)).opaque()
    game.play(Move(Place.column(0), Place.cell(0), 1))
    pump(app.root)
    drawn = {card: drawn_image(app, card) for card in DECK}
    assert all(image.opaque() for image in drawn.values())
    assert len({image.name for image in drawn.values()}) == 52
    felt, slot = rgb(view.felt), rgb(view.felt_dark)
    # A card in a cell or first in its column lies on its slot: the slot shows in its corners.
    in_cell = game.position.cells[0]
    assert in_cell is not None
    for card in (in_cell, game.position.columns[1][0]):
        image = drawn[card]
        assert image.get(0, 0) == slot and image.get(image.width - 1, image.height - 1) == slot, card
    # A card fanned over another shows that card's edge in its top corners, and the felt in its bottom ones.
    column = game.position.columns[1]
    image = drawn[column[-1]]
    top, bottom = image.get(0, 0), image.get(0, image.height - 1)
    assert bottom == felt and top not in (felt, slot)
    assert top == drawn[column[1]].get(0, 0), "the fanned cards' corners differ"
    # Picked up, it moves over other cards and the felt: it is drawn with its corners transparent until put down.
    hit = app.view.hit(*app.view.card_box(Place.column(1)).centre)
    assert hit is not None
    app.view.lift(hit)
    assert drawn_image(app, column[-1]).name == str(images.face(column[-1], view.card_size))
    assert drawn_image(app, column[-2]).opaque()
    app.view.restack()
    assert drawn_image(app, column[-1]).name == image.name
    # Another table colour: the corners take it.
    app.view.set_look(felt=("#402020", "#301818", "#806060"))
    image = drawn_image(app, game.position.columns[1][0])
    assert image.opaque() and image.get(0, 0) == rgb("#301818")


def test_a_sliding_picture_card_has_its_corners_transparent_until_it_lands(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.view.set_look(cards="bonded")
    wait_for_faces(app)
    app.animation_var.set(True)
    app._animation_switched()
    card = app.game.position.columns[5][-1]
    app.controller.play_text("6a")  # to cell a
    pump(app.root)
    assert app.controller.animator.running
    images = app.view.card_images()
    assert images is not None
    assert drawn_image(app, card).name == str(images.face(card, app.view.card_size))
    assert pump(app.root, until=lambda: not app.controller.animator.running, timeout=10)
    assert drawn_image(app, card).opaque()
    assert all(drawn_image(app, other).opaque() for other in DECK)


def test_the_card_back_comes_with_the_set(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    assert app.view.card_back() is None  # the plain faces have no back
    app.view.set_look(cards="bonded")
    wait_for_faces(app)
    back = app.view.card_back()
    assert back is not None and max(back.width(), back.height()) >= min(app.view.card_size) - 1


def test_an_unknown_remembered_set_falls_back_to_the_plain_faces(patience_home: Path) -> None:
    (patience_home / PREFERENCES_NAME).write_text(json.dumps({"cards": "no-such-set"}))
    preferences, notice = load_preferences()
    assert notice is None and preferences.cards == PLAIN


def test_a_set_that_cannot_render_leaves_the_plain_faces(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    import patience_tk.cardsets as cardsets

    def broken(key: str, zoom: float) -> bytes:
        raise ImportError("no resvg here")

    monkeypatch.setattr(cardsets.sys, "executable", "/nonexistent/python")
    monkeypatch.setattr(cardsets, "render_sheet", broken)
    app = make_app("freecell", 1)
    app.view.set_look(cards="bonded")
    images = app.view.card_images()
    assert images is not None
    end = time.monotonic() + 10
    while not images.failed:
        assert time.monotonic() < end
        pump(app.root)
        time.sleep(0.02)
    app.view.redraw()
    assert card_images(app) == [""] * 52
