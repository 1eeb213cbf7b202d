"""Output on terminals and pipes that cannot show suit symbols: cards fall back to letters.

With ``PYTHONIOENCODING=ascii``, a ``C`` locale or a Latin-1 terminal, writing
``♠A`` would raise :class:`UnicodeEncodeError`. :func:`fit_streams` gives such
streams an error handler that writes the card as the notation does (``♠A`` ->
``AS``, ``♥10`` -> ``10H``, a lone ``♠`` -> ``S``) and a plain look-alike or
``?`` for any other character the encoding lacks. UTF-8 output is untouched.
"""

from __future__ import annotations

import codecs
import io
import re
import sys

__all__ = ["ERROR_HANDLER", "SUIT_SYMBOLS", "can_show_suits", "fit_streams", "suit_fallback"]

#: The suit symbols, for checking whether a stream can show them.
SUIT_SYMBOLS = "♠♥♦♣"

#: Name of the codec error handler that :func:`fit_streams` installs.
ERROR_HANDLER = "patience-letters"

_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_RANK = re.compile(r"10|[A2-9TJQK]")
_LOOK_ALIKE = {"…": "...", "│": "|", "·": ".", "»": ">", "«": "<", "—": "-", "–": "-", "−": "-", "×": "x", "→": "->"}


def suit_fallback(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: a card in letters (rank, then suit), a look-alike, or ``?``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text, at = error.object, error.start
    char = text[at]
    if char in _SUIT_LETTER:
        rank = _RANK.match(text, at + 1)
        if rank is not None:
            # ``10H`` rather than ``TH``: as wide as ``♥10``, so columns stay aligned.
            return rank.group() + _SUIT_LETTER[char], rank.end()
        return _SUIT_LETTER[char], at + 1
    return _LOOK_ALIKE.get(char, "?"), at + 1


codecs.register_error(ERROR_HANDLER, suit_fallback)


def can_show_suits(stream: object = None) -> bool:
    """Whether ``stream`` (default ``sys.stdout``) can encode the suit symbols."""
    target = sys.stdout if stream is None else stream
    encoding = getattr(target, "encoding", None) or "utf-8"
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit_streams() -> None:
    """Make stdout and stderr write cards in letters when their encoding lacks the suit symbols.

    stdin is made to replace bytes it cannot decode, so a stray symbol typed
    into a non-UTF-8 pipe is refused as unknown input instead of ending the
    program.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and not can_show_suits(stream):
            stream.reconfigure(errors=ERROR_HANDLER)
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper) and codecs.lookup(stdin.encoding).name != "utf-8":
        stdin.reconfigure(errors="replace")
