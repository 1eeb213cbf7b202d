"""Card sets: the faces the window draws cards with, from freely licensed SVG decks.

A set is one SVG sheet holding every face (and a back) at the boxes listed
in its ``boxes.json`` (user units of the sheet, measured once with
librsvg's element geometry). :func:`render_sheet` turns the whole sheet into
PNG data at a scale with resvg, whose wheel needs no system library;
:class:`CardImages` cuts it into one Tk ``PhotoImage`` per card and keeps
them per card width, so that a redraw at a size already seen only places
images.

A face's corners are rounded, and Tk draws an image with transparent or
half-transparent pixels by reading back what lies under it and blending,
which costs several times as much as copying an opaque image. So the
window draws each face opaque (:meth:`CardImages.laid`): painted over the
colour its corners lie on, or, for a card fanned over another, with the
edge of the card beneath showing through its top corners.

Rendering a sheet takes about a second and resvg holds the interpreter
while it works, so the window asks for a new size through
:meth:`CardImages.request`, which renders in a child process
(``python -m patience_tk.cardsets KEY ZOOM``) and calls back on the Tk
thread when the images are ready; until then the plain faces are drawn.

The set named ``plain`` has no sheet: the view draws its faces itself.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import threading
import tkinter as tk
from collections.abc import Callable
from functools import cache
from importlib.resources import files

from attrs import frozen

from patience import Card, Suit
from patience.i18n import N_

__all__ = [
    "CARD_SETS",
    "KEPT_SIZES",
    "PLAIN",
    "CardImages",
    "CardSet",
    "boxes",
    "card_set",
    "render_sheet",
    "zoom_for",
]

#: The key of the set drawn by the view itself.
PLAIN = "plain"

#: How many sizes of one set are kept at a time.
KEPT_SIZES = 6

_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_SUITS = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


@frozen
class CardSet:
    """One card set: its menu name, its sheet and how its element ids are spelt."""

    key: str
    """The name remembered in the preferences."""
    name: str
    """The menu label, marked for the catalogs (translate with ``_()``)."""
    sheet: str | None
    """The SVG file in the set's folder; ``None`` for the plain faces."""
    rank_first: bool = True
    """Element ids as ``king_heart`` (KDE) rather than ``heart_king`` (Aisleriot)."""
    source: str = ""
    """Where the faces come from, with their licence (docs/gui.md lists it too)."""
    corner_suits: tuple[tuple[float, float, float, float], ...] = ()
    """The top indexes' suit signs as fractions of the face (x0, y0, x1, y1): the four-colour deck repaints them."""
    paper: str = "#ffffff"
    """The colour of the face around the index, painted under a repainted suit sign."""

    def element(self, card: Card) -> str:
        """The id of ``card``'s face in the sheet."""
        rank, suit = _RANKS[card.rank - 1], _SUITS[card.suit]
        return f"{rank}_{suit}" if self.rank_first else f"{suit}_{rank}"

    @property
    def pictured(self) -> bool:
        """Whether the set has a sheet of pictures (every set but the plain one)."""
        return self.sheet is not None


#: The card sets offered in View ▸ Card set, in menu order.
CARD_SETS: dict[str, CardSet] = {
    # Translators: the card set of plain faces drawn by the window (a rank and a suit sign).
    PLAIN: CardSet(PLAIN, N_("Plain"), None),
    "bonded": CardSet(
        "bonded",
        # Translators: the name of Aisleriot's card set; a proper name, usually kept.
        N_("Bonded"),
        "bonded.svgz",
        rank_first=False,
        source="Aisleriot's Bonded theme, GPL-3.0-or-later",
        corner_suits=((0.045, 0.15, 0.185, 0.235), (0.815, 0.15, 0.955, 0.235)),
    ),
    "standard": CardSet(
        "standard",
        # Translators: the name of KDE's standard card set.
        N_("KDE Standard"),
        "standard.svgz",
        source="KDE's Standard card deck (libkdegames carddecks), GPL-2.0-or-later",
        corner_suits=((0.02, 0.19, 0.175, 0.3),),
    ),
}


def card_set(key: str) -> CardSet:
    """The set called ``key``; the plain faces for a name no set has (a hand-edited preference)."""
    return CARD_SETS.get(key, CARD_SETS[PLAIN])


@cache
def _svg(key: str) -> str:
    """The sheet's SVG text (a ``.svgz`` is kept compressed in the package)."""
    sheet = CARD_SETS[key].sheet
    assert sheet is not None
    data = files(__name__).joinpath(key, sheet).read_bytes()
    if sheet.endswith(".svgz"):
        data = gzip.decompress(data)
    return data.decode("utf-8")


@cache
def boxes(key: str) -> dict[str, tuple[float, float, float, float]]:
    """Each element's box in the sheet, ``id -> (x, y, width, height)`` in the sheet's user units."""
    raw = json.loads(files(__name__).joinpath(key, "boxes.json").read_text(encoding="utf-8"))
    return {name: (float(x), float(y), float(w), float(h)) for name, (x, y, w, h) in raw.items()}


def _extent(key: str) -> tuple[float, float, float, float]:
    """The box holding every element: the part of the sheet rendered (a back may lie outside the page)."""
    every = boxes(key).values()
    x0 = min(b[0] for b in every)
    y0 = min(b[1] for b in every)
    return x0, y0, max(b[0] + b[2] for b in every) - x0, max(b[1] + b[3] for b in every) - y0


_ROOT = re.compile(r"<svg\b[^>]*>", re.DOTALL)
_SIZE = re.compile(r"\s(width|height|viewBox)\s*=\s*(\"[^\"]*\"|'[^']*')")


def _framed(key: str, zoom: float) -> str:
    """The sheet with its page set to :func:`_extent` at ``zoom`` pixels per user unit."""
    text = _svg(key)
    found = _ROOT.search(text)
    assert found is not None
    x, y, w, h = _extent(key)
    tag = _SIZE.sub("", found.group(0))
    tag = tag[:4] + f' width="{w * zoom:.3f}" height="{h * zoom:.3f}" viewBox="{x} {y} {w} {h}"' + tag[4:]
    return text[: found.start()] + tag + text[found.end() :]


def render_sheet(key: str, zoom: float) -> bytes:
    """The whole sheet of set ``key`` as PNG data at ``zoom`` pixels per user unit."""
    import resvg_py  # imported here: only a pictured set needs it

    return bytes(resvg_py.svg_to_bytes(svg_string=_framed(key, zoom), skip_system_fonts=True))


def zoom_for(key: str, width: int, height: int) -> float:
    """The scale at which a face of set ``key`` fits a card box ``width`` × ``height`` pixels."""
    _x, _y, w, h = boxes(key)[CARD_SETS[key].element(Card.parse("AS"))]
    return min(width / w, height / h)


class CardImages:
    """The faces and back of one set as Tk images, cut from a rendered sheet and kept per size.

    A size is a card box ``(width, height)`` in pixels; every image of it
    fits that box, keeping the set's proportions.
    """

    def __init__(self, master: tk.Misc, key: str) -> None:
        self.master = master
        self.key = key
        self.set = CARD_SETS[key]
        self._sizes: dict[tuple[int, int], dict[str, tk.PhotoImage]] = {}
        self._laid: dict[tuple[tuple[int, int], str, bool], dict[str, tk.PhotoImage]] = {}
        self._pending: dict[tuple[int, int], list[Callable[[], None]]] = {}
        self.failed = False
        """Whether the set could not be rendered here (resvg missing or the sheet unreadable): plain faces are drawn."""

    @property
    def busy(self) -> bool:
        """Whether a size is being rendered (the window asks for one at a time, so a resize drag stays light)."""
        return bool(self._pending)

    def sizes(self) -> list[tuple[int, int]]:
        """The sizes made, oldest first."""
        return list(self._sizes)

    def nearest(self, size: tuple[int, int]) -> tuple[int, int] | None:
        """The made size closest to ``size`` (shown while ``size`` renders); ``None`` before any is made."""
        return min(self._sizes, key=lambda made: abs(made[0] - size[0]) + abs(made[1] - size[1]), default=None)

    def ready(self, size: tuple[int, int]) -> bool:
        """Whether the images of ``size`` are made."""
        return size in self._sizes

    def face(self, card: Card, size: tuple[int, int]) -> tk.PhotoImage | None:
        """``card``'s face at ``size``; ``None`` while that size is not rendered yet."""
        made = self._sizes.get(size)
        return None if made is None else made[self.set.element(card)]

    def laid(self, card: Card, size: tuple[int, int], ground: str, *, on_card: bool = False) -> tk.PhotoImage | None:
        """``card``'s face at ``size`` made opaque, as it looks lying on the table; ``None`` while not rendered.

        Its corners show ``ground``, the colour under them; with ``on_card``
        the card lies fanned over another at the same left edge, and its top
        corners show that card's edge instead (this face's own edge halfway
        down, the same on every face of a set). Made once per card, size and
        ground, and let go with the size.
        """
        made = self._sizes.get(size)
        if made is None:
            return None
        kept = self._laid.setdefault((size, ground, on_card), {})
        name = self.set.element(card)
        image = kept.get(name)
        if image is None:
            face = made[name]
            width, height = face.width(), face.height()
            image = kept[name] = tk.PhotoImage(master=self.master, width=width, height=height)
            image.put(ground, to=(0, 0, width, height))
            if on_card:
                half = height // 2
                image.tk.call(image, "copy", face, "-from", 0, half, width, 2 * half, "-to", 0, 0)
            image.tk.call(image, "copy", face)  # blended over what is there (Tk's "overlay" rule)
        return image

    def back(self, size: tuple[int, int]) -> tk.PhotoImage | None:
        """The set's card back at ``size``; ``None`` while that size is not rendered yet (or the set has none)."""
        made = self._sizes.get(size)
        return None if made is None else made.get("back")

    def render_now(self, size: tuple[int, int]) -> None:
        """Make the images of ``size`` here and now (tests, benchmarks, screenshots)."""
        if size not in self._sizes:
            self._cut(size, render_sheet(self.key, zoom_for(self.key, *size)))

    def request(self, size: tuple[int, int], done: Callable[[], None]) -> None:
        """Make the images of ``size`` in a child process and call ``done`` on the Tk thread once they are made."""
        if size in self._sizes:
            done()
            return
        waiting = self._pending.setdefault(size, [])
        waiting.append(done)
        if len(waiting) > 1:
            return  # already under way
        result: list[bytes | BaseException] = []
        zoom = zoom_for(self.key, *size)

        def work() -> None:
            try:
                run = subprocess.run(
                    [sys.executable, "-m", __name__, self.key, repr(zoom)], capture_output=True, check=True
                )
                result.append(run.stdout)
            except (OSError, subprocess.CalledProcessError) as error:
                result.append(error)

        threading.Thread(target=work, daemon=True).start()
        self._poll(size, result)

    def _poll(self, size: tuple[int, int], result: list[bytes | BaseException]) -> None:
        if not result:
            self.master.after(20, self._poll, size, result)
            return
        data = result[0]
        try:
            # The child failed (no interpreter to start, say): render here once, to know whether the set works.
            self._cut(size, data if isinstance(data, bytes) else render_sheet(self.key, zoom_for(self.key, *size)))
        except tk.TclError:
            if not self.master.winfo_exists():
                return  # the window has gone
            self.failed = True
        except (ImportError, ValueError, OSError):
            self.failed = True
        for done in self._pending.pop(size, []):
            done()

    def _cut(self, size: tuple[int, int], png: bytes) -> None:
        sheet = tk.PhotoImage(master=self.master, data=png, format="png")
        zoom = zoom_for(self.key, *size)
        x0, y0, _w, _h = _extent(self.key)
        made: dict[str, tk.PhotoImage] = {}
        limit_w, limit_h = sheet.width(), sheet.height()
        for name, (x, y, w, h) in boxes(self.key).items():
            left, top = round((x - x0) * zoom), round((y - y0) * zoom)
            right, bottom = min(limit_w, left + round(w * zoom)), min(limit_h, top + round(h * zoom))
            image = tk.PhotoImage(master=self.master, width=right - left, height=bottom - top)
            image.tk.call(image, "copy", sheet, "-from", left, top, right, bottom)
            made[name] = image
        self._sizes[size] = made
        # A long resize drag passes many sizes: the oldest are let go, each being 53 images.
        while len(self._sizes) > KEPT_SIZES:
            oldest = next(iter(self._sizes))
            del self._sizes[oldest]
            for kept in [kept for kept in self._laid if kept[0] == oldest]:
                del self._laid[kept]
