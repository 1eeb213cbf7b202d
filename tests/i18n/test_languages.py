"""Choosing the language, and the Hungarian grammar that messages put names and numbers into."""

from __future__ import annotations

import pytest

from patience.i18n import UnknownLanguageError, choose_language, language_of
from patience.i18n.hungarian import Harmony, article, harmony, suffix, with_article

# -- choosing the language ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "hu_HU.UTF-8"}, "hu"),
        ({"LC_MESSAGES": "hu_HU", "LC_ALL": "de_AT.UTF-8"}, "de"),
        ({"LC_ALL": "de_DE", "LANGUAGE": "hu"}, "hu"),
        ({"LANGUAGE": "fr:hu:de", "LANG": "de_DE.UTF-8"}, "hu"),
        ({"LANGUAGE": "fr:es", "LANG": "de_DE.UTF-8"}, "de"),
        ({"PATIENCE_LANG": "hu", "LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8"}, "hu"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"}, "en"),
        ({"PATIENCE_LANG": "klingon", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": ""}, "en"),
    ],
)
def test_the_locale_variables_choose_in_gettext_order(environ: dict[str, str], expected: str) -> None:
    assert choose_language(environ=environ) == expected


def test_an_explicit_choice_comes_before_every_variable() -> None:
    environ = {"PATIENCE_LANG": "hu", "LC_ALL": "hu_HU.UTF-8"}
    assert choose_language("de", environ=environ) == "de"
    assert choose_language("EN", environ=environ) == "en"


def test_the_remembered_choice_comes_after_patience_lang_and_before_the_locale() -> None:
    assert choose_language(remembered="hu", environ={"LANG": "de_DE.UTF-8"}) == "hu"
    assert choose_language(remembered="hu", environ={"PATIENCE_LANG": "de"}) == "de"


def test_an_unknown_explicit_choice_is_refused_with_the_languages_offered() -> None:
    with pytest.raises(UnknownLanguageError, match=r"^unknown language 'fr': choose one of en de hu$"):
        choose_language("fr", environ={})


@pytest.mark.parametrize(
    ("name", "expected"),
    [("de_DE.UTF-8", "de"), ("hu_HU@euro", "hu"), ("en-GB", "en"), ("DE", "de"), ("C", "en"), ("fr_FR", None)],
)
def test_locale_names_are_read_for_their_language(name: str, expected: str | None) -> None:
    assert language_of(name) == expected


# -- the Hungarian article ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # words: the first sound decides
        ("Eight Off", "az"),
        ("FreeCell", "a"),
        ("Seahaven Towers", "a"),
        ("oszlop", "az"),
        ("cella", "a"),
        ("ász", "az"),
        ("ötödik", "az"),
        ("kőr", "a"),
        # letters and abbreviations are read by their names: á, bé, ef, el, es, iksz ...
        ("a", "az"),
        ("b", "a"),
        ("f", "az"),
        ("k", "a"),
        ("FC", "az"),
        ("BG", "a"),
        ("S", "az"),
        # numbers, as they are read
        ("1.", "az"),
        ("2.", "a"),
        ("5.", "az"),
        ("1", "az"),
        ("2", "a"),
        ("3", "a"),
        ("4", "a"),
        ("5", "az"),
        ("6", "a"),
        ("9", "a"),
        ("10", "a"),
        ("11", "a"),
        ("15", "a"),
        ("20", "a"),
        ("50", "az"),
        ("55", "az"),
        ("100", "a"),
        ("150", "a"),
        ("500", "az"),
        ("1000", "az"),
        ("1 000", "az"),
        ("1500", "az"),
        ("2000", "a"),
        ("5000", "az"),
        ("10 000", "a"),
        ("50 000", "az"),
        ("100 000", "a"),
        ("500 000", "az"),
        ("1 000 000", "az"),
        ("1\u00a0000\u00a0000", "az"),
        ("2 000 000", "a"),
        ("5 000 000", "az"),
        ("1 000 000 000", "az"),
        ("8 589 934 591", "a"),
        ("#617", "a"),
        ("#1", "az"),
        ("0", "a"),
    ],
)
def test_the_article_follows_the_sound_of_the_next_word(text: str, expected: str) -> None:
    assert article(text) == expected


@pytest.mark.parametrize("number", [1, 5, 50, 500, 1000, 1999, 5000, 50_000, 1_000_000, 1_000_000_000, 5_000_000_000])
def test_numbers_read_with_a_vowel_first_take_az(number: int) -> None:
    assert article(number) == "az"


@pytest.mark.parametrize(
    "number", [2, 3, 4, 6, 7, 8, 9, 10, 11, 19, 20, 99, 100, 101, 199, 2000, 11_000, 8_589_934_591]
)
def test_numbers_read_with_a_consonant_first_take_a(number: int) -> None:
    assert article(number) == "a"


def test_the_article_is_written_with_its_word_and_capitalised_at_the_start_of_a_sentence() -> None:
    assert with_article("Eight Off") == "az Eight Off"
    assert with_article("FreeCell") == "a FreeCell"
    assert with_article("1.") + " oszlop" == "az 1. oszlop"
    assert with_article("2.") + " oszlop" == "a 2. oszlop"
    assert with_article("5.") + " cella" == "az 5. cella"
    assert with_article("Eight Off", capital=True) == "Az Eight Off"
    assert article("FreeCell", capital=True) == "A"


# -- vowel harmony -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("oszlop", Harmony.BACK),
        ("cella", Harmony.BACK),
        ("papír", Harmony.BACK),
        ("kőr", Harmony.ROUNDED),
        ("treff", Harmony.FRONT),
        ("tíz", Harmony.FRONT),
        ("ötven", Harmony.FRONT),
        (3, Harmony.BACK),
        (2, Harmony.ROUNDED),
        (5, Harmony.ROUNDED),
        (10, Harmony.FRONT),
        (1000, Harmony.FRONT),
        (1_000_000, Harmony.BACK),
    ],
)
def test_harmony_follows_the_vowels_as_read(text: str | int, expected: Harmony) -> None:
    assert harmony(text) is expected


@pytest.mark.parametrize(
    ("text", "forms", "expected"),
    [
        ("oszlop", ("ban", "ben"), "oszlopban"),
        ("cella", ("ban", "ben"), "cellában"),
        ("treff", ("ban", "ben"), "treffben"),
        ("kőr", ("hoz", "hez", "höz"), "kőrhöz"),
        ("ötven", ("hoz", "hez", "höz"), "ötvenhez"),
        ("oszlop", ("hoz", "hez", "höz"), "oszlophoz"),
        ("kőr", ("val", "vel"), "kőrrel"),
        ("oszlop", ("val", "vel"), "oszloppal"),
        ("cella", ("val", "vel"), "cellával"),
        ("treff", ("val", "vel"), "treffel"),
        ("ősz", ("val", "vel"), "ősszel"),
        (5, ("hoz", "hez", "höz"), "5-höz"),
        (3, ("ban", "ben"), "3-ban"),
        (5, ("val", "vel"), "5-tel"),
        (3, ("val", "vel"), "3-mal"),
        (2, ("val", "vel"), "2-vel"),
        (10, ("val", "vel"), "10-zel"),
        (1, ("val", "vel"), "1-gyel"),
        ("FC", ("val", "vel"), "FC-vel"),
    ],
)
def test_suffixes_follow_vowel_harmony_and_assimilate(text: str | int, forms: tuple[str, ...], expected: str) -> None:
    assert suffix(text, *forms) == expected


def test_the_module_examples_hold() -> None:
    import doctest

    from patience.i18n import hungarian

    result = doctest.testmod(hungarian)
    assert result.attempted > 0
    assert result.failed == 0


# -- the language in use -----------------------------------------------------------------------------


def test_a_speaking_block_changes_the_language_for_its_inside_only() -> None:
    from patience.i18n import current_language, speaking

    before = current_language()
    with speaking("hu"):
        assert current_language() == "hu"
        with speaking("de"):
            assert current_language() == "de"
        assert current_language() == "hu"
    assert current_language() == before


def test_the_pseudo_language_brackets_every_translated_message() -> None:
    from patience.i18n import Domain, speaking

    domain = Domain("patience")
    with speaking("xx"):
        assert domain.pgettext("suit", "hearts") == "[hearts]"
        assert domain.ngettext("{n} card", "{n} cards", 2) == "[{n} cards]"


def test_the_pseudo_language_is_chosen_only_through_patience_lang() -> None:
    assert choose_language(environ={"PATIENCE_LANG": "xx"}) == "xx"
    assert choose_language(environ={"LANG": "xx"}) == "en"
    with pytest.raises(UnknownLanguageError):
        choose_language("xx", environ={})


def test_a_distribution_without_a_catalog_speaks_english() -> None:
    from patience.i18n import Domain

    assert Domain("patience_nonexistent", "patience").translations("de").gettext("Deal") == "Deal"


def test_a_translated_paragraph_is_one_line_for_the_front_end_to_wrap_and_english_keeps_its_lines() -> None:
    from patience.i18n import paragraphs, translate_paragraphs
    from patience_cli.record_commands import VERIFY_HELP
    from patience_cli.texts import DOMAIN

    german = translate_paragraphs(DOMAIN, VERIFY_HELP, "de")
    assert len(paragraphs(german)) == len(paragraphs(VERIFY_HELP))
    assert all("\n" not in paragraph for paragraph in paragraphs(german))
    assert "`patience export --all`" in german
    assert translate_paragraphs(DOMAIN, VERIFY_HELP, "en") == "\n\n".join(paragraphs(VERIFY_HELP))
