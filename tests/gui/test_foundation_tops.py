"""Each foundation shows its top card: read off the canvas after every frame of every slide, in whole won games.

Cards that go home by themselves land one after another; whatever order
they land in, the card on top of each foundation pile is the highest one
that has landed there, and once everything is down it is the foundation's
top card. The games are played as a player plays them (drags, the hint
key, typed moves, Finish) with motion on.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tkhelp import pump

from patience import Card, Game, Move, PlaceKind
from patience_solver import Outcome, solve
from patience_tk import App, motion
from patience_tk.view import card_tag

pytestmark = [pytest.mark.gui, pytest.mark.timeout(240)]

MakeApp = Callable[..., App]

_CARDS = {card_tag(card): card for card in Game.new("freecell", 1).position.cards()}


def landed_piles(app: App) -> list[list[Card]]:
    """The cards drawn exactly on each foundation slot, bottom to top in the canvas's stacking order."""
    canvas = app.canvas
    piles: list[list[Card]] = [[] for _ in app.view.layout.foundations]
    for item in canvas.find_withtag("card"):  # lowest first
        points = canvas.coords(item)
        x0, y0 = min(points[0::2]), min(points[1::2])
        for index, slot in enumerate(app.view.layout.foundations):
            if abs(x0 - slot.x0) < 0.5 and abs(y0 - slot.y0) < 0.5:
                tag = next(t for t in canvas.gettags(item) if t in _CARDS)
                piles[index].append(_CARDS[tag])
    return piles


def check_tops(app: App) -> None:
    """Every foundation's shown top card is the highest card landed on it (the canvas, not the game, is read).

    A card still flying to another foundation may cross this one's slot in
    some frame (the top row is one line): it has not landed here, so only
    cards the game puts on this foundation count.
    """
    position = app.game.position
    for index, drawn in enumerate(landed_piles(app)):
        home = set(position.foundation_cards(index))
        pile = [card for card in drawn if card in home]
        if pile:
            assert pile[-1] == max(pile, key=lambda card: card.rank), (
                index,
                [str(card) for card in pile],
                app.game.log[-3:],
                app.message_text,
            )


def settle(app: App) -> None:
    """Run the slides to their end, reading the foundations after every round of the event loop."""
    root = app.root
    pump(root)
    check_tops(app)
    while app.controller.animator.running:
        pump(root, step=0.0)
        check_tops(app)
    pump(root)
    position = app.game.position
    piles = landed_piles(app)
    for index in range(len(position.foundations)):
        home = position.foundation_cards(index)
        assert [str(card) for card in piles[index]] == [str(card) for card in home], index
        # The top card is also the one a click on the pile finds first.
        slot = app.view.layout.foundations[index]
        x, y = slot.centre
        over = [i for i in app.canvas.find_overlapping(x, y, x, y) if "card" in app.canvas.gettags(i)]
        if home:
            assert card_tag(home[-1]) in app.canvas.gettags(over[-1]), index


#: The X server time (milliseconds) of the last drag's press.
_clock = [100_000]


def drag(app: App, move: Move) -> None:
    """Play ``move`` by dragging its cards with the mouse (press, motion, release) onto its destination."""
    view, position, canvas = app.view, app.game.position, app.canvas
    source = move.source
    index = len(position.columns[source.index or 0]) - move.count if source.kind is PlaceKind.COLUMN else -1
    start = view.card_box(source, index)
    x, y = int((start.x0 + start.x1) / 2), int(start.y0 + 6)  # the visible top strip of a covered card
    destination = move.destination
    if destination.kind is PlaceKind.FOUNDATION:
        card = position.moving_cards(move)[0]
        home = position.home_index(card)
        target = view.layout.foundations[card.suit.value if home is None else home]
    else:
        target = view.card_box(destination)
    dx, dy = int(target.x0 - start.x0), int(target.y0 - start.y0)
    # Each drag a second after the last, as a hand drags: two presses closer than that are a double click.
    _clock[0] += 1000
    now = _clock[0]
    canvas.event_generate("<ButtonPress-1>", x=x, y=y, time=now)
    for step in range(1, 5):
        canvas.event_generate(
            "<B1-Motion>", x=x + dx * step // 4, y=y + dy * step // 4, state=0x100, time=now + 20 * step
        )
    canvas.event_generate("<ButtonRelease-1>", x=x + dx, y=y + dy, state=0x100, time=now + 100)


def moving(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, deal: int = 1, variant: str = "freecell") -> App:
    # Quicker slides keep a whole game short; every frame still runs through the same code.
    monkeypatch.setattr(motion, "DURATION", 0.05)
    monkeypatch.setattr(motion, "STAGGER", 0.03)
    app = make_app(variant, deal, verdict=False)
    app.animation_var.set(True)
    app._animation_switched()
    return app


def solution(app: App) -> list[Move]:
    result = solve(app.game.variant, app.game.position, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    return list(result.moves)


def test_a_drag_into_a_cell_that_sends_cards_home_shows_each_foundation_top(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FreeCell #1: ♦3 to cell a, then ♣2 to cell b sends ♣A, ♣2 and another card home; ♣2 is on top."""
    app = moving(make_app, monkeypatch)
    game = app.game
    drag(app, Move.parse("6a"))
    settle(app)
    drag(app, Move.parse("6b"))
    settle(app)
    assert game.cards_home == 3
    clubs = game.position.home_index(Card.parse("2C"))
    assert landed_piles(app)[3 if clubs is None else clubs][-1] == Card.parse("2C")


@pytest.mark.parametrize("variant", ["freecell", "eight-off", "bakers-game", "seahaven-towers"])
def test_a_won_game_dragged_move_by_move_shows_each_foundation_top_after_every_automatic_move(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    app = moving(make_app, monkeypatch, variant=variant)
    game = app.game
    for move in solution(app):
        if game.is_won:
            break
        moves = game.moves
        drag(app, move)
        settle(app)
        assert game.moves == moves + 1, (str(move), app.message_text)
    assert game.is_won


def test_a_game_won_with_the_hint_key_shows_each_foundation_top_after_every_automatic_move(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = moving(make_app, monkeypatch)
    game = app.game
    for _ in range(200):
        if game.is_won:
            break
        moves = game.moves
        app.canvas.focus_force()
        app.canvas.event_generate("<KeyPress>", keysym="p")
        assert pump(app.root, until=lambda moves=moves: game.moves > moves, timeout=30), app.message_text
        settle(app)
    assert game.is_won


def test_typed_moves_undo_redo_and_finish_show_each_foundation_top(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FreeCell #3 comes to a table only Finish ends (36 cards home after 39 moves of its solution)."""
    app = moving(make_app, monkeypatch, deal=3)
    game = app.game
    for move in solution(app):
        if game.can_finish or game.is_won:
            break
        assert app.controller.play_text(str(move)), app.message_text
        settle(app)
        if game.cards_home and game.can_undo:
            app.controller.undo()
            settle(app)
            app.controller.redo()
            settle(app)
    assert game.can_finish
    app.controller.finish()
    settle(app)
    assert game.is_won
