"""``history``, ``stats``, ``export``, ``verify`` and ``import``: the games the store remembers, and records as files.

The store (:mod:`patience_home.store`) and the record format
(:mod:`patience.formats.records`) are imported inside the commands, so the other
commands and ``patience --help`` do not load sqlite3.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from patience.i18n import N_paragraphs, translate_paragraphs
from patience_cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    TableFormat,
    TableFormatOption,
    bad_input,
    complete_variant,
    decode_utf8,
    guarded,
    one_line,
)
from patience_cli.notation import MoveNotation, MovesOption
from patience_cli.texts import DOMAIN, _, ngettext, pgettext

if TYPE_CHECKING:
    from patience.formats.records import Record, RecordError
    from patience_home.store import GameInfo, Store, VariantStats

__all__ = [
    "EXIT_INCONSISTENT",
    "export",
    "history",
    "id_in_sentence",
    "import_records",
    "open_store",
    "register",
    "result_word",
    "stats",
    "verify",
]

#: ``verify`` and ``import``: some record is not consistent.
EXIT_INCONSISTENT = 1


def open_store(*, reading: bool = False) -> Store:
    """The store in the data dir; a notice (damaged, newer, unwritable) goes to stderr as one warning line.

    With ``reading`` (a command that shows stored games), a store whose
    games cannot be read is bad input, said in one line, rather than an
    empty list.
    """
    from patience_home.store import Store

    store = Store.open()
    if reading:
        check_readable(store)
    warn_notices(store)
    return store


def check_readable(store: Store) -> None:
    """:func:`bad_input` with the reason when the store's games could not be read (it holds some, unseen)."""
    if store.unreadable is not None:
        bad_input(store.unreadable)


def warn_notices(store: Store) -> None:
    """Print the store's notices not yet shown, one ``patience: warning: ...`` line each, on stderr."""
    for notice in store.take_notices():
        print("patience: " + _("warning: {notice}").format(notice=one_line(notice)), file=sys.stderr)


def result_word(result: str) -> str:
    """A stored result (``won``, ``gave-up``, ``abandoned``, ``unfinished``) as the language in use says it."""
    # Translators: a game's result in a table's "result" column and in a record's summary.
    words = {
        "won": pgettext("game result", "won"),
        "gave-up": pgettext("game result", "gave-up"),
        "abandoned": pgettext("game result", "abandoned"),
        "unfinished": pgettext("game result", "unfinished"),
    }
    return words.get(result, result)


def _percent(value: float) -> str:
    """A percentage with one decimal, with the language's decimal sign: ``66.7``, German and Hungarian ``66,7``."""
    return _decimal(f"{value:.1f}")


def _decimal(text: str) -> str:
    """A decimal number written with a point (``87.5``) with the language's decimal sign instead (``87,5``)."""
    from patience.i18n import format_number

    return text.replace(".", format_number(0.5)[1])


def _title_in_sentence(title: str) -> str:
    """A game's title as a sentence names it: Hungarian puts its article before it (``a FreeCell``)."""
    from patience.i18n import current_language
    from patience.i18n.hungarian import with_article

    return with_article(title) if current_language() == "hu" else title


def id_in_sentence(game_id: int) -> str:
    """A game's id as a sentence names it: Hungarian puts its article before it (``az 1``, ``a 12``)."""
    from patience.i18n import current_language
    from patience.i18n.hungarian import with_article

    return with_article(game_id) if current_language() == "hu" else str(game_id)


def _table(header: list[str], rows: list[list[str]], right: set[int]) -> str:
    """``rows`` under ``header`` in columns two spaces apart; the columns ``right`` (their indexes) aligned right."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


# -- history ---------------------------------------------------------------------------------
def _variant_title(name: str) -> str:
    from patience import PatienceError, get_variant

    try:
        return get_variant(name).title
    except PatienceError:
        return name


def history_rows(games: list[GameInfo]) -> str:
    """The ``history`` table."""
    from patience_home.store import played_time

    header = [
        pgettext("table heading", "id"),
        pgettext("table heading", "started (UTC)"),
        pgettext("table heading", "variant"),
        pgettext("table heading", "cells"),
        pgettext("table heading", "deal"),
        pgettext("table heading", "code"),
        pgettext("table heading", "result"),
        pgettext("table heading", "score"),
        pgettext("table heading", "moves"),
        pgettext("table heading", "undos"),
        pgettext("table heading", "hints"),
        pgettext("table heading", "time"),
    ]
    rows = [
        [
            str(info.id),
            _in_table(info.started),
            _variant_title(info.variant),
            str(info.cells),
            str(info.deal),
            info.code,
            result_word(info.result),
            str(info.score),
            str(info.moves),
            str(info.undos),
            str(info.hints),
            played_time(info.seconds),
        ]
        for info in games
    ]
    return _table(header, rows, right={0, 3, 4, 7, 8, 9, 10, 11})


def _show(output: TableFormat, rows: list[dict[str, object]], table: Callable[[], str], empty: str) -> None:
    """Print ``rows`` as JSON, or the table for people (``empty``, saying how to start a game, when there are none)."""
    from patience_cli.inspect_commands import to_json

    if output is TableFormat.JSON:
        typer.echo(to_json(rows))
    elif not rows:
        typer.echo(empty)
    else:
        typer.echo(table())


@guarded
def history(
    limit: Annotated[int, typer.Option("--limit", "-n", help=_("How many games to list (newest first)."), min=1)] = 20,
    output: TableFormatOption = TableFormat.TABLE,
) -> None:
    """List the games played, newest first (by the time of the last action)."""
    store = open_store(reading=True)
    games = store.history(limit)
    check_readable(store)
    warn_notices(store)
    empty = _("no games yet: `patience play` starts one")
    _show(output, [info.as_json() for info in games], lambda: history_rows(games), empty)


# -- stats -----------------------------------------------------------------------------------
def stats_table(table: list[VariantStats], width: int | None = None) -> str:
    """The ``stats`` table, one row per variant and cell count; each unassisted figure beside its own.

    When the table is wider than ``width`` (a terminal's columns), each row
    is shown as a block instead, a heading and its figure a line, blocks a
    blank line apart: the figures stay readable in a narrow terminal.
    """
    from patience_home.store import played_time

    header = [
        pgettext("table heading", "variant"),
        pgettext("table heading", "cells"),
        pgettext("table heading", "played"),
        pgettext("table heading", "won"),
        pgettext("table heading", "won unassisted"),
        pgettext("table heading", "win %"),
        pgettext("table heading", "streak"),
        pgettext("table heading", "streak unassisted"),
        pgettext("table heading", "best streak"),
        pgettext("table heading", "best streak unassisted"),
        pgettext("table heading", "best score"),
        pgettext("table heading", "best score unassisted"),
        pgettext("table heading", "fewest moves"),
        pgettext("table heading", "average moves"),
        pgettext("table heading", "fastest win"),
    ]

    def shown(value: object) -> str:
        if isinstance(value, float):
            return _decimal(str(value))
        return "-" if value is None else str(value)

    rows = [
        [
            _variant_title(line.variant),
            str(line.cells),
            _number(line.played),
            _number(line.won),
            _number(line.won_unassisted),
            _percent(100 * line.win_rate),
            str(line.current_streak),
            str(line.streak_unassisted),
            str(line.longest_streak),
            str(line.best_streak_unassisted),
            shown(line.best_score),
            shown(line.best_score_unassisted),
            shown(line.fewest_moves),
            shown(line.average_moves),
            played_time(line.fastest_win_seconds),
        ]
        for line in table
    ]
    wide = _table(header, rows, right=set(range(1, len(header))))
    if width is None or max(len(line) for line in wide.splitlines()) <= width:
        return wide
    return _blocks(header, rows)


def _blocks(header: list[str], rows: list[list[str]]) -> str:
    """Each of ``rows`` as a block of ``heading  value`` lines under ``header``'s headings, a blank line apart."""
    room = max(len(heading) for heading in header)
    return "\n\n".join(
        "\n".join(f"{heading.ljust(room)}  {value}".rstrip() for heading, value in zip(header, row, strict=True))
        for row in rows
    )


def _number(count: int) -> str:
    """A count people read, as the language writes it (``1,000``, German ``1.000``, Hungarian ``1 000``)."""
    from patience.i18n import format_number

    return format_number(count)


@guarded
def stats(
    variant: Annotated[
        str | None,
        typer.Argument(
            metavar="VARIANT",
            autocompletion=complete_variant,
            help=_("Only this variant (default: every variant played)."),
            show_default=False,
        ),
    ] = None,
    cells: Annotated[
        int | None, typer.Option("--cells", "-c", help=_("Only this cell count."), show_default=False)
    ] = None,
    output: TableFormatOption = TableFormat.TABLE,
    reset: Annotated[
        bool, typer.Option("--reset", help=_("Start the statistics again (the history stays); asks first."))
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help=_("With --reset: do not ask."))] = False,
) -> None:
    """Statistics per variant and cell count: played, won, win rate, streaks, best score, moves of wins.

    Given up and abandoned games count as lost; an unfinished game counts
    once it ends. Beside won, streak, best streak and best score, their
    unassisted figures count only the games played without a hint or the demo.
    """
    from patience import get_variant

    if variant is not None and variant.startswith("--"):
        bad_input(_("no such option: {option} (see `patience stats --help`)").format(option=variant))
    name = get_variant(variant).name if variant is not None else None
    if cells is not None:
        _check_cells(name, cells)
    store = open_store(reading=True)
    if reset:
        _reset(store, name, cells, yes)
        return
    table = store.stats(name, cells)
    check_readable(store)
    warn_notices(store)
    if name:
        title = _title_in_sentence(_variant_title(name))
        empty = _("no games of {title} have ended yet: `patience play` starts one").format(title=title)
    else:
        empty = _("no games have ended yet: `patience play` starts one")
    # A terminal narrower than the table gets a block per row; piped output keeps the table for scripts.
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    _show(output, [line.as_json() for line in table], lambda: stats_table(table, width), empty)


def _check_cells(variant: str | None, cells: int) -> None:
    """``--cells`` of ``stats``: one the variant offers, or without a variant a count some game could have."""
    from patience import get_variant
    from patience.plugins import check_cells

    if variant is not None:
        check_cells(get_variant(variant), cells)
    elif not 0 <= cells <= _MAX_CELLS:
        message = ngettext(
            "no game is played with {cells} cell: --cells takes a cell count like 4",
            "no game is played with {cells} cells: --cells takes a cell count like 4",
            cells,
        )
        bad_input(message.format(cells=cells))


#: More cells than any table could show; a count beyond it is refused rather than looked up.
_MAX_CELLS = 1000


def _reset(store: Store, variant: str | None, cells: int | None, yes: bool) -> None:
    if not store.saving:
        bad_input(_("the statistics cannot be reset: the store is not saving (see the warning above)"))
    title = _title_in_sentence(_variant_title(variant)) if variant else None
    counted = sum(line.played for line in store.stats(variant, cells))
    if counted == 0:
        typer.echo(_nothing_to_reset(title, cells))
        return
    if not yes:
        agreed = _confirm(_reset_question(title, cells, counted))
        if agreed is None:
            bad_input(_("no answer: nothing was reset (pass --yes to reset without the question)"))
        if not agreed:
            typer.echo(_("nothing was reset"))
            return
    done = store.reset_stats(variant, cells)
    warn_notices(store)
    typer.echo(_reset_done(title, cells, done))


def _nothing_to_reset(title: str | None, cells: int | None) -> str:
    """What ``stats --reset`` says when no ended game is counted (of ``title`` with ``cells``, when named)."""
    if title is None:
        return _("nothing to reset: no ended games are counted")
    if cells is None:
        return _("nothing to reset: no ended games are counted for {title}").format(title=title)
    return ngettext(
        "nothing to reset: no ended games are counted for {title} with {cells} cell",
        "nothing to reset: no ended games are counted for {title} with {cells} cells",
        cells,
    ).format(title=title, cells=cells)


def _reset_question(title: str | None, cells: int | None, counted: int) -> str:
    """The question ``stats --reset`` asks before it resets ``counted`` games."""
    games = ngettext("{count} game", "{count} games", counted).format(count=_number(counted))
    if title is None and cells is None:
        return _("Reset the statistics of every variant ({games}; the history stays)?").format(games=games)
    if title is None:
        return ngettext(
            "Reset the statistics of every variant with {cells} cell ({games}; the history stays)?",
            "Reset the statistics of every variant with {cells} cells ({games}; the history stays)?",
            cells or 0,
        ).format(cells=cells, games=games)
    if cells is None:
        return _("Reset the statistics of {title} ({games}; the history stays)?").format(title=title, games=games)
    return ngettext(
        "Reset the statistics of {title} with {cells} cell ({games}; the history stays)?",
        "Reset the statistics of {title} with {cells} cells ({games}; the history stays)?",
        cells,
    ).format(title=title, cells=cells, games=games)


def _reset_done(title: str | None, cells: int | None, done: int) -> str:
    """What ``stats --reset`` says once ``done`` games are left out of the statistics."""
    games = ngettext("{count} game", "{count} games", done).format(count=_number(done))
    if title is None and cells is None:
        return _("statistics of every variant reset ({games} left out; the history keeps them)").format(games=games)
    if title is None:
        return ngettext(
            "statistics of every variant with {cells} cell reset ({games} left out; the history keeps them)",
            "statistics of every variant with {cells} cells reset ({games} left out; the history keeps them)",
            cells or 0,
        ).format(cells=cells, games=games)
    if cells is None:
        return _("statistics of {title} reset ({games} left out; the history keeps them)").format(
            title=title, games=games
        )
    return ngettext(
        "statistics of {title} with {cells} cell reset ({games} left out; the history keeps them)",
        "statistics of {title} with {cells} cells reset ({games} left out; the history keeps them)",
        cells,
    ).format(title=title, cells=cells, games=games)


def _confirm(question: str) -> bool | None:
    """The user's yes or no to ``question``, asked on stderr so that stdout keeps only results; ``None``: no answer.

    Without a terminal the answer typed is echoed after the question, so
    stderr reads as a transcript. When stdin is a file or ``/dev/null`` the
    answer is read before the question is shown, so that an input holding
    no answer gets the one-line refusal alone; from a pipe the question
    comes first, since whatever answers may wait for it.
    """
    import os
    import stat

    if sys.stdin.isatty():
        try:
            return typer.confirm(question, default=False, err=True)
        except typer.Abort:
            print(file=sys.stderr)  # ends the question's line
            return None
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
        ahead = stat.S_ISREG(mode) or stat.S_ISCHR(mode)
    except (OSError, ValueError, AttributeError):  # no stdin of the system's (a test runner's): ask first
        ahead = False
    prompt = f"{question} [y/N]: "
    if not ahead:
        print(prompt, end="", file=sys.stderr, flush=True)
    line = sys.stdin.readline()
    if not line and ahead:
        return None
    answer = line.strip()
    print(f"{prompt}{answer}" if ahead else answer, file=sys.stderr)
    if not line:
        return None  # the input ended before an answer
    return answer.lower() in ("y", "yes")  # a blank line takes the default, no


# -- export ----------------------------------------------------------------------------------
@guarded
def export(
    game_id: Annotated[
        int | None, typer.Argument(metavar="ID", help=_("The game's id (see `patience history`)."), show_default=False)
    ] = None,
    last: Annotated[bool, typer.Option("--last", help=_("The game played last (the default without ID)."))] = False,
    every: Annotated[
        bool,
        typer.Option("--all", help=_("Every stored game, one record after another, in the order they were stored.")),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option("--output", "-o", help=_("Write to this file (it must not exist yet)."), dir_okay=False),
    ] = None,
) -> None:
    """Print a game's record (the text `patience verify` and `patience import` read), or every game's with --all."""
    if game_id is not None and last:
        bad_input(_("give either ID or --last, not both"))
    if every and (game_id is not None or last):
        bad_input(_("give either --all or a game (ID or --last), not both"))
    store = open_store(reading=True)
    if every:
        _write_out(_every_record(store), out)
        return
    if game_id is None:
        game_id = store.last_id()
        check_readable(store)
        if game_id is None:
            bad_input(_("no games yet: there is nothing to export (`patience play` starts one)"))
    text = store.export(game_id)
    check_readable(store)
    warn_notices(store)
    if text is None:
        bad_input(_("there is no game {id} (`patience history` lists them)").format(id=id_in_sentence(game_id)))
    _write_out(text, out)


def _every_record(store: Store) -> str:
    """Every stored game's record, a blank line between two, as PGN files hold games."""
    ids = store.ids()
    check_readable(store)
    if not ids:
        bad_input(_("no games yet: there is nothing to export (`patience play` starts one)"))
    texts = [store.export(game_id) for game_id in ids]
    check_readable(store)
    warn_notices(store)
    return "\n".join(text for text in texts if text is not None)


def _write_out(text: str, out: Path | None) -> None:
    """``text`` on stdout, or in the new file ``out`` (one that exists is never written over)."""
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        with out.open("x", encoding="utf-8") as handle:
            handle.write(text)
    except FileExistsError:
        bad_input(_("{file} exists already: choose another name (nothing is ever written over)").format(file=out))


# -- verify and import -------------------------------------------------------------------------
def _read_records(path: Path) -> tuple[tuple[Record | RecordError, ...] | None, str]:
    """The records in ``path`` (``-``: stdin), each read or the error saying why not; or ``None`` and why not one."""
    from patience.formats.records import parse_records
    from patience_cli.common import MAX_INPUT_BYTES

    try:
        # At most 1 MiB: a record of a long game is a few KiB, and /dev/zero never ends.
        if str(path) == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with path.open("rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        return None, _("cannot read it ({reason})").format(reason=error.strerror or error)
    if len(data) > MAX_INPUT_BYTES:
        return None, _("not a record: more than {size} MiB").format(size=MAX_INPUT_BYTES // (1 << 20))
    text, why = decode_utf8(data)
    if text is None:
        return None, _("not a record: {reason}").format(reason=why)
    return parse_records(text), ""


def _each_record(files: list[Path]) -> Iterator[tuple[str, Record | None, str]]:
    """Every record of every file: where it is (``g.txt``, or ``g.txt #3`` in a file of several), it, and why not.

    A file that cannot be read at all is one entry with no record.
    """
    from patience.formats.records import RecordError

    for path in files:
        entries, why = _read_records(path)
        if entries is None:
            yield str(path), None, why
            continue
        for number, entry in enumerate(entries, start=1):
            where = f"{path} #{number}" if len(entries) > 1 else str(path)
            if isinstance(entry, RecordError):
                yield where, None, _("not a record: {reason}").format(reason=entry)
            else:
                yield where, entry, ""


def _say_unread(unread: int, total: int, files: int) -> None:
    """Exit code 2 comes with one ``patience:`` line on stderr, as for every command; each record's line is above it."""
    if not unread:
        return
    if total == files:
        message = ngettext(
            "{unread} of {total} file could not be read as a record or stored",
            "{unread} of {total} files could not be read as a record or stored",
            total,
        )
    else:
        message = ngettext(
            "{unread} of {total} record could not be read or stored",
            "{unread} of {total} records could not be read or stored",
            total,
        )
    print("patience: " + message.format(unread=unread, total=total), file=sys.stderr)


def _summary(result: str, score: int, moves: int, undos: int, home: int) -> str:
    # Translators: result is a game's result ("won"), moves, undos and cards are counts ("3 moves", "0 cards").
    return _("{result}, score {score}, {moves}, {undos}, {cards} home").format(
        result=result_word(result),
        score=score,
        moves=ngettext("{count} move", "{count} moves", moves).format(count=moves),
        undos=ngettext("{count} undo", "{count} undos", undos).format(count=undos),
        cards=ngettext("{count} card", "{count} cards", home).format(count=home),
    )


@guarded
def verify(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help=_("Record files (- for stdin)."))],
    moves: MovesOption = MoveNotation.PATIENCE,
) -> None:
    """Replay each record with the engine and check every claim; one line per record.

    A file may hold several records, one after another (as `patience export
    --all` writes them); each is then named by its number, `g.txt #3`.

    Exit 0 when every record is consistent, 1 when any is not (its line
    names the first illegal action, or the tag that differs, with both
    values), 2 when a file cannot be read or is not a record at all.
    With --moves fcs the record's moves are fc-solve's, read as fc-solve means them.
    """
    from patience.formats.records import assisted_of, check_record, format_assisted

    worst = EXIT_OK
    unread = total = 0
    for where, record, why in _each_record(files):
        total += 1
        if record is None:
            typer.echo(f"{where}: {why}")
            worst, unread = EXIT_BAD_INPUT, unread + 1
            continue
        checked = check_record(record, notation=str(moves))
        if checked.problem is not None:
            typer.echo(_("{where}: inconsistent: {problem}").format(where=where, problem=checked.problem))
            worst = max(worst, EXIT_INCONSISTENT)
            continue
        summary = _summary(checked.result, checked.score, checked.moves, checked.undos, checked.cards_home)
        assisted = assisted_of(record)
        if assisted:
            # Translators: {kinds} is the record's Assisted tag as written (hint, demo, hint,demo).
            said = _("{where}: consistent: {summary}; assisted: {kinds}")
        else:
            said = _("{where}: consistent: {summary}")
        typer.echo(said.format(where=where, summary=summary, kinds=format_assisted(assisted)))
    _say_unread(unread, total, len(files))
    raise typer.Exit(worst)


@guarded
def import_records(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help=_("Record files (- for stdin)."))],
) -> None:
    """Verify each record, then add the consistent ones to the history (once: a game already stored is skipped).

    A file may hold several records; each is named by its number, `g.txt #3`.

    Exit codes as `patience verify`: 1 when a record is inconsistent (not
    stored), 2 when a file is not a record or nothing can be stored.
    """
    store = open_store()
    if not store.saving:
        bad_input(_("nothing can be imported: the store is not saving (see the warning above)"))
    worst = EXIT_OK
    unread = total = 0
    for where, record, why in _each_record(files):
        total += 1
        if record is None:
            typer.echo(f"{where}: {why}")
            worst, unread = EXIT_BAD_INPUT, unread + 1
            continue
        outcome = store.import_record(record)
        if outcome.status == "stored":
            typer.echo(_("{where}: stored as game {id}").format(where=where, id=outcome.id))
        elif outcome.status == "duplicate":
            typer.echo(_("{where}: already stored as game {id}").format(where=where, id=outcome.id))
        elif outcome.status == "inconsistent":
            typer.echo(_("{where}: inconsistent, not stored: {problem}").format(where=where, problem=outcome.problem))
            worst = max(worst, EXIT_INCONSISTENT)
        else:
            typer.echo(_("{where}: not stored: {problem}").format(where=where, problem=outcome.problem))
            worst = EXIT_BAD_INPUT
        warn_notices(store)
    if worst == EXIT_BAD_INPUT:
        _say_unread(max(unread, 1), total, len(files))
    raise typer.Exit(worst)


HISTORY_HELP = N_paragraphs("List the games played, newest first (by the time of the last action).")

STATS_HELP = N_paragraphs("""\
Statistics per variant and cell count: played, won, win rate, streaks, best score, moves of wins.

Given up and abandoned games count as lost; an unfinished game counts
once it ends. Beside won, streak, best streak and best score, their
unassisted figures count only the games played without a hint or the demo.
""")

EXPORT_HELP = N_paragraphs(
    "Print a game's record (the text `patience verify` and `patience import` read), or every game's with --all."
)

VERIFY_HELP = N_paragraphs("""\
Replay each record with the engine and check every claim; one line per record.

A file may hold several records, one after another (as `patience export
--all` writes them); each is then named by its number, `g.txt #3`.

Exit 0 when every record is consistent, 1 when any is not (its line
names the first illegal action, or the tag that differs, with both
values), 2 when a file cannot be read or is not a record at all.
With --moves fcs the record's moves are fc-solve's, read as fc-solve means them.
""")

IMPORT_HELP = N_paragraphs("""\
Verify each record, then add the consistent ones to the history (once: a game already stored is skipped).

A file may hold several records; each is named by its number, `g.txt #3`.

Exit codes as `patience verify`: 1 when a record is inconsistent (not
stored), 2 when a file is not a record or nothing can be stored.
""")


def register(app: typer.Typer) -> None:
    """Add ``history``, ``stats``, ``export``, ``verify`` and ``import`` to ``app``, their help in the language now."""

    def helped(text: str) -> str:
        return translate_paragraphs(DOMAIN, text)

    app.command(
        "history",
        help=helped(HISTORY_HELP),
        epilog=_("Example:  {example}").format(example="patience history --limit 5 --format json"),
    )(history)
    app.command(
        "stats",
        help=helped(STATS_HELP),
        epilog=_("Examples:  {examples}").format(
            examples="patience stats  |  patience stats freecell --cells 4 --format json  |  "
            "patience stats --reset freecell"
        ),
    )(stats)
    app.command(
        "export",
        help=helped(EXPORT_HELP),
        epilog=_("Examples:  {examples}").format(
            examples="patience export --last > g.txt  |  patience export 12 -o g.txt  |  "
            "patience export --all -o games.txt"
        ),
    )(export)
    app.command(
        "verify",
        help=helped(VERIFY_HELP),
        epilog=_("Example:  {example}").format(example="patience verify g.txt other.txt"),
    )(verify)
    app.command(
        "import",
        help=helped(IMPORT_HELP),
        epilog=_("Example:  {example}").format(example="patience import g.txt"),
    )(import_records)


def _in_table(started: str) -> str:
    """When a game was started, as the history table shows it (:func:`patience_home.times.in_table`)."""
    from patience_home.times import in_table

    return in_table(started)
