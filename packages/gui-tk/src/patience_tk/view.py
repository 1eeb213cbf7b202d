"""The table on a Tk canvas: drawing a game's position and hit testing. It decides no rule.

:class:`TableView` is given a :class:`patience.Game` and draws what its
position holds: every card, fanned so that each one shows; the cells in play
with their notation letters; the foundations; the numbered columns. It
answers geometric questions (which card is under the pointer, which place a
dragged card is over) and shows highlights, but whether a move is legal is
always the engine's answer, asked by the controller.

Every card is one canvas item tagged ``card`` (plus its face's text items),
so a test can count ``canvas.find_withtag("card")``: all 52 cards are drawn
at all times, the foundation cards stacked on their pile.
"""

from __future__ import annotations

import contextlib
import tkinter as tk
from collections.abc import Callable, Sequence

from attrs import frozen

from patience import Card, Colour, Game, Move, Place, PlaceKind, Redeal, Suit
from patience.cardnames import rank_letter
from patience_tk.cardsets import PLAIN, CardImages, card_set
from patience_tk.layout import Box, Layout, compute_layout
from patience_tk.texts import _

__all__ = ["Hit", "TableView", "card_tag"]

FELT = "#1d6b3a"
FELT_DARK = "#175a30"
SLOT_LINE = "#4f9a68"
LABEL = "#cfe8d5"
CARD_FACE = "#fbfaf4"
CARD_EDGE = "#6b6b6b"
RED = "#c0262d"
BLACK = "#1c1c1c"
#: The four-colour deck: every suit its own colour (spades, hearts, diamonds, clubs).
FOUR_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: "#1f5fbf", Suit.CLUBS: "#1b7a2e"}
HINT = "#ffd23f"
FLASH = "#ff5a4f"
FONT = "DejaVu Sans"


def card_tag(card: Card) -> str:
    """The canvas tag shared by every item of ``card``'s face: ``card-TD``."""
    return f"card-{card}"


@frozen
class Hit:
    """A card under the pointer that could be picked up: where, how deep, and how many cards lie from it up."""

    place: Place
    index: int
    """Position in the column (0 = most covered); 0 for a cell or a foundation."""
    count: int
    """Cards from this one to the top of its pile (1 for a cell or a foundation)."""


class TableView:
    """Draws ``game`` on ``canvas`` and answers where things are.

    Call :meth:`redraw` after the game changes (the controller does, on the
    game's events); the view redraws itself when the canvas is resized.
    """

    def __init__(self, canvas: tk.Canvas, game: Game) -> None:
        self.canvas = canvas
        self._game = game
        self.layout: Layout = self._compute()
        self._banner: tuple[str, str, Sequence[tuple[str, Callable[[], object]]]] | None = None
        self._banner_widgets: list[tk.Widget] = []
        self._highlight: Move | None = None
        self._flash_job: str | None = None
        self.before_redraw: list[Callable[[], None]] = []
        """Called before every full redraw (a running animation ends there)."""
        self._place_tags: dict[tuple[PlaceKind, int], list[str]] = {}
        self.overlays: list[Callable[[], None]] = []
        """Drawn after the cards at every redraw (the keyboard focus); they draw with the tag ``overlay``."""
        self.felt, self.felt_dark, self.slot_line = FELT, FELT_DARK, SLOT_LINE
        self.four_colour = False
        """Whether each suit has its own colour (♦ blue, ♣ green) instead of red and black."""
        self.card_set = PLAIN
        """The key of the card set the faces are drawn with (:data:`patience_tk.cardsets.CARD_SETS`)."""
        self._card_images: dict[str, CardImages] = {}
        self._drawn_faces: tuple[CardImages, tuple[int, int]] | None = None
        self._pictured: dict[int, Card] = {}
        """The card each picture card item shows (see :meth:`loosen`)."""
        self._loose: dict[int, str] = {}
        """The picture card items drawn with their transparent corners while they move, with their resting image."""
        canvas.configure(background=FELT, highlightthickness=0)
        canvas.bind("<Configure>", self._resized, add="+")
        canvas.bind("<Destroy>", lambda _e: self._unflash(), add="+")
        self.redraw()

    # -- the model --------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game on the table."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game
        self._highlight = None
        self.clear_banner()
        self.redraw()

    # -- geometry ---------------------------------------------------------
    def _compute(self) -> Layout:
        width = max(self.canvas.winfo_width(), 2)
        height = max(self.canvas.winfo_height(), 2)
        if width <= 2 or height <= 2:
            # Not mapped yet: use the requested size.
            width = int(self.canvas.cget("width"))
            height = int(self.canvas.cget("height"))
        position = self._game.position
        # Sized for the deal's longest column as well as today's, so that the cards keep their size as play
        # shortens it, and only shrink when a column grows longer than any the deal had.
        longest = max(len(column) for column in (*self._game.dealt.columns, *position.columns))
        return compute_layout(
            len(position.columns), len(position.cells), width, height, len(position.foundations), longest
        )

    def _resized(self, _event: tk.Event[tk.Misc]) -> None:
        layout = self._compute()
        if (layout.width, layout.height) != (self.layout.width, self.layout.height):
            self.redraw()

    def card_box(self, place: Place, index: int = -1) -> Box:
        """The box of the card at ``place`` (``index`` in a column, -1 for its top); a slot when it is empty."""
        layout = self.layout
        position = self._game.position
        if place.kind is PlaceKind.COLUMN:
            column = position.columns[place.index or 0]
            if not column:
                return layout.columns[place.index or 0]
            if index < 0:
                index += len(column)
            return layout.card_box(place.index or 0, index, len(column))
        if place.kind is PlaceKind.CELL:
            return layout.cells[place.index or 0]
        return layout.foundations[place.index or 0]

    def place_of(self, card: Card) -> tuple[Place, int] | None:
        """Where ``card`` lies: its place and its index in a column (0 elsewhere)."""
        position = self._game.position
        for i, column in enumerate(position.columns):
            if card in column:
                return Place.column(i), column.index(card)
        for i, held in enumerate(position.cells):
            if held == card:
                return Place.cell(i), 0
        # A foundation by rank holds cards of every suit; otherwise a card can only be on its suit's.
        first, step = (0, 1) if position.piles else (card.suit.value, 4)
        for index in range(first, len(position.foundations), step):
            if card in position.foundation_cards(index):
                return Place(PlaceKind.FOUNDATION, index), 0
        return None

    def hit(self, x: float, y: float) -> Hit | None:
        """The card under ``(x, y)`` that could be picked up, if any (a covered card picks up the cards on it)."""
        layout = self.layout
        position = self._game.position
        for i, column in enumerate(position.columns):
            for index in range(len(column) - 1, -1, -1):
                if layout.card_box(i, index, len(column)).contains(x, y):
                    return Hit(Place.column(i), index, len(column) - index)
        for i, card in enumerate(position.cells):
            if card is not None and layout.cells[i].contains(x, y):
                return Hit(Place.cell(i), 0, 1)
        for index, count in enumerate(position.foundations):
            if count and layout.foundations[index].contains(x, y):
                return Hit(Place(PlaceKind.FOUNDATION, index), 0, 1)
        return None

    @property
    def redeal_box(self) -> Box | None:
        """The redeal slot, left of the foundations where PySolFC shows its talon; ``None`` without a redeal.

        A click on it redeals (:meth:`patience.Game.redeal`).
        """
        layout = self.layout
        if self._game.variant.rules.redeal is Redeal.NONE or not layout.foundations:
            return None
        first = layout.foundations[0]
        x1 = first.x0 - layout.card_w * 0.6
        return Box(x1 - layout.card_w, first.y0, x1, first.y1)

    def on_redeal(self, x: float, y: float) -> bool:
        """Whether ``(x, y)`` is on the redeal slot."""
        box = self.redeal_box
        return box is not None and box.contains(x, y)

    def drop_target(self, box: Box) -> Place | None:
        """The place a card dragged to ``box`` is dropped on: the one it overlaps most; a foundation is ``h``."""
        layout = self.layout
        position = self._game.position
        best: tuple[float, Place] | None = None
        zones: list[tuple[Box, Place]] = [
            (layout.column_zone(i, len(column)), Place.column(i)) for i, column in enumerate(position.columns)
        ]
        zones += [(slot, Place.cell(i)) for i, slot in enumerate(layout.cells)]
        zones += [(slot, Place.foundation()) for slot in layout.foundations]
        for zone, place in zones:
            area = zone.overlap(box)
            if area > 0 and (best is None or area > best[0]):
                best = (area, place)
        return best[1] if best else None

    # -- drawing ----------------------------------------------------------
    def set_look(
        self,
        *,
        felt: tuple[str, str, str] | None = None,
        four_colour: bool | None = None,
        cards: str | None = None,
    ) -> None:
        """Change the table colour (felt, empty slot, slot outline), the deck's colours or the card set; redraw."""
        if felt is not None:
            self.felt, self.felt_dark, self.slot_line = felt
            self.canvas.configure(background=self.felt)
        if four_colour is not None:
            self.four_colour = four_colour
        if cards is not None:
            self.card_set = card_set(cards).key
        self.redraw()

    @property
    def card_size(self) -> tuple[int, int]:
        """A card's box in whole pixels: the size a card set's images are made at."""
        return round(self.layout.card_w), round(self.layout.card_h)

    def card_images(self, key: str | None = None) -> CardImages | None:
        """The images of card set ``key`` (the one in use by default), kept per set; ``None`` for the plain faces."""
        chosen = card_set(self.card_set if key is None else key)
        if not chosen.pictured:
            return None
        images = self._card_images.get(chosen.key)
        if images is None:
            images = self._card_images[chosen.key] = CardImages(self.canvas, chosen.key)
        return images

    def card_back(self) -> tk.PhotoImage | None:
        """The card set's back at today's card size; ``None`` for the plain faces or while it renders."""
        images = self.card_images()
        return None if images is None else images.back(self.card_size)

    def _faces(self) -> tuple[CardImages, tuple[int, int]] | None:
        """The set's images to draw with and their size; asks for today's size when it is not made yet.

        While a size renders the closest size made is shown, so that a resize
        never falls back to other faces; before any is made the plain faces are.
        """
        images = self.card_images()
        if images is None or images.failed:
            return None
        size = self.card_size
        if images.ready(size):
            return images, size
        if not images.busy:
            images.request(size, self._faces_made)
        nearest = images.nearest(size)
        return None if nearest is None else (images, nearest)

    def _faces_made(self) -> None:
        with contextlib.suppress(tk.TclError):  # the window may have closed meanwhile
            if self.canvas.winfo_exists():
                self.redraw()

    def card_colour(self, card: Card) -> str:
        """The colour ``card``'s rank and suit are printed in."""
        if self.four_colour:
            return FOUR_COLOURS[card.suit]
        return RED if card.colour is Colour.RED else BLACK

    def redraw(self) -> None:
        """Draw the whole table again from the game's position."""
        for hook in self.before_redraw:
            hook()
        canvas = self.canvas
        self.layout = layout = self._compute()
        canvas.delete("all")
        position = self._game.position
        label_font = (FONT, -layout.label_size)
        # Where each cell takes one suit, its label names the suit and the empty slot shows it (as a foundation's).
        suits = self._game.variant.rules.cell_suits
        for i, slot in enumerate(layout.cells):
            self._slot(slot)
            if i < len(suits):
                self._label(slot, f"{Place.cell(i)} {suits[i].symbol}", label_font)
                x, y = slot.centre
                canvas.create_text(
                    x,
                    y,
                    text=suits[i].symbol,
                    fill=self.slot_line,
                    font=(FONT, -int(layout.card_w * 0.5)),
                    tags=("slot",),
                )
            else:
                self._label(slot, str(Place.cell(i)), label_font)
        for index, slot in enumerate(layout.foundations):
            suit = Suit(index % 4)
            self._slot(slot)
            x, y = slot.centre
            canvas.create_text(
                x, y, text=suit.symbol, fill=self.slot_line, font=(FONT, -int(layout.card_w * 0.5)), tags=("slot",)
            )
        if layout.foundations:
            first = layout.foundations[0]
            heading = canvas.create_text(
                (min(box.x0 for box in layout.foundations) + max(box.x1 for box in layout.foundations)) / 2,
                first.y0 - layout.label_size * 0.9,
                # Translators: the label over the foundations; {key} is the letter a typed move names them by.
                text=_("{key}  (foundations)").format(key="h"),
                fill=LABEL,
                font=label_font,
                tags=("label",),
            )
            # Over foundations stacked down the right-hand edge the label is wider than they are: it is moved
            # in from the edge so that it shows whole.
            drawn = canvas.bbox(heading)
            if drawn is not None:
                edge = layout.width - layout.card_w * 0.1
                if drawn[2] > edge:
                    canvas.move(heading, edge - drawn[2], 0)
        redeal = self.redeal_box
        if redeal is not None:
            self._slot(redeal)
            x, y = redeal.centre
            canvas.create_text(
                x, y, text="↻", fill=self.slot_line, font=(FONT, -int(layout.card_w * 0.6)), tags=("slot", "redeal")
            )
            # Translators: the label over the slot a click on which gathers the columns and deals them again.
            self._label(redeal, _("{key}  (redeal)").format(key="R"), label_font)
        for i, slot in enumerate(layout.columns):
            self._slot(slot)
            self._label(slot, str(Place.column(i)), label_font)
        # Two decks have two of each card, sharing card_tag(card): each drawn card also gets a tag of its own,
        # kept by place, so that a drag lifts the cards picked up and not their twins elsewhere.
        self._place_tags = {}
        self._pictured, self._loose = {}, {}
        self._drawn_faces = self._faces()
        for index, slot in enumerate(layout.foundations):
            for card in position.foundation_cards(index):
                self._card(card, slot, (PlaceKind.FOUNDATION, index))
        for i, held in enumerate(position.cells):
            if held is not None:
                self._card(held, layout.cells[i], (PlaceKind.CELL, i))
        for i, column in enumerate(position.columns):
            for index, card in enumerate(column):
                self._card(card, layout.card_box(i, index, len(column)), (PlaceKind.COLUMN, i))
        if self._highlight is not None:
            self._draw_highlight(self._highlight)
        self.redraw_overlays()
        if self._banner is not None:
            self._draw_banner()

    def restack(self) -> None:
        """Put every card back in the stacking order :meth:`redraw` gives, with the marks over them.

        A slide raises cards in the order they land; once they are all down
        the table must stack exactly as if drawn afresh: each pile's top card
        over the cards under it.
        """
        canvas = self.canvas
        for tags in self._place_tags.values():
            for tag in tags:
                canvas.tag_raise(tag)
        for mark in ("highlight", "overlay", "flash", "banner", "celebrate"):
            canvas.tag_raise(mark)
        for item, image in self._loose.items():
            canvas.itemconfigure(item, image=image)
        self._loose = {}

    def loosen(self, tag: str) -> None:
        """Draw the picture cards of ``tag`` with their corners transparent while they move; :meth:`restack` ends it.

        A card at rest is drawn opaque, its corners painted with what lies
        under them there; a moving card passes over the felt and other cards,
        so it is drawn as its set made it, which Tk blends at every frame (a
        cost for a few moving cards, not for a table of them).
        """
        if self._drawn_faces is None:
            return
        images, size = self._drawn_faces
        canvas = self.canvas
        for item in canvas.find_withtag(tag):
            card = self._pictured.get(item)
            face = None if card is None or item in self._loose else images.face(card, size)
            if face is not None:
                self._loose[item] = str(canvas.itemcget(item, "image"))  # type: ignore[no-untyped-call]
                canvas.itemconfigure(item, image=face)

    def _slot(self, box: Box) -> None:
        rounded(
            self.canvas, box, self.layout.card_w * 0.08, fill=self.felt_dark, outline=self.slot_line, tags=("slot",)
        )

    def _label(self, box: Box, text: str, font: tuple[str, int]) -> None:
        self.canvas.create_text(
            (box.x0 + box.x1) / 2, box.y0 - self.layout.label_size * 0.9, text=text, fill=LABEL, font=font,
            tags=("label",),
        )  # fmt: skip

    def _card(self, card: Card, box: Box, where: tuple[PlaceKind, int]) -> None:
        canvas = self.canvas
        w = self.layout.card_w
        tags = self._place_tags.setdefault(where, [])
        own = f"drawn-{where[0].name.lower()}-{where[1]}-{len(tags)}"
        tags.append(own)
        tag = (card_tag(card), own)
        colour = self.card_colour(card)
        if self._drawn_faces is not None:
            images, size = self._drawn_faces
            # Drawn opaque (a transparent corner makes Tk blend the image with what is under it, which is slow):
            # the first card of a pile lies on its slot; a card fanned over another shows that card's edge in its
            # top corners, and the felt in its bottom ones.
            on_card = where[0] is PlaceKind.COLUMN and len(tags) > 1
            face = images.laid(card, size, self.felt if on_card else self.felt_dark, on_card=on_card)
            if face is not None:
                item = canvas.create_image(*box.centre, image=face, tags=("card", *tag))
                self._pictured[item] = card
                if self.four_colour:
                    self._recolour_corner(card, box, face, images, colour, tag)
                return
        rounded(canvas, box, w * 0.08, fill=CARD_FACE, outline=CARD_EDGE, tags=("card", *tag))
        pad = w * 0.07
        corner = (FONT, -max(9, int(w * 0.2)), "bold")
        rank = rank_letter(card.rank)  # the language's letter: German D for a queen
        canvas.create_text(
            box.x0 + pad, box.y0 + pad * 0.5, text=rank + card.suit.symbol, anchor="nw", fill=colour, font=corner,
            tags=("face", *tag),
        )  # fmt: skip
        canvas.create_text(
            box.x1 - pad, box.y0 + pad * 0.5, text=card.suit.symbol, anchor="ne", fill=colour, font=corner,
            tags=("face", *tag),
        )  # fmt: skip
        x, y = box.centre
        y += w * 0.12
        if card.rank > 10:
            canvas.create_text(x, y, text=rank, fill=colour, font=(FONT, -int(w * 0.46), "bold"), tags=("face", *tag))
            canvas.create_text(
                x, y + w * 0.36, text=card.suit.symbol, fill=colour, font=(FONT, -int(w * 0.24)), tags=("face", *tag)
            )
        else:
            big = (FONT, -int(w * 0.55))
            canvas.create_text(x, y, text=card.suit.symbol, fill=colour, font=big, tags=("face", *tag))

    def _recolour_corner(
        self, card: Card, box: Box, face: tk.PhotoImage, images: CardImages, colour: str, tag: tuple[str, str]
    ) -> None:
        """Repaint the suit signs of a picture face's top indexes in the four-colour deck's colour.

        A picture set prints its suits red and black; the signs under the
        rank are the ones a fanned column shows, so those take the colour.
        """
        width, height = face.width(), face.height()
        left, top = box.centre[0] - width / 2, box.centre[1] - height / 2
        for x0, y0, x1, y1 in images.set.corner_suits:
            area = (left + x0 * width, top + y0 * height, left + x1 * width, top + y1 * height)
            self.canvas.create_rectangle(*area, fill=images.set.paper, width=0, tags=("face", *tag))
            self.canvas.create_text(
                (area[0] + area[2]) / 2, (area[1] + area[3]) / 2, text=card.suit.symbol, fill=colour,
                font=(FONT, -max(8, round(area[3] - area[1]))), tags=("face", "suit-mark", *tag),
            )  # fmt: skip

    # -- highlights and banners -------------------------------------------
    def highlight(self, move: Move | None) -> None:
        """Mark ``move``'s cards and destination (a hint); ``None`` clears the mark."""
        self._highlight = move
        self.canvas.delete("highlight")
        if move is not None:
            self._draw_highlight(move)

    @property
    def highlighted(self) -> Move | None:
        """The move marked by :meth:`highlight`, if any."""
        return self._highlight

    def _draw_highlight(self, move: Move) -> None:
        position = self._game.position
        if not position.exists(move.source) or not position.moving_cards(move):
            return
        source = move.source
        if source.kind is PlaceKind.COLUMN:
            top = self.card_box(source, -move.count)
            bottom = self.card_box(source, -1)
            box = Box(top.x0, top.y0, bottom.x1, bottom.y1)
        else:
            box = self.card_box(source)
        self._outline(box, HINT, "highlight")
        dest = move.destination
        target: Box | None = None
        if dest.kind is PlaceKind.FOUNDATION:
            card = position.moving_cards(move)[0]
            home = position.home_index(card)
            target = self.layout.foundations[card.suit.value if home is None else home]
        elif position.exists(dest):
            target = self.card_box(dest)
        if target is not None:
            self._outline(target, HINT, "highlight", dash=(6, 4))

    def redraw_overlays(self) -> None:
        """Draw the overlays again (the keyboard focus moved) without redrawing the cards."""
        self.canvas.delete("overlay")
        for draw in self.overlays:
            draw()
        self.canvas.tag_raise("banner")

    def outline(self, box: Box, colour: str, tag: str, *, width: int = 3, dash: tuple[int, ...] = ()) -> None:
        """A rounded outline just outside ``box``."""
        self._outline(box, colour, tag, dash, width)

    def _outline(self, box: Box, colour: str, tag: str, dash: tuple[int, ...] = (), width: int = 3) -> None:
        grow = 3
        rounded(
            self.canvas,
            Box(box.x0 - grow, box.y0 - grow, box.x1 + grow, box.y1 + grow),
            self.layout.card_w * 0.1,
            fill="",
            outline=colour,
            width=width,
            dash=dash,
            tags=(tag,),
        )

    def flash(self, place: Place) -> None:
        """Briefly outline ``place`` in red: the subtle "nothing happened" for a tap that does nothing."""
        if not self._game.position.exists(place):
            return
        self.canvas.delete("flash")
        self._outline(self.card_box(place), FLASH, "flash")
        if self._flash_job is not None:
            self.canvas.after_cancel(self._flash_job)
        self._flash_job = self.canvas.after(350, self._flash_over)

    def _flash_over(self) -> None:
        self._flash_job = None
        self.canvas.delete("flash")

    def _unflash(self) -> None:
        job, self._flash_job = self._flash_job, None
        if job is not None:
            # Also called when the canvas goes away: a pending timer must not outlive it.
            with contextlib.suppress(tk.TclError):
                self.canvas.after_cancel(job)
                self.canvas.delete("flash")

    def show_banner(self, title: str, detail: str, actions: Sequence[tuple[str, Callable[[], object]]] = ()) -> None:
        """A message over the table (a win, a game given up) with buttons; it stays until cleared."""
        self._banner = (title, detail, tuple(actions))
        # Drawn over the table as it is, without a full redraw: the last cards may still be sliding.
        self.canvas.delete("banner")
        self._draw_banner()

    def clear_banner(self) -> None:
        """Take the banner away."""
        self._banner = None
        self.canvas.delete("banner")
        for widget in self._banner_widgets:
            widget.destroy()
        self._banner_widgets = []

    @property
    def banner_text(self) -> str | None:
        """The banner's title and detail, for tests; ``None`` when there is none."""
        return None if self._banner is None else f"{self._banner[0]}\n{self._banner[1]}"

    @property
    def banner_buttons(self) -> list[tk.Button]:
        """The banner's buttons, for tests."""
        return [child for row in self._banner_widgets for child in row.winfo_children() if isinstance(child, tk.Button)]

    def _draw_banner(self) -> None:
        """The title, the detail and the buttons stacked from the top, then the box drawn around what they need."""
        assert self._banner is not None
        title, detail, actions = self._banner
        for widget in self._banner_widgets:
            widget.destroy()
        self._banner_widgets = []
        canvas = self.canvas
        layout = self.layout
        half_w = min(layout.width * 0.45, 380)
        cx, top = layout.width / 2, layout.height * 0.28
        heading = canvas.create_text(
            cx, top + 20, text=title, fill="#2b2b2b", font=(FONT, -26, "bold"), anchor="n", tags=("banner",)
        )
        y = canvas.bbox(heading)[3] + 8
        body = canvas.create_text(
            cx, y, text=detail, fill="#3d3d3d", font=(FONT, -15), width=half_w * 1.8, justify="center", anchor="n",
            tags=("banner",),
        )  # fmt: skip
        y = canvas.bbox(body)[3] + 14
        row = tk.Frame(canvas, background="#fffbea")
        for number, (text, command) in enumerate(actions):
            button = tk.Button(row, text=text, command=command, font=(FONT, -14), padx=10)
            if number == 0:
                button.configure(default="active")  # Return on the table presses it
            button.pack(side="left", padx=8)
        self._banner_widgets.append(row)
        canvas.create_window(cx, y, window=row, anchor="n", tags=("banner",))
        row.update_idletasks()
        bottom = y + row.winfo_reqheight() + 18
        frame = rounded(
            canvas, Box(cx - half_w, top, cx + half_w, bottom), 18, fill="#fffbea", outline=HINT, width=3,
            tags=("banner",),
        )  # fmt: skip
        canvas.tag_lower(frame, heading)

    # -- dragging ---------------------------------------------------------
    def lift(self, hit: Hit) -> None:
        """Raise the cards ``hit`` picks up above everything and tag them ``drag``: :meth:`drag_by` moves them."""
        self.canvas.dtag("drag", "drag")
        place = hit.place
        drawn = self._place_tags.get((place.kind, place.index or 0), [])
        if place.kind is PlaceKind.COLUMN:
            picked = drawn[hit.index :]
        else:
            picked = drawn[-1:]  # a cell's card, a foundation's top card
        for tag in picked:
            self.canvas.addtag_withtag("drag", tag)
            self.canvas.tag_raise(tag)
            self.loosen(tag)  # the drop (or Esc) redraws the table

    def drag_by(self, dx: float, dy: float) -> None:
        """Move the lifted cards by ``dx``, ``dy``."""
        self.canvas.move("drag", dx, dy)


def rounded(canvas: tk.Canvas, box: Box, radius: float, **options: object) -> int:
    """A rounded rectangle as a smoothed polygon; returns the canvas item id."""
    x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
    r = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
    points = [
        x0 + r, y0, x1 - r, y0, x1, y0, x1, y0 + r, x1, y1 - r, x1, y1,
        x1 - r, y1, x0 + r, y1, x0, y1, x0, y1 - r, x0, y0 + r, x0, y0,
    ]  # fmt: skip
    return canvas.create_polygon(points, smooth=True, **options)  # type: ignore[call-overload, no-any-return]
