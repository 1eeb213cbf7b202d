"""Deal vectors fixed in ``data/deals.txt``, checked against the engine and against Freecell Solver.

``make-microsoft-freecell-board -t N`` (Freecell Solver's board generator) prints
Microsoft FreeCell deal N. Eight Off, Baker's Game and Seahaven Towers deal the
same shuffle (SPEC section 3), so their vectors are rebuilt here from that
output too. The Debian package also ships ``make-pysol-freecell-board``, which
knows ``eight_off`` and ``seahaven_towers``, but it imports modules the package
does not install (``random2``, ``fc_solve_find_index_s2ints``) and places the
cell cards differently from SPEC's decisions (cells a, c, e, g for Eight Off;
b and c for Seahaven), so it is not used.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from patience import Card, Game, InvalidDealError, Position, format_board, ms_deal, parse_board
from patience.shuffle import deal_round_robin

DATA = Path(__file__).parent / "data" / "deals.txt"
GENERATOR = "make-microsoft-freecell-board"


def _vectors() -> list[tuple[str, int, int, str]]:
    vectors: list[tuple[str, int, int, str]] = []
    for block in DATA.read_text().split("\n== ")[1:]:
        head, _, board = block.partition("\n")
        variant, deal, cells = head.split()
        vectors.append((variant, int(deal), int(cells), board.strip() + "\n"))
    return vectors


VECTORS = _vectors()
IDS = [f"{variant}-{deal}-{cells}" for variant, deal, cells, _ in VECTORS]


def test_the_vectors_cover_the_numbers_the_issues_name() -> None:
    freecell = {deal for variant, deal, _, _ in VECTORS if variant == "freecell"}
    assert {1, 617, 11982, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 8_589_934_591} <= freecell
    assert {cells for variant, _, cells, _ in VECTORS if variant == "eight-off"} == {8, 4, 2}
    assert {"bakers-game", "seahaven-towers"} <= {variant for variant, _, _, _ in VECTORS}


@pytest.mark.parametrize(("variant", "deal", "cells", "board"), VECTORS, ids=IDS)
def test_engine_deals_the_fixed_vector(variant: str, deal: int, cells: int, board: str) -> None:
    dealt = Game.new(variant, deal=deal, cells=cells).dealt
    assert format_board(dealt) == board
    assert parse_board(board) == dealt


def _ms_order(deal: int) -> tuple[Card, ...]:
    """The 52 cards of deal ``deal`` in dealing order, read back from fc-solve's generator."""
    output = subprocess.run([GENERATOR, "-t", str(deal)], capture_output=True, text=True, check=True).stdout
    columns = [line.split() for line in output.splitlines() if line.strip()]
    assert len(columns) == 8
    return tuple(Card.parse(columns[i % 8][i // 8]) for i in range(52))


def _expected(variant: str, order: tuple[Card, ...], cells: int) -> Position:
    """The layout SPEC section 3 describes, built from the dealing order alone."""
    if variant in ("freecell", "bakers-game"):
        return Position(deal_round_robin(order, 8), (None,) * cells)
    if variant == "seahaven-towers":
        return Position(deal_round_robin(order[:50], 10), (order[50], order[51], *(None,) * (cells - 2)))
    assert variant == "eight-off"
    columns = [list(order[i:48:8]) for i in range(8)]
    row_seven = order[48:52]
    for i in range(cells, 4):
        columns[i].append(row_seven[i])
    held = (*row_seven[:cells], *(None,) * (cells - min(cells, 4)))
    return Position(tuple(map(tuple, columns)), held)


needs_generator = pytest.mark.skipif(shutil.which(GENERATOR) is None, reason=f"{GENERATOR} is not installed")


@pytest.mark.fcsolve
@needs_generator
@pytest.mark.parametrize(("variant", "deal", "cells", "board"), VECTORS, ids=IDS)
def test_fixed_vector_agrees_with_make_microsoft_freecell_board(
    variant: str, deal: int, cells: int, board: str
) -> None:
    assert parse_board(board) == _expected(variant, _ms_order(deal), cells)


@pytest.mark.fcsolve
@needs_generator
@pytest.mark.parametrize("deal", [2, 3, 1000, 32000, 32001, 1_000_000, 2**31 + 12345, 2**32 + 777, 6_000_000_000])
def test_shuffle_agrees_with_make_microsoft_freecell_board(deal: int) -> None:
    assert ms_deal(deal) == _ms_order(deal)


@pytest.mark.parametrize("deal", [0, -1, 8_589_934_592, 2**40])
def test_deal_numbers_outside_1_to_8589934591_are_refused(deal: int) -> None:
    with pytest.raises(InvalidDealError, match="1 to 8,589,934,591"):
        ms_deal(deal)
