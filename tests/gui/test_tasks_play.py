"""``python3 tasks.py play``: the window when a display is there, the terminal game otherwise or with --terminal."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = [pytest.mark.gui, pytest.mark.timeout(60)]

ROOT = Path(__file__).resolve().parents[2]


def load_tasks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("patience_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_play_opens_the_window_with_a_display_and_the_terminal_game_without() -> None:
    tasks = load_tasks()
    window = tasks.play_command(["freecell", "1"], window=True)
    assert Path(window[0]).name == "patience-tk" and window[1:] == ["freecell", "1"]
    terminal = tasks.play_command(["freecell", "1"], window=False)
    assert Path(terminal[0]).name == "patience" and terminal[1:] == ["play", "freecell", "1"]
    forced = tasks.play_command(["--terminal", "freecell"], window=True)
    assert Path(forced[0]).name == "patience" and forced[1:] == ["play", "freecell"]


def test_play_in_a_language_gives_the_window_and_the_terminal_game_their_lang() -> None:
    tasks = load_tasks()
    assert tasks.play_command(["--lang", "de", "freecell", "1"], window=True)[1:] == ["--lang", "de", "freecell", "1"]
    terminal = tasks.play_command(["--terminal", "--lang", "hu", "freecell"], window=True)
    assert terminal[1:] == ["--lang", "hu", "play", "freecell"]
    assert tasks.play_command(["--lang=de"], window=False)[1:] == ["--lang=de", "play"]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11 displays only")
def test_a_display_is_found_under_xvfb_and_missed_without_one(display: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tasks = load_tasks()
    assert tasks.display_available()  # a real Tk root opens on the test's X server
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not tasks.display_available()
