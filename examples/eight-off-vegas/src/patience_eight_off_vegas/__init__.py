"""Eight Off scored Vegas-style, derived from the Eight Off another plugin registers.

- Eight Off's deal, table and rules, whichever plugin registers Eight Off:
  this one asks for it by name (``register.get``) and never imports it.
- The score starts at -52 (the price of the deck) and every card earns +5
  the first time it goes home; the score may stay below zero. An undo takes
  back what the undone action earned, so undoing and redoing earns nothing.
"""

from __future__ import annotations

from patience import Registrar, Scoring, hookimpl

__all__ = ["VEGAS_SCORING", "patience_register_variants"]

#: -52 to start, +5 a card home (the first time only), below zero allowed.
VEGAS_SCORING = Scoring(start=-52, negative=True, card_home=5, first_time_only=True, undo_takes_back=True)


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
            description="Eight Off scored Vegas-style: -52 to start, +5 for each card home.",
        )
    )
