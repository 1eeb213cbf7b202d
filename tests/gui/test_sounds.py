"""View ▸ Sounds: nothing plays while off; when on, a player process is started and never waited for."""

from __future__ import annotations

import json
import os
import time
import tkinter as tk
import wave
from pathlib import Path

import pytest
from tkhelp import pump, win

from patience import Game
from patience_home.paths import preferences_path
from patience_tk import App
from patience_tk.sounds import SOUNDS, Sounds, sound_file

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]

# A player as paplay is called: it writes down the file it was given, then takes its time, as playing does.
_PLAYER = """#!/bin/sh
echo "$1" >> "{log}"
sleep {pause}
"""


def fake_player(folder: Path, log: Path, pause: float = 3.0, name: str = "paplay") -> Path:
    """A real program called ``name`` in ``folder`` that logs each file it is asked to play."""
    folder.mkdir(exist_ok=True)
    program = folder / name
    program.write_text(_PLAYER.format(log=log, pause=pause))
    program.chmod(0o755)
    return program


@pytest.fixture
def player_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """PATH holds only the fake player (and the shell it runs in); the file it logs to."""
    log = tmp_path / "played.txt"
    fake_player(tmp_path / "bin", log)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}:/bin:/usr/bin")
    return log


def logged(log: Path) -> list[str]:
    return [Path(line).stem for line in log.read_text().splitlines()] if log.exists() else []


def test_every_sound_is_a_short_wav_file_in_the_package() -> None:
    for name in SOUNDS:
        with wave.open(str(sound_file(name))) as sound:
            seconds = sound.getnframes() / sound.getframerate()
            assert sound.getnchannels() == 1 and sound.getsampwidth() == 2
            assert 0.02 < seconds < 1.0, (name, seconds)


def test_sounds_are_off_by_default_and_play_nothing(root: tk.Tk, player_path: Path) -> None:
    app = App(root, Game.new("freecell", 1), verdict=False)
    pump(root)
    assert app.preferences.sounds is False and not app.sounds_var.get()
    app.controller.play_text("6a")
    app.controller.play_text("6b")
    pump(root, until=lambda: player_path.exists(), timeout=0.5)
    assert logged(player_path) == []


def test_view_sounds_starts_a_player_per_move_without_waiting(root: tk.Tk, player_path: Path) -> None:
    app = App(root, Game.new("freecell", 1), verdict=False)
    pump(root)
    app.menus["view"].invoke("Sounds")
    assert json.loads(preferences_path().read_text())["sounds"] is True
    started = time.monotonic()
    app.controller.play_text("6a")  # to a cell
    # The player sleeps 3 s: a window that waited for it would only get here after that.
    assert time.monotonic() - started < 2.5
    app.controller.play_text("6b")  # to a cell, and three cards home by themselves
    assert pump(root, until=lambda: len(logged(player_path)) == 2, timeout=10)
    assert logged(player_path) == ["place", "home"]


def test_a_win_plays_the_win_sound(root: tk.Tk, player_path: Path) -> None:
    app = App(root, Game.new("freecell", 1), verdict=False)
    pump(root)
    app.menus["view"].invoke("Sounds")
    win(app)
    assert pump(root, until=lambda: "win" in logged(player_path), timeout=20)
    assert logged(player_path)[-1] == "win"


def test_the_sound_switch_is_remembered(root: tk.Tk, player_path: Path) -> None:
    App(root, Game.new("freecell", 1), verdict=False).menus["view"].invoke("Sounds")
    again = App(root, Game.new("freecell", 2), verdict=False)
    assert again.sounds_var.get() and again.sounds.enabled


def test_without_a_player_on_path_nothing_happens_and_nothing_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    sounds = Sounds(enabled=True)
    assert sounds.play("place") is None
    assert capfd.readouterr() == ("", "")


def test_a_player_that_fails_says_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "bin"
    folder.mkdir()
    broken = folder / "paplay"
    broken.write_text("#!/bin/sh\necho 'no sound device' >&2\nexit 1\n")
    broken.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}:/bin:/usr/bin")
    process = Sounds(enabled=True).play("home")
    assert process is not None
    assert process.wait(timeout=30) == 1
    assert process.stderr is None and process.stdout is None  # its words go nowhere


def test_the_first_player_found_is_used_with_its_quiet_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "played.txt"
    fake_player(tmp_path / "bin", log, pause=0, name="aplay")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}:/bin:/usr/bin")
    command = Sounds.player()
    assert command is not None and Path(command[0]).name == "aplay" and command[1:] == ["-q"]
    process = Sounds(enabled=True).play("win")
    assert process is not None and process.wait(timeout=30) == 0
    # aplay's -q came first, so the script's $1 is the option; what matters is that it ran, with the file after.
    assert log.read_text().strip() == "-q"
    assert os.path.exists(sound_file("win"))
