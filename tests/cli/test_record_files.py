"""Record files through ``verify``, ``import`` and ``export``, as a user's shell runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"
FC1 = (DATA / "fc1_moves.txt").read_text().split()

pytestmark = pytest.mark.timeout(180)


def patience(args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args], input=text, capture_output=True, text=True, timeout=120, env=env, check=False
    )


# -- bytes that are not UTF-8 -------------------------------------------------------------------------
def test_a_byte_that_is_not_utf8_is_named_alike_in_records_and_boards(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    first = b'[Variant "freecell"]\n'
    bad.write_bytes(first + b'[Cells "4\xff"]\n')
    at = len(first) + len(b'[Cells "4') + 1  # 1-based, in the whole file
    said = f"byte 0xff on line 2 (byte {at}) is not UTF-8"
    verified = patience(["verify", str(bad)])
    assert verified.returncode == 2
    assert verified.stdout.splitlines() == [f"{bad}: not a record: {said}"]
    imported = patience(["import", str(bad)])
    assert imported.stdout.splitlines() == [f"{bad}: not a record: {said}"]
    board = patience(["solve", "freecell", "--board", str(bad)])
    assert board.stderr.splitlines() == [f"patience: cannot read {bad} as UTF-8 text: {said}"]


def test_a_byte_order_mark_is_not_counted_out_of_the_offset(tmp_path: Path) -> None:
    bad = tmp_path / "bom.txt"
    bad.write_bytes(b"\xef\xbb\xbf\xff")
    verified = patience(["verify", str(bad)])
    assert verified.stdout.splitlines() == [f"{bad}: not a record: byte 0xff on line 1 (byte 4) is not UTF-8"]
