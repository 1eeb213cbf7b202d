"""fc-solve's verdicts never contradict ours on the installed games it knows; elsewhere our own exhaustive search.

For each game of :data:`fcsolve_games.GAMES` that is installed (the shipped
variants, the examples when installed, and the plugins of
``tests/plugins/authored/``), five deals at a small budget on both sides:

- a deal ``fc-solve --game PRESET`` solves is never proved lost by ours;
- every deal we solve replays to a win through :class:`patience.Game`, the
  ones fc-solve calls lost among them (in the kings-only games our runs may
  be longer than fc-solve's cells + 1: SPEC section 2's capacity).

fc-solve must read each board as :func:`patience.format_board` writes it:
the first state it prints is the position we gave it, foundations, cells
and columns. For a game wider than Debian's fc-solve (more than 10
columns), fc-solve says so, and the oracle is a plain exhaustive search
written here over :meth:`patience.Game.legal_moves` on positions small
enough to exhaust (the deal's top ranks only, the others home), whose
verdict the solver must give too, every solution replayed.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy
import pytest
from fcsolve_games import (
    MAX_STACK_CARDS,
    MAX_STACKS,
    MISSING_CARD,
    SOLVED,
    TOO_MANY_STACKS,
    FcsGame,
    fc_solve,
    installed,
)

from patience import (
    Card,
    Game,
    Move,
    Position,
    Suit,
    Variant,
    deal_position,
    format_board,
    make_plugin_manager,
)
from patience.legality import autoplay_moves, candidate_moves
from patience.plugins import get_plugin_manager, route, rules_are_data, variants
from patience.shuffle import deal_round_robin, ms_deal
from patience_solver import Outcome, solve

pytestmark = [
    pytest.mark.fcsolve,
    pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed"),
    pytest.mark.timeout(600),
]

AUTHORED = Path(__file__).parents[1] / "plugins" / "authored"

#: The deals each game is judged on: below and above 32,000.
DEALS = (1, 2, 3, 32_001, 1_000_000)
#: The budget on both sides: our positions, fc-solve's iterations.
BUDGET = 10_000


def _authored(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"authored_{name}", AUTHORED / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _managers() -> Iterator[tuple[str, pluggy.PluginManager, str | None]]:
    """The installed plugins, then each test plugin of ``tests/plugins/authored/`` beside them, with its name."""
    yield "installed", get_plugin_manager(), None
    for path in sorted(AUTHORED.glob("*.py")):
        if path.stem == "__init__":
            continue
        pm = make_plugin_manager()
        pm.register(_authored(path.stem), name=path.stem)
        yield f"authored {path.stem}", pm, path.stem


Case = tuple[str, pluggy.PluginManager, FcsGame, Variant]

#: (where it comes from, its manager, the table's entry, the variant) for every installed game the table knows.
CASES: list[Case] = []
for _where, _pm, _plugin in _managers():
    # A test plugin's manager holds the installed variants too: take only the plugin's own.
    _own = {name: v for name, v in variants(_pm).items() if _plugin is None or v.plugin == _plugin}
    CASES += [(_where, _pm, _game, _variant) for _game, _variant in installed(_own)]

RUNNABLE = [case for case in CASES if case[2].runnable]
#: The games fc-solve cannot run here, whose oracle is our own complete search.
OWN_ORACLE = [case for case in CASES if not case[2].runnable]
TOO_WIDE = [case for case in OWN_ORACLE if case[2].shape[0] > MAX_STACKS]
TOO_LONG = [case for case in OWN_ORACLE if case[2].long_columns]
#: Deals won by card moves alone where the first deals are not (Cruel, without its redeal).
EXTRA_DEALS = {"cruel": (1195, 1279)}


def _id(case: Case) -> str:
    return f"{case[3].name} ({case[0]})"


def test_the_shipped_games_and_the_authored_plugins_are_judged() -> None:
    names = {case[3].name for case in CASES}
    assert {"freecell", "bakers-game", "eight-off", "seahaven-towers", "beleaguered-castle"} <= names
    assert "bakers-dozen" in {case[3].name for case in TOO_WIDE}


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_the_table_gives_fc_solve_the_game_s_own_table(case: Case) -> None:
    _, _, game, variant = case
    stacks, cells, decks = game.shape
    assert stacks == variant.columns
    assert cells == variant.default_cells
    assert decks == variant.rules.decks
    assert game.runnable == (variant.columns <= MAX_STACKS and not game.long_columns)


def _as_read(game: FcsGame, position: Position) -> tuple[list[str], list[str], list[tuple[str, ...]]]:
    """What fc-solve read of the board ``format_board`` writes of ``position``: its first state, printed.

    fc-solve prints a state in its own canonical order (columns and cells
    sorted), so the state comes back as its foundations, its cells sorted,
    and its columns (each card for card, covered card first) sorted.
    """
    command = ["fc-solve", "--game", game.preset, *game.options, "--freecells-num", str(len(position.cells))]
    command += ["-i", "-s", "-p", "-t", "-mi", "1", "-"]
    out = subprocess.run(
        command, input=format_board(position), capture_output=True, text=True, timeout=60, check=True
    ).stdout
    state = out.split("---------------")[0]
    lines = [line.strip() for line in state.splitlines()]
    found = next(line for line in lines if line.startswith("Foundations:")).split()[1:]
    cells = next(line for line in lines if line.startswith("Freecells:")).split()[1:]
    columns = [tuple(line.split()[1:]) for line in lines if line.startswith(":")]
    return found, sorted(cells), sorted(columns)


def _as_written(position: Position) -> tuple[list[str], list[str], list[tuple[str, ...]]]:
    """The same three of ``position`` as we wrote it."""
    lines = format_board(position).splitlines()
    found = lines[0].split()[1:]
    cells = sorted(item for item in lines[1].split()[1:] if item != "-")
    columns = sorted(tuple(line.split()) if line != ":" else () for line in lines[2:])
    return found, cells, columns


@pytest.mark.parametrize("case", RUNNABLE, ids=_id)
def test_fc_solve_reads_our_board_as_the_position_we_dealt(case: Case) -> None:
    _, pm, game, variant = case
    position = deal_position(variant, 2, variant.default_cells, pm)
    assert _as_read(game, position) == _as_written(position)


@pytest.mark.parametrize("case", [case for case in RUNNABLE if len(case[3].cell_counts) > 1], ids=_id)
def test_fc_solve_plays_with_the_cells_the_player_chose(case: Case) -> None:
    _, pm, game, variant = case
    for cells in variant.cell_counts:
        position = deal_position(variant, 3, cells, pm)
        assert _as_read(game, position) == _as_written(position)
        # At every cell count, a deal fc-solve solves is never one ours proves lost.
        ours = solve(variant, position, max_positions=BUDGET, plugins=pm)
        if fc_solve(game, position, BUDGET) == SOLVED:
            assert ours.outcome is not Outcome.LOST, cells


def test_fc_solve_reads_two_decks_and_ten_columns_with_cards_home() -> None:
    # Two decks in ten columns, six cells, and foundations of both decks begun: read back card for card.
    game = FcsGame("two-decks", "freecell", ("--stacks-num", "10", "--freecells-num", "6", "--decks-num", "2"))
    foundations = (2, 0, 1, 0, 1, 0, 0, 0)
    home = [Card(1, Suit(0)), Card(2, Suit(0)), Card(1, Suit(2)), Card(1, Suit(0))]
    cards = list(ms_deal(7, decks=2))
    for card in home:
        cards.remove(card)
    cells = (cards.pop(), None, cards.pop(), None, None, None)
    position = Position(deal_round_robin(tuple(cards), 10), cells, foundations)
    position.validate()
    found, held, columns = _as_read(game, position)
    assert (found, held, columns) == _as_written(position)
    assert len(found) == 8 and len(columns) == 10 and len(held) == 2


def _replays_to_a_win(variant: Variant, position: Position, pm: pluggy.PluginManager, moves: tuple[Move, ...]) -> None:
    game = Game.from_position(variant, position, plugins=pm)
    for move in moves:
        game.play(move)
    assert game.is_won


@pytest.mark.parametrize("case", RUNNABLE, ids=_id)
def test_fc_solve_never_solves_a_deal_we_prove_lost(case: Case) -> None:
    _, pm, game, variant = case
    for deal in DEALS:
        position = deal_position(variant, deal, variant.default_cells, pm)
        ours = solve(variant, position, max_positions=BUDGET, plugins=pm)
        theirs = fc_solve(game, position, BUDGET)
        if theirs == SOLVED:
            assert ours.outcome is not Outcome.LOST, f"deal {deal}: fc-solve solves it, ours proves it lost"
        if ours.outcome is Outcome.SOLVED:
            # Every win of ours replays, above all one fc-solve calls lost (kings-only runs longer than its
            # cells + 1, or a line its meta-moves miss): the game itself must call it won.
            _replays_to_a_win(variant, position, pm, ours.moves)


@pytest.mark.parametrize("case", TOO_WIDE, ids=_id)
def test_fc_solve_refuses_a_game_wider_than_its_build(case: Case) -> None:
    _, pm, game, variant = case
    position = deal_position(variant, 1, variant.default_cells, pm)
    with pytest.raises(RuntimeError, match=TOO_MANY_STACKS):
        fc_solve(game, position, 10)


@pytest.mark.parametrize("case", TOO_LONG, ids=_id)
def test_fc_solve_cannot_read_a_column_longer_than_its_build(case: Case) -> None:
    _, pm, game, variant = case
    position = next(
        where
        for deal in range(1, 50)
        if max(map(len, (where := deal_position(variant, deal, variant.default_cells, pm)).columns)) > MAX_STACK_CARDS
    )
    with pytest.raises(RuntimeError, match=MISSING_CARD):
        fc_solve(game, position, 10)


# -- the games fc-solve cannot run: our own exhaustive search is the oracle -------------------

#: The lowest rank left out of the foundations in a shortened deal: J, Q and K of each suit stay in play.
TOP_RANKS_FROM = 11


def _winnable(variant: Variant, position: Position, pm: pluggy.PluginManager, most: int = 500_000) -> bool:
    """Whether some line of legal moves wins from ``position``: every position reached, each once, depth first.

    Written apart from the solver (no heuristics, no compiled tables): every
    move the engine could name is put to the game's legality hook, and
    played as the game plays it, its automatic moves home included.
    """
    legality = route("patience_move_legality", variant, pm).call
    rules = variant.rules
    # Rules as data refuse a run out of order whatever the hook: the engine names only ordered ones then.
    offered: dict[str, Any] = {"reserve": rules.reserve}
    if rules_are_data(variant, pm):
        offered.update(build=rules.build, wrap=rules.wrap)

    def settled(where: Position) -> Position:
        for auto in autoplay_moves(rules.autoplay, where):
            where = where.apply(auto)
        return where

    start = settled(position)
    seen = {start}
    todo = [start]
    while todo:
        where = todo.pop()
        if where.is_won:
            return True
        for move in candidate_moves(where, foundation_takeback=rules.foundation_takeback, **offered):
            if not legality(variant=variant, position=where, move=move):
                continue
            reached = settled(where.apply(move))
            if reached not in seen:
                seen.add(reached)
                todo.append(reached)
        assert len(seen) < most, "too many positions to exhaust"
    return False


def _shortened(position: Position, *, turned: bool) -> Position:
    """``position`` with the cards below :data:`TOP_RANKS_FROM` home and the others where the deal put them.

    ``turned`` turns each column over (its top card to the bottom): the deals
    of games that bury their kings are then as often lost as won.
    """
    keep = [tuple(card for card in column if card.rank >= TOP_RANKS_FROM) for column in position.columns]
    if turned:
        keep = [column[::-1] for column in keep]
    cells = tuple(card if card is not None and card.rank >= TOP_RANKS_FROM else None for card in position.cells)
    home = (TOP_RANKS_FROM - 1,) * len(position.foundations)
    return Position(tuple(keep), cells, home, position.base)


# The two-deck games with eight cells (too long for fc-solve) leave too many positions to exhaust even
# shortened: their oracle is the replay of every solution and the positions near its end (below).
@pytest.mark.parametrize("case", TOO_WIDE, ids=_id)
def test_our_verdict_on_a_shortened_deal_is_the_exhaustive_search_s(
    case: Case,
) -> None:
    _, pm, _, variant = case
    verdicts = set()
    for deal in DEALS:
        for turned in (False, True):
            small = _shortened(deal_position(variant, deal, variant.default_cells, pm), turned=turned)
            truth = _winnable(variant, small, pm)
            ours = solve(variant, small, max_positions=1_000_000, plugins=pm)
            assert ours.outcome is (Outcome.SOLVED if truth else Outcome.LOST), (deal, turned)
            if truth:
                _replays_to_a_win(variant, small, pm, ours.moves)
            verdicts.add(ours.outcome)
    # Both verdicts are put to the test where the shortened deals give both; Fan's are all won.
    assert verdicts == ({Outcome.SOLVED} if variant.name == "fan" else {Outcome.SOLVED, Outcome.LOST})


@pytest.mark.parametrize("case", OWN_ORACLE, ids=_id)
def test_every_position_near_the_end_of_our_solutions_is_won_by_both_searches(
    case: Case,
) -> None:
    _, pm, game_entry, variant = case
    solved = 0
    for deal in (*DEALS, *EXTRA_DEALS.get(variant.name, ())):
        position = deal_position(variant, deal, variant.default_cells, pm)
        result = solve(variant, position, max_positions=BUDGET * 5, plugins=pm)
        if result.outcome is not Outcome.SOLVED:
            continue
        solved += 1
        _replays_to_a_win(variant, position, pm, result.moves)
        game = Game.from_position(variant, position, plugins=pm)
        for move in result.moves[:-12]:
            game.play(move)
        near = game.position
        # The two-deck games' eight cells leave too many positions to exhaust even there: for them the
        # replays below are the oracle.
        assert game_entry.long_columns or _winnable(variant, near, pm)
        again = solve(variant, near, max_positions=1_000_000, plugins=pm)
        assert again.outcome is Outcome.SOLVED
        _replays_to_a_win(variant, near, pm, again.moves)
    assert solved, "none of the deals was solved within the budget"
