"""The ``patience`` command: a typer app assembled from one module per group of commands.

Each module in :data:`COMMAND_MODULES` has a ``register(app)`` function that
adds its commands, so the groups stay independent.
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Sequence
from typing import Annotated

import typer
import typer.main
from typer._completion_classes import completion_init

from patience_cli.language import choose_early, start_language

# The help texts are translated as they are made, the options' shared by the command modules when those are
# imported: the language is chosen before any of them.
choose_early(sys.argv[1:])

from patience.plugins import one_line_warnings  # noqa: E402
from patience_cli import (  # noqa: E402
    daily_commands,
    inspect_commands,
    play_commands,
    record_commands,
    serve_commands,
    solve_commands,
)
from patience_cli.common import EXIT_BAD_INPUT, EXIT_CLOSED_PIPE, closed_pipe, guarded, one_line  # noqa: E402
from patience_cli.encoding import fit_streams  # noqa: E402
from patience_cli.texts import _  # noqa: E402
from patience_cli.usage import (  # noqa: E402
    CONTEXT_SETTINGS,
    Shell,
    bad_value_message,
    install_completion,
    show_completion,
    show_flags_without_type,
    show_help_as_written,
    show_version,
    translate_help_option,
)
from patience_cli.values import check_values_quickly, read_parameters_once  # noqa: E402

show_flags_without_type()
show_help_as_written()
check_values_quickly()
read_parameters_once()
translate_help_option()
# typer's completion classes (the scripts' protocol for each shell), which add_completion=False leaves out.
completion_init()

app = typer.Typer(
    name="patience",
    help=(
        _("patience: Eight Off, FreeCell, Baker's Game and Seahaven Towers.")
        + "\n\n"
        + _("Example: patience deal freecell 1; patience <command> -h for each command.")
        + "\n\n"
        + _(
            "Exit codes: 0 ok, 1 some record inconsistent (verify, import), 2 bad input (one line on stderr), "
            "3 lost (proved unwinnable), 4 undecided (no answer within the limits), 130 interrupted (Ctrl-C), "
            "141 stdout closed early (| head)."
        )
    ),
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    # typer's own completion options are flags that ignore a shell named after them; the root's take SHELL.
    add_completion=False,
    context_settings=CONTEXT_SETTINGS,
)


@app.callback(invoke_without_command=True)
@guarded
def _root(
    ctx: typer.Context,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help=_("The language to speak: en, de or hu (default: PATIENCE_LANG, then the locale's)."),
            show_default=False,
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=show_version,
            is_eager=True,
            help=_("Print the installed patience distributions' versions."),
        ),
    ] = False,
    install: Annotated[
        Shell | None,
        typer.Option(
            "--install-completion",
            metavar="SHELL",
            callback=install_completion,
            is_eager=True,
            help=_("Install Tab completion for SHELL (bash, zsh, fish, powershell, pwsh)."),
        ),
    ] = None,
    show: Annotated[
        Shell | None,
        typer.Option(
            "--show-completion",
            metavar="SHELL",
            callback=show_completion,
            is_eager=True,
            help=_("Print SHELL's completion script, to install it by hand."),
        ),
    ] = None,
) -> None:
    """With no command at all, ``patience`` starts a game (as ``patience play`` does)."""
    if ctx.invoked_subcommand is None:
        play_commands.start_play()


COMMAND_MODULES = (
    inspect_commands,
    solve_commands,
    play_commands,
    record_commands,
    daily_commands,
    serve_commands,
)
for _module in COMMAND_MODULES:
    _module.register(app)


#: Exit code after Ctrl-C, as shells report a process ended by SIGINT.
EXIT_INTERRUPTED = 130


def main(args: Sequence[str] | None = None) -> None:
    """Run the app and turn every usage error into one ``patience: ...`` line (the console script, via :mod:`.launch`).

    typer would print usage errors as a boxed panel of several lines; here
    they come out as one line on stderr with exit code 2, like every other
    bad input. ``--help``, shell completion and the commands' own exit codes
    pass through unchanged. ``args`` defaults to ``sys.argv[1:]``.
    """
    fit_streams()
    one_line_warnings("patience")
    words = list(sys.argv[1:] if args is None else args)
    command = typer.main.get_command(app_for(words))
    try:
        start_language(words)  # before typer: its own words speak it too
        result = command.main(args=args, prog_name="patience", standalone_mode=False)
    except typer.TyperException as error:  # click's UsageError, BadParameter, ClickException
        print(f"patience: {_usage_message(error, _command_path(command, words))}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(EXIT_INTERRUPTED)
    except typer.Exit as done:  # raised outside the command (typer returns it from inside)
        sys.exit(done.exit_code)
    except SystemExit as done:
        # typer and rich end `--help | head -0` with exit code 1, after pointing stdout at the null
        # device (rich) or wrapping it (typer) to keep it quiet; a closed pipe ends every command alike.
        if done.code == 1 and (type(sys.stdout).__name__ == "PacifyFlushWrapper" or _stdout_is_null()):
            sys.exit(EXIT_CLOSED_PIPE)
        raise
    try:
        sys.stdout.flush()  # what is still buffered, while a closed pipe can be told from an error
    except BrokenPipeError:
        try:
            closed_pipe()
        except typer.Exit as done:
            sys.exit(done.exit_code)
    sys.exit(result if isinstance(result, int) else 0)


def app_for(words: Sequence[str]) -> typer.Typer:
    """The app to run ``words`` with: the root and the one command they name, or the whole app.

    typer builds the click command of every command it holds, reading each
    function's signature, before it parses a word. When the first word (after
    the root's ``--lang``) names a command, only that command is built; any
    other words (none, a root option such as ``--help``, a misspelt command)
    get the whole app, so that help, completion and the suggestions of
    similar names see every command.
    """
    rest = list(words)
    while rest and (rest[0] == "--lang" or rest[0].startswith("--lang=")):
        del rest[: 2 if rest[0] == "--lang" else 1]
    if not rest:
        return app
    name = rest[0]
    commands = [info for info in app.registered_commands if info.name == name]
    groups = [info for info in app.registered_groups if _group_name(info) == name]
    if not commands and not groups:
        return app
    only = copy.copy(app)
    only.registered_commands = commands
    only.registered_groups = groups
    return only


def _group_name(info: typer.models.TyperInfo) -> str | None:
    """The name a group of commands (``daily``, ``serve``) is typed by."""
    if isinstance(info.name, str):
        return info.name
    group = info.typer_instance
    return group.info.name if group is not None and isinstance(group.info.name, str) else None


def _stdout_is_null() -> bool:
    """Whether file descriptor 1 is the null device (where rich points it when the pipe has closed)."""
    import os

    try:
        here, null = os.fstat(1), os.stat(os.devnull)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (null.st_dev, null.st_ino)


#: click's message for arguments left over once every parameter has its value.
#: (A pattern that :mod:`re` compiles, and keeps, at the first such error.)
_EXTRA_ARGUMENTS = r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)"


def _command_path(command: object, words: list[str]) -> str:
    """The command the words typed name (``patience daily deal``), for an error that does not say which it came from.

    The words are followed down the groups as long as each names a command
    of the group before it; options among them are skipped.
    """
    path = ["patience"]
    for word in words:
        if word.startswith("-"):
            continue
        commands = getattr(command, "commands", None)
        if not isinstance(commands, dict) or word not in commands:
            break
        command = commands[word]
        path.append(word)
    return " ".join(path)


def _usage_message(error: typer.TyperException, typed_path: str = "patience") -> str:
    """The usage error's message in one line, starting in lower case as our own messages do, with where to find help.

    ``typed_path`` names the command for an error raised before its context
    was made (an option missing its value).
    """
    ours = bad_value_message(error) if isinstance(error, typer.BadParameter) else None
    # a 5,000-character argument is cut short too
    text = one_line(ours if ours is not None else error.format_message()).rstrip(".")
    extra = re.fullmatch(_EXTRA_ARGUMENTS, text)
    if extra is not None:
        # Commands that take `-5` as a deal (to refuse it themselves) let unknown options through
        # as arguments; an option among the extras is still an option the command does not have.
        options = [word for word in extra.group(1).split() if word.startswith("--")]
        if options:
            text = _("No such option: {option}").format(option=options[0])
    if text[:1].isupper() and text[1:2].islower():
        text = text[0].lower() + text[1:]
    ctx = getattr(error, "ctx", None)
    path = ctx.command_path if ctx is not None else typed_path
    return _("{error} (see `{command} --help`)").format(error=text, command=path)
