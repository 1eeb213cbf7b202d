"""The ``patience-tk`` console script: :func:`patience_tk.app.main`, imported by :func:`patience_home.launch.run`."""

from __future__ import annotations

from patience_home.launch import run

__all__ = ["main"]


def main() -> int:
    """Run ``patience-tk`` with ``sys.argv[1:]``; its exit code."""
    code = run("patience_tk.app")
    assert isinstance(code, int)
    return code
