"""The ``patience`` command: a typer app assembled from one module per group of commands.

Each module in :data:`COMMAND_MODULES` has a ``register(app)`` function that
adds its commands, so the groups stay independent.
"""

from __future__ import annotations

import typer

from patience_cli import inspect_commands, play_commands, solve_commands

app = typer.Typer(
    name="patience",
    help=(
        "patience: Eight Off, FreeCell, Baker's Game and Seahaven Towers.\n\n"
        "Example: patience deal freecell 1; patience <command> --help for each command.\n\n"
        "Exit codes: 0 ok, 2 bad input (one line on stderr), 3 lost (proved unwinnable), "
        "4 undecided (no answer within the limits)."
    ),
    no_args_is_help=False,
    pretty_exceptions_enable=False,
)


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    """With no command at all, ``patience`` starts a game (as ``patience play`` does)."""
    if ctx.invoked_subcommand is None:
        play_commands.start_play()


COMMAND_MODULES = (inspect_commands, solve_commands, play_commands)
for _module in COMMAND_MODULES:
    _module.register(app)


def main() -> None:
    """Console-script entry point."""
    app()
