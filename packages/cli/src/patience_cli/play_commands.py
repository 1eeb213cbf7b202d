"""``patience play``: the terminal game (a full-screen prompt on a terminal, line by line from a pipe)."""

from __future__ import annotations

import io
import sys
from typing import Annotated

import typer

from patience_cli.common import bad_input, complete_variant, game_from_args, guarded, parse_deal_number

__all__ = ["play", "register", "start_play"]

PLAY_HELP = """Play in the terminal: type moves (3a, a5, 5h, 18, 23v4), card names (7H) or commands (help).

VARIANT is any installed variant (`patience variants` lists them, plugins
included); with no arguments at all Eight Off is dealt.

Without a terminal (a pipe or a file on stdin) it reads one move or command a
line, prints one line a move and the result at the end.
"""

PLAY_EPILOG = (
    "Examples:  patience play freecell 617  |  patience play eight-off --cells 4  |  "
    "patience solve --code EO1-C8-AAAAAFA --format sn | patience play --code EO1-C8-AAAAAFA"
)


def start_play(
    variant: str | None = None,
    deal: str | int | None = None,
    cells: int | None = None,
    code: str | None = None,
) -> None:
    """Deal the game the arguments name and play it: interactively on a terminal, line by line otherwise.

    ``deal`` may be the text typed (``617``, ``#617``); it is checked with
    :func:`~patience_cli.common.parse_deal_number`.
    """
    from patience_cli.repl import Controller, Repl, run_piped
    from patience_cli.repl.controller import DEFAULT_VARIANT

    for value in (variant, deal):
        if isinstance(value, str) and value.startswith("--"):
            bad_input(f"no such option: {value} (see `patience play --help`)")
    if variant is not None and variant.strip().lstrip("#").isdigit() and deal is None:
        # `patience play 617`: a deal number of the default variant.
        deal, variant = variant, None
    number = parse_deal_number(deal) if isinstance(deal, str) else deal
    game = game_from_args(variant, number, cells, code, default_variant=DEFAULT_VARIANT)
    if not sys.stdin.isatty():
        if isinstance(sys.stdin, io.TextIOWrapper):
            # A byte that does not decode must not end the game: it reaches run_piped as a lone
            # surrogate, and only its line is refused.
            sys.stdin.reconfigure(errors="surrogateescape")
        run_piped(Controller(game, piped=True), sys.stdin, sys.stdout)
        return
    Repl(Controller(game)).run()


@guarded
def play(
    variant: Annotated[
        str | None,
        typer.Argument(
            metavar="VARIANT",
            autocompletion=complete_variant,
            help="Variant name (default: eight-off); `patience variants` lists every installed one.",
            show_default=False,
        ),
    ] = None,
    deal: Annotated[
        str | None,
        typer.Argument(
            metavar="DEAL", help="Deal number, 1 to 8,589,934,591 (default: a random one).", show_default=False
        ),
    ] = None,
    cells: Annotated[
        int | None,
        typer.Option(
            "--cells",
            "-c",
            help="Cell count (default: the variant's; `patience variants` lists them).",
            show_default=False,
        ),
    ] = None,
    code: Annotated[
        str | None, typer.Option("--code", help="Game code, like EO1-C8-AAAAAFA or FC1-C4-AAAAAAB", show_default=False)
    ] = None,
) -> None:
    """Play in the terminal."""
    start_play(variant, deal, cells, code)


def register(app: typer.Typer) -> None:
    """Add ``play`` to ``app``."""
    # DEAL is read by the command itself, so that `-3` is refused as a deal number, not as an unknown option.
    app.command("play", help=PLAY_HELP, epilog=PLAY_EPILOG, context_settings={"ignore_unknown_options": True})(play)
