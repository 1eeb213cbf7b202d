"""``patience play``: the terminal game (a full-screen prompt on a terminal, line by line from a pipe)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from patience_cli.common import game_from_args, guarded

__all__ = ["play", "register", "start_play"]

PLAY_HELP = """Play in the terminal: type moves (3a, a5, 5h, 18, 23v4), card names (7H) or commands (help).

Without a terminal (a pipe or a file on stdin) it reads one move or command a
line, prints one line a move and the result at the end.
"""

PLAY_EPILOG = (
    "Examples:  patience play freecell 617  |  patience play eight-off --cells 4  |  "
    "patience solve --code EO1-C8-AAAAAFA --format sn | patience play --code EO1-C8-AAAAAFA"
)


def start_play(
    variant: str | None = None,
    deal: int | None = None,
    cells: int | None = None,
    code: str | None = None,
) -> None:
    """Deal the game the arguments name and play it: interactively on a terminal, line by line otherwise."""
    from patience_cli.repl import Controller, Repl, run_piped
    from patience_cli.repl.controller import DEFAULT_VARIANT

    if variant is not None and variant.isdigit() and deal is None:
        # `patience play 617`: a deal number of the default variant.
        deal = int(variant)
        variant = None
    game = game_from_args(variant, deal, cells, code, default_variant=DEFAULT_VARIANT)
    if not sys.stdin.isatty():
        run_piped(Controller(game, piped=True), sys.stdin, sys.stdout)
        return
    Repl(Controller(game)).run()


@guarded
def play(
    variant: Annotated[
        str | None,
        typer.Argument(help="eight-off (default), freecell, bakers-game, seahaven-towers", show_default=False),
    ] = None,
    deal: Annotated[int | None, typer.Argument(help="Deal number (default: a random one)", show_default=False)] = None,
    cells: Annotated[
        int | None, typer.Option("--cells", "-c", help="Free cells (Eight Off 8/4/2, FreeCell 4-1)", show_default=False)
    ] = None,
    code: Annotated[
        str | None, typer.Option("--code", help="Game code, like EO1-C8-AAAAAFA or FC1-C4-AAAAAAB", show_default=False)
    ] = None,
) -> None:
    """Play in the terminal."""
    start_play(variant, deal, cells, code)


def register(app: typer.Typer) -> None:
    """Add ``play`` to ``app``."""
    app.command("play", help=PLAY_HELP, epilog=PLAY_EPILOG)(play)
