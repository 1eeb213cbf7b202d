"""Game ▸ History…: any unfinished game of the store comes back to the table as it was, not only the latest."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest
from tkhelp import pump, win

from patience import Game
from patience_home.store import Store
from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.app import _parser, prepare
from patience_tk.history import HistoryDialog

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


@pytest.fixture
def store() -> Iterator[Store]:
    opened = Store.open()  # a real SQLite file in this test's own PATIENCE_HOME
    assert opened.saving, opened.notice
    yield opened
    opened.close()


def played(store: Store, variant: str, deal: int, moves: int, *, leave_others: bool = False) -> tuple[int, Game]:
    """A game left unfinished in the store after its solution's first ``moves`` moves.

    Its first action leaves the other unfinished games ``abandoned``, as a
    new deal does, unless ``leave_others`` (as for a day's attempt, or a
    game imported from a record).
    """
    game = Game.new(variant, deal)
    tracker = store.track(game, abandon_others=not leave_others)
    result = solve(game.variant, game.position, time_limit=30)
    assert result.outcome is Outcome.SOLVED
    for move in result.moves[:moves]:
        game.play(move)
    tracker.close()
    assert tracker.id is not None
    return tracker.id, game


def open_app(root: tk.Tk, store: Store) -> App:
    game, tracker, note = prepare(_parser().parse_args([]), store)
    app = App(root, game, store=store, tracker=tracker, note=note, verdict=False)
    pump(root)
    return app


def row_of(dialog: HistoryDialog, game_id: int) -> str:
    return next(item for item, info in dialog.games.items() if info.id == game_id)


def test_an_older_unfinished_game_is_resumed_from_history_and_the_one_left_stays_unfinished(
    root: tk.Tk, store: Store
) -> None:
    older, older_game = played(store, "freecell", 617, 3)
    newer, newer_game = played(store, "bakers-game", 5, 1, leave_others=True)
    app = open_app(root, store)
    assert app.game.variant.name == "bakers-game"  # the latest comes back on start
    dialog = app.show_history()
    assert dialog is not None
    pump(root)
    rows = {info.id: row for info, row in zip(dialog.games.values(), dialog.rows(), strict=True)}
    assert rows[newer][3] == "on the table" and rows[older][:4] == ("FreeCell", "4", "#617", "unfinished")
    # The older game is selected (the one on the table cannot be resumed again); a double click plays it.
    assert dialog.chosen is not None and dialog.chosen.id == older
    item = row_of(dialog, older)
    dialog.table.see(item)
    pump(root)
    x, y, width, height = dialog.table.bbox(item, "#1")  # type: ignore[misc]
    # Two clicks in a row on the row: the second press is the double click, which resumes the game.
    dialog.table.event_generate("<ButtonPress-1>", x=x + width // 2, y=y + height // 2)
    dialog.table.event_generate("<ButtonRelease-1>", x=x + width // 2, y=y + height // 2)
    dialog.table.event_generate("<ButtonPress-1>", x=x + width // 2, y=y + height // 2)
    pump(root)
    assert not dialog.winfo_exists()
    assert app.game.variant.name == "freecell" and app.game.deal == 617
    assert app.game.position == older_game.position and app.game.log == older_game.log
    assert app.message_text.startswith("Welcome back: FreeCell #617 is as you left it, 3 moves in")
    app.game.play(next(iter(app.game.legal_moves)))
    pump(root)
    results = {info.id: info.result for info in store.history()}
    assert results == {older: "unfinished", newer: "unfinished"}  # nothing was abandoned by looking back
    again = store.unfinished(game_id=older)
    assert again is not None and again[0].log == app.game.log  # the move played on it was recorded on it
    # And back again: the Baker's Game exactly as it was left.
    dialog = app.show_history()
    assert dialog is not None
    dialog.table.selection_set(row_of(dialog, newer))
    pump(root)
    dialog.resume_button.invoke()
    pump(root)
    assert app.game.variant.name == "bakers-game" and app.game.position == newer_game.position


def test_a_finished_game_or_the_one_on_the_table_cannot_be_resumed(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store)
    app.set_game(Game.new("freecell", 1))
    win(app)
    app.set_game(Game.new("freecell", 2))
    app.controller.play_text("1a")
    pump(root)
    dialog = app.show_history()
    assert dialog is not None
    pump(root)
    assert [row[3] for row in dialog.rows()] == ["on the table", "won"]
    for item in dialog.games:
        dialog.table.selection_set(item)
        pump(root)
        assert str(dialog.resume_button.cget("state")) == "disabled"
        dialog.event_generate("<Return>")  # says no with the bell, changes nothing
        pump(root)
    assert dialog.winfo_exists() and app.game.deal == 2
    assert dialog.winfo_width() <= root.winfo_width()


def test_a_game_finished_elsewhere_meanwhile_is_refused_with_one_line(root: tk.Tk, store: Store) -> None:
    older, _ = played(store, "freecell", 617, 1)
    played(store, "freecell", 3, 1, leave_others=True)
    app = open_app(root, store)
    dialog = app.show_history()
    assert dialog is not None
    # Another window ends the older game while this History is open.
    elsewhere = store.resume(game_id=older)
    assert elsewhere is not None
    elsewhere.game.give_up()
    elsewhere.close()
    dialog.table.selection_set(row_of(dialog, older))
    dialog.resume()
    pump(root)
    assert app.game.deal == 3
    assert app.message_text == f"Game {older} is no longer unfinished: it cannot be resumed."
