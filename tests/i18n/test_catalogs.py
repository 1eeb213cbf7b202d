"""The catalogs are complete: every message of every distribution translated into German and Hungarian.

A distribution keeps its messages in ``src/<domain>/locale/<domain>.pot``
(``python3 tasks.py catalogs`` extracts it) and their translations in
``locale/<language>/LC_MESSAGES/<domain>.po``. These tests fail when a
marked message is missing from the template (it was never extracted), when
a translation is missing, empty or fuzzy, when a translation drops or
renames a placeholder, and when the compiled catalog is not the one read.
"""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from patience.i18n import LANGUAGES, Domain

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def _domains() -> list[tuple[str, Path]]:
    """Every distribution's domain that has a template, with its ``locale`` folder."""
    found = []
    for template in sorted(ROOT.glob("*/*/src/*/locale/*.pot")):
        found.append((template.stem, template.parent))
    return found


DOMAINS = _domains()


def _mapping() -> list[tuple[str, str]]:
    """The extraction methods ``babel.cfg`` names, as ``tasks.py catalogs`` runs them (``N_paragraphs`` split)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, _ = parse_mapping_cfg(handle, str(ROOT / "babel.cfg"))
    return method_map


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def _key(message: Message) -> tuple[str | None, str]:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, ident)


def _fields(text: str) -> set[str]:
    """The ``{placeholder}`` names of a str.format message (``{{`` and ``}}`` are no placeholders)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def test_the_engine_and_at_least_one_domain_have_catalogs() -> None:
    assert "patience" in [domain for domain, _ in DOMAINS]


@pytest.mark.parametrize(("domain", "locale"), DOMAINS, ids=[d for d, _ in DOMAINS])
def test_the_template_holds_every_message_the_sources_mark(domain: str, locale: Path) -> None:
    template = _read(locale / f"{domain}.pot")
    source = locale.parent
    marked = {
        (context, ident if isinstance(ident, str) else ident[0])
        for _, _, ident, _, context in extract_from_dir(str(source.parent), method_map=_mapping())
        if ident
    }
    kept = {_key(message) for message in template if message.id}
    assert marked - kept == set(), "run `python3 tasks.py catalogs`: messages not extracted yet"
    assert kept - marked == set(), "run `python3 tasks.py catalogs`: the template keeps messages no source has"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("domain", "locale"), DOMAINS, ids=[d for d, _ in DOMAINS])
def test_every_message_is_translated_with_its_placeholders(domain: str, locale: Path, language: str) -> None:
    template = _read(locale / f"{domain}.pot")
    po = locale / language / "LC_MESSAGES" / f"{domain}.po"
    assert po.exists(), f"{po.relative_to(ROOT)} is missing: run `python3 tasks.py catalogs`"
    catalog = _read(po, language)
    problems: list[str] = []
    for wanted in template:
        if not wanted.id:
            continue
        found = catalog.get(wanted.id, context=wanted.context)
        name = f"{_key(wanted)}"
        if found is None:
            problems.append(f"{name}: not in the catalog")
            continue
        strings = found.string if isinstance(found.string, tuple | list) else (found.string,)
        if not all(strings):
            problems.append(f"{name}: not translated")
        if found.fuzzy:
            problems.append(f"{name}: fuzzy")
        ids = found.id if isinstance(found.id, tuple | list) else (found.id,)
        expected = set().union(*(_fields(text) for text in ids))
        for text in strings:
            if text and _fields(text) != expected:
                found_fields, wanted_fields = sorted(_fields(text)), sorted(expected)
                problems.append(f"{name}: placeholders {found_fields} where the message has {wanted_fields}")
        for error in found.check(catalog):
            problems.append(f"{name}: {error}")
    assert problems == []


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("domain", "locale"), DOMAINS, ids=[d for d, _ in DOMAINS])
def test_the_compiled_catalog_is_the_one_read(domain: str, locale: Path, language: str) -> None:
    catalog = _read(locale / language / "LC_MESSAGES" / f"{domain}.po", language)
    translations = Domain(domain, locale.parent.name).translations(language)
    stale = []
    for message in catalog:
        if message.id and isinstance(message.id, str):
            if message.context:
                read = translations.pgettext(message.context, message.id)
            else:
                read = translations.gettext(message.id)
            if read != message.string:
                stale.append(_key(message))
    assert stale == [], "the .mo is older than its .po: `python3 tasks.py setup` compiles it"
