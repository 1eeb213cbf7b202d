"""``patience play`` from the outside: piped games won end to end, arguments, exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"

pytestmark = pytest.mark.timeout(120)


def play(args: list[str], text: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=100, env=env, check=False
    )


def test_eight_off_solution_piped_in_wins() -> None:
    moves = (DATA / "eo160_moves.txt").read_text()
    result = play(["play", "--code", "EO1-C8-AAAAAFA"], moves)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "won: score 520 in 94 moves"
    assert len(lines) == len(moves.split()) + 1  # one line per move, then the result


def test_freecell_solution_with_automatic_moves_listed_wins() -> None:
    # Solver output in "sn" form names automatic moves home where they happen.
    result = play(["play", "--code", "FC1-C4-AAAAAAB"], (DATA / "fc1_sn.txt").read_text())
    assert result.returncode == 0, result.stderr
    assert "already went home by itself" in result.stdout
    assert "line " not in result.stdout  # no line refused
    assert result.stdout.splitlines()[-1].startswith("won: score ")


def test_freecell_solution_without_automatic_moves_wins() -> None:
    result = play(["play", "freecell", "1"], (DATA / "fc1_moves.txt").read_text())
    assert "line " not in result.stdout
    assert result.stdout.splitlines()[-1] == "won: score 1046 in 87 moves"


@pytest.mark.parametrize(("variant", "data"), [("triple-freecell", "tr2"), ("die-schlange", "ds2")])
@pytest.mark.parametrize("form", ["moves", "sn"])
def test_many_deck_solution_piped_in_wins_with_or_without_its_automatic_moves(
    variant: str, data: str, form: str
) -> None:
    # Deal 2 of each: foundation lines after automatic play that the lines ahead cannot settle.
    result = play(["play", variant, "2"], (DATA / f"{data}_{form}.txt").read_text())
    assert result.returncode == 0, result.stderr
    assert "line " not in result.stdout  # no line refused
    assert result.stdout.splitlines()[-1].startswith("won: "), result.stdout[-400:]


@pytest.mark.parametrize(("data", "after"), [("tr2_moves", 119), ("tr2_sn", 139)])
def test_a_game_quit_right_after_automatic_play_is_resumed_and_won_with_the_rest_of_its_solution(
    data: str, after: int
) -> None:
    # Triple FreeCell #2, quit right after 13-12v4 sent ♥2 home by itself from column 13.
    lines = (DATA / f"{data}.txt").read_text().split()
    assert lines[after - 1] == "13-12v4"
    first = play(["play", "triple-freecell", "2"], "\n".join([*lines[:after], "quit"]) + "\n")
    assert first.stdout.splitlines()[-1].startswith("not won: "), first.stdout[-400:]
    resumed = play(["play"], "\n".join(lines[after:]) + "\n")
    assert resumed.stderr.startswith("patience: resumed your unfinished Triple FreeCell game TR1-C10-AAAAAAC: ")
    assert "line " not in resumed.stdout  # no line refused
    assert resumed.stdout.splitlines()[-1] == "won: score 1882 in 189 moves"


def test_undo_and_redo_across_automatic_moves_keep_a_piped_solution_on_its_line() -> None:
    lines = (DATA / "tr2_moves.txt").read_text().split()
    text = "\n".join([*lines[:119], "undo", "undo", "redo", "redo", *lines[119:]]) + "\n"
    result = play(["play", "triple-freecell", "2"], text)
    assert "line " not in result.stdout
    assert "redo 13-12v4: ♣K ♥Q ♣J ♥10 to column 12; home by itself: ♥2" in result.stdout.splitlines()
    assert result.stdout.splitlines()[-1].startswith("won: ")


def test_fc_solve_solution_wins_though_automatic_play_went_first() -> None:
    # fc-solve moves every card home itself, often long after automatic play did.
    result = play(["play", "--code", "FC1-C4-AAAAAAB"], (DATA / "fc1_fcsolve.txt").read_text())
    assert "line " not in result.stdout
    assert result.stdout.splitlines()[-1].startswith("won: ")


def test_bad_lines_are_reported_and_the_state_is_printed_at_the_end() -> None:
    result = play(["play", "freecell", "1"], "3a\n36\nfoo\n# a comment\n\nundo\nredo\n")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "3a: ♥2 to cell a"
    assert lines[1] == "line 2: 36: ♦8 cannot go on ♦3: wrong rank, only a black 2 goes on it in FreeCell"
    assert lines[2].startswith("line 3: foo: unknown 'foo'")
    assert lines[-1] == "not won: 0 cards home, score 0, 3 moves (FC1-C4-AAAAAAB)"


def test_commands_work_in_a_pipe() -> None:
    result = play(["play"], "new seahaven 2\ncode\nboard\ngiveup\n")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "new game: Seahaven Towers ST1-C4-AAAAAAC"
    assert lines[1] == "home by itself: ♦A ♠A"
    assert lines[2] == "ST1-C4-AAAAAAC"
    assert " 1    2    3    4    5    6    7    8    9    10" in lines
    assert lines[-1].startswith("given up: ")


def test_bare_patience_plays_too() -> None:
    result = play([], "code\nquit\n")
    assert result.returncode == 0
    assert result.stdout.startswith("EO1-C8-")


def test_deal_number_alone_is_an_eight_off_deal() -> None:
    assert play(["play", "160"], "code\n").stdout.startswith("EO1-C8-AAAAAFA")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "no-such-game"], "no-such-game"),
        (["play", "freecell", "1", "--cells", "8"], "cell"),
        (["play", "--code", "XX9-nonsense"], "XX9"),
        (["play", "--code", "EO1-C8-AAAAAFA", "5"], "either --code"),
        (["play", "freecell", "--code", "EO1-C8-AAAAAFA"], "Eight Off code"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = play(args, "")
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_help_has_an_example() -> None:
    result = play(["play", "--help"], "")
    assert result.returncode == 0
    assert "patience play freecell 617" in result.stdout


def test_solver_output_piped_into_play_wins() -> None:
    help_text = subprocess.run([str(PATIENCE), "solve", "--help"], capture_output=True, text=True, check=False).stdout
    if "sn" not in help_text:
        pytest.skip("patience solve has no --format sn yet")
    for code in ["EO1-C8-AAAAAFA", "FC1-C4-AAAAAAB"]:
        solution = subprocess.run(
            [str(PATIENCE), "solve", "--code", code, "--format", "sn"], capture_output=True, text=True, check=False
        )
        assert solution.returncode == 0, solution.stderr
        result = play(["play", "--code", code], solution.stdout)
        assert result.returncode == 0
        assert result.stdout.splitlines()[-1].startswith("won: score "), result.stdout


def test_giveup_as_the_last_line_says_the_result_once() -> None:
    result = play(["play", "freecell", "1"], "3a\ngiveup\n")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "3a: ♥2 to cell a",
        "given up: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)",
    ]
    result = play(["play", "freecell", "1"], "giveup\nquit\n")
    assert result.stdout.count("given up: ") == 1


def test_root_command_turns_bad_input_into_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from patience import PatienceError
    from patience_cli import play_commands
    from patience_cli.app import app

    def refuses() -> None:
        raise PatienceError("cannot start")

    monkeypatch.setattr(play_commands, "start_play", refuses)
    result = CliRunner().invoke(app, [])
    assert result.exit_code == 2
    assert result.stderr == "patience: cannot start\n"


def run_in_a_terminal(args: list[str], typed: bytes, env: dict[str, str], timeout: float = 30) -> tuple[int, str]:
    """Run ``patience ARGS`` on a pseudo-terminal, type ``typed`` at the first prompt; the exit code and the output."""
    import pty
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execve(str(PATIENCE), [str(PATIENCE), *args], env)
    out, sent, deadline = b"", False, time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    data = os.read(fd, 65536)
                except OSError:  # the child has gone
                    break
                if not data:
                    break
                out += data
                if b"\x1b[6n" in data:  # prompt_toolkit asks where the cursor is
                    os.write(fd, b"\x1b[1;1R")
            if not sent and "»".encode() in out:
                os.write(fd, typed)
                sent = True
    finally:
        if time.monotonic() >= deadline:
            os.kill(pid, 9)
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")
def test_an_impossible_data_directory_still_plays_with_one_warning_each() -> None:
    # A data dir under /proc cannot be created: the history stays in memory, games are not saved.
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "PATIENCE_HOME": "/proc/nonexistent/patience"}
    code, out = run_in_a_terminal(["play", "freecell", "1"], b"3a\rquit\r", env)
    assert code == 0, out
    assert out.count("patience: warning: cannot keep the history in /proc/nonexistent/patience/history") == 1, out
    assert out.count("patience: warning: cannot save games in /proc/nonexistent/patience (") == 1, out
    assert "not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)" in out
    assert "Traceback" not in out


def test_a_refused_move_is_named_once_in_its_line() -> None:
    # The line number and the text typed come first; the engine's reason does not repeat the move.
    result = play(["play", "freecell", "1"], "33\naa\n3a\n3av2\n")
    lines = result.stdout.splitlines()
    assert lines[0] == "line 1: 33: a card cannot move to where it already is"
    assert lines[1] == "line 2: aa: a card cannot move to where it already is"
    assert lines[3] == "line 4: 3av2: a cell holds one card, not a run of 2"
