"""View ▸ Sounds: a short sound when a card is placed, when a card goes home, and for a win; off by default.

The sounds are the WAV files in ``patience_tk/wav`` (made by
``tools/make_sounds.py``). Each is played by the first sound player found on
PATH (:data:`PLAYERS`), started as a process of its own and never waited
for, so the window goes on at once. With no player, no sound device, or a
player that fails, nothing happens and nothing is said: sounds are a
pleasure, never an error.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from pathlib import Path

__all__ = ["PLAYERS", "SOUNDS", "Sounds", "sound_file"]

#: The sound players tried, in order, each with the options that keep it quiet on its terminal.
PLAYERS: tuple[tuple[str, ...], ...] = (("paplay",), ("pw-play",), ("aplay", "-q"))

#: The sounds there are: a card placed, a card home, a won game.
SOUNDS = ("place", "home", "win")

_FOLDER = Path(__file__).resolve().parent / "wav"


def sound_file(name: str) -> Path:
    """The WAV file of the sound ``name`` (one of :data:`SOUNDS`)."""
    return _FOLDER / f"{name}.wav"


class Sounds:
    """Plays the window's sounds while ``enabled``; each in a player process of its own, not waited for."""

    def __init__(self, *, enabled: bool = False) -> None:
        self.enabled = enabled
        """View ▸ Sounds."""
        self._running: list[subprocess.Popen[bytes]] = []

    @staticmethod
    def player() -> list[str] | None:
        """The command of the first player found on PATH (without the file), or ``None``."""
        for command in PLAYERS:
            found = shutil.which(command[0])
            if found is not None:
                return [found, *command[1:]]
        return None

    def play(self, name: str) -> subprocess.Popen[bytes] | None:
        """Start playing the sound ``name`` and return at once; the player's process, or ``None`` when nothing plays."""
        # Players that have finished are collected here, so that none is left as a zombie.
        self._running = [process for process in self._running if process.poll() is None]
        if not self.enabled or name not in SOUNDS:
            return None
        command = self.player()
        path = sound_file(name)
        if command is None or not path.is_file():
            return None
        with contextlib.suppress(OSError, ValueError):
            process = subprocess.Popen(
                [*command, str(path)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # a player that hangs on a missing device never holds the window's signals
            )
            self._running.append(process)
            return process
        return None
