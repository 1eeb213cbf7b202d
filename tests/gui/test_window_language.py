"""The window in German and in Hungarian, and in the pseudo-language: every word of its own dialogs is translated.

Each dialog is opened on a real Tk root while the language is spoken
(:func:`patience.i18n.speaking`), and its title, labels, buttons and table
headings are read from the widgets. In the pseudo-language ``xx`` every
translated message shows in [brackets]: whatever English is left outside
them (other than the names of games, game codes and move notation) is text
that bypasses the catalogs.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path
from tkinter import ttk

import pytest
from tkhelp import pump, win

from patience import Game
from patience.i18n import format_day, format_number, speaking
from patience.plugins import listed_variants
from patience_home.leaderboard import Entry
from patience_home.store import Store
from patience_tk import App
from patience_tk.daily import LeaderboardDialog, NameDialog
from patience_tk.dialogs import ConfirmDialog, NewGameDialog
from patience_tk.history import HistoryDialog
from patience_tk.stats import StatisticsDialog

pytestmark = [pytest.mark.gui, pytest.mark.timeout(180)]


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store.open()  # a real SQLite file in this test's own PATIENCE_HOME
    assert opened.saving, opened.notice
    yield opened
    opened.close()


#: The widgets that show a text of their own (an entry shows what the player types).
_WORDED = (
    tk.Label, tk.Button, tk.Checkbutton, tk.Radiobutton, ttk.Label, ttk.Button, ttk.Checkbutton, ttk.Radiobutton
)  # fmt: skip


def texts_of(widget: tk.Misc) -> list[str]:
    """Every text ``widget`` and the widgets in it show: labels, buttons, table headings and cells."""
    found: list[str] = []
    if isinstance(widget, tk.Wm):
        found.append(str(widget.title()))
    if isinstance(widget, ttk.Treeview):
        for column in widget.cget("columns"):
            found.append(str(widget.heading(column, "text")))
        for item in widget.get_children():
            found.extend(str(value) for value in widget.item(item, "values"))
    elif isinstance(widget, _WORDED) and str(widget.cget("text")):
        found.append(str(widget.cget("text")))
    for child in widget.winfo_children():
        found.extend(texts_of(child))
    return found


def menu_labels(menu: tk.Menu) -> list[str]:
    """Every entry's label (and accelerator) in ``menu`` and the menus it opens."""
    found: list[str] = []
    last = menu.index("end")
    for index in range(0 if last is None else last + 1):
        if menu.type(index) == "separator":
            continue
        found.append(str(menu.entrycget(index, "label")))
        accelerator = str(menu.entrycget(index, "accelerator"))
        if accelerator:
            found.append(accelerator)
        if menu.type(index) == "cascade":
            found.extend(menu_labels(menu.nametowidget(menu.entrycget(index, "menu"))))
    return found


def buttons_of(widget: tk.Misc) -> list[str]:
    """The texts of the buttons in ``widget``, in the order they were made."""
    found: list[str] = []
    for child in widget.winfo_children():
        if isinstance(child, (tk.Button, ttk.Button)):
            found.append(str(child.cget("text")))
        found.extend(buttons_of(child))
    return found


# -- the pseudo-language --------------------------------------------------------------------------------

#: What may show without brackets: the names of games, game codes, dates and times, move notation.
_CODE = re.compile(r"\b[A-Z]{2,4}\d+-C\d+-[A-Z0-9]+\b")
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_left(text: str, titles: list[str]) -> list[str]:
    """The English words of ``text`` outside every [bracketed] message, the names in ``titles`` aside."""
    rest = text
    while True:
        shorter = re.sub(r"\[[^\[\]]*\]", " ", rest)
        if shorter == rest:
            break
        rest = shorter
    rest = _CODE.sub(" ", rest)
    for title in sorted(titles, key=len, reverse=True):
        rest = rest.replace(title, " ")
    return _WORD.findall(rest)


def assert_bracketed(texts: list[str], where: str, names: tuple[str, ...] = ()) -> None:
    """Every text in ``texts`` is translated, but for the games' names and ``names`` (the players')."""
    # The Language menu names each language in its own words, in every language.
    titles = [variant.title for variant in listed_variants().values()] + list(names) + ["English", "Deutsch", "Magyar"]
    unbracketed = {text: words for text in texts if (words := english_left(text, titles))}
    assert not unbracketed, f"{where}: English outside the catalogs: {unbracketed}"


def test_every_dialog_of_the_window_shows_only_translated_words_in_the_pseudo_language(
    root: tk.Tk, store: Store
) -> None:
    with speaking("xx"):
        app = App(root, Game.new("eight-off", 1_000_000), store=store, verdict=False)
        pump(root)
        assert_bracketed(menu_labels(app.root.nametowidget(app.root.cget("menu"))), "menus")
        app.refresh()
        assert_bracketed([app.status_text, app.message_text], "status bar")

        dialog = app.new_game()
        pump(root)
        assert_bracketed(texts_of(dialog), "New game")
        dialog.cancel()
        code = app.new_game(mode="code")
        code.code_var.set("")
        code.ok()
        assert_bracketed(texts_of(code), "New game, no code typed")
        code.cancel()

        app.game.play(next(iter(app.game.legal_moves)))
        pump(root)
        assert_bracketed([app.status_text], "after a move")  # the move itself is said in patience_tk.describe's words
        app.controller.undo()
        pump(root)
        assert_bracketed([app.status_text, app.message_text], "after an undo")
        app.controller.redo()
        pump(root)
        assert_bracketed([app.status_text, app.message_text], "after a redo")
        restart = app.restart()
        assert isinstance(restart, ConfirmDialog)
        assert_bracketed(texts_of(restart), "Restart")
        restart.close()
        give_up = app.give_up()
        assert isinstance(give_up, ConfirmDialog)
        assert_bracketed(texts_of(give_up), "Give up")
        give_up.yes()
        pump(root)
        assert app.view.banner_text is not None
        assert_bracketed([app.view.banner_text, *(b.cget("text") for b in app.view.banner_buttons)], "banner")
        assert_bracketed([app.status_text, app.message_text], "given up")

        stats = app.show_statistics()
        assert isinstance(stats, StatisticsDialog)
        assert_bracketed(texts_of(stats), "Statistics")
        stats.destroy()
        history = app.show_history()
        assert isinstance(history, HistoryDialog)
        assert_bracketed(texts_of(history), "History")
        history.destroy()

        assert_bracketed(texts_of(app.show_help()), "Mouse and keys")
        rules = app.show_rules()
        assert_bracketed([rules.title(), *buttons_of(rules)], "Rules")

        name = NameDialog(root, "http://localhost:8000", lambda _name: None)
        name.ok()  # no name typed: the dialog says so
        assert_bracketed(texts_of(name), "Your name")
        name.skip()
        entries = [Entry(1, "ada", "won", 1178, 90, 0, 52), Entry(2, "bob", "gave-up", 300, 40, 2, 12)]
        board = LeaderboardDialog(root, "Eight Off", entries)
        assert_bracketed(texts_of(board), "Leaderboard", names=("ada", "bob"))
        board.destroy()
        empty = LeaderboardDialog(root, "Eight Off", [])
        assert_bracketed(texts_of(empty), "Empty leaderboard")
        empty.destroy()

        app.set_game(Game.new("freecell", 7))
        pump(root)
        win(app)
        assert app.view.banner_text is not None
        assert_bracketed([app.view.banner_text, *(b.cget("text") for b in app.view.banner_buttons)], "won")


def test_the_pseudo_language_check_finds_english_outside_the_brackets() -> None:
    assert english_left("[Deal]", []) == []
    assert english_left("[score {score}] · [cards at once: 4]", []) == []
    assert english_left("Eight Off #1, [[4 cells]]  ·  [code EO1-C4-AAAAAFA]", ["Eight Off"]) == []
    assert english_left("[Game] over", []) == ["over"]


# -- German and Hungarian -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "title", "buttons", "cells", "winnable"),
    [
        ("de", "Neue Partie", ["Abbrechen", "Austeilen"], "4 Zellen", "Nur lösbare Spiele"),
        ("hu", "Új játszma", ["Mégse", "Kiosztás"], "4 cella", "Csak nyerhető osztások"),
    ],
)
def test_the_new_game_dialog_speaks_the_language(
    root: tk.Tk, language: str, title: str, buttons: list[str], cells: str, winnable: str
) -> None:
    with speaking(language):
        dialog = NewGameDialog(root, lambda _game, _note: None, current=Game.new("freecell", 1))
        pump(root)
        assert dialog.title() == title
        assert sorted([dialog.cancel_button.cget("text"), dialog.ok_button.cget("text")]) == sorted(buttons)
        assert dialog.cell_buttons[4].cget("text") == cells
        assert dialog.winnable_check.cget("text") == winnable
        dialog.mode_var.set("number")
        dialog.deal_var.set("")
        dialog.ok()
        expected = {"de": "Gib eine Spielnummer ein", "hu": "Írj be egy osztásszámot"}[language]
        assert str(dialog.error.cget("text")).startswith(expected)
        dialog.cancel()


@pytest.mark.parametrize(
    ("language", "stats", "history", "close"),
    [
        ("de", ("Statistik", "Gewinnquote"), ("Verlauf", "Fortsetzen", "auf dem Tisch"), "Schließen"),
        ("hu", ("Statisztika", "Nyerési arány"), ("Előzmények", "Folytatás", "az asztalon"), "Bezárás"),
    ],
)
def test_statistics_and_history_speak_the_language(
    root: tk.Tk, store: Store, language: str, stats: tuple[str, str], history: tuple[str, str, str], close: str
) -> None:
    with speaking(language):
        app = App(root, Game.new("freecell", 1), store=store, verdict=False)
        app.game.play(next(iter(app.game.legal_moves)))
        pump(root)
        shown = app.show_statistics()
        assert shown is not None
        assert shown.title() == stats[0]
        headings = [shown.table.heading(column, "text") for column in shown.table.cget("columns")]
        assert stats[1] in headings
        assert close in buttons_of(shown)
        shown.destroy()
        listed = app.show_history()
        assert listed is not None
        assert listed.title() == history[0]
        assert listed.resume_button.cget("text") == history[1]
        assert listed.close_button.cget("text") == close
        assert history[2] in listed.rows()[0]


@pytest.mark.parametrize(
    ("language", "title", "buttons", "headings", "nobody"),
    [
        (
            "de",
            "Dein Name auf der Bestenliste",
            ["Jetzt nicht", "Mitmachen"],
            ["Platz", "Spieler", "Ergebnis", "Punktzahl", "Züge", "Zurückgenommen", "Abgelegt", "Zeit", "Tipps"],
            "Noch niemand hat das heutige Spiel beendet.",
        ),
        (
            "hu",
            "A neved a ranglistán",
            ["Most nem", "Részt veszek"],
            ["Helyezés", "Játékos", "Eredmény", "Pontszám", "Lépések", "Visszavonások", "Alapokon", "Idő", "Tippek"],
            "A mai osztást még senki sem fejezte be.",
        ),
    ],
)
def test_the_daily_dialogs_speak_the_language(
    root: tk.Tk, language: str, title: str, buttons: list[str], headings: list[str], nobody: str
) -> None:
    with speaking(language):
        name = NameDialog(root, "http://localhost:8000", lambda _name: None)
        assert name.title() == title
        assert sorted([name.ok_button.cget("text"), name.skip_button.cget("text")]) == sorted(buttons)
        name.skip()
        board = LeaderboardDialog(root, "FreeCell", [Entry(1, "ada", "won", 1178, 90, 0, 52)])
        assert [board.table.heading(column, "text") for column in board.table.cget("columns")] == headings
        assert board.rows()[0][2] == {"de": "gewonnen", "hu": "megnyerve"}[language]
        board.destroy()
        empty = LeaderboardDialog(root, "FreeCell", [])
        assert nobody in texts_of(empty)
        empty.destroy()


def run_tk(*argv: str) -> subprocess.CompletedProcess[str]:
    """``patience-tk ARGV`` as a process: its help and its argument errors need no window."""
    code = "import sys; from patience_tk.app import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize(
    ("language", "intro", "back"),
    [
        (
            "de",
            "Tagesspiel FreeCell {date}: Spielnummer #{deal} ({code}), der Versuch des Tages.",
            "der Versuch des Tages, so wie du es verlassen hast: nach 1 Zug, {home}.",
        ),
        (
            "hu",
            "Napi FreeCell, {date}: #{deal} osztás ({code}), a napi próbálkozás.",
            "a napi próbálkozás, ahogy hagytad: 1 lépés után, {home}.",
        ),
    ],
)
def test_the_daily_deal_is_announced_in_the_language(language: str, intro: str, back: str) -> None:
    from patience_tk.daily import find_daily

    with speaking(language):
        daily = find_daily("freecell", 4, None)
        deal = daily.daily
        said = intro.format(date=format_day(deal.date, language), deal=format_number(deal.deal), code=deal.code)
        assert daily.intro.startswith(said)
        game = Game.from_code(deal.code)
        game.play(next(iter(game.legal_moves)))
        home = {"de": "{count} Karten abgelegt", "hu": "{count} lap az alapokon"}[language]
        if game.cards_home == 1:
            home = {"de": "1 Karte abgelegt", "hu": "1 lap az alapokon"}[language]
        assert back.format(home=home.format(count=game.cards_home)) in daily.back_intro(game)


def test_the_daily_attempt_and_its_leaderboard_in_german(
    root: tk.Tk, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
    from serverhelp import Server, unique_name  # the leaderboard tests' real server

    from patience_home.leaderboard import Client, save_player
    from patience_solver.daily import today

    server = Server(f"sqlite+pysqlite:///{tmp_path / 'board.sqlite3'}", tmp_path)
    try:
        monkeypatch.setenv("PATIENCE_SERVER", server.url)
        name = unique_name("sprache")
        save_player(server.url, name, Client(server.url).register(name))
        with speaking("de"):
            app = App(root, Game.new("freecell", 1), store=store, verdict=False)
            app.daily_deal()
            assert pump(root, until=lambda: app.message_text.startswith("Tagesspiel"), timeout=60), app.message_text
            daily = app.daily_game
            assert daily is not None and daily.attempt is not None, app.message_text
            win(app)
            assert pump(root, until=lambda: not app.message_text.startswith("Der Versuch"), timeout=60)
            # Ranked by the server: said in the colour of a win, whatever the words of the line.
            assert daily.ranked, app.message_text
            assert app.message.cget("fg") == "#116b2e"
            app.daily_leaderboard()
            assert pump(root, until=lambda: "leaderboard" in app.windows, timeout=60), app.message_text
            board = app.windows["leaderboard"]
            assert isinstance(board, LeaderboardDialog)
            assert board.rows()[0][:3] == ("1", name, "gewonnen")
            assert board.title() == f"Tagesspiel FreeCell {format_day(today(), 'de')}, 4 Zellen"
            assert app.message_text == f"Die Bestenliste vom {format_day(today(), 'de')}: 1 Spieler."
    finally:
        server.stop()
