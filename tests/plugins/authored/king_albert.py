"""King Albert: 9 columns of 1 to 9 cards and a reserve of 7 never refilled; alternate colours, one card at a time."""

from __future__ import annotations

from collections.abc import Callable

from patience import N_, Build, EmptyColumns, Position, Rules, Scoring, Variant, hookimpl
from patience.shuffle import ms_deal

KING_ALBERT = Variant(
    name="king-albert",
    title="King Albert",
    prefix="KA",
    columns=9,
    cell_counts=(7,),
    default_cells=7,
    rules=Rules(
        build=Build.ALTERNATE_COLOURS,
        empty_columns=EmptyColumns.ANY,
        group_moves=False,
        reserve=7,
        scoring=Scoring(card_home=10, undo_takes_back=True),
    ),
    description=N_("9 columns of 1 to 9 cards and a reserve of 7 never refilled; alternate colours, one at a time."),
)


@hookimpl
def patience_register_variants(register: Callable[[Variant], None]) -> None:
    """Register King Albert."""
    register(KING_ALBERT)


@hookimpl
def patience_deal(variant: Variant, deal: int, cells: int) -> Position:
    """Columns of 1, 2, ... 9 cards (45), the other 7 cards into the reserve."""
    cards = ms_deal(deal)
    starts = [n * (n - 1) // 2 for n in range(1, 11)]
    columns = tuple(cards[starts[n] : starts[n + 1]] for n in range(9))
    return Position(columns, cards[45:])
