"""The New Game dialog: variant, cells, deal number or random, or a game code; "winnable deals only".

The games are a list under their families' rows (:func:`patience.families.by_family`),
with a search entry above it that has the keyboard when the dialog opens:
typing filters the list to the games whose title, name or alias holds what
is typed (ignoring case and accents, :func:`patience.families.matches`) and
chooses the first; Up and Down move in the list as filtered, Return deals,
Escape clears the search and, with nothing typed, closes the dialog.

The dialog offers what the engine says: the installed variants from
:func:`patience.plugins.listed_variants` (those whose cell counts their
plugin answers), each one's cell counts from the ``patience_cell_counts``
hook. It is not modal in the blocking sense (no nested event loop): it
calls ``on_game`` with the new :class:`patience.Game` and closes, so the
window, and tests, keep running while it is open. With "winnable deals
only" the solver's :func:`patience_solver.next_winnable` runs in a worker
thread, with the deal being tried shown and a Cancel button.
"""

from __future__ import annotations

import contextlib
import random
import threading
import tkinter as tk
from collections.abc import Callable
from tkinter import font as tkfont
from tkinter import ttk

from patience import Game, InvalidDealError, PatienceError, Variant
from patience.families import by_family, matches
from patience.i18n import format_number
from patience.plugins import cell_counts, listed_variants
from patience.shuffle import read_deal_number
from patience_solver import Outcome, SolveResult, next_winnable
from patience_tk.texts import _, ngettext, pgettext
from patience_tk.worker import Job

__all__ = [
    "WINNABLE_BY_DEFAULT",
    "ConfirmDialog",
    "NewGameDialog",
    "centre_over",
    "family_title",
    "give_back_focus",
    "winnable_by_default",
]

#: (variant, cells) where "winnable deals only" starts ticked: most such deals cannot be won (SPEC 3.1).
WINNABLE_BY_DEFAULT = frozenset({("eight-off", 4), ("eight-off", 2)})

#: How many rows of the list of games show at once (it scrolls).
GAME_ROWS = 14

#: The start of a family row's id in the list of games (a variant's name never has a space).
_FAMILY_ROW = "family "

#: Seconds the solver may spend on each deal while looking for a winnable one.
WINNABLE_TIME = 5.0


def _unwinnable_note() -> str:
    return _("Most deals with this many cells cannot be won; the solver picks one that can.")


def _trying(deal: object) -> str:
    number = format_number(deal) if isinstance(deal, int) else str(deal)
    return _("Looking for a winnable deal: trying #{deal}…").format(deal=number)


def _cells_label(count: int) -> str:
    return ngettext("{count} cell", "{count} cells", count).format(count=count)


def family_title(family: str, games: list[Variant]) -> str:
    """The heading of ``family`` in the list of games, in the language in use.

    A family is a name in English that each game's plugin translates in its
    own catalog: the first of ``games`` whose catalog translates it gives the
    heading. The games without a family are listed under "Other games".
    """
    if not family:
        # Translators: the heading of the games that belong to no family, in the New Game dialog's list.
        return pgettext("game family", "Other games")
    translated = (variant.family_in() for variant in games)
    return next((title for title in translated if title != family), family)


def winnable_by_default(variant: Variant, cells: int) -> bool:
    """Whether "winnable deals only" starts ticked for ``variant`` with ``cells`` cells."""
    return (variant.name, cells) in WINNABLE_BY_DEFAULT


def centre_over(window: tk.Toplevel, parent: tk.Misc) -> None:
    """Put ``window`` over the middle of ``parent``'s window (without a window manager it would land at 0,0)."""
    window.update_idletasks()
    top = parent.winfo_toplevel()
    # A window kept narrower than it asks for (Statistics, which scrolls sideways) is as wide as the parent.
    x = top.winfo_rootx() + max(top.winfo_width() - window.winfo_reqwidth(), 0) // 2
    y = top.winfo_rooty() + (top.winfo_height() - window.winfo_reqheight()) // 3
    window.geometry(f"+{max(x, 0)}+{max(y, 0)}")


def give_back_focus(window: tk.Toplevel) -> None:
    """Destroy ``window`` and hand the keyboard back to the window it was opened over.

    Without this the focus would stay with the destroyed window (nowhere, on
    a bare X server) and the main window's keys would not answer.
    """
    owner = window.master
    window.destroy()
    if isinstance(owner, tk.Misc):
        with contextlib.suppress(tk.TclError):
            owner.winfo_toplevel().focus_force()


class ConfirmDialog(tk.Toplevel):
    """Ask before something that cannot be taken back (Restart, Give up): Return says yes, Esc says no.

    Like :class:`NewGameDialog` it runs no nested event loop: ``on_yes``
    runs when the player agrees, and nothing happens otherwise.
    """

    def __init__(self, parent: tk.Misc, title: str, text: str, yes: str, on_yes: Callable[[], object]) -> None:
        super().__init__(parent)
        self.title(title)
        self.resizable(False, False)
        if isinstance(parent, tk.Wm):
            self.transient(parent)
        self._on_yes = on_yes
        body = ttk.Frame(self, padding=16)
        body.grid(sticky="nsew")
        ttk.Label(body, text=text, wraplength=360, justify="left").grid(row=0, column=0, sticky="w")
        buttons = ttk.Frame(body)
        buttons.grid(row=1, column=0, sticky="e", pady=(14, 0))
        self.yes_button = ttk.Button(buttons, text=yes, command=self.yes, default="active")
        self.yes_button.pack(side="right")
        self.no_button = ttk.Button(buttons, text=_("Cancel"), command=self.close)
        self.no_button.pack(side="right", padx=(0, 8))
        self.bind("<Return>", lambda _e: self.yes())
        self.bind("<KP_Enter>", lambda _e: self.yes())
        self.bind("<Escape>", lambda _e: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)
        centre_over(self, parent)
        # Return presses the default button only while the keyboard focus is in here: take it once shown.
        self.bind("<Map>", lambda e: self.yes_button.focus_force() if e.widget is self else None)
        self.yes_button.focus_set()

    def yes(self) -> None:
        """The player agreed: close, then do it."""
        self.close()
        self._on_yes()

    def close(self) -> None:
        """Close without doing anything; the keyboard goes back to the window underneath."""
        give_back_focus(self)


class NewGameDialog(tk.Toplevel):
    """Choose a variant, a cell count and a deal (or a code); ``on_game`` receives the dealt game.

    ``mode`` picks the deal choice shown first: ``random``, ``number`` or
    ``code``. ``rng`` draws random deal numbers (tests pass a seeded one).
    ``on_game`` also gets a note to show the player when the game dealt is
    not quite the one asked for (a later deal, because the typed one cannot
    be won), else ``None``.
    """

    def __init__(
        self,
        parent: tk.Misc,
        on_game: Callable[[Game, str | None], None],
        *,
        current: Game | None = None,
        mode: str = "random",
        rng: random.Random | None = None,
        winnable_time: float = WINNABLE_TIME,
    ) -> None:
        super().__init__(parent)
        self.title(_("New game"))
        self.resizable(False, False)
        if isinstance(parent, tk.Wm):
            self.transient(parent)
        self._on_game = on_game
        self._rng = rng or random.Random()
        self._winnable_time = winnable_time
        self.job: Job[tuple[int, SolveResult]] | None = None
        # Only the variants whose plugin answers their cell counts: one broken plugin leaves the others playable.
        self.variants = listed_variants()
        first = current.variant if current is not None and current.variant.name in self.variants else None
        start = first or next(iter(self.variants.values()))

        self.variant_var = tk.StringVar(self, start.name)
        self.cells_var = tk.IntVar(self, current.cells if first is not None and current is not None else 0)
        self.mode_var = tk.StringVar(self, mode)
        self.deal_var = tk.StringVar(self, str(current.deal) if current is not None and current.deal else "")
        self.code_var = tk.StringVar(self, (current.code or "") if current is not None else "")
        self.winnable_var = tk.BooleanVar(self, False)

        font = tkfont.nametofont("TkDefaultFont")
        # One themed frame under everything, so the dialog has one background colour to its edges.
        outer = ttk.Frame(self)
        outer.pack(fill="both", expand=True)
        body = ttk.Frame(outer, padding=14)
        body.grid(row=0, column=0, sticky="nsew")
        ttk.Label(body, text=_("Game"), font=("TkDefaultFont", 10, "bold")).grid(row=0, column=0, sticky="w")
        games = ttk.Frame(body)
        games.grid(row=1, column=0, sticky="nw", padx=(8, 24))
        self.search_var = tk.StringVar(self, "")
        self.search_entry = ttk.Entry(games, textvariable=self.search_var, width=28)
        self.search_entry.grid(row=0, column=0, columnspan=2, sticky="we", pady=(0, 4))
        self.game_list = ttk.Treeview(games, show="tree", selectmode="browse", height=GAME_ROWS)
        self.game_list.grid(row=1, column=0, sticky="nsew")
        scroll = ttk.Scrollbar(games, orient="vertical", command=self.game_list.yview)
        scroll.grid(row=1, column=1, sticky="ns")
        self.game_list.configure(yscrollcommand=scroll.set)
        games.columnconfigure(0, weight=1)  # the list takes the search entry's width, the scroll bar beside it
        self.game_list.tag_configure("family", font=("TkDefaultFont", 9, "bold"))
        self.families = by_family(self.variants.values())
        titles = {variant.name: variant.title for variant in self.variants.values()}
        widest = max(
            [font.measure(title) + 40 for title in titles.values()]
            + [font.measure(family_title(family, members)) + 20 for family, members in self.families]
        )
        self.game_list.column("#0", width=widest, stretch=True)
        self._fill_list("")
        self.search_var.trace_add("write", lambda *_args: self._search_changed())
        self.game_list.bind("<<TreeviewSelect>>", lambda _e: self._row_selected())
        for widget in (self.search_entry, self.game_list):
            widget.bind("<Down>", lambda _e: self._step(1))
            widget.bind("<Up>", lambda _e: self._step(-1))
        ttk.Label(body, text=_("Free cells"), font=("TkDefaultFont", 10, "bold")).grid(row=0, column=1, sticky="w")
        self.cells_frame = ttk.Frame(body)
        self.cells_frame.grid(row=1, column=1, sticky="nw", padx=(8, 0))
        self.cell_buttons: dict[int, ttk.Radiobutton] = {}

        ttk.Label(body, text=pgettext("new game heading", "Deal"), font=("TkDefaultFont", 10, "bold")).grid(
            row=2, column=0, columnspan=2, sticky="w", pady=(12, 0)
        )
        deal = ttk.Frame(body)
        deal.grid(row=3, column=0, columnspan=2, sticky="we", padx=(8, 0))
        ttk.Radiobutton(
            deal, text=_("Random"), value="random", variable=self.mode_var, command=self._mode_changed
        ).grid(row=0, column=0, sticky="w")
        ttk.Radiobutton(
            deal, text=_("Number"), value="number", variable=self.mode_var, command=self._mode_changed
        ).grid(row=1, column=0, sticky="w")
        self.deal_entry = ttk.Entry(deal, textvariable=self.deal_var, width=16)
        self.deal_entry.grid(row=1, column=1, sticky="w", padx=6)
        ttk.Radiobutton(
            deal, text=_("Game code"), value="code", variable=self.mode_var, command=self._mode_changed
        ).grid(row=2, column=0, sticky="w")
        self.code_entry = ttk.Entry(deal, textvariable=self.code_var, width=18)
        self.code_entry.grid(row=2, column=1, sticky="w", padx=6)
        self.winnable_check = ttk.Checkbutton(body, text=_("Winnable deals only"), variable=self.winnable_var)
        self.winnable_check.grid(row=4, column=0, columnspan=2, sticky="w", pady=(10, 0))
        self.note = ttk.Label(body, text="", foreground="#555555", wraplength=340)
        self.note.grid(row=5, column=0, columnspan=2, sticky="w")

        # Two lines are kept for a message from the start, so that the dialog never grows under the pointer.
        self.error = tk.Label(
            body, text="", foreground="#b00020", wraplength=340, justify="left", anchor="nw", height=2
        )
        self.error.grid(row=6, column=0, columnspan=2, sticky="we", pady=(8, 0))
        self.progress = ttk.Progressbar(body, mode="indeterminate", length=320)
        self.progress_label = ttk.Label(body, text="")

        # The buttons sit in the dialog's bottom right corner, outside the rows above, so that nothing those
        # rows show (the note, a longer list of cell counts, the search's progress) moves them from under the
        # pointer.
        outer.rowconfigure(0, weight=1)
        outer.columnconfigure(0, weight=1)
        buttons = ttk.Frame(outer, padding=(14, 0, 14, 14))
        buttons.grid(row=1, column=0, sticky="se")
        self.ok_button = ttk.Button(buttons, text=pgettext("button", "Deal"), command=self.ok, default="active")
        self.ok_button.pack(side="right")
        self.cancel_button = ttk.Button(buttons, text=_("Cancel"), command=self.cancel)
        self.cancel_button.pack(side="right", padx=(0, 8))

        self.bind("<Return>", lambda _e: self.ok())
        self.bind("<Escape>", lambda _e: self._escape())
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        self.bind("<Destroy>", self._destroyed, add="+")
        self.deal_entry.bind("<FocusIn>", lambda _e: self._choose("number"))
        self.code_entry.bind("<FocusIn>", lambda _e: self._choose("code"))
        self._variant_changed(keep_cells=True)
        self.game_list.selection_set(start.name)
        self.game_list.see(start.name)
        self.game_list.focus(start.name)
        self._mode_changed()
        # An error says what was wrong with the input as it was: once the input changes, it goes.
        for var in (self.variant_var, self.cells_var, self.mode_var, self.deal_var, self.code_var, self.search_var):
            var.trace_add("write", lambda *_args: self._input_changed())
        if mode == "code":
            self.code_entry.focus_set()
            self.code_entry.select_range(0, "end")
        elif mode == "number":
            self.deal_entry.focus_set()
            self.deal_entry.select_range(0, "end")
        else:
            self.search_entry.focus_set()
        self._fix_size(parent)
        # The keyboard goes to this dialog once it is shown, so that typing a name searches at once.
        focused = self.focus_get() if mode != "random" else self.search_entry
        self.bind("<Map>", lambda e: self._take_focus(focused) if e.widget is self else None, add="+")

    def _fix_size(self, parent: tk.Misc) -> None:
        """Centre over the window at the size its fullest content needs, and keep that size and place.

        The fullest content: the search's progress rows, the note about
        unwinnable deals, and the longest list of cell counts any variant
        offers (each row is given the room it can need, so no row moves
        when another variant or cell count is chosen).
        """
        body = self.cells_frame.master
        assert isinstance(body, ttk.Frame)
        sample = next(iter(self.cell_buttons.values()))
        sample.update_idletasks()
        font = tkfont.nametofont("TkDefaultFont")
        counts = [count for variant in self.variants.values() for count in cell_counts(variant)[0]]
        longest = max(len(cell_counts(variant)[0]) for variant in self.variants.values())
        widest = max(font.measure(_cells_label(count)) for count in counts)
        body.rowconfigure(1, minsize=longest * sample.winfo_reqheight())
        body.columnconfigure(1, minsize=sample.winfo_reqwidth() - font.measure(str(sample.cget("text"))) + widest + 8)
        note = str(self.note.cget("text"))
        self.note.configure(text=_unwinnable_note())
        self.note.update_idletasks()
        body.rowconfigure(5, minsize=self.note.winfo_reqheight())
        self.note.configure(text=note)
        self.progress.grid(row=7, column=0, columnspan=2, sticky="we", pady=(8, 0))
        self.progress_label.grid(row=8, column=0, columnspan=2, sticky="w")
        self.progress_label.configure(text=_trying(8_589_934_591))
        centre_over(self, parent)
        width, height = self.winfo_reqwidth(), self.winfo_reqheight()
        self.progress.grid_remove()
        self.progress_label.grid_remove()
        self.progress_label.configure(text="")
        self.geometry(f"{width}x{height}")

    def _take_focus(self, widget: tk.Misc | None) -> None:
        with contextlib.suppress(tk.TclError):
            (widget or self.search_entry).focus_force()

    # -- the list of games ------------------------------------------------
    def _fill_list(self, typed: str) -> None:
        """Show the games ``typed`` finds (every game when it is empty) under their families' rows."""
        tree = self.game_list
        tree.delete(*tree.get_children())
        for family, members in self.families:
            shown = [variant for variant in members if matches(variant, typed)]
            if not shown:
                continue
            row = tree.insert("", "end", iid=_FAMILY_ROW + family, text=family_title(family, members), open=True)
            tree.item(row, tags=("family",))
            for variant in shown:
                tree.insert(row, "end", iid=variant.name, text=variant.title)

    @property
    def shown_games(self) -> list[str]:
        """The names of the games the list shows, top to bottom."""
        return [game for family in self.game_list.get_children() for game in self.game_list.get_children(family)]

    def _search_changed(self) -> None:
        """Filter the list by what is typed and choose the first game it finds (the chosen one if it is shown)."""
        self._fill_list(self.search_var.get())
        shown = self.shown_games
        if not shown:
            self.game_list.selection_set(())
            return
        typed = self.search_var.get().strip()
        self.choose_variant(shown[0] if typed or self.variant_var.get() not in shown else self.variant_var.get())

    def _row_selected(self) -> None:
        selected = self.game_list.selection()
        if not selected:
            return
        name = selected[0]
        if name.startswith(_FAMILY_ROW):
            # A family's row is a heading: choosing it chooses its first game.
            children = self.game_list.get_children(name)
            if children:
                self.game_list.selection_set(children[0])
            return
        if name != self.variant_var.get():
            self.variant_var.set(name)
            self._variant_changed()

    def _step(self, by: int) -> str:
        """Choose the game ``by`` rows below (above when negative) the chosen one in the list as filtered."""
        shown = self.shown_games
        if shown:
            current = self.variant_var.get()
            index = shown.index(current) + by if current in shown else 0
            self.choose_variant(shown[max(0, min(index, len(shown) - 1))])
        return "break"

    def choose_variant(self, name: str) -> None:
        """Choose the game ``name`` as a click on its row does (shown, selected and scrolled into view)."""
        if not self.game_list.exists(name):
            self.search_var.set("")
        self.game_list.selection_set(name)
        self.game_list.see(name)
        self.game_list.focus(name)
        if name != self.variant_var.get():
            self.variant_var.set(name)
            self._variant_changed()

    def _escape(self) -> None:
        """Escape clears the search first, and closes the dialog when there is none."""
        if self.search_var.get() and not self.searching:
            self.search_var.set("")
            return
        self.cancel()

    # -- choices ----------------------------------------------------------
    @property
    def variant(self) -> Variant:
        """The chosen variant."""
        return self.variants[self.variant_var.get()]

    @property
    def cell_choices(self) -> tuple[int, ...]:
        """The cell counts offered for the chosen variant."""
        return tuple(self.cell_buttons)

    def _variant_changed(self, keep_cells: bool = False) -> None:
        counts, default = cell_counts(self.variant)
        for button in self.cell_buttons.values():
            button.destroy()
        self.cell_buttons = {}
        for count in counts:
            button = ttk.Radiobutton(
                self.cells_frame,
                text=_cells_label(count),
                value=count,
                variable=self.cells_var,
                command=self._cells_picked,
            )
            button.pack(anchor="w")
            self.cell_buttons[count] = button
        if not (keep_cells and self.cells_var.get() in counts):
            self.cells_var.set(default)
        if not keep_cells:
            self._forget_code()
        self._cells_changed()

    def _forget_code(self) -> None:
        """A code names one variant and cell count: once another is picked, the old code no longer applies."""
        self.code_var.set("")
        if self.mode_var.get() == "code":
            self._choose("random")

    def _cells_picked(self) -> None:
        self._forget_code()
        self._cells_changed()

    def _input_changed(self) -> None:
        if not self.searching:
            self.error.configure(text="")

    def _cells_changed(self) -> None:
        on = winnable_by_default(self.variant, self.cells_var.get())
        self.winnable_var.set(on)
        self.note.configure(text=_unwinnable_note() if on else "")

    def _choose(self, mode: str) -> None:
        if self.mode_var.get() != mode:
            self.mode_var.set(mode)
            self._mode_changed()

    def _mode_changed(self) -> None:
        mode = self.mode_var.get()
        self.winnable_check.configure(state="disabled" if mode == "code" else "normal")
        self.error.configure(text="")

    # -- dealing ----------------------------------------------------------
    def ok(self) -> None:
        """Deal what is chosen; a bad deal number or code is explained in the dialog, which stays open."""
        if self.job is not None and self.job.running:
            return
        self.error.configure(text="")
        mode = self.mode_var.get()
        typed = self.search_var.get().strip()
        if typed and not self.shown_games and mode != "code":
            self.show_error(_("No game's name contains “{text}”.").format(text=typed))
            return
        try:
            if mode == "code":
                code = self.code_var.get().strip()
                if not code:
                    raise ValueError(_("type a game code, like {code}").format(code="EO1-C8-AAAAAFA"))
                self._deal(Game.from_code(code), None)
                return
            number = self._typed_deal() if mode == "number" else self._rng.randint(1, 1_000_000)
            variant, cells = self.variant, self.cells_var.get()
            if not self.winnable_var.get():
                self._deal(Game.new(variant, number, cells), None)
                return
        except (PatienceError, ValueError) as error:
            self.show_error(str(error))
            return
        self._search(variant, cells, number, typed=mode == "number")

    def _typed_deal(self) -> int:
        """The deal number typed, read as the engine reads one (ASCII digits only); ValueError if none."""
        text = self.deal_var.get()
        if not text.strip():
            raise ValueError(_("type a deal number, or choose Random"))
        return read_deal_number(text)

    def show_error(self, text: str) -> None:
        """Say what is wrong with the input, in the dialog."""
        message = text[:1].upper() + text[1:]
        self.error.configure(text=message)
        self.bell()

    def _search(self, variant: Variant, cells: int, start: int, *, typed: bool) -> None:
        self.progress.grid(row=7, column=0, columnspan=2, sticky="we", pady=(8, 0))
        self.progress_label.grid(row=8, column=0, columnspan=2, sticky="w")
        self.progress_label.configure(
            text=_("Looking for a winnable deal from #{deal}…").format(deal=format_number(start))
        )
        self.progress.start(12)
        self.ok_button.configure(state="disabled")

        time_limit = self._winnable_time

        def work(cancel: threading.Event, report: Callable[[object], None]) -> tuple[int, SolveResult]:
            # No Tk object in here: see patience_tk.worker.Job.
            try:
                return next_winnable(variant, cells, start, time_limit=time_limit, progress=report, cancel=cancel)
            except InvalidDealError:
                # The search ran past the last deal there is: go on from the first, as "next deal" does.
                return next_winnable(variant, cells, 1, time_limit=time_limit, progress=report, cancel=cancel)

        def progress(deal: object) -> None:
            self.progress_label.configure(text=_trying(deal))

        def done(found: tuple[int, SolveResult]) -> None:
            deal, result = found
            self._stop_search()
            if result.outcome is Outcome.SOLVED:
                note = None
                if typed and deal != start:
                    if deal < start:
                        after = _(
                            "The solver cannot win deal #{typed}; dealt #{deal}, "
                            "the first deal it wins after the last one."
                        )
                    else:
                        after = _("The solver cannot win deal #{typed}; dealt #{deal}, the next deal it wins.")
                    note = after.format(typed=format_number(start), deal=format_number(deal))
                self._deal(Game.new(variant, deal, cells), note)

        def failed(error: BaseException) -> None:
            self._stop_search()
            self.show_error(str(error))

        self.job = Job(self, work, done, progress=progress, failed=failed)

    def _stop_search(self) -> None:
        self.progress.stop()
        self.progress.grid_remove()
        self.progress_label.grid_remove()
        self.ok_button.configure(state="normal")

    @property
    def searching(self) -> bool:
        """Whether the solver is looking for a winnable deal."""
        return self.job is not None and self.job.running

    def cancel(self) -> None:
        """Stop a search in progress (the dialog stays); otherwise close without dealing."""
        if self.searching:
            assert self.job is not None
            self.job.cancel()
            self._stop_search()
            self.error.configure(text=_("Search stopped. Untick “Winnable deals only” to deal at once."))
            return
        give_back_focus(self)

    def _destroyed(self, event: tk.Event[tk.Misc]) -> None:
        if event.widget is self and self.job is not None:
            self.job.cancel()

    def _deal(self, game: Game, note: str | None) -> None:
        give_back_focus(self)
        self._on_game(game, note)
