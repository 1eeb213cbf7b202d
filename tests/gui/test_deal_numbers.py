"""The window reads a deal number as the engine does: ASCII digits only, and 5,000 digits get one plain line."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tkhelp import pump

from patience_tk import App, NewGameDialog

MakeApp = Callable[..., App]

#: More digits than Python will turn into an int by default (its limit is 4,300).
HUGE = "7" * 5000


def run_window(argv: list[str], display: str, home: Path) -> subprocess.CompletedProcess[str]:
    """``patience-tk ARGV`` as a user runs it, on the test display, with its own data directory."""
    env = {**os.environ, "DISPLAY": display, "PATIENCE_HOME": str(home), "PATIENCE_NO_ANIMATION": "1"}
    code = "import sys; from patience_tk.app import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["freecell", "١٢٣"], "is not a deal number"),
        (["freecell", "１２３"], "is not a deal number"),
        (["١٢٣"], "is not a deal number"),
        (["freecell", HUGE], "is out of range"),
    ],
    ids=["arabic-indic", "fullwidth", "arabic-indic-alone", "5000-digits"],
)
def test_the_command_line_refuses_what_is_not_an_ascii_deal_number(
    display: str, tmp_path: Path, argv: list[str], words: str
) -> None:
    result = run_window(argv, display, tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("patience-tk: ") and result.stderr.count("\n") == 1, result.stderr
    assert words in result.stderr
    assert "Exceeds the limit" not in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr) < 300  # the 5,000 digits are clipped, not echoed back


def deal_typed(app: App, text: str) -> NewGameDialog:
    """Open Game ▸ New… on "Number", type ``text``, press Deal (winnable deals only off)."""
    dialog = app.new_game(mode="number")
    dialog.winnable_var.set(False)
    pump(app.root)
    dialog.deal_var.set(text)
    dialog.ok_button.invoke()
    pump(app.root)
    return dialog


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("١٢٣", "is not a deal number"),
        ("１２３", "is not a deal number"),
        (HUGE, "is out of range"),
        ("  ", "ype a deal number"),
    ],
    ids=["arabic-indic", "fullwidth", "5000-digits", "blank"],
)
def test_the_new_game_dialog_refuses_what_is_not_an_ascii_deal_number(make_app: MakeApp, text: str, words: str) -> None:
    app = make_app("freecell", 1)
    dialog = deal_typed(app, text)
    shown = str(dialog.error.cget("text"))
    assert dialog.winfo_exists() and words in shown, shown
    assert "Exceeds the limit" not in shown and len(shown) < 300
    assert app.game.deal == 1
    dialog.destroy()


@pytest.mark.parametrize(("text", "deal"), [("#1_000", 1000), ("1,000", 1000), (" 00160 ", 160)])
def test_the_new_game_dialog_takes_a_deal_number_as_people_write_it(make_app: MakeApp, text: str, deal: int) -> None:
    app = make_app("freecell", 1)
    dialog = deal_typed(app, text)
    assert not dialog.winfo_exists()
    assert app.game.deal == deal
