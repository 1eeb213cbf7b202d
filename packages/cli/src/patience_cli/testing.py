"""A check for plugin authors: their variant works through every ``patience`` command, with no change to the CLI.

Call it from a test of the plugin's own::

    from patience_cli.testing import check_variant_cli

    def test_my_variant_works_in_every_command(tmp_path):
        check_variant_cli("my-variant", tmp_path)

It runs the commands in-process through the typer app, as a user would type
them: ``variants`` lists the variant with its plugin, ``deal`` prints the
layout as dealt in fc-solve's board format and that board reads back,
``moves`` lists exactly the game's legal moves of a board, and ``solve``
finds a solution that ``play`` plays to a win (:func:`check_play_wins` reads
its result line). A failure is an ``AssertionError``
that names the command and shows its output.

The commands speak English whatever the machine's language, since the
check reads their words (``won``); its own messages are for the plugin's
author, in English.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import patience
from patience.i18n import DEFAULT_LANGUAGE, speaking
from patience_cli.app import app
from patience_cli.repl.controller import result_line

__all__ = ["check_play_wins", "check_variant_cli", "run_cli"]


def run_cli(*args: str, stdin: str = "") -> str:
    """``patience ARGS`` in-process, in English: its standard output, asserting that it exited with 0."""
    with speaking(DEFAULT_LANGUAGE):
        result = CliRunner().invoke(app, list(args), input=stdin)
    assert result.exit_code == 0, f"`patience {' '.join(args)}` exited with {result.exit_code}: {result.output}"
    return result.stdout


def check_variant_cli(name: str, directory: Path, *, deal: int = 5, board_deal: int = 3, solve_deal: int = 2) -> None:
    """Check that variant ``name`` works in ``variants``, ``deal``, ``moves``, ``solve`` and ``play``.

    ``directory`` is where a board file is written (a test's ``tmp_path``);
    ``solve_deal`` must be a deal the solver wins within its default limits.
    """
    variant = patience.get_variant(name)
    rows = {row["name"]: row for row in json.loads(run_cli("variants", "--format", "json"))}
    assert variant.name in rows, f"`patience variants` does not list {variant.name}"
    assert rows[variant.name]["plugin"] == variant.plugin, rows[variant.name]

    position = patience.deal_position(variant, deal, variant.default_cells)
    board = run_cli("deal", variant.name, str(deal), "--format", "fcs")
    assert board == patience.format_board(position), f"`patience deal {variant.name} {deal}` is not the layout dealt"
    assert patience.parse_board(board) == position, "the board `patience deal` prints does not read back"

    path = directory / f"{variant.name}-{board_deal}.txt"
    path.write_text(run_cli("deal", variant.name, str(board_deal), "--format", "fcs"))
    listed = [line.split()[0] for line in run_cli("moves", variant.name, "--board", str(path)).splitlines()]
    game = patience.Game.from_position(variant.name, patience.parse_board(path.read_text()), autoplay_first=False)
    assert listed == [str(move) for move in game.legal_moves], "`patience moves` differs from the game's legal moves"
    assert listed, f"`patience moves` lists no move for {variant.name} deal {board_deal}"

    solution = json.loads(run_cli("solve", variant.name, str(solve_deal), "--format", "json"))
    check_play_wins(variant.name, solve_deal, solution["moves"])


def check_play_wins(name: str, deal: int, moves: list[str]) -> None:
    """Check that ``patience play NAME DEAL`` fed ``moves`` (one a line) plays every one and wins.

    The result is read, not searched for a word: no line may be refused,
    and the last line must be the result line of the same moves played in
    the engine, ``won: score S in M moves`` with its score and move count.
    """
    played = run_cli("play", name, str(deal), stdin="".join(f"{move}\n" for move in moves)).splitlines()
    shown = "\n".join(played[-5:])
    refused = [line for line in played if line.startswith("line ")]
    assert not refused, f"`patience play {name} {deal}` refused the solver's moves: {refused[:3]}"
    game = patience.Game.new(name, deal)
    for move in moves:
        game.play(move)
    assert game.is_won, f"the solver's moves for {name} deal {deal} do not win when played in the engine"
    with speaking(DEFAULT_LANGUAGE):
        wanted = result_line(game)
    assert played and played[-1] == wanted, (
        f"`patience play {name} {deal}` of the solver's solution ends {played[-1:]!r}, not {wanted!r}:\n{shown}"
    )
