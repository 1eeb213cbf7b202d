"""Assisted games from the outside: a hint in the terminal game marks it, and stats, export and verify say so."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"
FC1 = (DATA / "fc1_moves.txt").read_text().split()

pytestmark = pytest.mark.timeout(180)


def patience(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def play_fc1(*, hint: bool) -> None:
    """FreeCell #1 won through a pipe, with a hint asked for after the first move when ``hint``."""
    lines = [FC1[0], *(["hint"] if hint else []), *FC1[1:]]
    done = patience(["play", "freecell", "1"], "\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("won:"), done.stdout


def stats() -> dict[str, object]:
    shown = patience(["stats", "-f", "json"])
    assert shown.returncode == 0, shown.stderr
    (line,) = json.loads(shown.stdout)
    assert isinstance(line, dict)
    return line


def test_a_hinted_win_in_a_piped_game_raises_won_but_not_won_unassisted() -> None:
    play_fc1(hint=False)
    before = stats()
    assert (before["won"], before["won_unassisted"], before["streak_unassisted"]) == (1, 1, 1)
    play_fc1(hint=True)
    after = stats()
    assert (after["won"], after["current_streak"], after["longest_streak"]) == (2, 2, 2)
    assert (after["won_unassisted"], after["streak_unassisted"], after["best_streak_unassisted"]) == (1, 0, 1)
    assert after["best_score"] == before["best_score"] and after["best_score_unassisted"] == before["best_score"]


def test_the_stats_table_puts_each_unassisted_figure_beside_its_own() -> None:
    play_fc1(hint=True)
    header, row = patience(["stats"]).stdout.splitlines()
    assert re.split(r"\s{2,}", header.strip()) == [
        "variant",
        "cells",
        "played",
        "won",
        "won unassisted",
        "win %",
        "streak",
        "streak unassisted",
        "best streak",
        "best streak unassisted",
        "best score",
        "best score unassisted",
        "fewest moves",
        "average moves",
        "fastest win",
    ]
    assert row.split()[:10] == ["FreeCell", "4", "1", "1", "0", "100.0", "1", "0", "1", "0"]
    assert row.split()[11] == "-"  # no unassisted game has ended


def test_a_hinted_game_exports_as_assisted_and_verifies_saying_so(tmp_path: Path) -> None:
    play_fc1(hint=True)
    record = tmp_path / "g.txt"
    assert patience(["export", "--last", "-o", str(record)]).returncode == 0
    text = record.read_text()
    assert '[Assisted "hint"]' in text.splitlines()
    checked = patience(["verify", str(record)])
    assert checked.returncode == 0, checked.stdout
    summary = "won, score 1046, 87 moves, 0 undos, 52 cards home"
    assert checked.stdout == f"{record}: consistent: {summary}; assisted: hint\n"
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace('[Assisted "hint"]', '[Assisted "help"]'))
    refused = patience(["verify", str(bad)])
    assert refused.returncode == 1
    assert refused.stdout == (
        f"{bad}: inconsistent: Assisted: 'help' names no assistance: hint, demo or both, as hint,demo\n"
    )


def test_an_unassisted_game_exports_without_the_tag() -> None:
    play_fc1(hint=False)
    assert "Assisted" not in patience(["export", "--last"]).stdout


def test_a_hint_typed_at_the_interactive_prompt_makes_the_game_assisted() -> None:
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from patience import Game
    from patience_cli.repl import Controller, Repl
    from patience_home.store import Store

    store = Store.open()
    controller = Controller(Game.new("freecell", 1), store=store)
    with create_pipe_input() as pipe:
        repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput())
        pipe.send_text(f"{FC1[0]}\nhint\n" + "\n".join(FC1[1:]) + "\n\x04")
        repl.run()
        repl.wait_for_hint(30)
    assert controller.game.is_won and controller.tracker is not None
    assert controller.tracker.assisted == ("hint",)
    (line,) = store.stats()
    assert (line.won, line.won_unassisted, line.streak_unassisted) == (1, 0, 0)
    store.close()


def test_in_a_terminal_narrower_than_the_stats_table_each_row_is_a_block_of_its_figures() -> None:
    import fcntl
    import pty
    import struct
    import termios

    play_fc1(hint=True)
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("COLUMNS", None)
    process = subprocess.Popen([str(PATIENCE), "stats"], stdout=follower, stderr=subprocess.PIPE, env=env)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    assert process.wait(timeout=60) == 0
    os.close(leader)
    lines = shown.decode().replace("\r\n", "\n").splitlines()
    assert lines and max(len(line) for line in lines) <= 80
    figures = dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in lines if line.strip())
    assert (figures["variant"], figures["won"], figures["won unassisted"]) == ("FreeCell", "1", "0")
    assert figures["best streak unassisted"] == "0" and "fastest win" in figures
