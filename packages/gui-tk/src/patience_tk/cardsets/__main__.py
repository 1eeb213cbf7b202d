"""``python -m patience_tk.cardsets KEY ZOOM``: a set's sheet as PNG data on standard output.

The window runs this in a child process so that rendering a new size never
holds its interface thread.
"""

from __future__ import annotations

import sys

from patience_tk.cardsets import CARD_SETS, render_sheet


def main(argv: list[str]) -> int:
    """Write the sheet of set ``argv[0]`` at zoom ``argv[1]`` to standard output."""
    if len(argv) != 2 or argv[0] not in CARD_SETS or not CARD_SETS[argv[0]].pictured:
        print("patience: usage: python -m patience_tk.cardsets KEY ZOOM", file=sys.stderr)
        return 2
    try:
        zoom = float(argv[1])
    except ValueError:
        print(f"patience: not a zoom: {argv[1]}", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(render_sheet(argv[0], zoom))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
