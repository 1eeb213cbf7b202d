"""The variants that ship with patience, each a pluggy plugin module registered in the ``patience`` entry-point group.

- :mod:`patience_variants.eight_off`: Eight Off with 8, 4 or 2 cells.
- :mod:`patience_variants.freecell`: FreeCell with 4, 3, 2 or 1 cells.
- :mod:`patience_variants.bakers_game`: Baker's Game.
- :mod:`patience_variants.seahaven_towers`: Seahaven Towers.
- :mod:`patience_variants.simple_simon`: Simple Simon (PySolFC's deals; only complete suits go home).
"""

from __future__ import annotations

__all__: list[str] = []
