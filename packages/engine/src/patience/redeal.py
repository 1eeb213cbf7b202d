"""The redeal: the columns gathered and dealt again, an action of its own (Cruel's, as :class:`Redeal` names it).

:func:`redealt` is the position after a redeal and :func:`redeal_refusal`
says why one is not allowed; :meth:`patience.Game.redeal` plays it as an
undoable action that counts as a move, written ``redeal`` in the game's log
and records.
"""

from __future__ import annotations

from patience.cards import Card
from patience.position import Position
from patience.rules import Redeal, Rules
from patience.texts import _

__all__ = ["REDEAL_WORD", "redeal_refusal", "redealt"]

#: The redeal as the game's log, a record and the terminal write it.
REDEAL_WORD = "redeal"

#: How many cards :attr:`Redeal.FOURS` deals to each column.
_PACK = 4


def redeal_refusal(rules: Rules, position: Position, title: str) -> str | None:
    """Why ``position`` of the variant called ``title`` may not be redealt now, or ``None`` when it may."""
    if rules.redeal is Redeal.NONE:
        return _("{title} has no redeal").format(title=title)
    if position.is_won:
        return _("there is nothing to redeal: the game is won")
    return None


def redealt(rules: Rules, position: Position) -> Position:
    """``position`` after the redeal ``rules`` names: the same cells and foundations, the columns dealt again.

    :attr:`Redeal.FOURS`: the columns are picked up from the first to the
    last, each from its top card down, and the pile is dealt from where the
    pick-up ended, in packs of four: the first four cards picked up become
    the first column (the first one picked up on top), the next four the
    second, and so on. A deal of more cards than four per column gives the
    first columns one card more each, dealt from that pile as PySolFC does.
    """
    if rules.redeal is Redeal.NONE:
        return position
    columns = position.columns
    gathered: list[Card] = [card for column in columns for card in reversed(column)]
    # The pile as it is dealt from, first card first: the gathered cards in fours, each four reversed.
    pile = [card for start in range(0, len(gathered), _PACK) for card in reversed(gathered[start : start + _PACK])]
    sizes = [_PACK] * len(columns)
    for extra in range(len(pile) - _PACK * len(columns)):
        sizes[extra % len(columns)] += 1
    dealt: list[tuple[Card, ...]] = []
    start = 0
    for size in sizes:
        dealt.append(tuple(pile[start : start + size]))
        start += len(dealt[-1])
    return Position(tuple(dealt), position.cells, position.foundations, base=position.base)
