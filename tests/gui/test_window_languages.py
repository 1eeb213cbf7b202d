"""The window in German and in Hungarian, View ▸ Language switching every word at once, and the choice remembered.

A real Tk root under Xvfb; the language is set for the process as the
window sets it (:func:`patience.i18n.use_language`) and put back afterwards.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tkhelp import pump, tk_root

from patience import Game, Place
from patience.i18n import current_language, use_language
from patience_tk import App
from patience_tk.app import LANGUAGE_NAMES
from patience_tk.prefs import PREFERENCES_NAME

MENU_BAR = {
    "en": ["Game", "Edit", "Play", "View", "Help"],
    "de": ["Partie", "Bearbeiten", "Spielen", "Ansicht", "Hilfe"],
    "hu": ["Játszma", "Szerkesztés", "Játék", "Nézet", "Súgó"],
}


@pytest.fixture(autouse=True)
def own_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Each test its own preferences file, and the process's language put back as it was."""
    monkeypatch.setenv("PATIENCE_HOME", str(tmp_path))
    before = current_language()
    yield
    use_language(before)


def _menus(menu: tk.Menu) -> list[tuple[str, str, tk.Menu | None]]:
    """Each entry of ``menu`` (separators left out): its label, its accelerator and its submenu."""
    entries: list[tuple[str, str, tk.Menu | None]] = []
    last = menu.index("end")
    for index in range(0 if last is None else last + 1):
        if menu.type(index) == "separator":
            continue
        sub = menu.nametowidget(menu.entrycget(index, "menu")) if menu.type(index) == "cascade" else None
        accelerator = "" if menu.type(index) == "cascade" else str(menu.entrycget(index, "accelerator"))
        entries.append((str(menu.entrycget(index, "label")), accelerator, sub))
    return entries


def _every_label(app: App) -> list[str]:
    """Every menu label and accelerator of the window, the submenus' too, in menu order."""
    found: list[str] = []

    def walk(menu: tk.Menu) -> None:
        for label, accelerator, sub in _menus(menu):
            found.append(label)
            if accelerator:
                found.append(accelerator)
            if sub is not None:
                walk(sub)

    walk(app.menubar)
    return found


def _bar(app: App) -> list[str]:
    return [label for label, _accelerator, _sub in _menus(app.menubar)]


def _entry(app: App, menu: str, index: int) -> tuple[str, str]:
    label, accelerator, _sub = _menus(app.menus[menu])[index]
    return label, accelerator


def test_the_window_in_german_names_its_menus_and_status_bar_in_german(make_app: Callable[..., App]) -> None:
    use_language("de")
    app = make_app("freecell", 1_000_000)
    assert _bar(app) == MENU_BAR["de"]
    assert _entry(app, "game", 0) == ("Neu…", "N / F2")
    assert _entry(app, "edit", 0) == ("Rückgängig machen", "Strg+Z")
    assert _entry(app, "play", 2) == ("Fertig legen", "F / Umschalt+F")
    assert str(app.help_menu.entrycget(0, "label")) == "Regeln von FreeCell"
    status = app.status_text
    assert status.startswith("FreeCell Nr. 1.000.000, 4 Zellen")
    game = app.game
    assert f"Punktzahl {game.score}  ·  Züge 0  ·  Ablage {game.cards_home}/52" in status
    assert "Karten auf einmal: 5" in status
    assert str(app.move_label.cget("text")) == "Zug:"
    assert app.message_text.startswith("Klicke eine Karte an")


def test_the_window_in_hungarian_names_its_menus_and_status_bar_in_hungarian(make_app: Callable[..., App]) -> None:
    use_language("hu")
    app = make_app("freecell", 1_000_000)
    assert _bar(app) == MENU_BAR["hu"]
    assert _entry(app, "game", 0) == ("Új…", "N / F2")
    assert _entry(app, "edit", 0) == ("Visszavonás", "Ctrl+Z")
    assert _entry(app, "play", 0) == ("Tipp", "H")
    status = app.status_text
    assert status.startswith("FreeCell #1\xa0000\xa0000, 4 cella")
    game = app.game
    assert f"pontszám {game.score}  ·  lépés 0  ·  alapon {game.cards_home}/52" in status
    assert "egyszerre mozgatható: 5" in status
    assert str(app.move_label.cget("text")) == "Lépés:"


def test_a_card_that_goes_nowhere_is_named_with_the_languages_rank_letter(make_app: Callable[..., App]) -> None:
    use_language("de")
    app = make_app("freecell", 1)
    game = app.game
    for move in ("1a", "2b", "3c", "4d"):  # every cell taken: column 5's card has nowhere to go
        game.play(move)
    place = Place.column(4)
    assert game.double_tap_move(place) is None
    card = game.position.card_at(place)
    assert card is not None
    app.controller.double_tap(place)
    letter = {1: "A", 11: "B", 12: "D", 13: "K"}.get(card.rank, str(card.rank))
    assert app.message_text == f"{card.suit.symbol}{letter} kann nirgendwohin"


def test_view_language_magyar_switches_every_menu_label_and_the_status_bar_at_once(
    make_app: Callable[..., App],
) -> None:
    use_language("en")
    app = make_app("freecell", 1, verdict=True)
    pump(app.root, lambda: app.verdict_text != "", 30)
    assert app.verdict_text == "winnable"
    english, english_status = _every_label(app), app.status_text
    assert _bar(app) == MENU_BAR["en"]
    languages = app.menus["languages"]
    assert [label for label, _accelerator, _sub in _menus(languages)] == ["English", "Deutsch", "Magyar"]
    languages.invoke(2)
    pump(app.root)
    assert current_language() == "hu"
    hungarian = _every_label(app)
    assert _bar(app) == MENU_BAR["hu"]
    assert len(hungarian) == len(english)
    # Every word changed; only key names (Hungarian keyboards say Ctrl and Shift too), the languages'
    # own names and a card set's proper name (Aisleriot's Bonded) are the same in both.
    same = {old for old, new in zip(english, hungarian, strict=True) if old == new}
    keys = {"N / F2", "H", "P", "R", "F1", "Ctrl+Q", "Ctrl+Z", "Ctrl+Y", "F / Shift+F"}
    assert same <= keys | set(LANGUAGE_NAMES.values()) | {"Bonded"}
    assert "Élő ítélet (nyerhető vagy elveszett)" in hungarian
    assert "Zöld" in hungarian and "Szabályok: FreeCell" in hungarian
    status = app.status_text
    assert status != english_status
    assert status.startswith("FreeCell #1, 4 cella") and "pontszám" in status and "egyszerre mozgatható" in status
    assert app.verdict_text == "nyerhető"
    assert app.message_text == "Az ablak mostantól magyarul beszél."
    assert str(app.move_label.cget("text")) == "Lépés:"


def test_a_switch_closes_the_open_dialogs_and_redraws_the_tables_labels(make_app: Callable[..., App]) -> None:
    use_language("en")
    app = make_app("freecell", 1)
    keys = app.show_help()
    pump(app.root)
    labels = [app.canvas.itemcget(item, "text") for item in app.canvas.find_withtag("label")]
    assert "h  (foundations)" in labels
    app.set_language("de")
    pump(app.root)
    assert not keys.winfo_exists()
    labels = [app.canvas.itemcget(item, "text") for item in app.canvas.find_withtag("label")]
    assert "h  (Ablagen)" in labels
    again = app.show_help()
    assert again.title() == "Maus und Tasten"


def test_the_language_chosen_in_the_menu_is_remembered_after_a_restart(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("PATIENCE_LANG", raising=False)
    use_language("en")
    app = make_app("freecell", 1)
    app.menus["languages"].invoke(2)  # Magyar
    pump(app.root)
    saved = json.loads((tmp_path / PREFERENCES_NAME).read_text(encoding="utf-8"))
    assert saved["language"] == "hu"
    use_language("en")  # a new process speaks its locale's language until the window reads its preferences
    with tk_root() as root:
        again = App(root, Game.new("freecell", 1))
        pump(root)
        assert _bar(again) == MENU_BAR["hu"]
        assert again.status_text.startswith("FreeCell #1, 4 cella")
        assert again.language_var.get() == "hu"


def test_lang_and_patience_lang_win_over_the_remembered_language(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / PREFERENCES_NAME).write_text(json.dumps({"language": "hu"}), encoding="utf-8")
    monkeypatch.setenv("PATIENCE_LANG", "de")
    app = make_app("freecell", 1)
    assert _bar(app) == MENU_BAR["de"]
    with tk_root() as root:
        chosen = App(root, Game.new("freecell", 1), lang="en")
        pump(root)
        assert _bar(chosen) == MENU_BAR["en"]


#: The words that may show unbracketed in the pseudo-language: names of games and languages, and key names.
_NEUTRAL_WORDS = {"FreeCell", "English", "Deutsch", "Magyar", "N", "F", "H", "P", "R", "F1", "F2"}


def _neutral(text: str) -> bool:
    """Whether ``text`` says nothing in English: only neutral words, numbers, symbols; or a cell's letter."""
    if re.fullmatch(r"[a-z]", text):
        return True  # the label over a cell: its letter in the move notation
    return set(re.findall(r"[^\W\d_]+\d*", text)) <= _NEUTRAL_WORDS


def _unbracketed(text: str) -> str:
    """What is left of ``text`` once every [bracketed] message, nested ones too, is taken out."""
    while True:
        shorter = re.sub(r"\[[^\[\]]*\]", "", text)
        if shorter == text:
            return text
        text = shorter


def test_in_the_pseudo_language_every_menu_entry_and_the_status_bar_are_bracketed(
    make_app: Callable[..., App],
) -> None:
    use_language("xx")
    app = make_app("freecell", 1)
    app.controller.hint()  # says it is looking, in the message line
    shown = [
        *_every_label(app),
        *(str(label.cget("text")) for label in (app.status_game, app.status_score, app.status_capacity)),
        app.verdict_text,
        app.message_text,
        str(app.move_label.cget("text")),
        *(app.canvas.itemcget(item, "text") for item in app.canvas.find_withtag("label")),
    ]
    app.controller.cancel_hint()
    leaks = [text for text in shown if not _neutral(_unbracketed(text))]
    assert leaks == []
    assert not _neutral("Undo") and not _neutral("4 cells")
    assert all(text.startswith("[") for text in _bar(app))


def test_patience_tk_help_is_in_the_language_lang_names() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "patience_tk.app", "--lang", "de", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shown = " ".join(shown.split())  # argparse wraps its lines to the terminal's width
    assert "Patiencen (Eight Off, FreeCell, Baker's Game, Seahaven Towers, ...) in einem Fenster spielen." in shown
    assert "die Spielnummer (Vorgabe: eine zufällige)" in shown
    assert shown.startswith("Aufruf: patience-tk")
    assert "Optionen: -h, --help diese Hilfe zeigen und beenden" in shown
    refused = subprocess.run(
        [sys.executable, "-m", "patience_tk.app", "--lang", "hu", "--cells", "x"], capture_output=True, text=True
    )
    assert refused.returncode == 2
    assert refused.stderr.strip().endswith("(lásd: patience-tk --help)")


def _texts(widget: tk.Misc) -> list[str]:
    """The text of every label and button inside ``widget``, its own included."""
    found = [str(widget.cget("text"))] if isinstance(widget, tk.Label | tk.Button) else []
    for child in widget.winfo_children():
        found += _texts(child)
    return found


def test_in_the_pseudo_language_the_keys_window_and_the_game_over_banner_are_bracketed(
    make_app: Callable[..., App],
) -> None:
    use_language("xx")
    app = make_app("freecell", 1)
    window = app.show_help()
    pump(app.root)
    shown = [window.title(), *_texts(window)]
    app.controller.give_up()
    pump(app.root)
    assert app.view.banner_text is not None
    shown += [
        *app.view.banner_text.split("\n"),
        *(str(button.cget("text")) for button in app.view.banner_buttons),
        app.message_text,
        app.status_text,
    ]
    leaks = [text for text in shown if not _neutral(_unbracketed(text))]
    assert leaks == []
    assert "[Mouse and keys]" in shown and "[Game over]" in shown


def test_the_game_over_banner_in_german_and_again_in_hungarian_after_a_switch(make_app: Callable[..., App]) -> None:
    use_language("de")
    app = make_app("freecell", 1)
    app.controller.give_up()
    pump(app.root)
    home, score = app.game.cards_home, app.game.score
    assert (
        app.view.banner_text
        == f"Partie beendet\nDu hast mit {home} Karten auf der Ablage aufgegeben; die Punktzahl ist {score}."
    )
    assert [str(button.cget("text")) for button in app.view.banner_buttons] == [
        "Neue Partie…",
        "Nächste Spielnummer",
        "Neu beginnen",
    ]
    assert "aufgegeben" in app.status_text
    app.set_language("hu")
    pump(app.root)
    assert app.view.banner_text == f"Vége a játszmának\nFeladtad {home} lappal az alapokon; a pontszám {score}."
    assert [str(button.cget("text")) for button in app.view.banner_buttons] == [
        "Új játszma…",
        "Következő osztás",
        "Újrakezdés",
    ]
    assert "feladva" in app.status_text


def test_welcome_back_says_the_deal_number_and_the_moves_in_the_language_in_use() -> None:
    from types import SimpleNamespace

    from patience.i18n import speaking
    from patience_tk.app import welcome_back

    game = Game.new("freecell", 1_000_000)
    game.play("1a")
    tracker = SimpleNamespace(game=game, daily=None)
    with speaking("de"):
        assert welcome_back(tracker) == (  # type: ignore[arg-type]
            "Willkommen zurück: FreeCell Nr. 1.000.000 ist so, wie du es verlassen hast, nach 1 Zug "
            "(Partie ▸ Neu… teilt eine andere aus)."
        )
    with speaking("hu"):
        assert welcome_back(tracker) == (  # type: ignore[arg-type]
            "Üdv újra: FreeCell #1\xa0000\xa0000 úgy áll, ahogy hagytad, 1 lépés után (a Játszma ▸ Új… másikat oszt)."
        )
    with speaking("en"):
        assert welcome_back(tracker) == (  # type: ignore[arg-type]
            "Welcome back: FreeCell #1,000,000 is as you left it, 1 move in (Game ▸ New… deals another)."
        )
