"""Eight Off scored Vegas-style, derived from the Eight Off another plugin registers.

- Eight Off's deal, table and rules, whichever plugin registers Eight Off:
  this one asks for it by name (``register.get``) and never imports it.
- The score starts at -52 (the price of the deck) and every card earns +5
  the first time it goes home; the score may stay below zero. An undo takes
  back what the undone action earned, so undoing and redoing earns nothing.
"""

from __future__ import annotations

from patience import N_, N_paragraphs, Registrar, Scoring, hookimpl

__all__ = ["VEGAS_SCORING", "patience_register_variants"]

#: -52 to start, +5 a card home (the first time only), below zero allowed.
VEGAS_SCORING = Scoring(start=-52, negative=True, card_home=5, first_time_only=True, undo_takes_back=True)


RULES_TEXT = N_paragraphs("""\
Eight Off (Vegas) is Eight Off with another score: the deal, the table and every move are Eight Off's.

Goal: move all 52 cards to the four foundations, one per suit, each built up from the ace to the king.

The deal: 48 cards face up in 8 columns of 6; the other 4 start in the free cells. With 8 cells, four cells \
start free; with 4 cells none; with 2 cells both are filled and the other two cards lie on columns 3 and 4.

Columns: a column's top card may move onto the next higher card of the same suit (♥7 on ♥8). Only a king, \
alone or with the run on it, may go into an empty column. Any card may go into an empty cell.

Runs: a same-suit run on top of a column moves as one move if it has no more than \
(free cells + 1) × 2^(empty columns) cards; an empty column that is the destination does not count.

No card goes home by itself. A foundation's top card may be taken back to a free cell or onto a column \
that takes it.

Score: the game starts at −52, the price of the deck, and each card earns +5 the first time it reaches a \
foundation; the score may stay below zero. Undoing takes back what the move earned. Undo: the last 100 moves.
""")


@hookimpl
def patience_register_variants(register: Registrar) -> None:
    """Register Eight Off (Vegas): Eight Off under its own name and code prefix, Vegas scoring."""
    eight_off = register.get("eight-off")
    register(
        eight_off.derive(
            name="eight-off-vegas",
            title="Eight Off (Vegas)",
            prefix="EV",
            scoring=VEGAS_SCORING,
            description=N_("Eight Off scored Vegas-style: -52 to start, +5 for each card home."),
            rules_text=RULES_TEXT,
            family=N_("Baker's Game"),
        )
    )
