"""`patience variants --format json` gives each variant's description in the language chosen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import patience

PATIENCE = Path(sys.executable).with_name("patience")


def _descriptions(language: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["PATIENCE_LANG"] = language
    done = subprocess.run(
        [str(PATIENCE), "variants", "--format", "json"], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return {entry["name"]: entry["description"] for entry in json.loads(done.stdout)}


@pytest.mark.parametrize("language", ["de", "hu"])
def test_the_descriptions_are_in_the_language_chosen(language: str) -> None:
    shown = _descriptions(language)
    for name in ("eight-off", "freecell", "forecell", "eight-off-vegas"):
        assert shown[name] == patience.get_variant(name).description_in(language)
        assert shown[name] != patience.get_variant(name).description


def test_english_descriptions_are_as_written() -> None:
    shown = _descriptions("en")
    assert shown["seahaven-towers"] == patience.get_variant("seahaven-towers").description
