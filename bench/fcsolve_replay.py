"""fc-solve's solutions replayed in patience's games, read as fc-solve means them (``--moves fcs``).

    .venv/bin/python bench/fcsolve_replay.py replay                 # FreeCell 1-1000 solved by fc-solve -l lg
    .venv/bin/python bench/fcsolve_replay.py replay --deals 1-30    # another range
    .venv/bin/python bench/fcsolve_replay.py store                  # rewrite tests/cli/data/fcs-solutions/

``replay`` has fc-solve solve each deal (``patience deal freecell N -f fcs |
fc-solve -l lg -snx -m -``), reads its output as it prints it and plays it
through :class:`patience.formats.fcsolve.FcsFollower` in a game with automatic play,
then checks that the game is won and that its record verifies. It prints
how many of the deals fc-solve solved replayed to a win, and the time.

``store`` writes the fc-solve outputs the tests replay without running
fc-solve, one file a solution, named ``VARIANT-DEAL-STYLE.txt`` and holding
fc-solve's stdout exactly as it printed it (the command that made it is in
``commands.txt`` beside them).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from patience import Game, format_board
from patience.formats.fcsolve import FcsFollower, fcs_tokens
from patience.formats.records import check_record, record_of

DATA = Path(__file__).parents[1] / "tests" / "cli" / "data" / "fcs-solutions"

#: When the replayed games are said to start (a record needs a time; the check does not depend on it).
STARTED = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)

#: fc-solve's options for each variant patience shares with it.
GAME_OPTIONS: dict[str, list[str]] = {
    "freecell": [],
    "bakers-game": ["--game", "bakers_game"],
    "seahaven-towers": ["--game", "seahaven_towers"],
    "eight-off": ["--freecells-num", "8", "--sequences-are-built-by", "suit", "--empty-stacks-filled-by", "kings"],
}

#: How each stored solution is printed: fc-solve's options for it.
STYLES: dict[str, list[str]] = {
    "snx": ["-snx", "-m"],
    "lg": ["-l", "lg", "-snx", "-m"],
    "sam": ["-p", "-t", "-sam", "-snx"],
    "verbose": ["-m"],
}

#: The stored solutions: 50 of them, every style and every shared variant.
STORED: list[tuple[str, int, str]] = (
    [("freecell", deal, "snx") for deal in range(1, 31)]
    + [("freecell", deal, "lg") for deal in range(31, 41)]
    + [("freecell", deal, "sam") for deal in (41, 42)]
    + [("freecell", deal, "verbose") for deal in (43, 44)]
    + [(name, deal, "snx") for name in ("bakers-game", "seahaven-towers", "eight-off") for deal in (1, 2)]
)


def fc_solve(name: str, deal: int, options: list[str]) -> str:
    """fc-solve's stdout for ``name``'s deal ``deal``, given the board as ``patience deal -f fcs`` prints it."""
    board = format_board(Game.new(name, deal).dealt)
    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
    command = ["fc-solve", *GAME_OPTIONS[name], *options, "-"]
    done = subprocess.run(command, input=board, capture_output=True, text=True, check=True, env=env, timeout=300)
    return done.stdout


def replayed(name: str, deal: int, output: str) -> Game:
    """The game of ``name``'s deal ``deal`` after fc-solve's ``output``, read as fc-solve means it."""
    game = Game.new(name, deal)
    follower = FcsFollower.from_deal(game)
    for line in output.splitlines():
        for token in fcs_tokens(line) or []:
            step = follower.step(game, token)
            if step.move is not None:
                game.play(step.move)
            follower.advance(step)
    return game


def store() -> None:
    """Rewrite the stored solutions from fc-solve's output."""
    if DATA.exists():
        shutil.rmtree(DATA)
    DATA.mkdir(parents=True)
    commands = []
    for name, deal, style in STORED:
        output = fc_solve(name, deal, STYLES[style])
        (DATA / f"{name}-{deal}-{style}.txt").write_text(output)
        options = " ".join([*GAME_OPTIONS[name], *STYLES[style]])
        commands.append(f"{name}-{deal}-{style}.txt: patience deal {name} {deal} -f fcs | fc-solve {options} -")
    (DATA / "commands.txt").write_text("\n".join(commands) + "\n")
    print(f"{len(STORED)} solutions written to {DATA}")


def _result(game: Game) -> str:
    return "won" if game.is_won else "unfinished"


def replay(first: int, last: int) -> int:
    """Replay FreeCell ``first``-``last`` solved by ``fc-solve -l lg``; the number that did not end won."""
    started = time.perf_counter()
    solved = won = 0
    failed: list[str] = []
    for deal in range(first, last + 1):
        output = fc_solve("freecell", deal, STYLES["lg"])
        if "This game is solveable." not in output:
            continue
        solved += 1
        try:
            game = replayed("freecell", deal, output)
        except Exception as error:  # a failure is counted and named, the run goes on
            failed.append(f"deal {deal}: {error}")
            continue
        problem = check_record(record_of(game, result=_result(game), started=STARTED)).problem
        if game.is_won and problem is None:
            won += 1
        else:
            failed.append(f"deal {deal}: {problem or 'not won'}")
    seconds = time.perf_counter() - started
    print(f"FreeCell {first}-{last}: fc-solve -l lg solved {solved}, {won} replayed to a won, verified game")
    print(f"{seconds:.1f} s")
    for line in failed:
        print(line)
    return len(failed)


def main() -> None:
    """Run the command named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("replay", help="replay deals solved by fc-solve -l lg and print the count")
    run.add_argument("--deals", default="1-1000", help="a range of FreeCell deals, like 1-1000")
    commands.add_parser("store", help="rewrite the stored solutions the tests replay")
    args = parser.parse_args()
    if args.command == "store":
        store()
        return
    first, _, last = str(args.deals).partition("-")
    sys.exit(1 if replay(int(first), int(last or first)) else 0)


if __name__ == "__main__":
    main()
