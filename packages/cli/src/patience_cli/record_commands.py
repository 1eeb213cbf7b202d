"""``history``, ``stats``, ``export``, ``verify`` and ``import``: the games the store remembers, and records as files.

The store (:mod:`patience.store`) and the record format
(:mod:`patience.records`) are imported inside the commands, so the other
commands and ``patience --help`` do not load sqlite3.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

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
    plural,
)
from patience_cli.notation import MoveNotation, MovesOption

if TYPE_CHECKING:
    from patience.records import Record, RecordError
    from patience.store import GameInfo, Store, VariantStats

__all__ = [
    "EXIT_INCONSISTENT",
    "export",
    "history",
    "import_records",
    "open_store",
    "register",
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
    from patience.store import Store

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
        print(f"patience: warning: {one_line(notice)}", file=sys.stderr)


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    right = {i for i, name in enumerate(header) if name in _NUMERIC}
    lines = []
    for row in [header, *rows]:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


_NUMERIC = {"id", "cells", "deal", "score", "moves", "undos", "hints", "home", "played", "won", "win %"}
_NUMERIC |= {"streak", "best streak", "best score", "fewest moves", "average moves"}


# -- history ---------------------------------------------------------------------------------
def _variant_title(name: str) -> str:
    from patience import PatienceError, get_variant

    try:
        return get_variant(name).title
    except PatienceError:
        return name


def history_rows(games: list[GameInfo]) -> str:
    """The ``history`` table."""
    header = ["id", "started (UTC)", "variant", "cells", "deal", "code", "result", "score", "moves", "undos", "hints"]
    rows = [
        [
            str(info.id),
            info.started.replace("T", " ").rstrip("Z"),
            _variant_title(info.variant),
            str(info.cells),
            str(info.deal),
            info.code,
            info.result,
            str(info.score),
            str(info.moves),
            str(info.undos),
            str(info.hints),
        ]
        for info in games
    ]
    return _table(header, rows)


def _show(output: TableFormat, rows: list[dict[str, object]], table: Callable[[], str], empty: str) -> None:
    """Print ``rows`` as JSON, or the table for people (``empty`` and how to start a game when there are none)."""
    from patience_cli.inspect_commands import to_json

    if output is TableFormat.JSON:
        typer.echo(to_json(rows))
    elif not rows:
        typer.echo(f"{empty}: `patience play` starts one")
    else:
        typer.echo(table())


@guarded
def history(
    limit: Annotated[int, typer.Option("--limit", "-n", help="How many games to list (newest first).", min=1)] = 20,
    output: TableFormatOption = TableFormat.TABLE,
) -> None:
    """List the games played, newest first (by the time of the last action)."""
    store = open_store(reading=True)
    games = store.history(limit)
    check_readable(store)
    warn_notices(store)
    _show(output, [info.as_json() for info in games], lambda: history_rows(games), "no games yet")


# -- stats -----------------------------------------------------------------------------------
def stats_table(table: list[VariantStats]) -> str:
    """The ``stats`` table, one row per variant and cell count."""
    header = ["variant", "cells", "played", "won", "win %", "streak", "best streak", "best score", "fewest moves"]
    header.append("average moves")

    def shown(value: object) -> str:
        return "-" if value is None else str(value)

    rows = [
        [
            _variant_title(line.variant),
            str(line.cells),
            str(line.played),
            str(line.won),
            f"{100 * line.win_rate:.1f}",
            str(line.current_streak),
            str(line.longest_streak),
            shown(line.best_score),
            shown(line.fewest_moves),
            shown(line.average_moves),
        ]
        for line in table
    ]
    return _table(header, rows)


@guarded
def stats(
    variant: Annotated[
        str | None,
        typer.Argument(
            metavar="VARIANT",
            autocompletion=complete_variant,
            help="Only this variant (default: every variant played).",
            show_default=False,
        ),
    ] = None,
    cells: Annotated[
        int | None, typer.Option("--cells", "-c", help="Only this cell count.", show_default=False)
    ] = None,
    output: TableFormatOption = TableFormat.TABLE,
    reset: Annotated[
        bool, typer.Option("--reset", help="Start the statistics again (the history stays); asks first.")
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="With --reset: do not ask.")] = False,
) -> None:
    """Statistics per variant and cell count: played, won, win rate, streaks, best score, moves of wins.

    Given up and abandoned games count as lost; an unfinished game counts
    once it ends.
    """
    from patience import get_variant

    if variant is not None and variant.startswith("--"):
        bad_input(f"no such option: {variant} (see `patience stats --help`)")
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
    which = f" of {_variant_title(name)}" if name else ""
    _show(output, [line.as_json() for line in table], lambda: stats_table(table), f"no games{which} have ended yet")


def _check_cells(variant: str | None, cells: int) -> None:
    """``--cells`` of ``stats``: one the variant offers, or without a variant a count some game could have."""
    from patience import get_variant
    from patience.plugins import check_cells

    if variant is not None:
        check_cells(get_variant(variant), cells)
    elif not 0 <= cells <= _MAX_CELLS:
        bad_input(f"no game is played with {cells} cells: --cells takes a cell count like 4")


#: More cells than any table could show; a count beyond it is refused rather than looked up.
_MAX_CELLS = 1000


def _reset(store: Store, variant: str | None, cells: int | None, yes: bool) -> None:
    if not store.saving:
        bad_input("the statistics cannot be reset: the store is not saving (see the warning above)")
    which = _variant_title(variant) if variant else "every variant"
    if cells is not None:
        which += f" with {plural(cells, 'cell')}"
    counted = sum(line.played for line in store.stats(variant, cells))
    if counted == 0:
        typer.echo("nothing to reset: no ended games are counted" + (f" for {which}" if variant else ""))
        return
    if not yes:
        agreed = _confirm(f"Reset the statistics of {which} ({plural(counted, 'game')}; the history stays)?")
        if agreed is None:
            bad_input("no answer: nothing was reset (pass --yes to reset without the question)")
        if not agreed:
            typer.echo("nothing was reset")
            return
    done = store.reset_stats(variant, cells)
    warn_notices(store)
    typer.echo(f"statistics of {which} reset ({plural(done, 'game')} left out; the history keeps them)")


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
        int | None, typer.Argument(metavar="ID", help="The game's id (see `patience history`).", show_default=False)
    ] = None,
    last: Annotated[bool, typer.Option("--last", help="The game played last (the default without ID).")] = False,
    every: Annotated[
        bool, typer.Option("--all", help="Every stored game, one record after another, in the order they were stored.")
    ] = False,
    out: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (it must not exist yet).", dir_okay=False)
    ] = None,
) -> None:
    """Print a game's record (the text `patience verify` and `patience import` read), or every game's with --all."""
    if game_id is not None and last:
        bad_input("give either ID or --last, not both")
    if every and (game_id is not None or last):
        bad_input("give either --all or a game (ID or --last), not both")
    store = open_store(reading=True)
    if every:
        _write_out(_every_record(store), out)
        return
    if game_id is None:
        game_id = store.last_id()
        check_readable(store)
        if game_id is None:
            bad_input("no games yet: there is nothing to export (`patience play` starts one)")
    text = store.export(game_id)
    check_readable(store)
    warn_notices(store)
    if text is None:
        bad_input(f"there is no game {game_id} (`patience history` lists them)")
    _write_out(text, out)


def _every_record(store: Store) -> str:
    """Every stored game's record, a blank line between two, as PGN files hold games."""
    ids = store.ids()
    check_readable(store)
    if not ids:
        bad_input("no games yet: there is nothing to export (`patience play` starts one)")
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
        bad_input(f"{out} exists already: choose another name (nothing is ever written over)")


# -- verify and import -------------------------------------------------------------------------
def _read_records(path: Path) -> tuple[tuple[Record | RecordError, ...] | None, str]:
    """The records in ``path`` (``-``: stdin), each read or the error saying why not; or ``None`` and why not one."""
    from patience.records import parse_records
    from patience_cli.common import MAX_INPUT_BYTES

    try:
        # At most 1 MiB: a record of a long game is a few KiB, and /dev/zero never ends.
        if str(path) == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with path.open("rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        return None, f"cannot read it ({error.strerror or error})"
    if len(data) > MAX_INPUT_BYTES:
        return None, f"not a record: more than {MAX_INPUT_BYTES // (1 << 20)} MiB"
    text, why = decode_utf8(data)
    if text is None:
        return None, f"not a record: {why}"
    return parse_records(text), ""


def _each_record(files: list[Path]) -> Iterator[tuple[str, Record | None, str]]:
    """Every record of every file: where it is (``g.txt``, or ``g.txt #3`` in a file of several), it, and why not.

    A file that cannot be read at all is one entry with no record.
    """
    from patience.records import RecordError

    for path in files:
        entries, why = _read_records(path)
        if entries is None:
            yield str(path), None, why
            continue
        for number, entry in enumerate(entries, start=1):
            where = f"{path} #{number}" if len(entries) > 1 else str(path)
            if isinstance(entry, RecordError):
                yield where, None, f"not a record: {entry}"
            else:
                yield where, entry, ""


def _say_unread(unread: int, total: int, files: int) -> None:
    """Exit code 2 comes with one ``patience:`` line on stderr, as for every command; each record's line is above it."""
    if not unread:
        return
    if total == files:
        print(f"patience: {unread} of {plural(total, 'file')} could not be read as a record or stored", file=sys.stderr)
    else:
        print(f"patience: {unread} of {plural(total, 'record')} could not be read or stored", file=sys.stderr)


def _summary(result: str, score: int, moves: int, undos: int, home: int) -> str:
    return f"{result}, score {score}, {plural(moves, 'move')}, {plural(undos, 'undo')}, {plural(home, 'card')} home"


@guarded
def verify(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Record files (- for stdin).")],
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
    from patience.records import check_record

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
            typer.echo(f"{where}: inconsistent: {checked.problem}")
            worst = max(worst, EXIT_INCONSISTENT)
            continue
        summary = _summary(checked.result, checked.score, checked.moves, checked.undos, checked.cards_home)
        typer.echo(f"{where}: consistent: {summary}")
    _say_unread(unread, total, len(files))
    raise typer.Exit(worst)


@guarded
def import_records(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Record files (- for stdin).")],
) -> None:
    """Verify each record, then add the consistent ones to the history (once: a game already stored is skipped).

    A file may hold several records; each is named by its number, `g.txt #3`.

    Exit codes as `patience verify`: 1 when a record is inconsistent (not
    stored), 2 when a file is not a record or nothing can be stored.
    """
    store = open_store()
    if not store.saving:
        bad_input("nothing can be imported: the store is not saving (see the warning above)")
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
            typer.echo(f"{where}: stored as game {outcome.id}")
        elif outcome.status == "duplicate":
            typer.echo(f"{where}: already stored as game {outcome.id}")
        elif outcome.status == "inconsistent":
            typer.echo(f"{where}: inconsistent, not stored: {outcome.problem}")
            worst = max(worst, EXIT_INCONSISTENT)
        else:
            typer.echo(f"{where}: not stored: {outcome.problem}")
            worst = EXIT_BAD_INPUT
        warn_notices(store)
    if worst == EXIT_BAD_INPUT:
        _say_unread(max(unread, 1), total, len(files))
    raise typer.Exit(worst)


def register(app: typer.Typer) -> None:
    """Add ``history``, ``stats``, ``export``, ``verify`` and ``import`` to ``app``."""
    app.command("history", epilog="Example:  patience history --limit 5 --format json")(history)
    app.command(
        "stats",
        epilog="Examples:  patience stats  |  patience stats freecell --cells 4 --format json  |  "
        "patience stats --reset freecell",
    )(stats)
    app.command(
        "export",
        epilog="Examples:  patience export --last > g.txt  |  patience export 12 -o g.txt  |  "
        "patience export --all -o games.txt",
    )(export)
    app.command("verify", epilog="Example:  patience verify g.txt other.txt")(verify)
    app.command("import", epilog="Example:  patience import g.txt")(import_records)
