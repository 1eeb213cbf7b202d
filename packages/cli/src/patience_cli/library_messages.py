"""typer's own words (the help's panel titles, "Usage:", its few errors), in the player's language.

typer translates its messages with the standard library's ``gettext``,
most of them once, when it is imported, and writes ``Usage:`` without
translating it at all. :func:`translate_library_messages` points typer at
the ``patience_cli`` catalog instead, whose language follows
:func:`patience.i18n.current_language`. The messages are listed below so
that ``pybabel extract`` puts them into that catalog;
``tests/i18n/test_library_messages.py`` fails when the installed typer
shows a message the list lacks, or holds one in a constant that
:data:`TYPER_CONSTANTS` does not name.

(The errors typer raises about what was typed are said in the program's
own words by :mod:`patience_cli.usage`, and translated there.)
"""

from __future__ import annotations

import gettext
import sys
from types import ModuleType
from typing import Any

from patience.i18n import Domain

__all__ = ["LIBRARY_MODULES", "TYPER_CONSTANTS", "translate_library_messages"]

DOMAIN = Domain("patience_cli")
_ = DOMAIN.gettext

#: typer's modules that translate through ``gettext``.
LIBRARY_MODULES = ("typer.core", "typer.rich_utils")

#: typer's module constants that hold a message, translated once when typer is imported.
TYPER_CONSTANTS = {
    "DEPRECATED_STRING": "(deprecated) ",
    "DEFAULT_STRING": "[default: {}]",
    "ENVVAR_STRING": "[env var: {}]",
    "REQUIRED_LONG_STRING": "[required]",
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "ABORTED_TEXT": "Aborted.",
    "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help.",
}


def translate_library_messages() -> None:
    """Make typer translate through the ``patience_cli`` catalog, in the language in use.

    Its modules bind ``gettext.gettext`` when imported: that name is
    pointed at the catalog. The messages of :data:`TYPER_CONSTANTS`, which
    typer's help renderer translated at import, are set again from their
    English words, as soon as the renderer is imported (by a help screen);
    and the usage line's prefix is given in the language in use. Call it
    again after a change of language.
    """
    import typer.core
    from typer._click.formatting import HelpFormatter

    from patience_cli.imports import when_imported

    _use_catalog(typer.core)
    # typer's help renderer (and rich) is imported by help screens only: its words are set as it is.
    if not _Renderer.watched:
        _Renderer.watched = True
        when_imported("typer.rich_utils", _translate_renderer)
    elif "typer.rich_utils" in sys.modules:
        _translate_renderer(sys.modules["typer.rich_utils"])
    if not getattr(HelpFormatter.write_usage, "_patience_translated", False):
        HelpFormatter.write_usage = _usage_prefix(HelpFormatter.write_usage)  # type: ignore[method-assign]


class _Renderer:
    """Whether typer's help renderer is watched for its import (once a process)."""

    watched = False


def _use_catalog(module: ModuleType) -> None:
    """Point the ``_`` a typer module translates with at the ``patience_cli`` catalog."""
    if getattr(module, "_", None) in (gettext.gettext, _):
        module._ = _  # type: ignore[attr-defined]


def _translate_renderer(rich_utils: ModuleType) -> None:
    """Set typer's help renderer ``rich_utils`` speaking the language in use: its ``_`` and its constant messages."""
    _use_catalog(rich_utils)
    for key, english in TYPER_CONSTANTS.items():
        setattr(rich_utils, key, _(english))


def _usage_prefix(write_usage: Any) -> Any:
    """``write_usage`` with ``Usage:`` in the language in use when no prefix is given."""

    def translated(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, _("Usage: ") if prefix is None else prefix)

    translated._patience_translated = True  # type: ignore[attr-defined]
    return translated


def _messages() -> None:  # pragma: no cover - never called: pybabel reads it
    """Every message typer translates, as pybabel extracts them from its sources."""
    _("(dynamic)")  # typer/core.py
    _("Aborted!")  # typer/core.py
    _("default: {default}")  # typer/core.py
    _("required")  # typer/core.py
    _("env var: {var}")  # typer/core.py
    _("Arguments")  # typer/core.py
    _("Options")  # typer/core.py
    _("Commands")  # typer/core.py
    _("Missing command.")  # typer/core.py
    _("No such command {name!r}.")  # typer/core.py
    _("(deprecated) ")  # typer/rich_utils.py
    _("[default: {}]")  # typer/rich_utils.py
    _("[env var: {}]")  # typer/rich_utils.py
    _("[required]")  # typer/rich_utils.py
    _("Error")  # typer/rich_utils.py
    _("Aborted.")  # typer/rich_utils.py
    _("Try [blue]'{command_path} {help_option}'[/] for help.")  # typer/rich_utils.py
    _("Usage: ")  # typer/_click/formatting.py (written without gettext: see _usage_prefix)
