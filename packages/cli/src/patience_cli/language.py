"""The language the command line speaks: ``patience --lang de|hu|en``, else the environment's.

The choice is made before typer reads the command line, so that typer's own
words (``Usage:``, the help's panels) speak it too; the order after
``--lang`` is :func:`patience.i18n.choose_language`'s (``PATIENCE_LANG``,
then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``).
"""

from __future__ import annotations

from collections.abc import Sequence

from patience.i18n import UnknownLanguageError, choose_language, use_language
from patience_cli.library_messages import translate_library_messages

__all__ = ["LANG_OPTION", "choose_early", "language_option", "start_language"]

LANG_OPTION = "--lang"


def language_option(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the options before the command (``patience --lang de play``), if given.

    ``--lang`` is an option of ``patience`` itself, so only the words before
    the first command are looked at (an option missing its value leaves it
    to typer to say so).
    """
    words = list(args)
    for at, word in enumerate(words):
        if word == "--":
            break
        if word.startswith(f"{LANG_OPTION}="):
            return word.partition("=")[2]
        if word == LANG_OPTION:
            return words[at + 1] if at + 1 < len(words) else None
        if not word.startswith("-"):
            break  # the command: its own options are its own
    return None


def start_language(args: Sequence[str]) -> None:
    """Speak the language ``args`` ask for (or the environment's); an unknown ``--lang`` is one line, exit 2."""
    # Not imported at the top: importing common makes its options' help, which waits for choose_early's language.
    from patience_cli.common import bad_input

    try:
        use_language(choose_language(language_option(args)))
    except UnknownLanguageError as error:
        bad_input(str(error))
    translate_library_messages()


def choose_early(args: Sequence[str]) -> None:
    """Speak the language ``args`` ask for while the commands are registered, so that their help speaks it.

    An unknown ``--lang`` is left for :func:`start_language` to refuse in one line.
    """
    try:
        use_language(choose_language(language_option(args)))
    except UnknownLanguageError:
        use_language(choose_language())
