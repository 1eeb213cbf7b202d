"""The New Game dialog finds a game by a part of its name, among 30 games grouped by family, typed as real keys.

The library is the installed variants, the authored plugins' games and test
games to make up 30 (tests/cli/game_library.py), registered in the
process-wide plugin manager for each test. Keys go to the widget that has
the keyboard focus, as the X server delivers them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tkhelp import pump

from patience import get_plugin_manager
from patience.families import by_family, matches
from patience.i18n import current_language, use_language
from patience.plugins import listed_variants
from patience_tk import App
from patience_tk.dialogs import NewGameDialog

MakeApp = Callable[..., App]

_SPEC = importlib.util.spec_from_file_location("game_library", Path(__file__).parent.parent / "cli" / "game_library.py")
assert _SPEC is not None and _SPEC.loader is not None
_LIBRARY = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_LIBRARY)


@pytest.fixture
def library() -> Iterator[None]:
    """The library's plugins in the process-wide plugin manager for one test."""
    pm = get_plugin_manager()
    registered = []
    for name, module in _LIBRARY.plugins():
        pm.register(module, name=name)
        registered.append(module)
    yield
    for module in registered:
        pm.unregister(module)


def _dialog(make_app: MakeApp) -> NewGameDialog:
    app = make_app("freecell", 1, verdict=False)
    dialog = app.new_game()
    pump(app.root)
    return dialog


def _press(dialog: NewGameDialog, *keysyms: str) -> None:
    """Press each key where the keyboard focus is, as a player would."""
    for keysym in keysyms:
        widget = dialog.focus_get()
        assert widget is not None, "nothing has the keyboard"
        widget.event_generate("<KeyPress>", keysym=keysym)
        pump(dialog)


def _type(dialog: NewGameDialog, text: str) -> None:
    names = {" ": "space", "-": "minus", "é": "eacute", "'": "apostrophe"}
    _press(dialog, *(names.get(char, char) for char in text))


pytestmark = pytest.mark.usefixtures("library")


def test_the_library_offers_thirty_games(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    assert len(dialog.variants) >= _LIBRARY.SIZE
    assert len(dialog.shown_games) == len(dialog.variants)


def test_the_search_has_the_keyboard_when_the_dialog_opens(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    assert dialog.focus_get() is dialog.search_entry
    assert dialog.variant.name == "freecell"  # the game being played is the one chosen
    assert dialog.game_list.selection() == ("freecell",)


def test_two_keys_find_beleaguered_castle_and_return_deals_it(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, verdict=False)
    dialog = app.new_game()
    pump(app.root)
    _type(dialog, "ca")
    assert dialog.search_var.get() == "ca"
    assert dialog.variant.name == "beleaguered-castle"
    assert dialog.game_list.selection() == ("beleaguered-castle",)
    _press(dialog, "Return")
    pump(app.root, until=lambda: app.game.variant.name == "beleaguered-castle", timeout=30)
    assert not dialog.winfo_exists()
    assert app.game.variant.name == "beleaguered-castle"


def test_the_list_shows_only_the_games_whose_title_name_or_alias_holds_what_is_typed(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    for typed in ["cell", "off-v", "fore-c", "game 00"]:
        dialog.search_var.set("")
        _type(dialog, typed)
        wanted = [name for name in _in_list_order(dialog) if matches(dialog.variants[name], typed)]
        assert wanted, typed
        assert dialog.shown_games == wanted, typed
        assert dialog.variant.name == wanted[0], typed
    dialog.search_var.set("")
    _type(dialog, "off-v")
    assert dialog.shown_games == ["eight-off-vegas"]  # its name, not its title "Eight Off (Vegas)"
    dialog.search_var.set("")
    _type(dialog, "fore-c")
    assert dialog.shown_games == ["forecell"]  # its alias fore-cell


def test_the_search_ignores_case_and_accents(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    _type(dialog, "CASTLé")
    assert dialog.shown_games == [name for name in _in_list_order(dialog) if "castle" in name]
    assert dialog.variant.name == "beleaguered-castle"


def _in_list_order(dialog: NewGameDialog) -> list[str]:
    return [variant.name for _family, games in by_family(listed_variants().values()) for variant in games]


def test_the_games_are_listed_under_their_families(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    tree = dialog.game_list
    families = by_family(listed_variants().values())
    rows = tree.get_children()
    assert [tree.item(row, "text") for row in rows][-1] == "Other games"
    assert len(rows) == len(families)
    for row, (family, games) in zip(rows, families, strict=True):
        assert [tree.item(child, "text") for child in tree.get_children(row)] == [game.title for game in games]
        assert all(game.family == family for game in games)
    assert tree.item(rows[0], "text") == "FreeCell"


def test_the_arrow_keys_move_in_the_list_as_filtered(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    _type(dialog, "cell")
    shown = dialog.shown_games
    assert len(shown) >= 3
    _press(dialog, "Down")
    assert dialog.variant.name == shown[1]
    _press(dialog, "Down", "Down")
    assert dialog.variant.name == shown[3 if len(shown) > 3 else -1]
    _press(dialog, "Up")
    assert dialog.variant.name == shown[2 if len(shown) > 3 else -2]
    _press(*([dialog] + ["Up"] * len(shown)))
    assert dialog.variant.name == shown[0]  # the top stays the top
    assert dialog.search_var.get() == "cell"  # the keys moved the choice, they typed nothing
    assert dialog.game_list.selection() == (shown[0],)


def test_escape_clears_the_search_then_closes_the_dialog(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    every = dialog.shown_games
    _type(dialog, "ca")
    _press(dialog, "Escape")
    assert dialog.winfo_exists()
    assert dialog.search_var.get() == ""
    assert dialog.shown_games == every
    assert dialog.variant.name == "beleaguered-castle"  # the game found stays chosen
    _press(dialog, "Escape")
    assert not dialog.winfo_exists()


def test_a_search_that_finds_nothing_deals_nothing_and_says_so(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, verdict=False)
    dialog = app.new_game()
    pump(app.root)
    game = app.game
    _type(dialog, "zzq")
    assert dialog.shown_games == []
    _press(dialog, "Return")
    assert dialog.winfo_exists() and app.game is game
    assert str(dialog.error.cget("text")) == "No game's name contains “zzq”."
    _press(dialog, "BackSpace", "BackSpace", "BackSpace")
    assert str(dialog.error.cget("text")) == ""
    assert len(dialog.shown_games) == len(dialog.variants)


@pytest.fixture
def german() -> Iterator[None]:
    """German for one test, the language in use put back afterwards."""
    before = current_language()
    use_language("de")
    yield
    use_language(before)


@pytest.mark.usefixtures("german")
def test_the_family_rows_are_in_the_language_in_use(make_app: MakeApp) -> None:
    dialog = _dialog(make_app)
    tree = dialog.game_list
    headings = [tree.item(row, "text") for row in tree.get_children()]
    assert headings[-1] == "Weitere Spiele"
    assert "Baker's Game" in headings  # a family named after a game keeps the game's known name
    _type(dialog, "zzq")
    _press(dialog, "Return")
    assert str(dialog.error.cget("text")) == "Kein Spielname enthält „zzq“."
