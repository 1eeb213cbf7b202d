"""The patience window: menus, the table, a move box, a message line and a status bar; and ``patience-tk``.

:class:`App` builds the window around a :class:`~patience_tk.view.TableView`
and a :class:`~patience_tk.controller.Controller`. Everything it shows
comes from the game (score, moves, cards home, how many cards can move at
once) and every action goes to the engine through the controller.
"""

from __future__ import annotations

import argparse
import sys
import tkinter as tk
import warnings
from collections.abc import Callable, Sequence
from tkinter import ttk
from typing import NoReturn, TextIO

from patience import Game, PatienceError, get_variant
from patience.moves import CELL_LETTERS
from patience.plugins import PluginLoadWarning
from patience_tk.controller import Controller
from patience_tk.dialogs import NewGameDialog, parse_deal
from patience_tk.view import FONT, TableView

__all__ = ["App", "game_from_args", "main"]

DEFAULT_VARIANT = "eight-off"

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

    ``hint_time`` is the solver's time budget for a hint, in seconds.
    """

    def __init__(self, root: tk.Tk, game: Game, *, hint_time: float = 5.0) -> None:
        self.root = root
        self.dialog: NewGameDialog | None = None
        root.title("patience")
        root.minsize(640, 480)
        if root.tk.call("tk", "windowingsystem") == "x11":
            # The default X11 theme draws a ticked box as a plain dark square; clam shows a tick.
            ttk.Style(root).theme_use("clam")
        width, height = _window_size(root, game)

        self.canvas = tk.Canvas(root, width=width, height=height, highlightthickness=0, takefocus=True)
        self.view = TableView(self.canvas, game)
        self.controller = Controller(
            self.view, say=self.say, changed=self.refresh, over=self._game_over, hint_time=hint_time
        )

        bar = tk.Frame(root, padx=8, pady=4)
        tk.Label(bar, text="Move:").pack(side="left")
        self.entry = tk.Entry(bar, width=10, font=(FONT, 11))
        self.entry.pack(side="left", padx=(4, 10))
        self.message = tk.Label(bar, text="", anchor="w", font=(FONT, 10))
        self.message.pack(side="left", fill="x", expand=True)

        status = self.status = tk.Frame(root, bd=1, relief="sunken")
        self.status_game = tk.Label(status, anchor="w", padx=6, font=(FONT, 10))
        self.status_score = tk.Label(status, anchor="e", padx=8, font=(FONT, 10))
        self.status_capacity = tk.Label(status, anchor="e", padx=8, font=(FONT, 10, "bold"))
        status.columnconfigure(0, weight=1)
        self._status_rows = 0
        status.bind("<Configure>", lambda _e: self._arrange_status())
        self._arrange_status()

        status.pack(side="bottom", fill="x")
        bar.pack(side="bottom", fill="x")
        self.canvas.pack(side="top", fill="both", expand=True)

        self._build_menus()
        self._bind()
        # Keep the size from now on: a longer status line must not widen the window.
        root.update_idletasks()
        root.geometry(f"{root.winfo_reqwidth()}x{root.winfo_reqheight()}")
        self.canvas.focus_set()
        self.refresh()
        self.say("Click a card to send it home, double-click to move it, or drag it. H for a hint.")

    # -- building ---------------------------------------------------------
    def _build_menus(self) -> None:
        menubar = tk.Menu(self.root)
        game = tk.Menu(menubar, tearoff=False)
        game.add_command(label="New…", accelerator="N / F2", command=self.new_game)
        game.add_command(label="Restart", command=self.controller.restart)
        game.add_command(label="Enter code…", command=lambda: self.new_game(mode="code"))
        game.add_command(label="Copy code", command=self.copy_code)
        game.add_separator()
        game.add_command(label="Give up", command=self.controller.give_up)
        game.add_separator()
        game.add_command(label="Quit", accelerator="Ctrl+Q", command=self.root.destroy)
        edit = tk.Menu(menubar, tearoff=False)
        edit.add_command(label="Undo", accelerator="Ctrl+Z", command=self.controller.undo)
        edit.add_command(label="Redo", accelerator="Ctrl+Y", command=self.controller.redo)
        play = tk.Menu(menubar, tearoff=False)
        play.add_command(label="Hint", accelerator="H", command=self.controller.hint)
        play.add_command(label="Play the hint", accelerator="P", command=lambda: self.controller.hint(then_play=True))
        play.add_command(label="Finish", accelerator="F", command=self.controller.finish)
        helpmenu = tk.Menu(menubar, tearoff=False)
        helpmenu.add_command(label="Mouse and keys", command=self.show_help)
        menubar.add_cascade(label="Game", menu=game)
        menubar.add_cascade(label="Edit", menu=edit)
        menubar.add_cascade(label="Play", menu=play)
        menubar.add_cascade(label="Help", menu=helpmenu)
        self.root.configure(menu=menubar)
        self.menus = {"game": game, "edit": edit, "play": play}

    def _bind(self) -> None:
        canvas, root = self.canvas, self.root
        canvas.bind("<ButtonPress-1>", self._pressed)
        canvas.bind("<B1-Motion>", lambda e: self.controller.motion(e.x, e.y))
        canvas.bind("<ButtonRelease-1>", lambda e: self.controller.release(e.x, e.y))
        canvas.bind("<Double-Button-1>", lambda e: self.controller.double(e.x, e.y))
        for sequence in ("<Control-z>", "<Control-Z>"):
            root.bind(sequence, self._undo_or_redo)
        root.bind("<Control-y>", lambda _e: self._run(self.controller.redo))
        root.bind("<Control-q>", lambda _e: root.destroy())
        root.bind("<F2>", lambda _e: self._run(self.new_game))
        root.bind("<Escape>", self._escape)
        root.bind("<Key>", self._key)
        self.entry.bind("<Return>", self._entered)
        self.entry.bind("<KP_Enter>", self._entered)
        self.entry.bind("<Escape>", self._leave_entry)

    # -- keys -------------------------------------------------------------
    def _pressed(self, event: tk.Event[tk.Misc]) -> None:
        self.canvas.focus_set()
        self.controller.press(event.x, event.y)

    def _run(self, action: Callable[[], object]) -> str:
        action()
        return "break"

    def _undo_or_redo(self, event: tk.Event[tk.Misc]) -> str:
        if event.keysym == "Z" or (isinstance(event.state, int) and event.state & 0x1):  # Ctrl+Shift+Z: redo
            self.controller.redo()
        else:
            self.controller.undo()
        return "break"

    def _key(self, event: tk.Event[tk.Misc]) -> str | None:
        """Single keys on the table: H hint, P play it, F finish, N new game; a digit or cell letter starts a move."""
        if event.widget is self.entry or not isinstance(event.state, int) or event.state & 0x4 or event.state & 0x8:
            return None
        char = event.char.lower()
        commands: dict[str, Callable[[], object]] = {
            "h": self.controller.hint,
            "p": lambda: self.controller.hint(then_play=True),
            "f": self.controller.finish,
            "n": self.new_game,
        }
        if char in commands:
            commands[char]()
            return "break"
        if char and (char.isdigit() or char in CELL_LETTERS):
            self.entry.focus_set()
            self.entry.insert("end", event.char)
            return "break"
        return None

    def _escape(self, _event: tk.Event[tk.Misc]) -> str:
        if not self.controller.cancel_drag() and self.controller.cancel_hint():
            self.say("Hint search stopped.")
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
        deal = f" #{game.deal:,}" if game.deal is not None else ""
        code = f"  ·  code {game.code}" if game.code else ""
        self.status_game.configure(text=f"{game.variant.title}{deal}, {_cells(game.cells)}{code}")
        every = 13 * len(game.position.foundations)
        self.status_score.configure(
            text=f"score {game.score}  ·  moves {game.moves}  ·  home {game.cards_home}/{every}"
        )
        capacity = f"cards at once: {game.max_group}"
        if game.max_group_to_empty:
            capacity += f" ({game.max_group_to_empty} into an empty column)"
        if game.is_over:
            capacity = "won" if game.is_won else "given up"
        self.status_capacity.configure(text=capacity)
        self._arrange_status()
        self.root.title(f"patience — {game.variant.title}{deal}")
        state = {True: "normal", False: "disabled"}
        edit, play, menu = self.menus["edit"], self.menus["play"], self.menus["game"]
        edit.entryconfigure("Undo", state=state[game.can_undo])
        edit.entryconfigure("Redo", state=state[game.can_redo])
        play.entryconfigure("Finish", state=state[game.can_finish])
        play.entryconfigure("Hint", state=state[not game.is_over])
        play.entryconfigure("Play the hint", state=state[not game.is_over])
        menu.entryconfigure("Give up", state=state[not game.is_over])
        menu.entryconfigure("Copy code", state=state[game.code is not None])

    def _arrange_status(self) -> None:
        """One row when everything fits; otherwise the score goes under the game's name."""
        labels = (self.status_game, self.status_score, self.status_capacity)
        needed = sum(label.winfo_reqwidth() for label in labels)
        rows = 1 if needed <= max(self.status.winfo_width(), 1) or self.status.winfo_width() <= 1 else 2
        if rows == self._status_rows:
            return
        self._status_rows = rows
        self.status_game.grid(row=0, column=0, sticky="w")
        if rows == 1:
            self.status_score.grid(row=0, column=1, sticky="e")
            self.status_capacity.grid(row=0, column=2, sticky="e", rowspan=1)
        else:
            self.status_score.grid(row=1, column=0, sticky="w")
            self.status_capacity.grid(row=0, column=1, sticky="e", rowspan=2)

    def _game_over(self, kind: str) -> None:
        game = self.game
        if kind == "won":
            title = "You won!"
            detail = f"Score {game.score} in {game.moves} moves. Well played."
            self.say(f"Won with score {game.score} in {game.moves} moves.", "win")
        else:
            title = "Game over"
            detail = f"You gave up with {game.cards_home} cards home; the score is {game.score}."
            self.say(detail)
        actions: list[tuple[str, Callable[[], object]]] = [("New game…", self.new_game)]
        if game.deal is not None:
            actions.append(("Next deal", self.next_deal))
        actions.append(("Restart", self.controller.restart))
        self.view.show_banner(title, detail, actions)

    # -- commands ---------------------------------------------------------
    def set_game(self, game: Game) -> None:
        """Play ``game`` from now on."""
        self.controller.set_game(game)
        self.say(f"Dealt {game.variant.title}" + (f" #{game.deal:,}" if game.deal else "") + ". Good luck!")

    def new_game(self, mode: str = "random") -> NewGameDialog:
        """Open the New Game dialog (or bring the open one to the front)."""
        if self.dialog is not None and self.dialog.winfo_exists():
            self.dialog.lift()
            return self.dialog
        self.controller.cancel_hint()
        self.dialog = NewGameDialog(self.root, self.set_game, current=self.game, mode=mode)
        return self.dialog

    def next_deal(self) -> None:
        """Deal the next deal number of the same variant and cells."""
        game = self.game
        number = (game.deal or 0) + 1
        self.set_game(Game.new(game.variant, number, game.cells))

    def copy_code(self) -> None:
        """Put the game code on the clipboard."""
        code = self.game.code
        if code is None:
            return
        self.root.clipboard_clear()
        self.root.clipboard_append(code)
        self.say(f"Copied the game code {code}: Game ▸ Enter code… deals it again.")

    def show_help(self) -> None:
        """A short guide to the mouse and the keys."""
        window = tk.Toplevel(self.root)
        window.title("Mouse and keys")
        tk.Label(window, text=HELP, justify="left", font=(FONT, 10), padx=16, pady=12).pack()
        tk.Button(window, text="Close", command=window.destroy).pack(pady=(0, 10))


HELP = """\
Click a card: it goes to its foundation if it may.
Double-click a card: the game moves it where it fits best
  (foundation, the longest column that takes it, an empty column, a free cell).
Drag a card, or a run from any of its cards, onto a column, a cell or a foundation.

Type a move in the Move box and press Enter: 3a, a5, 5h, 18, 23v4
  (a digit or a cell letter on the table starts one; Esc leaves the box).
H  hint          P  play the hint     F  finish (every card home)
N, F2  new game  Ctrl+Z  undo         Ctrl+Y, Ctrl+Shift+Z  redo
Esc  drop a drag back where it was, or stop a hint search."""


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


def _window_size(root: tk.Tk, game: Game) -> tuple[int, int]:
    position = game.position
    slots = max(len(position.columns), len(position.cells) + 4.6)
    width = int(slots * 104 + 40)
    height = 660
    width = min(width, max(root.winfo_screenwidth() - 60, 640))
    height = min(height, max(root.winfo_screenheight() - 160, 420))
    return width, height


# -- the console script -----------------------------------------------------
class _Parser(argparse.ArgumentParser):
    """argparse with errors on one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"patience-tk: {message} (see patience-tk --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="patience-tk",
        description="Play patience (Eight Off, FreeCell, Baker's Game, Seahaven Towers, ...) in a window.",
    )
    parser.add_argument("variant", nargs="?", help=f"the game to play (default {DEFAULT_VARIANT})")
    parser.add_argument("deal", nargs="?", help="the deal number (default: a random deal)")
    parser.add_argument("--cells", type=int, metavar="N", help="how many free cells (the variant's default)")
    parser.add_argument("--code", metavar="CODE", help="deal the game a code names, like EO1-C8-AAAAAFA")
    return parser


def game_from_args(args: argparse.Namespace) -> Game:
    """The game ``patience-tk [VARIANT] [DEAL] [--cells N] [--code CODE]`` asks for; ValueError when it cannot be."""
    variant: str | None = args.variant
    deal_text: str | None = args.deal
    if variant is not None and deal_text is None and variant.strip().lstrip("#").isdigit():
        variant, deal_text = None, variant
    deal = parse_deal(deal_text) if deal_text is not None else None
    if args.code is not None:
        if deal is not None or args.cells is not None:
            raise ValueError("give either --code or a deal number and --cells, not both")
        game = Game.from_code(args.code)
        if variant is not None and get_variant(variant).name != game.variant.name:
            raise ValueError(f"code {args.code} is a {game.variant.title} code, not {variant}")
        return game
    return Game.new(variant or DEFAULT_VARIANT, deal, args.cells)


def _one_line_warnings() -> None:
    """A plugin that could not be loaded or was disabled: one ``patience-tk: warning:`` line on stderr."""
    previous = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if issubclass(category, PluginLoadWarning):
            print(f"patience-tk: warning: {' '.join(str(message).split())}", file=sys.stderr)
        else:
            previous(message, category, filename, lineno, file, line)

    warnings.showwarning = show


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``patience-tk``: exit 2 with one line on bad arguments, 1 when no window can open."""
    _one_line_warnings()
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        game = game_from_args(args)
    except (PatienceError, ValueError) as error:
        parser.error(str(error))
    try:
        root = tk.Tk()
    except tk.TclError as error:
        print(f"patience-tk: cannot open a window: {error}", file=sys.stderr)
        return 1
    App(root, game)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
