"""Which of our games Freecell Solver knows, under which ``--game`` preset, and how to ask it about a position.

The one table (:data:`GAMES`) maps a variant's name to fc-solve's preset and
the options that turn the preset into the game (PySolFC's FreeCell-rules
games are fc-solve's ``freecell`` or ``forecell`` with another number of
stacks or cells). Everything else is read from the installed variants: a
name the table holds whose variant is not installed is skipped, so the
same code covers whatever games a checkout ships. The tests
(``tests/variants/test_fc_solve_verdicts.py``) and ``bench/games.py`` both
import it.

The shapes of the presets (:data:`PRESET_SHAPES`) are the facts of
fc-solve's ``gen-presets.pl``: stacks, free cells and decks of each preset,
so that a test can check that a mapping gives fc-solve the table our
variant deals. Debian's build of fc-solve holds at most
:data:`MAX_STACKS` stacks; for a game with more columns it answers
:data:`TOO_MANY_STACKS` and the game's oracle is our own complete search
instead.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass

from patience import Position, Variant
from patience.formats.board import format_board

__all__ = [
    "GAMES",
    "LOST",
    "MAX_STACKS",
    "MAX_STACK_CARDS",
    "MISSING_CARD",
    "PRESET_SHAPES",
    "SOLVED",
    "TOO_MANY_STACKS",
    "UNDECIDED",
    "FcsGame",
    "fc_solve",
    "fc_solve_command",
    "installed",
]

#: The most stacks (columns) Debian's fc-solve is built for.
MAX_STACKS = 10

#: What fc-solve says about a board with more stacks than it is built for.
TOO_MANY_STACKS = "exceeds the maximal number of stacks"
#: The most cards Debian's fc-solve reads in one column of a board (measured: 21 give :data:`MISSING_CARD`).
MAX_STACK_CARDS = 20
#: What it answers for a board with a longer column: it stops reading the column there.
MISSING_CARD = "There's a missing card"

#: fc-solve's verdicts as :func:`fc_solve` reports them.
SOLVED, LOST, UNDECIDED = "solved", "lost", "undecided"

#: Each preset's stacks, free cells and decks (``gen-presets.pl``: ``s``, ``f``, ``d``, inherited with ``i``).
PRESET_SHAPES: dict[str, tuple[int, int, int]] = {
    "freecell": (8, 4, 1),
    "bakers_game": (8, 4, 1),
    "bakers_dozen": (13, 0, 1),
    "beleaguered_castle": (8, 0, 1),
    "cruel": (12, 0, 1),
    "die_schlange": (9, 8, 2),
    "der_katzenschwanz": (9, 8, 2),
    "eight_off": (8, 8, 1),
    "fan": (18, 0, 1),
    "forecell": (8, 4, 1),
    "good_measure": (10, 0, 1),
    "kings_only_bakers_game": (8, 4, 1),
    "ko_bakers_game": (8, 4, 1),
    "relaxed_freecell": (8, 4, 1),
    "relaxed_seahaven_towers": (10, 4, 1),
    "seahaven_towers": (10, 4, 1),
    "simple_simon": (10, 0, 1),
}


@dataclass(frozen=True)
class FcsGame:
    """One of our games as fc-solve knows it: ``fc-solve --game PRESET OPTIONS...``."""

    name: str
    """Our variant's name: ``seven-by-four``."""
    preset: str
    """fc-solve's ``--game`` preset: ``freecell``."""
    options: tuple[str, ...] = ()
    """Options after the preset that make it our game: ``("--stacks-num", "7")``."""
    long_columns: bool = False
    """Its deals have columns longer than Debian's fc-solve reads (:data:`MAX_STACK_CARDS`): it answers
    :data:`MISSING_CARD` for them, so the game's oracle is our own complete search."""

    @property
    def shape(self) -> tuple[int, int, int]:
        """The stacks, free cells and decks fc-solve plays this game with (the preset's, as the options change it)."""
        stacks, cells, decks = PRESET_SHAPES[self.preset]
        words = dict(zip(self.options[::2], self.options[1::2], strict=True))
        return (
            int(words.get("--stacks-num", stacks)),
            int(words.get("--freecells-num", cells)),
            int(words.get("--decks-num", decks)),
        )

    @property
    def runnable(self) -> bool:
        """Whether Debian's fc-solve can hold this game's stacks (at most :data:`MAX_STACKS`) and their cards."""
        return self.shape[0] <= MAX_STACKS and not self.long_columns


def _game(name: str, preset: str, *options: str, long_columns: bool = False) -> FcsGame:
    return FcsGame(name, preset, options, long_columns)


#: Our variant name -> fc-solve's preset and options; the games neither fc-solve nor this table knows are absent.
GAMES: dict[str, FcsGame] = {
    game.name: game
    for game in (
        _game("freecell", "freecell"),
        _game("bakers-game", "bakers_game"),
        _game("eight-off", "eight_off"),
        _game("eight-off-vegas", "eight_off"),
        _game("seahaven-towers", "seahaven_towers"),
        _game("forecell", "forecell"),
        _game("double-freecell", "freecell", "--stacks-num", "10", "--freecells-num", "6", "--decks-num", "2"),
        _game("relaxed-freecell", "relaxed_freecell"),
        _game("kings-only-bakers-game", "ko_bakers_game"),
        _game("relaxed-seahaven-towers", "relaxed_seahaven_towers"),
        _game("bakers-dozen", "bakers_dozen"),
        _game("beleaguered-castle", "beleaguered_castle"),
        # Citadel and Streets and Alleys play Beleaguered Castle's rules; the board says what is home already.
        _game("citadel", "beleaguered_castle"),
        _game("streets-and-alleys", "beleaguered_castle"),
        _game("fan", "fan"),
        _game("good-measure", "good_measure"),
        _game("cruel", "cruel"),
        # A new column at each king: two decks make columns of 25-40 cards.
        _game("der-katzenschwanz", "der_katzenschwanz", long_columns=True),
        _game("die-schlange", "die_schlange", long_columns=True),
        _game("simple-simon", "simple_simon"),
        # PySolFC's games of FreeCell's rules: the same presets, another table.
        _game("challenge-freecell", "freecell"),
        _game("super-challenge-freecell", "forecell"),
        _game("seven-by-four", "freecell", "--stacks-num", "7"),
        _game("seven-by-five", "freecell", "--stacks-num", "7", "--freecells-num", "5"),
        _game("bath", "forecell", "--stacks-num", "10", "--freecells-num", "2"),
    )
}


def installed(variants: dict[str, Variant]) -> list[tuple[FcsGame, Variant]]:
    """The table's games among ``variants`` (name -> variant), in the table's order; the others are skipped."""
    return [(game, variants[name]) for name, game in GAMES.items() if name in variants]


def fc_solve_command(game: FcsGame, position: Position, max_iterations: int) -> list[str]:
    """The fc-solve command line that judges ``position`` of ``game`` within ``max_iterations``.

    The position's own cell count is given last (a variant may offer several);
    ``-sel`` makes a budget that ran out say so rather than "could not solve".
    """
    return [
        "fc-solve",
        "--game",
        game.preset,
        *game.options,
        "--freecells-num",
        str(len(position.cells)),
        "-sel",
        "-mi",
        str(max_iterations),
        "-m",
        "-snx",
        "-",
    ]


def fc_solve(game: FcsGame, position: Position, max_iterations: int, timeout: float = 120.0) -> str:
    """fc-solve's verdict on ``position``: :data:`SOLVED`, :data:`LOST` or :data:`UNDECIDED` (budget used up).

    Raises ``RuntimeError`` with fc-solve's message when it refuses the board
    (:data:`TOO_MANY_STACKS` among them).
    """
    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
    done = subprocess.run(
        fc_solve_command(game, position, max_iterations),
        input=format_board(position),
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )
    said = done.stdout + done.stderr
    if "This game is solveable." in said:
        return SOLVED
    if "Iterations count exceeded." in said:
        return UNDECIDED
    if "I could not solve this game." in said:
        return LOST
    raise RuntimeError(f"fc-solve {game.preset}: {said.strip()[:300] or f'exit code {done.returncode}'}")
