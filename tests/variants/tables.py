"""Build positions for rule tests from a few written columns; the cards not named fill spare columns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from patience import Card, Game, Position, Suit, full_deck

FILLER = "*"
"""A column written as ``*`` takes the cards the test does not name."""


def cards(text: str) -> tuple[Card, ...]:
    """``"KH QH JH"`` as cards, covered card first."""
    return tuple(Card.parse(item) for item in text.split())


def table(
    columns: Sequence[str],
    cells: Sequence[str | None] = (),
    *,
    n_columns: int = 8,
    n_cells: int = 8,
    home: Mapping[str, int] | None = None,
) -> Position:
    """A full 52-card position.

    ``columns`` are written covered card first; ``""`` is an empty column and
    ``"*"`` a filler column; missing columns up to ``n_columns`` are fillers.
    ``cells`` are the first cells' cards (``None`` or ``""`` for a free one),
    the others free. ``home`` gives the rank on each
    suit's foundation, by suit letter (``{"S": 4}``). Cards nobody named go to
    the filler columns, highest rank on top so that none of them can go home
    or be played by accident.
    """
    foundations = [0, 0, 0, 0]
    for letter, rank in (home or {}).items():
        foundations[Suit.parse(letter).value] = rank
    named: list[Card] = []
    written: list[tuple[Card, ...] | None] = []
    for text in [*columns, *[FILLER] * (n_columns - len(columns))]:
        if text.strip() == FILLER:
            written.append(None)
        else:
            column = cards(text)
            named.extend(column)
            written.append(column)
    held = [Card.parse(text) if text else None for text in cells]
    named.extend(card for card in held if card is not None)
    held += [None] * (n_cells - len(held))
    home_cards = {Card(rank, suit) for suit in Suit for rank in range(1, foundations[suit.value] + 1)}
    spare = sorted(
        (card for card in full_deck() if card not in named and card not in home_cards),
        key=lambda card: (card.rank, card.suit.value),
    )
    fillers = [i for i, column in enumerate(written) if column is None]
    if spare and not fillers:
        raise AssertionError(f"{len(spare)} cards are not placed and no column is marked {FILLER!r}")
    filled: list[tuple[Card, ...]] = []
    for i, given in enumerate(written):
        filled.append(tuple(spare[fillers.index(i) :: len(fillers)]) if given is None else given)
    position = Position(tuple(filled), tuple(held), (foundations[0], foundations[1], foundations[2], foundations[3]))
    position.validate()
    return position


def game_at(variant: str, position: Position) -> Game:
    """A game of ``variant`` from ``position`` exactly as given (no automatic play before the first action)."""
    return Game.from_position(variant, position, autoplay_first=False)
