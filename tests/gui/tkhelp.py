"""Helpers for the Tk tests."""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable


def pump(root: tk.Misc, until: Callable[[], bool] | None = None, timeout: float = 10.0) -> bool:
    """Run Tk's event loop for a moment, or until ``until()`` is true (at most ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    root.update()
    while until is not None and not until():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
        root.update()
    return True
