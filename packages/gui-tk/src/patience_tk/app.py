"""The patience window: menus, the table, a move box, a message line and a status bar; and ``patience-tk``.

:class:`App` builds the window around a :class:`~patience_tk.view.TableView`
and a :class:`~patience_tk.controller.Controller`. Everything it shows
comes from the game (score, moves, cards home, how many cards can move at
once) and every action goes to the engine through the controller.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import tkinter as tk
from collections.abc import Callable, Iterable, Sequence
from tkinter import font as tkfont
from tkinter import ttk
from typing import TYPE_CHECKING, NoReturn

from patience import MAX_DEAL, Game, PatienceError, Redeal, Variant, get_variant
from patience.i18n import (
    N_,
    UnknownLanguageError,
    choose_language,
    current_language,
    format_day,
    format_number,
    use_language,
)
from patience.moves import CELL_LETTERS
from patience.plugins import one_line_warnings
from patience.shuffle import read_deal_number
from patience_tk.cardsets import CARD_SETS
from patience_tk.clock import WindowClock
from patience_tk.controller import Controller
from patience_tk.daily import (
    DailyGame,
    LeaderboardDialog,
    NameDialog,
    find_daily,
    register,
    send_result,
    share_of,
    started_at,
)
from patience_tk.demo import SPEED_NAMES, SPEEDS, Demo, demo_refused
from patience_tk.dialogs import ConfirmDialog, NewGameDialog, centre_over, give_back_focus
from patience_tk.history import HistoryDialog
from patience_tk.keyboard import KeyboardPlay
from patience_tk.motion import animation_allowed
from patience_tk.prefs import TABLE_COLOURS, load_preferences, remembered_language, save_preferences
from patience_tk.sounds import Sounds
from patience_tk.stats import StatisticsDialog, assisted_line, streak_line
from patience_tk.texts import _, ngettext, pgettext
from patience_tk.verdict import LiveVerdict, Verdict
from patience_tk.worker import Job

if TYPE_CHECKING:
    from patience_home.store import Store, Tracker
from patience_tk.view import FONT, TableView

__all__ = ["KEYS", "LANGUAGE_NAMES", "App", "elide", "game_from_args", "main", "rules_text", "window_title"]

DEFAULT_VARIANT = "eight-off"
#: Pixels kept free above the window on a small screen: the menu bar and a window manager's title bar.
_ABOVE = 64

#: X11 modifier bits in a key event's state. Caps Lock (2) and Num Lock (16) are left out on purpose:
#: every shortcut works whether they are on or off.
SHIFT, CONTROL, ALT = 0x1, 0x4, 0x8

#: View ▸ Language: each language the window speaks, named in its own language.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "hu": "Magyar"}


def _table_colour_names() -> dict[str, str]:
    """The table colours' names in the language in use."""
    return {
        "green": pgettext("table colour", "Green"),
        "blue": pgettext("table colour", "Blue"),
        "red": pgettext("table colour", "Red"),
        "grey": pgettext("table colour", "Grey"),
    }


_MESSAGE_COLOURS = {
    "info": "#1f1f1f",
    "error": "#b00020",
    "hint": "#6a4b00",
    "busy": "#1d4f91",
    "lost": "#b00020",
    "win": "#116b2e",
}


class App:
    """The main window on ``root``, playing ``game``.

    ``hint_time`` is the solver's time budget for a hint, in CPU seconds,
    ``hint_positions`` and ``hint_memory`` its budget of positions and
    bytes (None: none, and what the system allows);
    ``verdict`` turns the live verdict on or off at the start (``None``:
    as the saved preferences say). With a ``store``
    every game is recorded action by action (``tracker``: the game resumed
    from it, whose :attr:`~patience_home.store.Tracker.game` is ``game``), and
    Game ▸ Statistics… and the win banner read it. ``note`` replaces the
    greeting (a resumed game says so).
    """

    def __init__(
        self,
        root: tk.Tk,
        game: Game,
        *,
        hint_time: float = 5.0,
        hint_positions: int | None = None,
        hint_memory: int | None = None,
        verdict: bool | None = None,
        store: Store | None = None,
        tracker: Tracker | None = None,
        note: str | None = None,
        lang: str | None = None,
    ) -> None:
        self.root = root
        self.dialog: NewGameDialog | None = None
        self.windows: dict[str, tk.Toplevel] = {}
        """The open Help windows and questions, by name: each is opened once and brought to the front after."""
        self.store = store
        self.daily_game: DailyGame | None = None
        """The daily deal on the table (``None`` for any other game)."""
        self.preferences, prefs_notice = load_preferences()
        if lang is not None or self.preferences.language is not None:
            # --lang, then PATIENCE_LANG, then the language chosen last in View ▸ Language.
            use_language(choose_language(lang, remembered=self.preferences.language))
        if verdict is not None:
            self.preferences.verdict = verdict
        # The tracker listens to the game before the controller does, so that each action is on disk
        # before the window shows its result (and the win is counted before the banner reads the streak).
        self.tracker = tracker if tracker is not None else (store.track(game) if store is not None else None)
        root.title("patience")
        # Never larger than the screen, even a small one: a window that runs off the screen hides its status bar.
        # Room is left above it for the menu bar and a title bar.
        root.minsize(min(640, root.winfo_screenwidth()), min(480, root.winfo_screenheight() - _ABOVE))
        if root.tk.call("tk", "windowingsystem") == "x11":
            # The default X11 theme draws a ticked box as a plain dark square; clam shows a tick.
            ttk.Style(root).theme_use("clam")
        width, height = _window_size(root, game)

        self.canvas = tk.Canvas(root, width=width, height=height, highlightthickness=0, takefocus=True)
        self.view = TableView(self.canvas, game)
        self.controller = Controller(
            self.view,
            say=self.say,
            changed=self.refresh,
            over=self._game_over,
            sound=lambda name: self.sounds.play(name),
            hint_time=hint_time,
            hint_positions=hint_positions,
            hint_memory=hint_memory,
        )

        self.demo = Demo(
            self.controller,
            say=self.say,
            used=self._demo_used,
            changed=self.refresh,
            refused=lambda: demo_refused(self.daily_game),
            delay=SPEEDS[self.preferences.demo_speed],
        )
        """Play ▸ Demo: the solver plays the game on the table."""

        # PATIENCE_NO_ANIMATION wins over the saved choice (tests, screenshots).
        self.controller.animator.enabled = self.preferences.animations and animation_allowed()
        self.view.set_look(
            felt=TABLE_COLOURS[self.preferences.table],
            four_colour=self.preferences.four_colour,
            cards=self.preferences.cards,
        )
        self.keyboard = KeyboardPlay(self.view, play=self.controller.play_move, say=self.say)

        bar = tk.Frame(root, padx=8, pady=4)
        self.move_label = tk.Label(bar, text=_("Move:"))
        self.move_label.pack(side="left")
        self.entry = tk.Entry(bar, width=10, font=(FONT, 11))
        self.entry.pack(side="left", padx=(4, 10))
        # Two lines are kept for the message whatever it says, so the table never changes size for it.
        self.message = tk.Label(bar, text="", anchor="w", justify="left", font=(FONT, 10), height=2)
        self.message.pack(side="left", fill="x", expand=True)
        self.message.bind("<Configure>", lambda e: self.message.configure(wraplength=max(e.width - 4, 100)))

        status = self.status = tk.Frame(root, bd=1, relief="sunken")
        self.status_game = tk.Label(status, anchor="w", padx=6, font=(FONT, 10))
        self.status_score = tk.Label(status, anchor="e", padx=8, font=(FONT, 10))
        self.status_capacity = tk.Label(status, anchor="e", padx=8, font=(FONT, 10, "bold"))
        self.status_verdict = tk.Label(status, anchor="e", padx=8, font=(FONT, 10, "bold"))
        self.status_clock = tk.Label(status, anchor="e", padx=8, font=(FONT, 10))
        # One row, always: when the texts do not fit, the game's name gives way (it is in the title too),
        # so the status bar never grows a second row and the cards never resize in the middle of a game.
        # It is shortened with "…" (the code goes first) rather than cut off mid-letter at the edge.
        self._game_parts: tuple[str, str] = ("", "")
        status.columnconfigure(0, weight=1, minsize=0)
        status.bind("<Configure>", lambda _event: self._fit_status())
        self._score_forms: tuple[str, ...] = ("",) * 3
        self._capacity_forms: tuple[str, ...] = ("",) * 4
        self._verdict_forms: tuple[str, str] = ("", "")
        self._verdict: Verdict | None = None
        self.status_game.grid(row=0, column=0, sticky="w")
        self.status_score.grid(row=0, column=1, sticky="e")
        self.status_capacity.grid(row=0, column=2, sticky="e")
        self.status_verdict.grid(row=0, column=3, sticky="e")
        self.status_clock.grid(row=0, column=4, sticky="e")
        self.clock = WindowClock(root, self.status_clock, shown=self.preferences.clock)
        """View ▸ Clock: the time played (the tracker's, written as the record's Seconds)."""
        self.sounds = Sounds(enabled=self.preferences.sounds)
        """View ▸ Sounds: a card placed, a card home, a win."""
        self.verdict_var = tk.BooleanVar(root, self.preferences.verdict)
        self.verdict = LiveVerdict(self.canvas, self._show_verdict, enabled=self.preferences.verdict)
        self._judged: tuple[object, ...] | None = None
        self._streams: list[DailyGame] = []

        status.pack(side="bottom", fill="x")
        bar.pack(side="bottom", fill="x")
        self.canvas.pack(side="top", fill="both", expand=True)

        self._build_menus()
        self._bind()
        # Keep the size from now on: a longer status line must not widen the window.
        root.update_idletasks()
        wide = min(root.winfo_reqwidth(), root.winfo_screenwidth())
        root.geometry(f"{wide}x{min(root.winfo_reqheight(), root.winfo_screenheight() - _ABOVE)}")
        self.canvas.focus_set()
        greeting = note or _("Click a card to send it home, double-click to move it, or drag it. H for a hint.")
        notices = self.store.take_notices() if self.store is not None else []
        notices += [prefs_notice] if prefs_notice else []
        self.refresh()
        # Something wrong with the saved games is said first, once; the greeting follows on the same line.
        self.say(" ".join([*notices, greeting]), "error" if notices else "info")
        if self.tracker is not None and self.tracker.daily is not None and self.tracker.resumed is not None:
            self._rejoin_daily(self.tracker)

    # -- building ---------------------------------------------------------
    def _build_menus(self) -> None:
        """The menu bar in the language in use (built again when View ▸ Language changes it)."""
        menubar = tk.Menu(self.root, tearoff=False)
        game = tk.Menu(menubar, tearoff=False)
        game.add_command(label=_("New…"), accelerator="N / F2", command=self.new_game)
        game.add_command(label=_("Restart"), command=self.restart)
        game.add_command(label=_("Enter code…"), command=lambda: self.new_game(mode="code"))
        game.add_command(label=_("Copy code"), command=self.copy_code)
        game.add_separator()
        game.add_command(label=_("Daily deal"), command=self.daily_deal)
        game.add_command(label=_("Daily leaderboard…"), command=self.daily_leaderboard)
        game.add_separator()
        game.add_command(label=_("History…"), command=self.show_history)
        game.add_command(label=_("Statistics…"), command=self.show_statistics)
        game.add_separator()
        game.add_command(label=_("Give up"), command=self.give_up)
        game.add_separator()
        # Translators: the shortcut as the keyboard names it (German Strg+Q).
        game.add_command(label=_("Quit"), accelerator=pgettext("key", "Ctrl+Q"), command=self.root.destroy)
        edit = tk.Menu(menubar, tearoff=False)
        edit.add_command(label=_("Undo"), accelerator=pgettext("key", "Ctrl+Z"), command=self.controller.undo)
        edit.add_command(label=_("Redo"), accelerator=pgettext("key", "Ctrl+Y"), command=self.controller.redo)
        play = tk.Menu(menubar, tearoff=False)
        play.add_command(label=_("Hint"), accelerator="H", command=self.controller.hint)
        play.add_command(
            label=_("Play the hint"), accelerator="P", command=lambda: self.controller.hint(then_play=True)
        )
        play.add_command(label=_("Finish"), accelerator=pgettext("key", "F / Shift+F"), command=self.controller.finish)
        play.add_command(label=_("Redeal"), accelerator="R", command=self.controller.redeal)
        play.add_command(label=_("Demo"), command=self.start_demo)
        speeds = tk.Menu(play, tearoff=False)
        self.demo_speed_var = tk.StringVar(self.root, self.preferences.demo_speed)
        for name in SPEEDS:
            speeds.add_radiobutton(
                label=_(SPEED_NAMES[name]), value=name, variable=self.demo_speed_var, command=self._demo_speed_chosen
            )
        play.add_cascade(label=_("Demo speed"), menu=speeds)
        play.add_separator()
        play.add_checkbutton(
            label=_("Live verdict (winnable or lost)"), variable=self.verdict_var, command=self._verdict_switched
        )
        view = tk.Menu(menubar, tearoff=False)
        self.animation_var = tk.BooleanVar(self.root, self.controller.animator.enabled)
        view.add_checkbutton(label=_("Animations"), variable=self.animation_var, command=self._animation_switched)
        self.four_colour_var = tk.BooleanVar(self.root, self.preferences.four_colour)
        view.add_checkbutton(
            label=_("Four-colour deck (♦ blue, ♣ green)"), variable=self.four_colour_var, command=self._look_changed
        )
        tables = tk.Menu(view, tearoff=False)
        self.table_var = tk.StringVar(self.root, self.preferences.table)
        colour_names = _table_colour_names()
        for name in TABLE_COLOURS:
            tables.add_radiobutton(
                label=colour_names.get(name, name.title()),
                value=name,
                variable=self.table_var,
                command=self._look_changed,
            )
        view.add_cascade(label=_("Table colour"), menu=tables)
        card_sets = tk.Menu(view, tearoff=False)
        self.card_set_var = tk.StringVar(self.root, self.preferences.cards)
        for key, card_set in CARD_SETS.items():
            card_sets.add_radiobutton(
                label=_(card_set.name), value=key, variable=self.card_set_var, command=self._look_changed
            )
        view.add_cascade(label=_("Card set"), menu=card_sets)
        languages = tk.Menu(view, tearoff=False)
        self.language_var = tk.StringVar(self.root, current_language())
        for code, name in LANGUAGE_NAMES.items():
            languages.add_radiobutton(
                label=name,
                value=code,
                variable=self.language_var,
                command=lambda: self.set_language(self.language_var.get()),
            )
        view.add_cascade(label=_("Language"), menu=languages)
        view.add_separator()
        self.clock_var = tk.BooleanVar(self.root, self.preferences.clock)
        view.add_checkbutton(label=_("Clock"), variable=self.clock_var, command=self._clock_switched)
        self.sounds_var = tk.BooleanVar(self.root, self.preferences.sounds)
        view.add_checkbutton(label=_("Sounds"), variable=self.sounds_var, command=self._sounds_switched)
        helpmenu = self.help_menu = tk.Menu(menubar, tearoff=False)
        helpmenu.add_command(label=_("Rules of …"), command=self.show_rules)
        helpmenu.add_command(label=_("Mouse and keys"), accelerator="F1", command=self.show_help)
        menubar.add_cascade(label=_("Game"), menu=game)
        menubar.add_cascade(label=_("Edit"), menu=edit)
        menubar.add_cascade(label=_("Play"), menu=play)
        menubar.add_cascade(label=_("View"), menu=view)
        menubar.add_cascade(label=_("Help"), menu=helpmenu)
        old = self.root.cget("menu")
        self.root.configure(menu=menubar)
        if old:
            self.root.nametowidget(old).destroy()
        self.menubar = menubar
        self.menus = {
            "game": game,
            "edit": edit,
            "play": play,
            "demo speed": speeds,
            "view": view,
            "tables": tables,
            "languages": languages,
        }

    def set_language(self, language: str) -> None:
        """View ▸ Language: speak ``language`` from now on, every word of the window at once, and remember it.

        The menus, the status bar, the table's labels and a banner are put
        into the new language; open dialogs are closed (they are opened
        again in the new language).
        """
        use_language(language)
        self.language_var.set(language)
        self.preferences.language = language
        for window in [*self.windows.values(), *([self.dialog] if self.dialog is not None else [])]:
            if window.winfo_exists():
                window.destroy()
        self.windows.clear()
        self.dialog = None
        self.move_label.configure(text=_("Move:"))
        self._build_menus()
        self._verdict_forms = self._verdict_words(self._verdict)
        self.view.redraw()
        self.refresh()
        if self.view.banner_text is not None and self.game.is_over:
            title, detail = self._banner_words()
            self.view.show_banner(title, detail, self._banner_actions())
        self._save_preferences()
        self.say(_("The window speaks English now."))

    def _bind(self) -> None:
        canvas, root = self.canvas, self.root
        canvas.bind("<ButtonPress-1>", self._pressed)
        canvas.bind("<B1-Motion>", lambda e: self.controller.motion(e.x, e.y))
        canvas.bind("<ButtonRelease-1>", lambda e: self.controller.release(e.x, e.y))
        canvas.bind("<Double-Button-1>", lambda e: self.controller.double(e.x, e.y))
        for keysym in ("Left", "Right", "Up", "Down", "Return", "KP_Enter", "space"):
            canvas.bind(f"<KeyPress-{keysym}>", self._table_key)
        # Each letter is bound in both cases: with Caps Lock on, Tk reports Ctrl+Z as Control-Z.
        for letter, command in (
            ("z", self._undo_or_redo),
            ("y", lambda _e: self._run(self.controller.redo)),
            ("q", lambda _e: self._run(root.destroy)),
        ):
            root.bind(f"<Control-{letter}>", command)
            root.bind(f"<Control-{letter.upper()}>", command)
        root.bind("<F2>", lambda _e: self._run(self.new_game))
        root.bind("<F1>", lambda _e: self._run(self.show_help))
        root.bind("<Escape>", self._escape)
        root.bind("<Key>", self._key)
        self.entry.bind("<Return>", self._entered)
        self.entry.bind("<KP_Enter>", self._entered)
        self.entry.bind("<Escape>", self._leave_entry)

    # -- keys -------------------------------------------------------------
    def _pressed(self, event: tk.Event[tk.Misc]) -> None:
        self.canvas.focus_set()
        self.keyboard.hide()
        self.controller.press(event.x, event.y)

    def _table_key(self, event: tk.Event[tk.Misc]) -> str | None:
        """Arrow keys, Enter and Space on the table: keyboard play (a banner's buttons take Return first)."""
        state = event.state if isinstance(event.state, int) else 0
        if state & (CONTROL | ALT):
            return None
        if self.view.banner_text is not None and event.keysym in ("Return", "KP_Enter", "space"):
            buttons = self.view.banner_buttons
            if buttons:
                buttons[0].invoke()  # the banner's default button
            return "break"
        return "break" if self.keyboard.key(event.keysym) else None

    def _run(self, action: Callable[[], object]) -> str:
        action()
        return "break"

    def _undo_or_redo(self, event: tk.Event[tk.Misc]) -> str:
        # Shift is read from the modifiers, not from the letter's case, which Caps Lock also changes.
        if isinstance(event.state, int) and event.state & SHIFT:  # Ctrl+Shift+Z: redo
            self.controller.redo()
        else:
            self.controller.undo()
        return "break"

    def _key(self, event: tk.Event[tk.Misc]) -> str | None:
        """Single keys on the table: H hint, P play it, F finish, R redeal, N new game; a digit or cell letter: a move.

        A ``-`` after the first place of a move continues it (``11-3``).

        A letter that names a cell in play starts a move from that cell even
        when it is also a command (``f`` with 8 cells): the command is then
        on Shift with the letter (Shift+F finishes), which always works.
        """
        state = event.state if isinstance(event.state, int) else 0
        widget = event.widget
        # Tk's own widgets (a menu's clone) arrive as a name, not a widget: those keys are not for the table.
        if not isinstance(widget, tk.Misc) or widget is self.entry or widget.winfo_toplevel() is not self.root:
            return None
        if state & (CONTROL | ALT):
            return None
        char = (event.char or event.keysym).lower()
        if char in ("-", "minus") and self.entry.get():
            # The dash between a move's places (11-3), typed after its first place.
            self.entry.focus_set()
            self.entry.insert("end", "-")
            return "break"
        if len(char) != 1:
            return None
        cells = CELL_LETTERS[: self.game.cells]
        if char.isdigit() or (char in cells and not state & SHIFT):
            self.entry.focus_set()
            self.entry.insert("end", char)
            return "break"
        commands: dict[str, Callable[[], object]] = {
            "h": self.controller.hint,
            "p": lambda: self.controller.hint(then_play=True),
            "f": self.controller.finish,
            "r": self.controller.redeal,
            "n": self.new_game,
        }
        if char in commands:
            commands[char]()
            return "break"
        return None

    def _escape(self, _event: tk.Event[tk.Misc]) -> str:
        if self.keyboard.cancel():
            self.say(_("Put back."))
        elif not self.controller.cancel_drag() and self.controller.cancel_hint():
            self.say(_("Hint search stopped."))
        return "break"

    def _entered(self, _event: tk.Event[tk.Misc]) -> str:
        text = self.entry.get()
        if self.controller.play_text(text):
            self.entry.delete(0, "end")
            self.canvas.focus_set()
        else:
            self.entry.select_range(0, "end")
        return "break"

    def _leave_entry(self, _event: tk.Event[tk.Misc]) -> str:
        self.entry.delete(0, "end")
        self.canvas.focus_set()
        return "break"

    # -- showing ----------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played."""
        return self.controller.game

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message under the table: a refusal's reason, a hint, a result."""
        self.message.configure(text=text, fg=_MESSAGE_COLOURS.get(kind, "#1f1f1f"))
        if kind in ("error", "lost"):
            self.root.bell()

    @property
    def status_text(self) -> str:
        """Everything the status bar shows, as one line."""
        parts = (self.status_game, self.status_score, self.status_capacity)
        return "  ·  ".join(str(label.cget("text")) for label in parts)

    @property
    def message_text(self) -> str:
        """The message line under the table."""
        return str(self.message.cget("text"))

    def refresh(self) -> None:
        """Bring the status bar, the title and the menus up to date with the game."""
        game = self.game
        code = "  ·  " + _("code {code}").format(code=game.code) if game.code else ""
        self._game_parts = (_cells(game_name(game), game.cells), code)
        self._score_forms = score_texts(game)
        self._capacity_forms = capacity_texts(game)
        self.clock.follow(self.tracker.time if self.tracker is not None else None, game, over=game.is_over)
        self._fit_status()
        self._ranked_live()
        self._judge()
        if self.store is not None:
            for line in self.store.take_notices():
                self.say(line, "error")
        self.root.title(window_title(game))
        self.help_menu.entryconfigure(0, label=rules_title(game.variant), accelerator="")
        state = {True: "normal", False: "disabled"}
        edit, play, menu = self.menus["edit"], self.menus["play"], self.menus["game"]
        # By index, not by label: the labels are in the language in use.
        edit.entryconfigure(0, state=state[game.can_undo])  # Undo
        edit.entryconfigure(1, state=state[game.can_redo])  # Redo
        play.entryconfigure(2, state=state[game.can_finish])  # Finish
        play.entryconfigure(3, state=state[game.can_redeal])  # Redeal
        play.entryconfigure(0, state=state[not game.is_over])  # Hint
        play.entryconfigure(1, state=state[not game.is_over])  # Play the hint
        play.entryconfigure(4, state=state[not game.is_over and not demo_refused(self.daily_game)])  # Demo
        menu.entryconfigure(11, state=state[not game.is_over])  # Give up
        menu.entryconfigure(3, state=state[game.code is not None])  # Copy code

    # -- the demo ---------------------------------------------------------------------------------
    def start_demo(self) -> bool:
        """Play ▸ Demo: the solver plays the game on the table (again: stop it); whether it started.

        Never during a ranked daily attempt.
        """
        if self.demo.running:
            self.demo.stop(_("Demo stopped: the game is yours again."))
            return False
        if demo_refused(self.daily_game):
            self.say(_("No demo during a ranked daily attempt: the game is yours to play."), "info")
            return False
        if self.game.is_over:
            self.say(_("the game is over: start a new one (N) or restart it"), "info")
            return False
        return self.demo.start()

    def _demo_used(self) -> None:
        """The demo plays its first move in this game: the game is assisted."""
        if self.tracker is not None:
            self.tracker.note_demo()

    def _demo_speed_chosen(self) -> None:
        self.preferences.demo_speed = self.demo_speed_var.get()
        self.demo.delay = SPEEDS[self.preferences.demo_speed]
        self._save_preferences()

    def _assisted(self) -> tuple[str, ...]:
        """The kinds of assistance the game on the table has had (``hint``, ``demo``)."""
        if self.tracker is not None and self.tracker.game is self.game:
            return self.tracker.assisted
        hinted = ("hint",) if self.game.hints else ()
        return (*hinted, "demo") if self.demo.played(self.game) else hinted

    def _animation_switched(self) -> None:
        self.controller.animator.enabled = bool(self.animation_var.get())
        if not self.controller.animator.enabled:
            self.controller.animator.stop()
        self.preferences.animations = self.controller.animator.enabled
        self._save_preferences()

    def _clock_switched(self) -> None:
        self.clock.shown = self.preferences.clock = bool(self.clock_var.get())
        self._save_preferences()
        self._fit_status()

    def _sounds_switched(self) -> None:
        self.sounds.enabled = self.preferences.sounds = bool(self.sounds_var.get())
        self._save_preferences()

    @property
    def clock_text(self) -> str:
        """What the status bar's clock shows (``12:34``; "" while View ▸ Clock is off)."""
        return self.clock.text

    def _look_changed(self) -> None:
        self.preferences.four_colour = bool(self.four_colour_var.get())
        self.preferences.table = self.table_var.get()
        self.preferences.cards = self.card_set_var.get()
        self.view.set_look(
            felt=TABLE_COLOURS[self.preferences.table],
            four_colour=self.preferences.four_colour,
            cards=self.preferences.cards,
        )
        self._save_preferences()

    def _save_preferences(self) -> None:
        problem = save_preferences(self.preferences)
        if problem is not None:
            self.say(problem, "error")

    # -- the ranked attempt: streamed, hinted by the server, no verdict ---------
    def _ranked(self) -> DailyGame | None:
        """The daily game on the table when it is the ranked attempt on a server."""
        daily = self.daily_game
        # The game on the table is the server's deal (a later game of another deal is not the attempt).
        return daily if daily is not None and daily.ranked_attempt and self.game.code == daily.daily.code else None

    def _ranked_live(self) -> None:
        """After every change: stream the ranked attempt's actions, and take its hints from the server."""
        ranked = self._ranked()
        for old in self._streams:
            if old is not ranked:
                old.close()
        self._streams = [ranked] if ranked is not None else []
        self.controller.server_hint = ranked.ask_hint if ranked is not None else None
        if ranked is not None:
            ranked.push(tuple(self.game.log))

    # -- the live verdict ---------------------------------------------------------
    def _judge(self) -> None:
        """Ask for a verdict on the position on the table, once per position (none in a ranked attempt)."""
        game = self.game
        withheld = self._ranked() is not None
        key = (id(game), game.position, len(self.controller.back), game.is_over, self.verdict.enabled, withheld)
        if key == self._judged:
            return
        self._judged = key
        positions = [game.position, *reversed(self.controller.back)]
        # The solver makes no redeal: its "lost" would not be the game's where a redeal may still win.
        unjudged = game.is_over or game.variant.rules.redeal is not Redeal.NONE
        self.verdict.update(game.variant.name, positions, unjudged, withheld=withheld and not game.is_over)

    def _show_verdict(self, verdict: Verdict | None) -> None:
        colour = (
            _MESSAGE_COLOURS["win"] if verdict is not None and verdict.kind == "winnable" else _MESSAGE_COLOURS["lost"]
        )
        self._verdict = verdict
        self._verdict_forms = self._verdict_words(verdict)
        self.status_verdict.configure(fg=colour)
        self._fit_status()

    @staticmethod
    def _verdict_words(verdict: Verdict | None) -> tuple[str, str]:
        """The verdict's long and short forms in the language in use."""
        return ("", "") if verdict is None else (verdict.text, verdict.short_text)

    def _fit_status(self) -> None:
        """Fill the status bar's one row with the longest forms of its texts that fit the window's width.

        The game code gives way first, then what the capacity comes from,
        then the shorter forms of the score and the verdict; the game's name
        is cut with "…" only when even the shortest forms leave it no room.
        The verdict, the score and the capacity always show whole.
        """
        name, code = self._game_parts
        width = self.status.winfo_width()
        if width <= 1:  # not laid out yet: the window's first width is the table's
            width = int(self.canvas.cget("width"))
        labels = (self.status_score, self.status_capacity, self.status_verdict)
        plain = tkfont.Font(font=self.status_score.cget("font"))
        bold = tkfont.Font(font=self.status_capacity.cget("font"))
        pad = {label: _chrome(label) for label in labels}
        room = width - _chrome(self.status_game) - 2 * int(self.status.cget("bd")) - self.clock.width
        scores, capacities, verdicts = self._score_forms, self._capacity_forms, self._verdict_forms
        # (score form, capacity form, verdict form), most to say first; the code is kept in the first only.
        levels = [(0, 0, 0), (0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 1), (2, 3, 1)]

        def width_of(texts: tuple[str, str, str]) -> int:
            return sum(
                (bold if label is not self.status_score else plain).measure(text) + pad[label] if text else 0
                for label, text in zip(labels, texts, strict=True)
            )

        texts = (scores[-1], capacities[-1], verdicts[-1])
        with_code = False
        for number, (score, capacity, verdict) in enumerate(levels):
            tried = (scores[score], capacities[capacity], verdicts[verdict])
            if plain.measure(name + (code if number == 0 else "")) <= room - width_of(tried):
                texts, with_code = tried, number == 0
                break
        for label, text in zip(labels, texts, strict=True):
            label.configure(text=text)
        self.status_game.configure(text=elide(name, code if with_code else "", room - width_of(texts), plain.measure))

    def _verdict_switched(self) -> None:
        self.verdict.enabled = bool(self.verdict_var.get())
        self.preferences.verdict = self.verdict.enabled
        self._save_preferences()
        self._judge()

    @property
    def verdict_text(self) -> str:
        """What the status bar's verdict says now ("" while nothing is known, or when it is off)."""
        return str(self.status_verdict.cget("text"))

    def _banner_words(self) -> tuple[str, str]:
        """The game-over banner's title and detail, in the language in use."""
        game = self.game
        if game.is_won:
            title = _("You won!")
            detail = ngettext(
                "Score {score} in {moves} move. Well played.",
                "Score {score} in {moves} moves. Well played.",
                game.moves,
            ).format(score=game.score, moves=game.moves)
            if self.store is not None and self.store.saving:
                found = self.store.stats(game.variant.name, game.cells)
                line = streak_line(found[0] if found else None)
                if line:
                    streak = ngettext("{game}, {n} cell: {streak}.", "{game}, {n} cells: {streak}.", game.cells)
                    detail += "\n" + streak.format(game=game.variant.title, n=game.cells, streak=line)
            helped = assisted_line(self._assisted())
            if helped:
                detail += "\n" + helped
        else:
            title = _("Game over")
            detail = self._gave_up_words()
        daily = self.daily_game
        if daily is not None:
            detail += "\n" + _("Copied to share: {share}").format(share=share_of(daily, game))
        return title, detail

    def _gave_up_words(self) -> str:
        game = self.game
        return ngettext(
            "You gave up with {n} card home; the score is {score}.",
            "You gave up with {n} cards home; the score is {score}.",
            game.cards_home,
        ).format(n=game.cards_home, score=game.score)

    def _banner_actions(self) -> list[tuple[str, Callable[[], object]]]:
        actions: list[tuple[str, Callable[[], object]]] = [(_("New game…"), self.new_game)]
        if self.game.deal is not None:
            actions.append((_("Next deal"), self.next_deal))
        actions.append((_("Restart"), self.controller.restart))
        return actions

    def _game_over(self, kind: str) -> None:
        game = self.game
        if kind == "won":
            said = ngettext(
                "Won with score {score} in {moves} move.", "Won with score {score} in {moves} moves.", game.moves
            )
            self.say(said.format(score=game.score, moves=game.moves), "win")
        else:
            self.say(self._gave_up_words())
        title, detail = self._banner_words()
        daily = self.daily_game
        if daily is not None:
            share = share_of(daily, game)
            self.root.clipboard_clear()
            self.root.clipboard_append(share)
            if daily.client is not None and not daily.sent:
                daily.sent = True
                self.say(_("Sending the attempt to the leaderboard…"), "busy")
                Job(
                    self.canvas,
                    lambda _cancel, _report: send_result(daily, game),
                    lambda line: self.say(line, "win" if line.startswith("Rank") else "error"),
                    failed=lambda error: self.say(
                        _("could not send the attempt: {error}").format(error=error), "error"
                    ),
                )
        self.view.show_banner(title, detail, self._banner_actions())

    # -- commands ---------------------------------------------------------
    def set_game(self, game: Game, note: str | None = None, *, daily: DailyGame | None = None) -> None:
        """Play ``game`` from now on; ``note`` is said instead of the usual greeting (why this deal).

        With a store, an unfinished game left for this one is ``abandoned``, and the new one is recorded
        (as an attempt at the day's deal with ``daily``).
        """
        self.demo.stop()
        self.daily_game = daily
        if self.store is not None:
            if self.tracker is not None:
                self.tracker.abandon()
            self.tracker = self.store.track(game, daily=daily.daily.date if daily is not None else None)
        self.controller.set_game(game)
        if note is None and game.deal:
            note = _("Dealt {game} #{deal}. Good luck!").format(game=game.variant.title, deal=format_number(game.deal))
        self.say(note or _("Dealt {game}. Good luck!").format(game=game.variant.title))

    def new_game(self, mode: str = "random") -> NewGameDialog:
        """Open the New Game dialog (or bring the open one to the front)."""
        if self.dialog is not None and self.dialog.winfo_exists():
            self.dialog.lift()
            return self.dialog
        self.controller.cancel_hint()
        self.dialog = NewGameDialog(self.root, self.set_game, current=self.game, mode=mode)
        return self.dialog

    def next_deal(self) -> None:
        """Deal the next deal number of the same variant and cells; after the last deal comes the first."""
        game = self.game
        number = (game.deal or 0) + 1
        note = None
        if number > MAX_DEAL:
            number = 1
            note = _("#{last} is the last deal there is: dealt #1 of {game}. Good luck!").format(
                last=format_number(MAX_DEAL), game=game.variant.title
            )
        self.set_game(Game.new(game.variant, number, game.cells), note)

    def restart(self) -> ConfirmDialog | None:
        """Back to the deal, after asking when there is something to lose (a restart cannot be undone)."""
        game = self.game
        current = self.daily_game
        if current is not None and not current.practice and not game.is_over:
            # The first game of the day's deal is the attempt; starting it again would be a second one.
            self.say(_("the day's attempt cannot be started again: undo moves instead (it counts as played)"))
            return None
        if not game.log and not game.is_over:
            self.controller.restart()
            return None
        text = ngettext(
            "Start this deal again from the beginning? The {moves} move played so far cannot be undone.",
            "Start this deal again from the beginning? The {moves} moves played so far cannot be undone.",
            game.moves,
        ).format(moves=game.moves)
        return self._ask("restart", _("Restart"), text, _("Restart"), self.controller.restart)

    def give_up(self) -> ConfirmDialog | None:
        """End the game, after asking: giving up cannot be undone."""
        if self.game.is_over:
            return None
        text = _("Give up this game? It ends here with the score it has, and cannot be undone.")
        return self._ask("give-up", _("Give up"), text, _("Give up"), self.controller.give_up)

    def _ask(self, name: str, title: str, text: str, yes: str, action: Callable[[], object]) -> ConfirmDialog:
        old = self.windows.get(name)
        if isinstance(old, ConfirmDialog) and old.winfo_exists():
            old.lift()
            return old
        dialog = ConfirmDialog(self.root, title, text, yes, action)
        self.windows[name] = dialog
        return dialog

    def daily_deal(self, *, asked: bool = False) -> None:
        """Game ▸ Daily deal: today's deal of the variant and cells on the table, found in a worker thread.

        With a server set and no player name for it yet, the name is asked
        for first (once; *Not now* plays the attempt here only). The day's
        game left unfinished comes back as it was; on the table already, it
        goes on as it is (an attempt played here only is then started on the
        server, once the player has a name there).
        """
        from patience_home.leaderboard import saved_player, server_url
        from patience_solver.daily import today

        url = server_url(None)
        current, game = self.daily_game, self.game
        counted = current is not None and (current.client is not None or current.practice or url is None)
        if current is not None and counted and not game.is_over and current.daily.date == today().isoformat():
            # Today's game of this deal is already on the table, and counts as it can: it goes on as it
            # is (dealing it again would leave the attempt; a server would refuse a second attempt).
            self.say(current.back_intro(game) if game.log else current.intro)
            return
        if url is not None and not asked and saved_player(url) is None:
            old = self.windows.get("name")
            if old is not None and old.winfo_exists():
                old.lift()
                return

            def named(name: str | None) -> None:
                self.root.focus_force()
                if name is None:
                    self.daily_deal(asked=True)
                    return
                self.say(_("Registering {name} on {url}…").format(name=name, url=url), "busy")

                def failed(error: BaseException) -> None:
                    self.daily_deal(asked=True)
                    said = _("Could not register {name}: {error}. This game counts here only.")
                    self.say(said.format(name=name, error=error), "error")

                Job(
                    self.canvas,
                    lambda _cancel, _report: register(url, name),
                    lambda _name: self.daily_deal(asked=True),
                    failed=failed,
                )

            dialog = NameDialog(self.root, url, named)
            self.windows["name"] = dialog
            centre_over(dialog, self.root)
            return
        game = self.game
        variant, cells, store = game.variant.name, game.cells, self.store
        self.say(_("Finding today's {game} deal…").format(game=game.variant.title), "busy")

        def found(daily: DailyGame) -> None:
            if daily.resume is not None and self._bring_back(daily):
                return
            daily.started = dt.datetime.now(dt.UTC)
            self.set_game(Game.from_code(daily.daily.code), daily.intro, daily=daily)

        Job(
            self.canvas,
            lambda _cancel, _report: find_daily(variant, cells, store),
            found,
            failed=lambda error: self.say(_("no daily deal: {error}").format(error=error), "error"),
        )

    def _bring_back(self, daily: DailyGame) -> bool:
        """Put ``daily``'s game left unfinished back on the table exactly as it was; whether it could be.

        The game on the table may be that game already (it was resumed when
        the window opened); otherwise it is rebuilt from the store and goes
        on under its own record, so its actions and its server attempt stay
        one game.
        """
        info = daily.resume
        if info is None:
            return False
        tracker = self.tracker
        if tracker is None or tracker.id != info.id or self.game.is_over:
            resumed = self.store.resume(game_id=info.id) if self.store is not None else None
            if resumed is None:
                return False  # it no longer replays (the store says why): the deal is dealt again
            if tracker is not None:
                tracker.abandon()
            self.demo.stop()
            self.tracker = resumed
            self.controller.set_game(resumed.game)
        self.daily_game = daily
        self.refresh()  # a ranked attempt taken up again streams and hints as one
        self.say(daily.back_intro(self.game))
        return True

    def _rejoin_daily(self, tracker: Tracker) -> None:
        """The daily game resumed as the window opened stays a daily game: attempt or practice, and its server attempt.

        Found in a worker thread as for Game ▸ Daily deal; meanwhile the game
        can be played, and if the player has gone on to another game by then
        nothing changes.
        """
        game, store, date, info = tracker.game, self.store, tracker.daily, tracker.resumed
        if info is None:
            return

        def found(daily: DailyGame) -> None:
            if self.tracker is not tracker or self.game is not game or game.code != daily.daily.code:
                return
            if daily.resume is not None and daily.resume.id != info.id:
                return  # another game is that day's attempt: this one is not it
            daily.started = started_at(info.started)
            self.daily_game = daily
            self.refresh()  # a ranked attempt taken up again streams and hints as one
            if game.is_over:
                self._game_over("won" if game.is_won else "gave-up")  # ended before this was known
            else:
                self.say(daily.back_intro(game))

        Job(
            self.canvas,
            lambda _cancel, _report: find_daily(game.variant.name, game.cells, store, date),
            found,
            failed=lambda error: self.say(
                _("the daily deal of {day} was not found again: {error}").format(
                    day=format_day(date) if date else "", error=error
                ),
                "error",
            ),
        )

    def daily_leaderboard(self) -> None:
        """Game ▸ Daily leaderboard…: today's board of the variant and cells on the table, from the server."""
        from patience_home.leaderboard import Client, server_url
        from patience_solver.daily import today

        url = server_url(None)
        game = self.game
        if url is None:
            self.say(
                _("No leaderboard server is set: start patience-tk with PATIENCE_SERVER=http://host:port."), "info"
            )
            return
        day = today().isoformat()
        title = ngettext("Daily {game} {day}, {n} cell", "Daily {game} {day}, {n} cells", game.cells).format(
            game=game.variant.title, day=format_day(day), n=game.cells
        )
        variant, cells = game.variant.name, game.cells
        self.say(_("Asking {url} for today's leaderboard…").format(url=url), "busy")

        def shown(entries: object) -> None:
            assert isinstance(entries, list)
            old = self.windows.get("leaderboard")
            if old is not None and old.winfo_exists():
                old.destroy()
            dialog = LeaderboardDialog(self.root, title, entries)
            self.windows["leaderboard"] = dialog
            centre_over(dialog, self.root)
            dialog.focus_set()
            self.say(leaderboard_line(day, len(entries)), "info")

        Job(
            self.canvas,
            lambda _cancel, _report: Client(url).leaderboard(day, variant, cells),
            shown,
            failed=lambda error: self.say(_("no leaderboard: {error}").format(error=error), "error"),
        )

    def show_history(self) -> HistoryDialog | None:
        """Game ▸ History…: the stored games, newest first; any unfinished one can be resumed from there."""
        if self.store is None:
            self.say(_("History is not kept in this window (it was opened without its store)."), "info")
            return None
        old = self.windows.get("history")
        if old is not None and old.winfo_exists():
            old.destroy()  # shown again with what was played since
        current = self.tracker.id if self.tracker is not None and not self.game.is_over else None
        dialog = HistoryDialog(self.root, self.store.history(), self.resume_game, current=current)
        self.windows["history"] = dialog
        centre_over(dialog, self.root)
        dialog.bind("<Escape>", lambda _e: give_back_focus(dialog))
        dialog.focus_set()
        return dialog

    def resume_game(self, game_id: int) -> bool:
        """Put the stored unfinished game ``game_id`` on the table exactly as it was left; whether it could be.

        The game on the table is left as it is, unfinished, so History can
        bring it back in its turn: nothing is abandoned by looking back.
        """
        store = self.store
        if store is None:
            return False
        if self.tracker is not None and self.tracker.id == game_id and not self.game.is_over:
            self.say(_("That game is the one on the table."))
            return True
        resumed = store.resume(game_id=game_id)
        if resumed is None:
            notices = store.take_notices()
            gone = _("Game {number} is no longer unfinished: it cannot be resumed.").format(number=game_id)
            self.say(" ".join(notices) or gone, "error")
            return False
        self.demo.stop()
        if self.tracker is not None:
            self.tracker.close()
        self.tracker = resumed
        self.daily_game = None
        self.controller.set_game(resumed.game)
        self.say(welcome_back(resumed))
        if resumed.daily is not None and resumed.resumed is not None:
            self._rejoin_daily(resumed)
        return True

    def show_statistics(self) -> StatisticsDialog | None:
        """Game ▸ Statistics…: every variant played, the one on the table selected."""
        if self.store is None:
            self.say(_("Statistics are not kept in this window (it was opened without its store)."), "info")
            return None
        old = self.windows.get("stats")
        if old is not None and old.winfo_exists():
            old.destroy()  # shown again with what was played since
        note = "" if self.store.saving else (self.store.notice or _("Games are not being saved."))
        dialog = StatisticsDialog(self.root, self.store.stats(), (self.game.variant.name, self.game.cells), note=note)
        self.windows["stats"] = dialog
        centre_over(dialog, self.root)
        dialog.bind("<Escape>", lambda _e: give_back_focus(dialog))
        dialog.focus_set()
        return dialog

    def copy_code(self) -> None:
        """Put the game code on the clipboard."""
        code = self.game.code
        if code is None:
            return
        self.root.clipboard_clear()
        self.root.clipboard_append(code)
        self.say(_("Copied the game code {code}: Game ▸ Enter code… deals it again.").format(code=code))

    def show_help(self) -> tk.Toplevel:
        """Help ▸ Mouse and keys: the keys in two aligned columns."""

        def fill(body: tk.Frame) -> None:
            for row, (key_words, what_words) in enumerate(KEYS):
                keys, what = (_(key_words) if key_words else ""), _(what_words)
                if not keys:
                    tk.Label(body, text=what, font=(FONT, 10, "bold"), anchor="w").grid(
                        row=row, column=0, columnspan=2, sticky="w", pady=(8 if row else 0, 2)
                    )
                    continue
                tk.Label(body, text=keys, font=(FONT, 10, "bold"), anchor="w").grid(
                    row=row, column=0, sticky="nw", padx=(0, 14)
                )
                tk.Label(body, text=what, font=(FONT, 10), anchor="w", justify="left", wraplength=420).grid(
                    row=row, column=1, sticky="w"
                )

        return self._text_window("keys", _("Mouse and keys"), fill)

    def show_rules(self) -> tk.Toplevel:
        """Help ▸ Rules of <variant>: the rules text the variant's plugin gives."""
        variant = self.game.variant

        def fill(body: tk.Frame) -> None:
            tk.Label(body, text=variant.title, font=(FONT, 13, "bold"), anchor="w").pack(anchor="w", pady=(0, 6))
            for paragraph in rules_text(variant).split("\n\n"):
                tk.Label(body, text=paragraph.strip(), font=(FONT, 10), justify="left", wraplength=520).pack(
                    anchor="w", pady=(0, 6)
                )

        old = self.windows.get("rules")
        if old is not None and old.winfo_exists() and old.title() != rules_title(variant):
            old.destroy()  # the rules of the game on the table, not of the last one
        return self._text_window("rules", rules_title(variant), fill)

    def _text_window(self, name: str, title: str, fill: Callable[[tk.Frame], None]) -> tk.Toplevel:
        """One window per name (asking again brings it to the front); Esc or Close closes it."""
        old = self.windows.get(name)
        if old is not None and old.winfo_exists():
            old.deiconify()
            old.lift()
            old.focus_set()
            return old
        window = tk.Toplevel(self.root)
        window.title(title)
        window.transient(self.root)
        body = tk.Frame(window, padx=18, pady=14)
        body.pack(fill="both", expand=True)
        fill(body)
        close = tk.Button(window, text=_("Close"), command=lambda: give_back_focus(window), default="active")
        close.pack(pady=(0, 12))
        window.bind("<Escape>", lambda _e: give_back_focus(window))
        window.bind("<Return>", lambda _e: give_back_focus(window))
        window.protocol("WM_DELETE_WINDOW", lambda: give_back_focus(window))
        self.windows[name] = window
        centre_over(window, self.root)
        window.focus_set()
        return window


#: Help ▸ Mouse and keys, as (keys, what they do) rows in English, shown in the language in use;
#: a row without keys is a heading.
KEYS: tuple[tuple[str, str], ...] = (
    ("", N_("Mouse")),
    (N_("Click"), N_("a card goes to its foundation if it may")),
    (N_("Double-click"), N_("the game moves the card where it fits best: foundation, the longest column that "
     "takes it, an empty column, a free cell")),
    (N_("Drag"), N_("a card, or a run from any of its cards, onto a column, a cell or a foundation")),
    ("", N_("Playing with the keyboard")),
    ("← → ↑ ↓", N_("move the focus: along the top row or the columns, up and down a column's cards; up from "
     "the top of a column reaches the cells and foundations")),
    (N_("Enter, Space"), N_("pick up the focused card with the cards on it; again to put them on the focused pile "
     "(green: they may go there, red: they may not)")),
    ("", N_("Keys")),
    ("H", N_("hint: the solver shows a good move")),
    ("P", N_("play the hint")),
    (N_("F  or  Shift+F"), N_("finish: every card home, when nothing else is left to do. When a cell is called f "
     "(8-cell Eight Off), f starts a move from that cell and Shift+F finishes")),
    ("R", N_("redeal, in a game that has one (Cruel): the columns are gathered and dealt again; a click on the "
     "redeal slot beside the foundations does it too")),
    ("N,  F2", N_("new game")),
    (N_("Ctrl+Z"), N_("undo")),
    (N_("Ctrl+Y,  Ctrl+Shift+Z"), N_("redo")),
    (N_("Ctrl+Q"), N_("quit")),
    ("F1", N_("this help")),
    (N_("Esc"), N_("put picked-up cards back, drop a drag back where it was, or stop a hint search")),
    (N_("Any key, a click"), N_("while the demo plays (Play ▸ Demo): stop it, and the game is yours again")),
    ("", N_("Typed moves")),
    (N_("Digit or cell letter"), N_("starts a move in the Move box (Tab reaches it too): 3a, a5, 5h, 18, 23v4, "
     "then Enter; Esc leaves the box")),
)  # fmt: skip


def rules_text(variant: Variant) -> str:
    """The rules to show for ``variant`` in the language in use: its plugin's rules text, else its description."""
    text = variant.rules_text_in()
    if text:
        return text
    if variant.plugin:
        origin = _("{game} comes from the plugin {plugin}.").format(game=variant.title, plugin=variant.plugin)
    else:
        origin = _("{game} comes from the plugin that installed it.").format(game=variant.title)
    fallback = variant.description_in() or origin
    return fallback + "\n\n" + _("The plugin gives no longer rules text.")


def rules_title(variant: Variant) -> str:
    """Help ▸ Rules of <variant>: the menu entry and the window's title."""
    return _("Rules of {game}").format(game=variant.title)


def game_name(game: Game) -> str:
    """The game's name for people: ``FreeCell #1,000,000`` (the deal number written as the language writes it)."""
    if game.deal is None:
        return game.variant.title
    return _("{game} #{deal}").format(game=game.variant.title, deal=format_number(game.deal))


def window_title(game: Game) -> str:
    """``FreeCell #617 · FC1-C4-AAAAAXJ — patience``: which game is open, for window lists and screen readers."""
    name = game.variant.title + (f" #{game.deal}" if game.deal is not None else "")
    code = f" · {game.code}" if game.code else ""
    return f"{name}{code} — patience"


def capacity_text(game: Game) -> str:
    """How many cards can move at once, never more than the tallest column holds, with what it comes from."""
    return capacity_texts(game)[0]


def capacity_texts(game: Game) -> tuple[str, str, str, str]:
    """The status bar's capacity, longest form first: with what it comes from, without it, the number alone."""
    if game.is_over:
        over = pgettext("game over", "won") if game.is_won else pgettext("game over", "given up")
        return (over, over, over, over)
    position = game.position
    tallest = max((len(column) for column in position.columns), default=0)
    shown = min(game.max_group, max(tallest, 1))
    free, empty = position.free_cells, position.empty_columns
    cells = ngettext("{n} free cell", "{n} free cells", free).format(n=free)
    columns = ngettext("{n} empty column", "{n} empty columns", empty).format(n=empty)
    # The numbers the capacity comes from, so a player can see why it changes.
    source = _("{cells}, {columns}").format(cells=cells, columns=columns) if empty else cells
    alone = _("cards at once: {shown}").format(shown=shown)
    if game.max_group_to_empty:
        into_empty = min(game.max_group_to_empty, max(tallest, 1))
        text = _("cards at once: {shown} ({into_empty} into an empty column)").format(
            shown=shown, into_empty=into_empty
        )
    else:
        text = alone
    return (f"{text} · {source}", text, alone, _("at once: {shown}").format(shown=shown))


def score_texts(game: Game) -> tuple[str, str, str]:
    """The status bar's score, moves and cards home, longest form first (the last leaves the moves out)."""
    score, moves, home, every = game.score, game.moves, game.cards_home, 13 * len(game.position.foundations)
    said_score = _("score {score}").format(score=score)
    said_moves = _("moves {moves}").format(moves=moves)
    said_home = _("home {home}/{every}").format(home=home, every=every)
    return (
        f"{said_score}  ·  {said_moves}  ·  {said_home}",
        f"{said_score} · {said_moves} · {said_home}",
        f"{said_score} · {said_home}",
    )


def elide(name: str, extra: str, room: int, measure: Callable[[str], int]) -> str:
    """``name + extra`` if it fits in ``room`` pixels; else ``name`` alone; else ``name`` cut short with "…".

    ``measure`` gives a text's width in pixels. At least the first letter
    and "…" are kept, so that something still says a game is on.
    """
    if measure(name + extra) <= room:
        return name + extra
    if measure(name) <= room:
        return name
    # The longest start of the name that fits with "…" after it (a binary search: measuring is slow).
    low, high = 1, len(name) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if measure(name[:middle].rstrip(" ,·#") + "…") <= room:
            low = middle
        else:
            high = middle - 1
    return name[:low].rstrip(" ,·#") + "…"


def _chrome(label: tk.Label) -> int:
    """The pixels a label adds around its text: padding, border and focus ring on both sides."""
    parts = (label.cget(option) for option in ("padx", "borderwidth", "highlightthickness"))
    return 2 * sum(label.winfo_pixels(str(part)) for part in parts)


def leaderboard_line(day: str, players: int) -> str:
    """What the message line says when the day's leaderboard arrives with ``players`` players on it."""
    if players == 0:
        return _("The leaderboard of {day} has nobody on it yet.").format(day=format_day(day))
    return ngettext("The leaderboard of {day}: {n} player.", "The leaderboard of {day}: {n} players.", players).format(
        day=format_day(day), n=players
    )


def _cells(name: str, count: int) -> str:
    """``FreeCell #1, 4 cells``: a game's name with its number of cells."""
    return ngettext("{game}, {n} cell", "{game}, {n} cells", count).format(game=name, n=count)


def _window_size(root: tk.Tk, game: Game) -> tuple[int, int]:
    position = game.position
    slots = max(len(position.columns), len(position.cells) + 4.6)
    width = int(slots * 104 + 40)
    height = 660
    screen_width, screen_height = root.winfo_screenwidth(), root.winfo_screenheight()
    # Room is left for the window's frame, and under the table for the menus, the move box and the status bar.
    width = min(width, max(screen_width - 60, min(640, screen_width)))
    height = min(height, max(screen_height - 160, min(420, screen_height - 160), 160))
    return width, height


# -- the console script -----------------------------------------------------
class _Parser(argparse.ArgumentParser):
    """argparse with errors on one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("patience-tk: {message} (see patience-tk --help)").format(message=message) + "\n")


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help with its own words ("usage:") in the language in use."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        # Translators: the start of the help's first line, before the command line it shows.
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="patience-tk",
        description=_("Play patience (Eight Off, FreeCell, Baker's Game, Seahaven Towers, ...) in a window."),
        formatter_class=_HelpFormatter,
        add_help=False,
    )
    parser._positionals.title = _("positional arguments")
    parser._optionals.title = _("options")
    parser.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))
    parser.add_argument(
        "variant", nargs="?", help=_("the game to play (default {variant})").format(variant=DEFAULT_VARIANT)
    )
    parser.add_argument("deal", nargs="?", help=_("the deal number (default: a random deal)"))
    parser.add_argument("--cells", type=int, metavar="N", help=_("how many free cells (the variant's default)"))
    parser.add_argument(
        "--code", metavar="CODE", help=_("deal the game a code names, like {code}").format(code="EO1-C8-AAAAAFA")
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=_("the language to speak: en, de or hu (default: PATIENCE_LANG, then the locale's)"),
    )
    return parser


def _language_option(argv: Sequence[str] | None) -> str | None:
    """The ``--lang`` value in ``argv``, read before the parser is built so that its help is in that language."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _rest = early.parse_known_args(argv)
    value = known.lang
    return value if isinstance(value, str) else None


def game_from_args(args: argparse.Namespace) -> Game:
    """The game ``patience-tk [VARIANT] [DEAL] [--cells N] [--code CODE]`` asks for; ValueError when it cannot be."""
    variant: str | None = args.variant
    deal_text: str | None = args.deal
    if variant is not None and deal_text is None and variant.strip().lstrip("#").isdigit():
        variant, deal_text = None, variant
    deal = read_deal_number(deal_text) if deal_text is not None else None
    if args.code is not None:
        if deal is not None or args.cells is not None:
            raise ValueError(_("give either --code or a deal number and --cells, not both"))
        game = Game.from_code(args.code)
        if variant is not None and get_variant(variant).name != game.variant.name:
            raise ValueError(
                _("code {code} is a {game} code, not {variant}").format(
                    code=args.code, game=game.variant.title, variant=variant
                )
            )
        return game
    return Game.new(variant or DEFAULT_VARIANT, deal, args.cells)


def prepare(args: argparse.Namespace, store: Store | None) -> tuple[Game, Tracker | None, str | None]:
    """The game to open, the tracker of a resumed one, and what to say about it.

    Without a deal number or a code the last unfinished game comes back
    (when no variant is named, or it is of the variant named); otherwise
    a new game is dealt. ValueError or PatienceError when the arguments
    name no game.
    """
    variant: str | None = args.variant
    names_a_deal = args.deal is not None or args.code is not None or (variant or "").strip().lstrip("#").isdigit()
    if store is not None and not names_a_deal and args.cells is None:
        tracker = store.resume()
        if tracker is not None:
            game = tracker.game
            if variant is None or get_variant(variant).name == game.variant.name:
                return game, tracker, welcome_back(tracker)
            tracker.close()
    return game_from_args(args), None, None


def welcome_back(tracker: Tracker) -> str:
    """What the message line says about a game brought back from the store: which game, how far in."""
    game = tracker.game
    moves, title = game.moves, game.variant.title
    deal = format_number(game.deal) if game.deal is not None else None
    # A daily game says so at once; whether it is the attempt is found once the window has it.
    if tracker.daily and deal is not None:
        said = ngettext(
            "Welcome back: the daily {game} of {day}, deal #{deal}, is as you left it, {moves} move in "
            "(Game ▸ New… deals another).",
            "Welcome back: the daily {game} of {day}, deal #{deal}, is as you left it, {moves} moves in "
            "(Game ▸ New… deals another).",
            moves,
        )
    elif tracker.daily:
        said = ngettext(
            "Welcome back: the daily {game} of {day} is as you left it, {moves} move in (Game ▸ New… deals another).",
            "Welcome back: the daily {game} of {day} is as you left it, {moves} moves in (Game ▸ New… deals another).",
            moves,
        )
    elif deal is not None:
        said = ngettext(
            "Welcome back: {game} #{deal} is as you left it, {moves} move in (Game ▸ New… deals another).",
            "Welcome back: {game} #{deal} is as you left it, {moves} moves in (Game ▸ New… deals another).",
            moves,
        )
    else:
        said = ngettext(
            "Welcome back: {game} is as you left it, {moves} move in (Game ▸ New… deals another).",
            "Welcome back: {game} is as you left it, {moves} moves in (Game ▸ New… deals another).",
            moves,
        )
    day = format_day(tracker.daily) if tracker.daily else ""
    return said.format(game=title, day=day, deal=deal, moves=moves)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``patience-tk``: exit 2 with one line on bad arguments, 1 when no window can open."""
    one_line_warnings("patience-tk")
    lang = _language_option(argv)
    try:
        # The language chosen last in View ▸ Language counts after --lang and PATIENCE_LANG.
        use_language(choose_language(lang, remembered=remembered_language()))
    except UnknownLanguageError as error:
        _parser().exit(2, f"patience-tk: {error}\n")
    parser = _parser()
    args = parser.parse_args(argv)
    from patience_home.store import Store  # imported here: only the window itself needs sqlite3

    store = Store.open()
    try:
        game, tracker, note = prepare(args, store)
    except (PatienceError, ValueError) as error:
        parser.error(str(error))
    try:
        root = tk.Tk()
    except tk.TclError as error:
        print(_("patience-tk: cannot open a window: {error}").format(error=error), file=sys.stderr)
        return 1
    app = App(root, game, store=store, tracker=tracker, note=note, lang=args.lang)
    root.mainloop()
    if app.tracker is not None:
        app.tracker.close()  # the time played since the last action is kept too
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
