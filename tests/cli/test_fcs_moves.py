"""``--moves fcs``: fc-solve's output, as it prints it, replayed as fc-solve means its moves.

The stored solutions in ``data/fcs-solutions`` are fc-solve's stdout for
FreeCell, Baker's Game, Seahaven Towers and Eight Off deals in four print
styles (``bench/fcsolve_replay.py store`` writes them again); these tests
read them without running fc-solve. The ``fcsolve`` tests run it live.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from patience import Game, format_board
from patience.formats.fcsolve import FcsFollower, fcs_tokens
from patience.formats.records import Record, check_record, format_record, parse_record, record_of

DATA = Path(__file__).parent / "data" / "fcs-solutions"
PATIENCE = Path(sys.executable).parent / "patience"
STORED = sorted(path for path in DATA.glob("*.txt") if path.name != "commands.txt")
#: The FreeCell deals whose fc-solve solution sends a card to a cell that automatic play has sent home.
CELL_AFTER_HOME = [2, 8, 14, 20, 22, 29]

pytestmark = pytest.mark.timeout(300)


def _deal_of(path: Path) -> tuple[str, int]:
    name, deal, _style = path.stem.rsplit("-", 2)
    return name, int(deal)


def _code(name: str, deal: int) -> str:
    code = Game.new(name, deal).code
    assert code is not None
    return code


def patience(args: list[str], text: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=200, env=env, check=False
    )


def followed(name: str, deal: int, output: str) -> Game:
    game = Game.new(name, deal)
    follower = FcsFollower.from_deal(game)
    for line in output.splitlines():
        tokens = fcs_tokens(line)
        assert tokens is not None, f"not read as fc-solve's output: {line!r}"
        for token in tokens:
            step = follower.step(game, token)
            if step.move is not None:
                game.play(step.move)
            follower.advance(step)
    return game


def test_fifty_solutions_in_every_print_style_are_stored() -> None:
    assert len(STORED) == 50
    styles = {path.stem.rsplit("-", 1)[1] for path in STORED}
    assert styles == {"snx", "lg", "sam", "verbose"}
    assert {_deal_of(path)[0] for path in STORED} == {"freecell", "bakers-game", "seahaven-towers", "eight-off"}


@pytest.mark.parametrize("path", STORED, ids=lambda path: path.stem)
def test_a_stored_fc_solve_solution_replays_to_a_won_game_that_verifies(path: Path) -> None:
    name, deal = _deal_of(path)
    game = followed(name, deal, path.read_text())
    assert game.is_won
    record = record_of(game, result="won", started=dt.datetime(2026, 12, 1, tzinfo=dt.UTC))
    assert check_record(parse_record(format_record(record))).problem is None


@pytest.mark.parametrize("deal", CELL_AFTER_HOME)
def test_play_with_moves_fcs_wins_where_a_card_went_home_before_fc_solve_moved_it(deal: int) -> None:
    output = (DATA / f"freecell-{deal}-snx.txt").read_text()
    result = patience(["play", "freecell", str(deal), "--moves", "fcs"], output)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert not [line for line in lines if line.startswith("line ")]  # nothing refused, nothing unread
    assert lines[-1].startswith("won: score ")
    # fc-solve's own moves home of cards automatic play has sent there are named and taken as done.
    assert any(line.endswith("already went home by itself") for line in lines)


def test_the_same_lines_in_patience_notation_mean_other_cards() -> None:
    # Without --moves fcs the lines are patience's notation: fc-solve's 2c after ♦A went home moves ♠9.
    output = (DATA / "freecell-2-snx.txt").read_text()
    result = patience(["play", "freecell", "2"], output)
    assert result.stdout.splitlines()[-1].startswith("not won: ")


@pytest.mark.parametrize("style", ["sam", "verbose"])
def test_position_dumps_and_the_verbose_notation_are_read_as_fc_solve_prints_them(style: str) -> None:
    path = next(path for path in STORED if path.stem.endswith(f"-{style}"))
    name, deal = _deal_of(path)
    result = patience(["play", "--code", _code(name, deal), "--moves", "fcs"], path.read_text())
    lines = result.stdout.splitlines()
    assert not [line for line in lines if line.startswith("line ")]
    assert lines[-1].startswith("won: score ")


def test_the_game_played_from_fc_solve_output_is_saved_as_a_record_that_verifies(tmp_path: Path) -> None:
    output = (DATA / "freecell-22-snx.txt").read_text()
    assert patience(["play", "freecell", "22", "--moves", "fcs"], output).stdout.splitlines()[-1].startswith("won:")
    exported = patience(["export", "--last"], "")
    assert exported.returncode == 0, exported.stderr
    saved = tmp_path / "game.txt"
    saved.write_text(exported.stdout)
    verified = patience(["verify", str(saved)], "")
    assert verified.returncode == 0
    assert verified.stdout.startswith(f"{saved}: consistent: won, ")


def _fcs_record(deal: int, tmp_path: Path) -> Path:
    """A record whose action section is fc-solve's moves for FreeCell ``deal``, its tags what they give."""
    output = (DATA / f"freecell-{deal}-snx.txt").read_text()
    game = followed("freecell", deal, output)
    ours = record_of(game, result="won", started=dt.datetime(2026, 12, 1, tzinfo=dt.UTC))
    tokens = tuple(token for line in output.splitlines() for token in fcs_tokens(line) or [])
    path = tmp_path / f"fcs-{deal}.txt"
    path.write_text(format_record(Record(ours.tags, tokens)))
    return path


def test_verify_with_moves_fcs_reads_a_record_of_fc_solve_moves_as_fc_solve_means_them(tmp_path: Path) -> None:
    path = _fcs_record(2, tmp_path)
    result = patience(["verify", "--moves", "fcs", str(path)], "")
    assert result.returncode == 0, result.stdout
    assert result.stdout == f"{path}: consistent: won, score 972, 124 moves, 0 undos, 52 cards home\n"
    # Read in patience's notation, the same tokens are not a legal game.
    plain = patience(["verify", str(path)], "")
    assert plain.returncode == 1
    assert f"{path}: inconsistent: action " in plain.stdout


def test_an_unknown_notation_is_one_line_of_bad_input() -> None:
    for args in (["play", "freecell", "1", "--moves", "fc-solve"], ["verify", "--moves", "x", "-"]):
        result = patience(args, "")
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1
        assert result.stderr.startswith("patience: --moves takes one of patience, fcs, not ")


def test_commands_still_work_between_fc_solve_lines_and_a_bad_token_is_one_line() -> None:
    text = "-=-=-=-=-=-=-=-=-=-=-=-\n\n1h 4a\ncode\n9z\nThis game is solveable.\n"
    result = patience(["play", "freecell", "2", "--moves", "fcs"], text)
    lines = result.stdout.splitlines()
    assert lines[0] == "1h: ♠A already went home by itself"
    assert lines[1] == "4a: ♥J to cell a"
    assert lines[2] == "FC1-C4-AAAAAAC"
    assert lines[3].startswith("line 5: 9z: ")
    assert lines[-1] == "not won: 1 card home, score 10, 1 move (FC1-C4-AAAAAAC)"


def test_fc_solve_text_lines_hold_no_move_and_other_lines_are_not_its() -> None:
    assert fcs_tokens("-=-=-=-=-=-=-=-=-=-=-=-") == []
    assert fcs_tokens("====================") == []
    assert fcs_tokens("Total number of states checked is 98.") == []
    assert fcs_tokens("Foundations: H-0 C-0 D-0 S-A ") == []
    assert fcs_tokens(": QD 4D TD 7S AH 3H") == []
    assert fcs_tokens(" QD  QC  KC  3C  4C  2C  KD  5C ") == []
    assert fcs_tokens("1h 4a 4b 4h 5c c4 d6 14v2 ") == ["1h", "4a", "4b", "4h", "5c", "c4", "d6", "14v2"]
    assert fcs_tokens("Move: 10a ") == ["10a"]
    assert fcs_tokens("Move 3 cards from stack 0 to stack 5") == ["16v3"]
    assert fcs_tokens("Move a card from freecell 1 to the foundations") == ["bh"]
    assert fcs_tokens("undo") is None
    assert fcs_tokens("board") is None


def test_a_whole_column_moved_into_an_empty_one_renumbers_the_column() -> None:
    # fc-solve -l lg moves a lone card between empty columns; the game keeps it where it is.
    relabels = 0
    for path in (path for path in STORED if path.stem.endswith("-lg")):
        name, deal = _deal_of(path)
        game = Game.new(name, deal)
        follower = FcsFollower.from_deal(game)
        for line in path.read_text().splitlines():
            for token in fcs_tokens(line) or []:
                step = follower.step(game, token)
                if step.relabel:
                    relabels += 1
                    assert step.move is None  # nothing to play in the game
                if step.move is not None:
                    game.play(step.move)
                follower.advance(step)
        assert game.is_won
    assert relabels > 0


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
@pytest.mark.parametrize("deal", range(1, 31))
def test_fc_solve_run_live_replays_every_freecell_deal_1_to_30(deal: int) -> None:
    board = format_board(Game.new("freecell", deal).dealt)
    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
    output = subprocess.run(
        ["fc-solve", "-snx", "-m", "-"], input=board, capture_output=True, text=True, check=True, env=env, timeout=120
    ).stdout
    assert followed("freecell", deal, output).is_won


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
def test_the_documented_pipeline_wins_freecell_2() -> None:
    env = {**os.environ, "NO_COLOR": "1", "PATH": f"{PATIENCE.parent}{os.pathsep}{os.environ['PATH']}"}
    pipeline = "patience deal freecell 2 -f fcs | fc-solve -snx -m - | patience play freecell 2 --moves fcs"
    result = subprocess.run(["sh", "-c", pipeline], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert result.stdout.splitlines()[-1] == "won: score 972 in 124 moves"


def test_moves_typed_at_the_prompt_are_read_as_fc_solve_means_them_and_new_starts_again() -> None:
    from patience_cli.repl import Controller

    controller = Controller(Game.new("freecell", 2), fcs=True)
    assert controller.handle("1h").text == "1h: ♠A already went home by itself"
    assert controller.handle("4a").text == "4a: ♥J to cell a"
    assert controller.handle("new freecell 8").text.startswith("new game: FreeCell FC1-C4-AAAAAAI")
    output = (DATA / "freecell-8-snx.txt").read_text()
    for token in (token for line in output.splitlines() for token in fcs_tokens(line) or []):
        reply = controller.handle(token)
        assert not [said for said in reply.lines if said.kind == "error"], reply.text
    assert controller.game.is_won


@pytest.mark.parametrize("name", ["freecell", "bakers-game", "seahaven-towers", "eight-off", "forecell", "penguin"])
def test_any_legal_line_of_fc_solve_moves_can_be_followed_by_the_game(name: str) -> None:
    # fc-solve's moves made at random on its own position, the ones a solver would never pick
    # included (a card onto one that automatic play has sent home, a whole column moved about):
    # the game follows every one, and always has at least fc-solve's cards home.
    import random

    rng = random.Random(name)
    for _ in range(8):
        game = Game.new(name, rng.randint(1, 32000))
        follower = FcsFollower.from_deal(game)
        for _ in range(150):
            theirs = Game.from_position(game.variant, follower.position, autoplay_first=False)
            moves = [move for move in theirs.legal_moves if move.source.kind.name != "FOUNDATION"]
            if not moves:
                break
            token = follower.position.notation(rng.choice(moves))
            step = follower.step(game, token)
            if step.move is not None:
                game.play(step.move)
            follower.advance(step)
            assert game.cards_home >= follower.position.cards_home


def test_fc_solve_output_read_in_patience_notation_says_once_how_to_read_it() -> None:
    output = (DATA / "freecell-2-snx.txt").read_text()
    result = patience(["play", "freecell", "2"], output)
    lines = result.stdout.splitlines()
    told = "line 1: this is fc-solve's output: to read its moves as fc-solve means them, give --moves fcs"
    assert lines[0] == told
    assert [line for line in lines if "fc-solve's output" in line] == [told]  # once, not for each such line
    assert not [line for line in lines if "solveable" in line or "states" in line]  # its statistics are skipped
    # A line of card names is still read as cards (fc-solve's position dumps are not taken for its output).
    assert patience(["play", "freecell", "7"], "7H\n").stdout.splitlines()[0] == (
        "line 1: 7H: ♥7 cannot move now: it is covered by 2 cards in column 7"
    )
