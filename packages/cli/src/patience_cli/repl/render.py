"""The table as text: cells and foundations on top, columns side by side, covered cards visible.

Everything here reads the game; nothing decides a rule. The board comes out
as prompt_toolkit formatted text (style class, text) pairs, so the same
drawing serves the coloured prompt and, joined, plain output.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.styles import Style

from patience import Card, Game, Place, Suit
from patience.cardnames import display
from patience.i18n import format_deal
from patience_cli.encoding import can_show_suits
from patience_cli.texts import _, pgettext

__all__ = [
    "SLOT",
    "board_fragments",
    "card_fragment",
    "plain",
    "plain_board",
    "repl_style",
    "status_text",
    "toolbar_text",
    "use_colour",
]

#: Width of one card slot; ``♥10`` plus room to breathe, so 10 columns fit in 50 characters.
SLOT = 5

_COLOURED = {
    "card.red": "ansired",
    "card.black": "",
    "card.top": "bold",
    "label": "ansicyan",
    "empty": "ansibrightblack",
    "echo": "ansibrightblack",
    "error": "ansired",
    "win": "ansigreen bold",
    "hint": "ansiyellow",
    "info": "",
    "bottom-toolbar": "noreverse bg:ansiblue ansiwhite",
}
_PLAIN = {
    "card.red": "",
    "card.black": "",
    "card.top": "bold",
    "label": "underline",
    "empty": "",
    "echo": "",
    "error": "bold",
    "win": "bold",
    "hint": "bold",
    "info": "",
    "bottom-toolbar": "reverse",
}


def use_colour() -> bool:
    """Colour unless the user set ``NO_COLOR`` (https://no-color.org)."""
    return not os.environ.get("NO_COLOR")


def repl_style(colour: bool | None = None) -> Style:
    """The REPL's style: red and black cards in colour, or no colour at all."""
    return Style.from_dict(_COLOURED if (use_colour() if colour is None else colour) else _PLAIN)


def card_fragment(card: Card, *, top: bool = False) -> tuple[str, str]:
    """One card as a (style, text) pair: ``♥10`` in the red style."""
    style = "class:card.red" if card.colour.value == "red" else "class:card.black"
    if top:
        style += " class:card.top"
    # A terminal that cannot show suit symbols (a C locale, Latin-1) gets the letters: AS, TH.
    return style, display(card) if can_show_suits() else str(card)


def _slot(fragment: tuple[str, str], width: int = SLOT) -> StyleAndTextTuples:
    style, text = fragment
    return [(style, text), ("", " " * max(width - len(text), 1))]


def _empty(width: int = SLOT, mark: str | None = None) -> StyleAndTextTuples:
    if mark is None:
        mark = "·" if can_show_suits() else "."
    return [("class:empty", mark), ("", " " * max(width - len(mark), 1))]


#: The widest a card is drawn (``♥10``): every width below is worked out for it, so the layout chosen
#: for a game never changes as its cards move.
CARD = 3


@dataclass(frozen=True)
class Layout:
    """How the table is drawn: the width of a card slot, and whether the foundations share the cells' row.

    ``gap`` is the space between the cells and the foundations when they
    share a row.
    """

    slot: int = SLOT
    gap: int = 3
    one_top_row: bool = True

    def width(self, cells: int, foundations: int, columns: int) -> int:
        """The most characters a line of a table with these counts takes in this layout."""

        def row(slots: int, start: int = 1) -> int:
            return start + (slots - 1) * self.slot + CARD if slots else 0

        if self.one_top_row:
            top = row(foundations, 1 + cells * self.slot + self.gap)
        else:
            top = max(row(cells), row(foundations))
        return max(top, row(columns))


#: The layouts, widest first: the first that fits the terminal is drawn.
LAYOUTS = (
    Layout(),
    Layout(gap=1),
    Layout(one_top_row=False),
    Layout(slot=SLOT - 1, gap=1),
    Layout(slot=SLOT - 1, one_top_row=False),
)


def board_layout(game: Game, width: int | None = None) -> tuple[Layout, int]:
    """The layout to draw ``game`` in ``width`` columns (``None``: no limit) and the width it needs.

    When no layout fits, the narrowest is given, with a width more than ``width``.
    """
    position = game.position
    counts = (len(position.cells), len(position.foundations), len(position.columns))
    if width is None:
        return LAYOUTS[0], LAYOUTS[0].width(*counts)
    narrowest = min(LAYOUTS, key=lambda layout: layout.width(*counts))
    chosen = next((layout for layout in LAYOUTS if layout.width(*counts) <= width), narrowest)
    return chosen, chosen.width(*counts)


def board_fragments(game: Game, width: int | None = None) -> StyleAndTextTuples:
    """The whole table, ending with a newline, in ``width`` columns (``None``: the widest layout).

    The first line labels the cells with their notation letters (only the
    cells in play) and the foundation with ``h``; the second shows what they
    hold. Below, each column is labelled with its number and lists its cards
    from the covered card down to the top card. In a narrow terminal the
    foundations move to their own rows below the cells and then the slots
    narrow (see :data:`LAYOUTS`); a table that fits no layout is drawn in
    the narrowest, with one line below it saying how wide it needs the
    terminal to be.
    """
    layout, needed = board_layout(game, width)
    slot = layout.slot
    position = game.position
    gap: StyleAndTextTuples = [("", " " * layout.gap)]
    lines: list[StyleAndTextTuples] = []
    # Labels: the cells in play, then the foundations (one slot per suit, all called h).
    labels: StyleAndTextTuples = [("", " ")]
    for i in range(len(position.cells)):
        labels.append(("class:label", str(Place.cell(i)).ljust(slot)))
    held: StyleAndTextTuples = [("", " ")]
    for card in position.cells:
        held.extend(_empty(slot) if card is None else _slot(card_fragment(card), slot))
    home: StyleAndTextTuples = []
    for index in range(len(position.foundations)):
        suit = Suit(index % 4)
        top = position.foundation_top(index)
        mark = (suit.symbol if can_show_suits() else suit.letter) + "-"
        home.extend(_slot(card_fragment(top), slot) if top is not None else _empty(slot, mark=mark))
    if layout.one_top_row:
        lines.append([*labels, *gap, ("class:label", "h")])
        lines.append([*held, *gap, *home])
    else:
        if position.cells:
            lines += [labels, held]
        lines += [[("", " "), ("class:label", "h")], [("", " "), *home]]
    lines.append([])
    columns = position.columns
    lines.append([("", " "), *[("class:label", str(i + 1).ljust(slot)) for i in range(len(columns))]])
    height = max((len(column) for column in columns), default=0)
    for row in range(max(height, 1)):
        line: StyleAndTextTuples = [("", " ")]
        for column in columns:
            if row < len(column):
                line.extend(_slot(card_fragment(column[row], top=row == len(column) - 1), slot))
            elif row == 0:
                line.extend(_empty(slot))
            else:
                line.append(("", " " * slot))
        lines.append(line)
    if width is not None and needed > width:
        lines.append(
            [
                (
                    "class:error",
                    _("this table needs {needed} columns and the terminal has {width}: widen it").format(
                        needed=needed, width=width
                    ),
                )
            ]
        )
    out: StyleAndTextTuples = []
    for line in lines:
        out.extend(_rstrip(line))
        out.append(("", "\n"))
    return out


def _rstrip(line: StyleAndTextTuples) -> StyleAndTextTuples:
    """Drop trailing padding so plain output has no ragged spaces."""
    line = list(line)
    while line and not line[-1][1].strip():
        line.pop()
    if line:
        style, text = line[-1][0], line[-1][1]
        line[-1] = (style, text.rstrip())
    return line


def plain(fragments: StyleAndTextTuples) -> str:
    """The text of formatted fragments without their styles."""
    return "".join(fragment[1] for fragment in fragments)


#: The width plain output is fitted to: an 80-column terminal's, the width a pipe or a log is read at.
PLAIN_WIDTH = 80


def plain_board(game: Game, width: int = PLAIN_WIDTH) -> str:
    """The table as plain text (for pipes and logs), in the widest layout that fits ``width`` columns."""
    return plain(board_fragments(game, width)).rstrip("\n")


#: The width the bottom toolbar is fitted to when the terminal's is not known: an 80-column terminal's.
TOOLBAR_WIDTH = 80


@dataclass(frozen=True)
class _Bar:
    """One way to write the status bar, from the longest (``FreeCell #1 FC1-C4-... │ score 0 │ ...``) down."""

    title: bool = True
    long_run: bool = True
    long_note: bool = True
    long_labels: bool = True
    code: bool = True
    deal: bool = True
    separator: str = " │ "


#: How the toolbar shrinks when it does not fit, widest first: the run's label, the note and the title
#: shorten or go, then the labels, then the code (the deal number still says which deal), then the spaces
#: around the separators, then the deal number. Score, moves, cards home and the run stay to the last.
_BARS = (
    _Bar(),
    _Bar(long_run=False),
    _Bar(long_run=False, long_note=False),
    _Bar(title=False, long_run=False, long_note=False),
    _Bar(title=False, long_run=False, long_note=False, long_labels=False),
    _Bar(title=False, long_run=False, long_note=False, long_labels=False, code=False),
    _Bar(title=False, long_run=False, long_note=False, long_labels=False, code=False, separator="│"),
    _Bar(title=False, long_run=False, long_note=False, long_labels=False, code=False, deal=False, separator="│"),
)


def _status_parts(game: Game, bar: _Bar) -> list[str]:
    deal = f"#{format_deal(game.deal)}" if game.deal is not None and bar.deal else ""
    code = game.code if game.code and bar.code else ""
    # Translators: the toolbar's name for a game started from a position, which has no deal number or code.
    ident = " ".join(word for word in (deal, code) if word) or ("" if game.code else pgettext("toolbar", "(position)"))
    parts = [" ".join(word for word in (game.variant.title if bar.title else "", ident) if word)]
    if bar.long_labels:
        parts.append(pgettext("toolbar", "score {score}").format(score=game.score))
        parts.append(pgettext("toolbar", "moves {moves}").format(moves=game.moves))
    else:
        # Translators: the toolbar's short label for the score, when the terminal is narrow.
        parts.append(pgettext("toolbar", "sc {score}").format(score=game.score))
        # Translators: the toolbar's short label for the moves, when the terminal is narrow.
        parts.append(pgettext("toolbar", "mv {moves}").format(moves=game.moves))
    # Translators: the toolbar: how many cards are on the foundations.
    parts.append(pgettext("toolbar", "home {home}").format(home=game.cards_home))
    if game.is_won:
        parts.append(pgettext("toolbar", "won"))
    elif game.gave_up:
        parts.append(pgettext("toolbar", "given up"))
    else:
        # The formula grows with every empty column (Seahaven: 5 × 2^9), but no run is longer than the cards in play.
        in_play = 13 * len(game.position.foundations) - game.cards_home
        most, to_empty = min(game.max_group, in_play), min(game.max_group_to_empty, in_play)
        if not to_empty:
            # Translators: the toolbar: how many cards move at once.
            parts.append(pgettext("toolbar", "run {most}").format(most=most))
        elif bar.long_run:
            # Translators: the toolbar: how many cards move at once onto a card, and into an empty column.
            parts.append(pgettext("toolbar", "run {most} ({to_empty} to empty)").format(most=most, to_empty=to_empty))
        else:
            # Translators: the toolbar's short form of "run 10 (5 to empty)", when the terminal is narrow.
            parts.append(pgettext("toolbar", "run {most}/{to_empty}").format(most=most, to_empty=to_empty))
    return [part for part in parts if part]


def status_text(game: Game, note: str = "", width: int = TOOLBAR_WIDTH - 1) -> str:
    """Variant, deal number, code, score, moves, cards home and how many cards move at once, in ``width`` columns.

    ``run N (M to empty)``: N cards move at once onto a card, M into an
    empty column. When that does not fit, the labels shorten (``run N/M``,
    ``sc``, ``mv``), the note shrinks (``hint…``), the title goes, then the
    code, the spaces around the separators and the deal number (see
    :data:`_BARS`), so that score, moves, cards home and the run show in
    40 columns.
    """
    text = ""
    for bar in _BARS:
        parts = _status_parts(game, bar)
        if note:
            parts.append(note if bar.long_note else note.split(":")[0].rstrip("…") + "…")
        text = bar.separator.join(parts)
        if len(text) <= width:
            return text
    return text[: max(width - 1, 0)] + "…"


def toolbar_text(game: Game, note: str = "", width: int = TOOLBAR_WIDTH) -> StyleAndTextTuples:
    """The bottom toolbar in a terminal ``width`` columns wide: :func:`status_text`, with an optional note."""
    return [("class:bottom-toolbar.text", " " + status_text(game, note, width - 1))]
