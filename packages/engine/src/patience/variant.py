"""What a variant declares about itself: its name, table, cell counts and rules as data."""

from __future__ import annotations

import re

from attrs import field, frozen

from patience.rules import Rules

__all__ = ["Variant", "normalise_name"]


def normalise_name(name: str) -> str:
    """``"Eight Off"``, ``"eight_off"`` and ``"eight-off"`` all become ``eight-off``."""
    return re.sub(r"[\s_'’]+", "-", name.strip().lower()).replace("--", "-")


@frozen
class Variant:
    """A variant as registered by a plugin through ``patience_register_variants``.

    The rules are data (:class:`~patience.rules.Rules`); the engine's default
    hooks read them, and a plugin overrides a hook only for something the data
    cannot say.
    """

    name: str = field(converter=normalise_name)
    """The name used on the command line: ``eight-off``."""
    title: str
    """The name for people: ``Eight Off``."""
    prefix: str
    """The two capital letters that start its game codes: ``EO``."""
    columns: int
    cell_counts: tuple[int, ...]
    """The cell counts it offers; only that many cells are shown."""
    default_cells: int
    rules: Rules
    description: str = ""
    rules_text: str = ""
    """The rules for players, as plain text in short paragraphs (blank lines between them): front ends
    show it as it is (the window's Help ▸ Rules of <variant>). Empty when the plugin gives none."""
    aliases: tuple[str, ...] = ()
    """Other names it answers to (``freecell`` might answer to ``fc``)."""
    plugin: str = ""
    """The name of the plugin that registered it (filled in by the engine)."""

    def __attrs_post_init__(self) -> None:
        if not re.fullmatch(r"[A-Z]{2}", self.prefix):
            raise ValueError(f"variant {self.name}: prefix must be two capital letters, not {self.prefix!r}")
        if self.default_cells not in self.cell_counts:
            raise ValueError(f"variant {self.name}: default cells {self.default_cells} not in {self.cell_counts}")
