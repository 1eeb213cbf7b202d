"""FreeCell where each cell takes one suit (a spades, b hearts, c diamonds, d clubs): a cell-choice rule as a hook.

A hook that picks which free cell a card may use is what the game cannot
list (it lists a move to the first free cell only) and the solver cannot
search (it holds the cells as a set of cards): the conformance kit names such
a rule and the solver refuses to search it (``patience_solver.CellChoiceError``)
rather than disagree with the game. The same rule said as data,
``Rules.cell_suits``, is what Four Colours plays, and both read it.
"""

from __future__ import annotations

from patience import N_, Move, PlaceKind, Position, Registrar, Variant, Verdict, hookimpl


@hookimpl
def patience_register_variants(register: Registrar) -> None:
    """Register FreeCell with a cell per suit."""
    freecell = register.get("freecell")
    register(
        freecell.derive(
            name="freecell-suit-cells",
            title="FreeCell, a Cell per Suit",
            prefix="FP",
            description=N_("FreeCell where each cell takes one suit: spades, hearts, diamonds, clubs."),
        )
    )


@hookimpl
def patience_move_legality(variant: Variant, position: Position, move: Move) -> Verdict | None:
    """A card goes only into the cell of its suit; every other move as in FreeCell."""
    card = position.card_at(move.source)
    if move.destination.kind is PlaceKind.CELL and card is not None and move.destination.index != card.suit.value:
        return Verdict(False, "each cell takes one suit: spades a, hearts b, diamonds c, clubs d")
    return None
