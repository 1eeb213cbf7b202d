"""The errors the engine raises; every one is a ``ValueError`` with a message a user can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience.reasons import Reason

__all__ = [
    "AmbiguousMoveError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidBoardError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidDealError",
    "InvalidMoveError",
    "NothingToRedoError",
    "NothingToUndoError",
    "PatienceError",
    "PluginError",
    "UnknownVariantError",
    "clipped",
]

#: How many characters of something typed an error message quotes before it cuts it short.
QUOTE_LIMIT = 24


def clipped(text: str, limit: int = QUOTE_LIMIT, *, quote: bool = True) -> str:
    """``text`` quoted as ``repr`` does (bare with ``quote=False``), cut to ``limit`` characters and its length.

    Messages quote what was typed; a 5,000-digit number quoted whole would
    bury the message, so it is shown as ``'999999999999999999999999'… (5,000 characters)``.
    """
    head = text if len(text) <= limit else text[:limit]
    shown = repr(head) if quote else head
    if len(text) <= limit:
        return shown
    # Imported here: the languages' module imports this one.
    from patience.i18n import format_number
    from patience.texts import ngettext

    # Translators: what was typed, cut short, and how long it was.
    return ngettext("{text}… ({count} character)", "{text}… ({count} characters)", len(text)).format(
        text=shown, count=format_number(len(text))
    )


class PatienceError(ValueError):
    """Base class of every error the engine raises about what it was given."""


class InvalidCardError(PatienceError):
    """Text that does not name a card."""


class InvalidMoveError(PatienceError):
    """Text that is not a move in standard notation (a syntax error, not a rules question)."""


class AmbiguousMoveError(InvalidMoveError):
    """A move written without ``-`` that the table allows to be read more than one way (``111``)."""


class IllegalMoveError(PatienceError):
    """A well-formed move that the variant's rules do not allow in this position.

    ``reason`` is why, as the rules gave it: a :class:`patience.reasons.Reason`
    (a kind and its parameters, for a front end to put into its own words),
    or the message itself.
    """

    def __init__(self, message: str, reason: Reason | str | None = None) -> None:
        super().__init__(message)
        self.reason: Reason | str = message if reason is None else reason


class InvalidCodeError(PatienceError):
    """A game code that does not decode, or names something the variant does not offer."""


class InvalidDealError(PatienceError):
    """A deal number or cell count the variant cannot deal."""


class InvalidBoardError(PatienceError):
    """A board (fc-solve format) that cannot be read or is impossible (a card twice, 51 cards)."""


class UnknownVariantError(PatienceError):
    """A variant name that no installed plugin registers."""


class GameOverError(PatienceError):
    """An action on a game that is already won or given up."""


class NothingToUndoError(PatienceError):
    """Undo with an empty undo stack."""


class NothingToRedoError(PatienceError):
    """Redo with nothing undone."""


class PluginError(PatienceError):
    """A plugin answered a hook wrongly (a result of the wrong type, a deal that does not fit) or raised.

    The message names the plugin, so that a user knows which one to remove or report.
    """
