"""Inspection and scripting commands: ``variants``, ``deal``, ``moves``, ``plugins`` and ``code``.

They only read: nothing here plays a game. Each prints for people by default
and offers ``--format json`` (``deal`` also ``fcs``) for scripts. Bad input
ends with exit code 2 and one ``patience: ...`` line on stderr
(:mod:`patience_cli.common`).

The engine is imported inside the commands, so that ``patience --help`` and
shell completion do not pay for loading it.

``deal --format json`` writes one object::

    {
      "format": 1,                       # version of this structure
      "variant": "eight-off",            # name for the command line
      "title": "Eight Off",
      "deal": 160,
      "cells": 8,                        # cell count
      "code": "EO1-C8-AAAAAFA",
      "columns": [["JD", "6C", ...], ...],       # column 1 first, covered card first
      "freecells": ["5C", "3C", "QH", "7S", null, null, null, null],  # cells a b c d e f g k
      "foundations": {"S": 0, "H": 0, "D": 0, "C": 0}                 # top rank home, 0 when empty
    }

A game whose foundations do not start at the ace (Penguin) adds ``"base"``
(that rank, 1-13); a two-deck game adds ``"second_foundations"``, the
second foundation of each suit in the same form. Where the foundations
build by rank regardless of suit (Stalactites), ``"foundations"`` is a list
of each foundation's cards, base first: ``[["6S", "7D"], ["9C"], ...]``.
"""

from __future__ import annotations

import contextlib
import enum
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from patience_cli.common import (
    CellsOption,
    CodeOption,
    DealArgument,
    DealSpec,
    TextFormat,
    TextFormatOption,
    VariantArgument,
    bad_input,
    complete_variant,
    deal_from_args,
    decimal,
    format_deal,
    guarded,
    load_board,
    parse_deal_number,
)
from patience_cli.texts import _, ngettext, pgettext

if TYPE_CHECKING:
    import pluggy

    from patience import Move, Place, Position, Variant
    from patience.plugins import PluginTimes

__all__ = [
    "DealFormat",
    "code",
    "complete_variant",
    "deal",
    "deal_json",
    "deal_text",
    "describe_move",
    "family_title",
    "moves",
    "plugins",
    "register",
    "render_deal",
    "to_json",
    "variants",
]

#: Version of the JSON structure ``deal --format json`` writes.
DEAL_JSON_FORMAT = 1


class DealFormat(enum.StrEnum):
    """How ``patience deal`` prints a layout."""

    TEXT = "text"
    FCS = "fcs"
    JSON = "json"


def to_json(data: Any, indent: str = "") -> str:
    """JSON laid out for reading: objects and lists of lists open up, a list of plain values stays on one line."""
    import json

    inner = indent + "  "
    if isinstance(data, dict) and data:
        items = [f"{inner}{json.dumps(key)}: {to_json(value, inner)}" for key, value in data.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(data, list) and any(isinstance(item, dict | list) for item in data):
        return "[\n" + ",\n".join(inner + to_json(item, inner) for item in data) + "\n" + indent + "]"
    return json.dumps(data, ensure_ascii=False)


def _emit_json(data: Any) -> None:
    typer.echo(to_json(data))


def _no_stray_option(command: str, *values: str | None) -> None:
    """Refuse ``--something`` that landed in a positional argument (commands that accept ``-5`` as a deal)."""
    for value in values:
        if value is not None and value.startswith("--"):
            message = _("no such option: {option} (see `{command} --help`)")
            bad_input(message.format(option=value, command=f"patience {command}"))


# -- variants ---------------------------------------------------------------


@guarded
def variants(
    output: TextFormatOption = TextFormat.TEXT,
) -> None:
    """List the installed variants by family: cell counts (* marks the default), code prefix and columns."""
    from patience import variants as installed
    from patience.families import by_family
    from patience.plugins import cell_counts, listed_variants

    table = installed()
    # A variant whose plugin breaks its cell counts is left out, with one warning: the others are listed.
    listed = {variant.name: (variant, cell_counts(variant)) for variant in listed_variants().values()}
    if output is TextFormat.JSON:
        data = []
        for variant, (counts, default) in listed.values():
            data.append(
                {
                    "name": variant.name,
                    "title": variant.title,
                    "family": variant.family,
                    "family_title": variant.family_in(),
                    "prefix": variant.prefix,
                    "columns": variant.columns,
                    "cells": list(counts),
                    "default_cells": default,
                    "aliases": list(variant.aliases),
                    "plugin": variant.plugin,
                    "description": variant.description_in(),
                }
            )
        _emit_json(data)
        return
    if not table:
        bad_input(_("no variants are installed (is patience-variants installed?)"))
    headings = (
        pgettext("variants column", "NAME"),
        pgettext("variants column", "TITLE"),
        pgettext("variants column", "CELLS"),
        pgettext("variants column", "CODE"),
        pgettext("variants column", "COLUMNS"),
    )
    groups: list[tuple[str, list[tuple[str, ...]]]] = []
    for family, games in by_family(variant for variant, _counts in listed.values()):
        rows: list[tuple[str, ...]] = []
        for variant in games:
            counts, default = listed[variant.name][1]
            cells = " ".join(f"{n}*" if n == default else str(n) for n in counts)
            rows.append((variant.name, variant.title, cells, variant.prefix, str(variant.columns)))
        groups.append((family_title(family, games), rows))
    everything = [headings, *(row for _title, rows in groups for row in rows)]
    widths = [max(len(row[i]) for row in everything) for i in range(len(headings))]

    def line(row: tuple[str, ...]) -> str:
        return ("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))).rstrip()

    typer.echo(line(headings))
    for title, rows in groups:
        typer.echo("\n" + title)
        for row in rows:
            typer.echo(line(row))
    typer.echo("\n" + _("* the default cell count; `patience deal VARIANT DEAL --cells N` picks another"))


def family_title(family: str, games: list[Variant]) -> str:
    """The heading of ``family`` in the language in use: the first of ``games`` whose catalog translates it.

    A family is a name in English that each plugin translates in its own
    catalog; the games without a family are listed under "Other games".
    """
    if not family:
        # Translators: the heading of the games that belong to no family in `patience variants`.
        return pgettext("variants family", "Other games")
    translated = (variant.family_in() for variant in games)
    return next((title for title in translated if title != family), family)


# -- deal -------------------------------------------------------------------

#: How a layout is set out, widest first, as (label width, slot width): the first that fits in
#: :data:`DEAL_WIDTH` is used. A label width of 0 puts each row's label on a line of its own.
_DEAL_LAYOUTS = ((12, 5), (12, 4), (0, 4))

#: The most characters a line of ``patience deal``'s layout takes: an 80-column terminal's.
DEAL_WIDTH = 80


def _deal_layout(position: Position) -> tuple[int, int]:
    """The (label width, slot width) that lays ``position`` out in :data:`DEAL_WIDTH` columns."""
    slots = max(len(position.cells), len(position.foundations), len(position.columns))
    fitting = (layout for layout in _DEAL_LAYOUTS if layout[0] + slots * layout[1] <= DEAL_WIDTH)
    return next(fitting, _DEAL_LAYOUTS[-1])


def deal_text(spec: DealSpec, position: Position) -> str:
    """A layout for people: columns side by side, cells and foundations under their notation letters.

    Each row is labelled on its left; a table too wide for that in
    :data:`DEAL_WIDTH` columns has narrower slots, then each label on a
    line of its own above its row.
    """
    from patience import Place, Suit
    from patience.cardnames import display, rank_letter

    variant = spec.variant
    label_width, slot = _deal_layout(position)

    def slots(items: list[str]) -> str:
        return "".join(item.rjust(slot) for item in items)

    def labelled(label: str, items: list[str]) -> list[str]:
        if label_width:
            return [label.ljust(label_width) + slots(items)]
        return [label, slots(items)]

    heading = ngettext(
        "{title}, deal #{deal}, {cells} cell   code {code}",
        "{title}, deal #{deal}, {cells} cells   code {code}",
        spec.cells,
    ).format(title=variant.title, deal=format_deal(spec.deal), cells=spec.cells, code=spec.code)
    lines = [heading, ""]
    # Where each cell takes one suit, the letter comes with the suit (a♣).
    suits = variant.rules.cell_suits
    letters = [str(Place.cell(i)) + (suits[i].symbol if i < len(suits) else "") for i in range(len(position.cells))]
    # Translators: the label of the cells' row in a layout, at most 11 characters.
    lines += labelled(pgettext("layout", "cells"), letters)
    lines.append(" " * label_width + slots([display(card) if card else "-" for card in position.cells]))
    home = []
    for index in range(len(position.foundations)):
        top = position.foundation_top(index)
        home.append(display(top) if top is not None else f"{Suit(index % 4).symbol}-")
    # Translators: the label of the foundations' row in a layout, at most 11 characters; h is their notation letter.
    lines += labelled(pgettext("layout", "foundation h"), home)
    if position.base != 1:
        lines.append(
            _("(the foundations start at {rank} and wrap from {king} to {ace})").format(
                rank=rank_letter(position.base), king=rank_letter(13), ace=rank_letter(1)
            )
        )
    lines.append("")
    columns = position.columns
    # Translators: the label of the columns' row in a layout, at most 11 characters.
    lines += labelled(pgettext("layout", "columns"), [str(i + 1) for i in range(len(columns))])
    for row in range(max((len(column) for column in columns), default=0)):
        cards = [display(column[row]) if row < len(column) else "" for column in columns]
        lines.append((" " * label_width + slots(cards)).rstrip())
    return "\n".join(lines) + "\n"


def deal_json(spec: DealSpec, position: Position) -> dict[str, Any]:
    """The documented JSON structure of a layout (see this module's docstring)."""
    from patience import Suit

    layout: dict[str, Any] = {
        "format": DEAL_JSON_FORMAT,
        "variant": spec.variant.name,
        "title": spec.variant.title,
        "deal": spec.deal,
        "cells": spec.cells,
        "code": spec.code,
        "columns": [[str(card) for card in column] for column in position.columns],
        "freecells": [None if card is None else str(card) for card in position.cells],
        "foundations": {suit.letter: _top(position, suit.value) for suit in Suit},
    }
    if position.piles:
        # Foundations by rank hold mixed suits: each is its cards, base first.
        layout["foundations"] = [[str(card) for card in pile] for pile in position.piles]
    if position.base != 1:
        layout["base"] = position.base
    if position.decks == 2:
        layout["second_foundations"] = {suit.letter: _top(position, suit.value + 4) for suit in Suit}
    return layout


def _top(position: Position, index: int) -> int:
    """The rank on top of foundation ``index`` (0 when it is empty): the highest rank home when aces are the base."""
    top = position.foundation_top(index)
    return 0 if top is None else top.rank


def render_deal(spec: DealSpec, position: Position, output: DealFormat) -> str:
    """``position`` of ``spec`` in ``output`` format, ending with a newline."""
    from patience import format_board

    if output is DealFormat.FCS:
        return format_board(position, show_empty_cells=True)
    if output is DealFormat.JSON:
        return to_json(deal_json(spec, position)) + "\n"
    return deal_text(spec, position)


def _examples(*lines: str) -> str:
    """A help screen's examples: a heading, then each command line (language-neutral) as a paragraph."""
    return _("Examples:") + "\n\n" + "\n\n".join(f"  {line}" for line in lines)


def _deal_epilog() -> str:
    return _examples(
        "patience deal freecell 1",
        "patience deal eight-off 160 --cells 4 --format fcs",
        "patience deal --code EO1-C8-AAAAAFA --format json",
        "patience deal eight-off --cells 4 --winnable --from 100",
    )


@guarded
def deal(
    variant: VariantArgument = None,
    deal_number: DealArgument = None,
    cells: CellsOption = None,
    code: CodeOption = None,
    output: Annotated[
        DealFormat,
        typer.Option("--format", "-f", help=_("text for people, fcs for Freecell Solver, json for scripts.")),
    ] = DealFormat.TEXT,
    winnable: Annotated[
        bool, typer.Option("--winnable", help=_("The first deal from --from (or DEAL) on that the solver wins."))
    ] = False,
    from_deal: Annotated[
        str | None, typer.Option("--from", metavar="N", help=_("Where --winnable starts looking (default 1)."))
    ] = None,
) -> None:
    """Print a deal's layout as dealt, before any automatic play.

    The json structure: format, variant, title, deal, cells (the count), code,
    columns (lists of cards, covered card first), freecells (cell a first,
    null when free), foundations (the top card's rank per suit letter, 0 when
    empty: the highest rank home when aces are the base), base (only when the
    foundations start at another rank) and, with two decks, second_foundations.
    Where the foundations build by rank regardless of suit, foundations lists
    each one's cards, base first.
    """
    _no_stray_option("deal", variant, deal_number)
    start = parse_deal_number(from_deal) if from_deal is not None else None
    if start is not None and not winnable:
        bad_input(_("--from goes with --winnable"))
    spec = deal_from_args(variant, deal_number, cells, code, default_deal=(start or 1) if winnable else None)
    # Options that choose the deal some other way go here: they replace
    # ``spec`` (dataclasses.replace(spec, deal=...)) before it is rendered.
    if winnable:
        import dataclasses

        from patience import MAX_DEAL, PatienceError
        from patience.i18n import format_number
        from patience_solver import next_winnable

        first = start or spec.deal
        tried = [first]
        try:
            number, _found = next_winnable(spec.variant, spec.cells, first, time_limit=10.0, progress=tried.append)
        except PatienceError:
            if tried[-1] > MAX_DEAL:  # every deal up to the last one was tried
                bad_input(
                    _("no winnable deal found from {first} to {last} (the last deal number)").format(
                        first=format_number(first), last=format_number(MAX_DEAL)
                    )
                )
            raise
        spec = dataclasses.replace(spec, deal=number)
        if output is DealFormat.TEXT:
            found = _("deal {deal}  code {code}  (the solver wins it)")
            found = found.format(deal=format_deal(spec.deal), code=spec.code)
            sys.stdout.write(found + "\n\n")
    sys.stdout.write(render_deal(spec, spec.position(), output))


# -- moves ------------------------------------------------------------------


def describe_move(move: Move, position: Position) -> str:
    """A move in words: ``♠6 from column 3 to cell a``, ``♥9..♥7 (3 cards) from column 2 onto ♥10 in column 5``."""
    from patience import PlaceKind
    from patience.cardnames import display, suit_word

    cards = position.moving_cards(move)
    if not cards:
        return move.source.describe()
    if len(cards) == 1:
        what = display(cards[0])
    else:
        what = ngettext("{first}..{last} ({count} card)", "{first}..{last} ({count} cards)", len(cards)).format(
            first=display(cards[0]), last=display(cards[-1]), count=len(cards)
        )
    source, destination = move.source, move.destination
    if source.kind is PlaceKind.COLUMN:
        # Translators: where a move starts; {column} is its number ("3"; Hungarian gets "a 3.", with its article).
        start = pgettext("move from", "from column {column}").format(column=_column(source))
    elif source.kind is PlaceKind.CELL:
        # Translators: where a move starts; {cell} is its letter ("a"; Hungarian gets "az a", with its article).
        start = pgettext("move from", "from cell {cell}").format(cell=_cell(source))
    else:
        start = pgettext("move from", "from the {suit} foundation").format(suit=suit_word(cards[0].suit))
    if destination.kind is PlaceKind.FOUNDATION:
        where = pgettext("move to", "to the {suit} foundation").format(suit=suit_word(cards[0].suit))
    elif destination.kind is PlaceKind.COLUMN:
        target = position.column(destination)
        if target:
            where = pgettext("move to", "onto {card} in column {column}").format(
                card=display(target[-1]), column=_column(destination)
            )
        else:
            # Translators: {number} is the column's number alone ("3"), in every language.
            where = pgettext("move to", "to empty column {number}").format(number=str(destination))
    else:
        where = pgettext("move to", "to cell {cell}").format(cell=_cell(destination))
    # Translators: a move in words: the cards, where they come from, where they go ("♠6 from column 3 to cell a").
    return pgettext("move in words", "{cards} {from_place} {to_place}").format(
        cards=what, from_place=start, to_place=where
    )


def _column(place: Place) -> str:
    """A column's number as a move's words put it: ``3``, Hungarian ``a 3.`` (the article and the ordinal's dot)."""
    from patience.i18n import current_language
    from patience.i18n.hungarian import with_article

    return with_article(f"{place}.") if current_language() == "hu" else str(place)


def _cell(place: Place) -> str:
    """A cell's letter as a move's words put it: ``a``, Hungarian ``az a`` (with its article)."""
    from patience.i18n import current_language
    from patience.i18n.hungarian import with_article

    return with_article(str(place)) if current_language() == "hu" else str(place)


def _moves_epilog() -> str:
    return _examples(
        "patience deal freecell 1 --format fcs > board.txt; patience moves freecell --board board.txt",
        "patience deal --code EO1-C8-AAAAAFA --format fcs | patience moves eight-off --board -",
    )


@guarded
def moves(
    variant: Annotated[
        str,
        typer.Argument(
            metavar="VARIANT",
            autocompletion=complete_variant,
            help=_("Variant whose rules apply, like eight-off or freecell."),
        ),
    ],
    board: Annotated[
        Path,
        typer.Option(
            "--board",
            "-b",
            help=_("fc-solve board file (Foundations:, Freecells:, one line per column); - for stdin."),
        ),
    ],
    cells: Annotated[
        int | None,
        typer.Option("--cells", "-c", help=_("Cell count (default: as many as the Freecells: line shows).")),
    ] = None,
    output: TextFormatOption = TextFormat.TEXT,
) -> None:
    """List the legal moves of a position, one per line, in standard notation first.

    The board is taken as given: automatic play does not run first. Moves to
    a cell are listed for the first free cell only, and moves to an empty
    column for the first empty column (the others are alike).
    """
    from patience import Game, get_variant

    var = get_variant(variant)
    position = load_board(board, var, cells)
    game = Game.from_position(var, position, autoplay_first=False)
    legal = list(game.legal_moves)
    if output is TextFormat.JSON:
        _emit_json(
            [
                {
                    "move": str(move),
                    "cards": [str(card) for card in position.moving_cards(move)],
                    "description": describe_move(move, position),
                }
                for move in legal
            ]
        )
        return
    for move in legal:
        typer.echo(f"{move!s:<6}{describe_move(move, position)}")


# -- plugins ----------------------------------------------------------------


def _plugin_hooks(pm: pluggy.PluginManager) -> dict[str, list[str]]:
    """Hook names each plugin implements, by plugin name, in registration order."""
    found: dict[str, list[str]] = {name: [] for name, _ in pm.list_name_plugin() if name}
    for hook_name in sorted(name for name in vars(pm.hook) if name.startswith("patience_")):
        for impl in getattr(pm.hook, hook_name).get_hookimpls():
            found.setdefault(impl.plugin_name, []).append(hook_name)
    return found


def _plugin_sources(pm: pluggy.PluginManager) -> dict[str, str]:
    """Entry-point name -> ``distribution version (module)`` for the ``patience`` entry-point group.

    Where two distributions have an entry point of the same name, the one
    whose module is the loaded plugin is named.
    """
    import importlib.metadata

    from patience.plugins import ENTRY_POINT_GROUP

    sources: dict[str, str] = {}
    # Every distribution, as the engine loads them (``entry_points()`` keeps one distribution per name).
    found = [
        entry_point
        for dist in importlib.metadata.distributions()
        for entry_point in dist.entry_points
        if entry_point.group == ENTRY_POINT_GROUP
    ]
    for entry_point in found:
        dist = entry_point.dist
        owner = f"{dist.name} {dist.version}" if dist is not None else _("unknown distribution")
        loaded = getattr(pm.get_plugin(entry_point.name), "__name__", None)
        if entry_point.name not in sources or loaded == entry_point.value:
            sources[entry_point.name] = f"{owner} ({entry_point.value})"
    return sources


def _exercise(pm: pluggy.PluginManager) -> None:
    """Call each per-variant hook once for every variant, so that each plugin's hook times are measured.

    Once, not a whole game: a hook that takes 50 ms a call would make a
    game's hundreds of calls take minutes. Deal 1 is dealt with the default
    cell count and the first column's top card is judged going to the
    second column. A variant whose plugin breaks is passed over:
    ``patience plugins`` is there to show the plugins, broken ones included.
    """
    from patience import ActionKind, Move, PatienceError, Place, ScoredAction, ScoreState, deal_position, variants
    from patience.plugins import cell_counts, route

    for variant in variants(pm).values():
        with contextlib.suppress(PatienceError):
            _counts, cells = cell_counts(variant, pm)
            position = deal_position(variant, 1, cells, pm)
            move = Move(Place.column(0), Place.column(1))
            route("patience_move_legality", variant, pm)(variant=variant, position=position, move=move)
            action = ScoredAction(ActionKind.MOVE, moves=1)
            after = position.apply(move) if position.columns[0] else position
            route("patience_score_action", variant, pm)(
                variant=variant, state=ScoreState(), action=action, move=move, before=position, after=after
            )


def _duration(seconds: float) -> str:
    """``0.3 ms``, ``52.0 ms``, ``4.02 s``."""
    return f"{decimal(seconds * 1000, 1)} ms" if seconds < 1 else f"{decimal(seconds, 2)} s"


def _timings_json(times: PluginTimes) -> dict[str, Any]:
    return {
        "load": times.load,
        "registration": times.registration,
        "hooks": times.hooks,
        "calls": times.calls,
        "slowest_hook": times.slowest_hook or None,
        "slowest": times.slowest,
        "total": times.total,
    }


def _echo_timings(timings: dict[str, PluginTimes]) -> None:
    rows = [
        (
            pgettext("timings column", "PLUGIN"),
            pgettext("timings column", "LOAD"),
            pgettext("timings column", "REGISTRATION"),
            pgettext("timings column", "SLOWEST HOOK"),
            pgettext("timings column", "TOTAL"),
        )
    ]
    for name, times in timings.items():
        slowest = f"{times.slowest_hook} {_duration(times.slowest)}" if times.slowest_hook else "-"
        rows.append((name, _duration(times.load), _duration(times.registration), slowest, _duration(times.total)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        typer.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())


@guarded
def plugins(
    output: TextFormatOption = TextFormat.TEXT,
    timings: Annotated[
        bool,
        typer.Option(
            "--timings",
            help=_(
                "Time each plugin instead: its load, its registration and its slowest hook on deal 1 of each variant."
            ),
        ),
    ] = False,
) -> None:
    """List the loaded plugins and the patience_* hooks each implements (the built-in defaults included)."""
    import textwrap

    from patience import get_plugin_manager, variants
    from patience.plugins import DEFAULT_PLUGIN, plugin_failures, plugin_timings, unknown_hooks

    pm = get_plugin_manager()
    variants(pm)  # registration disables a plugin that breaks there: list it with the failures
    if timings:
        _exercise(pm)
    times = plugin_timings(pm)
    hooks = _plugin_hooks(pm)
    sources = _plugin_sources(pm)
    failures = plugin_failures(pm)
    unknown = unknown_hooks(pm)
    if output is TextFormat.JSON:
        rows: list[dict[str, Any]] = []
        for name, implemented in hooks.items():
            row: dict[str, Any] = {
                "name": name,
                "default": name == DEFAULT_PLUGIN,
                "source": "patience (built in)" if name == DEFAULT_PLUGIN else sources.get(name, "in-process"),
                "hooks": [hook for hook in implemented if hook not in unknown.get(name, ())],
                "unknown_hooks": unknown.get(name, []),
            }
            if timings and name in times:
                row["timings"] = _timings_json(times[name])
            rows.append(row)
        _emit_json({"plugins": rows, "failed": failures})
        return
    if timings:
        _echo_timings({name: times[name] for name in hooks if name in times})
        for name, reason in failures.items():
            typer.echo(_("{plugin}  NOT LOADED: {reason}").format(plugin=name, reason=reason))
        return
    for name, implemented in hooks.items():
        if name == DEFAULT_PLUGIN:
            typer.echo(_("{plugin}  [default] built in; answers from the variant's rules").format(plugin=name))
        else:
            typer.echo(name + "  " + (sources.get(name) or _("registered in-process")))
        known = [hook for hook in implemented if hook not in unknown.get(name, ())]
        listed = ", ".join(known) or _("no hooks")
        typer.echo(textwrap.fill(listed, 79, initial_indent="    ", subsequent_indent="    "))
        if name in unknown:
            said = ", ".join(unknown[name])
            typer.echo("    " + _("UNKNOWN (not a patience hook, never called; misspelt?): {hooks}").format(hooks=said))
    for name, reason in failures.items():
        typer.echo(_("{plugin}  NOT LOADED: {reason}").format(plugin=name, reason=reason))


# -- code -------------------------------------------------------------------


def _code_epilog() -> str:
    return _examples(
        _("patience code eight-off 160  (prints EO1-C8-AAAAAFA)"),
        _("patience code --decode EO1-C8-AAAAAFA  (prints eight-off 160 --cells 8, arguments for patience deal)"),
        _("patience code EO1-C8-AAAAAFA           (the same: a code alone is decoded)"),
    )


@guarded
def code(
    variant: VariantArgument = None,
    deal_number: DealArgument = None,
    cells: CellsOption = None,
    decode: Annotated[
        str | None, typer.Option("--decode", "-d", help=_("Decode this code instead of making one."))
    ] = None,
    output: Annotated[
        TextFormat, typer.Option("--format", "-f", help=_("text for people and shells, json for scripts."))
    ] = TextFormat.TEXT,
) -> None:
    """Make the game code of a deal, or decode a code into the variant, deal number and cell count."""
    _no_stray_option("code", variant, deal_number)
    if decode is None and deal_number is None and variant is not None and _looks_like_code(variant):
        decode, variant = variant, None  # `patience code EO1-C8-AAAAAFA` decodes, as people paste it
    if decode is not None:
        if variant is not None or deal_number is not None or cells is not None:
            bad_input(_("give either --decode CODE or VARIANT DEAL [--cells N], not both"))
        spec = deal_from_args(None, None, None, decode)
    else:
        if variant is None:
            bad_input(_("name a variant and a deal number, like `patience code eight-off 160`, or give --decode CODE"))
        spec = deal_from_args(variant, deal_number, cells, None)
    if output is TextFormat.JSON:
        _emit_json(_spec_json(spec))
    elif decode is not None:
        typer.echo(f"{spec.variant.name} {spec.deal} --cells {spec.cells}")
    else:
        typer.echo(spec.code)


def _looks_like_code(text: str) -> bool:
    """Whether ``text`` has the shape of a game code (``EO1-C8-AAAAAFA``) rather than a variant name.

    Only the shape counts (two letters and a version, ``-C`` and a cell
    count, ``-`` and anything): the decoder then says precisely what is wrong
    with the rest, such as a character that is not base 32.
    """
    import re

    return re.fullmatch(r"[A-Za-z]{2}\d+-[Cc]\d+-.*", text.strip()) is not None


def _spec_json(spec: DealSpec) -> dict[str, Any]:
    return {
        "code": spec.code,
        "variant": spec.variant.name,
        "title": spec.variant.title,
        "deal": spec.deal,
        "cells": spec.cells,
    }


# -- registration -----------------------------------------------------------

# Deal numbers are read by the command itself, so that `-5` reaches it as a
# number to refuse rather than being taken for an unknown option.
_NUMBERS_AS_ARGUMENTS = {"ignore_unknown_options": True}


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command(
        "variants",
        help=_("List the installed variants by family: cell counts (* marks the default), code prefix and columns."),
        epilog=_("Example:  {command}").format(command="patience variants --format json"),
    )(variants)
    app.command(
        "deal",
        help=_("Print a deal's layout as dealt, before any automatic play.")
        + "\n\n"
        + _(
            "The json structure: format, variant, title, deal, cells (the count), code,\n"
            "columns (lists of cards, covered card first), freecells (cell a first,\n"
            "null when free), foundations (the top card's rank per suit letter, 0 when\n"
            "empty: the highest rank home when aces are the base), base (only when the\n"
            "foundations start at another rank) and, with two decks, second_foundations."
        )
        + "\n\n"
        + _("Where the foundations build by rank regardless of suit, foundations lists each one's cards, base first."),
        epilog=_deal_epilog(),
        context_settings=_NUMBERS_AS_ARGUMENTS,
    )(deal)
    app.command(
        "moves",
        help=_("List the legal moves of a position, one per line, in standard notation first.")
        + "\n\n"
        + _(
            "The board is taken as given: automatic play does not run first. Moves to\n"
            "a cell are listed for the first free cell only, and moves to an empty\n"
            "column for the first empty column (the others are alike)."
        ),
        epilog=_moves_epilog(),
    )(moves)
    app.command(
        "plugins",
        help=_("List the loaded plugins and the patience_* hooks each implements (the built-in defaults included)."),
        epilog=_("Examples:  {first}  |  {second}").format(
            first="patience plugins --format json", second="patience plugins --timings"
        ),
    )(plugins)
    app.command(
        "code",
        help=_("Make the game code of a deal, or decode a code into the variant, deal number and cell count."),
        epilog=_code_epilog(),
        context_settings=_NUMBERS_AS_ARGUMENTS,
    )(code)
