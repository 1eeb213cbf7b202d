"""The games grouped by family, in the order the front ends list them, and how a typed word finds a game.

:attr:`patience.Variant.family` names a variant's family in English as
written. :func:`by_family` puts the families players know best first (the
free-cell games, then the other open-table builders, the two-deck
families, Spider last), any family it does not know after them in
alphabetical order, and the games without a family last; within a family
the games go by title. :func:`matches` is the New Game search: a part of a
variant's title, name or alias, ignoring case and accents.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from patience.variant import Variant

__all__ = ["FAMILY_ORDER", "by_family", "fold", "matches"]

#: The families in the order they are listed (English, as variants write :attr:`Variant.family`).
FAMILY_ORDER: tuple[str, ...] = (
    "FreeCell",
    "Baker's Game",
    "Beleaguered Castle",
    "Baker's Dozen",
    "Fan",
    "Der Katzenschwanz",
    "Spider",
)


def fold(text: str) -> str:
    """``text`` for comparing as people do: accents dropped, case folded, curly apostrophes made straight."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


def _family_key(family: str) -> tuple[int, int, str]:
    if not family:
        return (2, 0, "")
    if family in FAMILY_ORDER:
        return (0, FAMILY_ORDER.index(family), "")
    return (1, 0, fold(family))


def by_family(variants: Iterable[Variant]) -> list[tuple[str, list[Variant]]]:
    """``variants`` as ``(family, games)`` pairs: families in listing order, ``""`` (no family) last, games by title."""
    groups: dict[str, list[Variant]] = {}
    for variant in variants:
        groups.setdefault(variant.family, []).append(variant)
    return [
        (family, sorted(groups[family], key=lambda variant: (fold(variant.title), variant.name)))
        for family in sorted(groups, key=_family_key)
    ]


def matches(variant: Variant, typed: str) -> bool:
    """Whether ``typed`` is a part of ``variant``'s title, name or an alias, ignoring case and accents.

    An empty (or blank) ``typed`` matches every variant. A hyphen counts as
    a space, so ``castle``, ``d castle`` and ``d-castle`` all find
    Beleaguered Castle.
    """
    wanted = fold(typed).strip().replace("-", " ")
    if not wanted:
        return True
    names = (variant.title, variant.name, *variant.aliases)
    return any(wanted in fold(name).replace("-", " ") for name in names)
