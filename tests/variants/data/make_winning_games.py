"""Regenerate ``winning_games.txt`` with Freecell Solver (not needed to run the tests).

Usage: ``.venv/bin/python tests/variants/data/make_winning_games.py``

For each deal below, fc-solve solves the position as dealt (``fc-solve --game
NAME -m -snx``, with no ``-l`` preset, which would reset the kings-only rule)
and its moves are replayed through :class:`patience.Game`. fc-solve plays
every card home itself; where our variant's automatic play has already moved a
card home, that move is dropped (or a run loses its cards that went home), so
the stored list is exactly what a player types. fc-solve leaves the run length
out when a run goes onto a card; it is read from the position.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from patience import Game, Move, PlaceKind, Position, format_board
from patience.legality import run_length

HERE = Path(__file__).parent
GAMES = [
    # variant, deal, cells, fc-solve game name
    ("eight-off", 1, 8, "eight_off"),
    ("eight-off", 160, 8, "eight_off"),
    ("eight-off", 2, 4, "eight_off"),
    ("eight-off", 904, 2, "eight_off"),
    ("freecell", 1, 4, "freecell"),
    ("bakers-game", 1, 4, "bakers_game"),
    ("seahaven-towers", 1, 4, "seahaven_towers"),
]


def solve(board: str, game_name: str, cells: int) -> list[str]:
    """fc-solve's move list for ``board``."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(board)
    command = ["fc-solve", "--game", game_name, "--freecells-num", str(cells), "-m", "-snx", handle.name]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600).stdout
    if "This game is solveable" not in output:
        raise SystemExit(f"fc-solve found no solution:\n{board}")
    body = output.split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1].split("This game is solveable", 1)[0]
    return body.split()


def shadow_move(shadow: Position, text: str, game: Game) -> Move:
    """fc-solve's move in its own position (where no card has gone home by itself)."""
    move = Move.parse(text)
    if "v" in text or move.source.kind is not PlaceKind.COLUMN or move.destination.kind is not PlaceKind.COLUMN:
        return move
    target = shadow.column(move.destination)
    column = shadow.column(move.source)
    if not target:
        return move
    for n in range(1, run_length(game.variant.rules.build, column) + 1):
        if column[-n].rank + 1 == target[-1].rank:
            return Move(move.source, move.destination, n)
    return move


def translate(variant: str, deal: int, cells: int, solution: list[str]) -> list[str]:
    """fc-solve's moves as a player of our game plays them."""
    game = Game.new(variant, deal=deal, cells=cells)
    shadow = game.dealt
    played: list[str] = []
    for text in solution:
        move = shadow_move(shadow, text, game)
        moving = shadow.moving_cards(move)
        shadow = shadow.apply(move)
        foundations = game.position.foundations
        left = [card for card in moving if foundations[card.suit.value] < card.rank]
        if not left:
            continue
        ours = Move(move.source, move.destination, len(left))
        game.play(ours)
        played.append(str(ours))
    if not game.is_won:
        raise SystemExit(f"{variant} {deal}: the replay did not win")
    return played


def main() -> None:
    """Solve each game and write the file."""
    lines = [
        "# Winning games played move by move through Game.play; made by make_winning_games.py from",
        "# fc-solve solutions. Each game: a line '== variant deal cells', then its moves.",
        "",
    ]
    for variant, deal, cells, name in GAMES:
        board = format_board(Game.new(variant, deal=deal, cells=cells).dealt)
        moves = translate(variant, deal, cells, solve(board, name, cells))
        lines.append(f"== {variant} {deal} {cells}")
        lines += [" ".join(moves[i : i + 20]) for i in range(0, len(moves), 20)]
        lines.append("")
        print(variant, deal, cells, len(moves), file=sys.stderr)
    (HERE / "winning_games.txt").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
