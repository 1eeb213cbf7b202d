"""The daily deal: a fixed function of the date, always winnable, the same on every machine."""

from __future__ import annotations

import datetime
import itertools

import pytest

from patience import Game, get_variant, variants
from patience_solver import Outcome, solve
from patience_solver.daily import DailyError, candidates, check_candidate, daily_deal, parse_date, share_line

# (date, variant, cells) -> (deal, code, candidate): computed once; any change to the sequence breaks them.
VECTORS = [
    ("2026-12-24", "freecell", 4, 515111, "FC1-C4-AAAPXBH", 0),
    ("2026-01-01", "freecell", 4, 924889, "FC1-C4-AAA4HGZ", 0),
    ("2027-02-28", "freecell", 4, 749731, "FC1-C4-AAAW4FD", 0),
    ("2028-02-29", "freecell", 4, 457247, "FC1-C4-AAAN6Q7", 0),
    ("2026-12-24", "eight-off", 8, 925939, "EO1-C8-AAA4IHT", 0),
    ("2026-12-24", "eight-off", 4, 10384, "EO1-C4-AAAAKEQ", 0),
    ("2026-12-24", "eight-off", 2, 632863, "EO1-C2-AAATKA7", 299),
    ("2026-12-24", "freecell", 1, 815636, "FC1-C1-AAAY4QU", 2),
    ("2026-12-24", "bakers-game", 4, 247027, "BG1-C4-AAAHRHT", 0),
    ("2026-12-24", "seahaven-towers", 4, 50202, "ST1-C4-AAABRA2", 0),
]

FREECELL_LOST = [11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948]
SIXTY_DAYS = [datetime.date(2026, 12, 1) + datetime.timedelta(days=i) for i in range(60)]


@pytest.mark.parametrize(("date", "variant", "cells", "deal", "code", "candidate"), VECTORS)
def test_daily_deal_vectors(date: str, variant: str, cells: int, deal: int, code: str, candidate: int) -> None:
    daily = daily_deal(date, variant, cells)
    assert (daily.deal, daily.code, daily.candidate) == (deal, code, candidate)
    assert daily.as_json() == {"date": date, "variant": variant, "cells": cells, "deal": deal, "code": code}


def test_first_candidate_is_documented_hash() -> None:
    # docs/daily.md: sha256("patience-daily/1 2026-12-24 freecell 4 0"), first 8 bytes big-endian, mod 1e6, + 1.
    import hashlib

    digest = hashlib.sha256(b"patience-daily/1 2026-12-24 freecell 4 0").digest()
    assert next(candidates("2026-12-24", "freecell", 4)) == int.from_bytes(digest[:8], "big") % 1_000_000 + 1 == 515111


def test_skipped_candidates_are_the_ones_the_solver_does_not_win() -> None:
    daily = daily_deal("2026-12-24", "freecell", 1)
    skipped = list(itertools.islice(candidates("2026-12-24", "freecell", 1), daily.candidate))
    assert skipped
    variant = get_variant("freecell")
    assert all(check_candidate(variant, 1, deal).outcome is not Outcome.SOLVED for deal in skipped)


def test_default_is_freecell_with_four_cells_on_the_local_date() -> None:
    daily = daily_deal()
    assert (daily.variant, daily.cells, daily.date) == ("freecell", 4, datetime.date.today().isoformat())


@pytest.mark.parametrize("deal", FREECELL_LOST)
def test_freecell_lost_deals_are_never_accepted(deal: int) -> None:
    assert check_candidate(get_variant("freecell"), 4, deal).outcome is not Outcome.SOLVED


def test_no_lost_freecell_deal_among_many_dates() -> None:
    chosen = {daily_deal(datetime.date(2026, 1, 1) + datetime.timedelta(days=i)).deal for i in range(365)}
    assert not chosen & set(FREECELL_LOST)


def _assert_winnable(daily_date: datetime.date, variant: str, cells: int) -> None:
    daily = daily_deal(daily_date, variant, cells)
    assert 1 <= daily.deal <= 1_000_000
    game = Game.from_code(daily.code)
    result = solve(game.variant, game.position, max_positions=200_000)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves:
        game.play(move)
    assert game.is_won


def test_sixty_days_of_daily_freecell_are_winnable() -> None:
    for day in SIXTY_DAYS:
        _assert_winnable(day, "freecell", 4)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "cells"),
    [(v.name, c) for v in variants().values() if v.prefix in ("EO", "FC", "BG", "ST") for c in v.cell_counts],
)
def test_sixty_days_of_every_daily_deal_are_winnable(variant: str, cells: int) -> None:
    for day in SIXTY_DAYS:
        _assert_winnable(day, variant, cells)


@pytest.mark.parametrize("text", ["2026-13-01", "2026-02-30", "tomorrow", "2026-1-1", ""])
def test_a_date_that_is_not_one_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(DailyError) as caught:
        parse_date(text)
    assert "\n" not in str(caught.value)
    assert "date" in str(caught.value)


def test_share_line_has_no_move() -> None:
    line = share_line(title="FreeCell", date="2026-12-24", deal=123456, cards_home=52, moves=91, undos=2, result="won")
    assert line == "Daily FreeCell 2026-12-24 · #123456 · 52/52 home · 91 moves · 2 undos · won"
    practice = share_line(
        title="FreeCell", date="2026-12-24", deal=7, cards_home=10, moves=1, undos=1, result="gave-up", practice=True
    )
    assert practice == "Daily FreeCell 2026-12-24 · #7 · 10/52 home · 1 move · 1 undo · gave-up · practice"


def test_the_ranked_deal_is_the_first_winnable_of_the_documented_hmac_candidates() -> None:
    import hashlib
    import hmac

    from patience_solver.daily import ranked_candidates, ranked_deal

    # docs/server.md: HMAC-SHA256 keyed with the secret of "patience-ranked/1 DATE VARIANT CELLS K", as the public rule.
    digest = hmac.new(b"k", b"patience-ranked/1 2026-12-24 freecell 4 0", hashlib.sha256).digest()
    first = int.from_bytes(digest[:8], "big") % 1_000_000 + 1
    assert next(ranked_candidates(b"k", "2026-12-24", "freecell", 4)) == first
    found = ranked_deal(b"k", "2026-12-24", "freecell", 4)
    numbers = list(itertools.islice(ranked_candidates(b"k", "2026-12-24", "freecell", 4), found.candidate + 1))
    assert found.deal == numbers[-1]
    assert check_candidate(get_variant("freecell"), 4, found.deal).outcome is Outcome.SOLVED
    # Another secret deals another deal, and neither is the public daily deal.
    other = ranked_deal(b"other", "2026-12-24", "freecell", 4)
    assert len({found.deal, other.deal, daily_deal("2026-12-24").deal}) == 3
