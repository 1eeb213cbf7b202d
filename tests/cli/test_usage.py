"""How the command line presents itself: ``-h``, ``--version``, help screens, values of the wrong kind, questions."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from patience_cli.app import app

pytestmark = pytest.mark.timeout(120)

PATIENCE = Path(sys.executable).with_name("patience")

#: Every command and group, as typed after ``patience``.
COMMANDS = [
    [],
    ["variants"],
    ["deal"],
    ["moves"],
    ["plugins"],
    ["code"],
    ["solve"],
    ["census"],
    ["play"],
    ["history"],
    ["stats"],
    ["export"],
    ["verify"],
    ["import"],
    ["serve"],
    ["daily"],
    ["daily", "deal"],
    ["daily", "play"],
    ["daily", "share"],
    ["daily", "leaderboard"],
]
IDS = [" ".join(command) or "patience" for command in COMMANDS]


def patience(*args: str, stdin: str | None = None, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """``patience ARGS`` as a real process (stdin the null device unless ``stdin`` is given)."""
    return subprocess.run(
        [str(PATIENCE), *args],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )


def help_of(command: list[str], option: str = "--help") -> str:
    result = CliRunner().invoke(app, [*command, option], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", COMMANDS, ids=IDS)
def test_dash_h_is_help_wherever_dash_dash_help_is(command: list[str]) -> None:
    assert help_of(command, "-h") == help_of(command, "--help")
    assert "Usage: patience" in help_of(command, "-h")


def test_dash_h_is_help_for_the_console_script_too() -> None:
    done = patience("deal", "-h")
    assert done.returncode == 0, done.stderr
    assert "Usage: patience deal" in done.stdout and done.stderr == ""


@pytest.mark.parametrize("command", COMMANDS, ids=IDS)
def test_every_help_screen_has_an_example(command: list[str]) -> None:
    text = help_of(command)
    assert "Example" in text
    examples = text[text.index("Example") :]
    assert "patience " + " ".join(command) in " ".join(examples.split())


@pytest.mark.parametrize("command", COMMANDS, ids=IDS)
def test_flags_show_as_flags_without_a_value_type(command: list[str]) -> None:
    text = help_of(command)
    assert "<bool>" not in text
    for line in text.splitlines():
        for flag in ("--help", "--last", "--reset", "--yes", "--winnable", "--version"):
            if re.search(rf"│ {flag}\b", line):
                # The flag, its short form perhaps, then straight its help: no <type> between.
                assert re.fullmatch(rf"│ {flag}( +-\w)? +[A-Z][^<]*│", line.rstrip()), line


def test_the_flags_of_export_and_stats_read_as_flags() -> None:
    export = " ".join(help_of(["export"]).split())
    assert "--last The game played last" in export
    stats = " ".join(help_of(["stats"]).split())
    assert "--reset Start the statistics again" in stats and "--yes -y With --reset" in stats


def test_the_root_help_lists_every_exit_code() -> None:
    text = " ".join(help_of([]).split())
    codes = re.search(r"Exit codes: (.*?)\.", text)
    assert codes is not None, text
    assert re.findall(r"\b(\d+) [a-z]", codes.group(1)) == ["0", "1", "2", "3", "4", "130", "141"]


def test_version_prints_each_installed_distribution_and_exits_0() -> None:
    done = patience("--version")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == f"patience-engine {importlib.metadata.version('patience-engine')}"
    for name in ("patience-solver", "patience-home", "patience-variants", "patience-cli"):
        assert f"{name} {importlib.metadata.version(name)}" in lines
    assert all(re.fullmatch(r"patience(-[a-z]+)? \S+", line) for line in lines), lines


def test_version_goes_before_any_command_and_wins() -> None:
    done = patience("--version", "deal", "freecell", "1")
    assert done.returncode == 0
    assert done.stdout.startswith("patience-engine ") and "columns" not in done.stdout


# -- values of the wrong kind ---------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "command", "line"),
    [
        (["deal", "freecell", "1", "--format", "xml"], "deal", "--format takes one of text, fcs, json, not 'xml'"),
        (["stats", "-f", "xml"], "stats", "--format takes one of table, json, not 'xml'"),
        (["daily", "deal", "--format", "csv"], "daily deal", "--format takes one of text, json, not 'csv'"),
        (["serve", "--port", "abc"], "serve", "--port takes a whole number, not 'abc'"),
        (["deal", "freecell", "1", "--cells", "x"], "deal", "--cells takes a whole number, not 'x'"),
        (["export", "abc"], "export", "ID takes a whole number, not 'abc'"),
        (["solve", "freecell", "1", "-t", "soon"], "solve", "--time-limit takes a number, not 'soon'"),
        (["history", "--limit", "0"], "history", "--limit must be 1 or more, not '0'"),
        (["history", "--limit", "1.5"], "history", "--limit takes a whole number, not '1.5'"),
        (
            ["--show-completion", "tcsh"],
            "",
            "--show-completion takes one of bash, zsh, fish, powershell, pwsh, not 'tcsh'",
        ),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused_in_our_words(args: list[str], command: str, line: str) -> None:
    done = patience(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    path = f"patience {command}" if command else "patience"
    assert done.stderr.splitlines() == [f"patience: {line} (see `{path} --help`)"]


def test_no_validation_library_wording_reaches_the_user() -> None:
    for args in (["census", "freecell", "1-2", "--jobs", "many"], ["history", "--limit", "-3"], ["code", "-c", "z"]):
        done = patience(*args)
        assert done.returncode == 2, done.stderr
        assert "Value error" not in done.stderr and "Input should" not in done.stderr, done.stderr
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("patience: "), done.stderr


# -- stats --reset without a terminal -----------------------------------------------------


@pytest.fixture
def one_ended_game() -> None:
    done = patience("play", "freecell", "1", stdin="giveup\n")
    assert done.returncode == 0, done.stderr


@pytest.mark.usefixtures("one_ended_game")
def test_stats_reset_with_no_answer_refuses_in_one_line_saying_to_pass_yes() -> None:
    done = patience("stats", "--reset")  # stdin is /dev/null
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "patience: no answer: nothing was reset (pass --yes to reset without the question)\n"
    assert "1 " in patience("stats").stdout  # still counted


@pytest.mark.usefixtures("one_ended_game")
def test_stats_reset_asks_on_stderr_and_reads_the_answer_from_a_pipe() -> None:
    done = patience("stats", "--reset", stdin="n\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "nothing was reset\n"
    assert done.stderr == "Reset the statistics of every variant (1 game; the history stays)? [y/N]: n\n"
    done = patience("stats", "--reset", stdin="")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1].startswith("patience: no answer")


@pytest.mark.usefixtures("one_ended_game")
def test_stats_reset_reads_the_answer_from_a_file(tmp_path: Path) -> None:
    answer = tmp_path / "answer"
    answer.write_text("y\n")
    with answer.open() as stdin:
        done = subprocess.run(
            [str(PATIENCE), "stats", "--reset"], stdin=stdin, capture_output=True, text=True, timeout=60, check=False
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "statistics of every variant reset (1 game left out; the history keeps them)\n"
    assert done.stderr == "Reset the statistics of every variant (1 game; the history stays)? [y/N]: y\n"
    assert "no games have ended yet" in patience("stats").stdout + patience("stats").stderr


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["solve", "freecell", "1", "-f"], "option '-f' requires an argument (see `patience solve --help`)"),
        (["daily", "deal", "--format"], "option '--format' requires an argument (see `patience daily deal --help`)"),
        (["play", "--code"], "option '--code' requires an argument (see `patience play --help`)"),
    ],
)
def test_an_option_missing_its_value_names_the_command_whose_help_to_read(args: list[str], line: str) -> None:
    done = patience(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"patience: {line}\n"


@pytest.mark.parametrize(
    ("date", "why"),
    [
        ("2026-02-30", "that month has days 01 to 28"),
        ("2024-02-30", "that month has days 01 to 29"),
        ("2026-04-31", "that month has days 01 to 30"),
        ("2026-13-01", "months are numbered 01 to 12"),
        ("0000-01-01", "years are numbered from 0001"),
    ],
)
def test_a_date_not_on_the_calendar_says_why_in_our_words(date: str, why: str) -> None:
    done = patience("daily", "deal", "--date", date)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"patience: {date} is not a calendar date: {why}\n"


def test_numbers_beyond_sqlites_integers_find_no_game_and_limit_nothing() -> None:
    assert patience("play", "freecell", "1", stdin="giveup\n").returncode == 0
    done = patience("export", "9" * 23)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"patience: there is no game {'9' * 23} (`patience history` lists them)\n"
    listed = patience("history", "--limit", "9" * 23)
    assert listed.returncode == 0 and listed.stderr == ""
    assert "FC1-C4-AAAAAAB" in listed.stdout
