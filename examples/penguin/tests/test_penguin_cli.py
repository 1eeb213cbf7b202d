"""penguin through the command line: listed, dealt, its moves listed, solved and played."""

from __future__ import annotations

from pathlib import Path

import pytest

testing = pytest.importorskip("patience_cli.testing")


def test_penguin_works_in_every_command(tmp_path: Path) -> None:
    testing.check_variant_cli("penguin", tmp_path)
