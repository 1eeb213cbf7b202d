"""Cards, places, moves and positions: frozen values in both builds, native classes in the compiled one.

They are declared with ``attr.s`` and write their own ``__init__``, so that
mypyc compiles them as native classes; these tests hold them to what an
attrs value promises (equality, hashing, ``attrs.evolve``, no change after
it is made, pickle and copy) whichever build runs.
"""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError

from patience import Card, Game, Move, Place, Position
from patience._build import is_compiled
from patience.cards import Suit
from patience.errors import InvalidCardError, InvalidMoveError


def values() -> list[Card | Place | Move | Position]:
    position = Game.new("freecell", deal=11982).position
    return [
        Card.parse("TD"),
        Place.column(3),
        Place.foundation(Suit.HEARTS),
        Move.parse("23v4"),
        Move.parse("a5"),
        position,
        position.apply(Move.parse("1a")),
        Game.new("stalactites", deal=3).position,  # foundations by rank: piles
    ]


@pytest.mark.parametrize("value", values(), ids=lambda value: type(value).__name__)
def test_a_value_survives_pickle_and_copy_equal_with_the_same_hash(value: Card | Place | Move | Position) -> None:
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert again == value
        assert hash(again) == hash(value)
        assert type(again) is type(value)
        assert repr(again) == repr(value)


@pytest.mark.parametrize("value", values(), ids=lambda value: type(value).__name__)
def test_a_value_refuses_a_change_after_it_is_made(value: Card | Place | Move | Position) -> None:
    field = attrs.fields(type(value))[0].name
    before = repr(value)
    with pytest.raises(FrozenInstanceError):
        setattr(value, field, None)
    with pytest.raises(FrozenInstanceError):
        delattr(value, field)
    new_name = "note"
    with pytest.raises(FrozenInstanceError):
        setattr(value, new_name, "x")
    assert repr(value) == before


def test_evolve_makes_a_changed_copy_and_checks_it_as_the_constructor_does() -> None:
    card = Card.parse("TD")
    assert attrs.evolve(card, rank=3) == Card(3, Suit.DIAMONDS)
    assert attrs.evolve(card, rank=3).index == Card(3, Suit.DIAMONDS).index == 28
    move = Move.parse("3a")
    assert attrs.evolve(move, count=2) == Move(Place.column(2), Place.cell(0), 2)
    position = Game.new("freecell", deal=1).position
    turned = attrs.evolve(position, columns=tuple(reversed(position.columns)))
    assert turned.columns[0] == position.columns[-1] and turned.cells == position.cells
    with pytest.raises(InvalidCardError):
        attrs.evolve(card, rank=14)
    with pytest.raises(InvalidMoveError):
        attrs.evolve(move, count=0)
    with pytest.raises(InvalidMoveError):
        attrs.evolve(move, destination=Place.foundation(Suit.SPADES))


def test_equal_values_made_apart_are_equal_and_hash_alike() -> None:
    assert Card(10, Suit.DIAMONDS) == Card.parse("10d") and Card(10, Suit.DIAMONDS) is not Card.parse("10d")
    assert hash(Card.parse("AS")) == Card.parse("AS").index
    assert Card.parse("AS") != Card.parse("AH")
    assert Move.parse("23v4") == Move(Place.column(1), Place.column(2), 4)
    assert Move.parse("23v4") != Move.parse("23v3")
    one, two = Game.new("freecell", deal=5).position, Game.new("freecell", deal=5).position
    assert one == two and one is not two and hash(one) == hash(two)
    assert len({one, two, one.apply(Move.parse("1a"))}) == 2


def test_the_compiled_build_makes_them_native_classes_and_the_pure_build_ordinary_subclassable_ones() -> None:
    compiled = is_compiled()
    for value in values():
        assert hasattr(value, "__dict__") is not compiled, type(value).__name__
    dealt = Game.new("freecell", deal=1).position
    made = {
        Card: (10, Suit.DIAMONDS),
        Place: Place.cell(1).__reduce__()[1],
        Move: Move.parse("3a").__reduce__()[1],
        Position: (dealt.columns, dealt.cells),
    }
    for cls, args in made.items():
        sub = type("Sub", (cls,), {})
        if compiled:
            with pytest.raises(TypeError, match="interpreted classes cannot inherit from compiled"):
                sub(*args)
        else:
            value = sub(*args)
            assert isinstance(value, cls)
            for again in (copy.copy(value), copy.deepcopy(value)):
                assert type(again) is sub and again == value
