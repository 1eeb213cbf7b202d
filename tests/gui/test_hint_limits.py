"""The window's hint search keeps to the budget of positions and the memory it is given."""

from __future__ import annotations

from collections.abc import Callable

from tkhelp import pump

from patience_tk import App

MakeApp = Callable[..., App]


def test_a_hint_stops_at_its_budget_of_positions_and_says_so(make_app: MakeApp) -> None:
    # FreeCell #11982 is lost, and its proof takes 139,579 positions.
    app = make_app("freecell", 11982, hint_time=30.0, hint_positions=300)
    app.controller.hint()
    assert pump(app.root, until=lambda: "300 positions" in app.message_text, timeout=30), app.message_text
    assert "ask again to search 600" in app.message_text
    assert app.view.highlighted is None


def test_a_hint_stops_at_its_memory_and_says_so(make_app: MakeApp) -> None:
    app = make_app("freecell", 11982, hint_time=30.0, hint_memory=1)
    app.controller.hint()
    assert pump(app.root, until=lambda: "memory" in app.message_text, timeout=30), app.message_text
    assert "undo a few moves" in app.message_text
