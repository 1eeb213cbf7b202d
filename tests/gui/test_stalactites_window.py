"""The window plays Stalactites: each foundation by rank shows its top card, whatever its suit."""

from __future__ import annotations

from collections.abc import Callable

from test_examples_window import card_items, drawn_at
from tkhelp import pump

from patience import Card, Game, Place, PlaceKind
from patience_tk import App

MakeApp = Callable[..., App]


def test_each_stalactites_foundation_slot_shows_its_top_card(make_app: MakeApp) -> None:
    app = make_app("stalactites", 1)
    assert len(card_items(app)) == 52
    assert len(app.view.layout.foundations) == 4
    # Deal 1 after its automatic play: the foundations hold cards of mixed suits (♠6 ♦7 ♦8 on the first).
    position = app.game.position
    assert position.piles[0] == (Card.parse("6S"), Card.parse("7D"), Card.parse("8D"))
    for index, slot in enumerate(app.view.layout.foundations):
        top = position.foundation_top(index)
        assert top is not None and drawn_at(app, top, slot)


def test_the_window_finds_a_card_on_a_foundation_of_another_suit(make_app: MakeApp) -> None:
    app = make_app("stalactites", 1)
    # ♦7 lies on the first foundation, which a suit's foundations would make the diamonds' (the third).
    assert app.view.place_of(Card.parse("7D")) == (Place(PlaceKind.FOUNDATION, 0), 0)


def test_a_card_played_in_the_window_goes_home_onto_the_foundation_that_takes_its_rank(make_app: MakeApp) -> None:
    game = Game.new("stalactites", deal=6)
    app = make_app(game)
    app.controller.play_text("8a")
    pump(app.root)
    assert app.game.moves == 1
    assert len(card_items(app)) == 52
    for index, slot in enumerate(app.view.layout.foundations):
        top = app.game.position.foundation_top(index)
        assert top is not None and drawn_at(app, top, slot)
