"""Helpers for the Tk tests: the window package's own (:mod:`patience_tk.testing`), which the benchmark shares."""

from __future__ import annotations

from patience_tk.testing import pump

__all__ = ["pump"]
