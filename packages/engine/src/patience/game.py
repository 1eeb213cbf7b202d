"""A game in progress: the position, the move stack, undo and redo, score, and events for front ends."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from typing import cast

import pluggy
from attrs import frozen

from patience.cards import Card
from patience.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidBoardError,
    InvalidDealError,
    NothingToRedoError,
    NothingToUndoError,
    PatienceError,
    PluginError,
)
from patience.formats.codes import GameCode
from patience.i18n import current_language
from patience.i18n.hungarian import with_article
from patience.legality import Verdict, autoplay_moves, can_go_home, candidate_moves, check_move, free_cells
from patience.movegen import is_whole_suit, legal_moves, tables_for
from patience.moves import Move, Place, PlaceKind
from patience.plugins import DEFAULT_PLUGIN, check_cells, get_plugin_manager, get_variant, resolve_code, route
from patience.position import Position
from patience.redeal import REDEAL_WORD, redeal_refusal, redealt
from patience.rules import AutoPlay, FoundationBuild, Target
from patience.scoring import ActionKind, ScoredAction, ScoreState
from patience.shuffle import check_deal_number
from patience.texts import _
from patience.variant import Variant

__all__ = ["RANDOM_DEALS", "Action", "Game", "GameEvent", "LegalMoves"]

#: Random deals are drawn from Microsoft's classic 1-1,000,000.
RANDOM_DEALS = 1_000_000

# Read on every move: an enum member read through its class costs a descriptor call (see patience.moves).
_FOUNDATION = PlaceKind.FOUNDATION
#: The event each kind of performed action sends (any other kind sends ``move``).
_EVENTS = {ActionKind.FINISH: "finish", ActionKind.REDO: "redo", ActionKind.REDEAL: "redeal"}


@frozen
class Action:
    """One undoable action: a player's move, a Finish or a redeal, with the automatic play after it."""

    kind: ActionKind
    moves: tuple[Move, ...]
    """The player's own card movements: one for a move, one per card for Finish, none for a redeal."""
    auto: tuple[Move, ...] = ()
    """Automatic foundation moves that followed."""

    def __str__(self) -> str:
        if self.kind is ActionKind.REDEAL:
            return REDEAL_WORD
        return " ".join(str(move) for move in self.moves)


@frozen
class GameEvent:
    """What happened, for listeners.

    ``kind`` is one of ``new``, ``move``, ``undo``, ``redo``, ``finish``, ``redeal``, ``won``, ``gave-up``, ``hint``
    (a redone redeal sends ``redo`` with the redeal as its action).
    """

    kind: str
    action: Action | None = None


@frozen
class _Entry:
    action: Action
    position: Position
    score: ScoreState


class LegalMoves:
    """A lazy view of a game's legal moves: supports ``in``, ``bool()``, ``len()``, ``count()`` and iteration.

    Moves to a cell are listed for the first free cell only (where each cell
    takes one suit, :attr:`~patience.rules.Rules.cell_suits`, for the cell of
    the card's suit) and moves to an empty column for the first empty column
    (the others are alike), but ``in`` accepts any of them.
    """

    def __init__(self, game: Game) -> None:
        self._game = game
        self._listed: tuple[Position, list[Move]] | None = None

    def __iter__(self) -> Iterator[Move]:
        game = self._game
        if game.is_over:
            return
        if game.rules_are_data:
            # The default legality hook is check_move on the declared rules: the tables list
            # exactly the moves it accepts, in the same order, without judging each candidate.
            # Kept while the game stays on this position: list() asks len() first, then iterates.
            position = game.position
            if self._listed is None or self._listed[0] is not position:
                self._listed = (position, legal_moves(game.variant.rules, position))
            yield from self._listed[1]
            return
        rules = game.variant.rules
        for move in candidate_moves(
            game.position, foundation_takeback=True, reserve=rules.reserve, cell_suits=rules.cell_suits
        ):
            if game.check(move):
                yield move

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and not self._game.is_over and bool(self._game.check(move))

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        """How many moves are listed."""
        game = self._game
        if game.rules_are_data and not game.is_over:
            return len(list(iter(self)))
        return sum(1 for _ in self)

    # A method of its own rather than ``__len__ = count``: a compiled class cannot alias a method.
    def __len__(self) -> int:
        return self.count()

    def __repr__(self) -> str:
        return f"<LegalMoves {' '.join(str(m) for m in self)}>"


class Game:
    """A game of one variant from one position, with its history.

    Start one with :meth:`new`, :meth:`from_code` or :meth:`from_position`.
    Every rule question goes through the plugin hooks, so front ends never
    decide what is legal.
    """

    def __init__(
        self,
        variant: Variant,
        position: Position,
        *,
        deal: int | None = None,
        plugins: pluggy.PluginManager | None = None,
        autoplay_first: bool = True,
    ) -> None:
        self.variant = variant
        self.autoplay_first = autoplay_first
        """Whether automatic play runs on the starting position (it always runs after each action)."""
        self.deal = deal
        self.cells = len(position.cells)
        self._pm = plugins if plugins is not None else get_plugin_manager()
        # The per-variant hooks, routed once to this variant's plugin (and overriders and defaults):
        # pluggy's hook callers, called directly on the hot path.
        legality = route("patience_move_legality", variant, self._pm)
        self._legality = legality.call
        self._scoring = route("patience_score_action", variant, self._pm).call
        #: Nothing may change this variant's verdicts but the default: the declared rules say everything.
        self.rules_are_data = legality.plugins == [DEFAULT_PLUGIN]
        self.dealt = position
        self.autoplay: AutoPlay = variant.rules.autoplay
        self._listeners: list[Callable[[GameEvent], None]] = []
        self.restart()

    # -- starting ---------------------------------------------------------
    @classmethod
    def new(
        cls,
        variant: str | Variant = "eight-off",
        deal: int | None = None,
        cells: int | None = None,
        *,
        plugins: pluggy.PluginManager | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """Deal ``deal`` (a random one from 1-1,000,000 when ``None``) of ``variant``."""
        pm = plugins if plugins is not None else get_plugin_manager()
        var = get_variant(variant, pm) if isinstance(variant, str) else variant
        n_cells = check_cells(var, cells, pm)
        number = (
            check_deal_number(deal) if deal is not None else (rng or random.SystemRandom()).randint(1, RANDOM_DEALS)
        )
        return cls(var, deal_position(var, number, n_cells, pm), deal=number, plugins=pm)

    @classmethod
    def from_code(cls, code: str, *, plugins: pluggy.PluginManager | None = None) -> Game:
        """Deal the game a code such as ``EO1-C8-AAAAAFA`` names."""
        pm = plugins if plugins is not None else get_plugin_manager()
        variant, parsed = resolve_code(code, pm)
        return cls(variant, deal_position(variant, parsed.deal, parsed.cells, pm), deal=parsed.deal, plugins=pm)

    @classmethod
    def from_position(
        cls,
        variant: str | Variant,
        position: Position,
        *,
        plugins: pluggy.PluginManager | None = None,
        autoplay_first: bool = True,
    ) -> Game:
        """Play on from any position (for example one read with :func:`patience.formats.board.parse_board`).

        With ``autoplay_first=False`` the position is taken exactly as given:
        automatic play waits for the first action (``patience moves`` lists
        the moves of a board this way, aces on top included).
        """
        pm = plugins if plugins is not None else get_plugin_manager()
        var = get_variant(variant, pm) if isinstance(variant, str) else variant
        position.validate()
        check_fits(var, position)
        check_cells(var, len(position.cells), pm)
        return cls(var, position, plugins=pm, autoplay_first=autoplay_first)

    def restart(self) -> None:
        """Back to the deal: history, score and redo stack are cleared; automatic play runs again.

        All or nothing: when a plugin's scoring hook fails, the game is left as it was.
        """
        whole_suit = self.variant.rules.whole_suit_home
        auto = autoplay_moves(self.autoplay, self.dealt, whole_suit=whole_suit) if self.autoplay_first else []
        position, home = _played(self.dealt, auto)
        # Scored even when nothing goes home, so that a plugin's own scoring sees every deal.
        state = ScoreState(score=self.variant.rules.scoring.start)
        state = self._score(ScoredAction(ActionKind.DEAL, cards_home=home), self.dealt, position, state=state)
        self.position = position
        self._undo: deque[_Entry] = deque(maxlen=max(self.variant.rules.undo_limit, 0) or None)
        self._redo: list[Action] = []
        self.undos = 0
        self.gave_up = False
        self.hints = 0
        """Hints asked for in this game (:meth:`note_hint`); they change nothing else."""
        self.log: list[str] = []
        """Every action in order, as a game record writes it: moves in notation, ``undo``, ``redo``,
        ``finish``, ``redeal``, ``giveup`` and ``hint`` (see :mod:`patience.formats.records`)."""
        self._state = state
        self.start_auto = tuple(auto)
        self._emit(GameEvent("new"))

    # -- reading ----------------------------------------------------------
    @property
    def code(self) -> str | None:
        """The game code of the deal (``None`` for a game started from a position)."""
        if self.deal is None:
            return None
        return str(GameCode(self.variant.prefix, self.cells, self.deal))

    @property
    def plugins(self) -> pluggy.PluginManager:
        """The plugin manager this game asks its rule questions through."""
        return self._pm

    @property
    def score(self) -> int:
        """The score now."""
        return self._state.score

    @property
    def moves(self) -> int:
        """The moves counted so far, by the variant's rules."""
        return self._state.moves

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations."""
        return self.position.cards_home

    @property
    def is_won(self) -> bool:
        """Every card is home."""
        return self.position.is_won

    @property
    def is_over(self) -> bool:
        """Won or given up: no more moves."""
        return self.is_won or self.gave_up

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves now, as a lazy view."""
        return LegalMoves(self)

    @property
    def undo_positions(self) -> tuple[Position, ...]:
        """The positions before each action that undo can take back, oldest first.

        A game resumed by replaying its record has them too, so a front end
        can tell how far back a won position lies without keeping its own copy.
        """
        return tuple(entry.position for entry in self._undo)

    @property
    def undo_actions(self) -> tuple[Action, ...]:
        """The actions undo can take back, oldest first, each with the automatic moves it set off.

        Action ``i`` was played on :attr:`undo_positions` ``[i]``; a game
        resumed by replaying its record has them too.
        """
        return tuple(entry.action for entry in self._undo)

    @property
    def can_undo(self) -> bool:
        """Whether there is an action to undo."""
        return bool(self._undo) and not self.is_over

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone action to redo."""
        return bool(self._redo) and not self.is_over

    @property
    def max_group(self) -> int:
        """How many cards can move at once right now onto a non-empty column."""
        return self.variant.rules.run_capacity(
            free_cells(self.variant.rules, self.position), self.position.empty_columns, to_empty_column=False
        )

    @property
    def max_group_to_empty(self) -> int:
        """How many cards can move at once right now into an empty column (0 when none is empty or none takes cards)."""
        if not self.position.empty_columns or tables_for(self.variant.rules).no_empty:
            return 0
        return self.variant.rules.run_capacity(
            free_cells(self.variant.rules, self.position), self.position.empty_columns, to_empty_column=True
        )

    def check(self, move: Move) -> Verdict:
        """Whether ``move`` is legal now, with the reason when it is not."""
        return self._judge(self.position, move)

    def _judge(self, position: Position, move: Move) -> Verdict:
        """The legality hook's verdict on ``move`` in ``position``.

        When the rules are data the hook is the default one, which is
        check_move on the declared rules: asking it directly gives the same
        verdict and words without the plugin call.
        """
        if self.rules_are_data:
            return check_move(self.variant.rules, position, move, self.variant.title)
        verdict: Verdict | None = self._legality(variant=self.variant, position=position, move=move)
        return verdict if verdict is not None else Verdict(False, _("no plugin judged this move"))

    def find(self, card: Card) -> Place | None:
        """Where ``card`` can be picked up from: a column's top, a cell, or a foundation's top."""
        for i, column in enumerate(self.position.columns):
            # Cards compared by their index (rank and suit, as Card's equality): compiled with mypyc,
            # ``==`` between two values typed Card would compare their identity.
            if column and column[-1].index == card.index:
                return Place.column(i)
        for i, held in enumerate(self.position.cells):
            if held == card:
                return Place.cell(i)
        for index in range(len(self.position.foundations)):
            if self.position.foundation_top(index) == card:
                return Place(PlaceKind.FOUNDATION, index)
        return None

    def parse_move(self, text: str) -> Move:
        """Read standard notation in this position: ``18`` without ``v`` carries the run that fits.

        Onto a non-empty column, that is the run whose bottom card builds on
        the destination; ``5h`` is :meth:`home_move` (a complete suit where
        only a complete suit goes home). Into an empty column it is the top card alone when
        that may go (as fc-solve reads it: a run there is written ``23v4``),
        else the longest run that may.
        """
        move = Move.parse(text, columns=len(self.position.columns), cells=len(self.position.cells))
        if move.destination.kind is _FOUNDATION and "v" not in text.lower():
            return self.home_move(move.source)
        if (
            "v" in text.lower()
            or move.source.kind is not PlaceKind.COLUMN
            or move.destination.kind is not PlaceKind.COLUMN
        ):
            return move
        if self.check(move) or not self.position.exists(move.source) or not self.position.exists(move.destination):
            return move
        column = self.position.columns[move.source.index or 0]
        tables = tables_for(self.variant.rules)
        run = tables.run_length(column)
        target = self.position.columns[move.destination.index or 0]
        counts = range(run, 1, -1)
        if target:
            # The run length whose bottom card is one rank below the destination's top card.
            below = 13 if target[-1].rank == 1 and tables.wraps else target[-1].rank - 1
            wanted = [n for n in counts if column[-n].rank == below]
            counts = range(wanted[0], wanted[0] - 1, -1) if wanted else range(0)
        for n in counts:
            candidate = Move(move.source, move.destination, n)
            if self.check(candidate) or target:
                return candidate
        if run > 1:
            # Nothing fits the empty column: refuse the whole run, whose reason (capacity,
            # kings only) is the one the player needs, rather than its top card's.
            return Move(move.source, move.destination, run)
        return move

    # -- acting -----------------------------------------------------------
    def play(self, move: Move | str) -> Action:
        """Play a move (a :class:`Move` or notation).

        Raises :class:`IllegalMoveError` with the variant's reason when the move is not legal.
        """
        self._require_playing()
        if isinstance(move, str):
            move = self.parse_move(move)
        verdict = self.check(move)
        if not verdict:
            raise IllegalMoveError(str(verdict.reason), verdict.reason)
        return self._perform(ActionKind.MOVE, (move,), log=str(move))

    def home_move(self, place: Place) -> Move:
        """The move home from ``place``: its card, or the complete suit on top of a column where only that goes home.

        Under :attr:`~patience.rules.Rules.whole_suit_home` a column whose top
        13 cards are one suit from king to ace sends them as one move (``5hvd``).
        """
        if (
            self.variant.rules.whole_suit_home
            and place.kind is PlaceKind.COLUMN
            and self.position.exists(place)
            and is_whole_suit(self.position.column(place))
        ):
            return Move(place, Place.foundation(), 13)
        return Move(place, Place.foundation())

    def tap(self, place: Place) -> Action | None:
        """A single tap: the card at ``place`` (or its complete suit, see :meth:`home_move`) goes home if it may."""
        move = self.home_move(place)
        if self.is_over or not self.check(move):
            return None
        return self._perform(ActionKind.MOVE, (move,), log=str(move))

    def double_tap_move(self, place: Place) -> Move | None:
        """The move a double tap on ``place`` would make, in the variant's target order; ``None`` if none."""
        if self.is_over or self.position.card_at(place) is None:
            return None
        order: tuple[Target, ...] = self.variant.rules.double_tap
        columns = self.position.columns
        for target in order:
            options: list[Move] = []
            if target is Target.FOUNDATION and place.kind is not PlaceKind.FOUNDATION:
                options = [self.home_move(place)]
            elif target is Target.LONGEST_COLUMN:
                # ``place`` as an object, so that ``!=`` compares Places by value when compiled too (see find).
                ranked = sorted(
                    (i for i, column in enumerate(columns) if column and Place.column(i) != cast(object, place)),
                    key=lambda i: (-len(columns[i]), i),
                )
                options = [Move(place, Place.column(i)) for i in ranked]
            elif target is Target.EMPTY_COLUMN:
                options = [Move(place, Place.column(i)) for i, column in enumerate(columns) if not column]
            elif target is Target.CELL:
                options = [Move(place, Place.cell(i)) for i, card in enumerate(self.position.cells) if card is None]
            for move in options:
                if self.check(move):
                    return move
        return None

    def double_tap(self, place: Place) -> Action | None:
        """A double tap: foundation, then the longest accepting column, an empty column, a free cell."""
        move = self.double_tap_move(place)
        return None if move is None else self._perform(ActionKind.MOVE, (move,), log=str(move))

    def finish_moves(self) -> list[Move] | None:
        """The foundation moves that finish the game, or ``None`` when foundation moves alone cannot."""
        position = self.position
        moves: list[Move] = []
        if self.variant.rules.whole_suit_home:
            # Only complete suits go home: Finish sends those that lie on top of the columns.
            moves = autoplay_moves(AutoPlay.ALL, position, whole_suit=True)
            position, _home = _played(position, moves)
            return moves if position.is_won else None
        progress = True
        while progress and not position.is_won:
            progress = False
            for i, column in enumerate(position.columns):
                if column and can_go_home(position, column[-1]):
                    moves.append(Move(Place.column(i), Place.foundation()))
                    position = position.apply(moves[-1])
                    progress = True
            for i, card in enumerate(position.cells):
                if card is not None and can_go_home(position, card):
                    moves.append(Move(Place.cell(i), Place.foundation()))
                    position = position.apply(moves[-1])
                    progress = True
        return moves if position.is_won else None

    @property
    def can_finish(self) -> bool:
        """Whether Finish would win the game now."""
        return not self.is_over and self.finish_moves() is not None

    def finish(self) -> Action:
        """Play every remaining card home, when foundation moves alone can do it. Each card counts as a move."""
        self._require_playing()
        moves = self.finish_moves()
        if moves is None:
            raise IllegalMoveError(_("cannot finish yet: some cards still need moves that are not to a foundation"))
        position = self.position
        for move in moves:
            # Finish plays by the same rules as everything else.
            if not self._judge(position, move):
                raise IllegalMoveError(_("cannot finish: {move} is not allowed").format(move=move))
            position = position.apply(move)
        return self._perform(ActionKind.FINISH, tuple(moves), log="finish")

    @property
    def redeal_refusal(self) -> str | None:
        """Why :meth:`redeal` is not allowed now (one sentence), or ``None`` when it is."""
        if self.gave_up:
            return _("the game was given up; start a new one or restart")
        return redeal_refusal(self.variant.rules, self.position, _title(self.variant))

    @property
    def can_redeal(self) -> bool:
        """Whether :meth:`redeal` is allowed now."""
        return self.redeal_refusal is None

    def redeal(self) -> Action:
        """Gather the columns and deal them again as the variant's :attr:`~patience.rules.Rules.redeal` says.

        One action: it counts as a move, automatic play follows, and undo
        and redo take it back and play it again. Raises
        :class:`IllegalMoveError` with the reason when the variant has no
        redeal or the game is won.
        """
        self._require_playing()
        reason = self.redeal_refusal
        if reason is not None:
            raise IllegalMoveError(reason)
        return self._perform(ActionKind.REDEAL, (), log=REDEAL_WORD)

    def undo(self) -> Action:
        """Take back the last action (a group move or a Finish comes back whole)."""
        self._require_playing()
        if not self._undo:
            raise NothingToUndoError(_("nothing to undo"))
        entry = self._undo[-1]
        state = self._score(ScoredAction(ActionKind.UNDO, restored=entry.score), self.position, entry.position)
        self._undo.pop()
        self.position = entry.position
        self._state = state
        self._redo.append(entry.action)
        self.undos += 1
        self.log.append("undo")
        self._emit(GameEvent("undo", entry.action))
        return entry.action

    def redo(self) -> Action:
        """Play the last undone action again, as a new action."""
        self._require_playing()
        if not self._redo:
            raise NothingToRedoError(_("nothing to redo"))
        action = self._redo[-1]
        if action.kind is ActionKind.REDEAL:
            reason = self.redeal_refusal
            if reason is not None:
                raise IllegalMoveError(reason)
            self._redo.pop()
            return self._perform(ActionKind.REDEAL, (), log="redo", keep_redo=True, event="redo")
        position = self.position
        for move in action.moves:
            if not self._judge(position, move):
                raise IllegalMoveError(_("cannot redo {action}: the position has changed").format(action=action))
            position = position.apply(move)
        self._redo.pop()
        return self._perform(ActionKind.REDO, action.moves, log="redo", keep_redo=True)

    def give_up(self) -> None:
        """End the game; the points so far stand."""
        self._require_playing()
        self._state = self._score(ScoredAction(ActionKind.GIVE_UP), self.position, self.position)
        self.gave_up = True
        self.log.append("giveup")
        self._emit(GameEvent("gave-up"))

    def note_hint(self) -> None:
        """Count a hint the player asked for: it goes into :attr:`log` as ``hint`` and changes nothing else.

        Hints are part of a game's record (a replay counts them), so they are
        noted here rather than by each front end. Raises :class:`GameOverError`
        once the game is over, as every other action does.
        """
        self._require_playing()
        self.hints += 1
        self.log.append("hint")
        self._emit(GameEvent("hint"))

    # -- events -----------------------------------------------------------
    def subscribe(self, listener: Callable[[GameEvent], None]) -> Callable[[], None]:
        """Call ``listener`` after every change; returns a function that unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    # -- internals --------------------------------------------------------
    def _emit(self, event: GameEvent) -> None:
        for listener in list(getattr(self, "_listeners", ())):
            listener(event)

    def _require_playing(self) -> None:
        if self.is_won:
            raise GameOverError(_("the game is won; start a new one or restart"))
        if self.gave_up:
            raise GameOverError(_("the game was given up; start a new one or restart"))

    def _score(
        self,
        action: ScoredAction,
        before: Position,
        after: Position,
        *,
        move: Move | None = None,
        state: ScoreState | None = None,
    ) -> ScoreState:
        base = state if state is not None else self._state
        result: ScoreState | None = self._scoring(
            variant=self.variant, state=base, action=action, move=move, before=before, after=after
        )
        return result if result is not None else base

    def _perform(
        self,
        kind: ActionKind,
        moves: tuple[Move, ...],
        *,
        log: str,
        keep_redo: bool = False,
        event: str | None = None,
    ) -> Action:
        # All or nothing: the new position and every score hook's answer are worked out first,
        # and the game changes only when all of them have answered.
        before, score_before = self.position, self._state
        back = tuple(card for move in moves if move.source.kind is _FOUNDATION for card in before.moving_cards(move))
        home: tuple[Card, ...] = ()
        if kind is ActionKind.REDEAL:
            position = redealt(self.variant.rules, before)
        else:
            position, home = _played(before, moves)
        auto = tuple(autoplay_moves(self.autoplay, position, whole_suit=self.variant.rules.whole_suit_home))
        position, auto_home = _played(position, auto)
        # The move the player made, for a scoring rule about moves; a Finish is many moves, none of them chosen.
        played = moves[0] if kind in (ActionKind.MOVE, ActionKind.REDO) and len(moves) == 1 else None
        counted = 1 if kind is ActionKind.REDEAL else len(moves)
        scored = ScoredAction(kind, cards_home=home + auto_home, cards_back=back, moves=counted)
        state = self._score(scored, before, position, move=played)
        won = position.is_won
        final = self._score(ScoredAction(ActionKind.WIN), position, position, state=state) if won else state
        action = Action(ActionKind.MOVE if kind is ActionKind.REDO else kind, moves, auto)
        self.position = position
        self._state = state
        self._undo.append(_Entry(action, before, score_before))
        if not keep_redo:
            self._redo.clear()
        self.log.append(log)
        self._emit(GameEvent(event or _EVENTS.get(kind, "move"), action))
        if won:
            self._state = final
            self._emit(GameEvent("won", action))
        return action


def _played(position: Position, moves: list[Move] | tuple[Move, ...]) -> tuple[Position, tuple[Card, ...]]:
    """``position`` after ``moves``, and the cards that went home."""
    home: list[Card] = []
    for move in moves:
        if move.destination.kind is _FOUNDATION:
            home.extend(position.moving_cards(move))
        position = position.apply(move)
    return position, tuple(home)


def deal_position(variant: Variant, deal: int, cells: int, pm: pluggy.PluginManager | None = None) -> Position:
    """The position of ``deal`` as dealt (before automatic play), through the ``patience_deal`` hook.

    The hook goes to the plugin that registered ``variant``; a variant
    derived from another (:meth:`Variant.derive`) that its plugin does not
    deal is dealt as its base is (by the default plugin). The deal is checked: a
    :class:`~patience.errors.PluginError` naming the plugin refuses one that
    does not have the variant's columns and ``cells`` cells, or is not a
    valid position.
    """
    pm = pm if pm is not None else get_plugin_manager()
    check_deal_number(deal)
    cells = check_cells(variant, cells, pm)
    dealer = route("patience_deal", variant, pm)
    position: Position | None = dealer(variant=variant, deal=deal, cells=cells)
    if position is None:
        raise InvalidDealError(_("no installed plugin deals {title}").format(title=_title(variant)))
    plugin = dealer.answered_by or DEFAULT_PLUGIN
    if len(position.columns) != variant.columns or len(position.cells) != cells:
        raise PluginError(
            _(
                "plugin {plugin} dealt {title} #{deal} with {columns} columns and {cells} cells,"
                " not {want_columns} and {want_cells}"
            ).format(
                plugin=repr(plugin),
                title=_title(variant),
                deal=deal,
                columns=len(position.columns),
                cells=len(position.cells),
                want_columns=variant.columns,
                want_cells=cells,
            )
        )
    try:
        position.validate()
        check_fits(variant, position)
    except PatienceError as error:
        raise PluginError(
            _("plugin {plugin} dealt {title} #{deal} wrongly: {problem}").format(
                plugin=repr(plugin), title=_title(variant), deal=deal, problem=error
            )
        ) from error
    return position


def check_fits(variant: Variant, position: Position) -> None:
    """Raise :class:`InvalidBoardError` unless ``position`` is one of ``variant``'s: its decks and its base.

    A variant with a fixed base rank plays only positions whose foundations
    start there; one whose deal sets the base plays any.
    """
    rules = variant.rules
    if position.decks != rules.decks:
        if rules.decks == 1:
            played = _("{title} is played with one deck ({cards} cards), not {count}")
        elif rules.decks == 2:
            played = _("{title} is played with two decks ({cards} cards), not {count}")
        else:
            played = _("{title} is played with three decks ({cards} cards), not {count}")
        raise InvalidBoardError(played.format(title=_title(variant), cards=52 * rules.decks, count=52 * position.decks))
    by_rank = rules.foundation_build is FoundationBuild.BY_RANK
    if by_rank != bool(position.piles):
        if by_rank:
            shape = _("{title}'s foundations build by rank: write each one's cards, base first, like 9C,TH,JS")
        else:
            shape = _("{title}'s foundations build by suit: write each one's suit and top rank, like H-5")
        raise InvalidBoardError(shape.format(title=_title(variant)))
    if rules.base_rank is not None and position.base != rules.base_rank:
        raise InvalidBoardError(
            _("{title}'s foundations start at rank {base}, not {found}").format(
                title=_title(variant), base=rules.base_rank, found=position.base
            )
        )


def _title(variant: Variant) -> str:
    """The variant's title as a sentence names it: after its article in Hungarian (``az Eight Off``)."""
    return with_article(variant.title) if current_language() == "hu" else variant.title


__all__ += ["check_fits", "deal_position"]
