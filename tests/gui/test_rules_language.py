"""Help ▸ Rules of <variant> shows the rules in the language in use, from the variant's plugin's catalog."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

import pytest
from tkhelp import pump

import patience
from patience.i18n import paragraphs, speaking
from patience_tk import App
from patience_tk.app import rules_text


def _shown(window: tk.Toplevel) -> list[str]:
    return [
        str(widget.cget("text"))
        for frame in window.winfo_children()
        for widget in frame.winfo_children()
        if isinstance(widget, tk.Label)
    ]


@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "In eine leere Spalte darf nur ein König"), ("hu", "Üres oszlopba csak király kerülhet")],
)
def test_the_rules_window_shows_the_rules_in_the_language_in_use(
    make_app: Callable[..., App], language: str, words: str
) -> None:
    app = make_app("seahaven-towers", 1)
    with speaking(language):
        window = app.show_rules()
        pump(app.root)
    shown = _shown(window)
    variant = patience.get_variant("seahaven-towers")
    assert shown[1:] == variant.rules_text_in(language).split("\n\n")
    assert any(words in text for text in shown)
    assert not set(shown) & set(paragraphs(variant.rules_text))


def test_a_variant_without_rules_falls_back_to_its_description_in_the_language_in_use() -> None:
    bare = patience.get_variant("freecell").derive(
        name="bare-freecell",
        title="Bare FreeCell",
        prefix="BF",
        description=patience.get_variant("freecell").description,
    )
    bare = bare.with_plugin("freecell", "patience_variants")
    with speaking("hu"):
        assert rules_text(bare).startswith("A Microsoft osztásai")
