"""``patience play``: the terminal game (a full-screen prompt on a terminal, line by line from a pipe)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from patience.i18n import N_paragraphs, translate_paragraphs
from patience_cli.common import (
    bad_input,
    check_max_memory,
    check_max_positions,
    complete_variant,
    game_from_args,
    guarded,
    parse_deal_number,
)
from patience_cli.notation import MoveNotation, MovesOption
from patience_cli.texts import DOMAIN, _, ngettext

if TYPE_CHECKING:
    from patience import Game
    from patience_home.store import GameInfo, Store, Tracker

__all__ = ["play", "register", "resumed_line", "start_play"]

#: The help of ``play``, a str.format text: ``{{`` and ``}}`` are the braces shown.
PLAY_HELP = N_paragraphs("""Play in the terminal: type moves (3a, a5, 5h, 18, 23v4), card names (7H) or commands (help).

VARIANT is any installed variant (`patience variants` lists them, plugins
included). With no deal named, the last unfinished game comes back exactly
as it was left (and it says so); when there is none, Eight Off is dealt.
An imported game never comes back by itself: `--resume ID` brings back
any unfinished game.
When that game is the day's attempt at a daily deal, it is played as
`patience daily` plays it (its record goes to the leaderboard server).
Naming a deal starts a new game and leaves the unfinished one abandoned.
Every action is saved as it is played (`patience history`, `patience stats`).

Without a terminal (a pipe or a file on stdin) it reads moves and commands,
one or several a line (a game record's actions as they are; ; starts a
comment, and so does {{, up to }}), prints one line a move and the result at
the end.

--moves fcs reads fc-solve's output as it prints it, each move as fc-solve
means it (on its own copy of the position, with no automatic play), so
`patience deal freecell 2 -f fcs | fc-solve -snx -m - | patience play
freecell 2 --moves fcs` replays its solution; the game keeps its own rules.
""")

#: The examples of ``play --help``: commands as typed, the same in every language.
PLAY_EXAMPLES = (
    "patience play freecell 617  |  patience play eight-off --cells 4  |  "
    "patience solve --code EO1-C8-AAAAAFA --format sn | patience play --code EO1-C8-AAAAAFA"
)


def start_play(
    variant: str | None = None,
    deal: str | int | None = None,
    cells: int | None = None,
    code: str | None = None,
    resume: int | None = None,
    moves: MoveNotation = MoveNotation.PATIENCE,
    *,
    hint_positions: int | None = None,
    hint_memory: int | None = None,
) -> None:
    """Deal the game the arguments name and play it: interactively on a terminal, line by line otherwise.

    ``hint_positions`` and ``hint_memory`` bound each hint's search (None:
    the solver's defaults, see :class:`~patience_cli.repl.hints.Hinter`).

    ``moves`` says whose notation the moves are in: :attr:`MoveNotation.FCS`
    reads fc-solve's output as fc-solve means it.

    ``deal`` may be the text typed (``617``, ``#617``); it is checked with
    :func:`~patience_cli.common.parse_deal_number`. ``resume`` brings back
    that unfinished game instead, imported ones included.
    """
    from patience_cli.record_commands import open_store
    from patience_cli.repl import Controller, Repl, Reply, Say, run_piped
    from patience_cli.repl.controller import DEFAULT_VARIANT
    from patience_cli.repl.hints import Hinter

    for value in (variant, deal):
        if isinstance(value, str) and value.startswith("--"):
            bad_input(_("no such option: {option} (see `patience play --help`)").format(option=value))
    if variant is not None and variant.strip().lstrip("#").isdigit() and deal is None:
        # `patience play 617`: a deal number of the default variant.
        deal, variant = variant, None
    number = parse_deal_number(deal) if isinstance(deal, str) else deal
    named = any(value is not None for value in (variant, number, cells, code))
    if resume is not None and named:
        bad_input(_("give either --resume ID or a deal to play, not both"))
    store = open_store()
    # Without a deal named, the last unfinished game comes back exactly as it was left.
    tracker = _resume_by_id(store, resume) if resume is not None else None if named else store.resume()
    info = tracker.resumed if tracker is not None else None
    if tracker is not None and info is not None and info.daily is not None and _is_daily_attempt(store, info):
        # The day's attempt stays the attempt: played as `patience daily` plays it, so that its
        # record goes to the leaderboard server when it ends, not as an ordinary game.
        from patience_cli.daily_commands import play_daily

        tracker.close()
        play_daily(info.variant, info.cells, info.daily, None, None)
        return
    resumed = tracker is not None
    if tracker is None:
        game = game_from_args(variant, number, cells, code, default_variant=DEFAULT_VARIANT)
        if named:
            store.abandon_unfinished()  # naming a deal starts a new game: the unfinished one is left
        tracker = store.track(game)
    piped = not sys.stdin.isatty()
    fcs = moves is MoveNotation.FCS
    controller = Controller(tracker.game, piped=piped, store=store, tracker=tracker, fcs=fcs)
    hinter = Hinter(max_positions=hint_positions, max_memory=hint_memory)
    intro = resumed_line(tracker.game) if resumed else None
    if piped:
        if intro is not None:
            print(f"patience: {intro}", file=sys.stderr)
        run_piped(controller, sys.stdin, sys.stdout, hinter=hinter)
        return
    repl = Repl(controller, hint_finder=hinter)
    if intro is not None:
        repl.show(Reply([Say(intro)]))
    repl.run()


def _resume_by_id(store: Store, game_id: int) -> Tracker:
    """The stored game ``game_id`` brought back, or :func:`bad_input` saying why it cannot be."""
    from patience_cli.record_commands import id_in_sentence, result_word

    tracker = store.resume(game_id=game_id)
    if tracker is not None:
        return tracker
    info = store.game(game_id)
    if info is None:
        bad_input(_("there is no game {id} (`patience history` lists them)").format(id=id_in_sentence(game_id)))
    if info.result != "unfinished":
        bad_input(
            _("game {id} has ended ({result}): only an unfinished game can be resumed").format(
                id=id_in_sentence(game_id), result=result_word(info.result)
            )
        )
    said = store.take_notices()
    bad_input(said[-1] if said else _("game {id} cannot be resumed").format(id=id_in_sentence(game_id)))
    raise AssertionError("unreachable")  # pragma: no cover


def _is_daily_attempt(store: Store, info: GameInfo) -> bool:
    """Whether the stored game ``info`` comes back as the day's attempt (:func:`patience_home.daily.role_of`)."""
    from patience_home.daily import role_of

    return role_of(store, info) == "attempt"


def resumed_line(game: Game) -> str:
    """What ``play`` says when it brings back the unfinished game."""
    moves = ngettext("{count} move", "{count} moves", game.moves).format(count=game.moves)
    cards = ngettext("{count} card", "{count} cards", game.cards_home).format(count=game.cards_home)
    return _(
        "resumed your unfinished {title} game {code}: {moves}, score {score}, {cards} home "
        "(name a deal, or type new, for another game)"
    ).format(title=game.variant.title, code=game.code, moves=moves, score=game.score, cards=cards)


@guarded
def play(
    variant: Annotated[
        str | None,
        typer.Argument(
            metavar="VARIANT",
            autocompletion=complete_variant,
            help=_("Variant name (default: eight-off); `patience variants` lists every installed one."),
            show_default=False,
        ),
    ] = None,
    deal: Annotated[
        str | None,
        typer.Argument(
            metavar="DEAL",
            help=_("Deal number, 1 to 8,589,934,591 (default: a random one)."),
            show_default=False,
        ),
    ] = None,
    cells: Annotated[
        int | None,
        typer.Option(
            "--cells",
            "-c",
            help=_("Cell count (default: the variant's; `patience variants` lists them)."),
            show_default=False,
        ),
    ] = None,
    code: Annotated[
        str | None,
        typer.Option("--code", help=_("Game code, like EO1-C8-AAAAAFA or FC1-C4-AAAAAAB"), show_default=False),
    ] = None,
    resume: Annotated[
        int | None,
        typer.Option(
            "--resume",
            metavar="ID",
            help=_("Bring back unfinished game ID (see `patience history`), an imported one too."),
            show_default=False,
        ),
    ] = None,
    moves: MovesOption = MoveNotation.PATIENCE,
    max_positions: Annotated[
        int | None,
        typer.Option(
            "--max-positions",
            metavar="N",
            help=_("Positions each hint's search may expand (default: no budget, only its time)."),
            show_default=False,
        ),
    ] = None,
    max_memory: Annotated[
        str | None,
        typer.Option(
            "--max-memory",
            metavar="SIZE",
            help=_(
                "Memory each hint's search may take, like 500M or 2G;"
                " default: what the process's limits and the machine's free memory allow."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play in the terminal."""
    check_max_positions(max_positions)
    memory = check_max_memory(max_memory)
    start_play(variant, deal, cells, code, resume, moves, hint_positions=max_positions, hint_memory=memory)


def register(app: typer.Typer) -> None:
    """Add ``play`` to ``app``."""
    # DEAL is read by the command itself, so that `-3` is refused as a deal number, not as an unknown option.
    app.command(
        "play",
        help=translate_paragraphs(DOMAIN, PLAY_HELP).format(),  # {{ and }} in it are braces shown
        # Translators: the end of a command's help; the examples are commands as typed, never translated.
        epilog=_("Examples:  {examples}").format(examples=PLAY_EXAMPLES),
        context_settings={"ignore_unknown_options": True},
    )(play)
