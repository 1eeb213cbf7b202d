"""FreeCell with ten free cells: the shipped FreeCell's rules and deals, more room."""

from __future__ import annotations

from patience import N_, Registrar, hookimpl


@hookimpl
def patience_register_variants(register: Registrar) -> None:
    """Register FreeCell 10: FreeCell's deals with 10 cells (8 to 10)."""
    freecell = register.get("freecell")
    register(
        freecell.derive(
            name="freecell-ten",
            title="FreeCell 10",
            prefix="FT",
            cell_counts=(10, 9, 8),
            default_cells=10,
            description=N_("FreeCell's deals with ten free cells."),
        )
    )
