"""The window plays the outside examples: Penguin's base rank and Double FreeCell's 104 cards and 8 foundations."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from tkhelp import pump

from patience import Card, Game, Position, full_deck
from patience_tk import App
from patience_tk.layout import Box
from patience_tk.view import card_tag

MakeApp = Callable[..., App]


def card_items(app: App) -> tuple[int, ...]:
    return app.canvas.find_withtag("card")


def drawn_at(app: App, card: Card, box: Box) -> bool:
    """Whether one of the (one or two) cards equal to ``card`` is drawn on ``box``."""
    bx, by = box.centre
    for item in app.canvas.find_withtag(card_tag(card)):
        if "card" in app.canvas.gettags(item):
            x0, y0, x1, y1 = app.canvas.bbox(item)
            if abs((x0 + x1) / 2 - bx) < 2 and abs((y0 + y1) / 2 - by) < 2:
                return True
    return False


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_penguin_draws_52_cards_and_its_base_cards_on_the_foundations(make_app: MakeApp) -> None:
    app = make_app("penguin", 1)
    assert len(card_items(app)) == 52
    assert len(app.view.layout.foundations) == 4
    beak = app.game.position.columns[0][0]
    for index in range(4):
        top = app.game.position.foundation_top(index)
        assert top is None or top.rank == beak.rank


def test_penguin_plays_a_move_from_the_window(make_app: MakeApp) -> None:
    app = make_app("penguin", 2)
    move = next(iter(app.game.legal_moves))
    app.controller.play_text(str(move))
    pump(app.root)
    assert app.game.moves == 1
    assert len(card_items(app)) == 52


def test_double_freecell_draws_104_cards_and_8_foundations(make_app: MakeApp) -> None:
    app = make_app("double-freecell", 1)
    assert len(card_items(app)) == 104
    assert len(app.view.layout.foundations) == 8
    assert len(app.view.layout.columns) == 10
    assert len(app.view.layout.cells) == 6


def test_double_freecell_draws_a_suit_s_second_foundation_in_its_own_slot(make_app: MakeApp) -> None:
    home = (2, 0, 0, 0, 1, 0, 0, 0)  # ♠A ♠2 on the first spades foundation, ♠A on the second
    rest = sorted((Counter(dict.fromkeys(full_deck(), 2)) - Counter(cards("AS 2S AS"))).elements(), key=str)
    position = Position(tuple(tuple(rest[i::10]) for i in range(10)), (None,) * 6, home)
    app = make_app(Game.from_position("double-freecell", position, autoplay_first=False))
    assert len(card_items(app)) == 104
    assert drawn_at(app, Card.parse("2S"), app.view.layout.foundations[0])
    assert drawn_at(app, Card.parse("AS"), app.view.layout.foundations[4])
