"""fc-solve's solutions read as fc-solve means them.

fc-solve solves the deal as dealt and plays no automatic moves: every card
goes home by a move of its own (``2h``), often long after this game's
automatic play has sent it there, and the cells and columns it names are
those of its own position. The same tokens therefore mean other cards in a
game with automatic play: fc-solve's ``2c`` may put a card in a cell that
automatic play has already sent home, and read in this game's notation the
same ``2c`` moves the card that lay under it.

:class:`FcsFollower` keeps fc-solve's own copy of the position, applies each
of its moves there literally (no automatic play, its foundation moves
included), and says what the move is in the game: the same cards moved
from where they lie in the game to the same column, cell or home, or
nothing when automatic play has already sent them home. The game keeps its own rules
(automatic play included), so what it records is an ordinary game that
replays and verifies like any other.

:func:`fcs_tokens` reads fc-solve's output as it prints it: ``-m`` lines of
ten moves, ``-p -t -sam`` position dumps with ``Move: 1h`` lines, the
separator lines, the closing ``This game is solveable.`` lines and the
verbose notation without ``-sn`` (``Move a card from stack 3 to freecell 0``).
"""

from __future__ import annotations

import re

from attrs import frozen

from patience.cards import Card
from patience.errors import IllegalMoveError, InvalidMoveError, clipped
from patience.game import Game
from patience.moves import CELL_LETTERS, Move, Place, PlaceKind
from patience.position import Position
from patience.rules import AutoPlay
from patience.texts import _

__all__ = ["FcsFollower", "FcsStep", "fcs_tokens", "is_fcs_prose"]

# A move in fc-solve's standard notation (-sn / -snx): source, destination, an optional run length in hex;
# or the two places with a - between them, as patience writes a column past 9 (fc-solve has at most 10).
_PLACE = rf"(?:10|[1-9]|[{CELL_LETTERS}h])"
_SEPARATED = rf"(?:[1-9][0-9]*|[{CELL_LETTERS}]|h[shdc]?)"
_MOVE = re.compile(rf"^(?:{_PLACE}{_PLACE}|{_SEPARATED}-{_SEPARATED})(?:v[0-9a-f]+)?$")
_CARD = r"(?:10|[2-9AJQKT])[HCDS]"
# Lines fc-solve prints that carry no move: separators, the verdict and the statistics, the banner it
# writes when reading stdin, and position dumps (fc-solve's board format and its column layout).
_PROSE = (
    r"(?:-=)+-?|=+"
    r"|This game is solveable\.|I could not solve this game\.|Iterations count exceeded\."
    r"|Total number of states checked is \d+\.|This scan generated \d+ states\."
    r"|Reading the board from the standard input\."
    r"|Please refer to the documentation for more usage information:"
    r"|To cancel this message set the FREECELL_SOLVER_QUIET environment variable\."
)
_FCS_PROSE = re.compile(rf"^(?:{_PROSE})$")
_TEXT = re.compile(
    rf"^(?:{_PROSE}|https?://\S+"
    r"|Foundations:.*|Freecells:.*|Base:.*|:.*"
    rf"|(?:(?:{_CARD}|-+|[HCDS]-(?:\d+|[AJQKT]))\s*)+)$"
)
_MOVE_LINE = re.compile(r"^Move:\s*(\S+)\s*$")
_VERBOSE = re.compile(
    r"^Move (?:a card|(?P<count>\d+) cards) from (?P<source>stack|freecell) (?P<at>\d+)"
    r" to (?:the foundations|(?P<dest>stack|freecell) (?P<to>\d+))\s*$"
)


def fcs_tokens(line: str) -> list[str] | None:
    """The moves one line of fc-solve's output holds, in fc-solve's notation.

    ``[]`` for a line fc-solve prints that holds no move (a separator, a
    position dump, its verdict and statistics), ``None`` for a line that is
    not fc-solve's output at all (a command typed after it, say).
    """
    text = line.strip()
    if not text or _TEXT.match(text):
        return []
    words = text.split()
    if all(_MOVE.match(word) for word in words):
        return words
    single = _MOVE_LINE.match(text)
    if single and _MOVE.match(single.group(1)):
        return [single.group(1)]
    verbose = _VERBOSE.match(text)
    if verbose:
        return [_standard(verbose)]
    return None


def is_fcs_prose(line: str) -> bool:
    """Whether ``line`` is one fc-solve prints and nothing else does: a separator, its verdict or statistics.

    Position dumps are left out: a line of card names means something in
    patience's own notation too.
    """
    return bool(_FCS_PROSE.match(line.strip()))


def _standard(verbose: re.Match[str]) -> str:
    """A verbose fc-solve move (stacks and freecells counted from 0) in standard notation."""

    def place(kind: str | None, index: str | None) -> str:
        if kind is None or index is None:
            return "h"
        number = int(index)
        if kind == "freecell":
            return CELL_LETTERS[number] if number < len(CELL_LETTERS) else "?"
        return str(number + 1)

    source, dest = place(verbose["source"], verbose["at"]), place(verbose["dest"], verbose["to"])
    # fc-solve's own form runs the places together (310); past column 10 that can be read two ways.
    wide = any(text.isdigit() and int(text) > 10 for text in (source, dest))
    text = f"{source}-{dest}" if wide else source + dest
    count = int(verbose["count"] or 1)
    return f"{text}v{count:x}" if count > 1 else text


@frozen
class FcsStep:
    """What one of fc-solve's moves is in the game.

    ``move`` is the move to play in the game. It is ``None`` when the game
    has nothing to play: automatic play has already sent every card of
    fc-solve's move home (``home`` lists them), or fc-solve moves a whole
    column into an empty one (``relabel``), which changes nothing but the
    column's number in fc-solve's position.
    """

    token: str
    move: Move | None
    home: tuple[Card, ...] = ()
    relabel: bool = False
    fcs_move: Move | None = None
    """The move in fc-solve's position (its run length read there)."""


class FcsFollower:
    """fc-solve's own copy of a game's position, to read its moves as it means them.

    Start it from the game as dealt (:meth:`from_deal`, what ``patience deal
    -f fcs`` prints) or from where the game stands (:meth:`from_game`); ask
    :meth:`step` what a move is in the game, play that move, then
    :meth:`advance` with the step.

    Every card not home in the game lies where fc-solve has it, but for the
    number of its column: fc-solve may move a whole column into an empty one,
    which the game refuses as a move that changes nothing, so the follower
    keeps which of the game's columns each of fc-solve's columns is.
    """

    def __init__(self, game: Game, position: Position) -> None:
        self._variant = game.variant
        self._plugins = game.plugins
        self._shadow = self._game_at(position)
        self._columns = list(range(len(position.columns)))

    def _game_at(self, position: Position) -> Game:
        shadow = Game.from_position(self._variant, position, plugins=self._plugins, autoplay_first=False)
        shadow.autoplay = AutoPlay.NONE  # fc-solve moves every card itself
        return shadow

    @classmethod
    def from_deal(cls, game: Game) -> FcsFollower:
        """Follow fc-solve from ``game``'s deal before automatic play, as fc-solve is given it."""
        return cls(game, game.dealt)

    @classmethod
    def from_game(cls, game: Game) -> FcsFollower:
        """Follow fc-solve from where ``game`` stands: its deal when nothing is played yet, else its position."""
        if not game.log:
            return cls.from_deal(game)
        return cls(game, game.position)

    @property
    def position(self) -> Position:
        """fc-solve's position: the cards where its moves so far have put them."""
        return self._shadow.position

    def step(self, game: Game, token: str) -> FcsStep:
        """What fc-solve's move ``token`` is in ``game``; nothing changes until :meth:`advance`.

        Raises :class:`InvalidMoveError` when ``token`` is not a move and
        :class:`IllegalMoveError` when fc-solve's position does not allow it
        or the game cannot follow it.
        """
        shadow = self._shadow
        if not _MOVE.match(token.strip().lower()):
            shown = clipped(token, quote=False)
            raise InvalidMoveError(
                _("{text} is not a move in fc-solve's notation, like 3a, a5, 5h, 18 or 23v4").format(text=shown)
            )
        move = shadow.parse_move(token)
        if self._is_relabel(move):
            return FcsStep(token, None, relabel=True, fcs_move=move)
        verdict = shadow.check(move)
        if not verdict:
            raise IllegalMoveError(
                _("fc-solve's position does not allow {move}: {reason}").format(move=token, reason=verdict.reason)
            )
        cards = shadow.position.moving_cards(move)
        source = self._in_game(move.source)
        stays = self._still_out(game, move.source, source)
        if stays is None:
            raise IllegalMoveError(
                _("the game cannot follow fc-solve's {move}: {place} does not hold fc-solve's cards").format(
                    move=token, place=source.describe()
                )
            )
        flags = stays[len(stays) - len(cards) :]
        live = tuple(card for card, out in zip(cards, flags, strict=True) if out)
        home = tuple(card for card, out in zip(cards, flags, strict=True) if not out)
        if not live:
            return FcsStep(token, None, home, fcs_move=move)
        if not all(flags[: len(live)]):
            raise IllegalMoveError(
                _("the game cannot follow fc-solve's {move}: some of its cards are home, not all").format(move=token)
            )
        played = Move(source, self._in_game(move.destination), len(live))
        judged = game.check(played)
        if not judged:
            raise IllegalMoveError(
                _("the game cannot follow fc-solve's {move}: {reason}").format(move=token, reason=judged.reason)
            )
        return FcsStep(token, played, home, fcs_move=move)

    def _still_out(self, game: Game, named: Place, place: Place) -> list[bool] | None:
        """For each card at fc-solve's ``named`` place, covered one first: whether the game still has it at ``place``.

        The game's cards there are fc-solve's less those automatic play has
        sent home, in the same order; ``None`` when they are not. Cards are
        matched from the covered end, so with two decks either of two equal
        cards may be the one gone home (they are alike).
        """
        shadow = self._shadow.position
        if named.kind is PlaceKind.CELL:
            held, here = shadow.card_at(named), game.position.card_at(place)
            if held is None or here not in (None, held):
                return None
            return [here is not None]
        if named.kind is not PlaceKind.COLUMN:
            return None
        theirs, ours = shadow.column(named), game.position.column(place)
        flags, matched = [], 0
        for card in theirs:
            # By index (rank and suit, as Card's equality): compiled, ``==`` of two Cards compares identity.
            out = matched < len(ours) and ours[matched].index == card.index
            matched += out
            flags.append(out)
        return flags if matched == len(ours) else None

    def advance(self, step: FcsStep) -> None:
        """Make ``step``'s move in fc-solve's position (once the game has played it, or taken it as done)."""
        move = step.fcs_move
        if move is None:
            return
        if step.relabel:
            assert move.source.index is not None and move.destination.index is not None
            self._shadow = self._game_at(self._shadow.position.apply(move))
            source, dest = move.source.index, move.destination.index
            # The cards stay in the game's column; the game's empty column is now fc-solve's source.
            self._columns[source], self._columns[dest] = self._columns[dest], self._columns[source]
        else:
            self._shadow.play(move)

    def _is_relabel(self, move: Move) -> bool:
        """Whether ``move`` carries a whole column into an empty one (legal for fc-solve, a no-op here)."""
        position = self._shadow.position
        if move.source.kind is not PlaceKind.COLUMN or move.destination.kind is not PlaceKind.COLUMN:
            return False
        if not (position.exists(move.source) and position.exists(move.destination)):
            return False
        column = position.column(move.source)
        return bool(column) and not position.column(move.destination) and len(column) == move.count

    def _in_game(self, place: Place) -> Place:
        """The game's place for fc-solve's ``place`` (columns renumbered, cells and home as they are)."""
        if place.kind is PlaceKind.COLUMN and place.index is not None and place.index < len(self._columns):
            return Place.column(self._columns[place.index])
        return place
