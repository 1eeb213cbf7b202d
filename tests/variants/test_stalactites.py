"""Stalactites: PySolFC's deals, columns that take nothing, foundations built by rank from dealt bases."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pysolfc import DEALS, talon

import patience
from patience import (
    AutoPlay,
    Build,
    Card,
    EmptyColumns,
    FoundationBuild,
    Game,
    Move,
    Position,
    Registrar,
    Rules,
    Variant,
    Verdict,
    format_board,
    full_deck,
    hookimpl,
    parse_board,
)
from patience.cardnames import display
from patience.errors import InvalidBoardError
from patience.legality import autoplay_moves, check_move
from patience.movegen import legal_moves
from patience.testing import check_variant
from patience_cli.repl.render import board_fragments, plain, toolbar_text
from patience_solver import CellChoiceError, Outcome, solve
from patience_solver.testing import check_solver

SL = "stalactites"
PATIENCE = Path(sys.executable).parent / "patience"
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "PATIENCE_LANG": "en"}


def pysolfc_stalactites(deal: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """PySolFC's ``Stalactites.startGame``: six rows across the 8 columns, then one card onto each foundation.

    Each ``dealRow`` gives the talon's top card (its last) to each stack in turn; there is no shuffle hook.
    """
    cards = talon(deal)
    rows: list[list[Card]] = [[] for _ in range(8)]
    for _ in range(6):
        for row in rows:
            row.append(cards.pop())
    bases = tuple(cards.pop() for _ in range(4))
    assert not cards
    return tuple(tuple(row) for row in rows), bases


def cards(text: str) -> tuple[Card, ...]:
    """``"KH QH"`` (or ``"KH,QH"``) as cards, first card first."""
    return tuple(Card.parse(item) for item in text.replace(",", " ").split())


def by_rank(columns: list[str], piles: list[str], held: tuple[str, ...] = ("", "")) -> Position:
    """A full position of 8 columns with foundations by rank.

    The cards not named lie in the last column, topped by one that no foundation takes, so that nothing
    there goes home by itself; the other unnamed columns are empty.
    """
    named = [cards(text) for text in columns]
    home = [cards(text) for text in piles]
    cells = tuple(Card.parse(text) if text else None for text in held)
    used = {card for group in (*named, *home) for card in group} | {card for card in cells if card}
    taken = {pile[-1].rank % 13 + 1 for pile in home if len(pile) < 13}
    spare = sorted((card for card in full_deck() if card not in used), key=lambda card: card.rank not in taken)
    rest = [(), *[()] * (6 - len(named)), tuple(reversed(spare))][-(8 - len(named)) :]
    position = Position.by_rank((*named, *rest), cells, tuple(home))
    position.validate()
    return position


def at(position: Position) -> Game:
    """A Stalactites game from ``position`` as given (no automatic play before the first action)."""
    return Game.from_position(SL, position, autoplay_first=False)


# -- the deal --------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", DEALS)
def test_stalactites_deals_pysolfc_game_numbers_card_for_card(number: int) -> None:
    columns, bases = pysolfc_stalactites(number)
    dealt = Game.new(SL, deal=number).dealt
    assert dealt.columns == columns
    assert dealt.piles == tuple((base,) for base in bases)
    assert dealt.foundations == (1, 1, 1, 1)
    assert dealt.cells == (None, None)


def test_stalactites_is_found_by_pysolfc_s_other_names() -> None:
    assert patience.get_variant("grampus").name == SL
    assert patience.get_variant("old-mole").name == SL


# -- the rules: building, empty columns, runs, cells, foundations --------------------------------


def test_nothing_goes_onto_a_column_in_stalactites() -> None:
    game = at(by_rank(["9S 8H", "KD 9C", "QC 7D"], ["AS", "AH", "AD", "AC"]))
    verdict = game.check(Move.parse("31"))
    assert not verdict
    assert str(verdict.reason) == "♦7 cannot go on ♥8: nothing is put on a column in Stalactites, cards only leave them"
    # A card may leave a column for a cell.
    assert game.check(Move.parse("3a"))


def test_an_empty_stalactites_column_takes_nothing() -> None:
    game = at(by_rank(["", "KD 9C"], ["AS", "AH", "AD", "AC"], ("QC", "")))
    verdict = game.check(Move.parse("21"))
    assert not verdict
    assert str(verdict.reason) == "nothing may go to an empty column in Stalactites"
    assert not game.check(Move.parse("a1"))
    assert not [move for move in game.legal_moves if move.destination.kind.value == "column"]


def test_stalactites_moves_one_card_at_a_time() -> None:
    game = at(by_rank(["", "8D 7C"], ["AS", "AH", "AD", "AC"]))
    assert not game.check(Move.parse("21v2"))
    assert not game.check(Move.parse("2av2"))
    assert all(move.count == 1 for move in game.legal_moves)


def test_a_stalactites_foundation_builds_up_by_rank_in_any_suit_and_wraps_from_king_to_ace() -> None:
    game = at(by_rank(["9S AH", "KD 2C"], ["QC,KS", "5D", "5H", "5C"]))
    assert game.check(Move.parse("1h"))  # ♥A onto ♠K: any suit, round the corner
    game.play(Move.parse("1h"))
    # ♣2 then goes onto the ♥A by itself.
    assert game.position.piles[0] == cards("QC KS AH 2C")


def test_a_card_no_stalactites_foundation_takes_is_refused_with_the_ranks_they_take() -> None:
    game = at(by_rank(["9S 8H"], ["3C", "5D", "5H", "JC"]))
    verdict = game.check(Move.parse("1h"))
    assert not verdict
    assert str(verdict.reason) == "♥8 cannot go home yet: the foundations take only 4, 6, Q next"


def test_a_stalactites_foundation_holds_thirteen_cards() -> None:
    full = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    game = at(by_rank(["9H AH"], [full, "5D", "5H", "5C"]))
    verdict = game.check(Move.parse("1h"))
    assert not verdict
    assert "the foundations take only 6 next" in str(verdict.reason)


def test_a_stalactites_cell_card_goes_only_home() -> None:
    game = at(by_rank(["9S 8H", "KD"], ["AS", "AH", "AD", "AC"], ("QC", "")))
    assert not game.check(Move.parse("a2"))
    assert not game.check(Move.parse("ab"))
    assert [str(move) for move in game.legal_moves if move.source.kind.value == "cell"] == []


def test_stalactites_automatic_play_sends_a_card_onto_the_first_foundation_from_the_left_that_takes_it() -> None:
    # Both the first and the third foundation take a 6: the ♥6 goes onto the first, the ♣6 then onto the third.
    game = at(by_rank(["TD 6C", "TS 6H", "JC"], ["5S", "9D", "5D", "9H"]))
    game.play(Move.parse("3a"))
    assert game.position.piles[0][-1] == Card.parse("6H")
    assert game.position.piles[2][-1] == Card.parse("6C")


def test_stalactites_automatic_play_looks_at_the_columns_in_the_order_of_their_cards() -> None:
    # One foundation takes a 6 and two columns show one: the column whose cards sort first sends its 6.
    position = by_rank(["TS 6H", "TD 6C", "JC"], ["5S", "2D", "2C", "2H"])
    sixes = ("1h", "2h")
    moves = [str(move) for move in autoplay_moves(AutoPlay.ALL, position)]
    assert [move for move in moves if move in sixes] == ["1h"]  # ♠10 (index 9) sorts before ♦10 (index 35)
    swapped = by_rank(["TD 6C", "TS 6H", "JC"], ["5S", "2D", "2C", "2H"])
    moves = [str(move) for move in autoplay_moves(AutoPlay.ALL, swapped)]
    assert [move for move in moves if move in sixes] == ["2h"]


def test_foundations_by_rank_are_offered_with_one_deck_and_a_dealt_base_only() -> None:
    for extra in ({"decks": 2}, {"base_rank": 1}, {"foundation_takeback": True}):
        with pytest.raises(ValueError, match="foundations by rank are offered with one deck"):
            Rules(
                build=Build.NONE,
                empty_columns=EmptyColumns.NONE,
                foundation_build=FoundationBuild.BY_RANK,
                **({"base_rank": None} | extra),  # type: ignore[arg-type]
            )


def test_a_foundation_by_rank_must_be_built_in_order_and_hold_its_base() -> None:
    position = by_rank([], ["AS", "AH", "AD", "AC"])
    bad = Position.by_rank(position.columns, position.cells, (cards("AS 3H"), *position.piles[1:]))
    with pytest.raises(InvalidBoardError, match="cannot lie on ♠A on a foundation that builds up by rank"):
        bad.validate()
    with pytest.raises(InvalidBoardError, match="each holding at least its base card"):
        Position.by_rank(position.columns, position.cells, ((), *position.piles[1:])).validate()


# -- the board format, the json layout ---------------------------------------------------------------


def test_a_board_with_foundations_by_rank_writes_each_foundation_s_cards_and_reads_back() -> None:
    game = Game.new(SL, deal=1)
    text = format_board(game.position)
    assert text.splitlines()[0] == "Foundations: 6S,7D,8D 9C,TC 2H,3D,4S 6H,7S,8S"
    assert parse_board(text, columns=8, cells=2) == game.position


def test_a_board_mixing_the_two_ways_of_writing_foundations_is_refused() -> None:
    with pytest.raises(InvalidBoardError, match="line 1: 'H-0' is not a foundation by rank like 9C,TH,JS"):
        parse_board("Foundations: 6S H-0 2H 6H\n" + "\n".join(["AS"] * 8), columns=8, cells=2)


def _patience(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PATIENCE), *args], input=stdin, capture_output=True, text=True, timeout=120, check=False, env=ENV
    )


def test_patience_solve_refuses_a_board_written_with_foundations_by_suit_for_stalactites(tmp_path: Path) -> None:
    board = tmp_path / "fc.txt"
    board.write_text(_patience("deal", "freecell", "2", "-f", "fcs").stdout.replace("Freecells: - - - -", "Freecells:"))
    done = _patience("solve", SL, "--board", str(board))
    assert done.returncode == 2
    assert done.stderr == (
        "patience: Stalactites's foundations build by rank: write each one's cards, base first, like 9C,TH,JS\n"
    )


def test_patience_deal_json_lists_each_stalactites_foundation_s_cards() -> None:
    done = _patience("deal", SL, "1", "-f", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["foundations"] == [["6S"], ["9C"], ["2H"], ["6H"]]


# -- the conformance kit, the solver and the terminal ------------------------------------------------


def test_stalactites_passes_the_conformance_kit() -> None:
    pm = patience.get_plugin_manager()
    check_variant(SL, pm, games=3, moves=40)
    check_solver(SL, pm)


def test_patience_solve_wins_stalactites_deal_6_and_the_moves_replay_to_a_win() -> None:
    done = _patience("solve", SL, "6", "-f", "json", "-t", "60")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["result"] == "solved"
    game = Game.new(SL, deal=6)
    for text in answer["moves"]:
        game.play(str(text))
    assert game.is_won


def test_patience_solve_reports_stalactites_deal_1_lost() -> None:
    done = _patience("solve", SL, "1", "-t", "60")
    assert done.returncode == 3, done.stdout + done.stderr
    assert "cannot be won, proved lost" in done.stdout


def _winnable(rules: Rules, start: Position) -> bool:
    """Whether the game's own legal moves and automatic play reach a win from ``start``: an exhaustive search."""
    seen = {start}
    todo = [start]
    while todo:
        position = todo.pop()
        if position.is_won:
            return True
        for move in legal_moves(rules, position):
            after = position.apply(move)
            for auto in autoplay_moves(rules.autoplay, after):
                after = after.apply(auto)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return False


@pytest.mark.parametrize("deal", range(1, 13))
def test_the_solver_s_verdict_on_a_stalactites_deal_is_the_exhaustive_search_s(deal: int) -> None:
    game = Game.new(SL, deal=deal)
    result = solve(game.variant, game.dealt, time_limit=60)
    assert result.outcome is not Outcome.UNDECIDED
    assert (result.outcome is Outcome.SOLVED) is _winnable(game.variant.rules, game.position)


def test_the_piped_stalactites_table_fits_80_columns() -> None:
    done = _patience("play", SL, "6", stdin="board\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80, done.stdout
    assert [str(i) for i in range(1, 9)] in [line.split() for line in lines]
    # The foundations row shows each foundation's top card, whatever its suit, after the cells' free slots.
    position = Game.new(SL, deal=6).position
    tops = [display(top) for top in (position.foundation_top(index) for index in range(4)) if top is not None]
    assert ["·", "·", *tops] in [line.split() for line in lines]


def test_the_terminal_draws_every_position_of_a_stalactites_win_in_80_columns() -> None:
    game = Game.new(SL, deal=6)
    result = solve(game.variant, game.dealt, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    for move in (None, *result.moves):
        if move is not None:
            game.play(move)
        lines = plain(board_fragments(game, 80)).rstrip("\n").split("\n")
        assert max(len(line) for line in lines) <= 80, "\n".join(lines)
        tops = [game.position.foundation_top(index) for index in range(4)]
        assert all(top is not None for top in tops)
        assert len("".join(text for _, text, *_ in toolbar_text(game, "", 80))) <= 80


class WatchedStalactites:
    """Stalactites with a legality hook that agrees with the rules: the solver would judge every move by the hook."""

    @hookimpl
    def patience_register_variants(self, register: Registrar) -> None:
        register(register.get(SL).derive(name="stalactites-watched", title="Stalactites, Watched", prefix="QA"))

    @hookimpl
    def patience_move_legality(self, variant: Variant, position: Position, move: Move) -> Verdict | None:
        return check_move(variant.rules, position, move, variant.title)


def test_the_solver_refuses_in_words_to_search_foundations_by_rank_that_a_plugin_judges() -> None:
    pm = patience.make_plugin_manager()
    pm.register(WatchedStalactites(), name="watched-stalactites")
    game = Game.new("stalactites-watched", 6, plugins=pm)
    assert not game.rules_are_data
    with pytest.raises(CellChoiceError, match="builds its foundations by rank and a plugin judges its moves"):
        solve(game.variant, game.position, time_limit=10, plugins=pm)
