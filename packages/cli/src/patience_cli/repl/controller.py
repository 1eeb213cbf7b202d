"""What a typed line means and what to answer: shared by the full-screen prompt and the piped mode.

The controller owns the current :class:`~patience.Game` and turns each line
into engine calls. It decides no rule: legality, the double-tap order and
every refusal come from the engine, whose messages are shown as they are.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from attrs import define, evolve, field, frozen

from patience import (
    Action,
    ActionKind,
    Card,
    Game,
    GameEvent,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    Move,
    PatienceError,
    Place,
    PlaceKind,
    Position,
    get_variant,
)
from patience.cardnames import display, parse_card
from patience.errors import AmbiguousMoveError, clipped
from patience.formats.fcsolve import FcsFollower
from patience.i18n import N_, current_language
from patience.i18n.hungarian import with_article
from patience.moves import CELL_LETTERS
from patience.redeal import redealt
from patience.shuffle import read_deal_number
from patience_cli.common import one_line
from patience_cli.repl.hints import HintResult, Verdict
from patience_cli.repl.render import plain_board
from patience_cli.texts import _, ngettext, pgettext

if TYPE_CHECKING:
    from patience_home.store import Store, Tracker

__all__ = ["COMMANDS", "DEFAULT_VARIANT", "Controller", "Reply", "Say", "game_from_words", "result_line"]

#: What ``patience play`` deals when no variant is named.
DEFAULT_VARIANT = "eight-off"

#: Commands and what they do, for ``help`` and for completion: the names are typed as they are, the
#: descriptions are shown through :func:`command_help` in the language in use.
COMMANDS: dict[str, str] = {
    "new": N_("new game: new [VARIANT] [DEAL] [--cells N] [--code CODE]"),
    "restart": N_("back to the start of this deal"),
    "undo": N_("take back the last action (also Ctrl-Z)"),
    "redo": N_("play the last undone action again"),
    "hint": N_("ask the solver for a good move"),
    "finish": N_("play every card home when nothing else is needed"),
    "redeal": N_("gather the columns and deal them again (Cruel's redeal)"),
    "giveup": N_("end this game"),
    "code": N_("show this game's code (play it again with new --code CODE)"),
    "board": N_("show the table"),
    "moves": N_("list the legal moves"),
    "stats": N_("your statistics for every variant played"),
    "history": N_("the last games played"),
    "help": N_("show this help"),
    "quit": N_("leave (also q or exit, in any case, and Ctrl-D)"),
}


def command_help(name: str) -> str:
    """What the command ``name`` does, in the language in use."""
    return _(COMMANDS[name])


_ALIASES = {"u": "undo", "exit": "quit", "q": "quit", "?": "help", "give-up": "giveup", "resign": "giveup"}

#: The most digits ``new --cells N`` reads (no variant has a thousand cells).
_CELLS_DIGITS = 3

#: What a line in move notation is written with: column numbers, cell letters, h and a suit, v, the dash.
_NOTATION_CHARACTERS = frozenset(f"0123456789{CELL_LETTERS}hsdcv-")

#: How many following lines an ambiguous foundation line is tried against.
LOOKAHEAD = 12


def _unknown(text: str) -> str:
    """The refusal of a line that is no command, move, card or place."""
    return _("unknown {text}: type a move (3a, 5h, 18), a card (7H), a column or cell, or help").format(
        text=clipped(text, 40)
    )


@frozen
class Say:
    """One line of output and its kind: ``info``, ``move``, ``error``, ``win``, ``hint``, ``board`` or ``warning``.

    A ``warning`` is the store's (a game that cannot be saved): piped play prints it on stderr.
    """

    text: str
    kind: str = "info"


@define
class Reply:
    """The answer to one line."""

    lines: list[Say] = field(factory=list)
    quit: bool = False
    """The player asked to leave."""
    hint: bool = False
    """The player asked for a hint: the front end runs the solver (in a thread when it may take long)."""

    def say(self, text: str, kind: str = "info") -> None:
        """Add a line."""
        self.lines.append(Say(text, kind))

    @property
    def text(self) -> str:
        """All lines joined, for tests and pipes."""
        return "\n".join(line.text for line in self.lines)


@define
class _Auto:
    """A card that automatic play sent home: from where, and which action did it."""

    source: Place
    card: Card
    batch: int
    depth: int = 0
    """How many cards lay under it in its column (0 in a cell): a twin of the card beneath it is another copy."""
    claimed: bool = False

    def gone_from(self, position: Position) -> bool:
        """Whether ``position`` no longer shows this card where it was taken from.

        With two or three decks the card left on top may be its twin that lay
        under it, which is not the copy that went home.
        """
        if self.source.kind is PlaceKind.COLUMN:
            column = position.column(self.source)
            return len(column) <= self.depth or column[self.depth] != self.card
        return position.card_at(self.source) != self.card


class BadCommandError(PatienceError):
    """A command the REPL cannot carry out as typed."""


def game_from_words(words: list[str], current: Game | None = None) -> Game:
    """A game from ``[VARIANT] [DEAL] [--cells N] [--code CODE]``, the options of ``play`` and ``new``.

    What is not given comes from ``current`` (the same variant and cells) or
    the defaults (Eight Off, a random deal).
    """
    variant: str | None = None
    deal: int | None = None
    cells: int | None = None
    code: str | None = None
    rest = list(words)
    while rest:
        word = rest.pop(0)
        option, _equals, value = word.partition("=")
        if option in ("--cells", "-c", "--code"):
            if not value:
                if not rest:
                    raise BadCommandError(_("{option} needs a value, like {option} 4").format(option=option))
                value = rest.pop(0)
            if option == "--code":
                code = value
            else:
                # ASCII digits only (str.isdigit takes ``²``), and few enough to be a cell count.
                if not (value.isascii() and value.isdigit() and len(value) <= _CELLS_DIGITS):
                    raise BadCommandError(
                        _("--cells takes a cell count, like --cells 4, not {value}").format(value=clipped(value))
                    )
                cells = int(value)
        elif word.startswith("-"):
            raise BadCommandError(
                _("unknown option {option}: new takes [VARIANT] [DEAL] [--cells N] [--code CODE]").format(
                    option=clipped(word, quote=False)
                )
            )
        elif word.removeprefix("#").isascii() and word.removeprefix("#")[:1].isdigit():
            if deal is not None:
                raise BadCommandError(_("give one deal number"))
            deal = read_deal_number(word)
        elif variant is None:
            variant = word
        else:
            raise BadCommandError(
                _("unexpected {word}: new takes [VARIANT] [DEAL] [--cells N] [--code CODE]").format(word=clipped(word))
            )
    if code is not None:
        if deal is not None or cells is not None:
            raise BadCommandError(_("give either --code or a deal number and --cells, not both"))
        game = Game.from_code(code)
        if variant is not None and get_variant(variant).name != game.variant.name:
            raise BadCommandError(
                _("code {code} is a {title} code, not {other}").format(
                    code=code, title=_title(game.variant.title), other=get_variant(variant).title
                )
            )
        return game
    if variant is None and current is not None:
        return Game.new(current.variant, deal, cells if cells is not None else current.cells)
    return Game.new(variant or DEFAULT_VARIANT, deal, cells)


def _title(title: str) -> str:
    """A game's title as a sentence names it: Hungarian puts the article before it (``az Eight Off``)."""
    return with_article(title) if current_language() == "hu" else title


def _state(game: Game) -> str:
    """The cards home, the score and the moves of an unfinished game: ``3 cards home, score 15, 4 moves``."""
    cards = ngettext("{cards} card home", "{cards} cards home", game.cards_home).format(cards=game.cards_home)
    return ngettext("{cards}, score {score}, {moves} move", "{cards}, score {score}, {moves} moves", game.moves).format(
        cards=cards, score=game.score, moves=game.moves
    )


def result_line(game: Game) -> str:
    """How the game stands: ``won: score N in M moves``, or the cards home, score and moves so far."""
    if game.is_won:
        return ngettext("won: score {score} in {moves} move", "won: score {score} in {moves} moves", game.moves).format(
            score=game.score, moves=game.moves
        )
    state = _state(game)
    if game.gave_up:
        if game.code:
            return _("given up: {state} ({code})").format(state=state, code=game.code)
        return _("given up: {state}").format(state=state)
    if game.code:
        return _("not won: {state} ({code})").format(state=state, code=game.code)
    return _("not won: {state}").format(state=state)


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(display(card) for card in cards)


def _hungarian_article(phrase: str, first: str) -> str:
    """``phrase`` after the article its first word (``first``) takes, in Hungarian; as it is elsewhere."""
    return f"{with_article(first).split(' ', 1)[0]} {phrase}" if current_language() == "hu" else phrase


def place_words(place: Place) -> str:
    """A place as a sentence names it: ``column 3``, ``Spalte 3``, ``a 3. oszlop``; ``the foundation``."""
    if place.kind is PlaceKind.COLUMN:
        # Translators: a column named in a sentence; Hungarian puts the article before it ("a 3. oszlop").
        return _hungarian_article(_("column {number}").format(number=place), f"{place}.")
    if place.kind is PlaceKind.CELL:
        # Translators: a cell named in a sentence by its letter; Hungarian puts the article before it.
        return _hungarian_article(_("cell {letter}").format(letter=place), str(place))
    return _("the foundation")


def place_into(place: Place) -> str:
    """A place cards are moved into: ``column 3``, ``Spalte 3``, ``a 3. oszlopba`` (the foundation: ``home``)."""
    if place.kind is PlaceKind.COLUMN:
        # Translators: the column cards move into; Hungarian: "3. oszlopba" (the article is put before it).
        return _hungarian_article(pgettext("into", "column {number}").format(number=place), f"{place}.")
    if place.kind is PlaceKind.CELL:
        # Translators: the cell a card moves into; Hungarian: "{letter} cellába" (the article is put before it).
        return _hungarian_article(pgettext("into", "cell {letter}").format(letter=place), str(place))
    return pgettext("into", "home")


def _moved(move: Move, cards: str, *, redo: bool = False) -> str:
    """One move said: ``3a: ♥7 to cell a``, ``5h: ♠A home``, ``redo 3a: ...``."""
    if move.destination.kind is PlaceKind.FOUNDATION:
        if redo:
            return _("redo {move}: {cards} home").format(move=move, cards=cards)
        return _("{move}: {cards} home").format(move=move, cards=cards)
    where = place_into(move.destination)
    if redo:
        return _("redo {move}: {cards} to {place}").format(move=move, cards=cards, place=where)
    return _("{move}: {cards} to {place}").format(move=move, cards=cards, place=where)


class Controller:
    """Reads lines, plays them on the current game, and says what happened.

    With a ``store``, every action is recorded as it is played (by
    ``tracker``, or a tracker made for ``game``); ``new`` leaves the
    unfinished game ``abandoned`` and tracks the new one.

    ``piped`` makes foundation moves that automatic play has just made count
    as already done before anything else (solver output in ``sn`` form lists
    automatic moves where they happen); interactively such a line is accepted
    only when it could not be played. A piped line that reads both ways (the
    card now on top may go home too) is settled by the lines after it, and
    when they cannot tell, by what the input has done so far: one that has
    passed automatic moves by and never named one lists only the player's
    moves, so the line is played (see :meth:`_prefer_play`).

    ``fcs`` reads every move as fc-solve means it (``play --moves fcs``):
    on fc-solve's own copy of the position, with no automatic play, then
    played in the game on the cards it moves (see :mod:`patience.formats.fcsolve`).
    """

    def __init__(
        self,
        game: Game,
        *,
        piped: bool = False,
        store: Store | None = None,
        tracker: Tracker | None = None,
        fcs: bool = False,
    ) -> None:
        self.piped = piped
        self._fcs: FcsFollower | None = None
        self._reads_fcs = fcs
        self.store = store
        """Where every action is recorded (``None``: nothing is)."""
        self.tracker: Tracker | None = tracker
        """Records the current game in :attr:`store` (made here when ``store`` is given without one)."""
        self._autos: list[_Auto] = []
        self._batch = 0
        # What the input has done with automatic moves: named one again where only that reading
        # fits (solver output in sn form), or gone on past one it did not name (the player's moves only).
        self._named = 0
        self._passed = 0
        self._unsubscribe: Callable[[], None] = lambda: None
        self._shadow: Position = game.position
        self.game = game
        if store is not None and tracker is None:
            self.tracker = store.track(game)
        self._peek: Callable[[int], list[str]] = lambda n: []
        self.listeners: list[Callable[[], None]] = []
        """Called after anything changes the game (the prompt redraws the board)."""

    # -- the game ---------------------------------------------------------
    @property
    def reads_fcs(self) -> bool:
        """Whether moves are read as fc-solve means them (``play --moves fcs``)."""
        return self._reads_fcs

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._unsubscribe()
        self._game = game
        self._rebuild_autos()
        self._unsubscribe = game.subscribe(self._on_event)

    def _rebuild_autos(self) -> None:
        game = self._game
        if self._reads_fcs:
            self._fcs = FcsFollower.from_game(game)
        self._autos = []
        self._batch = 0
        self._named = 0
        self._passed = 0
        self._record(game.dealt, (), game.start_auto)
        if game.undo_actions:
            # A game brought back with its history (a resumed one): its automatic moves were made before
            # this input began, so none is the latest action's; a line that only they explain still claims them.
            for before, action in zip(game.undo_positions, game.undo_actions, strict=True):
                self._batch += 1
                self._record(self._dealt_again(before, action), action.moves, action.auto)
            self._batch += 1
        self._shadow = game.position

    def _record(self, position: Position, moves: tuple[Move, ...], auto: tuple[Move, ...]) -> None:
        for move in moves:
            position = position.apply(move)
        for move in auto:
            card = position.card_at(move.source)
            if card is not None:
                depth = len(position.column(move.source)) - 1 if move.source.kind is PlaceKind.COLUMN else 0
                self._autos.append(_Auto(move.source, card, self._batch, depth))
            position = position.apply(move)

    def _dealt_again(self, position: Position, action: Action) -> Position:
        """``position`` after ``action``'s redeal, when it is one; else ``position`` as it is."""
        if action.kind is ActionKind.REDEAL:
            return redealt(self._game.variant.rules, position)
        return position

    def _on_event(self, event: GameEvent) -> None:
        if self._reads_fcs and event.kind in ("undo", "redo", "finish", "redeal"):
            # fc-solve's moves after these start again from where the game then stands.
            self._fcs = FcsFollower.from_game(self._game)
        if event.kind == "new":
            self._rebuild_autos()
        elif event.kind in ("move", "redo", "finish", "redeal") and event.action is not None:
            if any(auto.batch == self._batch and not auto.claimed for auto in self._autos):
                self._passed += 1  # the input went on without naming the latest automatic moves
            self._batch += 1
            self._record(self._dealt_again(self._shadow, event.action), event.action.moves, event.action.auto)
        elif event.kind == "undo" and event.action is not None and event.action.auto:
            del self._autos[-len(event.action.auto) :]
        self._shadow = self._game.position
        for listener in list(self.listeners):
            listener()

    # -- lines ------------------------------------------------------------
    def handle(self, line: str, *, peek: Callable[[int], list[str]] | None = None) -> Reply:
        """Carry out one typed line; never raises for anything the player typed.

        ``peek(n)`` returns up to ``n`` lines that come next (piped input), to
        settle an ambiguous foundation line; see :meth:`_prefer_play`.
        """
        self._peek = peek if peek is not None else (lambda n: [])
        reply = Reply()
        text = line.strip()
        if not text or text.startswith("#"):
            return reply
        was_won = self._game.is_won
        try:
            self._dispatch(text, reply)
        except PatienceError as error:
            reply.say(one_line(str(error)), "error")
        except Exception as error:  # the loop must survive anything; say what went wrong in one line
            reply.say(
                _("unexpected error ({kind}: {error}); the game goes on").format(
                    kind=type(error).__name__, error=error
                ),
                "error",
            )
        if self._game.is_won and not was_won:
            reply.say(result_line(self._game), "win")
        if self.store is not None:
            for notice in self.store.take_notices():
                reply.say(_("warning: {notice}").format(notice=notice), "warning")
        return reply

    def _dispatch(self, text: str, reply: Reply) -> None:
        words = text.split()
        command = _ALIASES.get(words[0].lower(), words[0].lower())
        if command == "give" and len(words) == 2 and words[1].lower() == "up":
            command, words = "giveup", ["giveup"]
        if command in COMMANDS:
            self._command(command, text, words, reply)
            return
        if len(words) > 1:
            card = _card_or_none(text)  # a card in the language's words: Herz 7, kőr dáma
            if card is None:
                raise BadCommandError(_unknown(text))
            self._play_card(card, reply)
            return
        if self._fcs is not None:
            self._play_fcs(self._fcs, text, reply)
            return
        self._play_word(text, reply)

    def _command(self, command: str, text: str, words: list[str], reply: Reply) -> None:
        game = self._game
        if command != "new" and len(words) > 1:
            raise BadCommandError(_("{command} takes nothing after it").format(command=command))
        if command == "new":
            try:
                args = shlex.split(text)[1:]
            except ValueError as error:
                raise BadCommandError(
                    _("cannot read {text}: {error}").format(text=clipped(text, 40), error=error)
                ) from None
            new_game = game_from_words(args, game)
            if self.tracker is not None:
                self.tracker.abandon()  # the unfinished game is left for a new deal
            self.game = new_game
            if self.store is not None:
                self.tracker = self.store.track(new_game)
            self._notify()
            reply.say(
                _("new game: {title} {code}").format(title=self._game.variant.title, code=self._game.code), "info"
            )
            self._say_autos(reply, self._game.start_auto, self._game.dealt)
        elif command == "restart":
            game.restart()
            reply.say(_("restarted {title} {code}").format(title=_title(game.variant.title), code=game.code))
        elif command == "undo":
            action = game.undo()
            if action.kind is ActionKind.FINISH:
                reply.say(_("undid finish"), "move")
            else:
                reply.say(_("undid {action}").format(action=action), "move")
        elif command == "redo":
            before = game.position
            self._say_action(reply, game.redo(), before, redo=True)
        elif command == "hint":
            if game.is_over:
                raise BadCommandError(_("the game is over: start a new one with new, or restart"))
            game.note_hint()  # recorded when asked for, as the record's `hint` token
            reply.hint = True
        elif command == "finish":
            action = game.finish()
            count = len(action.moves)
            reply.say(
                ngettext("finish: {count} card home", "finish: {count} cards home", count).format(count=count), "move"
            )
        elif command == "redeal":
            before = game.position
            self._say_action(reply, game.redeal(), before)
        elif command == "giveup":
            game.give_up()
            reply.say(result_line(game))
        elif command == "code":
            reply.say(game.code or _("this game was started from a position and has no code"))
        elif command == "board":
            reply.say(plain_board(game), "board")
        elif command == "moves":
            moves = [str(move) for move in game.legal_moves]
            if moves:
                reply.say(_("legal moves: {moves}").format(moves=" ".join(moves)))
            else:
                reply.say(_("legal moves: none"))
        elif command == "help":
            reply.say(help_text(game))
        elif command in ("stats", "history"):
            reply.say(self._memory(command), "board")
        elif command == "quit":
            reply.quit = True

    def _memory(self, command: str) -> str:
        from patience_cli.record_commands import history_rows, stats_table

        if self.store is None or not self.store.saving:
            return _("games are not being saved, so there is nothing to show")
        if command == "stats":
            table = self.store.stats()
            # In a terminal narrower than the table, each row becomes a block (as `patience stats` does).
            width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
            return stats_table(table, width) if table else _("no game has ended yet")
        games = self.store.history(10)
        return history_rows(games) if games else _("no games yet")

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- moves, cards and places -------------------------------------------
    def _play_word(self, text: str, reply: Reply) -> None:
        card = _card_or_none(text)
        if card is not None and _written_as_card(text):
            self._play_card(card, reply)
            return
        move = self._move_or_none(text)
        if move is not None and (card is None or self._places_exist(move)):
            self._play_move(text, move, reply, card)
            return
        place = _place_or_none(text)
        if place is not None and place.kind is not PlaceKind.FOUNDATION:
            if move is None and not self._game.position.exists(place):
                self._refuse_ambiguous(text)
            self._play_place(place, reply)
            return
        if card is not None:
            self._play_card(card, reply)
            return
        if set(text.lower()) <= _NOTATION_CHARACTERS:
            Move.parse(text)  # looks like notation: raise the notation's own message
        raise BadCommandError(_unknown(text))

    def _play_fcs(self, follower: FcsFollower, token: str, reply: Reply) -> None:
        """Play fc-solve's move ``token`` as fc-solve means it."""
        game = self._game
        step = follower.step(game, token)
        if step.relabel:
            reply.say(
                _("{token}: fc-solve moves a whole column into an empty one, so here the cards stay").format(
                    token=token
                ),
                "move",
            )
        elif step.move is None:
            cards = _cards(step.home)
            reply.say(
                ngettext(
                    "{token}: {cards} already went home by itself",
                    "{token}: {cards} already went home by themselves",
                    len(step.home),
                ).format(token=token, cards=cards),
                "move",
            )
        else:
            before = game.position
            self._say_action(reply, game.play(step.move), before)
        follower.advance(step)

    def _refuse_ambiguous(self, text: str) -> None:
        """Raise the notation's refusal of ``text`` when it is a move of two readings (113 on 13 columns).

        Such text is no column of the table either, and the player meant a move.
        """
        try:
            self._game.parse_move(text)
        except AmbiguousMoveError:
            raise
        except InvalidMoveError:
            return

    def _move_or_none(self, text: str) -> Move | None:
        try:
            return self._game.parse_move(text)
        except InvalidMoveError:
            return None

    def _places_exist(self, move: Move) -> bool:
        position = self._game.position
        return position.exists(move.source) and position.exists(move.destination)

    def _play_move(self, text: str, move: Move, reply: Reply, card: Card | None) -> None:
        game = self._game
        home = move.destination.kind is PlaceKind.FOUNDATION
        verdict = game.check(move) if not game.is_over else None
        if home and self.piped:
            auto = self._claimable(move, latest_only=True)
            if auto is not None and not (verdict and self._prefer_play(move, auto)):
                self._claim(move, auto, reply, named=not verdict)
                return
        if verdict is not None and not verdict:
            auto = self._claimable(move, latest_only=False) if home else None
            if auto is not None:
                self._claim(move, auto, reply, named=True)
                return
            reason = str(verdict.reason)
            if card is not None:
                reason = _("{reason} (for the card {card}, write {notation})").format(
                    reason=reason, card=display(card), notation=card
                )
            raise IllegalMoveError(reason)
        before = game.position
        self._say_action(reply, game.play(move), before)

    def _claimable(self, move: Move, *, latest_only: bool) -> _Auto | None:
        """The automatic move home that ``move`` names, if it has already been made.

        The card must still be home and gone from ``move``'s source (a twin
        that lay under it may be there: :meth:`_Auto.gone_from`), and each
        automatic move is claimed once. With ``latest_only``, only the next
        unclaimed automatic move of the latest action qualifies (solver
        output lists them in the order they happened, right after the move
        that set them off); otherwise any earlier one from that source does.
        """
        position = self._game.position
        for auto in self._autos:
            if auto.claimed or (latest_only and auto.batch != self._batch):
                continue
            if auto.source == move.source and position.is_home(auto.card) and auto.gone_from(position):
                return auto
            if latest_only:
                return None
        return None

    def _claim(self, move: Move, auto: _Auto, reply: Reply, *, named: bool) -> None:
        """Take ``move`` as ``auto`` named again; ``named``: no other reading of the line fits."""
        auto.claimed = True
        self._named += named
        reply.say(
            ngettext(
                "{token}: {cards} already went home by itself", "{token}: {cards} already went home by themselves", 1
            ).format(token=move, cards=display(auto.card)),
            "move",
        )

    def _prefer_play(self, move: Move, auto: _Auto) -> bool:
        """Whether playing ``move`` fits the lines that follow better than taking it as already done.

        A line like ``8h`` is ambiguous when automatic play has just sent a
        card home from column 8 and the card now on top of it may go home
        too. Both readings are tried on copies of the game against the next
        few lines; the one that replays more of them wins. A tie (the lines
        ahead leave that column alone, as they often do on 13 columns) is
        settled by :meth:`_lists_player_moves`: play the line when the input
        lists only the player's moves, else keep the "already done" reading.
        """
        upcoming = self._peek(LOOKAHEAD)
        if not upcoming:
            return self._lists_player_moves()
        index = self._autos.index(auto)

        def replayed(play: bool) -> int:
            fork = self._fork()
            if play:
                fork.game.play(move)
            else:
                fork._autos[index].claimed = True
            count = 0
            for line in upcoming:
                if any(said.kind == "error" for said in fork.handle(line).lines):
                    break
                count += 1
            return count

        played, claimed = replayed(True), replayed(False)
        if played != claimed:
            return played > claimed
        return self._lists_player_moves()

    def _lists_player_moves(self) -> bool:
        """Whether the input so far lists only the player's moves, not the automatic ones.

        A game record or the solver's plain solution goes on past automatic
        moves without naming them; solver output in ``sn`` form names each
        one right after the move that set it off, and fc-solve's output
        names cards home that automatic play has sent already (lines that
        only the "already done" reading fits).
        """
        return self._passed > 0 and self._named == 0

    def _fork(self) -> Controller:
        """A scratch copy of the game and its automatic-move records, for trying lines out."""
        fork = Controller(Game.from_position(self._game.variant, self._game.position), piped=True)
        fork._autos = [evolve(auto) for auto in self._autos]
        fork._batch = self._batch
        fork._named, fork._passed = self._named, self._passed
        return fork

    def _play_card(self, card: Card, reply: Reply) -> None:
        game = self._game
        place = game.find(card)
        if place is None:
            raise IllegalMoveError(self._covered(card))
        if place.kind is PlaceKind.FOUNDATION:
            if game.variant.rules.foundation_takeback:
                raise IllegalMoveError(
                    _("{card} is already home; to take it back write {back} and where, like {example}").format(
                        card=display(card), back=f"h{card.suit.letter}", example=f"h{card.suit.letter}a"
                    )
                )
            raise IllegalMoveError(_("{card} is already home").format(card=display(card)))
        self._play_place(place, reply)

    def _covered(self, card: Card) -> str:
        """Why ``card``, found nowhere a move starts, cannot move: the cards covering it, or that it is home."""
        for i, column in enumerate(self._game.position.columns):
            if card in column:
                above = len(column) - 1 - column.index(card)
                return ngettext(
                    "{card} cannot move now: it is covered by {count} card in {column}",
                    "{card} cannot move now: it is covered by {count} cards in {column}",
                    above,
                ).format(card=display(card), count=above, column=place_words(Place.column(i)))
        return _("{card} cannot move now: it is home").format(card=display(card))

    def _play_place(self, place: Place, reply: Reply) -> None:
        game = self._game
        card = game.position.card_at(place) if game.position.exists(place) else None
        if card is None:
            if not game.position.exists(place):
                game.play(Move(place, Place.foundation()))  # raises the engine's "there is no ..." message
            raise IllegalMoveError(_("{place} is empty").format(place=place_words(place)))
        before = game.position
        action = game.double_tap(place)
        if action is None:
            if game.is_over:
                raise IllegalMoveError(_("the game is over: start a new one with new, or restart"))
            raise IllegalMoveError(
                _("{card} has nowhere to go: not home, onto a column, into an empty column or a free cell").format(
                    card=display(card)
                )
            )
        self._say_action(reply, action, before)

    # -- saying what happened -----------------------------------------------
    def _say_action(self, reply: Reply, action: Action, before: Position, *, redo: bool = False) -> None:
        position = self._dealt_again(before, action)
        parts = []
        if action.kind is ActionKind.REDEAL:
            parts.append(
                _("redo redeal: the columns are dealt again") if redo else _("redeal: the columns are dealt again")
            )
        for move in action.moves:
            cards = position.moving_cards(move)
            parts.append(_moved(move, _cards(cards), redo=redo))
            position = position.apply(move)
        autos = self._auto_cards(position, action.auto)
        if autos:
            parts.append(_home_by_itself(autos))
        reply.say("; ".join(parts), "move")

    def _say_autos(self, reply: Reply, auto: tuple[Move, ...], position: Position) -> None:
        cards = self._auto_cards(position, auto)
        if cards:
            reply.say(_home_by_itself(cards), "move")

    @staticmethod
    def _auto_cards(position: Position, auto: tuple[Move, ...]) -> list[Card]:
        cards = []
        for move in auto:
            card = position.card_at(move.source)
            if card is not None:
                cards.append(card)
            position = position.apply(move)
        return cards

    # -- hints --------------------------------------------------------------
    def hint_reply(self, result: HintResult, asked_at: Position) -> Reply:
        """Say a hint worked out for the position ``asked_at``; drop it if the game has moved on since."""
        reply = Reply()
        if self._game.position != asked_at:
            reply.say(_("hint dropped: the position changed while the solver was thinking; ask again"), "hint")
            return reply
        if result.verdict is Verdict.LOST and self._game.can_redeal:
            reply.say(_("hint: no win by card moves alone from here (the solver makes no redeal); try redeal"), "hint")
            return reply
        if result.verdict is Verdict.LOST:
            reply.say(_("hint: this position can no longer be won; undo, restart or start a new game"), "hint")
            return reply
        if result.move is None:
            reply.say(_("hint: {reason}").format(reason=result.reason), "hint")
            return reply
        move = str(result.move)
        starts = result.reason.startswith(move)
        if result.verdict is Verdict.SOLVED:
            if starts:
                line = _("hint: {reason}").format(reason=result.reason)
            else:
                line = _("hint: {move}: {reason}").format(move=move, reason=result.reason)
        elif starts:
            line = _("hint: {reason} (no winning line found yet)").format(reason=result.reason)
        else:
            line = _("hint: {move}: {reason} (no winning line found yet)").format(move=move, reason=result.reason)
        reply.say(line, "hint")
        return reply


def _home_by_itself(cards: list[Card]) -> str:
    """The cards automatic play sent home: ``home by itself: ♠A ♥2``."""
    return _("home by itself: {cards}").format(cards=_cards(cards))


def _card_or_none(text: str) -> Card | None:
    """The card ``text`` names in notation (``7H``) or in the language in use (``Herz 7``, ``D♥``), else ``None``."""
    try:
        return parse_card(text)
    except InvalidCardError:
        return None


def _written_as_card(text: str) -> bool:
    """A suit symbol or a capital suit letter marks a card; notation is written in lower case.

    A card in the language's words (``Herz 7``, ``kőr dáma``) is a card too: notation has no spaces.
    """
    stripped = text.strip()
    return stripped[0] in "♠♥♦♣" or stripped[-1] in "♠♥♦♣SHDC" or " " in stripped


def _place_or_none(text: str) -> Place | None:
    try:
        return Place.parse(text)
    except InvalidMoveError:
        return None


def _help_item(label: str, text: str) -> list[str]:
    """One item of the help: its label, then its text, each further line of the text under the first."""
    first, *rest = text.split("\n")
    return [f"{label:<7} {first}", *(f"{'':<7} {line}" for line in rest)]


def help_text(game: Game | None = None) -> str:
    """What the REPL accepts, one item a line; the take-back line says whether ``game``'s variant allows it."""
    title = _title("Eight Off" if game is None else game.variant.title)
    if game is None or game.variant.rules.foundation_takeback:
        back = _(
            "hSa, hD5: h, the suit letter, then where: takes a foundation's top card back\n"
            "to a free cell or a column, only where the variant allows it ({title} does)"
        )
    else:
        back = _(
            "hSa, hD5: h, the suit letter, then where: takes a foundation's top card back\n"
            "to a free cell or a column, only where the variant allows it ({title} does not)"
        )
    lines = [
        *_help_item(
            pgettext("help heading", "moves"),
            _("3a (column 3 to cell a), a5, 5h (home), 18, 23v4 (a run of 4 into column 3)"),
        ),
        *_help_item(
            pgettext("help heading", "cards"),
            _(
                "7H, TD, 10D or ♥7: the card goes where a double tap sends it\n"
                "(home, else the longest column that takes it, an empty column, a free cell)"
            ),
        ),
        *_help_item(
            pgettext("help heading", "places"),
            _(
                "a column number or cell letter alone does the same for its top card\n"
                "lower case is notation (5h: column 5 home); a capital suit letter is a card (5H)"
            ),
        ),
        *_help_item(pgettext("help heading", "back"), back.format(title=title)),
    ]
    lines += [f"{name:<8}{command_help(name)}" for name in COMMANDS]
    lines += _help_item(
        pgettext("help heading", "bar"), _("run 10 (5 to empty) or run 10/5: how many cards move at once")
    )
    lines += _help_item(
        pgettext("help heading", "keys"), _("Tab completes legal moves and commands, Ctrl-Z undoes, Ctrl-D quits")
    )
    return "\n".join(lines)
