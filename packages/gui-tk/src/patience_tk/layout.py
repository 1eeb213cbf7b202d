"""Where everything sits on the table: pure geometry, computed from the table's shape and the canvas size.

No Tk here, so the arithmetic can be reasoned about (and tested) on its own.
The top row holds the cells on the left and the foundations (four, or eight
for two decks) on the right; the columns sit below, centred. A table with
many cells stacks its foundations down the right-hand side instead, when
that gives larger cards. The slots always fit the table's width: with many
columns on a small screen the cards get narrower. Cards in a column are fanned downwards, closer
together when a long column would run off the canvas.
"""

from __future__ import annotations

from attrs import frozen

__all__ = ["Box", "Layout", "compute_layout"]

#: Card height over card width (a poker card is 88 x 63 mm).
ASPECT = 1.4
#: A face-up covered card shows this fraction of its height.
FAN = 0.27
#: The fan never gets tighter than this fraction of the card height.
MIN_FAN = 0.12
MIN_CARD_WIDTH = 36
MAX_CARD_WIDTH = 120


@frozen
class Box:
    """A rectangle in canvas pixels: left, top, right, bottom."""

    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies inside (edges included)."""
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def overlap(self, other: Box) -> float:
        """The area shared with ``other`` (0 when they do not meet)."""
        width = min(self.x1, other.x1) - max(self.x0, other.x0)
        height = min(self.y1, other.y1) - max(self.y0, other.y0)
        return width * height if width > 0 and height > 0 else 0.0

    def moved(self, dx: float, dy: float) -> Box:
        """The same box shifted by ``dx``, ``dy``."""
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    @property
    def centre(self) -> tuple[float, float]:
        """The middle point."""
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2


@frozen
class Layout:
    """The slots of one table at one canvas size."""

    width: float
    height: float
    card_w: float
    card_h: float
    cells: tuple[Box, ...]
    foundations: tuple[Box, ...]
    """One slot per foundation, in :class:`patience.Suit` order (with two decks, a second four after them)."""
    columns: tuple[Box, ...]
    """The slot of each column's first (most covered) card."""
    label_size: int
    """Font size in pixels for the slot labels."""

    def fan(self, cards: int) -> float:
        """The vertical distance between two cards of a column holding ``cards`` cards."""
        normal = self.card_h * FAN
        if cards < 2 or not self.columns:
            return normal
        room = self.height - self.columns[0].y0 - self.card_h - self.card_w * 0.15
        return max(min(normal, room / (cards - 1)), self.card_h * MIN_FAN)

    def card_box(self, column: int, index: int, cards: int) -> Box:
        """The box of card ``index`` (0 = most covered) in ``column``, which holds ``cards`` cards."""
        slot = self.columns[column]
        return slot.moved(0, index * self.fan(cards))

    def column_zone(self, column: int, cards: int) -> Box:
        """Everything a drop onto ``column`` may touch: from its slot down to the canvas bottom."""
        slot = self.columns[column]
        bottom = max(self.height, slot.y1 + max(cards - 1, 0) * self.fan(cards))
        gap = self.card_w * 0.1
        return Box(slot.x0 - gap, slot.y0, slot.x1 + gap, bottom)


def compute_layout(
    columns: int, cells: int, width: float, height: float, foundations: int = 4, longest: int = 0
) -> Layout:
    """The layout of a table with ``columns`` columns, ``cells`` cells and ``foundations`` foundations.

    ``longest`` is the most cards a column is to show: where even the
    tightest fan (:data:`MIN_FAN`) would take such a column past the bottom
    (Der Katzenschwanz deals columns of 40 cards), the cards are smaller.

    Two arrangements are tried and the one with the larger cards wins: the
    cells and the foundations side by side in one top row (FreeCell), or the
    cells alone on top with the foundations stacked down the right-hand side
    (a table with many cells, such as 8-cell Eight Off, whose top row would
    otherwise make every card narrow and leave the bottom of the table empty).
    """
    top_row = _arrange(columns, cells, foundations, width, height, side=False, longest=longest)
    side = _arrange(columns, cells, foundations, width, height, side=True, longest=longest)
    return side if side.card_w > top_row.card_w * 1.05 else top_row


#: Space between slots, as a fraction of the card width.
GAP = 0.18


def _arrange(
    columns: int, cells: int, foundations: int, width: float, height: float, *, side: bool, longest: int = 0
) -> Layout:
    stacks = -(-foundations // 4) if side else 0  # columns of at most four foundations down the side
    # Room for the top row, the labels and a column of about a dozen fanned cards.
    by_height = height / (2 * ASPECT + 11 * ASPECT * FAN * 0.8 + 0.9)
    if longest > 1:
        # And for the longest column at the tightest fan, below the top row and the labels (2.4 card widths).
        by_height = min(by_height, height / (2.4 + ASPECT * (1 + (longest - 1) * MIN_FAN)))
    if side:
        slots = max(columns, cells) + stacks + 0.4
        per_stack = min(foundations, 4)
        by_height = min(by_height, height / (per_stack * ASPECT + (per_stack - 1) * GAP + 0.6))
    else:
        slots = max(columns, cells + foundations + 0.6)  # the cells, a little space, the foundations
    by_width = width / (slots + (slots + 1) * GAP)
    # The cards are never narrower than MIN_CARD_WIDTH while the table's width allows it; a table with more
    # slots than that leaves room for (18 columns on a small screen) has narrower cards rather than slots off
    # its edge.
    card_w = min(max(MIN_CARD_WIDTH, min(MAX_CARD_WIDTH, by_width, by_height)), by_width)
    card_h = card_w * ASPECT
    gap = card_w * GAP
    label = max(9, int(card_w * 0.17))
    top = label * 1.6 + gap * 0.4

    columns_width = columns * card_w + (columns - 1) * gap
    cells_width = cells * card_w + max(cells - 1, 0) * gap
    if side:
        main = max(columns_width, cells_width)
        span = main + card_w * 0.4 + stacks * card_w + (stacks - 1) * gap
    else:
        row_width = (cells + foundations) * card_w + (cells + foundations - 1) * gap + card_w * 0.6
        main = span = max(row_width, columns_width)
    left = max(gap, (width - span) / 2)
    right = left + span

    cell_boxes = tuple(Box(x, top, x + card_w, top + card_h) for x in (left + i * (card_w + gap) for i in range(cells)))
    if side:
        foundation_boxes = tuple(
            Box(x, y, x + card_w, y + card_h)
            for i in range(foundations)
            for x, y in [
                (right - (stacks - i // 4) * card_w - (stacks - 1 - i // 4) * gap, top + (i % 4) * (card_h + gap))
            ]
        )
    else:
        foundation_boxes = tuple(
            Box(x, top, x + card_w, top + card_h)
            for x in (right - (foundations - i) * card_w - (foundations - 1 - i) * gap for i in range(foundations))
        )
    col_top = top + card_h + label * 1.8 + gap * 0.6
    col_left = left + (main - columns_width) / 2
    column_boxes = tuple(
        Box(x, col_top, x + card_w, col_top + card_h) for x in (col_left + i * (card_w + gap) for i in range(columns))
    )
    return Layout(width, height, card_w, card_h, cell_boxes, foundation_boxes, column_boxes, label)
