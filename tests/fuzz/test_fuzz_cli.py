"""Every command with generated arguments, in-process: no traceback, a known exit code, one stderr line on error."""

from __future__ import annotations

import re
from pathlib import Path

from fuzzing import Run, fuzz, run_cli
from hypothesis import given
from hypothesis import strategies as st

from patience import deal_position, format_board, get_variant


def _commands() -> list[str]:
    """Every command of the app (so a new one is fuzzed too), but ``serve``, which serves until it is stopped."""
    import typer.main

    from patience_cli.app import app

    group = typer.main.get_command(app)
    return sorted(name for name in getattr(group, "commands", {}) if name != "serve")


COMMANDS = _commands()
VARIANTS = ["freecell", "eight-off", "bakers-game", "seahaven-towers", "forecell", "Eight Off", "eo", "FC", "klondike"]
HUGE = "9" * 5000
NUMBERS = st.one_of(
    st.integers(-3, 40_000).map(str),
    st.sampled_from(["0", "8589934591", "8589934592", HUGE, "١٢٣", "²", "#617", "1_000", "1,000", "+5", "0x10", "1e3"]),
)
RANGES = st.one_of(
    st.integers(1, 30).map(lambda low: f"{low}-{low + 1}"),
    st.sampled_from(["5-4", f"1-{HUGE}", "0-1", "a-b", "1-", "-", "3--4", "1-8589934592"]),
)
CODES = st.sampled_from(
    [
        "EO1-C8-AAAAAFA",
        "FC1-C4-AAAAAAB",
        "FC1-C9-AAAAAAB",
        "ZZ1-C4-AAAAAAB",
        "FC2-C4-AAAAAAB",
        "fc1-c4-aaaaaab",
        "FC1-C4-AAAAAA0",
        f"FC{HUGE}-C4-AAAAAAB",
        "FC١-C4-AAAAAAB",
        "FC1-C4-",
    ]
)
OPTIONS = [
    "--cells",
    "-c",
    "--code",
    "--format",
    "-f",
    "--board",
    "-b",
    "--from",
    "--jobs",
    "-j",
    "--limit",
    "-n",
    "--last",
    "--output",
    "-o",
    "--decode",
    "--yes",
    "--reset",
    "--help",
    "-h",
    "--version",
    "--show-completion",
    "--bogus",
    "-x",
    "--",
]
FORMATS = ["text", "json", "fcs", "sn", "csv", "table", "xml", ""]
#: `daily`'s subcommands and dates (never --server: the fuzzer must not reach out to the network).
DAILY = ["deal", "play", "share", "leaderboard", "--date", "2026-11-30", "2026-13-01", "٢٠٢٦-١١-٣٠", "1999-01-01"]
TIME_LIMITS = ["0", "-1", "nan", "inf", "0.05", "abc", "1e400", "0.01"]

DATA = Path(__file__).parent / "data"
FILES = ["-", "/dev/null", "/dev/zero", "/nonexistent/board", "/", str(DATA / "fc1.fcs"), str(DATA / "game.record")]

TOKEN = st.one_of(
    st.sampled_from(VARIANTS),
    NUMBERS,
    RANGES,
    CODES,
    st.sampled_from(OPTIONS),
    st.sampled_from(FORMATS),
    st.sampled_from(FILES),
    st.sampled_from(DAILY),
    st.text(max_size=12),
)
#: Arguments: single tokens, and options with a value of the kind they take (or not).
PAIR = st.tuples(
    st.sampled_from(["--cells", "-c", "--code", "--format", "--board", "--from", "--jobs", "--limit", "-o", "-t"]),
    st.one_of(NUMBERS, CODES, st.sampled_from(FORMATS + TIME_LIMITS + FILES)),
).map(list)
TOKENS = st.lists(st.one_of(TOKEN.map(lambda token: [token]), PAIR), max_size=4).map(
    lambda groups: [token for group in groups for token in group]
)

# What a piped game reads: moves, cards, commands and junk; no `hint`, which would search for seconds.
LINES = st.one_of(
    st.text(alphabet="0123456789abcdefghkvsHSDC", min_size=1, max_size=5),
    st.sampled_from(["undo", "redo", "restart", "finish", "giveup", "board", "moves", "code", "help", "quit"]),
    st.sampled_from(
        ["new", "new freecell 2", "new --cells 2", "new ²", f"new freecell {HUGE}", "new --code FC1-C4-AAAAAAB"]
    ),
    st.sampled_from(["7H", "AS", "♠A", "10D", "TD"]),
    st.text(max_size=15).filter(lambda line: "hint" not in line.lower()),
)
STDIN = st.one_of(
    st.lists(LINES, max_size=12).map(lambda lines: "\n".join(lines).encode()),
    st.just(format_board(deal_position(get_variant("freecell"), 1, 4)).encode()),
    st.binary(max_size=200),
)

#: Exit codes a command may end with: ok, bad input, lost, undecided. verify and import add 1, inconsistent.
KNOWN_CODES = {0, 2, 3, 4}
RECORD_CODES = {0, 1, 2}


def arguments(command: str, tokens: list[str]) -> list[str]:
    """The command line: the solver's commands get a short time limit last (the last value given wins)."""
    args = [command, *tokens]
    if command in ("solve", "census", "deal"):
        # No --winnable: it searches deal after deal, each up to ten seconds.
        args = [arg for arg in args if arg != "--winnable"]
    if command in ("solve", "census"):
        args += ["--time-limit", "0.2"]
    return [arg for arg in args if not arg.startswith("--server")]


def assert_well_behaved(command: str, args: list[str], done: Run) -> None:
    allowed = RECORD_CODES if command in ("verify", "import") else KNOWN_CODES
    shown = " ".join(args)[:300]
    context = f"patience {shown!r}: exit {done.code}\nstdout {done.stdout[:500]!r}\nstderr {done.stderr[:1000]!r}"
    assert done.code in allowed, context
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout, context
    assert "unexpected error" not in done.stderr + done.stdout, context
    lines = done.stderr.splitlines()
    if done.code == 2:
        assert lines and lines[-1].startswith("patience: "), context
        errors = [line for line in lines if not line.startswith("patience: warning:")]
        assert len(errors) == 1, context
        assert len(errors[0]) < 400, context  # one clear line, not a page
    for line in lines:  # anything said on stderr is said as patience
        assert line.startswith("patience: "), context


@fuzz(120)
@given(
    command=st.sampled_from(COMMANDS),
    tokens=TOKENS,
    stdin=STDIN,
)
def test_every_command_with_generated_arguments_behaves(command: str, tokens: list[str], stdin: bytes) -> None:
    args = arguments(command, tokens)
    assert_well_behaved(command, args, run_cli(args, stdin))


@fuzz(40)
@given(tokens=TOKENS)
def test_unknown_commands_and_bare_options_get_one_line(tokens: list[str]) -> None:
    done = run_cli(tokens, b"quit\n")
    assert_well_behaved("", tokens, done)


@fuzz(30)
@given(lines=st.lists(LINES, max_size=25), variant=st.sampled_from(VARIANTS[:5]), deal=st.integers(1, 50))
def test_piped_play_reads_every_line_and_ends_with_the_result(lines: list[str], variant: str, deal: int) -> None:
    done = run_cli(["play", variant, str(deal)], "\n".join(lines).encode())
    assert_well_behaved("play", ["play", variant, str(deal)], done)
    assert done.code == 0
    # Only a quit before the end says anything on stderr: how many lines it left unread, in one line.
    unread = r"patience: \S+ on line \d+ ended the game; [^\n]* not read\n"
    assert done.stderr == "" or re.fullmatch(unread, done.stderr), done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith(("won: ", "not won: ", "given up: ")), done.stdout[-500:]
