"""A variant's description and rules in the language in use, from its plugin's own catalogs.

The shipped variants (``patience_variants``) and the four examples (each
its own distribution and domain) give German and Hungarian texts,
paragraph by paragraph, with every number of the English kept; a text or
paragraph a catalog lacks stays in English.
"""

from __future__ import annotations

import io
import re

import attrs
import pytest

import patience
from patience.i18n import PSEUDO_LANGUAGE, paragraphs, speaking
from patience.i18n.extract import extract

VARIANTS = {
    "eight-off": "patience_variants",
    "freecell": "patience_variants",
    "bakers-game": "patience_variants",
    "seahaven-towers": "patience_variants",
    "forecell": "patience_forecell",
    "penguin": "patience_penguin",
    "double-freecell": "patience_double_freecell",
    "eight-off-vegas": "patience_eight_off_vegas",
}
TRANSLATED = ("de", "hu")


def _numbers(text: str) -> set[str]:
    """The numbers a text names (a Hungarian ``6-6``, "six each", names 6 twice: it counts once)."""
    return set(re.findall(r"\d+", text))


@pytest.mark.parametrize("name", VARIANTS)
def test_each_variant_reads_the_catalogs_of_the_plugin_that_registers_it(name: str) -> None:
    assert patience.get_variant(name).domain == VARIANTS[name]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", VARIANTS)
def test_every_paragraph_of_the_rules_and_the_description_are_translated(name: str, language: str) -> None:
    variant = patience.get_variant(name)
    english = paragraphs(variant.rules_text)
    shown = variant.rules_text_in(language).split("\n\n")
    assert len(english) >= 5
    assert len(shown) == len(english)
    assert [paragraph for paragraph, text in zip(english, shown, strict=True) if paragraph == text] == []
    assert variant.description_in(language) not in ("", variant.description)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", VARIANTS)
def test_the_translated_rules_keep_every_number_of_the_english(name: str, language: str) -> None:
    variant = patience.get_variant(name)
    pairs = zip(paragraphs(variant.rules_text), variant.rules_text_in(language).split("\n\n"), strict=True)
    changed = [(english, text) for english, text in pairs if _numbers(english) != _numbers(text)]
    assert changed == []
    assert _numbers(variant.description_in(language)) == _numbers(variant.description)


def test_the_language_in_use_decides_and_english_is_the_text_as_written() -> None:
    variant = patience.get_variant("seahaven-towers")
    with speaking("hu"):
        assert variant.description_in().startswith("10 oszlop 5-5 lappal")
        assert "az első kettőben kezd" in variant.rules_text_in()
    with speaking("de"):
        assert "Nur Könige" not in variant.description_in() and "nur Könige" in variant.description_in()
    with speaking("en"):
        assert variant.rules_text_in() == "\n\n".join(paragraphs(variant.rules_text))
        assert variant.description_in() == variant.description


def test_every_paragraph_goes_through_the_catalog() -> None:
    variant = patience.get_variant("penguin")
    with speaking(PSEUDO_LANGUAGE):
        shown = variant.rules_text_in().split("\n\n")
    assert shown == [f"[{paragraph}]" for paragraph in paragraphs(variant.rules_text)]


def test_a_paragraph_the_catalog_lacks_stays_english_and_the_others_are_translated() -> None:
    freecell = patience.get_variant("freecell")
    extra = "A paragraph that no catalog has."
    changed = attrs.evolve(freecell, rules_text=f"{freecell.rules_text}\n\n{extra}\n")
    shown = changed.rules_text_in("de").split("\n\n")
    assert shown[-1] == extra
    assert shown[:-1] == freecell.rules_text_in("de").split("\n\n")


def test_a_derived_variant_has_its_own_texts_not_its_bases() -> None:
    eight_off = patience.get_variant("eight-off")
    derived = eight_off.derive(name="eight-off-x", title="Eight Off X", prefix="XE")
    assert (derived.description, derived.rules_text, derived.domain) == ("", "", "")
    vegas = patience.get_variant("eight-off-vegas")
    assert "−52" in vegas.rules_text_in("hu") and "−52" in vegas.rules_text_in("de")


def test_a_variant_never_registered_shows_its_english() -> None:
    variant = attrs.evolve(patience.get_variant("freecell"), domain="")
    assert variant.rules_text_in("de") == "\n\n".join(paragraphs(variant.rules_text))
    assert variant.description_in("hu") == variant.description


def test_paragraphs_are_the_parts_between_blank_lines() -> None:
    text = "First line\nsame paragraph.\n\n  Second.  \n \t\n\n\nThird.\n"
    assert paragraphs(text) == ["First line\nsame paragraph.", "Second.", "Third."]


def test_extraction_splits_marked_rules_into_paragraphs_and_keeps_other_messages() -> None:
    source = (
        "from patience.i18n import N_, N_paragraphs, Domain\n"
        "_ = Domain('x')\n"
        'RULES = N_paragraphs("""\\\n'
        "Goal: all cards home.\n"
        "\n"
        "Columns: build \\\n"
        "down.\n"
        '""")\n'
        "DESCRIPTION = N_('One line.')\n"
        "# Translators: a count\n"
        "_.ngettext('{n} card', '{n} cards', 2)\n"
    )
    found = list(extract(io.BytesIO(source.encode()), ["N_", "ngettext"], ["Translators:"], {}))
    messages = [(funcname, message) for _, funcname, message, _ in found]
    assert messages == [
        (None, "Goal: all cards home."),
        (None, "Columns: build down."),
        ("N_", "One line."),
        ("ngettext", ("{n} card", "{n} cards", None)),
    ]
    assert found[-1][3] == ["Translators: a count"]
