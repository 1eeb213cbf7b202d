"""A variant's rules declared as data, and the rule logic that reads them.

This module is the single source of truth for the rules of every variant that
declares its rules as data. How columns build and which cards go home safely
are read from a :class:`Rules` value by one module, the move generator
(:mod:`patience.movegen`), whose tables the game's legal moves, the reference
judge (:func:`patience.legality.check_move`) and the solver all use. See
``docs/architecture.md``.
"""

from __future__ import annotations

import enum
from typing import Any, cast

from attrs import field, frozen

from patience.cards import Suit
from patience.texts import _, pgettext

__all__ = [
    "UNLIMITED_RUN",
    "AutoPlay",
    "Build",
    "EmptyColumns",
    "FoundationBuild",
    "Redeal",
    "Rules",
    "Scoring",
    "Target",
    "group_capacity",
]


class Build(enum.Enum):
    """How cards build down on a column."""

    SAME_SUIT = "suit"
    """One rank lower in the same suit (Eight Off, Baker's Game, Seahaven Towers)."""
    ALTERNATE_COLOURS = "alternate"
    """One rank lower in the other colour (FreeCell)."""
    ANY_SUIT = "any"
    """One rank lower in any suit."""
    NONE = "none"
    """Nothing: no card goes onto a column, a card only leaves one (Stalactites)."""

    @property
    def words(self) -> str:
        """The rule in a few words, in the language in use: 'builds by suit', German 'baut in derselben Kartenfarbe'."""
        return {
            Build.SAME_SUIT: pgettext("how a variant builds", "builds by suit"),
            Build.ALTERNATE_COLOURS: pgettext("how a variant builds", "builds in alternating colours"),
            Build.ANY_SUIT: pgettext("how a variant builds", "builds down regardless of suit"),
            Build.NONE: pgettext("how a variant builds", "builds nothing on the columns"),
        }[self]


class FoundationBuild(enum.Enum):
    """How cards build up on the foundations."""

    BY_SUIT = "suit"
    """One foundation per suit, each up from :attr:`Rules.base_rank` (or the deal's base) in its suit."""
    BY_RANK = "rank"
    """Up by rank regardless of suit, each foundation from the card the deal puts on it and wrapping from
    K to A, 13 cards each (Stalactites); a card goes onto the first foundation, from the left, that takes it.
    The foundations' cards are :attr:`patience.Position.piles`."""


class EmptyColumns(enum.Enum):
    """What an empty column accepts."""

    ANY = "any"
    """Any card, or any run that fits the capacity."""
    KINGS_ONLY = "kings"
    """Only a king, alone or with the run on it."""
    BELOW_BASE = "below-base"
    """Only a card one rank below the foundations' base, alone or with its run (Penguin: the base
    is set by the deal; with aces as the base this is a king)."""
    ONE_RANK = "rank"
    """Only a card of the rank :attr:`Rules.empty_rank`, alone or with its run."""
    NONE = "none"
    """Nothing: empty columns stay empty."""


class AutoPlay(enum.Enum):
    """Which cards go to the foundations by themselves after every action."""

    NONE = "none"
    """Nothing moves by itself (Eight Off)."""
    SAFE_ALTERNATE = "safe-alternate"
    """Aces and twos always; another card once both cards of the other colour one rank lower are home (FreeCell)."""
    ALL = "all"
    """Every card that can go home (same-suit games, where all such moves are safe)."""


class Redeal(enum.Enum):
    """How the columns are gathered and dealt again, by an action of its own (``patience.Game.redeal``)."""

    NONE = "none"
    """No redeal."""
    FOURS = "fours"
    """Cruel's (as PySolFC deals it): the columns are picked up from the first to the last, each from its top
    card down, and dealt again without shuffling, four cards to each column from the first; the last column
    dealt to may get fewer and the columns after it stay empty. Allowed as often as the player likes while
    the game is not won; cells and foundations stay as they are."""


class Target(enum.Enum):
    """A kind of destination that a double tap tries, in a variant's order."""

    FOUNDATION = "foundation"
    LONGEST_COLUMN = "longest-column"
    EMPTY_COLUMN = "empty-column"
    CELL = "cell"


#: The seed's double-tap order: foundation, longest accepting column, empty column, free cell.
DEFAULT_DOUBLE_TAP = (Target.FOUNDATION, Target.LONGEST_COLUMN, Target.EMPTY_COLUMN, Target.CELL)


@frozen
class Scoring:
    """How a variant scores; read by the default ``patience_score_action`` hook."""

    card_home: int = 10
    """Points for each card that reaches a foundation (automatic moves too)."""
    start: int = 0
    """The score when the game is dealt, before the automatic play after the deal (Vegas-style: -52)."""
    negative: bool = False
    """Scores may go below 0 (Vegas-style scoring); otherwise a score never drops under 0."""
    first_time_only: bool = False
    """Only the first time each card reaches a foundation earns points (Eight Off). With two decks,
    where nothing comes back from a foundation, every card home earns."""
    undo_takes_back: bool = False
    """Undo takes back the points the undone action earned (every shipped variant, so that
    undo and redo cannot farm points); any ``undo_penalty`` comes on top."""
    undo_penalty: int = 0
    """Points lost for each undo (FreeCell: 10)."""
    undo_is_move: bool = False
    """An undo counts as a move (FreeCell); otherwise undo restores the move count too."""
    win_bonus: int = 0
    """Points for a win, before the per-move deduction (FreeCell: 700)."""
    win_bonus_per_move: int = 0
    """Deducted from the win bonus for each move (FreeCell: 2); the bonus never goes below 0."""


@frozen
class Rules:
    """Everything about a variant's play that can be said as data."""

    build: Build
    empty_columns: EmptyColumns
    autoplay: AutoPlay = AutoPlay.NONE
    group_moves: bool = True
    """Runs move as one action, up to ``(free cells + 1) * 2 ** empty columns`` cards."""
    unlimited_runs: bool = False
    """With :attr:`group_moves`, a run of any length moves as one action, whatever the free cells and
    empty columns (Relaxed FreeCell, Der Katzenschwanz: fc-solve's ``--sequence-move unlimited``)."""
    foundation_takeback: bool = False
    """A foundation's top card may go back to a cell or a column (Eight Off)."""
    foundation_build: FoundationBuild = FoundationBuild.BY_SUIT
    """How the foundations build: by suit (every game but one), or by rank from dealt bases (Stalactites)."""
    base_rank: int | None = 1
    """The rank each foundation starts with (1, the ace, in most games); ``None`` when the deal sets it,
    as in Penguin, where the deal's :attr:`patience.Position.base` says it. A foundation built from a
    base other than the ace wraps from K to A (base 5: 5, 6 ... K, A ... 4)."""
    wrap: bool = False
    """Columns build down around the corner: an ace's rank is one above a king's, so a king may lie on
    an ace (Penguin)."""
    empty_rank: int | None = None
    """The one rank an empty column accepts under :attr:`EmptyColumns.ONE_RANK` (1 to 13)."""
    run_build: Build | None = None
    """How a run must be built to move as one action; ``None``: as the columns build (:attr:`build`).
    Simple Simon builds regardless of suit but moves only a run of one suit: ``Build.SAME_SUIT``."""
    whole_suit_home: bool = False
    """Only a complete suit goes home: the thirteen cards from king to ace lying in order on top of a
    column go to a foundation as one action (a move of 13 cards, ``5hvd``); no single card goes home
    (Simple Simon). One deck, foundations from the ace, nothing taken back."""
    reserve: int = 0
    """How many cells are a reserve: the first ``reserve`` cells start full (the variant's deal fills them)
    and are never refilled. A card may leave a reserve cell; nothing goes into one, emptied or not.
    The other cells are free cells (King Albert: 7 cells, all a reserve)."""
    cell_suits: tuple[Suit, ...] = ()
    """The suit each cell takes, cell by cell: cell ``i`` holds only a card of ``cell_suits[i]`` (Four Colours:
    clubs, spades, hearts, diamonds). Empty: any cell takes any card. Each suit is named at most once, so a
    card has at most one cell it may go to; a table has no more cells than suits named here. The run
    capacity counts the empty cells as free cells, whatever their suits."""
    decks: int = 1
    """One deck (52 cards, 4 foundations), two (104 cards, 8 foundations: two for each suit) or three
    (156 cards, 12 foundations)."""
    redeal: Redeal = Redeal.NONE
    """The redeal the player may ask for (Cruel: :attr:`Redeal.FOURS`); :attr:`Redeal.NONE` when there is none."""
    undo_limit: int = 100
    # One default shared by every Rules (a Scoring is frozen), written as a value rather than as
    # field(factory=...): compiled with mypyc, a class body's values are checked against their types.
    scoring: Scoring = Scoring()
    double_tap: tuple[Target, ...] = DEFAULT_DOUBLE_TAP
    # Typed Any and its default object: compiled with mypyc, the class body loads an annotation's class
    # (which for ``object`` it cannot) and checks the field it is given against the default's type.
    _movegen: Any = field(default=cast(object, None), init=False, eq=False, hash=False, repr=False)
    """The move generator's tables of these rules (:func:`patience.movegen.tables_for`), made when first asked for."""

    def __attrs_post_init__(self) -> None:
        if self.base_rank is not None and not 1 <= self.base_rank <= 13:
            raise ValueError(
                _("base_rank {rank} is not a rank: use 1 (ace) to 13 (king), or None").format(rank=self.base_rank)
            )
        if (self.empty_columns is EmptyColumns.ONE_RANK) != (self.empty_rank is not None):
            raise ValueError(_("empty_rank is given exactly when empty_columns is EmptyColumns.ONE_RANK"))
        if self.empty_rank is not None and not 1 <= self.empty_rank <= 13:
            raise ValueError(
                _("empty_rank {rank} is not a rank: use 1 (ace) to 13 (king)").format(rank=self.empty_rank)
            )
        if self.reserve < 0:
            raise ValueError(
                _("reserve {reserve} is not a number of cells: use 0 or more").format(reserve=self.reserve)
            )
        if self.decks not in (1, 2, 3):
            raise ValueError(_("decks must be 1, 2 or 3, not {decks}").format(decks=self.decks))
        if self.reserve and self.decks != 1:
            # The solver holds a reserve card as its index + 64, which a second deck's twins would confuse.
            raise ValueError(_("a reserve is offered with one deck only"))
        if self.whole_suit_home and (self.decks != 1 or self.base_rank != 1 or self.foundation_takeback):
            # A complete suit goes onto an empty foundation as one block: no twin foundation, no base to
            # wrap from, and no card coming back one at a time.
            raise ValueError(
                _("whole_suit_home is offered with one deck, foundations from the ace and no foundation_takeback")
            )
        if len(set(self.cell_suits)) != len(self.cell_suits) or (self.cell_suits and self.reserve):
            # One cell at most for each suit: the solver, which holds the cells as a set of cards, then
            # knows which cell each held card is in.
            raise ValueError(_("cell_suits names each suit at most once, and is offered without a reserve"))
        if self.foundation_build is FoundationBuild.BY_RANK and (
            self.decks != 1 or self.foundation_takeback or self.whole_suit_home or self.base_rank is not None
        ):
            # Each foundation's base is the card the deal puts on it, and its cards stay there.
            raise ValueError(
                _(
                    "foundations by rank are offered with one deck, base_rank None, no foundation_takeback"
                    " and no whole_suit_home"
                )
            )
        if self.decks > 1 and self.foundation_takeback:
            # "hS" could name any spades foundation: several decks and takeback are not offered together.
            raise ValueError(_("foundation_takeback is offered with one deck only"))

    def run_capacity(self, free_cells: int, empty_columns: int, *, to_empty_column: bool) -> int:
        """How many cards move as one action now: :func:`group_capacity`, or any run with :attr:`unlimited_runs`.

        Under :attr:`EmptyColumns.NONE` empty columns do not count: a column that takes nothing cannot hold
        a card of the run on the way (PySolFC and fc-solve both move free cells + 1 cards there: Die Schlange).
        """
        if self.unlimited_runs and self.group_moves:
            return UNLIMITED_RUN
        if self.empty_columns is EmptyColumns.NONE:
            empty_columns = 0
        return group_capacity(free_cells, empty_columns, to_empty_column=to_empty_column, group_moves=self.group_moves)

    @property
    def moving_build(self) -> Build:
        """How a run that moves as one action is built: :attr:`run_build`, else :attr:`build`."""
        return self.build if self.run_build is None else self.run_build

    def empty_column_rank(self, base: int) -> int | None:
        """The one rank an empty column accepts when the foundations start at ``base``; ``None`` for any.

        Only meaningful when empty columns accept something (not :attr:`EmptyColumns.NONE`).
        """
        if self.empty_columns is EmptyColumns.KINGS_ONLY:
            return 13
        if self.empty_columns is EmptyColumns.BELOW_BASE:
            return 13 if base == 1 else base - 1
        if self.empty_columns is EmptyColumns.ONE_RANK:
            return self.empty_rank
        return None


#: The capacity of :attr:`Rules.unlimited_runs`: more than the longest run three decks can make.
UNLIMITED_RUN = 1 << 12


def group_capacity(free_cells: int, empty_columns: int, *, to_empty_column: bool, group_moves: bool = True) -> int:
    """How many cards move as one group: ``(free cells + 1) * 2 ** (empty columns)``.

    An empty destination column does not count as an empty column for the move.
    """
    if not group_moves:
        return 1
    empties = empty_columns - (1 if to_empty_column else 0)
    return (free_cells + 1) << max(empties, 0)
