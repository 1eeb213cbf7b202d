"""fc-solve's board format, read and written.

::

    Foundations: H-0 C-0 D-0 S-0
    Freecells: 6S 9C - -
    JD KD 2S 4C 3S 6D
    ...

One line per column, covered card first; an optional leading ``:`` on
column lines is accepted, as fc-solve prints them, and an empty column is a
lone ``:``. ``-`` marks a free cell.

Each foundation is written as its suit and its top card's rank (``0`` when
empty). A game whose foundations start at another rank than the ace
(Penguin) adds a ``Base: 5`` line and its foundations wrap from K to A, so
``S-2`` there is a spades foundation 5 to K, A and 2. A two-deck game
(104 cards) lists eight foundations, the second four after the first:
``Foundations: H-3 C-0 D-0 S-0 H-A C-0 D-0 S-0``; its equal cards are alike
and each is written as it is (``5H`` twice).

Foundations built by rank regardless of suit (Stalactites) hold cards of
mixed suits: each is written as its cards from the base (dealt there) up,
joined by commas: ``Foundations: 9C,TH,JS 5D 2H KC,AH``.
"""

from __future__ import annotations

from patience.cards import RANK_NAMES, Card, Suit
from patience.errors import InvalidBoardError, InvalidCardError
from patience.position import Position
from patience.texts import _, ngettext

__all__ = ["format_board", "parse_board"]

_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)

#: The lines a board holds at most once, by their labels (either spelling), and the name a message gives them.
_ONCE = {
    "base": "Base",
    "foundations": "Foundations",
    "founds": "Foundations",
    "freecells": "Freecells",
    "cells": "Freecells",
}


def format_board(position: Position, *, show_empty_cells: bool = True) -> str:
    """Write ``position`` in fc-solve's format; every cell is shown (``-`` when free)."""
    if position.piles:
        found = " ".join(",".join(str(card) for card in pile) for pile in position.piles)
    else:
        found = " ".join(
            f"{suit.letter}-{_top_rank(position, deck * 4 + suit.value)}"
            for deck in range(position.decks)
            for suit in _FOUNDATION_ORDER
        )
    cells = [str(card) if card is not None else "-" for card in position.cells]
    if not show_empty_cells:
        cells = [c for c in cells if c != "-"]
    lines = [f"Foundations: {found}", "Freecells: " + " ".join(cells)]
    if position.base != 1:
        lines.insert(0, f"Base: {RANK_NAMES[position.base]}")
    # fc-solve writes an empty column as a lone ":" (a blank line would be skipped on reading).
    lines += [" ".join(str(card) for card in column) if column else ":" for column in position.columns]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _top_rank(position: Position, index: int) -> str:
    top = position.foundation_top(index)
    return "0" if top is None else RANK_NAMES[top.rank]


def parse_board(
    text: str, *, columns: int | None = None, cells: int | None = None, decks: int | None = None
) -> Position:
    """Read a board; ``columns``, ``cells`` and ``decks`` give the table's shape when the text does not.

    Without ``decks``, a board that lists eight foundations or holds more
    than 78 cards is read as two decks, twelve or more than 130 as three.

    Raises :class:`InvalidBoardError` naming the line at fault, or the cards
    that are missing or doubled.
    """
    tops = [0] * 12
    base = 1
    piles: list[tuple[Card, ...]] = []
    listed = 0
    cell_cards: list[Card | None] = []
    cells_seen = False
    column_lines: list[tuple[Card, ...]] = []
    # Where each of the lines a board has once was seen: a second one would silently win over the first.
    first_seen: dict[str, int] = {}
    # A byte-order mark, as some editors on Windows write at the start of a file, is not part of the first line.
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or set(line) <= set("-="):
            continue
        head, sep, rest = line.partition(":")
        label = head.strip().lower()
        if sep and label in _ONCE:
            kind = _ONCE[label]
            if kind in first_seen:
                raise InvalidBoardError(
                    # Translators: {kind} is a line's label in fc-solve's format (Foundations, Freecells, Base).
                    _("line {number}: a second {kind}: line (the first is line {first}); a board has one").format(
                        number=number, kind=kind, first=first_seen[kind]
                    )
                )
            first_seen[kind] = number
        if sep and label == "base":
            try:
                base = Card.parse(rest.strip() + "S").rank
            except InvalidCardError:
                raise InvalidBoardError(
                    _("line {number}: {text} is not a rank like 5 or K").format(number=number, text=repr(rest.strip()))
                ) from None
            continue
        if sep and label in ("foundations", "founds"):
            seen: dict[Suit, int] = {}
            listed = max(listed, len(rest.split()))
            if _is_piles(rest.split()):
                piles = [_pile(item, number) for item in rest.split()]
                continue
            for item in rest.split():
                suit_text, _dash, rank_text = item.partition("-")
                try:
                    suit = Suit.parse(suit_text)
                    rank = 0 if rank_text in ("0", "") else Card.parse(rank_text + "S").rank
                except InvalidCardError:
                    raise InvalidBoardError(
                        _("line {number}: {text} is not a foundation like H-0 or S-K").format(
                            number=number, text=repr(item)
                        )
                    ) from None
                # A suit's second foundation (two decks) comes after the first four, its third after the eighth.
                times = seen.get(suit, 0)
                if times == 3:
                    raise InvalidBoardError(
                        _("line {number}: {suit} is listed a fourth time; a board has at most three decks").format(
                            number=number, suit=repr(suit_text)
                        )
                    )
                tops[suit.value + 4 * times] = rank
                seen[suit] = times + 1
            continue
        if sep and label in ("freecells", "cells"):
            cells_seen = True
            for item in _cell_items(rest):
                cell_cards.append(None if item.strip("-") == "" else _card(item, number))
            continue
        if sep and label == "":
            line = rest
        elif sep:
            raise InvalidBoardError(
                _("line {number}: {text} is not a board line (Foundations:, Freecells: or a column)").format(
                    number=number, text=repr(head.strip())
                )
            )
        column_lines.append(tuple(_card(item, number) for item in line.split()))
    if not column_lines and not any(cell_cards) and not any(tops):
        size = 52 * (decks or 1)
        if columns is None:
            empty = _("the board is empty: a board lists its {size} cards, one line per column").format(size=size)
        else:
            empty = _("the board is empty: a board lists its {size} cards in {columns} columns, one line per column")
            empty = empty.format(size=size, columns=columns)
        raise InvalidBoardError(empty)
    if columns is not None and len(column_lines) != columns:
        count = len(column_lines)
        if count < columns:
            wrong = ngettext(
                "the board has {count} column; this game has {columns} (write an empty column as a lone ':')",
                "the board has {count} columns; this game has {columns} (write an empty column as a lone ':')",
                count,
            )
        else:
            wrong = ngettext(
                "the board has {count} column; this game has {columns}",
                "the board has {count} columns; this game has {columns}",
                count,
            )
        raise InvalidBoardError(wrong.format(count=count, columns=columns))
    if not column_lines:
        raise InvalidBoardError(_("the board has no columns"))
    if cells is not None:
        held = sum(card is not None for card in cell_cards)
        if held > cells:
            raise InvalidBoardError(
                ngettext(
                    "the board has {held} cards in cells; this game has {cells} cell",
                    "the board has {held} cards in cells; this game has {cells} cells",
                    cells,
                ).format(held=held, cells=cells)
            )
        if len(cell_cards) > cells:
            raise InvalidBoardError(
                _("the board shows {count} cells; this game has {cells}").format(count=len(cell_cards), cells=cells)
            )
        cell_cards += [None] * (cells - len(cell_cards))
    elif not cells_seen:
        cell_cards = [None] * 4
    # A foundation's count from its top rank: the base is its first card and it wraps from K to A.
    found = [0 if rank == 0 else (rank - base) % 13 + 1 for rank in tops]
    if decks is None:
        loose = sum(len(column) for column in column_lines) + sum(card is not None for card in cell_cards)
        total = loose + sum(found)
        decks = 3 if listed > 8 or total > 130 else 2 if listed > 4 or total > 78 else 1
    found = found[: 4 * decks]
    if piles:
        position = Position.by_rank(tuple(column_lines), tuple(cell_cards), tuple(piles))
    else:
        position = Position(tuple(column_lines), tuple(cell_cards), tuple(found), base)
    position.validate()
    return position


def _is_piles(items: list[str]) -> bool:
    """Whether a ``Foundations:`` line lists foundations by rank: cards joined by commas, not ``H-5``."""
    return any("-" not in item and item != "0" for item in items)


def _pile(item: str, line: int) -> tuple[Card, ...]:
    """One foundation by rank as a ``Foundations:`` line writes it: ``KC,AH,2S``."""
    if "-" in item:
        raise InvalidBoardError(
            _("line {number}: {text} is not a foundation by rank like 9C,TH,JS").format(number=line, text=repr(item))
        )
    return tuple(_card(text, line) for text in item.split(","))


def _cell_items(rest: str) -> list[str]:
    """The cells of a ``Freecells:`` line; ``-`` or, as fc-solve prints them, a blank slot is a free cell.

    fc-solve prints each cell in a 4-character slot and a free one as blanks,
    so a free cell between two full ones shows as a run of spaces, which must
    keep its place: ``Freecells:  6S  9C      6H`` is 6S, 9C, free, 6H.
    """
    if "-" in rest or "    " not in rest:
        return rest.split()
    return [rest[i : i + 4].strip() or "-" for i in range(0, len(rest), 4)]


def _card(text: str, line: int) -> Card:
    try:
        return Card.parse(text)
    except InvalidCardError as error:
        # Translators: {problem} is a whole sentence saying what is wrong with a card on that line.
        raise InvalidBoardError(_("line {number}: {problem}").format(number=line, problem=error)) from None
