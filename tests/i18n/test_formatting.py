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
