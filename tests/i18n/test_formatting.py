"""Numbers and dates as each language writes them."""

from __future__ import annotations

import datetime

import pytest

from patience.i18n import format_date, format_number, speaking


@pytest.mark.parametrize(
    ("language", "written"), [("en", "1,000,000"), ("de", "1.000.000"), ("hu", "1\u00a0000\u00a0000")]
)
def test_a_deal_number_is_written_as_the_language_writes_it(language: str, written: str) -> None:
    assert format_number(1_000_000, language) == written
    with speaking(language):
        assert format_number(1_000_000) == written


@pytest.mark.parametrize(
    ("language", "written"), [("en", "December 1, 2026"), ("de", "1. Dezember 2026"), ("hu", "2026. december 1.")]
)
def test_a_date_is_written_as_the_language_writes_it(language: str, written: str) -> None:
    assert format_date(datetime.date(2026, 12, 1), language) == written


@pytest.mark.parametrize(
    ("language", "day", "deal"),
    [
        ("en", "2026-12-24", "1000000"),
        ("de", "24. Dezember 2026", "1.000.000"),
        ("hu", "2026. december 24.", "1 000 000"),
    ],
)
def test_a_daily_date_and_a_deal_number_are_written_as_the_language_writes_them(
    language: str, day: str, deal: str
) -> None:
    from patience.i18n import format_day, format_deal

    assert format_day("2026-12-24", language) == day
    assert format_deal(1_000_000, language).replace("\u00a0", " ") == deal


def test_the_share_line_writes_the_date_and_the_deal_in_the_language() -> None:
    from patience_solver.daily import share_line

    line = {"title": "FreeCell", "date": "2026-12-24", "deal": 123456, "cards_home": 52, "moves": 68, "undos": 0}
    with speaking("de"):
        german = share_line(**line, result="won")
    with speaking("en"):
        english = share_line(**line, result="won")
    assert german.startswith("Tagesspiel FreeCell 24. Dezember 2026 · #123.456 ·")
    assert english.startswith("Daily FreeCell 2026-12-24 · #123456 ·")


WHOLE_NUMBERS = [0, 7, -5, 999, 1000, -1000, 1234, 12_345, 123_456, 1_234_567, -98_765_432, 8_589_934_591, 10**18]


@pytest.mark.parametrize("language", ["en", "de", "hu", "xx"])
def test_whole_numbers_are_grouped_as_babel_groups_them(language: str) -> None:
    # Whole numbers are grouped without Babel: its own formatting is the reference.
    from babel.numbers import format_decimal

    from patience.i18n import _LOCALES

    for number in WHOLE_NUMBERS:
        assert format_number(number, language) == format_decimal(number, locale=_LOCALES[language])


@pytest.mark.parametrize(("language", "written"), [("en", "0.5"), ("de", "0,5"), ("hu", "0,5")])
def test_a_fraction_is_written_as_the_language_writes_it(language: str, written: str) -> None:
    assert format_number(0.5, language) == written
