"""Eight Off with kings-only empty columns lifted: the shipped Eight Off, derived in one call."""

from __future__ import annotations

from patience import N_, EmptyColumns, Registrar, hookimpl


@hookimpl
def patience_register_variants(register: Registrar) -> None:
    """Register Eight Off Open: Eight Off's deal and rules, any card into an empty column."""
    eight_off = register.get("eight-off")
    register(
        eight_off.derive(
            name="eight-off-open",
            title="Eight Off Open",
            prefix="EP",
            empty_columns=EmptyColumns.ANY,
            description=N_("Eight Off where any card may fill an empty column."),
        )
    )
