"""Game codes such as ``EO1-C8-AAAAAFA``: variant prefix, code version, cell count and deal number.

The deal number is written in 7 characters of base 32 (RFC 4648 alphabet
``A-Z2-7``, ``A`` = 0, most significant first), so ``EO1-C8-AAAAAFA`` is
deal #160 of Eight Off with 8 cells. Codes are read case-insensitively.
"""

from __future__ import annotations

import re

from attrs import frozen

from patience.errors import InvalidCodeError, clipped
from patience.i18n import format_number
from patience.shuffle import MAX_DEAL
from patience.texts import _

__all__ = ["ALPHABET", "CODE_VERSION", "GameCode"]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
CODE_VERSION = 1
_DIGITS = 7
# ASCII digits only: ``EO١-C8-...`` is not version 1.
_SHAPE = re.compile(r"^([A-Z]{2})([0-9]+)-C([0-9]+)-([A-Z2-7]+)$")
# The right shape with a character outside the alphabet in the deal part, for a precise message.
_LOOSE_SHAPE = re.compile(r"^[A-Z]{2}[0-9]+-C[0-9]+-([A-Z0-9]*[^A-Z2-7-][A-Z0-9]*)$")
#: Versions and cell counts longer than this are refused before they are converted to numbers.
_MAX_NUMBER_DIGITS = 9


@frozen
class GameCode:
    """A decoded game code. ``str()`` encodes it and :meth:`parse` decodes it."""

    prefix: str
    cells: int
    deal: int
    version: int = CODE_VERSION

    def __str__(self) -> str:
        number = self.deal
        digits = []
        for _digit in range(_DIGITS):
            digits.append(ALPHABET[number % 32])
            number //= 32
        return f"{self.prefix}{self.version}-C{self.cells}-{''.join(reversed(digits))}"

    def __repr__(self) -> str:
        return f"GameCode.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Decode a code; the variant and cell count are checked by :func:`patience.plugins.resolve_code`."""
        raw = text.strip()
        quoted = clipped(raw, 40)
        match = _SHAPE.match(raw.upper())
        loose = _LOOSE_SHAPE.match(raw.upper())
        if not match and loose:
            bad = next(char for char in loose.group(1) if char not in ALPHABET)
            raise InvalidCodeError(
                _(
                    "{code}: {char} is not a base-32 character; the deal part uses only A-Z and 2-7 (no 0, 1, 8, 9)"
                ).format(code=quoted, char=repr(bad))
            )
        if not match:
            raise InvalidCodeError(
                _(
                    "{code} is not a game code: codes look like EO1-C8-AAAAAFA "
                    "(variant letters and code version, C and the cell count, 7 base-32 characters A-Z 2-7)"
                ).format(code=quoted)
            )
        prefix, version, cells, digits = match.groups()
        if len(version) > _MAX_NUMBER_DIGITS or int(version) != CODE_VERSION:
            raise InvalidCodeError(
                _("{code}: code version {version} is not known (this program reads version {known})").format(
                    code=quoted, version=clipped(version, quote=False), known=CODE_VERSION
                )
            )
        if len(cells) > _MAX_NUMBER_DIGITS:
            raise InvalidCodeError(
                _("{code}: {cells} cells is not a cell count any variant offers").format(
                    code=quoted, cells=clipped(cells, quote=False)
                )
            )
        if len(digits) != _DIGITS:
            raise InvalidCodeError(
                _("{code}: the deal part must be {digits} characters, not {count}").format(
                    code=quoted, digits=_DIGITS, count=len(digits)
                )
            )
        number = 0
        for char in digits:
            number = number * 32 + ALPHABET.index(char)
        if not 1 <= number <= MAX_DEAL:
            raise InvalidCodeError(
                _("{code}: deal number {number} is out of range (1 to {max})").format(
                    code=quoted, number=number, max=format_number(MAX_DEAL)
                )
            )
        return cls(prefix, int(cells), number, int(version))
