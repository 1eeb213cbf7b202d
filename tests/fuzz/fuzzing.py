"""What the fuzz tests share: their size, running the command line in-process, and the game's invariants.

The suite is bounded so that it adds well under a minute to the test run,
with a fixed seed so that CI gives the same answer twice. On a developer's
machine, ``PATIENCE_FUZZ_SCALE=50 .venv/bin/pytest tests/fuzz`` runs fifty
times as many examples each, from a random seed every time (see
docs/cli.md).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from contextlib import chdir
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from patience import Game

#: How many times the bounded number of examples a run tries; set it above 1 for a long run.
SCALE = max(1, int(os.environ.get("PATIENCE_FUZZ_SCALE", "1") or "1"))


def fuzz(examples: int) -> settings:
    """Settings for a fuzz test trying ``examples`` cases (times :data:`SCALE`)."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        derandomize=SCALE == 1,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
            HealthCheck.function_scoped_fixture,
        ],
    )


@dataclass(frozen=True)
class Run:
    """What one command did: its exit code, stdout and stderr."""

    code: int
    stdout: str
    stderr: str


def run_cli(args: Sequence[str], stdin: str | bytes = b"") -> Run:
    """``patience ARGS`` through :func:`patience_cli.app.main`, in-process, in an empty directory of its own.

    ``PATIENCE_HOME`` is a fresh temporary directory, so nothing reaches the
    user's data, and the working directory is one too, so that a file name
    the fuzzer made up (``export -o NAME``) is written there. Any exception
    other than the ``SystemExit`` that ends every command propagates: that is
    a traceback the user would have seen.
    """
    from patience_cli.app import main

    runner = CliRunner()
    with tempfile.TemporaryDirectory(prefix="patience-fuzz-") as scratch:
        home = Path(scratch) / "home"
        work = Path(scratch) / "work"
        home.mkdir()
        work.mkdir()
        # No leaderboard server: `daily` must not reach out to the network whatever the fuzzer types.
        env = {"PATIENCE_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "100", "PATIENCE_SERVER": None}
        with chdir(work), runner.isolation(input=stdin, env=env) as (stdout, stderr, _):
            try:
                main(list(args))
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            else:  # pragma: no cover - main always exits
                code = 0
            import sys

            sys.stdout.flush()
            sys.stderr.flush()
            out = stdout.getvalue().decode("utf-8", "replace")
            err = stderr.getvalue().decode("utf-8", "replace")
    return Run(code, out, err)


def check_game(game: Game) -> None:
    """The invariants that hold after anything at all: 52 different cards, a score and move count of 0 or more.

    A variant whose scoring goes below 0 (``Scoring.negative``) is held to the moves only.
    """
    position = game.position
    position.validate()  # each of the 52 cards exactly once
    assert len(position.columns) == game.variant.columns
    assert len(position.cells) == game.cells
    assert all(0 <= rank <= 13 for rank in position.foundations)
    assert game.cards_home == sum(position.foundations)
    assert game.is_won == (game.cards_home == 52)
    if not game.variant.rules.scoring.negative:  # Vegas-style scoring starts below 0 on purpose
        assert game.score >= 0, game.score
    assert game.moves >= 0, game.moves
