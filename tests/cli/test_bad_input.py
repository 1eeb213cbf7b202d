"""Hostile input the commands and the REPL must refuse in one line: huge and non-ASCII numbers, odd files, pipes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import patience
from patience import (
    Game,
    GameCode,
    InvalidCodeError,
    InvalidDealError,
    InvalidMoveError,
    Move,
    Place,
    deal_position,
    format_board,
    get_variant,
    parse_board,
)
from patience.shuffle import read_deal_number
from patience_cli.app import app
from patience_cli.common import EXIT_CLOSED_PIPE
from patience_cli.repl import Controller

HUGE = "9" * 5000
PATIENCE = Path(sys.executable).with_name("patience")


def refused(*args: str, stdin: str | None = None, stdin_bytes: bytes | None = None) -> str:
    """Run the command in-process; it must exit 2 with exactly one short ``patience:`` line on stderr."""
    result = CliRunner().invoke(app, list(args), input=stdin_bytes if stdin_bytes is not None else stdin)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("patience: "), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


# -- row 3: numbers of 5,000 digits ---------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "freecell", HUGE],
        ["code", "freecell", HUGE],
        ["play", "freecell", HUGE],
        ["solve", "freecell", HUGE],
        ["census", "freecell", f"1-{HUGE}"],
        ["census", "freecell", f"{HUGE}-{HUGE}"],
        ["deal", "freecell", "--winnable", "--from", HUGE],
    ],
)
def test_a_five_thousand_digit_deal_number_is_out_of_range_in_one_short_line(args: list[str]) -> None:
    line = refused(*args)
    assert "is out of range: deals are numbered 1 to 8,589,934,591" in line
    assert "(5,000 characters)" in line and len(line) < 200


def test_a_five_thousand_digit_code_version_or_cell_count_is_refused_in_one_short_line() -> None:
    line = refused("code", "--decode", f"FC{HUGE}-C4-AAAAAAB")
    assert "code version" in line and "is not known" in line and len(line) < 250
    line = refused("code", f"FC1-C{HUGE}-AAAAAAB")
    assert "is not a cell count" in line and len(line) < 250


def test_the_engine_reads_long_numbers_by_their_length_before_converting_them() -> None:
    with pytest.raises(InvalidDealError, match="out of range"):
        read_deal_number(HUGE)
    with pytest.raises(InvalidCodeError, match="code version"):
        GameCode.parse(f"FC{HUGE}-C4-AAAAAAB")
    with pytest.raises(InvalidMoveError, match="not a place"):
        Place.parse(HUGE)
    assert read_deal_number("#1_000") == 1000 and read_deal_number(" 00160 ") == 160


# -- row 19: ASCII digits only ------------------------------------------------------


@pytest.mark.parametrize("number", ["١٢٣", "１２３", "²", "123²"])
def test_deal_numbers_in_other_scripts_are_not_deal_numbers(number: str) -> None:
    assert f"{number!r} is not a deal number" in refused("code", "freecell", number)
    with pytest.raises(InvalidDealError):
        read_deal_number(number)


def test_codes_and_notation_read_ascii_digits_only() -> None:
    with pytest.raises(InvalidCodeError):
        GameCode.parse("FC١-C4-AAAAAAB")
    with pytest.raises(InvalidCodeError):
        GameCode.parse("FC1-C٤-AAAAAAB")
    with pytest.raises(InvalidMoveError):
        Place.parse("٣")
    with pytest.raises(InvalidMoveError):
        Move.parse("23v٤")


# -- row 13: the REPL's `new` --------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("new ²", "unknown variant '²'"),
        ("new --cells ²", "--cells takes a cell count, like --cells 4, not '²'"),
        ("new --cells 99999999999", "--cells takes a cell count"),
        (f"new freecell {HUGE}", "is out of range: deals are numbered 1 to 8,589,934,591"),
        ("new freecell ١٢٣", "unexpected '١٢٣'"),
        (HUGE, "is not a move"),
        ("²", "unknown '²'"),
    ],
)
def test_repl_new_with_odd_digits_says_what_is_wrong_in_one_line(line: str, says: str) -> None:
    controller = Controller(Game.new("freecell", 1))
    reply = controller.handle(line)
    assert [said.kind for said in reply.lines] == ["error"]
    assert says in reply.text and "unexpected error" not in reply.text and len(reply.text) < 250
    assert controller.game.code == "FC1-C4-AAAAAAB"  # the game goes on


# -- rows 14 and 15: board files ---------------------------------------------------------


def test_a_board_file_starting_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    board = tmp_path / "bom.fcs"
    board.write_bytes(b"\xef\xbb\xbf" + format_board(deal_position(get_variant("freecell"), 1, 4)).encode())
    result = CliRunner().invoke(app, ["moves", "freecell", "--board", str(board)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("1a ")
    assert parse_board("\ufeff" + format_board(deal_position(get_variant("freecell"), 1, 4)), columns=8, cells=4)


def test_an_endless_board_file_is_refused_after_one_mebibyte() -> None:
    assert refused("moves", "freecell", "-b", "/dev/zero") == (
        "patience: /dev/zero holds more than 1 MiB: that is too much for a board file"
    )
    assert "more than 1 MiB" in refused("solve", "freecell", "--board", "-", stdin="#" * (2 << 20))


def test_a_bad_byte_in_a_board_is_reported_with_its_line_and_real_offset() -> None:
    # The offset used to be counted within the decoder's last chunk (3623 for this input).
    line = refused("moves", "freecell", "-b", "-", stdin_bytes=b"#" * 20000 + b"\n\xff\n")
    assert line == "patience: cannot read stdin as UTF-8 text: byte 0xff on line 2 (byte 20002) is not UTF-8"


# -- row 20: stdout a closed pipe --------------------------------------------------------


def run_into_a_closed_pipe(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``patience ARGS`` with stdout a pipe whose reader has already gone (`| head -0`, without the race)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run(
            [str(PATIENCE), *args],
            input=stdin,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(writer)


@pytest.mark.parametrize(
    "args",
    [["deal", "freecell", "1"], ["variants"], ["census", "freecell", "1-2"], ["play", "freecell", "1"], ["--help"]],
)
def test_a_closed_stdout_pipe_ends_quietly_with_141_as_other_tools_do(args: list[str]) -> None:
    done = run_into_a_closed_pipe(args, stdin="3a\n")
    assert done.stderr == ""
    assert done.returncode == EXIT_CLOSED_PIPE == 141


# -- row 4: a bad byte in a piped game ---------------------------------------------------


def test_a_bad_byte_in_piped_play_refuses_that_line_only_and_the_game_goes_on() -> None:
    result = CliRunner().invoke(app, ["play", "freecell", "1"], input=b"3a\n\xff\n1b\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "3a: ♥2 to cell a",
        "line 2: cannot read byte 0xff: the line is not UTF-8 text",
        "1b: ♠6 to cell b",
        "not won: 0 cards home, score 0, 2 moves (FC1-C4-AAAAAAB)",
    ]


def test_a_bad_byte_after_twenty_kilobytes_is_reported_on_its_own_line_number() -> None:
    text = b"# a comment line of forty bytes.........\n" * 500 + b"x\xffy\n3a\n"
    done = subprocess.run(
        [str(PATIENCE), "play", "freecell", "1"],
        input=text,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.decode().splitlines() == [
        "line 501: cannot read byte 0xff: the line is not UTF-8 text",
        "3a: ♥2 to cell a",
        "not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)",
    ]


# -- records: the same limits ------------------------------------------------------------


def test_verify_reads_at_most_one_mebibyte_and_says_on_stderr_that_a_file_was_not_a_record() -> None:
    result = CliRunner().invoke(app, ["verify", "/dev/zero"])
    assert result.exit_code == 2
    assert result.stdout == "/dev/zero: not a record: more than 1 MiB\n"
    assert result.stderr == "patience: 1 of 1 file could not be read as a record or stored\n"


def test_a_record_with_a_five_thousand_digit_deal_is_refused_without_a_value_error() -> None:
    from patience.formats.records import parse_record, replay

    text = f'[Variant "freecell"]\n[Cells "4"]\n[Deal "{HUGE}"]\n3a\n'
    problem = replay(parse_record(text)).problem or ""
    assert "is out of range: deals are numbered 1 to 8,589,934,591" in problem
    assert "ValueError" not in problem and len(problem) < 300


def test_a_huge_unknown_command_or_variant_is_quoted_cut_short() -> None:
    from patience_cli.app import main

    line = refused("deal", f"1-{HUGE}")
    # However many games are installed, the line names where to see them rather than all of them.
    assert "unknown variant" in line and "(5,005 characters)" in line and len(line) < 160
    assert "`patience variants` lists the" in line
    runner = CliRunner()
    with runner.isolation() as (_, stderr, _):
        with pytest.raises(SystemExit) as done:
            main([f"1-{HUGE}"])
        sys.stderr.flush()
        text = stderr.getvalue().decode()
    assert done.value.code == 2
    assert text.startswith("patience: no such command '1-999") and "(5,005 characters)" in text and len(text) < 200


def test_a_line_longer_than_64_kib_in_piped_play_is_skipped_in_chunks_and_the_game_goes_on() -> None:
    result = CliRunner().invoke(app, ["play", "freecell", "1"], input=b"3a\n" + b"x" * 200_000 + b"\n1b\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "3a: ♥2 to cell a",
        "line 2: longer than 64 KiB, skipped: xxxxxxxxxxxxxxxxxxxx…",
        "1b: ♠6 to cell b",
        "not won: 0 cards home, score 0, 2 moves (FC1-C4-AAAAAAB)",
    ]


def test_a_bad_byte_in_the_piped_daily_game_refuses_that_line_only() -> None:
    # Found by the fuzz suite: `daily` plays through run_piped without `play`'s set-up.
    result = CliRunner().invoke(app, ["daily"], input=b"\x80\n", env={"PATIENCE_SERVER": None})
    assert result.exit_code == 0, result.stderr
    assert "line 1: cannot read byte 0x80: the line is not UTF-8 text" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("not won: ")


@pytest.mark.parametrize(
    ("name", "meant"),
    [("frecell", "freecell"), ("beleagured-castle", "beleaguered-castle"), ("Seahaven Tower", "seahaven-towers")],
)
def test_a_misspelt_variant_is_answered_with_the_closest_game(name: str, meant: str) -> None:
    line = refused("deal", name, "1")
    count = len(patience.variants())
    listed = f"`patience variants` lists the {count} installed games"
    assert line == f"patience: unknown variant {name!r}: did you mean {meant}? {listed}"


def test_a_variant_like_no_game_is_answered_with_where_to_see_them_all() -> None:
    line = refused("deal", "zzzz", "1")
    assert (
        line
        == f"patience: unknown variant 'zzzz': `patience variants` lists the {len(patience.variants())} installed games"
    )
