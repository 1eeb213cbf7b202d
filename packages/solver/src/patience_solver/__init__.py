"""The solver: solutions that replay through the game, proofs that a position is lost, hints.

::

    >>> from patience import Game
    >>> from patience_solver import solve
    >>> game = Game.new("freecell", deal=1)
    >>> result = solve(game.variant, game.position, time_limit=10)
    >>> result.outcome
    <Outcome.SOLVED: 'solved'>

The variant's :class:`~patience.rules.Rules`, its automatic-play policy
(:attr:`Rules.autoplay <patience.rules.Rules.autoplay>`) included, are compiled into
tables of small ints (:mod:`patience_solver._compiled`); when a plugin
overrides ``patience_move_legality`` for the variant, the same search asks
that hook about every move the rules allow (:mod:`patience_solver._judged`),
so it expands the same positions when the hook agrees with the rules.
Either way each solution is replayed by the game's rules before it is
returned (through :class:`patience.Game` on the hook path;
with :func:`~patience.legality.check_move`, which is what the legality hook
then is, and the policy's automatic play on the compiled path), so a solver
bug can never hand out an illegal move: it raises :class:`SolverError`.

The search (see :mod:`patience_solver._search`): best-first scans with
different weights, run in rounds with a growing quota of expansions each;
the budgeted scans use meta-moves, one scan lists every legal move (single
cards and runs), so when it runs out of states the position is proved lost.
Which scans run, in which order and with which quotas is the game's
:class:`Schedule`, chosen from its rules by :func:`schedule_for`.

Safe to run in a worker thread or process: a call keeps all of its state to
itself. ``cancel.set()`` stops a search within a few milliseconds. While a
search runs, Python's cyclic garbage collector is paused (for the whole
process, as ``gc.disable()`` is); its previous state comes back when the
last search running ends.
"""

from __future__ import annotations

import contextlib
import enum
import gc
import threading
import time
from collections.abc import Callable, Iterator

import pluggy
from attrs import frozen

from patience.cardnames import display
from patience.cards import Suit
from patience.errors import PatienceError
from patience.game import Game, deal_position
from patience.i18n import current_language, format_number
from patience.legality import autoplay_moves
from patience.movegen import tables_for
from patience.moves import Move, Place, PlaceKind
from patience.plugins import get_plugin_manager, route, rules_are_data
from patience.position import Position
from patience.rules import AutoPlay, Build, Rules
from patience.solution import autoplay, place, replay
from patience.variant import Variant
from patience_solver._compiled import RESERVED, Compiled, CompiledByRank, CompiledTwoDecks, State, Step
from patience_solver._judged import Judged, JudgedTwoDecks
from patience_solver._search import Limits, Scan, Status, Stop, Weights
from patience_solver.texts import _

__all__ = [
    "ANY_SUIT_SCHEDULE",
    "DEFAULT_SCHEDULE",
    "SAME_SUIT_SCHEDULE",
    "WHOLE_SUIT_SCHEDULE",
    "CellChoiceError",
    "Hint",
    "Hinter",
    "Outcome",
    "Schedule",
    "SolveResult",
    "SolverError",
    "Stop",
    "compiled_for",
    "describe_move",
    "hint",
    "next_winnable",
    "place_step",
    "schedule_for",
    "solve",
]


class Outcome(enum.Enum):
    """What the solver found out about a position."""

    SOLVED = "solved"
    """A solution was found."""
    LOST = "unsolvable"
    """A complete search found no way to win: the position is lost."""
    UNDECIDED = "unknown"
    """Neither, within the limits (time, positions, memory) or before it was cancelled."""


@frozen
class SolveResult:
    """The outcome of :func:`solve`; ``moves`` is the solution when ``outcome`` is SOLVED."""

    outcome: Outcome
    moves: tuple[Move, ...]
    """The player's moves in order, each playable with :meth:`patience.Game.play` (automatic play in between)."""
    positions: int
    """How many positions the search expanded."""
    seconds: float
    """Wall-clock seconds the call took."""
    reason: Stop | None = None
    """Why the search stopped undecided (time, positions, memory, cancelled); None unless ``outcome`` is UNDECIDED."""
    cpu_seconds: float = 0.0
    """CPU seconds the search's thread spent: what ``time_limit`` counts."""


@frozen
class Hint:
    """A move to play next, and why, in a few words for a player."""

    move: Move | None
    outcome: Outcome
    reason: str
    moves_left: int | None = None
    """Player moves from here to the win along the hinted solution, this one included, when one is known."""


class SolverError(PatienceError):
    """The solver produced a move the game refused: a bug in the solver, never shown as a hint."""


class CellChoiceError(SolverError):
    """The variant's legality hook lets a card into some free cells and not others: the solver cannot search it.

    Raised too for a variant whose foundations build by rank and whose moves a plugin's hook judges.

    The search holds the cells as a set of cards, so it cannot tell one free
    cell from another; rather than a verdict that disagrees with the game, it
    stops with this error the first time the hook chooses between free cells.
    """


# The portfolio: best-first scans with different weights (tuned on FreeCell deals 1-200: each
# wins quickly on deals where the others wander), run in rounds, each scan resuming where it
# stopped. A scan has a quota of expansions for the first round, three times as many (in all) by
# the second, nine times by the third, and so on. The first scan wins about 98% of FreeCell deals
# within its first quota. The others' quotas and order come from how many expansions each scan
# needed on the deals of 1-24,000 that the first one did not win at once: of the simple
# schedules, this one saved the most on the worst of the three ranges 1-8,000, 8,001-16,000 and
# 16,001-24,000 (18-25% of those deals' expansions against equal quotas of 2000). The second
# scan, the first one with more weight on the next card of each foundation, was added from six
# candidates measured on those deals: it wins about half of them within 1000 expansions, and
# deal 13996 in 10,191 where every other scan needed over 40,000 (deals 1-32,000: 7.74 million
# positions instead of 8.18). The scan listed fifth lists every legal move, so when it runs out
# of states the position is proved lost.
_FREECELL_SCANS: tuple[tuple[Weights, bool, int], ...] = (
    (Weights(depth=4, cells=36, home=12, empty=26, bad=4, under=2, bury=0, under_sq=5, next_card=5), False, 2000),
    (Weights(depth=4, cells=36, home=12, empty=26, bad=4, under=2, bury=0, under_sq=3, next_card=8), False, 500),
    (Weights(depth=0, cells=12, home=6, empty=16, bad=6, under=6, bury=0, under_sq=0), False, 1000),
    (Weights(depth=6, cells=36, home=36, empty=24, bad=12, under=0, bury=6, under_sq=0), False, 1000),
    (Weights(depth=1, cells=36, home=12, empty=49, bad=12, under=2, bury=0, under_sq=1, next_card=5), True, 500),
    (Weights(depth=3, cells=24, home=12, empty=36, bad=12, under=4, bury=2, under_sq=1), False, 500),
    (Weights(depth=5, cells=20, home=12, empty=30, bad=16, under=2, bury=2, under_sq=1), False, 500),
)


@frozen
class Schedule:
    """Which scans one search runs, in order, each with its quota of expansions for the first round.

    Every scan but one lists meta-moves; the one with ``full`` true lists
    every legal move, so that its running out of states proves the position
    lost. A scan's quota is multiplied by ``growth`` from one round to the
    next. A scan that runs out of states leaves the rounds; when a meta-move
    scan does, every other meta-move scan leaves with it: they all search the
    same positions in other orders, so none of them can win any more, and
    only the complete scan can end the search.
    """

    name: str
    """What the schedule is for, in a word (``bench/solver.py`` prints it)."""
    scans: tuple[tuple[Weights, bool, int], ...]
    """``(weights, full, first quota)`` of each scan, in the order the rounds run them."""
    growth: int = 3

    def __attrs_post_init__(self) -> None:
        if sum(1 for _, full, _ in self.scans if full) != 1:
            raise ValueError(f"schedule {self.name}: exactly one scan must list every move")
        if self.growth < 2 or any(quota < 1 for _, _, quota in self.scans):
            raise ValueError(f"schedule {self.name}: quotas must be positive and grow")


#: The schedule of the games that build in alternating colours, or build nothing (Stalactites).
DEFAULT_SCHEDULE = Schedule("default", _FREECELL_SCANS)

# Built by suit, a column's cards can only be moved as runs of one suit, so the meta-moves miss
# few positions: the meta-move scans search almost every position the complete scan does
# (Baker's Game deal 10: 4,562 against 5,019), and on a lost deal each of them pays for nearly
# the whole proof. The complete scan alone is about as quick to win as the portfolio, too. On
# Baker's Game deals 1-200 (50 of them lost) the default schedule expands 1,158,254 positions
# in all, of which 953,082 on the lost deals; this one 506,569 and 354,763; the complete scan
# alone 479,069. On Seahaven Towers 1-100: 223,714 against 81,966 (alone 76,466). The solutions
# are a little longer (Seahaven Towers: 6% more moves), the price of the one scan that does not
# use meta-moves. So the complete scan runs first, with a quota that settles nearly every deal;
# the meta-move scans follow as in the default schedule for the deals where it wanders.
SAME_SUIT_SCHEDULE = Schedule(
    "same-suit",
    ((_FREECELL_SCANS[4][0], True, 16_000), *(scan for scan in _FREECELL_SCANS if not scan[1])),
)


# Where only complete suits go home (Simple Simon), no card goes home alone and there are no cells
# to weigh: what counts is building runs that move, and then suits. The first scan here weighs
# the cards under a column's top run four times as much as FreeCell's first scan does, the cards
# lying on a lower one half again as much, and neither the moves so far nor the next card of each
# foundation. Its weights come from a search from FreeCell's first scan on Simple Simon deals
# 1,001-1,200 (the portfolio's other scans kept); on deals it was not tuned on, within 20,000
# positions a deal, the search expands a quarter fewer positions: deals 1-200, 321,358 against
# 430,228 (183 solved, 11 lost, 6 undecided, against 185, 11, 4); deals 1,201-1,400, 324,396
# against 443,871 (178, 17, 5 against 175, 17, 8). Solutions are 2% longer.
WHOLE_SUIT_SCHEDULE = Schedule(
    "whole-suit",
    (
        (Weights(depth=0, cells=60, home=2, empty=20, bad=6, under=8, bury=0, under_sq=5), False, 2000),
        *_FREECELL_SCANS[1:],
    ),
)


# Built regardless of suit (Beleaguered Castle, Citadel, Streets and Alleys, Good Measure, Baker's
# Dozen: no cells, single cards or runs by rank), a card can lie on any of four, so columns fill
# with long runs that bury low cards, and the deals are long. The first scan here weighs the moves
# so far four times as much as FreeCell's first scan does, and the cards under a column's top run
# five times, the other scans as before. Its weights come from a search from FreeCell's first scan
# on deals 1,001-1,100 of Beleaguered Castle and of Streets and Alleys and 1,001-1,040 of Good
# Measure; on deals 1-200 of each, within 20,000 positions a deal, the search expands fewer
# positions and decides more deals: Beleaguered Castle 553,729 against 745,992 (15 undecided
# against 21), Citadel 99,988 against 222,036 (1 against 7), Streets and Alleys 760,510 against
# 966,845 (24 against 32), Good Measure 2,517,434 against 2,759,045 (102 against 115), Baker's
# Dozen 1,060,844 against 1,414,093 (32 against 48); as many deals proved lost in each game.
ANY_SUIT_SCHEDULE = Schedule(
    "any-suit",
    (
        (Weights(depth=16, cells=36, home=12, empty=26, bad=4, under=10, bury=0, under_sq=2, next_card=3), False, 2000),
        *_FREECELL_SCANS[1:],
    ),
)


def schedule_for(rules: Rules) -> Schedule:
    """The search schedule for a game with these rules: chosen by the rules' shape, never by a game's name.

    A plugin's game with the same rules therefore searches exactly as the
    shipped one does.
    """
    tables = tables_for(rules)
    if tables.whole_suit:
        return WHOLE_SUIT_SCHEDULE
    if tables.building is Build.SAME_SUIT:
        return SAME_SUIT_SCHEDULE
    return ANY_SUIT_SCHEDULE if tables.building is Build.ANY_SUIT else DEFAULT_SCHEDULE


def solve(
    variant: Variant,
    position: Position,
    *,
    time_limit: float | None = None,
    max_positions: int | None = None,
    progress: Callable[[int], None] | None = None,
    cancel: threading.Event | None = None,
    plugins: pluggy.PluginManager | None = None,
    max_memory: int | None = None,
) -> SolveResult:
    """Solve ``position`` of ``variant``: a solution, a proof that it is lost, or UNDECIDED within the limits.

    The moves start from ``position`` after the game's automatic play, as in
    ``Game.from_position(variant, position)``. ``progress`` is called now and
    then with the number of positions expanded so far; setting ``cancel``
    stops the search (the result is then UNDECIDED).

    ``time_limit`` counts the CPU seconds of the calling thread, so the
    load of the machine does not move where a search stops.
    ``max_memory`` is how many bytes the search may add to the process
    (None: what the process's ``RLIMIT_AS``/``RLIMIT_DATA`` and the machine's
    available memory allow, see :class:`~patience_solver._search.Limits`;
    0: no limit of its own). A search stopped by a limit, or by a
    :class:`MemoryError`, is UNDECIDED with its :attr:`SolveResult.reason`.
    """
    pm = plugins if plugins is not None else get_plugin_manager()
    limits = Limits(time_limit, max_positions, progress, cancel, max_memory)
    policy = variant.rules.autoplay
    if not rules_are_data(variant, pm):
        return _solve_with_hook(variant, position, policy, pm, limits)
    comp = compiled_for(variant.rules, policy, position)
    root, opening = _start(comp, position)
    schedule = schedule_for(variant.rules)
    status, path = _run_search(comp, root, limits, schedule)
    if status is Status.SOLVED:
        moves = _won_moves(variant, position, opening + path, policy, comp, limits, schedule)
        if moves is None:
            return _result(Outcome.UNDECIDED, (), limits)
        return _result(Outcome.SOLVED, moves, limits)
    outcome = Outcome.LOST if status is Status.EXHAUSTED and comp.complete else Outcome.UNDECIDED
    return _result(outcome, (), limits)


#: How many times a search goes on from where the game's automatic play left a solution (two decks).
MAX_RESUMES = 8


def _won_moves(
    variant: Variant,
    position: Position,
    steps: list[Step],
    policy: AutoPlay,
    comp: Compiled,
    limits: Limits,
    schedule: Schedule,
) -> tuple[Move, ...] | None:
    """The moves of a found solution, each step placed on real columns and cells and played by the game's rules.

    Only called when no plugin overrides legality, so the legality hook is
    :func:`~patience.legality.check_move` on ``variant.rules`` and the replay
    (:func:`patience.solution.replay`, compiled with the engine) is
    exactly what :meth:`Game.play` does, without the scoring and events.

    With two or three decks the game's automatic play looks at the cells in
    the order they stand, which a search state (the cells as a set of cards)
    does not know; so it may send home the twin of the card the search sent,
    and a later step then finds its card elsewhere, or the steps end short of
    the win. The moves played until then are legal and kept, and the search
    goes on from the position the game reached, within the same limits (at
    most :data:`MAX_RESUMES` times). None when a search stopped at a limit
    there; a search that finds no way on raises :class:`SolverError`.
    With one deck every card is one of a kind and a refused step is a solver bug.
    """
    done: list[Move] = []
    for attempt in range(MAX_RESUMES + 1):
        played: list[Move] = []
        moves = replay(variant.rules, variant.title, position, steps, policy, played)
        if not isinstance(moves, str):
            return (*done, *moves)
        if position.decks == 1 or attempt == MAX_RESUMES:
            raise SolverError(moves)
        done.extend(played)
        position = _played(variant, position, played, policy)
        root, opening = _start(comp, position)
        status, path = _run_search(comp, root, limits, schedule)
        if status is Status.STOPPED:
            return None
        if status is not Status.SOLVED:
            raise SolverError(moves)
        steps = opening + path
    raise AssertionError("unreachable: the last attempt returns or raises")


def _played(variant: Variant, position: Position, moves: list[Move], policy: AutoPlay) -> Position:
    """``position`` after the automatic play, then each of ``moves`` and the automatic play after it, as replayed."""
    whole_suit = variant.rules.whole_suit_home
    current = autoplay(policy, position, whole_suit)
    for move in moves:
        assert not isinstance(current, str)
        current = autoplay(policy, current.apply(move), whole_suit)
    assert not isinstance(current, str)
    return current


def _run_search(comp: Compiled, root: State, limits: Limits, schedule: Schedule) -> tuple[Status, list[Step]]:
    """:func:`_portfolio` with the collector paused; a :class:`MemoryError` is a stop for lack of memory.

    The limits stop a search before the system refuses it memory; the
    error is the last resort (its states are freed as it unwinds).
    """
    try:
        with _collector_paused():
            return _portfolio(comp, root, limits, schedule)
    except MemoryError:
        limits.out_of_memory()
        return Status.STOPPED, []


def _result(outcome: Outcome, moves: tuple[Move, ...], limits: Limits) -> SolveResult:
    """The result of a search that ended with ``outcome`` under ``limits``."""
    reason = limits.reason if outcome is Outcome.UNDECIDED else None
    return SolveResult(outcome, moves, limits.positions, limits.elapsed, reason, limits.cpu_seconds)


def compiled_for(rules: Rules, policy: AutoPlay, position: Position) -> Compiled:
    """The compiled move generator for ``rules`` on tables shaped as ``position`` (decks, foundations by rank)."""
    if position.piles:
        # Each foundation by rank holds its base card from the deal on (Position.validate).
        bases = tuple(pile[0].rank for pile in position.piles)
        return CompiledByRank(rules, policy, len(position.columns), len(position.cells), bases)
    kind = Compiled if position.decks == 1 else CompiledTwoDecks
    return kind(rules, policy, len(position.columns), len(position.cells), position.base, position.decks)


def _start(comp: Compiled, position: Position) -> tuple[State, list[Step]]:
    """The compiled root state of ``position`` and the explicit safe steps that settling it needed."""
    columns = [bytes([card.index for card in column]) for column in position.columns]
    # A card still in a reserve cell is held as its index + RESERVED, so that a freed reserve cell is no free cell.
    reserve = comp.reserve
    cells = [card.index + (RESERVED if i < reserve else 0) for i, card in enumerate(position.cells) if card is not None]
    found = list(position.foundations)
    if position.decks > 1:
        # The compiled order: each suit's foundations from the fullest to the emptiest.
        for suit in range(4):
            found[suit::4] = sorted(found[suit::4], reverse=True)
    return comp.start(columns, cells, found)


def _portfolio(comp: Compiled, root: State, limits: Limits, schedule: Schedule) -> tuple[Status, list[Step]]:
    """Run the scans of ``schedule`` in rounds: SOLVED with the steps, EXHAUSTED (lost) or STOPPED.

    A scan is made when its turn first comes: most searches end within the
    first scan's first quota, and the others are then never made. The
    scans' states are freed when this returns, before the caller lets the
    garbage collector run again.
    """
    pending = list(schedule.scans)
    scans: list[tuple[Scan, int]] = []
    growth = 1
    meta_exhausted = False
    while True:
        at = 0
        while at < len(scans) or pending:
            if at == len(scans):
                weights, full, quota = pending.pop(0)
                scans.append((Scan(comp, root, weights, full=full), quota))
            scan, quota = scans[at]
            at += 1
            if meta_exhausted and not scan.full:
                continue
            status = scan.run(quota * growth - scan.expanded, limits)
            if status is Status.SOLVED:
                return status, [step for group in scan.path for step in group]
            if status is Status.STOPPED or (status is Status.EXHAUSTED and scan.full):
                return status, []
            if status is Status.EXHAUSTED:
                meta_exhausted = True
                # The meta-move scans not made yet would search the same positions: they are never made.
                pending = [entry for entry in pending if entry[1]]
        scans = [(scan, quota) for scan, quota in scans if scan.status is None and (scan.full or not meta_exhausted)]
        growth *= schedule.growth


_gc_lock = threading.Lock()
_gc_pauses = 0
_gc_was_enabled = False


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a search runs (nested and threaded calls are fine).

    A search allocates millions of small tuples that live until it ends and
    hold no reference cycles; the collector would keep walking them for
    nothing (about 6% of the time on FreeCell deals). Everything is freed by
    reference counting when the search returns, and the collector's previous
    state comes back when the last search running ends.
    """
    global _gc_pauses, _gc_was_enabled
    with _gc_lock:
        if _gc_pauses == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pauses += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pauses -= 1
            if _gc_pauses == 0 and _gc_was_enabled:
                gc.enable()


def _solve_with_hook(
    variant: Variant, position: Position, policy: AutoPlay, pm: pluggy.PluginManager, limits: Limits
) -> SolveResult:
    """The compiled search with every move judged by the variant's legality hook, replayed through the game.

    The search is the compiled path's (:class:`~patience_solver._judged.Judged`):
    with a hook that allows what the rules allow it expands the same
    positions, deal for deal; a hook that forbids more prunes them.
    """
    if position.piles:
        # The hook's search rebuilds each position from counts alone, and foundations by rank need their cards.
        raise CellChoiceError(
            _(
                "{title} builds its foundations by rank and a plugin judges its moves: the solver cannot search it"
            ).format(title=variant.title)
        )
    legality = route("patience_move_legality", variant, pm).call
    reserve = variant.rules.reserve
    cell_suits = variant.rules.cell_suits

    def legal(where: Position, move: Move) -> bool:
        verdict = bool(legality(variant=variant, position=where, move=move))
        if move.destination.kind is PlaceKind.CELL and not cell_suits:
            # A card for a cell is placed in the first free one: the hook must say the same of every free cell.
            for i in range(reserve, len(where.cells)):
                if where.cells[i] is None and i != move.destination.index:
                    other = Move(move.source, Place.cell(i))
                    if bool(legality(variant=variant, position=where, move=other)) != verdict:
                        raise CellChoiceError(
                            _(
                                "{title} lets a card into some free cells and not others;"
                                " the solver cannot search a game whose free cells differ"
                            ).format(title=variant.title)
                        )
        return verdict

    columns, cells = len(position.columns), len(position.cells)
    kind = Judged if position.decks == 1 else JudgedTwoDecks

    def place_move(where: Position, step: Step) -> Move:
        return place_step(where, step, reserve, cell_suits)

    comp = kind(variant.rules, policy, columns, cells, position.base, position.decks, legal=legal, place=place_move)
    root, opening = _start(comp, position)
    schedule = schedule_for(variant.rules)
    status, path = _run_search(comp, root, limits, schedule)
    if status is not Status.SOLVED:
        outcome = Outcome.LOST if status is Status.EXHAUSTED and comp.complete else Outcome.UNDECIDED
        return _result(outcome, (), limits)
    # As in _won_moves: with two decks the game's automatic play may send home the twin of the card the search
    # sent; the moves played until then are kept and the search goes on from where the game stands.
    game = Game.from_position(variant, position, plugins=pm)
    moves: list[Move] = []
    for attempt in range(MAX_RESUMES + 1):
        refused = _play_steps(game, opening + path, reserve, cell_suits, moves)
        if refused is None:
            return _result(Outcome.SOLVED, tuple(moves), limits)
        if position.decks == 1 or attempt == MAX_RESUMES:
            raise SolverError(refused)
        root, opening = _start(comp, game.position)
        status, path = _run_search(comp, root, limits, schedule)
        if status is Status.STOPPED:
            return _result(Outcome.UNDECIDED, (), limits)
        if status is not Status.SOLVED:
            raise SolverError(refused)
    raise AssertionError("unreachable: the last attempt returns or raises")


def _play_steps(
    game: Game, steps: list[Step], reserve: int, cell_suits: tuple[Suit, ...], moves: list[Move]
) -> str | None:
    """Play ``steps`` in ``game``, each move appended to ``moves`` once played: None when they win, else why not."""
    for step in steps:
        try:
            move = place_step(game.position, step, reserve, cell_suits)
        except SolverError as error:
            return str(error)
        try:
            game.play(move)
        except PatienceError as error:
            return f"solver move {move} refused by the game: {error}"
        moves.append(move)
    return None if game.is_won else "the solution does not win the game"


def place_step(position: Position, step: Step, reserve: int = 0, cell_suits: tuple[Suit, ...] = ()) -> Move:
    """The real move of a solver step in ``position``: first free cell, first empty column, the column by its top.

    ``reserve`` is the variant's :attr:`~patience.rules.Rules.reserve`: the free cells come after that many cells.
    ``cell_suits`` is its :attr:`~patience.rules.Rules.cell_suits`: a card goes to the cell of its suit.
    """
    move = place(position, step, reserve, cell_suits)
    if isinstance(move, str):
        raise SolverError(move)
    return move


class Hinter:
    """Hints that keep to one solution while the player follows it.

    A search started afresh from each position may pick a different line
    every time, and its first moves can then undo each other (``23``, ``32``,
    ``23``). A hinter remembers the solution behind its last hint: while the
    player follows it (or comes back to a position on it, after an undo), the
    next hint continues that solution without searching, so following the
    hints always wins. Hold one per game being played; calling it from a
    worker thread, with a copy of the game, is fine.

    When a search ends undecided, asking again for the same position
    searches twice as long (up to :data:`MAX_DOUBLINGS` times), so that
    "ask again" can reach a solution or a proof that the position is lost.

    What a search proves is kept: a position proved lost is answered as
    lost from then on without searching (a shorter search would only end
    undecided), and every solution found stays in the plan beside the
    later ones, so coming back to a position on any of them continues it.
    """

    #: How many times a repeated hint for one undecided position doubles the time limit.
    MAX_DOUBLINGS = 5
    #: How many positions proved lost are kept (the oldest proofs are dropped first).
    MAX_LOST = 4096

    def __init__(self) -> None:
        self._plan: dict[Position, tuple[Move, int]] = {}
        self._undecided: tuple[Position, int] | None = None
        self._lost: dict[tuple[str, Position], None] = {}

    def forget(self) -> None:
        """Drop the remembered solutions (a new game, say); proofs that positions are lost stay true and are kept."""
        self._plan = {}
        self._undecided = None

    def is_known_lost(self, game: Game) -> bool:
        """Whether a search of this hinter has proved ``game``'s position lost."""
        return (game.variant.name, game.position) in self._lost

    def _keep_lost(self, game: Game) -> None:
        self._lost[(game.variant.name, game.position)] = None
        while len(self._lost) > self.MAX_LOST:
            del self._lost[next(iter(self._lost))]

    def __call__(
        self,
        game: Game,
        *,
        time_limit: float = 2.0,
        cancel: threading.Event | None = None,
        max_positions: int | None = None,
        max_memory: int | None = None,
    ) -> Hint:
        """The next move for ``game``'s position, with a short reason; or why there is none.

        ``time_limit`` (CPU seconds) and ``max_positions`` double for each
        repeated hint of an undecided position; ``max_memory`` is
        :func:`solve`'s (None: the default that the system's memory allows).
        """
        started = time.monotonic()
        if game.is_won:
            return Hint(None, Outcome.SOLVED, _("the game is won"), 0)
        position = game.position
        pending = autoplay_moves(game.autoplay, position, whole_suit=game.variant.rules.whole_suit_home)
        if pending:
            # The game has not made its automatic moves yet (a board taken as given): play them first.
            return Hint(pending[0], Outcome.UNDECIDED, describe_move(position, pending[0]))
        planned = self._plan.get(position)
        if planned is not None and game.check(planned[0]):
            move, left = planned
            return Hint(move, Outcome.SOLVED, describe_move(position, move), left)
        if self.is_known_lost(game):
            self._undecided = None
            return Hint(None, Outcome.LOST, _("this position can no longer be won"))
        pm = game.plugins
        doublings = self._undecided[1] if self._undecided is not None and self._undecided[0] == position else 0
        budget = time_limit * 2**doublings
        positions = None if max_positions is None else max_positions * 2**doublings
        result = solve(
            game.variant,
            position,
            time_limit=budget,
            max_positions=positions,
            cancel=cancel,
            plugins=pm,
            max_memory=max_memory,
        )
        stopped = cancel is not None and cancel.is_set()
        if result.outcome is Outcome.UNDECIDED and not stopped:
            self._undecided = (position, min(doublings + 1, self.MAX_DOUBLINGS))
        else:
            self._undecided = None
        if result.outcome is Outcome.SOLVED and result.moves:
            # Added to the solutions found before: each position keeps the newest line through it, and
            # following the plan from anywhere on it still wins (every step stays on a line as new as
            # the last one, nearer its end).
            follow = Game.from_position(game.variant, position, plugins=pm)
            for done, move in enumerate(result.moves):
                self._plan[follow.position] = (move, len(result.moves) - done)
                follow.play(move)
            move = result.moves[0]
            return Hint(move, Outcome.SOLVED, describe_move(position, move), len(result.moves))
        if result.outcome is Outcome.LOST:
            self._keep_lost(game)
            return Hint(None, Outcome.LOST, _("this position can no longer be won"))
        if stopped:
            return Hint(None, Outcome.UNDECIDED, _("the search was stopped before it found a solution"))
        if result.reason is Stop.MEMORY:
            self._undecided = None  # a longer search would need more memory still
            return Hint(
                None,
                Outcome.UNDECIDED,
                _("no solution found within the memory the search may use; undo a few moves and ask again"),
            )
        assert self._undecided is not None
        if result.reason is Stop.POSITIONS and positions is not None:
            more = (max_positions or 0) * 2 ** self._undecided[1]
            return Hint(
                None,
                Outcome.UNDECIDED,
                _(
                    "no solution found within {positions} positions; ask again to search {more}, or undo a few moves"
                ).format(positions=format_number(positions), more=format_number(more)),
            )
        spent = time.monotonic() - started
        again = time_limit * 2 ** self._undecided[1]
        return Hint(
            None,
            Outcome.UNDECIDED,
            _("no solution found in {spent} s; ask again to search for {again} s, or undo a few moves").format(
                spent=_tenths(spent), again=format_number(again)
            ),
        )


def _tenths(seconds: float) -> str:
    """``seconds`` to one decimal as the language in use writes it: ``1.5``, German and Hungarian ``1,5``."""
    from babel.numbers import format_decimal

    language = current_language()
    return str(format_decimal(round(seconds, 1), format="0.0", locale=language if language in ("de", "hu") else "en"))


def hint(
    game: Game,
    *,
    time_limit: float = 2.0,
    cancel: threading.Event | None = None,
    max_positions: int | None = None,
    max_memory: int | None = None,
) -> Hint:
    """One hint for ``game``'s position, with no memory between calls (the limits are :meth:`Hinter.__call__`'s).

    A front end that gives hint after hint holds a :class:`Hinter` instead,
    so that its hints keep to one solution.
    """
    return Hinter()(game, time_limit=time_limit, cancel=cancel, max_positions=max_positions, max_memory=max_memory)


def describe_move(position: Position, move: Move) -> str:
    """``move`` in ``position`` for a player: ``5h: ♠A goes home``, ``38v3: the run of 3 from ♥9 onto ♣10``."""
    cards = position.moving_cards(move)
    if not cards:
        return str(move)
    card = display(cards[0])
    dest = move.destination
    target = position.columns[dest.index or 0] if dest.kind is PlaceKind.COLUMN else ()
    top = display(target[-1]) if target else ""
    # A run is two cards or more; {card} is its first (highest) card.
    run = move.count > 1
    if dest.kind is PlaceKind.FOUNDATION:
        message = _("{move}: the run of {count} from {card} goes home") if run else _("{move}: {card} goes home")
    elif dest.kind is PlaceKind.CELL:
        message = (
            _("{move}: the run of {count} from {card} to a free cell") if run else _("{move}: {card} to a free cell")
        )
    elif target:
        message = _("{move}: the run of {count} from {card} onto {top}") if run else _("{move}: {card} onto {top}")
    elif run:
        message = _("{move}: the run of {count} from {card} to the empty column")
    else:
        message = _("{move}: {card} to the empty column")
    return message.format(move=move, card=card, count=move.count, top=top)


def next_winnable(
    variant: Variant,
    cells: int,
    start: int,
    *,
    time_limit: float | None = 10.0,
    plugins: pluggy.PluginManager | None = None,
    progress: Callable[[int], None] | None = None,
    cancel: threading.Event | None = None,
) -> tuple[int, SolveResult]:
    """The first deal numbered ``start`` or more that the solver wins (each deal within ``time_limit``).

    ``progress`` is called with each deal number before it is tried (a
    window shows it while it waits). Setting ``cancel`` stops the search: the
    deal being tried comes back with its UNDECIDED result.
    """
    pm = plugins if plugins is not None else get_plugin_manager()
    deal = start
    while True:
        if progress is not None:
            progress(deal)
        position = deal_position(variant, deal, cells, pm)
        result = solve(variant, position, time_limit=time_limit, plugins=pm, cancel=cancel)
        if result.outcome is Outcome.SOLVED or (cancel is not None and cancel.is_set()):
            return deal, result
        deal += 1
