"""The table as text: cells and foundations on top, columns side by side, covered cards visible.

Everything here reads the game; nothing decides a rule. The board comes out
as prompt_toolkit formatted text (style class, text) pairs, so the same
drawing serves the coloured prompt and, joined, plain output.
"""

from __future__ import annotations

import os

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.styles import Style

from patience import Card, Game, Place, Suit
from patience_cli.encoding import can_show_suits

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
    return style, card.display if can_show_suits() else str(card)


def _slot(fragment: tuple[str, str], width: int = SLOT) -> StyleAndTextTuples:
    style, text = fragment
    return [(style, text), ("", " " * max(width - len(text), 1))]


def _empty(width: int = SLOT, mark: str | None = None) -> StyleAndTextTuples:
    if mark is None:
        mark = "·" if can_show_suits() else "."
    return [("class:empty", mark), ("", " " * (width - len(mark)))]


def board_fragments(game: Game) -> StyleAndTextTuples:
    """The whole table, ending with a newline.

    The first line labels the cells with their notation letters (only the
    cells in play) and the foundation with ``h``; the second shows what they
    hold. Below, each column is labelled with its number and lists its cards
    from the covered card down to the top card.
    """
    position = game.position
    gap: StyleAndTextTuples = [("", "   ")]
    lines: list[StyleAndTextTuples] = []
    # Labels: the cells in play, then the foundations (one slot per suit, all called h).
    labels: StyleAndTextTuples = [("", " ")]
    for i in range(len(position.cells)):
        labels.append(("class:label", str(Place.cell(i)).ljust(SLOT)))
    lines.append([*labels, *gap, ("class:label", "h")])
    held: StyleAndTextTuples = [("", " ")]
    for card in position.cells:
        held.extend(_empty() if card is None else _slot(card_fragment(card)))
    held.extend(gap)
    for index in range(len(position.foundations)):
        suit = Suit(index % 4)
        top = position.foundation_top(index)
        mark = (suit.symbol if can_show_suits() else suit.letter) + "-"
        held.extend(_slot(card_fragment(top)) if top is not None else _empty(mark=mark))
    lines.append(held)
    lines.append([])
    columns = position.columns
    lines.append([("", " "), *[("class:label", str(i + 1).ljust(SLOT)) for i in range(len(columns))]])
    height = max((len(column) for column in columns), default=0)
    for row in range(max(height, 1)):
        line: StyleAndTextTuples = [("", " ")]
        for column in columns:
            if row < len(column):
                line.extend(_slot(card_fragment(column[row], top=row == len(column) - 1)))
            elif row == 0:
                line.extend(_empty())
            else:
                line.append(("", " " * SLOT))
        lines.append(line)
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


def plain_board(game: Game) -> str:
    """The table as plain text (for pipes and logs)."""
    return plain(board_fragments(game)).rstrip("\n")


#: The widest the bottom toolbar may be: it fits an 80-column terminal.
TOOLBAR_WIDTH = 80

#: How the toolbar shrinks when it does not fit: (title, long run label, long note, long labels), widest first.
_LAYOUTS = (
    (True, True, True, True),
    (True, False, True, True),
    (True, False, False, True),
    (False, False, False, True),
    (False, False, False, False),
)


def _status_parts(game: Game, *, title: bool, long_run: bool, long_labels: bool) -> list[str]:
    deal = f"#{game.deal} " if game.deal is not None else ""
    ident = f"{deal}{game.code}" if game.code else "(position)"
    parts = [f"{game.variant.title} {ident}" if title else ident]
    score, moves = ("score", "moves") if long_labels else ("sc", "mv")
    parts += [f"{score} {game.score}", f"{moves} {game.moves}", f"home {game.cards_home}"]
    if game.is_won:
        parts.append("won")
    elif game.gave_up:
        parts.append("given up")
    else:
        # The formula grows with every empty column (Seahaven: 5 × 2^9), but no run is longer than the cards in play.
        in_play = 13 * len(game.position.foundations) - game.cards_home
        most, to_empty = min(game.max_group, in_play), min(game.max_group_to_empty, in_play)
        if not to_empty:
            parts.append(f"run {most}")
        else:
            parts.append(f"run {most} ({to_empty} to empty)" if long_run else f"run {most}/{to_empty}")
    return parts


def status_text(game: Game, note: str = "", width: int = TOOLBAR_WIDTH - 1) -> str:
    """Variant, deal number, code, score, moves, cards home and how many cards move at once, in ``width`` columns.

    ``run N (M to empty)``: N cards move at once onto a card, M into an
    empty column. When that does not fit, the labels shorten (``run N/M``,
    ``sc``, ``mv``), the note shrinks (``hint…``) and the title goes; the code
    stays, since it names the variant too.
    """
    text = ""
    for title, long_run, long_note, long_labels in _LAYOUTS:
        parts = _status_parts(game, title=title, long_run=long_run, long_labels=long_labels)
        if note:
            parts.append(note if long_note else note.split(":")[0].rstrip("…") + "…")
        text = " │ ".join(parts)
        if len(text) <= width:
            return text
    return text[: width - 1] + "…"


def toolbar_text(game: Game, note: str = "") -> StyleAndTextTuples:
    """The bottom toolbar: :func:`status_text` with an optional note (the hint being worked out), within 80 columns."""
    return [("class:bottom-toolbar.text", " " + status_text(game, note, TOOLBAR_WIDTH - 1))]
