"""Synthesize the window's sounds (``packages/gui-tk/src/patience_tk/wav/*.wav``) from nothing but arithmetic.

Run ``python3 tools/make_sounds.py`` from the workspace; the same files come
out every time (the noise has a fixed seed). Each sound is 16-bit mono PCM at
22,050 Hz, a fraction of a second long:

- ``place.wav``: a card laid down, a 45 ms burst of smoothed noise that dies away;
- ``home.wav``: a card home, a 180 ms bell-like tone (880 Hz and its octave);
- ``win.wav``: a won game, the notes C E G C rising, 520 ms in all.

The files are the project's own and shipped under its licence (docs/gui.md).
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Iterable
from pathlib import Path

RATE = 22050
TARGET = Path(__file__).resolve().parents[1] / "packages" / "gui-tk" / "src" / "patience_tk" / "wav"


def _samples(seconds: float) -> range:
    return range(int(RATE * seconds))


def place() -> list[float]:
    """A soft tap: noise, smoothed so that it thuds rather than hisses, fading in 45 ms."""
    noise = random.Random(52)
    smooth = 0.0
    out = []
    for n in _samples(0.045):
        smooth += 0.25 * (noise.uniform(-1.0, 1.0) - smooth)
        out.append(0.9 * smooth * math.exp(-n / (RATE * 0.008)))
    return out


def _tone(frequency: float, seconds: float, decay: float) -> list[float]:
    out = []
    for n in _samples(seconds):
        t = n / RATE
        attack = min(1.0, n / (RATE * 0.004))  # 4 ms rise: no click at the start
        wave_value = math.sin(2 * math.pi * frequency * t) + 0.3 * math.sin(4 * math.pi * frequency * t)
        out.append(0.45 * attack * wave_value * math.exp(-t / decay))
    return out


def home() -> list[float]:
    """A short bell."""
    return _tone(880.0, 0.18, 0.05)


def win() -> list[float]:
    """C5, E5, G5 and C6, one after the other, the last one left to ring."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    out: list[float] = []
    for number, frequency in enumerate(notes):
        out += _tone(frequency, 0.22 if number == len(notes) - 1 else 0.1, 0.08)
    return out


def write(path: Path, values: Iterable[float]) -> None:
    """``values`` (each -1 to 1) as a 16-bit mono WAV file."""
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in values)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main() -> int:
    """Write the three files; their names on stdout."""
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, make in (("place", place), ("home", home), ("win", win)):
        path = TARGET / f"{name}.wav"
        write(path, make())
        print(path.relative_to(TARGET.parents[4]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
