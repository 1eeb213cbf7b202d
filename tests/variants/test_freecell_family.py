"""The FreeCell family dealt as PySolFC deals it: Relaxed, Challenge and Super Challenge FreeCell, Seven by
Four, Seven by Five, Bath and Triple FreeCell.

Each deal is compared card for card with PySolFC's: Relaxed FreeCell with
``pysol_cards``' own layout; the others, which ``pysol_cards`` does not lay
out, with its shuffle (``talon``) dealt here as PySolFC's ``startGame`` and
``_shuffleHook`` deal it, written from PySolFC's source apart from the
plugins' code. Then each game's building rule, empty columns and run
capacity through :class:`Game`, the conformance kit, ``patience solve`` as
a real process and ``patience play`` piped at 80 columns.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from pysolfc import DEALS, SUITS, layout, talon
from tables import cards, game_at, table

import patience
from patience import Card, Game, Move, Place, Position, Suit, full_deck

PATIENCE = Path(sys.executable).parent / "patience"

#: Each game, its columns, cells and decks.
GAMES = {
    "relaxed-freecell": (8, 4, 1),
    "challenge-freecell": (8, 4, 1),
    "super-challenge-freecell": (8, 4, 1),
    "seven-by-four": (7, 4, 1),
    "seven-by-five": (7, 5, 1),
    "bath": (10, 2, 1),
    "triple-freecell": (13, 10, 3),
}


# -- PySolFC's dealing, as its startGame reads -----------------------------------------------


def deal_rows(cards_left: list[Card], rows: Sequence[Sequence[int]], columns: int) -> tuple[tuple[Card, ...], ...]:
    """PySolFC's ``talon.dealRow(rows=...)`` for each row in turn: each takes the talon's top (last) card."""
    dealt: list[list[Card]] = [[] for _ in range(columns)]
    for row in rows:
        for column in row:
            dealt[column].append(cards_left.pop())
    assert not cards_left, f"{len(cards_left)} cards left in the talon"
    return tuple(map(tuple, dealt))


def full_rows(count: int, columns: int) -> list[range]:
    return [range(columns)] * count


def aces_and_twos_to_top(cards_in: list[Card]) -> list[Card]:
    """ChallengeFreeCell._shuffleHook: ``_shuffleHookMoveToTop`` with key ``(-rank, suit)``, ranks from 0."""
    suit_number = {suit: number for number, suit in enumerate(SUITS)}
    picked: list[tuple[tuple[int, int], int, Card]] = []
    rest: list[Card] = []
    for place, card in zip(range(len(cards_in), 0, -1), cards_in, strict=True):
        rank0 = card.rank - 1
        if rank0 in (0, 1):
            picked.append(((-rank0, suit_number[card.suit]), place, card))
        else:
            rest.append(card)
    # PySolFC puts the picked cards in descending order of key on top: the lowest key is dealt first.
    return rest + [card for _key, _place, card in sorted(picked, key=lambda item: item[:2], reverse=True)]


def pysolfc_freecell(n: int) -> tuple[tuple[Card, ...], ...]:
    """FreeCell.startGame: 5 rows, a 6th, then columns 1-4."""
    return deal_rows(talon(n), [*full_rows(6, 8), range(4)], 8)


def pysolfc_challenge(n: int) -> tuple[tuple[Card, ...], ...]:
    """ChallengeFreeCell: FreeCell's startGame after its hook."""
    return deal_rows(aces_and_twos_to_top(talon(n)), [*full_rows(6, 8), range(4)], 8)


def pysolfc_seven(n: int) -> tuple[tuple[Card, ...], ...]:
    """SevenByFour.startGame: 6 rows, a 7th, then columns 1-3."""
    return deal_rows(talon(n), [*full_rows(7, 7), range(3)], 7)


def pysolfc_bath(n: int) -> tuple[tuple[Card, ...], ...]:
    """Bath.startGame: rows to columns i.. for i in 0-5, then columns 7.. and 8.."""
    return deal_rows(talon(n), [*(range(i, 10) for i in range(6)), range(6, 10), range(7, 10)], 10)


def pysolfc_triple(n: int) -> tuple[tuple[Card, ...], ...]:
    """TripleFreecell.startGame: ``_startDealNumRowsAndDealSingleRow(11)``, 12 rows of 13 from three decks."""
    return deal_rows(talon(n, 3), full_rows(12, 13), 13)


ORACLES: dict[str, Callable[[int], tuple[tuple[Card, ...], ...]]] = {
    "relaxed-freecell": pysolfc_freecell,
    "challenge-freecell": pysolfc_challenge,
    "super-challenge-freecell": pysolfc_challenge,
    "seven-by-four": pysolfc_seven,
    "seven-by-five": pysolfc_seven,
    "bath": pysolfc_bath,
    "triple-freecell": pysolfc_triple,
}


@pytest.mark.parametrize("number", DEALS)
@pytest.mark.parametrize("name", list(ORACLES))
def test_each_game_deals_pysolfcs_deal_of_the_same_number(name: str, number: int) -> None:
    _columns, cells, decks = GAMES[name]
    dealt = Game.new(name, deal=number).dealt
    assert dealt.columns == ORACLES[name](number)
    assert dealt.cells == (None,) * cells
    assert dealt.foundations == (0,) * (4 * decks)


@pytest.mark.parametrize("number", DEALS)
def test_relaxed_freecell_deals_pysol_cards_layout(number: int) -> None:
    shown = layout("relaxed_freecell", number)
    dealt = Game.new("relaxed-freecell", deal=number).dealt
    assert dealt.columns == shown.columns
    assert shown.cells == () and not shown.foundations


@pytest.mark.parametrize("number", DEALS)
def test_pysolfcs_freecell_dealing_is_pysol_cards_layout(number: int) -> None:
    # The dealing written here from startGame, checked once against pysol_cards' own layout.
    assert pysolfc_freecell(number) == layout("freecell", number).columns


@pytest.mark.parametrize("name", ["challenge-freecell", "super-challenge-freecell"])
@pytest.mark.parametrize("number", DEALS)
def test_challenge_deals_the_twos_then_the_aces_to_the_bottom_of_the_columns(name: str, number: int) -> None:
    bottoms = [column[0] for column in Game.new(name, deal=number).dealt.columns]
    assert bottoms == [Card(rank, suit) for rank in (2, 1) for suit in SUITS]


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_deals_its_columns_from_full_decks(name: str) -> None:
    columns, _cells, decks = GAMES[name]
    dealt = Game.new(name, deal=617).dealt
    assert len(dealt.columns) == columns
    assert Counter(card for column in dealt.columns for card in column) == Counter(dict.fromkeys(full_deck(), decks))


def test_the_column_lengths_are_pysolfcs() -> None:
    def lengths(name: str) -> list[int]:
        return [len(column) for column in Game.new(name, deal=5).dealt.columns]

    assert lengths("relaxed-freecell") == [7, 7, 7, 7, 6, 6, 6, 6]
    assert lengths("seven-by-four") == lengths("seven-by-five") == [8, 8, 8, 7, 7, 7, 7]
    assert lengths("bath") == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert lengths("triple-freecell") == [12] * 13


def test_seven_by_five_deals_seven_by_fours_deal_with_five_cells() -> None:
    assert Game.new("seven-by-five", deal=99).dealt.columns == Game.new("seven-by-four", deal=99).dealt.columns
    assert Game.new("seven-by-five", deal=99).dealt.cells == (None,) * 5


# -- rules through Game --------------------------------------------------------------------


def run_move(source: int, destination: int, count: int) -> Move:
    return Move(Place.column(source - 1), Place.column(destination - 1), count)


def test_relaxed_freecell_moves_a_run_of_any_length_as_one_move() -> None:
    # No free cell, no empty column: FreeCell's formula allows 1 card; Relaxed FreeCell the whole run.
    position = table(["KC 9D 8C 7D 6C 5D", "TS"], ["2H", "2S", "2D", "2C"], n_cells=4)
    assert game_at("relaxed-freecell", position).check(run_move(1, 2, 5))
    assert not game_at("freecell", position).check(run_move(1, 2, 5))
    game = game_at("relaxed-freecell", position)
    game.play(run_move(1, 2, 5))
    assert game.moves == 1 and game.position.columns[1] == cards("TS 9D 8C 7D 6C 5D")


def test_relaxed_freecell_moves_only_runs_in_alternating_colours() -> None:
    # 8♦ on 9♦ is no run: the run on top of column 1 is 8♦ 7♣, however long a run may be.
    game = game_at("relaxed-freecell", table(["KC 9D 8D 7C", "9S", "TS"], n_cells=4))
    assert game.check(run_move(1, 2, 2))
    assert not game.check(run_move(1, 3, 3))


@pytest.mark.parametrize("name", ["relaxed-freecell", "challenge-freecell", "seven-by-four", "seven-by-five"])
def test_the_open_games_build_down_in_alternating_colours(name: str) -> None:
    n_columns = GAMES[name][0]
    game = game_at(name, table(["8H", "8D", "8S", "KC 7H"], n_columns=n_columns, n_cells=GAMES[name][1]))
    assert game.check(Move.parse("43"))
    assert not game.check(Move.parse("41"))
    assert not game.check(Move.parse("42"))


@pytest.mark.parametrize("name", ["relaxed-freecell", "challenge-freecell", "seven-by-four", "seven-by-five"])
@pytest.mark.parametrize("card", ["QS", "5D", "KH"])
def test_the_open_games_take_any_card_into_an_empty_column(name: str, card: str) -> None:
    n_columns, n_cells, _ = GAMES[name]
    game = game_at(name, table([f"3C {card}", ""], n_columns=n_columns, n_cells=n_cells))
    assert game.check(Move.parse("12"))


@pytest.mark.parametrize("name", ["super-challenge-freecell", "bath"])
def test_the_kings_only_games_take_only_a_king_into_an_empty_column(name: str) -> None:
    n_columns, n_cells, _ = GAMES[name]
    game = game_at(name, table(["3C QD", "", "4C KS QH"], n_columns=n_columns, n_cells=n_cells))
    refused = game.check(Move.parse("12"))
    assert not refused
    assert "only a king" in str(refused.reason)
    assert game.check(run_move(3, 2, 2))  # the king with the queen on it
    assert not game.check(run_move(3, 2, 1))  # the queen alone


@pytest.mark.parametrize("name", ["super-challenge-freecell", "bath"])
def test_the_kings_only_games_build_down_in_alternating_colours(name: str) -> None:
    n_columns, n_cells, _ = GAMES[name]
    game = game_at(name, table(["8H", "8D", "8S", "KC 7H"], n_columns=n_columns, n_cells=n_cells))
    assert game.check(Move.parse("43"))
    assert not game.check(Move.parse("41"))


#: A run of 7 in alternating colours (J♦ down to 5♦); columns 2-6 take its last 7, 6, 5, 4 and 3 cards.
RUN_OF_SEVEN = ["2S JD TC 9D 8C 7D 6C 5D", "QS", "JH", "TS", "9H", "8S"]


@pytest.mark.parametrize(
    ("name", "most"),
    [("challenge-freecell", 5), ("super-challenge-freecell", 5), ("seven-by-four", 5), ("seven-by-five", 6)],
)
def test_a_run_moves_as_one_up_to_free_cells_plus_one(name: str, most: int) -> None:
    n_columns, n_cells, _ = GAMES[name]
    game = game_at(name, table(RUN_OF_SEVEN, n_columns=max(n_columns, 7), n_cells=n_cells))
    assert game.check(run_move(1, 9 - most, most))
    assert not game.check(run_move(1, 8 - most, most + 1))


def test_bath_moves_runs_by_the_formula_kings_only_or_not() -> None:
    # 2 free cells and an empty column that is not the destination: (2 + 1) × 2 = 6 cards, where
    # fc-solve's kings-only rule would stop at cells + 1 = 3.
    game = game_at("bath", table([*RUN_OF_SEVEN, ""], n_columns=10, n_cells=2))
    assert game.check(run_move(1, 3, 6))
    assert not game.check(run_move(1, 2, 7))
    without_empty = game_at("bath", table(RUN_OF_SEVEN, n_columns=10, n_cells=2))
    assert without_empty.check(run_move(1, 6, 3))
    assert not without_empty.check(run_move(1, 5, 4))


def test_super_challenge_moves_runs_by_the_formula_beyond_fc_solves_cap() -> None:
    # 4 free cells and one empty column: (4 + 1) × 2 = 10, more than fc-solve's cells + 1 = 5.
    game = game_at("super-challenge-freecell", table([*RUN_OF_SEVEN[:3], ""], n_cells=4))
    assert game.check(run_move(1, 3, 6))
    assert game.check(run_move(1, 2, 7))


def triple_table(columns: Sequence[str], held: Sequence[str] = (), *, short_spade: bool = False) -> Position:
    """A 156-card position: spades and hearts home to 5 on their three foundations (the third spades one
    to 4 with ``short_spade``), the other suits home; ``columns`` are columns 1-8 (empty when not given),
    ``held`` the first cells, and the cards not named fill columns 9-13, highest rank on top."""
    foundations = [5 if Suit(index % 4) in (Suit.SPADES, Suit.HEARTS) else 13 for index in range(12)]
    left = Counter({Card(rank, suit): 3 for suit in (Suit.SPADES, Suit.HEARTS) for rank in range(6, 14)})
    if short_spade:
        foundations[8 + Suit.SPADES.value] = 4
        left[Card(5, Suit.SPADES)] = 1
    left -= Counter(card for text in (*columns, *held) for card in cards(text))
    spare = sorted(left.elements(), key=lambda card: (card.rank, card.suit.value))
    written = [cards(text) for text in columns] + [()] * (8 - len(columns))
    fillers = [tuple(spare[start::5]) for start in range(5)]
    cells = tuple(Card.parse(text) for text in held) + (None,) * (10 - len(held))
    position = Position(tuple(written + fillers), cells, tuple(foundations))
    position.validate()
    return position


def test_triple_freecell_builds_down_in_alternating_colours_with_three_decks() -> None:
    game = game_at("triple-freecell", triple_table(["8S", "8H", "KS 7H", "7H", "7S", "7H"]))
    assert game.check(Move.parse("31"))
    assert not game.check(Move.parse("32"))
    assert not game.check(Move.parse("51"))
    assert len(game.position.foundations) == 12


@pytest.mark.parametrize("card", ["9H", "KS", "6S"])
def test_triple_freecell_takes_any_card_into_an_empty_column(card: str) -> None:
    game = game_at("triple-freecell", triple_table([f"KH {card}", "", "QS QH"]))
    assert game.check(Move.parse("12"))


def test_triple_freecell_moves_a_run_up_to_free_cells_plus_one() -> None:
    # 8 of the 10 cells full, no empty column: (2 + 1) cards move as one.
    held = ["KS", "KS", "KS", "KH", "KH", "KH", "QS", "QS"]
    game = game_at("triple-freecell", triple_table(["QH JS TH 9S 8H", "QH", "JS", "6S", "6S", "6H", "6H", "7S"], held))
    assert game.check(run_move(1, 3, 3))
    assert not game.check(run_move(1, 2, 4))


def test_triple_freecell_sends_a_card_home_once_all_six_lower_cards_of_the_other_colour_are_home() -> None:
    def hearts_home(position: Position) -> int:
        return sum(position.foundations[index] for index in range(12) if Suit(index % 4) is Suit.HEARTS)

    # Three 5♣ and three 5♠ home: 6♥ goes home by itself.
    played = Game.from_position("triple-freecell", triple_table(["KS 6H"]))
    assert hearts_home(played.position) == 16
    # One 5♠ still in play: 6♥ stays.
    waiting = Game.from_position("triple-freecell", triple_table(["KS 6H"], short_spade=True))
    assert hearts_home(waiting.position) == 15
    assert waiting.position.columns[0] == cards("KS 6H")


# -- the kit, the solver, the terminal -------------------------------------------------------


def test_the_family_is_installed_for_the_kit_and_named_freecell() -> None:
    installed = set(patience.variants())
    assert set(GAMES) <= installed
    for name in GAMES:
        variant = patience.get_variant(name)
        assert variant.family == "FreeCell"
        assert variant.columns == GAMES[name][0]


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_passes_the_conformance_kit(name: str) -> None:
    from patience.testing import check_variant
    from patience_solver.testing import check_solver

    check_variant(name, games=2, moves=25, deals=(1, 32001, 8_589_934_591))
    check_solver(name, games=2, moves=25, solve_deals=(2,), time_limit=30)


def patience_process(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "PATIENCE_LANG": "en"}
    return subprocess.run(
        [str(PATIENCE), *args], input=stdin, capture_output=True, text=True, timeout=200, env=env, check=False
    )


@pytest.mark.timeout(240)
@pytest.mark.parametrize("name", list(GAMES))
def test_patience_solve_solves_a_deal_and_the_solution_wins_through_game(name: str) -> None:
    result = patience_process(["solve", name, "2", "--format", "json", "--time-limit", "120"])
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["result"] == "solved"
    game = Game.new(name, deal=2)
    for text in answer["moves"]:
        game.play(game.parse_move(text))
    assert game.is_won


@pytest.mark.parametrize(("name", "number"), [("bath", 1), ("seven-by-four", 110)])
def test_patience_solve_proves_a_lost_deal_lost(name: str, number: int) -> None:
    # fc-solve, given each board with the game's columns, cells and empty-column rule, cannot solve it either.
    result = patience_process(["solve", name, str(number), "--time-limit", "60"])
    assert result.returncode == 3, result.stderr
    assert "cannot be won, proved lost" in result.stdout


@pytest.mark.parametrize("name", list(GAMES))
def test_patience_play_piped_shows_the_game_in_80_columns(name: str) -> None:
    result = patience_process(["play", name, "617"], "board\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    columns = GAMES[name][0]
    header = next(line for line in lines if line.split()[:2] == ["1", "2"])
    assert header.split()[-1] == str(columns)
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
