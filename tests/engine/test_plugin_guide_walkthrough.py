"""docs/plugins.md section 12 quotes the Penguin and Double FreeCell examples as they are."""

from __future__ import annotations

import re
from pathlib import Path

import patience_double_freecell
import patience_penguin

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def _section_12_blocks() -> list[str]:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("## 12. Walk-through: Penguin and Double FreeCell")
    end = text.index("\n## 13.", start)
    return re.findall(r"```python\n(.*?)```", text[start:end], flags=re.DOTALL)


def test_section_12_quotes_both_examples_word_for_word() -> None:
    sources = Path(patience_penguin.__file__).read_text() + Path(patience_double_freecell.__file__).read_text()
    blocks = _section_12_blocks()
    assert len(blocks) == 4
    for block in blocks:
        assert block in sources, block
