"""Simple Simon in the window: a complete suit goes home by a drag of its 13 cards or a click on its ace."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_table import centre, corner, drag, drawn_at
from tkhelp import pump

from patience import Card, Game, Move, Place, Position, full_deck
from patience_tk import App

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]

MakeApp = Callable[..., App]
SPADES = tuple(Card.parse(f"{rank}S") for rank in "KQJT98765432A")


def _suit_on_top(*columns: tuple[Card, ...]) -> Game:
    """Simple Simon with ``columns`` first, ♠K to ♠A on top of column 1 by default (as given: no automatic
    play has sent anything home yet); the other cards fill the other columns."""
    columns = columns or (SPADES,)
    named = {card for column in columns for card in column}
    rest = sorted((card for card in full_deck() if card not in named), key=lambda card: (card.rank, card.suit.value))
    others = 10 - len(columns)
    position = Position((*columns, *(tuple(rest[i::others]) for i in range(others))), ())
    return Game.from_position("simple-simon", position, autoplay_first=False)


def test_dragging_a_complete_suit_to_a_foundation_sends_its_13_cards_home_as_one_move(make_app: MakeApp) -> None:
    app = make_app(_suit_on_top())
    foundation = app.view.layout.foundations[0]
    x, y = foundation.centre
    drag(app, corner(app, Place.column(0), 0), (int(x), int(y)))
    pump(app.root)
    assert app.game.log == [str(Move(Place.column(0), Place.foundation(), 13))]
    assert app.game.position.foundations[0] == 13
    assert drawn_at(app, Card.parse("KS"), foundation)


def test_a_click_on_the_ace_of_a_complete_suit_sends_the_suit_home(make_app: MakeApp) -> None:
    app = make_app(_suit_on_top())
    x, y = centre(app, Place.column(0))
    app.canvas.event_generate("<ButtonPress-1>", x=x, y=y)
    app.canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
    pump(app.root)
    assert app.game.log == ["1hvd"]
    assert app.game.position.columns[0] == ()


def test_dragging_a_lone_ace_home_is_refused_with_the_reason(make_app: MakeApp) -> None:
    game = _suit_on_top(SPADES[:-1], SPADES[-1:])  # ♠K to ♠2 in column 1, ♠A alone in column 2
    app = make_app(game)
    before = game.position
    x, y = app.view.layout.foundations[0].centre
    drag(app, centre(app, Place.column(1)), (int(x), int(y)))
    assert game.position == before
    assert app.message_text == str(game.check(Move(Place.column(1), Place.foundation())).reason)
