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
from patience.cards import Card, Colour, Suit, full_deck
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
    PluginError,
    UnknownVariantError,
)
from patience.formats.board import format_board, parse_board
from patience.formats.codes import GameCode
from patience.game import Action, Game, GameEvent, LegalMoves, deal_position
from patience.i18n import N_, N_paragraphs
from patience.legality import Verdict, check_move
from patience.moves import Move, Place, PlaceKind
from patience.plugins import (
    OVERRIDES_ATTRIBUTE,
    CellCounts,
    PluginLoadWarning,
    PluginTimes,
    Registrar,
    Route,
    get_plugin_manager,
    get_variant,
    hookimpl,
    make_plugin_manager,
    plugin_failures,
    plugin_timings,
    route,
    rules_are_data,
    unknown_hooks,
    variants,
)
from patience.position import Position
from patience.rules import AutoPlay, Build, EmptyColumns, FoundationBuild, Redeal, Rules, Scoring, Target
from patience.scoring import ActionKind, ScoredAction, ScoreState
from patience.shuffle import MAX_DEAL, deal_round_robin, ms_deal
from patience.variant import Variant

__version__ = "0.1.0"

__all__ = [
    "MAX_DEAL",
    "N_",
    "OVERRIDES_ATTRIBUTE",
    "Action",
    "ActionKind",
    "AutoPlay",
    "Build",
    "Card",
    "CellCounts",
    "Colour",
    "EmptyColumns",
    "FoundationBuild",
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
    "N_paragraphs",
    "NothingToRedoError",
    "NothingToUndoError",
    "PatienceError",
    "Place",
    "PlaceKind",
    "PluginError",
    "PluginLoadWarning",
    "PluginTimes",
    "Position",
    "Redeal",
    "Registrar",
    "Route",
    "Rules",
    "ScoreState",
    "ScoredAction",
    "Scoring",
    "Suit",
    "Target",
    "UnknownVariantError",
    "Variant",
    "Verdict",
    "__version__",
    "check_move",
    "deal_position",
    "deal_round_robin",
    "format_board",
    "full_deck",
    "get_plugin_manager",
    "get_variant",
    "hookimpl",
    "make_plugin_manager",
    "ms_deal",
    "parse_board",
    "plugin_failures",
    "plugin_timings",
    "route",
    "rules_are_data",
    "unknown_hooks",
    "variants",
]
