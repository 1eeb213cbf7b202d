"""Make the window's screenshots in docs/images (the ones docs/gui.md shows), on a real Tk root.

    .venv/bin/python bench/screenshots.py                 # every shot, into docs/images
    .venv/bin/python bench/screenshots.py freecell --out /tmp/shots

Runs on the display in ``DISPLAY``, or starts its own ``Xvfb`` (as the
window's tests do). The window is 1100 x 760; each shot is the window's
part of the screen, read with ``xwd`` and written as PNG by ImageMagick's
``convert``. The games are played in a data directory of their own (a
temporary ``PATIENCE_HOME``), so the player's own games and statistics are
neither shown nor touched. ``daily.png`` finds today's deal with the solver
and takes up to a minute; the leaderboard page (``daily-page.png``) is the
server's, not the window's, and is not made here.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path

from patience import Game, Move
from patience_home.store import Store
from patience_solver import Outcome, solve
from patience_tk import App
from patience_tk.cardsets import CARD_SETS
from patience_tk.testing import display, pump

WIDTH, HEIGHT = 1100, 760
IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"


def solution(game: Game) -> list[Move]:
    """The solver's moves for ``game`` (the scenes below are all winnable deals)."""
    result = solve(game.variant, game.position, time_limit=60)
    if result.outcome is not Outcome.SOLVED:
        sys.exit(f"the solver did not win {game.variant.title} #{game.deal}: cannot make that shot")
    return list(result.moves)


def play(app: App, count: int | None = None) -> None:
    """Play the first ``count`` moves of a solution (all of them when None) in the window."""
    game = app.game
    for move in solution(game)[:count]:
        if game.is_won:
            break
        app.controller.play_move(move)
        pump(app.root)


def open_window(root: tk.Tk, store: Store, game: Game, *, verdict: bool = False) -> App:
    """The window on ``game`` at the shots' size, laid out."""
    app = App(root, game, store=store, verdict=verdict)
    root.geometry(f"{WIDTH}x{HEIGHT}+0+0")
    pump(root, lambda: root.winfo_width() == WIDTH and root.winfo_height() == HEIGHT, 5)
    pump(root)
    return app


def capture(widget: tk.Misc, path: Path) -> None:
    """Write ``widget``'s window as it is on the screen to ``path`` (PNG)."""
    widget.update()
    x, y, w, h = widget.winfo_rootx(), widget.winfo_rooty(), widget.winfo_width(), widget.winfo_height()
    screen = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    subprocess.run(["convert", "xwd:-", "-crop", f"{w}x{h}+{x}+{y}", "+repage", str(path)], input=screen, check=True)


# -- the scenes: each sets the window up and says what to capture ------------------------------------
def freecell(root: tk.Tk, store: Store) -> tk.Misc:
    """FreeCell #617, six moves in, with the live verdict."""
    app = open_window(root, store, Game.new("freecell", 617), verdict=True)
    play(app, 6)
    pump(root, lambda: app.verdict_text != "", 30)
    return root


def table(variant: str, deal: int, cells: int | None = None) -> Callable[[tk.Tk, Store], tk.Misc]:
    """A game just dealt."""

    def scene(root: tk.Tk, store: Store) -> tk.Misc:
        open_window(root, store, Game.new(variant, deal, cells))
        return root

    return scene


def card_set(key: str, *, four_colour: bool = False) -> Callable[[tk.Tk, Store], tk.Misc]:
    """FreeCell #617, six moves in, with the faces of card set ``key`` (chosen as in View ▸ Card set)."""

    def scene(root: tk.Tk, store: Store) -> tk.Misc:
        app = open_window(root, store, Game.new("freecell", 617))
        app.card_set_var.set(key)
        app.four_colour_var.set(four_colour)
        app._look_changed()
        images = app.view.card_images()
        if images is not None:
            images.render_now(app.view.card_size)
            app.view.redraw()
        play(app, 6)
        return root

    return scene


def keyboard_focus(root: tk.Tk, store: Store) -> tk.Misc:
    """Keyboard play: a card picked up, the focus moved up to the top row."""
    app = open_window(root, store, Game.new("freecell", 1))
    for key in ("Left", "Return", "Up"):
        app.keyboard.key(key)
        pump(root)
    return root


def new_game(root: tk.Tk, store: Store) -> tk.Misc:
    """The New Game dialog, by itself."""
    app = open_window(root, store, Game.new("freecell", 1))
    dialog = app.new_game(mode="number")
    dialog.deal_var.set("617")
    pump(root)
    return dialog


def new_game_search(root: tk.Tk, store: Store) -> tk.Misc:
    """The New Game dialog with part of a name typed: the games that hold it, under their families."""
    app = open_window(root, store, Game.new("freecell", 1))
    dialog = app.new_game()
    pump(root)
    dialog.search_entry.insert("end", "cell")
    pump(root)
    return dialog


def win_banner(root: tk.Tk, store: Store) -> tk.Misc:
    """A win, the second in a row: the streak and the best score."""
    app = open_window(root, store, Game.new("freecell", 1))
    play(app)
    app.next_deal()
    pump(root)
    play(app)
    return root


def history(root: tk.Tk, store: Store) -> tk.Misc:
    """History after a few games: one won, one given up, one on the table and one unfinished to resume."""
    app = open_window(root, store, Game.new("freecell", 1))
    play(app)
    app.set_game(Game.new("bakers-game", 3))
    app.controller.play_text("1a")
    app.give_up()
    pump(root)
    app.windows["give-up"].event_generate("<Return>")
    app.set_game(Game.new("seahaven-towers", 2))
    play_moves(app.game, 2)
    left = Game.new("freecell", 617)
    tracker = store.track(left, abandon_others=False)  # left unfinished beside it, as a day's attempt is
    play_moves(left, 4)
    tracker.close()
    pump(root)
    app.show_history()
    pump(root)
    return app.windows["history"]


def play_moves(game: Game, count: int) -> None:
    """The first ``count`` moves of ``game``'s solution, off the table."""
    for move in solution(game)[:count]:
        game.play(move)


def statistics(root: tk.Tk, store: Store) -> tk.Misc:
    """Statistics after a few games, FreeCell selected."""
    app = open_window(root, store, Game.new("freecell", 1))
    play(app)
    app.set_game(Game.new("bakers-game", 3))
    app.controller.play_text("1a")
    app.give_up()
    pump(root)
    app.windows["give-up"].event_generate("<Return>")
    app.set_game(Game.new("freecell", 2))
    pump(root)
    app.show_statistics()
    pump(root)
    return root


def daily(root: tk.Tk, store: Store) -> tk.Misc:
    """Today's daily deal won here (no server), the share line copied."""
    os.environ.pop("PATIENCE_SERVER", None)
    app = open_window(root, store, Game.new("freecell", 1))
    app.daily_deal()
    if not pump(root, lambda: app.message_text.startswith("Daily"), 120):
        sys.exit(f"no daily deal in two minutes: {app.message_text}")
    play(app)
    return root


SCENES: dict[str, Callable[[tk.Tk, Store], tk.Misc]] = {
    "freecell": freecell,
    "eight-off-8-cells": table("eight-off", 160, 8),
    "bakers-game": table("bakers-game", 1),
    "seahaven-towers": table("seahaven-towers", 1),
    **{f"cards-{key}": card_set(key) for key in CARD_SETS},
    "cards-standard-four-colour": card_set("standard", four_colour=True),
    "cards-bonded-four-colour": card_set("bonded", four_colour=True),
    "keyboard-focus": keyboard_focus,
    "new-game": new_game,
    "new-game-search": new_game_search,
    "win-banner": win_banner,
    "history": history,
    "statistics": statistics,
    "daily": daily,
}


def main(argv: Sequence[str] | None = None) -> None:
    """Make the shots named (all by default) into ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("shots", nargs="*", metavar="SHOT", help=f"which shots (default all): {', '.join(SCENES)}")
    parser.add_argument("--out", type=Path, default=IMAGES, help="where the PNGs go (docs/images)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.shots if name not in SCENES]
    if unknown:
        parser.error(f"no shot called {unknown[0]!r}: the shots are {', '.join(SCENES)}")
    for tool in ("xwd", "convert"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (x11-apps and imagemagick)")
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ["PATIENCE_NO_ANIMATION"] = "1"  # the end position at once, not half a slide
    with display(WIDTH + 100, HEIGHT + 100) as shown, tempfile.TemporaryDirectory() as home:
        if shown is None:
            sys.exit("no DISPLAY and no Xvfb: cannot show the window")
        for name in args.shots or list(SCENES):
            os.environ["PATIENCE_HOME"] = str(Path(home) / name)  # each shot starts with no games played
            root = tk.Tk()
            store = Store.open()
            try:
                target = SCENES[name](root, store)
                capture(target, args.out / f"{name}.png")
                print(f"{args.out / name}.png", flush=True)
            finally:
                root.destroy()
                store.close()


if __name__ == "__main__":
    main()
