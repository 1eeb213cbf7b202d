"""What a variant declares about itself: its name, table, cell counts, rules as data, and its texts for people."""

from __future__ import annotations

import re
from typing import Any

import attrs
from attrs import evolve, field, frozen

from patience.i18n import Domain, paragraphs, translate_paragraphs
from patience.moves import MAX_CELLS
from patience.rules import Rules
from patience.texts import _

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
    """One line for people, in English as written (``N_("...")`` marks it for the catalogs):
    :meth:`description_in` gives it in the language in use."""
    rules_text: str = ""
    """The rules for players, in English, as plain text in short paragraphs (blank lines between them;
    ``N_paragraphs("...")`` marks each paragraph for the catalogs). Front ends show
    :meth:`rules_text_in`, the text in the language in use (the window's Help ▸ Rules of <variant>).
    Empty when the plugin gives none."""
    aliases: tuple[str, ...] = ()
    """Other names it answers to (``freecell`` might answer to ``fc``)."""
    family: str = ""
    """The family of games it belongs to, for people, in English as written and marked with ``N_``
    (``FreeCell``, ``Beleaguered Castle``): ``patience variants`` and the window's New Game dialog group
    the games by it, and :meth:`family_in` gives it in the language in use. Empty: listed on its own."""
    plugin: str = ""
    """The name of the plugin that registered it (filled in by the engine when it is registered)."""
    base: str = ""
    """The variant it was derived from (:meth:`derive`); it is dealt as that one is unless its plugin deals it."""
    domain: str = field(default="", eq=False)
    """The gettext domain of its texts, whose catalogs lie in the package of that name
    (``<domain>/locale/<language>/LC_MESSAGES/<domain>.mo``). Empty in a plugin's module: registration
    fills in the registering plugin's import package (``patience_variants`` for
    ``patience_variants.eight_off``). Where the catalogs are is no part of what the variant is, so two
    variants that differ only in it are equal."""

    def __attrs_post_init__(self) -> None:
        if not re.fullmatch(r"[A-Z]{2}", self.prefix):
            raise ValueError(
                _("variant {name}: prefix must be two capital letters, not {prefix}").format(
                    name=self.name, prefix=repr(self.prefix)
                )
            )
        if any(count > MAX_CELLS for count in self.cell_counts):
            raise ValueError(
                _("variant {name}: at most {most} cells can be named, one letter each, not {cells}").format(
                    name=self.name, most=MAX_CELLS, cells=max(self.cell_counts)
                )
            )
        if any(count < self.rules.reserve for count in self.cell_counts):
            raise ValueError(
                _("variant {name}: a reserve of {reserve} cells needs at least {reserve} cells, not {cells}").format(
                    name=self.name, reserve=self.rules.reserve, cells=min(self.cell_counts)
                )
            )
        if self.rules.cell_suits and max(self.cell_counts) > len(self.rules.cell_suits):
            raise ValueError(
                _("variant {name}: {cells} cells need a suit each, and cell_suits names {suits}").format(
                    name=self.name, cells=max(self.cell_counts), suits=len(self.rules.cell_suits)
                )
            )
        if self.default_cells not in self.cell_counts:
            raise ValueError(
                _("variant {name}: default cells {cells} not in {counts}").format(
                    name=self.name, cells=self.default_cells, counts=self.cell_counts
                )
            )

    def derive(self, *, name: str, title: str, prefix: str, **changes: Any) -> Variant:
        """A new variant from this one: its own name, title and code prefix, no aliases, any other changes.

        ``changes`` are :class:`Variant` fields (``cell_counts``,
        ``description``, ...) or :class:`~patience.rules.Rules` fields
        (``empty_columns``, ``scoring``, ...), which change the rules. The
        new variant is dealt as this one is (through this one's
        ``patience_deal``) unless the plugin that registers it deals it
        itself; every other per-variant hook goes to that plugin and the
        defaults. Inside ``patience_register_variants``::

            base = register.get("freecell")
            register(base.derive(name="freecell-3k", title="FreeCell 3K", prefix="FK",
                                 cell_counts=(3,), default_cells=3, empty_columns=EmptyColumns.KINGS_ONLY))
        """
        rule_fields = attrs.fields_dict(Rules)
        own = attrs.fields_dict(Variant)
        unknown = sorted(key for key in changes if key not in rule_fields and key not in own)
        if unknown:
            raise TypeError(f"derive() got {', '.join(unknown)}: neither a Variant nor a Rules field")
        rules = {key: changes.pop(key) for key in list(changes) if key in rule_fields and key not in own}
        if rules:
            changes["rules"] = evolve(changes.get("rules", self.rules), **rules)
        changes.setdefault("aliases", ())
        # The base's texts describe the base's rules, in the base's catalogs: the new variant has its own.
        changes.setdefault("description", "")
        changes.setdefault("rules_text", "")
        changes.setdefault("domain", "")
        return evolve(self, name=name, title=title, prefix=prefix, plugin="", base=self.name, **changes)

    def with_plugin(self, plugin: str, domain: str = "") -> Variant:
        """This variant as registered by ``plugin``, its texts in ``domain`` unless it names its own."""
        own = self.domain or domain
        if self.plugin == plugin and self.domain == own:
            return self
        return evolve(self, plugin=plugin, domain=own)

    def description_in(self, language: str | None = None) -> str:
        """:attr:`description` in ``language`` (the one in use by default), from the plugin's catalog.

        English as written when the plugin has no catalog for the language,
        or its catalog lacks the line.
        """
        if not self.description:
            return ""
        if not self.domain:
            return self.description
        return Domain(self.domain).translations(language).gettext(self.description)

    def family_in(self, language: str | None = None) -> str:
        """:attr:`family` in ``language`` (the one in use by default), from the plugin's catalog."""
        if not self.family or not self.domain:
            return self.family
        return Domain(self.domain).translations(language).gettext(self.family)

    def rules_text_in(self, language: str | None = None) -> str:
        """:attr:`rules_text` in ``language`` (the one in use by default), paragraph by paragraph.

        Each paragraph is a message of the plugin's catalog
        (:func:`patience.i18n.paragraphs` splits them); one the catalog
        lacks, and every one of a plugin with no catalog for the language,
        stays in English. The paragraphs come back joined by blank lines.
        """
        if not self.rules_text.strip():
            return ""
        if not self.domain:
            return "\n\n".join(paragraphs(self.rules_text))
        return translate_paragraphs(Domain(self.domain), self.rules_text, language)

    def answers_to(self, name: str) -> bool:
        """Whether ``name`` (normalised, as :func:`normalise_name` makes it) names this variant.

        Its name, its title, its name without hyphens, an alias, or its code prefix.
        """
        names = {self.name, normalise_name(self.title), *map(normalise_name, self.aliases)}
        bare = {n.replace("-", "") for n in names}
        return name in names or name.replace("-", "") in bare or name.upper() == self.prefix
