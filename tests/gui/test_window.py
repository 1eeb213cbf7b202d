"""The window: status bar, keys, typed moves, hints in a worker thread, the New Game dialog, ``patience-tk``."""

from __future__ import annotations

import random
import time
import tkinter as tk
from collections.abc import Callable
from pathlib import Path

import pytest
from tkhelp import pump

import patience
from patience import Game, Move, Place, parse_board
from patience.plugins import cell_counts
from patience_tk import App, NewGameDialog
from patience_tk.app import main

pytestmark = [pytest.mark.gui, pytest.mark.timeout(90)]

MakeApp = Callable[..., App]

LOST_BOARD = Path(__file__).parents[1] / "solver" / "data" / "lost-eight-off-2-cells.txt"


def key(app: App, sequence: str, **options: object) -> None:
    app.canvas.focus_force()
    app.canvas.event_generate(sequence, **options)
    pump(app.root)


# -- the status bar ------------------------------------------------------------------------------


def test_status_bar_shows_deal_code_score_and_how_many_cards_can_move(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    status = app.status_text
    assert "FreeCell #1" in status and "FC1-C4-AAAAAAB" in status
    assert "score 0" in status and "moves 0" in status and "home 0/52" in status
    assert f"cards at once: {app.game.max_group}" in status and app.game.max_group == 5
    app.controller.play_text("6a")
    pump(app.root)
    assert "cards at once: 4" in app.status_text and "moves 1" in app.status_text


def test_status_bar_shows_the_capacity_into_an_empty_column_for_eight_off(make_app: MakeApp) -> None:
    app = make_app("eight-off", 1, 8)
    assert f"cards at once: {app.game.max_group}" in app.status_text
    assert "8 cells" in app.status_text and "EO1-C8-AAAAAAB" in app.status_text


# -- keys and typed moves ------------------------------------------------------------------------


def test_ctrl_z_undoes_and_ctrl_y_and_ctrl_shift_z_redo(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    start = app.game.position
    app.controller.play_text("6a")
    after = app.game.position
    key(app, "<Control-z>")
    assert app.game.position == start
    key(app, "<Control-y>")
    assert app.game.position == after
    key(app, "<Control-z>")
    key(app, "<Control-Z>")  # Ctrl+Shift+Z
    assert app.game.position == after
    assert app.menus["edit"].entrycget("Undo", "state") == "normal"
    assert app.menus["edit"].entrycget("Redo", "state") == "disabled"


def test_a_typed_move_is_played_and_a_refused_one_shows_the_engine_reason(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.entry.focus_force()
    app.entry.insert(0, "6a")
    app.entry.event_generate("<Return>")
    pump(app.root)
    assert app.game.log == ["6a"] and app.entry.get() == ""
    app.entry.focus_force()
    app.entry.insert(0, "61")
    app.entry.event_generate("<Return>")
    pump(app.root)
    assert app.game.log == ["6a"]
    reason = str(app.game.check(Move(Place.column(5), Place.column(0))).reason)
    assert app.message_text == reason
    assert app.entry.get() == "61"  # kept, to be corrected


def test_a_digit_on_the_table_starts_a_move_in_the_move_box(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    key(app, "<Key>", keysym="6")
    assert app.entry.get() == "6"


# -- hints ---------------------------------------------------------------------------------------


def test_hint_runs_in_the_background_and_highlights_a_legal_move(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, hint_time=5.0)
    started = time.monotonic()
    key(app, "<Key>", keysym="h")
    assert time.monotonic() - started < 1.0  # the key returned at once; the solver works in a thread
    assert pump(app.root, until=lambda: app.view.highlighted is not None, timeout=30)
    move = app.view.highlighted
    assert move is not None and app.game.check(move)
    assert app.message_text.startswith("Hint: ")
    assert app.canvas.find_withtag("highlight")
    # P plays the hinted move; the highlight goes with the change.
    key(app, "<Key>", keysym="p")
    assert app.game.log == ["hint", str(move)]  # the hint is counted in the record, then the move
    assert app.view.highlighted is None


def test_p_while_the_solver_thinks_plays_the_move_when_it_arrives(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, hint_time=5.0)
    app.controller.hint()
    app.controller.hint(then_play=True)
    assert pump(app.root, until=lambda: app.game.moves == 1, timeout=30), app.message_text


def test_following_the_hints_wins_freecell_1(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, hint_time=10.0)
    for _ in range(120):
        if app.game.is_won:
            break
        moves = app.game.moves
        app.controller.hint(then_play=True)
        assert pump(app.root, until=lambda n=moves: app.game.moves > n, timeout=30), app.message_text
    assert app.game.is_won
    assert app.view.banner_text is not None and "You won" in app.view.banner_text


def test_hint_says_when_the_position_is_lost(make_app: MakeApp) -> None:
    game = Game.from_position("eight-off", parse_board(LOST_BOARD.read_text()))
    app = make_app(game, hint_time=5.0)
    app.controller.hint()
    # At move 0 there is nothing to undo: the deal itself cannot be won.
    assert pump(app.root, until=lambda: "cannot be won" in app.message_text, timeout=30), app.message_text
    assert "undo" not in app.message_text and "from the start" in app.message_text
    assert app.view.highlighted is None


def test_a_move_while_the_solver_thinks_drops_the_stale_hint(make_app: MakeApp) -> None:
    app = make_app("freecell", 1, hint_time=5.0)
    app.controller.hint()
    app.controller.play_text("6a")  # before the hint arrives (or just after): either way no stale highlight
    pump(app.root, until=lambda: app.controller.hint_job is None or not app.controller.hint_job.running, timeout=10)
    pump(app.root)
    assert app.view.highlighted is None


# -- the New Game dialog -------------------------------------------------------------------------


def open_dialog(app: App, mode: str = "random") -> NewGameDialog:
    dialog = app.new_game(mode=mode)
    pump(app.root)
    return dialog


def test_new_game_dialog_offers_each_variants_cell_counts(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app)
    assert dialog.variant.name == "freecell" and dialog.cells_var.get() == 4
    for name, variant in patience.variants().items():
        dialog.choose_variant(name)
        counts, default = cell_counts(variant)
        assert dialog.cell_choices == counts
        assert dialog.cells_var.get() == default
        for count in counts:
            dialog.cell_buttons[count].invoke()
            expected = name == "eight-off" and count in (4, 2)
            assert dialog.winnable_var.get() is expected, (name, count)


def test_new_game_dialog_deals_a_numbered_deal(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode="number")
    dialog.choose_variant("bakers-game")
    dialog.deal_var.set("617")
    dialog.ok_button.invoke()
    pump(app.root)
    assert app.game.variant.name == "bakers-game" and app.game.deal == 617
    assert not dialog.winfo_exists()
    assert "Baker's Game #617" in app.status_text


@pytest.mark.parametrize(
    ("mode", "text", "words"),
    [
        ("number", "twelve", "is not a deal number"),
        ("number", "0", "is out of range"),
        ("number", "9999999999", "is out of range"),
        ("code", "hello", "is not a game code"),
        ("code", "EO1-C3-AAAAAFA", "not 3"),
        ("code", "ZZ1-C4-AAAAAAB", "no installed variant"),
    ],
)
def test_bad_input_in_the_dialog_is_explained(make_app: MakeApp, mode: str, text: str, words: str) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode=mode)
    (dialog.deal_var if mode == "number" else dialog.code_var).set(text)
    dialog.winnable_var.set(False)
    dialog.ok_button.invoke()
    pump(app.root)
    assert dialog.winfo_exists()
    assert words in str(dialog.error.cget("text"))
    assert app.game.deal == 1


def test_a_game_code_deals_that_game(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode="code")
    dialog.code_var.set("eo1-c8-aaaaafa")
    dialog.ok_button.invoke()
    pump(app.root)
    assert app.game.variant.name == "eight-off" and app.game.deal == 160 and app.game.cells == 8


def test_winnable_only_deals_a_deal_the_solver_wins(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode="number")
    dialog.choose_variant("eight-off")
    dialog.cell_buttons[4].invoke()
    assert dialog.winnable_var.get()
    dialog.deal_var.set("2")
    dialog.ok_button.invoke()
    assert dialog.searching
    assert pump(app.root, until=lambda: app.game.variant.name == "eight-off", timeout=60)
    assert app.game.cells == 4 and app.game.deal is not None and app.game.deal >= 2


def test_cancel_stops_the_winnable_search_and_keeps_the_game(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = NewGameDialog(app.root, app.set_game, current=app.game, rng=random.Random(5))
    dialog.choose_variant("eight-off")
    dialog.cell_buttons[2].invoke()
    dialog.ok_button.invoke()
    assert dialog.searching
    dialog.cancel_button.invoke()
    assert not dialog.searching and dialog.winfo_exists()
    pump(app.root)
    assert app.game.variant.name == "freecell" and app.game.deal == 1
    dialog.cancel_button.invoke()
    assert not dialog.winfo_exists()


def test_give_up_ends_the_game_and_offers_a_new_one(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.menus["game"].invoke("Give up")
    pump(app.root)
    assert not app.game.gave_up  # it asks first
    app.windows["give-up"].event_generate("<Return>")
    pump(app.root)
    assert app.game.gave_up
    assert app.view.banner_text is not None and "gave up" in app.view.banner_text
    assert app.menus["play"].entrycget("Hint", "state") == "disabled"
    app.next_deal()
    pump(app.root)
    assert app.game.deal == 2 and app.view.banner_text is None


def test_copy_code_puts_the_code_on_the_clipboard(make_app: MakeApp, root: tk.Tk) -> None:
    app = make_app("freecell", 1)
    app.menus["game"].invoke("Copy code")
    assert root.clipboard_get() == "FC1-C4-AAAAAAB"


# -- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [["freecell", "twelve"], ["nosuchgame"], ["eight-off", "--cells", "3"], ["--code", "nonsense"], ["--bogus"]],
)
def test_bad_arguments_exit_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("patience-tk: ") and err.count("\n") == 1, err
