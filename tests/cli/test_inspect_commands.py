"""The inspection and scripting commands: variants, deal, moves, plugins, code, and their bad-input errors."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from patience import Game, Position, deal_position, format_board, get_plugin_manager, get_variant, parse_board
from patience import variants as patience_variants
from patience_cli.app import app, main

SHIPPED = ("eight-off", "freecell", "bakers-game", "seahaven-towers")
CODE_160 = "EO1-C8-AAAAAFA"
PATIENCE = Path(sys.executable).with_name("patience")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def ok(runner: CliRunner, *args: str, stdin: str | None = None) -> str:
    result = run(runner, *args, stdin=stdin)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stderr == ""
    return result.stdout


def dealt(variant: str, deal: int, cells: int | None = None):
    var = get_variant(variant)
    return deal_position(var, deal, cells if cells is not None else var.default_cells)


# -- variants ------------------------------------------------------------------


def test_variants_lists_the_four_shipped_variants_with_default_cells_marked(runner: CliRunner) -> None:
    out = ok(runner, "variants")
    rows = {line.split()[0]: line for line in out.splitlines() if line and line.split()[0] in SHIPPED}
    assert set(rows) == set(SHIPPED)
    assert "8* 4 2" in rows["eight-off"] and " EO " in rows["eight-off"]
    assert "4* 3 2 1" in rows["freecell"]
    assert rows["seahaven-towers"].split()[-1] == "10"  # columns, last
    assert rows["eight-off"].split()[-2:] == ["EO", "8"]  # its code prefix and columns


def test_variants_json_has_cells_prefix_columns_and_plugin(runner: CliRunner) -> None:
    data = {entry["name"]: entry for entry in json.loads(ok(runner, "variants", "--format", "json"))}
    assert set(SHIPPED) <= set(data)
    assert data["eight-off"]["cells"] == [8, 4, 2]
    assert data["eight-off"]["default_cells"] == 8
    assert data["eight-off"]["prefix"] == "EO"
    assert data["seahaven-towers"]["columns"] == 10
    assert data["freecell"]["plugin"] == get_variant("freecell").plugin


# -- deal ------------------------------------------------------------------------


def test_deal_code_fcs_round_trips_to_the_dealt_position(runner: CliRunner) -> None:
    out = ok(runner, "deal", "--code", CODE_160, "--format", "fcs")
    assert out.splitlines()[1] == "Freecells: " + " ".join(
        str(card) if card else "-" for card in dealt("eight-off", 160).cells
    )
    assert out.splitlines()[1].endswith("- - - -")  # every cell shown, the free ones as -
    assert parse_board(out, columns=8, cells=8) == dealt("eight-off", 160)


def test_deal_code_is_eight_off_deal_160(runner: CliRunner) -> None:
    assert ok(runner, "deal", "--code", CODE_160, "--format", "fcs") == ok(
        runner, "deal", "eight-off", "160", "--format", "fcs"
    )


def test_deal_code_text_is_a_labelled_table(runner: CliRunner) -> None:
    out = ok(runner, "deal", "--code", CODE_160, "--format", "text")
    lines = out.splitlines()
    assert "Eight Off" in lines[0] and "#160" in lines[0] and CODE_160 in lines[0]
    assert any(line.split() == ["cells", "a", "b", "c", "d", "e", "f", "g", "k"] for line in lines)
    assert any(line.startswith("foundation h") for line in lines)
    assert any(line.split() == ["columns", *map(str, range(1, 9))] for line in lines)
    position = dealt("eight-off", 160)
    first_row = next(i for i, line in enumerate(lines) if line.startswith("columns")) + 1
    assert lines[first_row].split() == [column[0].display for column in position.columns]
    assert "♠" in out and "♥" in out


def test_deal_text_shows_only_the_cells_in_play(runner: CliRunner) -> None:
    lines = ok(runner, "deal", "eight-off", "160", "--cells", "2").splitlines()
    assert any(line.split() == ["cells", "a", "b"] for line in lines)


def test_deal_text_says_1_cell(runner: CliRunner) -> None:
    assert ok(runner, "deal", "freecell", "1", "--cells", "1").splitlines()[0].startswith("FreeCell, deal #1, 1 cell ")


def test_deal_text_numbers_ten_columns(runner: CliRunner) -> None:
    lines = ok(runner, "deal", "seahaven-towers", "1").splitlines()
    assert any(line.split() == ["columns", *map(str, range(1, 11))] for line in lines)


def test_deal_code_json_is_the_documented_structure(runner: CliRunner) -> None:
    data = json.loads(ok(runner, "deal", "--code", CODE_160, "--format", "json"))
    position = dealt("eight-off", 160)
    assert data == {
        "format": 1,
        "variant": "eight-off",
        "title": "Eight Off",
        "deal": 160,
        "cells": 8,
        "code": CODE_160,
        "columns": [[str(card) for card in column] for column in position.columns],
        "freecells": [str(card) if card else None for card in position.cells],
        "foundations": {"S": 0, "H": 0, "D": 0, "C": 0},
    }
    assert data["freecells"][4:] == [None] * 4


def test_deal_is_shown_before_automatic_play(runner: CliRunner) -> None:
    # FreeCell deal 2 has AS on top: the game plays it home at once, deal does not.
    out = ok(runner, "deal", "freecell", "2", "--format", "fcs")
    assert parse_board(out, columns=8, cells=4) == dealt("freecell", 2)
    assert Game.new("freecell", 2).position != dealt("freecell", 2)


@pytest.mark.parametrize("name", ["eight-off", "eight_off", "Eight Off", "EIGHT-OFF", "eo", "eightoff"])
def test_deal_accepts_variant_names_loosely(runner: CliRunner, name: str) -> None:
    assert ok(runner, "deal", name, "160", "--format", "fcs") == format_board(dealt("eight-off", 160))


def test_deal_accepts_the_highest_deal_number(runner: CliRunner) -> None:
    data = json.loads(ok(runner, "deal", "freecell", "8589934591", "--format", "json"))
    assert data["deal"] == 8_589_934_591


@pytest.mark.parametrize("variant", SHIPPED)
def test_deal_fcs_of_every_variant_reads_back(runner: CliRunner, variant: str) -> None:
    var = get_variant(variant)
    out = ok(runner, "deal", variant, "7", "--format", "fcs")
    assert parse_board(out, columns=var.columns, cells=var.default_cells) == dealt(variant, 7)


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("make-microsoft-freecell-board") is None, reason="Freecell Solver is not installed")
@pytest.mark.parametrize("deal", [1, 617, 11982])
def test_deal_freecell_fcs_matches_make_microsoft_freecell_board(runner: CliRunner, deal: int) -> None:
    board = shutil.which("make-microsoft-freecell-board")
    assert board is not None
    theirs = subprocess.run([board, "-t", str(deal)], capture_output=True, text=True, check=True).stdout
    ours = ok(runner, "deal", "freecell", str(deal), "--format", "fcs")
    assert ours.splitlines()[2:] == [line.strip() for line in theirs.splitlines() if line.strip()]


# -- moves -----------------------------------------------------------------------


def engine_moves(variant: str, position) -> list[str]:
    return [str(move) for move in Game.from_position(variant, position, autoplay_first=False).legal_moves]


def listed(out: str) -> list[str]:
    return [line.split()[0] for line in out.splitlines()]


def midgame() -> Position:
    game = Game.new("eight-off", 160)
    for move in ("1h", "3e", "d4"):
        game.play(move)
    return game.position


def test_moves_lists_exactly_the_engines_legal_moves(runner: CliRunner, tmp_path: Path) -> None:
    position = midgame()
    board = tmp_path / "board.txt"
    board.write_text(format_board(position), encoding="utf-8")
    out = ok(runner, "moves", "eight-off", "--board", str(board))
    assert listed(out) == engine_moves("eight-off", position)
    assert len(listed(out)) > 3


def test_moves_describe_each_move_in_words(runner: CliRunner, tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(format_board(dealt("eight-off", 160)), encoding="utf-8")
    lines = ok(runner, "moves", "eight-off", "--board", str(board)).splitlines()
    assert "1h    ♣A from column 1 to the clubs foundation" in lines
    assert "2e    ♥7 from column 2 to cell e" in lines
    assert "d4    ♠7 from cell d onto ♠8 in column 4" in lines


def test_moves_reads_stdin(runner: CliRunner) -> None:
    position = dealt("freecell", 1)
    out = ok(runner, "moves", "freecell", "--board", "-", stdin=format_board(position))
    assert listed(out) == engine_moves("freecell", position)


def test_moves_takes_the_board_as_given_without_automatic_play(runner: CliRunner) -> None:
    position = dealt("freecell", 2)
    out = ok(runner, "moves", "freecell", "-b", "-", stdin=format_board(position))
    assert any(line.endswith("to the spades foundation") for line in out.splitlines())
    assert listed(out) == engine_moves("freecell", position)


def test_moves_reads_the_cell_count_from_the_freecells_line(runner: CliRunner) -> None:
    position = dealt("eight-off", 160, cells=2)
    out = ok(runner, "moves", "eight-off", "-b", "-", stdin=format_board(position))
    assert listed(out) == engine_moves("eight-off", position)
    assert not any(move[-1] in "cdefgk" for move in listed(out))  # only cells a and b exist, both full


def test_moves_json(runner: CliRunner) -> None:
    position = dealt("eight-off", 160)
    data = json.loads(ok(runner, "moves", "eight-off", "-b", "-", "--format", "json", stdin=format_board(position)))
    assert [entry["move"] for entry in data] == engine_moves("eight-off", position)
    assert data[0] == {"move": "1h", "cards": ["AC"], "description": "♣A from column 1 to the clubs foundation"}


def test_moves_lists_runs_with_their_length(runner: CliRunner) -> None:
    position = parse_board(
        "Foundations: H-0 C-0 D-0 S-0\nFreecells: - - - -\n"
        "JD KD 2S 4C 3S 6D 6S\n2D KC KS 5C TD 8S 9C\n9H 9S 9D TS 4S 8D 2H\nJC 5S QD QH TH QS 6H\n"
        "5D AD JS 4H 8H 6C\n7H QC AS AC 2C 3D\n7C KH AH 4D JH 8C\n5H 3H 3C 7S 7D TC\n",
        columns=8,
        cells=4,
    )
    game = Game.from_position("freecell", position, autoplay_first=False)
    game.play("8a")  # TC to a cell uncovers 7D
    game.play("18")  # 6S onto 7D: column 8 ends with the run 7D 6S, which fits on 8C in column 7
    out = ok(runner, "moves", "freecell", "-b", "-", stdin=format_board(game.position))
    assert listed(out) == engine_moves("freecell", game.position)
    assert "87v2  ♦7..♠6 (2 cards) from column 8 onto ♣8 in column 7" in out.splitlines()


# -- plugins ---------------------------------------------------------------------


def test_plugins_lists_defaults_marked_and_each_plugins_hooks(runner: CliRunner) -> None:
    out = ok(runner, "plugins")
    lines = out.splitlines()
    assert lines[0].startswith("patience.defaults") and "[default]" in lines[0]
    start = next(i for i, line in enumerate(lines) if line.startswith("eight_off "))
    assert "patience-variants" in lines[start]
    assert "patience_deal" in lines[start + 1] and "patience_register_variants" in lines[start + 1]


def test_plugins_json_matches_the_plugin_manager(runner: CliRunner) -> None:
    data = json.loads(ok(runner, "plugins", "--format", "json"))
    pm = get_plugin_manager()
    by_name = {entry["name"]: entry for entry in data["plugins"]}
    assert set(by_name) == {name for name, _ in pm.list_name_plugin()}
    assert by_name["patience.defaults"]["default"] is True
    assert "patience_move_legality" in by_name["patience.defaults"]["hooks"]
    for hook in ("patience_deal", "patience_register_variants"):
        for impl in getattr(pm.hook, hook).get_hookimpls():
            assert hook in by_name[impl.plugin_name]["hooks"]


# -- code ------------------------------------------------------------------------


def test_code_encodes_a_deal(runner: CliRunner) -> None:
    assert ok(runner, "code", "eight-off", "160") == CODE_160 + "\n"
    assert ok(runner, "code", "freecell", "1", "--cells", "2") == "FC1-C2-AAAAAAB\n"


def test_code_decodes_into_deal_arguments(runner: CliRunner) -> None:
    assert ok(runner, "code", "--decode", CODE_160.lower()) == "eight-off 160 --cells 8\n"
    data = json.loads(ok(runner, "code", "--decode", CODE_160, "--format", "json"))
    assert data == {"code": CODE_160, "variant": "eight-off", "title": "Eight Off", "deal": 160, "cells": 8}


def test_a_code_alone_is_decoded(runner: CliRunner) -> None:
    assert ok(runner, "code", CODE_160) == "eight-off 160 --cells 8\n"
    assert ok(runner, "code", CODE_160.lower()) == "eight-off 160 --cells 8\n"


@pytest.mark.parametrize("args", [["code", "EO1-C8-AAAA1FA"], ["code", "--decode", "EO1-C8-AAAA1FA"]])
def test_a_code_with_a_bad_character_is_explained_not_taken_for_a_variant(runner: CliRunner, args: list[str]) -> None:
    assert_one_line_error(run(runner, *args), "'1' is not a base-32 character")


def test_decoded_code_pastes_back_into_deal(runner: CliRunner) -> None:
    args = ok(runner, "code", "--decode", "FC1-C3-AAAAATJ").split()
    assert ok(runner, "deal", *args, "--format", "json") == ok(runner, "deal", "--code", "FC1-C3-AAAAATJ", "-f", "json")


# -- help ------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["variants", "deal", "moves", "plugins", "code"])
def test_every_command_has_help_with_an_example(runner: CliRunner, command: str) -> None:
    out = ok(runner, command, "--help")
    assert "Example" in out


def test_main_help_documents_exit_codes_and_completion(runner: CliRunner) -> None:
    out = " ".join(ok(runner, "--help").split())
    assert "Exit codes: 0 ok, 1 some record inconsistent (verify, import), 2 bad input" in out
    assert "3 lost" in out and "4 undecided" in out
    assert "--install-completion" in out


# -- bad input -------------------------------------------------------------------

BAD_ARGS = [
    pytest.param(["deal", "nosuch", "1"], "unknown variant", id="unknown-variant"),
    pytest.param(["deal", "freecell", "0"], "out of range", id="deal-0"),
    pytest.param(["deal", "freecell", "-5"], "out of range", id="deal-negative"),
    pytest.param(["deal", "freecell", "8589934592"], "out of range", id="deal-too-big"),
    pytest.param(["deal", "freecell", "abc"], "not a deal number", id="deal-not-a-number"),
    pytest.param(["deal", "freecell"], "deal number", id="deal-missing"),
    pytest.param(["deal"], "variant", id="nothing"),
    pytest.param(["deal", "--code", "XX1-C8-AAAAAFA"], "prefix", id="code-unknown-prefix"),
    pytest.param(["deal", "--code", "garbage"], "not a game code", id="code-malformed"),
    pytest.param(["deal", "--code", "EO1-C8-AAAAAAA"], "out of range", id="code-deal-0"),
    pytest.param(["deal", "--code", "EO9-C8-AAAAAFA"], "version", id="code-version"),
    pytest.param(["deal", "--code", "EO1-C3-AAAAAFA"], "not 3", id="code-cells"),
    pytest.param(["deal", "freecell", "1", "--cells", "8"], "not 8", id="cells-not-offered"),
    pytest.param(["deal", "freecell", "1", "--code", CODE_160], "not both", id="deal-and-code"),
    pytest.param(["deal", "freecell", "--code", CODE_160], "not FreeCell", id="code-of-another-variant"),
    pytest.param(["code", "nosuch", "1"], "unknown variant", id="code-unknown-variant"),
    pytest.param(["code", "freecell", "x"], "not a deal number", id="code-bad-deal"),
    pytest.param(["code", "--decode", "EO1-C8-AAAA"], "7 characters", id="decode-short"),
    pytest.param(["code"], "variant", id="code-nothing"),
    pytest.param(["moves", "nosuch", "-b", "-"], "unknown variant", id="moves-unknown-variant"),
    pytest.param(["moves", "freecell", "-b", "/nonexistent/board.txt"], "cannot read", id="missing-file"),
]


def assert_one_line_error(result: Result | Ran, fragment: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("patience: ")
    assert fragment in lines[0]
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stdout == ""


@pytest.mark.parametrize(("args", "fragment"), BAD_ARGS)
def test_bad_input_exits_2_with_one_line(runner: CliRunner, args: list[str], fragment: str) -> None:
    assert_one_line_error(run(runner, *args, stdin=""), fragment)


# Usage errors that typer itself finds (wrong types, unknown options, missing
# arguments) come out of ``main()``, the console script's entry point, which
# the CliRunner does not go through.
USAGE_ERRORS = [
    pytest.param(["deal", "freecell", "1", "--cells", "x"], "--cells takes a whole number", id="cells-not-a-number"),
    pytest.param(["deal", "freecell", "1", "--format", "xml"], "not 'xml'", id="format-unknown"),
    pytest.param(["deal", "freecell", "1", "--bogus"], "--bogus", id="option-unknown"),
    pytest.param(["deal", "freecell", "1", "extra"], "extra", id="argument-extra"),
    pytest.param(["solve", "freecell", "1", "-t", "abc"], "--time-limit takes a number", id="time-limit-not-a-number"),
    pytest.param(["play", "freecell", "abc"], "not a deal number", id="play-deal-not-a-number"),
    pytest.param(["play", "freecell", "-3"], "out of range", id="play-deal-negative"),
    pytest.param(["census", "freecell"], "RANGE", id="census-no-range"),
    pytest.param(["moves", "freecell"], "--board", id="moves-no-board"),
    pytest.param(["nosuchcmd"], "nosuchcmd", id="no-such-command"),
    pytest.param(["--bogus"], "--bogus", id="no-such-top-option"),
]


@dataclass
class Ran:
    """What a run of ``main()`` printed and its exit code."""

    exit_code: int
    stdout: str
    stderr: str


def run_main(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> Ran:
    """Run ``patience ARGS`` through ``main()`` in this process (sys.argv patched), with an empty stdin."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(sys, "argv", ["patience", *args])
    with pytest.raises(SystemExit) as done:
        main()
    out, err = capsys.readouterr()
    code = done.value.code
    return Ran(code if isinstance(code, int) else 1, out, err)


@pytest.mark.parametrize(("args", "fragment"), [*USAGE_ERRORS, *BAD_ARGS])
def test_main_turns_every_bad_input_into_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str], fragment: str
) -> None:
    result = run_main(capsys, monkeypatch, *args)
    assert_one_line_error(result, fragment)
    assert "╭" not in result.stderr and "Usage:" not in result.stderr


def test_usage_errors_name_the_command_whose_help_to_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    line = run_main(capsys, monkeypatch, "census", "freecell").stderr
    assert line == "patience: missing argument 'RANGE' (see `patience census --help`)\n"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["deal", "freecell", "5", "--bogus"], "no such option: --bogus (see `patience deal --help`)"),
        (["code", "--bogus"], "no such option: --bogus (see `patience code --help`)"),
        (["code", "freecell", "5", "--bogus"], "no such option: --bogus (see `patience code --help`)"),
        (["play", "freecell", "5", "--bogus"], "no such option: --bogus (see `patience play --help`)"),
        (["deal", "freecell", "5", "6", "7"], "got unexpected extra argument(s) (6 7) (see `patience deal --help`)"),
    ],
)
def test_an_unknown_option_reads_as_one_where_deals_may_be_negative(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str], line: str
) -> None:
    # deal, code and play take `-5` as a deal number to refuse it themselves, so click lets
    # unknown options through to them as arguments.
    result = run_main(capsys, monkeypatch, *args)
    assert result.exit_code == 2
    assert result.stderr == f"patience: {line}\n"


def test_main_keeps_help_and_normal_exit_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = run_main(capsys, monkeypatch, "deal", "--help")
    assert result.exit_code == 0 and "Example" in result.stdout and result.stderr == ""
    result = run_main(capsys, monkeypatch, "code", "eight-off", "160")
    assert (result.exit_code, result.stdout) == (0, CODE_160 + "\n")
    result = run_main(capsys, monkeypatch, "solve", "freecell", "11982", "--time-limit", "0.05", "--format", "json")
    assert result.exit_code in (3, 4)  # the command's own exit code passes through


def test_main_exits_130_quietly_on_ctrl_c(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from patience_cli import inspect_commands

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(inspect_commands, "deal_text", interrupted)
    result = run_main(capsys, monkeypatch, "deal", "freecell", "1")
    assert result.exit_code == 130
    assert "Traceback" not in result.stderr


def board_lines() -> list[str]:
    return format_board(dealt("freecell", 1)).splitlines()


def impossible_boards() -> list[object]:
    lines = board_lines()
    doubled = [*lines[:2], lines[2] + " 6S", *lines[3:]]
    short = [*lines[:2], lines[2].rsplit(" ", 1)[0], *lines[3:]]
    bad_card = [*lines[:2], lines[2].replace("KD", "XX"), *lines[3:]]
    too_many_columns = [*lines, "AS"]
    return [
        pytest.param("\n".join(doubled), "more than once: 6S", id="card-twice"),
        pytest.param("\n".join(short), "51 cards", id="51-cards"),
        pytest.param("\n".join(bad_card), "'XX' is not a card", id="bad-card-text"),
        pytest.param("\n".join(too_many_columns), "9 columns", id="too-many-columns"),
        pytest.param("Foundations: H-0 X-3\n", "foundation", id="bad-foundation"),
        pytest.param("", "52", id="empty"),
    ]


@pytest.mark.parametrize(("text", "fragment"), impossible_boards())
def test_impossible_board_exits_2_with_one_line(runner: CliRunner, tmp_path: Path, text: str, fragment: str) -> None:
    board = tmp_path / "board.txt"
    board.write_text(text, encoding="utf-8")
    assert_one_line_error(run(runner, "moves", "freecell", "--board", str(board)), fragment)


def test_unreadable_board_files_exit_2_with_one_line(runner: CliRunner, tmp_path: Path) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00junk")
    assert_one_line_error(run(runner, "moves", "freecell", "-b", str(binary)), "UTF-8")
    assert_one_line_error(run(runner, "moves", "freecell", "-b", str(tmp_path)), "cannot read")


def test_board_with_more_filled_cells_than_cells_in_play(runner: CliRunner) -> None:
    text = format_board(dealt("eight-off", 160))  # four filled cells
    assert_one_line_error(run(runner, "moves", "eight-off", "--cells", "2", "-b", "-", stdin=text), "cells")


def test_cells_not_offered_for_moves(runner: CliRunner) -> None:
    text = format_board(dealt("freecell", 1))
    assert_one_line_error(run(runner, "moves", "freecell", "--cells", "7", "-b", "-", stdin=text), "not 7")


# -- real processes ---------------------------------------------------------------

needs_script = pytest.mark.skipif(not PATIENCE.exists(), reason="the patience console script is not installed")


@needs_script
def test_console_script_prints_the_deal() -> None:
    done = subprocess.run(
        [str(PATIENCE), "deal", "--code", CODE_160, "--format", "fcs"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert parse_board(done.stdout, columns=8, cells=8) == dealt("eight-off", 160)


@needs_script
def test_console_script_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("\n".join(board_lines()[:-1]), encoding="utf-8")
    for args in (["deal", "freecell", "-5"], ["moves", "freecell", "--board", str(board)]):
        done = subprocess.run([str(PATIENCE), *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("patience: ")
        assert "Traceback" not in done.stderr


# -- shell completion ---------------------------------------------------------------


def test_variant_arguments_complete_to_installed_names() -> None:
    from patience_cli.inspect_commands import complete_variant

    # Installed plugins may add names that start alike (eight-off-vegas).
    names = sorted(name for name in patience_variants() if name.startswith("ei"))
    assert sorted(complete_variant("ei")) == names
    assert "eight-off" in complete_variant("ei")
    assert set(SHIPPED) <= set(complete_variant(""))


@needs_script
@pytest.mark.parametrize("command", ["deal", "moves", "code"])
def test_shell_completion_offers_variant_names(command: str) -> None:
    env = {"_PATIENCE_COMPLETE": "complete_bash", "COMP_WORDS": f"patience {command} fr", "COMP_CWORD": "2"}
    done = subprocess.run([str(PATIENCE)], capture_output=True, text=True, timeout=60, env=env)
    assert done.stdout.split() == ["freecell"]


@needs_script
def test_console_script_usage_errors_are_one_line() -> None:
    for args in (["nosuchcmd"], ["deal", "freecell", "1", "--format", "xml"], ["census", "freecell"]):
        done = subprocess.run(
            [str(PATIENCE), *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
        )
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("patience: "), done.stderr


@needs_script
def test_console_script_shell_completion_script_still_prints() -> None:
    done = subprocess.run([str(PATIENCE), "--show-completion", "bash"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "_PATIENCE_COMPLETE" in done.stdout


# -- output that cannot show suit symbols ----------------------------------------------


def patience_with_encoding(encoding: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=stdin.encode(encoding), capture_output=True, timeout=60, env=env, check=False
    )


@needs_script
def test_deal_on_an_ascii_stream_writes_cards_in_letters() -> None:
    done = patience_with_encoding("ascii", "deal", "freecell", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode("ascii").splitlines()
    first_row = next(i for i, line in enumerate(lines) if line.startswith("columns")) + 1
    assert lines[first_row].split() == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]
    assert "10S" in done.stdout.decode("ascii")  # as wide as the symbol form, so columns stay aligned
    assert lines[first_row + 3].index("10S") == lines[first_row].index("9H") - 1


@needs_script
def test_moves_on_a_latin_1_stream() -> None:
    done = patience_with_encoding(
        "latin-1", "moves", "eight-off", "-b", "-", stdin=format_board(dealt("eight-off", 160))
    )
    assert done.returncode == 0, done.stderr
    assert "1h    AC from column 1 to the clubs foundation" in done.stdout.decode("latin-1").splitlines()


@needs_script
def test_piped_play_on_an_ascii_stream() -> None:
    done = patience_with_encoding("ascii", "play", "freecell", "1", stdin="3a\n36\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode("ascii").splitlines()
    assert lines[0] == "3a: 2H to cell a"
    assert lines[1] == "line 2: 36: 8D cannot go on 3D: wrong rank, only a black 2 goes on it in FreeCell"


def test_the_letter_fallback_handles_tens_lone_suits_and_other_symbols() -> None:
    from patience_cli.encoding import ERROR_HANDLER

    text = "♥10 on ♠J │ ♣- thinking…"
    assert text.encode("ascii", ERROR_HANDLER) == b"10H on JS | C- thinking..."
    assert "♦Q ü".encode("latin-1", ERROR_HANDLER) == "QD ü".encode("latin-1")
