"""Languages: which one the player reads, and the grammar messages need in each (:mod:`.hungarian`).

The program speaks English, German and Hungarian. :func:`choose_language`
picks one the way gettext programs do: an explicit choice (``--lang``)
first, then ``PATIENCE_LANG``, then the window's remembered choice, then
the locale variables ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and
``LANG``. The first of those that is set decides; a value the program has
no translation for means English, silently, as a locale the catalogs do
not cover does for any gettext program. Only an explicit choice that is
not a language offered is an error (:class:`UnknownLanguageError`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from patience.errors import PatienceError

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "UnknownLanguageError", "choose_language", "language_of"]

#: The languages the program ships, as ISO 639-1 codes, English (the source language) first.
LANGUAGES = ("en", "de", "hu")
DEFAULT_LANGUAGE = "en"

#: The environment variables read after ``--lang`` and the window's choice, in order.
_PROGRAM_VARIABLE = "PATIENCE_LANG"
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguageError(PatienceError):
    """A language was asked for by name (``--lang``) that the program does not offer."""


def language_of(value: str) -> str | None:
    """The offered language a locale name means (``de_DE.UTF-8``, ``hu_HU``, ``de``, ``en-GB``), else ``None``.

    ``C`` and ``POSIX`` are English, as they are for gettext.
    """
    name = value.strip()
    if name in ("C", "POSIX") or name.startswith(("C.", "POSIX.")):
        return DEFAULT_LANGUAGE
    code = name.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return code if code in LANGUAGES else None


def choose_language(
    option: str | None = None, *, remembered: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language to speak: ``option`` (``--lang``) > ``PATIENCE_LANG`` > ``remembered`` > the locale variables.

    ``LANGUAGE`` may be a list (``hu:de``): its first offered language
    counts, as gettext reads it. Raises :class:`UnknownLanguageError` for an
    ``option`` that is not one of :data:`LANGUAGES`.
    """
    if option is not None:
        code = option.strip().lower()
        if code not in LANGUAGES:
            offered = " ".join(LANGUAGES)
            raise UnknownLanguageError(f"unknown language {option!r}: choose one of {offered}")
        return code
    env = os.environ if environ is None else environ
    program = env.get(_PROGRAM_VARIABLE, "")
    if program:
        return language_of(program) or DEFAULT_LANGUAGE
    if remembered:
        return language_of(remembered) or DEFAULT_LANGUAGE
    for variable in _LOCALE_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        if variable == "LANGUAGE":
            found = next((code for code in map(language_of, value.split(":")) if code), None)
            if found is not None:
                return found
            continue
        return language_of(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE
