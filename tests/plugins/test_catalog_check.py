"""The kit's catalog check (patience.testing.check_catalogs) on plugins defined here, each a real package.

Each plugin is written into a folder of its own on ``sys.path``: a module
that registers a FreeCell-like variant with a description, rules of two
paragraphs and one message with a placeholder, and, where the test wants
them, catalogs beside it (``locale/<language>/LC_MESSAGES/<package>.po``,
compiled to ``.mo`` as the build hook compiles them).
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pluggy
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

import patience
from patience import Variant
from patience.testing import ConformanceError, check_catalogs, check_variant

DESCRIPTION = "FreeCell with a plugin's own texts."
GOAL = "Goal: every card to the foundations."
COLUMNS = "Columns: build down in alternating colours."
REFUSAL = "{cards} cards do not fit there"

GERMAN = {
    DESCRIPTION: "FreeCell mit den eigenen Texten eines Plugins.",
    GOAL: "Ziel: alle Karten auf die Ablagen.",
    COLUMNS: "Spalten: absteigend in wechselnden Farben bauen.",
    REFUSAL: "{cards} Karten passen dort nicht hin",
}
HUNGARIAN = {
    DESCRIPTION: "FreeCell egy bővítmény saját szövegeivel.",
    GOAL: "Cél: minden lapot az alapokra juttatni.",
    COLUMNS: "Oszlopok: lefelé építés váltakozó színekkel.",
    REFUSAL: "{cards} lap nem fér oda",
}

SOURCE = '''\
"""A plugin defined by a test."""

from patience import Registrar, hookimpl
from patience.i18n import N_, N_paragraphs, Domain

_ = Domain({package!r})

RULES_TEXT = N_paragraphs("""\\
{goal}

{columns}
""")


def refusal(cards: int) -> str:
    return _.gettext({refusal!r}).format(cards=cards)


@hookimpl
def patience_register_variants(register: Registrar) -> None:
    base = register.get("freecell")
    register(base.derive(name={name!r}, title={title!r}, prefix={prefix!r}, description=N_({description!r}),
                         rules_text=RULES_TEXT))
'''


def _plugin(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    package: str,
    prefix: str,
    catalogs: dict[str, dict[str, str]],
    fuzzy: frozenset[str] = frozenset(),
) -> tuple[Variant, pluggy.PluginManager]:
    """Write the plugin ``package`` with ``catalogs`` (language -> English -> translation), register it, its variant."""
    folder = tmp_path / package
    folder.mkdir()
    name = package.replace("_", "-")
    source = SOURCE.format(
        package=package,
        goal=GOAL,
        columns=COLUMNS,
        refusal=REFUSAL,
        name=name,
        title=name.title(),
        prefix=prefix,
        description=DESCRIPTION,
    )
    (folder / "__init__.py").write_text(textwrap.dedent(source), encoding="utf-8")
    for language, translations in catalogs.items():
        catalog = Catalog(locale=language, domain=package)
        for english, translated in translations.items():
            catalog.add(english, translated, flags=("fuzzy",) if english in fuzzy else ())
        where = folder / "locale" / language / "LC_MESSAGES"
        where.mkdir(parents=True)
        with (where / f"{package}.po").open("wb") as handle:
            write_po(handle, catalog)
        with (where / f"{package}.mo").open("wb") as handle:
            write_mo(handle, catalog)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, package, raising=False)
    module = importlib.import_module(package)
    pm = patience.make_plugin_manager()
    pm.register(module, name=package)
    return patience.get_variant(name, pm), pm


def test_a_plugin_whose_catalogs_translate_everything_passes_and_shows_its_texts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant, _ = _plugin(tmp_path, monkeypatch, "kit_complete", "KA", {"de": GERMAN, "hu": HUNGARIAN})
    assert variant.domain == "kit_complete"
    assert check_catalogs(variant) == []
    assert variant.rules_text_in("de") == f"{GERMAN[GOAL]}\n\n{GERMAN[COLUMNS]}"
    assert variant.description_in("hu") == HUNGARIAN[DESCRIPTION]
    assert variant.rules_text_in("en") == f"{GOAL}\n\n{COLUMNS}"


def test_a_plugin_without_catalogs_passes_and_speaks_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    variant, _ = _plugin(tmp_path, monkeypatch, "kit_english", "QB", {})
    assert check_catalogs(variant) == []
    assert variant.rules_text_in("de") == f"{GOAL}\n\n{COLUMNS}"
    assert variant.description_in("hu") == DESCRIPTION


def test_a_missing_translation_is_reported_with_its_language_and_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    untranslated = {**HUNGARIAN, COLUMNS: ""}
    without_goal = {english: text for english, text in GERMAN.items() if english != GOAL}
    variant, _ = _plugin(tmp_path, monkeypatch, "kit_missing", "KC", {"de": without_goal, "hu": untranslated})
    assert check_catalogs(variant) == [
        f"kit_missing de: {GOAL!r} is not in the catalog",
        f"kit_missing hu: {COLUMNS!r} is not translated",
    ]
    # Shown meanwhile: the paragraph the catalog lacks in English, the others translated.
    assert variant.rules_text_in("de") == f"{GOAL}\n\n{GERMAN[COLUMNS]}"


def test_a_dropped_placeholder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dropped = {**GERMAN, REFUSAL: "Diese Karten passen dort nicht hin"}
    variant, _ = _plugin(tmp_path, monkeypatch, "kit_placeholder", "KD", {"de": dropped, "hu": HUNGARIAN})
    assert check_catalogs(variant) == [
        f"kit_placeholder de: {REFUSAL!r}: the translation has the placeholders [], the message ['cards']"
    ]


def test_a_fuzzy_translation_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    variant, _ = _plugin(tmp_path, monkeypatch, "kit_fuzzy", "KE", {"de": GERMAN}, fuzzy=frozenset({COLUMNS}))
    problems = check_catalogs(variant)
    assert len(problems) == 1
    assert problems[0].startswith(f"kit_fuzzy de: {COLUMNS!r} is fuzzy")


def test_the_conformance_suite_includes_the_catalog_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    variant, pm = _plugin(tmp_path, monkeypatch, "kit_suite", "KF", {"hu": {**HUNGARIAN, GOAL: ""}})
    with pytest.raises(ConformanceError) as caught:
        check_variant(variant.name, pm, deals=(1, 2), games=1, moves=5)
    assert f"- catalogs: kit_suite hu: {GOAL!r} is not translated" in str(caught.value)
