"""A solver's solution, steps by card, placed on real columns and cells and replayed by the game's rules.

Compiled with the engine, so that the replay reads cards, moves and
positions as the native classes they are in that build.

Errors come back as messages, not exceptions: :mod:`patience_solver` turns
them into its ``SolverError`` (an interpreted class, which compiled code
does not subclass).
"""

from __future__ import annotations

from typing import Final

from patience.cards import Suit
from patience.legality import autoplay_moves, check_move
from patience.moves import Move, Place, PlaceKind
from patience.position import HEIGHTS, Position
from patience.rules import AutoPlay, Rules

__all__ = ["CELL", "EMPTY", "HOME", "Step", "autoplay", "place", "replay"]

#: A step's destination when it is no column's top card: a foundation, a free cell, an empty column.
HOME: Final = -1
CELL: Final = -2
EMPTY: Final = -3
#: A move by card, ``(bottom card, count, destination)``: the cards from ``bottom`` (a
#: :attr:`~patience.cards.Card.index`) up move onto the card ``destination``, or to :data:`HOME`,
#: :data:`CELL` or :data:`EMPTY`. With two decks equal cards may lie on two columns, so a step adds which
#: ones: ``(..., source, target)``, each the number of columns whose cards sort before that column's (-1
#: for a cell or no column).
Step = tuple[int, ...]

_FOUNDATION: Final = Place.foundation()
_COLUMN: Final = PlaceKind.COLUMN
_TO_FOUNDATION: Final = PlaceKind.FOUNDATION
_NO_AUTOPLAY: Final = AutoPlay.NONE
#: The suits by :attr:`patience.cards.Suit.value` (a card index // 13).
_SUITS: Final = tuple(Suit)


def replay(
    rules: Rules,
    title: str,
    position: Position,
    steps: list[Step],
    policy: AutoPlay,
    played: list[Move] | None = None,
) -> tuple[Move, ...] | str:
    """The moves of ``steps`` from ``position``, each judged by :func:`~patience.legality.check_move`; or why not.

    Returns the moves when every step is legal and the last one wins, else
    a message that says which step the game refused, or that the steps do
    not win. ``played``, when given, receives each move as it is played, so
    that after a refusal it holds the legal moves before it.

    The game's automatic play (:func:`~patience.legality.autoplay_moves`)
    runs after each move whenever it could move something. Its policies look
    only at a card and the foundations, and it stops when no card it would
    move is left, so after a move that leaves the foundations alone only the
    card the move uncovers can be new to it: when that card is not next for
    its foundation, the automatic play would find nothing and is not asked
    (where only complete suits go home, any move may complete one: it is always asked).
    """
    whole_suit = rules.whole_suit_home
    current = autoplay(policy, position, whole_suit)
    if isinstance(current, str):
        return current
    moves: list[Move] = [] if played is None else played
    # Read once: each read of a rules value's field is a Python-level attribute lookup.
    reserve, cell_suits = rules.reserve, rules.cell_suits
    for step in steps:
        move = place(current, step, reserve, cell_suits)
        if isinstance(move, str):
            return move
        verdict = check_move(rules, current, move, title)
        if not verdict.legal:
            return f"solver move {move} refused by the game: {verdict.reason}"
        current = current.apply(move)
        moves.append(move)
        if policy is _NO_AUTOPLAY:
            continue
        source = move.source
        if move.destination.kind is not _TO_FOUNDATION and not whole_suit:
            if source.kind is not _COLUMN:
                continue  # from a cell: nothing is uncovered, the foundations are as they were
            column = current.columns[source.index or 0]
            if not column or current.home_index(column[-1]) is None:
                continue
        after = autoplay(policy, current, whole_suit)
        if isinstance(after, str):
            return after
        current = after
    if not current.is_won:
        return "the solution does not win the game"
    return tuple(moves)


def autoplay(policy: AutoPlay, position: Position, whole_suit: bool = False) -> Position | str:
    """``position`` after the game's automatic play (or why an automatic move did not go home).

    ``whole_suit`` is :attr:`~patience.rules.Rules.whole_suit_home`: complete suits go home, 13 cards a move.
    """
    autos = autoplay_moves(policy, position, whole_suit=whole_suit)
    if not autos:
        return position
    if whole_suit or position.piles:
        for auto in autos:
            position = position.apply(auto)
        return position
    # Every automatic move takes a top card home: play them all on one copy.
    columns = list(position.columns)
    cells = list(position.cells)
    home = list(position.foundations)
    heights = HEIGHTS[position.base]
    for auto in autos:
        source = auto.source
        at = source.index or 0
        if source.kind is _COLUMN:
            column = columns[at]
            card = column[-1]
            columns[at] = column[:-1]
        else:
            held = cells[at]
            assert held is not None
            card = held
            cells[at] = None
        suit, height = card.index // 13, heights[card.index]
        while home[suit] != height:
            suit += 4  # the suit's next foundation, with two or three decks
            if suit >= len(home):
                return f"automatic move {auto} does not go home"
        home[suit] += 1
    return Position(tuple(columns), tuple(cells), tuple(home), position.base)


def place(position: Position, step: Step, reserve: int = 0, cell_suits: tuple[Suit, ...] = ()) -> Move | str:
    """The real move of a solver step in ``position`` (see :func:`patience_solver.place_step`), or why there is none.

    A card for a cell goes to the first free cell past the first ``reserve`` cells (a reserve takes nothing),
    or with ``cell_suits`` (:attr:`patience.rules.Rules.cell_suits`) to the cell of its suit.
    """
    if len(step) > 3:
        return _place_two_decks(position, step)
    card, count, dest = step[0], step[1], step[2]
    # One deck: each card is in one place. The move is named by numbers first and made (once) from them.
    columns = position.columns
    source = -1
    for i, column in enumerate(columns):
        if len(column) >= count and column[-count].index == card:
            source = i
            break
    else:
        for i, held in enumerate(position.cells):
            if held is not None and held.index == card:
                source = _CELL_CODE + i
                break
        else:
            return f"solver step {step}: card not found where it can move"
    if dest == HOME:
        target = _HOME_CODE
    elif dest == CELL:
        if cell_suits:
            suit = _SUITS[card // 13]
            free = next((i for i, taken in enumerate(cell_suits[: len(position.cells)]) if taken is suit), -1)
            if free >= 0 and position.cells[free] is not None:
                free = -1
        else:
            free = next((i for i in range(reserve, len(position.cells)) if position.cells[i] is None), -1)
        if free < 0:
            return f"solver step {step}: no free cell"
        target = _CELL_CODE + free
    elif dest == EMPTY:
        if () not in columns:
            return f"solver step {step}: no empty column"
        target = columns.index(())
    else:
        for i, column in enumerate(columns):
            if column and column[-1].index == dest:
                target = i
                break
        else:
            return f"solver step {step}: no column has that card on top"
    key = (source * 256 + target) * 256 + count
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(_place_of(source), _place_of(target), count)
    return move


#: How :func:`place` numbers places: columns from 0, cells from ``_CELL_CODE``, the foundation ``_HOME_CODE``.
_CELL_CODE: Final = 100
_HOME_CODE: Final = 200
#: Moves are immutable values: each one :func:`place` names is made once, under its number.
_MOVES: Final[dict[int, Move]] = {}


def _place_of(code: int) -> Place:
    """The place numbered ``code`` (see :data:`_CELL_CODE`)."""
    if code == _HOME_CODE:
        return _FOUNDATION
    return Place.cell(code - _CELL_CODE) if code >= _CELL_CODE else Place.column(code)


def _place_two_decks(position: Position, step: Step) -> Move | str:
    """:func:`place` with two decks, where the step says which of two columns showing equal cards it means."""
    card, count, dest, source_order, target_order = step[0], step[1], step[2], step[3], step[4]
    # The columns' order: their cards as bytes of card indices.
    keys = [bytes([c.index for c in column]) for column in position.columns]
    source: Place | None = None
    if source_order >= 0:
        for i, column in enumerate(position.columns):
            if len(column) >= count and column[-count].index == card:
                if sum(1 for key in keys if key < keys[i]) != source_order:
                    continue
                source = Place.column(i)
                break
    if source is None and source_order < 0:
        for i, held in enumerate(position.cells):
            if held is not None and held.index == card:
                source = Place.cell(i)
                break
    if source is None:
        # A step from a column never takes its card's twin from a cell: the game's automatic play has
        # then sent home another of two equal cards than the search foresaw (the caller searches on).
        return f"solver step {step}: card not found where it can move"
    if dest == HOME:
        target = _FOUNDATION
    elif dest == CELL:
        target = Place.cell(next(i for i, held in enumerate(position.cells) if held is None))
    elif dest == EMPTY:
        target = Place.column(next(i for i, column in enumerate(position.columns) if not column))
    else:
        found: Place | None = None
        for i, column in enumerate(position.columns):
            if column and column[-1].index == dest:
                if target_order >= 0 and sum(1 for key in keys if key < keys[i]) != target_order:
                    continue
                found = Place.column(i)
                break
        if found is None:
            return f"solver step {step}: no column has that card on top"
        target = found
    return Move(source, target, count)
