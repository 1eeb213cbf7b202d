"""Every ``console`` and ``terminal`` block in the docs prints exactly what it shows (see doc_examples.py)."""

from __future__ import annotations

import shutil

import pytest
from doc_examples import examples
from sybil import Example

EXAMPLES = dict(examples())


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_doc_example_prints_what_the_docs_show(name: str) -> None:
    example: Example = EXAMPLES[name]
    if name.endswith(":terminal") and shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    example.evaluate()
