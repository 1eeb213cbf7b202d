"""Running the window without a person: a display (``DISPLAY`` or a private Xvfb) and a bounded event loop.

The window's tests, its benchmark (``bench/gui.py``) and the script that
makes the screenshots in ``docs/gui.md`` all drive a real Tk root; this is
what they share.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import tkinter as tk
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["display", "pump"]


@contextmanager
def display(width: int = 1280, height: int = 900) -> Iterator[str | None]:
    """The display in ``DISPLAY``; else a private ``Xvfb`` (``width`` x ``height``) for the block; None if neither.

    Xvfb picks a free display number itself (``-displayfd``) and writes it
    once it accepts connections, so there is no race with other X servers
    and no fixed sleep. ``DISPLAY`` is set for the block and unset after.
    """
    current = os.environ.get("DISPLAY")
    if current:
        yield current
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        yield None
        return
    read, write = os.pipe()
    proc = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if number:
        os.environ["DISPLAY"] = f":{number}"
    try:
        yield os.environ["DISPLAY"] if number else None
    finally:
        os.environ.pop("DISPLAY", None)
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def pump(root: tk.Misc, until: Callable[[], bool] | None = None, timeout: float = 10.0, step: float = 0.01) -> bool:
    """Run Tk's event loop once, then until ``until()`` is true (at most ``timeout`` s); whether it came true.

    ``step`` is the pause between two rounds of the loop: short in the
    benchmark, which times how soon something shows.
    """
    deadline = time.monotonic() + timeout
    root.update()
    while until is not None and not until():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
        root.update()
    return True
