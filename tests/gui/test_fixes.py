"""What a player hit in the window, one test per rough edge (each fails without its fix)."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

import pytest
from tkhelp import pump

import patience
from patience import MAX_DEAL, Game, Move, Place, Position
from patience_tk import App, NewGameDialog
from patience_tk.app import KEYS, window_title
from patience_tk.describe import describe_move

pytestmark = [pytest.mark.gui, pytest.mark.timeout(90)]

MakeApp = Callable[..., App]

CONTROL, LOCK, NUM_LOCK, SHIFT = 0x4, 0x2, 0x10, 0x1


def key(app: App, keysym: str, state: int = 0) -> None:
    app.canvas.focus_force()
    app.canvas.event_generate("<KeyPress>", keysym=keysym, state=state)
    pump(app.root)


def open_dialog(app: App, mode: str = "random") -> NewGameDialog:
    dialog = app.new_game(mode=mode)
    pump(app.root)
    return dialog


# -- the last deal -------------------------------------------------------------------------------


def test_next_deal_after_the_last_deal_wraps_to_the_first_and_says_so(make_app: MakeApp) -> None:
    app = make_app("freecell", MAX_DEAL)
    app.give_up()
    app.windows["give-up"].event_generate("<Return>")
    pump(app.root)
    next_deal = {b.cget("text"): b for b in app.view.banner_buttons}["Next deal"]
    next_deal.invoke()  # raised InvalidDealError inside the Tk callback before
    pump(app.root)
    assert app.game.deal == 1 and app.game.variant.name == "freecell"
    assert "last deal" in app.message_text and "#1" in app.message_text


def test_a_winnable_search_from_the_last_deal_goes_on_from_the_first(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode="number")
    dialog.choose_variant("eight-off")
    dialog.cell_buttons[4].invoke()  # deal 8,589,934,591 and deal 1 cannot be won with 4 cells; deal 2 can
    dialog.deal_var.set(str(MAX_DEAL))
    dialog.ok_button.invoke()
    assert pump(app.root, until=lambda: app.game.variant.name == "eight-off", timeout=60), dialog.error.cget("text")
    assert app.game.deal == 2
    assert "8589934592" not in app.message_text and "8,589,934,592" not in app.message_text
    assert f"#{MAX_DEAL:,}" in app.message_text and "#2" in app.message_text


def test_winnable_only_says_the_typed_deal_cannot_be_won_and_which_it_dealt(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode="number")
    dialog.choose_variant("eight-off")
    dialog.cell_buttons[4].invoke()
    dialog.deal_var.set("1")
    dialog.ok_button.invoke()
    assert pump(app.root, until=lambda: app.game.variant.name == "eight-off", timeout=60)
    assert app.game.deal == 2
    assert "cannot win deal #1" in app.message_text and "dealt #2" in app.message_text


# -- Caps Lock and Num Lock ------------------------------------------------------------------------


@pytest.mark.parametrize("lock", [LOCK, NUM_LOCK, LOCK | NUM_LOCK])
def test_shortcuts_work_with_caps_lock_and_num_lock_on(make_app: MakeApp, lock: int) -> None:
    app = make_app("freecell", 1)
    start = app.game.position
    app.controller.play_text("6a")
    after = app.game.position
    # With Caps Lock on, Tk reports the letter in capitals: Ctrl+Z must still undo, not redo.
    key(app, "Z" if lock & LOCK else "z", CONTROL | lock)
    assert app.game.position == start
    key(app, "Y" if lock & LOCK else "y", CONTROL | lock)
    assert app.game.position == after
    key(app, "Z" if lock & LOCK else "z", CONTROL | lock)
    key(app, "Z", CONTROL | SHIFT | lock)  # Ctrl+Shift+Z redoes
    assert app.game.position == after
    key(app, "H" if lock & LOCK else "h", lock)
    assert "Looking for a good move" in app.message_text or app.message_text.startswith("Hint")
    app.controller.cancel_hint()
    closed: list[bool] = []
    app.root.bind("<Destroy>", lambda e: closed.append(e.widget is app.root), add="+")
    key(app, "Q" if lock & LOCK else "q", CONTROL | lock)
    assert True in closed


# -- menus ---------------------------------------------------------------------------------------


def test_no_menu_can_be_torn_off(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    menubar = app.root.nametowidget(app.root.cget("menu"))
    assert not int(menubar.cget("tearoff"))  # F10, Left, Return tore the bar itself off before
    for index in range(menubar.index("end") + 1):
        menu = app.root.nametowidget(menubar.entrycget(index, "menu"))
        assert not int(menu.cget("tearoff")), menubar.entrycget(index, "label")


# -- the message line, the status bar and the card size ----------------------------------------------


def test_long_messages_wrap_and_nothing_resizes_the_table_mid_game(make_app: MakeApp, root: tk.Tk) -> None:
    app = make_app("freecell", 1)
    root.geometry("800x600")
    pump(root, until=lambda: root.winfo_width() == 800, timeout=5)
    pump(root)
    card_w, height = app.view.layout.card_w, app.canvas.winfo_height()
    long = "A long message that goes on and on, " * 8
    app.say(long)
    pump(root)
    assert int(app.message.cget("wraplength")) < 800
    # An empty column makes the capacity text longer: the status bar keeps one row.
    dealt = app.game.position
    columns = list(dealt.columns)
    columns[6], columns[7] = columns[6] + columns[7], ()
    app.set_game(Game.from_position("freecell", Position(tuple(columns), dealt.cells, dealt.foundations)))
    pump(root)
    assert "into an empty column" in app.status_text
    assert app.canvas.winfo_height() == height
    assert app.view.layout.card_w == card_w
    rows = {label.grid_info()["row"] for label in (app.status_game, app.status_score, app.status_capacity)}
    assert rows == {0}


def test_eight_off_with_8_cells_uses_the_table_at_800_by_600(make_app: MakeApp, root: tk.Tk) -> None:
    app = make_app("eight-off", 1, 8)
    root.geometry("800x600")
    pump(root, until=lambda: root.winfo_width() == 800, timeout=5)
    pump(root)
    layout = app.view.layout
    assert layout.card_w >= 66  # 53-62 px with every slot in one row
    assert layout.label_size >= 11
    # The foundations stand down the right-hand side, clear of the columns and the cells.
    assert min(box.x0 for box in layout.foundations) > max(box.x1 for box in layout.columns + layout.cells)
    assert len(app.canvas.find_withtag("card")) == 52


# -- hints ---------------------------------------------------------------------------------------


def test_a_deal_lost_from_the_start_does_not_say_undo(make_app: MakeApp) -> None:
    app = make_app("eight-off", 1, 4)  # the solver proves deal 1 with 4 cells lost at once
    app.controller.hint()
    assert pump(app.root, until=lambda: "cannot be won" in app.message_text, timeout=30), app.message_text
    assert "undo" not in app.message_text.lower()


# -- Restart and Give up ---------------------------------------------------------------------------


def test_restart_and_give_up_ask_first(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.controller.play_text("6a")
    app.menus["game"].invoke("Restart")
    pump(app.root)
    assert app.game.log == ["6a"]
    question = app.windows["restart"]
    question.event_generate("<Escape>")
    pump(app.root)
    assert not question.winfo_exists() and app.game.log == ["6a"]
    app.menus["game"].invoke("Restart")
    pump(app.root)
    app.windows["restart"].event_generate("<Return>")
    pump(app.root)
    assert app.game.log == [] and app.game.moves == 0
    app.menus["game"].invoke("Give up")
    pump(app.root)
    assert not app.game.gave_up
    app.windows["give-up"].event_generate("<Escape>")
    pump(app.root)
    assert not app.game.gave_up


# -- the Help window -------------------------------------------------------------------------------


def test_help_opens_once_closes_with_esc_sits_centred_and_aligns_its_keys(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    first = app.show_help()
    pump(app.root)
    second = app.show_help()
    pump(app.root)
    assert first is second
    helps = [w for w in app.root.winfo_children() if isinstance(w, tk.Toplevel) and w.winfo_exists()]
    assert len(helps) == 1
    root_mid = app.root.winfo_rootx() + app.root.winfo_width() / 2
    help_mid = first.winfo_rootx() + first.winfo_width() / 2
    assert abs(root_mid - help_mid) < 40
    labels = [w for frame in first.winfo_children() for w in frame.winfo_children() if isinstance(w, tk.Label)]
    keys = [w for w in labels if w.cget("text") in {k for k, _ in KEYS if k}]
    assert keys and {w.grid_info()["column"] for w in keys} == {0}
    xs = {w.winfo_x() for w in keys}
    assert len(xs) == 1  # one column, left-aligned
    first.event_generate("<Escape>")
    pump(app.root)
    assert not first.winfo_exists()


def test_help_names_the_move_box_and_shift_f_for_eight_off(make_app: MakeApp) -> None:
    text = " ".join(f"{k} {w}" for k, w in KEYS)
    assert "Tab" in text and "Shift+F" in text


def test_rules_of_the_variant_come_from_its_plugin(make_app: MakeApp) -> None:
    app = make_app("seahaven-towers", 1)
    assert app.help_menu.entrycget(0, "label") == "Rules of Seahaven Towers"
    window = app.show_rules()
    pump(app.root)
    shown = " ".join(
        str(w.cget("text"))
        for frame in window.winfo_children()
        for w in frame.winfo_children()
        if isinstance(w, tk.Label)
    )
    variant = patience.get_variant("seahaven-towers")
    assert variant.rules_text and "10 columns of 5" in shown and "only a king" in shown.lower()
    window.event_generate("<Escape>")
    pump(app.root)
    assert not window.winfo_exists()


@pytest.mark.parametrize("name", ["bakers-game", "eight-off", "freecell", "seahaven-towers"])
def test_every_built_in_variant_has_rules_text(name: str) -> None:
    text = patience.get_variant(name).rules_text
    assert "foundation" in text and "\n\n" in text


# -- card names in messages ----------------------------------------------------------------------


def test_messages_name_cards_not_notation(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    app.controller.play_text("6a")  # deal 1: ♦3 from column 6 to cell a
    pump(app.root)
    assert app.message_text.startswith("♦3 to cell a"), app.message_text
    app.controller.undo()
    pump(app.root)
    assert app.message_text.startswith("Took back ♦3 to cell a"), app.message_text


def test_a_run_is_described_by_its_size_and_columns() -> None:
    game = Game.new("freecell", 1)
    position = game.position
    columns = list(position.columns)
    run = tuple(patience.Card.parse(text) for text in ("9S", "8H", "7C", "6D"))
    rest = [card for column in columns for card in column if card not in run]
    columns = [tuple(rest[i::8]) for i in range(8)]
    columns[1] = columns[1] + run
    board = Position(tuple(columns), position.cells, position.foundations)
    said = describe_move(board, Move(Place.column(1), Place.column(3), 4))
    assert said.startswith("4 cards") and "from column 2 to column 4" in said
    assert describe_move(board, Move(Place.column(1), Place.foundation(), 1)) == "♦6 home"


# -- the New Game dialog -------------------------------------------------------------------------


def test_picking_another_game_clears_the_old_code(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode="code")
    assert dialog.code_var.get() == "FC1-C4-AAAAAAB"
    dialog.choose_variant("eight-off")
    assert dialog.code_var.get() == "" and dialog.mode_var.get() != "code"
    dialog.ok_button.invoke()
    pump(app.root)
    assert app.game.variant.name == "eight-off"


def test_an_error_goes_when_the_input_changes_and_the_dialog_stays_put(make_app: MakeApp) -> None:
    app = make_app("freecell", 1)
    dialog = open_dialog(app, mode="number")
    pump(app.root)
    before = (dialog.winfo_rootx(), dialog.winfo_rooty(), dialog.winfo_width(), dialog.winfo_height())
    dialog.deal_var.set("twelve")
    dialog.ok_button.invoke()
    pump(app.root)
    assert "not a deal number" in str(dialog.error.cget("text"))
    after = (dialog.winfo_rootx(), dialog.winfo_rooty(), dialog.winfo_width(), dialog.winfo_height())
    assert after == before
    dialog.deal_var.set("12")
    assert dialog.error.cget("text") == ""
    dialog.destroy()


# -- how many cards can move -----------------------------------------------------------------------


def test_cards_at_once_is_never_more_than_the_cards_there_are(make_app: MakeApp) -> None:
    dealt = Game.new("freecell", 1).position
    c = dealt.columns
    columns = (c[0] + c[1], c[2] + c[3], c[4] + c[5], c[6] + c[7], (), (), (), ())
    game = Game.from_position("freecell", Position(columns, dealt.cells, dealt.foundations))
    assert game.max_group > 52  # (4 + 1) x 2^4 = 80
    app = make_app(game)
    tallest = max(len(column) for column in game.position.columns)
    assert f"cards at once: {tallest}" in app.status_text
    assert str(game.max_group) not in app.status_text
    # What the capacity comes from shows when the row has room for it (a narrow row keeps the number only).
    app.root.geometry(f"1400x{app.root.winfo_height()}")
    pump(app.root, until=lambda: app.root.winfo_width() == 1400, timeout=5)
    pump(app.root)
    assert "4 free cells, 4 empty columns" in app.status_text


# -- Eight Off's cell f ----------------------------------------------------------------------------


def test_in_eight_off_f_starts_a_move_from_cell_f(make_app: MakeApp) -> None:
    app = make_app("eight-off", 1, 8)
    key(app, "f")
    assert app.entry.get() == "f"
    app.entry.delete(0, "end")
    app.canvas.focus_force()
    app = make_app("freecell", 1)
    assert not app.game.can_finish
    key(app, "f")  # no cell f in FreeCell: f is Finish (which says why it cannot)
    assert app.entry.get() == ""


# -- the title -----------------------------------------------------------------------------------


def test_the_window_title_names_variant_deal_and_code(make_app: MakeApp) -> None:
    app = make_app("freecell", 617)
    assert app.root.title() == "FreeCell #617 · FC1-C4-AAAAATJ — patience"
    assert window_title(Game.new("eight-off", 160, 8)) == "Eight Off #160 · EO1-C8-AAAAAFA — patience"
