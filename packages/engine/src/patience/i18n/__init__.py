"""Languages: which one the player reads, its catalogs, its numbers and dates, and its grammar (:mod:`.hungarian`).

The program speaks English, German and Hungarian. :func:`choose_language`
picks one the way gettext programs do: an explicit choice (``--lang``)
first, then ``PATIENCE_LANG``, then the window's remembered choice, then
the locale variables ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and
``LANG``. The first of those that is set decides; a value the program has
no translation for means English, silently, as a locale the catalogs do
not cover does for any gettext program. Only an explicit choice that is
not a language offered is an error (:class:`UnknownLanguageError`).

Messages are gettext's: each distribution has a domain of its own, named
after its import package, whose catalogs lie in the package
(``<package>/locale/<language>/LC_MESSAGES/<domain>.mo``, compiled from the
``.po`` beside them when the package is built or set up). A module marks
its messages with a :class:`Domain`'s methods, which translate into the
language in use at the moment they are called, so that a window can switch
languages without a restart::

    _ = Domain("patience_cli").gettext
    print(_("won in {moves} moves").format(moves=12))

The pseudo-language ``xx`` (``PATIENCE_LANG=xx``, for tests only) shows
every message that went through a catalog in brackets, ``[like this]``:
text on screen without them bypassed the catalogs.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import functools
import gettext
import importlib
import importlib.machinery
import os
import re
from collections.abc import Iterator, Mapping

from patience.errors import PatienceError

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "PSEUDO_LANGUAGE",
    "Domain",
    "N_paragraphs",
    "UnknownLanguageError",
    "choose_language",
    "current_language",
    "format_date",
    "format_day",
    "format_deal",
    "format_number",
    "language_of",
    "paragraphs",
    "speaking",
    "translate_paragraphs",
    "use_language",
]

#: The languages the program ships, as ISO 639-1 codes, English (the source language) first.
LANGUAGES = ("en", "de", "hu")
DEFAULT_LANGUAGE = "en"
#: The pseudo-language of the tests: every translated message in brackets. Never offered to a user.
PSEUDO_LANGUAGE = "xx"
#: The CLDR locale whose numbers and dates each language uses.
_LOCALES = {"en": "en_US", "de": "de_DE", "hu": "hu_HU", PSEUDO_LANGUAGE: "en_US"}

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
    if program.strip().lower() == PSEUDO_LANGUAGE:
        return PSEUDO_LANGUAGE
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


# -- the language in use -----------------------------------------------------------------------------


class _InUse:
    """The language the process speaks: chosen from the environment the first time it is asked for."""

    language: str | None = None


#: The language of the task at hand, where it differs from the process's (a server's request).
_SPEAKING: contextvars.ContextVar[str | None] = contextvars.ContextVar("patience_speaking", default=None)


def current_language() -> str:
    """The language messages are translated into now.

    That of the :func:`speaking` block around the caller, else the one set
    by :func:`use_language`, else :func:`choose_language`'s from the
    environment.
    """
    speaking_now = _SPEAKING.get()
    if speaking_now is not None:
        return speaking_now
    if _InUse.language is None:
        _InUse.language = choose_language()
    return _InUse.language


def _checked(language: str) -> str:
    if language not in (*LANGUAGES, PSEUDO_LANGUAGE):
        offered = " ".join(LANGUAGES)
        raise UnknownLanguageError(f"unknown language {language!r}: choose one of {offered}")
    return language


def use_language(language: str) -> None:
    """Speak ``language`` from now on (one of :data:`LANGUAGES`, or :data:`PSEUDO_LANGUAGE`).

    The front ends call it once at start-up with the choice made by
    :func:`choose_language`, and the window again when the player picks
    another language in its menu.
    """
    _InUse.language = _checked(language)


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` inside the block only (in this thread or task): a server answers each request so."""
    token = _SPEAKING.set(_checked(language))
    try:
        yield
    finally:
        _SPEAKING.reset(token)


# -- catalogs ------------------------------------------------------------------------------------------


class _Pseudo(gettext.NullTranslations):
    """The pseudo-language: the English message in brackets."""

    def gettext(self, message: str) -> str:
        return f"[{message}]"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"[{msgid1 if n == 1 else msgid2}]"

    def pgettext(self, context: str, message: str) -> str:
        return f"[{message}]"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"[{msgid1 if n == 1 else msgid2}]"


@functools.cache
def _translations(domain: str, package: str, language: str) -> gettext.NullTranslations:
    if language == PSEUDO_LANGUAGE:
        return _Pseudo()
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    parts = ("locale", language, "LC_MESSAGES", f"{domain}.mo")
    try:
        folder = _package_folder(package)
        if folder is not None:
            with open(os.path.join(folder, *parts), "rb") as handle:
                return gettext.GNUTranslations(handle)
        import importlib.resources  # a package in an archive or of several folders: a dozen modules

        with importlib.resources.files(package).joinpath(*parts).open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError, TypeError):
        # A distribution without this language (a plugin that ships English only), or a domain whose
        # package cannot be imported, speaks English.
        return gettext.NullTranslations()


def _package_folder(package: str) -> str | None:
    """The one folder of the regular package ``package`` on disk (imported if it is not yet), else None.

    A package imported from its folder holds its catalogs in that folder,
    where :mod:`importlib.resources` would find them too; for any other
    package (a namespace package, one in an archive) None leaves the looking
    to :mod:`importlib.resources`.
    """
    spec = importlib.import_module(package).__spec__
    if spec is None or not spec.has_location or spec.origin is None:
        return None
    if not isinstance(spec.loader, importlib.machinery.SourceFileLoader | importlib.machinery.ExtensionFileLoader):
        return None
    locations = list(spec.submodule_search_locations or ())
    return locations[0] if len(locations) == 1 else None


class Domain:
    """One distribution's messages: a gettext domain whose catalogs lie in ``package``'s ``locale`` folder.

    Each method translates into :func:`current_language` as it is called.
    ``package`` defaults to the domain's name (the import package).
    """

    def __init__(self, name: str, package: str | None = None) -> None:
        self.name = name
        self.package = package or name

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        """The catalog of ``language`` (the one in use by default); English is the messages as written.

        A domain whose package cannot be imported, or has no catalog for the
        language, speaks English.
        """
        return _translations(self.name, self.package, language or current_language())

    def gettext(self, message: str) -> str:
        """``message`` in the language in use."""
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` that ``n`` takes in the language in use (its own plural rule)."""
        return self.translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the language in use, told apart from the same English words by ``context``."""
        return self.translations().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` with a ``context``."""
        return self.translations().npgettext(context, singular, plural, n)


# -- texts marked where they are written, translated where they are shown ------------------------


def N_(message: str) -> str:
    """Mark ``message`` for extraction where it is written; it is translated where it is shown.

    A variant's ``description`` is written so: ``description=N_("8 columns of 6, ...")``.
    """
    return message


def N_paragraphs(text: str) -> str:
    """Mark a text of paragraphs for extraction, each paragraph (:func:`paragraphs`) a message of its own.

    The text stays one readable English text in the module (a variant's
    ``rules_text``); a translator translates it paragraph by paragraph, so
    that changing one paragraph leaves the translations of the others as
    they are. ``python3 tasks.py catalogs`` extracts it with the
    ``patience`` extraction method (:mod:`patience.i18n.extract`).
    """
    return text


_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def paragraphs(text: str) -> list[str]:
    """The paragraphs of ``text``: the parts between blank lines, stripped, empty ones left out.

    Extraction and translation split a text the same way, so that each
    paragraph shown is one message of the catalog.
    """
    return [part.strip() for part in _PARAGRAPH_BREAK.split(text) if part.strip()]


def translate_paragraphs(domain: Domain, text: str, language: str | None = None) -> str:
    """``text`` with each of its paragraphs translated in ``domain``, joined by blank lines again.

    A paragraph the catalog does not have stays in English, as any message does.
    A translated paragraph is one line again where its translator kept the
    English line breaks (which fit the English words only): the front end
    wraps it to its own width. Lines that start indented or as a list item
    (``-``, ``•``, ``*``) keep their own line.
    """
    translations = domain.translations(language)
    shown = []
    for paragraph in paragraphs(text):
        translated = translations.gettext(paragraph)
        shown.append(translated if translated == paragraph else _rejoined(translated))
    return "\n\n".join(shown)


def _rejoined(paragraph: str) -> str:
    """``paragraph`` with its line breaks made spaces, but before an indented line or a list item."""
    lines: list[str] = []
    for line in paragraph.split("\n"):
        if lines and line.strip() and not line[:1].isspace() and not line.lstrip().startswith(("- ", "• ", "* ")):
            lines[-1] = f"{lines[-1].rstrip()} {line.strip()}"
        else:
            lines.append(line)
    return "\n".join(lines)


# -- numbers and dates ---------------------------------------------------------------------------------


#: The digit-group separator of each language's numbers, as CLDR gives it (a no-break space in Hungarian).
_GROUP_SEPARATORS = {"en": ",", "de": ".", "hu": "\u00a0", PSEUDO_LANGUAGE: ","}


def format_number(number: int | float, language: str | None = None) -> str:
    """``number`` as the language writes it: ``1,000,000``, German ``1.000.000``, Hungarian ``1 000 000``.

    A whole number is grouped by threes with the language's separator
    (CLDR's, as Babel has it: ``tests/i18n`` holds the two to each other);
    Babel (CLDR's data) formats every other number, and is imported on the
    first such call only, so that a command that prints whole numbers only
    does not pay for it.
    """
    language = language or current_language()
    if type(number) is int:
        return f"{number:,}".replace(",", _GROUP_SEPARATORS[language])
    from babel.numbers import format_decimal

    return str(format_decimal(number, locale=_LOCALES[language]))


def format_date(date: datetime.date, language: str | None = None, *, style: str = "long") -> str:
    """``date`` as the language writes it (``style`` is CLDR's: ``short``, ``medium``, ``long`` or ``full``).

    English ``December 1, 2026``, German ``1. Dezember 2026``, Hungarian ``2026. december 1.``.
    """
    from babel.dates import format_date as babel_format_date

    return str(babel_format_date(date, format=style, locale=_LOCALES[language or current_language()]))


def format_deal(number: int, language: str | None = None) -> str:
    """A deal number for people: ``1000000`` in English (as deal lists write it), German ``1.000.000``, ``1 000 000``.

    English keeps the digits that ``patience play freecell 1000000`` takes; German and
    Hungarian write the number as seed 003 writes deal numbers (``1.000.000``).
    """
    language = language or current_language()
    return format_number(number, language) if language in ("de", "hu") else str(number)


def format_day(day: str | datetime.date, language: str | None = None) -> str:
    """A daily deal's date for people: ``2026-12-24``, German ``24. Dezember 2026``, ``2026. december 24.``.

    English keeps the ISO date, the form ``--date`` takes.
    """
    language = language or current_language()
    text = day if isinstance(day, str) else day.isoformat()
    if language not in ("de", "hu"):
        return text
    try:
        return format_date(datetime.date.fromisoformat(text), language)
    except ValueError:  # not a calendar date: shown as it was given
        return text
