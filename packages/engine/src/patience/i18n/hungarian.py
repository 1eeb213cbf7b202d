"""Hungarian grammar that messages need: the definite article and vowel harmony.

Hungarian writes ``a`` before a consonant sound and ``az`` before a vowel
sound, and what counts is the word as it is *read*: ``az Eight Off``,
``a FreeCell``, ``az 1. oszlop`` (*első*), ``a 2. oszlop`` (*második*),
``az 5. cella`` (*ötödik*), ``a 10`` (*tíz*), ``az 1000`` (*ezer*). A
message template that cannot choose writes ``a(z)``; these helpers choose,
so that no message has to.

Suffixes follow vowel harmony: ``oszlopban`` but ``cellában``, ``kőrrel``;
:func:`harmony` tells which vowel class a word (or a number, by how it is
read) takes, and :func:`suffix` picks the matching form.

>>> with_article("Eight Off"), with_article("FreeCell"), with_article("1."), with_article(2)
('az Eight Off', 'a FreeCell', 'az 1.', 'a 2')
>>> with_article("1 000 000"), with_article(8_589_934_591)
('az 1 000 000', 'a 8589934591')
>>> suffix("oszlop", "ban", "ben"), suffix("cella", "ban", "ben"), suffix(5, "hoz", "hez", "höz")
('oszlopban', 'cellában', '5-höz')
"""

from __future__ import annotations

import enum
import re

__all__ = ["Harmony", "article", "harmony", "suffix", "with_article"]

_VOWELS = frozenset("aáeéiíoóöőuúüű")
_BACK = frozenset("aáoóuú")
_ROUNDED_FRONT = frozenset("öőüű")
_NEUTRAL = frozenset("eéií")

#: Letters whose Hungarian name starts with a vowel (a, e, i, o, u and ef, el, em, en, er, es, iksz).
_VOWEL_LETTER_NAMES = frozenset("aáeéiíoóöőuúüűflmnrsx")

#: The names of the powers of a thousand, as read: ezer, millió, milliárd, billió, billiárd, trillió ...
_SCALES = ("", "ezer", "millió", "milliárd", "billió", "billiárd", "trillió", "trilliárd")

_UNITS = ("", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_TENS = ("", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan", "kilencven")

#: A number as Hungarian writes it: digits, with spaces (also no-break ones) or dots between groups of three.
#: A pattern, not a compiled one: :mod:`re` compiles (and keeps) it when a word is first put before a number.
_NUMBER = r"\d{1,3}(?:[ \u00a0\u202f.]\d{3})+(?!\d)|\d+"


class Harmony(enum.Enum):
    """The vowel class a word's suffixes follow."""

    BACK = "back"
    """Back vowels (a, á, o, ó, u, ú): ``-ban``, ``-hoz``, ``-val``."""
    FRONT = "front"
    """Front unrounded vowels (e, é, i, í): ``-ben``, ``-hez``, ``-vel``."""
    ROUNDED = "rounded"
    """Front rounded vowels last (ö, ő, ü, ű): ``-ben``, ``-höz``, ``-vel``."""


def _groups(number: int) -> list[int]:
    """``number`` split into groups of three digits, the most significant first."""
    groups: list[int] = []
    while True:
        number, group = divmod(number, 1000)
        groups.append(group)
        if number == 0:
            return groups[::-1]


def _group_words(group: int, scale: int, leading: bool) -> list[str]:
    """How a group of three digits (1-999) is read, as its words, with its scale's name last."""
    hundreds, rest = divmod(group, 100)
    tens, units = divmod(rest, 10)
    words: list[str] = []
    if hundreds:
        # 100 is "száz", 200 "kétszáz": the 2 before a multiplier is "két".
        words.append({1: "", 2: "két"}.get(hundreds, _UNITS[hundreds]) + "száz")
    if tens:
        # 11-19 are "tizen...", 21-29 "huszon...".
        words.append({1: "tizen", 2: "huszon"}.get(tens, _TENS[tens]) if units else _TENS[tens])
    if units:
        words.append("két" if units == 2 and scale else _UNITS[units])
    if scale:
        if group == 1 and scale == 1 and leading:
            words = []  # 1000 is read "ezer", not "egyezer"
        words.append(_SCALES[scale] if scale < len(_SCALES) else "millió")
    return [word for word in words if word]


def _spoken(number: int) -> list[str]:
    """The words ``number`` (0 or more) is read as, in order."""
    if number == 0:
        return ["nulla"]
    groups = _groups(number)
    words: list[str] = []
    for position, group in enumerate(groups):
        if group:
            words += _group_words(group, len(groups) - 1 - position, leading=position == 0)
    return words


def _leading_number(text: str) -> int | None:
    match = re.match(_NUMBER, text)
    if match is None:
        return None
    return int(re.sub(r"\D", "", match.group()))


def _first_sound(text: str) -> str:
    """The first word of ``text`` as it is read, lower case ('' when nothing is read)."""
    stripped = text.lstrip(" \t\"'„»«(#[")
    number = _leading_number(stripped)
    if number is not None:
        return _spoken(number)[0]
    word = re.match(r"[^\W\d_]+", stripped)
    if word is None:
        return ""
    letters = word.group()
    if len(letters) == 1 or (letters.isupper() and len(letters) <= 4):
        # Read letter by letter: "az F", "a B", "az FC", "az a cella", "a c cella".
        return "i" if letters[0].lower() in _VOWEL_LETTER_NAMES else "b"
    return letters.lower()


def article(text: str | int, *, capital: bool = False) -> str:
    """The definite article that goes before ``text``: ``"a"`` or ``"az"`` (``"A"``/``"Az"`` with ``capital``).

    Numbers count as they are read (``az 1``, ``a 2``, ``az 5``, ``a 10``,
    ``az 50``, ``a 100``, ``az 1000``, ``az 1 000 000``), and so do letters
    and abbreviations read letter by letter (``az F``, ``a B``).
    """
    sound = _first_sound(str(text))
    word = "az" if sound[:1] in _VOWELS else "a"
    return word.capitalize() if capital else word


def with_article(text: str | int, *, capital: bool = False) -> str:
    """``text`` after its definite article: ``az Eight Off``, ``a FreeCell``, ``az 5.``."""
    return f"{article(text, capital=capital)} {text}"


#: Each letter's Hungarian name, by which letters and abbreviations are read.
_LETTER_NAMES: dict[str, str] = {
    "a": "a", "á": "á", "b": "bé", "c": "cé", "d": "dé", "e": "e", "é": "é", "f": "ef", "g": "gé", "h": "há",
    "i": "i", "í": "í", "j": "jé", "k": "ká", "l": "el", "m": "em", "n": "en", "o": "o", "ó": "ó", "ö": "ö",
    "ő": "ő", "p": "pé", "q": "kú", "r": "er", "s": "es", "t": "té", "u": "u", "ú": "ú", "ü": "ü", "ű": "ű",
    "v": "vé", "w": "duplavé", "x": "iksz", "y": "ipszilon", "z": "zé",
}  # fmt: skip


def _reading(text: str | int) -> str:
    """The word whose sound a suffix follows: the last word of ``text`` as it is read.

    A number is read out (``3``, *három*); a letter or an abbreviation is
    read by its letters' names (``FC``, *ef-cé*); other words as written.
    """
    value = str(text).strip()
    if re.fullmatch(_NUMBER, value):
        return _spoken(int(re.sub(r"\D", "", value)))[-1]
    digits = re.search(r"\d+$", value)
    if digits:
        return _spoken(int(digits.group()))[-1]
    words: list[str] = re.findall(r"[^\W\d_]+", value)
    if not words:
        return value
    last = words[-1]
    if len(last) == 1 or (last.isupper() and len(last) <= 4):
        return _LETTER_NAMES.get(last[-1].lower(), last)
    return last


def harmony(text: str | int) -> Harmony:
    """The vowel class of the suffixes ``text`` takes (a number by how it is read: ``3``, *három*, is back).

    The last vowel that is not e, é, i or í decides; those four are neutral,
    so that a word of back and neutral vowels stays back (``papír``,
    ``kávé``) and one of neutral vowels alone is front (``tíz``, ``kilenc``).
    """
    vowels = [c for c in _reading(text).lower() if c in _VOWELS]
    deciding = next((v for v in reversed(vowels) if v not in _NEUTRAL), "e")
    if deciding in _BACK:
        return Harmony.BACK
    # A front word takes the rounded form when its last vowel is rounded: ötvenhez, but kettőhöz.
    return Harmony.ROUNDED if vowels and vowels[-1] in _ROUNDED_FRONT else Harmony.FRONT


_DIGRAPHS = ("cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")


def suffix(text: str | int, back: str, front: str, rounded: str | None = None) -> str:
    """``text`` with the form of a suffix its vowels take: ``suffix("oszlop", "ban", "ben")`` is ``oszlopban``.

    ``rounded`` is the form after front rounded vowels where the suffix has
    three (``-hoz``/``-hez``/``-höz``); ``front`` serves otherwise. Numbers
    are taken as cardinals. A final
    ``a`` or ``e`` lengthens before a suffix (``cella``, ``cellában``); the
    ``v`` of ``-val``/``-vel`` and ``-vá``/``-vé`` becomes the consonant it
    follows (``kőrrel``, ``oszloppal``); a number takes its suffix after a
    hyphen, as read (``5-höz``, ``5-tel``, ``3-mal``, ``2-vel``).
    """
    harmonic = harmony(text)
    ending = back if harmonic is Harmony.BACK else rounded if harmonic is Harmony.ROUNDED and rounded else front
    value = str(text)
    reading = _reading(text).lower()
    assimilates = ending.startswith("v") and reading[-1:] not in _VOWELS and reading[-1:].isalpha()
    final = next((d for d in _DIGRAPHS if reading.endswith(d)), reading[-1:])
    last = str(text).strip()
    if last[-1:].isdigit() or (last.isupper() and len(last) <= 4) or len(last) == 1:
        # Numbers and abbreviations take the suffix after a hyphen, with the consonant as read: 5-tel, FC-vel.
        return f"{value}-{final + ending[1:] if assimilates else ending}"
    if assimilates:
        if len(value) >= 2 and value[-1] == value[-2]:
            return value + ending[1:]  # never three letters alike: treff + vel = treffel
        # A doubled digraph writes its first letter twice: ősz + vel = ősszel.
        return value[: -len(final)] + final[0] + final + ending[1:]
    if value.endswith("a"):
        value = value[:-1] + "á"
    elif value.endswith("e"):
        value = value[:-1] + "é"
    return value + ending
