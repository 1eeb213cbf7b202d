"""patience: a solitaire engine for the free-cell family.

The engine knows no variant by name: variants are pluggy plugins that
declare their rules as data (:class:`Rules`) and deal their own layouts.
Start a game with :meth:`Game.new`::

    >>> from patience import Game
    >>> game = Game.new("eight-off", deal=1)
    >>> game.play("8e")  # doctest: +SKIP
"""

from __future__ import annotations

# First: it refuses a compiled build older than its source before anything compiled is imported.
import patience._build  # noqa: F401
from patience.board import format_board, parse_board
from patience.cards import Card, Colour, Suit, full_deck
from patience.codes import GameCode
from patience.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidBoardError,
    InvalidCardError,
    InvalidCodeError,
    InvalidDealError,
    InvalidMoveError,
    NothingToRedoError,
    NothingToUndoError,
    PatienceError,
    UnknownVariantError,
)
from patience.game import Action, Game, GameEvent, LegalMoves, deal_position
from patience.hookspecs import hookimpl
from patience.legality import Verdict
from patience.moves import Move, Place, PlaceKind
from patience.plugins import get_plugin_manager, get_variant, variants
from patience.position import Position
from patience.rules import AutoPlay, Build, EmptyColumns, Rules, Scoring, Target
from patience.scoring import ActionKind
from patience.shuffle import MAX_DEAL, ms_deal
from patience.variant import Variant

__version__ = "0.1.0"

__all__ = [
    "MAX_DEAL",
    "Action",
    "ActionKind",
    "AutoPlay",
    "Build",
    "Card",
    "Colour",
    "EmptyColumns",
    "Game",
    "GameCode",
    "GameEvent",
    "GameOverError",
    "IllegalMoveError",
    "InvalidBoardError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidDealError",
    "InvalidMoveError",
    "LegalMoves",
    "Move",
    "NothingToRedoError",
    "NothingToUndoError",
    "PatienceError",
    "Place",
    "PlaceKind",
    "Position",
    "Rules",
    "Scoring",
    "Suit",
    "Target",
    "UnknownVariantError",
    "Variant",
    "Verdict",
    "__version__",
    "deal_position",
    "format_board",
    "full_deck",
    "get_plugin_manager",
    "get_variant",
    "hookimpl",
    "ms_deal",
    "parse_board",
    "variants",
]
