"""``--moves``: whose notation the move lines of ``play`` and ``verify`` are written in."""

from __future__ import annotations

import enum
from typing import Annotated

import typer

from patience_cli.texts import _

__all__ = ["MOVES_HELP", "MoveNotation", "MovesOption"]


class MoveNotation(enum.StrEnum):
    """How move lines are read: patience's notation, or fc-solve's output as fc-solve means it."""

    PATIENCE = "patience"
    FCS = "fcs"


MOVES_HELP = _(
    "patience: moves as this game writes them (solve --format sn output included); "
    "fcs: fc-solve's output as it prints it, each move as fc-solve means it (no automatic play between its moves)."
)

#: The ``--moves`` option, as ``play`` and ``verify`` take it.
MovesOption = Annotated[MoveNotation, typer.Option("--moves", help=MOVES_HELP)]
