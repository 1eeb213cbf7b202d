"""The terminal game: a prompt_toolkit REPL over the engine, and a line-by-line mode for pipes.

:class:`Controller` reads lines and plays them; :class:`Repl` is the
interactive prompt around it; :func:`run_piped` serves pipes and files.
"""

from __future__ import annotations

from patience_cli.repl.completion import GameCompleter
from patience_cli.repl.controller import COMMANDS, Controller, Reply, Say, game_from_words, result_line
from patience_cli.repl.interactive import Repl, history_path
from patience_cli.repl.piped import run_piped
from patience_cli.repl.render import board_fragments, plain_board, status_text

__all__ = [
    "COMMANDS",
    "Controller",
    "GameCompleter",
    "Repl",
    "Reply",
    "Say",
    "board_fragments",
    "game_from_words",
    "history_path",
    "plain_board",
    "result_line",
    "run_piped",
    "status_text",
]
