"""FreeCell Cell Tax: FreeCell's scoring, less 5 points for each card a move puts in a free cell."""

from __future__ import annotations

from collections.abc import Generator

from attrs import evolve

from patience import N_, Move, PlaceKind, Position, Registrar, ScoredAction, ScoreState, Variant, hookimpl

NAME = "freecell-cell-tax"
TAX = 5


@hookimpl
def patience_register_variants(register: Registrar) -> None:
    """Register FreeCell Cell Tax: FreeCell's deals and rules; the score may go below 0."""
    freecell = register.get("freecell")
    register(
        freecell.derive(
            name=NAME,
            title="FreeCell Cell Tax",
            prefix="FX",
            scoring=evolve(freecell.rules.scoring, negative=True),
            description=N_("FreeCell where each card put in a free cell costs 5 points."),
        )
    )


@hookimpl(wrapper=True)
def patience_score_action(
    variant: Variant, state: ScoreState, action: ScoredAction, move: Move | None, before: Position, after: Position
) -> Generator[None, ScoreState | None, ScoreState | None]:
    """FreeCell's score for the action (the default's answer), less the tax on a move into a cell.

    A wrapper sees every variant's calls: it changes this variant's score only.
    """
    scored = yield
    if variant.name != NAME or scored is None or move is None or move.destination.kind is not PlaceKind.CELL:
        return scored
    return evolve(scored, score=scored.score - TAX * move.count)
