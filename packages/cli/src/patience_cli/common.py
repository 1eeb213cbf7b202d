"""What every command shares: turning bad input into exit code 2 and one clear line, and loading games.

The engine is imported inside the functions that need it, not at the top of
this module: ``patience --help`` and shell completion then start without
loading the engine and the plugins.
"""

from __future__ import annotations

import contextlib
import enum
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn, ParamSpec, TypeVar

import typer

from patience_cli.texts import _, ngettext

if TYPE_CHECKING:
    from patience import Game, Position, Variant

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_CLOSED_PIPE",
    "EXIT_CODES_HELP",
    "EXIT_LOST",
    "EXIT_OK",
    "EXIT_UNDECIDED",
    "DealSpec",
    "MaxMemoryOption",
    "MaxPositionsOption",
    "TableFormat",
    "TableFormatOption",
    "TextFormat",
    "TextFormatOption",
    "bad_input",
    "check_max_memory",
    "check_max_positions",
    "check_time_limit",
    "closed_pipe",
    "deal_from_args",
    "decimal",
    "decode_utf8",
    "format_deal",
    "game_from_args",
    "guarded",
    "load_board",
    "not_utf8",
    "one_line",
    "parse_deal_number",
    "plural",
    "read_input_file",
    "reading_input",
]

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_LOST = 3
EXIT_UNDECIDED = 4
#: Exit code when stdout is a pipe whose reader has gone (``| head``): what a shell reports for a tool SIGPIPE ended.
EXIT_CLOSED_PIPE = 128 + 13

#: The exit codes, for help texts.
EXIT_CODES_HELP = _("Exit codes: 0 ok, 2 bad input, 3 lost (proved unwinnable), 4 undecided (no answer in time).")


class TextFormat(enum.StrEnum):
    """Output for people (``text``) or for scripts (``json``): ``--format`` of the commands that print a listing."""

    TEXT = "text"
    JSON = "json"


class TableFormat(enum.StrEnum):
    """A table for people or JSON for scripts: ``--format`` of the commands that print rows of games."""

    TABLE = "table"
    JSON = "json"


TextFormatOption = Annotated[TextFormat, typer.Option("--format", "-f", help=_("text for people, json for scripts."))]
"""``--format text|json``."""

TableFormatOption = Annotated[
    TableFormat, typer.Option("--format", "-f", help=_("table for people, json for scripts."))
]
"""``--format table|json``."""

P = ParamSpec("P")
R = TypeVar("R")


#: A word longer than this is cut short in messages (a 5,000-digit number quoted whole would bury them;
#: file paths stay whole).
LONG_WORD = 200


def one_line(message: str) -> str:
    """``message`` with every run of whitespace (newlines included) made one space, and huge words cut short.

    A word of more than :data:`LONG_WORD` characters keeps its first 40 and
    says how long it was: ``'1-99999…' (5,005 characters)``.
    """
    return " ".join(word if len(word) <= LONG_WORD else _cut_short(word) for word in message.split())


def _cut_short(word: str) -> str:
    """A huge word's first 40 characters and its length: ``'1-99999…' (5,005 characters)``."""
    from patience.i18n import format_number

    return ngettext("{start}… ({count} character)", "{start}… ({count} characters)", len(word)).format(
        start=word[:40], count=format_number(len(word))
    )


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals, as the language in use writes it: ``4.02``, German and Hungarian ``4,02``."""
    from patience.i18n import current_language

    text = f"{value:.{places}f}"
    return text.replace(".", ",") if current_language() in ("de", "hu") else text


def format_deal(number: int) -> str:
    """A deal number for people (:func:`patience.i18n.format_deal`): ``1000000``, German ``1.000.000``."""
    from patience.i18n import format_deal as deal_for_people

    return deal_for_people(number)


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``0 moves``."""
    return f"{count} {noun if count == 1 else plural_form or noun + 's'}"


def bad_input(message: str) -> NoReturn:
    """Print ``patience: <message>`` on stderr and exit with code 2."""
    # One line, whatever the message holds, so scripts can read it.
    print(f"patience: {one_line(message)}", file=sys.stderr)
    raise typer.Exit(EXIT_BAD_INPUT)


def check_time_limit(seconds: float, option: str = "--time-limit") -> float:
    """``seconds`` if it is a positive, finite number; :func:`bad_input` otherwise (0, negative, nan, inf)."""
    import math

    if not (math.isfinite(seconds) and seconds > 0):
        bad_input(
            _("{option} must be a positive number of seconds, like 10, not {seconds}").format(
                option=option, seconds=f"{seconds:g}"
            )
        )
    return seconds


#: A size (``1.5GiB``); a pattern that :mod:`re` compiles (and keeps) when a size is first given.
_SIZE = r"^(\d+(?:\.\d*)?|\.\d+)([kmgtp]?)(i?)(b?)$"
_POWERS = {"": 0, "k": 1, "m": 2, "g": 3, "t": 4, "p": 5}


def parse_size(text: str) -> int | None:
    """Bytes from ``500M``, ``2G``, ``1.5GiB``, ``800MB``, ``123456``; None for text that is no size of 1 byte or more.

    K, M, G, T and P count powers of 1000, KiB, MiB, GiB, TiB and PiB powers
    of 1024; the B may be left out, and case does not matter.
    """
    found = re.match(_SIZE, text.strip().replace(" ", ""), re.IGNORECASE)
    if found is None:
        return None
    number, prefix, binary, _unit = found.groups()
    if binary and not prefix:
        return None
    value = float(number) * (1024 if binary else 1000) ** _POWERS[prefix.lower()]
    if not 1 <= value <= 1 << 62 or (not prefix and "." in number):
        return None
    return int(value)


def check_max_memory(text: str | None, option: str = "--max-memory") -> int | None:
    """The bytes ``text`` names (None stays None: the solver's default); :func:`bad_input` for anything else."""
    if text is None:
        return None
    size = parse_size(text)
    if size is None:
        bad_input(
            _("{option} must be a size like 500M, 2G, 1.5GiB or a number of bytes, not {text}").format(
                option=option, text=repr(text)
            )
        )
    return size


def check_max_positions(budget: int | None, option: str = "--max-positions") -> int | None:
    """``budget`` if it is None or 1 or more; :func:`bad_input` otherwise."""
    if budget is not None and budget < 1:
        bad_input(
            _("{option} must be a whole number of positions, 1 or more, not {budget}").format(
                option=option, budget=budget
            )
        )
    return budget


#: ``--max-memory SIZE``: the memory one search may take (the solver's default when not given).
MaxMemoryOption = Annotated[
    str | None,
    typer.Option(
        "--max-memory",
        metavar="SIZE",
        help=_(
            "Memory the search may take, like 500M, 2G or 1.5GiB (exit code 4 when it is reached);"
            " default: what the process's limits and the machine's free memory allow."
        ),
        show_default=False,
    ),
]

#: ``--max-positions N``: a budget of expanded positions that does not depend on the load.
MaxPositionsOption = Annotated[
    int | None,
    typer.Option(
        "--max-positions",
        metavar="N",
        help=_("Give up after expanding N positions (exit code 4): a budget that does not depend on the load."),
    ),
]


@contextlib.contextmanager
def reading_input() -> Iterator[None]:
    """Turn the engine's errors and unreadable files into :func:`bad_input`."""
    from patience import PatienceError

    try:
        yield
    except PatienceError as error:
        bad_input(str(error))
    except UnicodeDecodeError as error:
        why = not_utf8(bytes(error.object), error.start)
        bad_input(_("cannot read the input as UTF-8 text: {why}").format(why=why))
    except BrokenPipeError:
        closed_pipe()  # the reader went away (`| head`): not bad input
    except OSError as error:
        name = getattr(error, "filename", None)
        bad_input(_("cannot read {name}: {why}").format(name=name, why=error.strerror) if name else str(error))


def closed_pipe() -> NoReturn:
    """End quietly because stdout's reader has gone, as other Unix tools do: no message, exit code 141.

    stdout is pointed at the null device first, so that flushing what is
    still buffered when the interpreter exits writes nowhere instead of
    printing "Exception ignored ... BrokenPipeError".
    """
    import os

    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    raise typer.Exit(EXIT_CLOSED_PIPE)


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Decorate a command so that bad input never shows a traceback."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with reading_input():
            return command(*args, **kwargs)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def parse_deal_number(text: str) -> int:
    """Read a deal number given on the command line (``160``, ``#160``, ``1_000``); :func:`bad_input` if it is not one.

    Commands take DEAL as text rather than as a typer ``int`` so that ``abc``,
    ``-5``, ``١٢٣`` and a 5,000-digit number get the same one-line error as ``0``.
    """
    from patience.shuffle import read_deal_number

    with reading_input():
        return read_deal_number(text)
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass(frozen=True)
class DealSpec:
    """A deal named on the command line: the variant, the deal number and the cell count, all checked."""

    variant: Variant
    deal: int
    cells: int

    @property
    def code(self) -> str:
        """The game code that names this deal."""
        from patience import GameCode

        return str(GameCode(self.variant.prefix, self.cells, self.deal))

    def position(self) -> Position:
        """The position as dealt, before any automatic play."""
        from patience import deal_position

        return deal_position(self.variant, self.deal, self.cells)


def deal_from_args(
    variant: str | None,
    deal: str | int | None,
    cells: int | None,
    code: str | None,
    *,
    default_deal: int | None = None,
) -> DealSpec:
    """The deal named by ``VARIANT DEAL [--cells N]`` or by ``--code CODE`` (not both), checked.

    ``deal`` may be the text typed (see :func:`parse_deal_number`); when it
    is missing, ``default_deal`` stands in if given (for an option that picks
    the deal itself, such as a search starting from some number). Unlike
    :func:`game_from_args` nothing is played: use :meth:`DealSpec.position`
    for the layout as dealt, and :func:`dataclasses.replace` to move the spec
    to another deal number.
    """
    from patience import get_variant
    from patience.plugins import check_cells, resolve_code

    if code is not None:
        if deal is not None or cells is not None:
            bad_input(_("give either --code or a deal number and --cells, not both"))
        coded, parsed = resolve_code(code)
        if variant is not None and coded.name != get_variant(variant).name:
            bad_input(_wrong_code(code.strip(), coded.title, get_variant(variant).title))
        return DealSpec(coded, parsed.deal, parsed.cells)
    if variant is None:
        bad_input(_("name a variant and a deal number (see `patience variants`), or give --code CODE"))
    var = get_variant(variant)
    if deal is None:
        deal = default_deal
    if deal is None:
        bad_input(
            _("give a deal number after the variant, like `{example}`, or give --code CODE").format(
                example=f"{var.name} 1"
            )
        )
    number = parse_deal_number(deal) if isinstance(deal, str) else deal
    from patience.shuffle import check_deal_number

    return DealSpec(var, check_deal_number(number), check_cells(var, cells))


def game_from_args(
    variant: str | None, deal: int | None, cells: int | None, code: str | None, *, default_variant: str | None = None
) -> Game:
    """A game from ``VARIANT DEAL [--cells N]`` or ``--code CODE`` (not both)."""
    from patience import Game, get_variant
    from patience.plugins import resolve_code

    if code is not None:
        if deal is not None or cells is not None:
            bad_input(_("give either --code or a deal number and --cells, not both"))
        if variant is not None:
            coded, _code = resolve_code(code)
            if coded.name != get_variant(variant).name:
                bad_input(_wrong_code(code, coded.title, get_variant(variant).title))
        return Game.from_code(code)
    name = variant or default_variant
    if name is None:
        bad_input(_("name a variant (see `patience variants`) or give --code"))
    return Game.new(name, deal, cells)


def _wrong_code(code: str, coded: str, wanted: str) -> str:
    """The words for a code of another game than the variant named: ``code X is a FreeCell code, not Eight Off``."""
    return _("code {code} is a {coded} code, not {wanted}").format(code=code, coded=coded, wanted=wanted)


#: The most an input file (a board) may hold: a board is a few hundred bytes, and ``/dev/zero`` never ends.
MAX_INPUT_BYTES = 1 << 20

_BOM = b"\xef\xbb\xbf"


def read_input_file(path: Path) -> str:
    """The text of ``path`` (``-`` for stdin) as UTF-8, a leading byte-order mark dropped; :func:`bad_input` if not.

    At most :data:`MAX_INPUT_BYTES` are read: a larger input is refused
    rather than read to the end. A byte that is not UTF-8 is reported with
    its line and its offset in the whole input.
    """
    name = "stdin" if str(path) == "-" else str(path)
    with reading_input():
        if str(path) == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read(MAX_INPUT_BYTES + 1) if stream is not None else sys.stdin.read().encode()
        else:
            with path.open("rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        size = MAX_INPUT_BYTES // (1 << 20)
        bad_input(
            _("{name} holds more than {size} MiB: that is too much for a board file").format(name=name, size=size)
        )
    text, why = decode_utf8(data)
    if text is None:
        bad_input(_("cannot read {name} as UTF-8 text: {why}").format(name=name, why=why))
    return text


def decode_utf8(data: bytes) -> tuple[str | None, str]:
    """``data`` as UTF-8 text, a leading byte-order mark dropped, and ``""``; or ``None`` and which byte is not UTF-8.

    Boards and records say the same of a bad byte: its value, its line and
    its 1-based offset in the whole input (``byte 0xff on line 2 (byte 41) is not UTF-8``).
    """
    skipped = len(_BOM) if data.startswith(_BOM) else 0
    try:
        return data[skipped:].decode("utf-8"), ""
    except UnicodeDecodeError as error:
        return None, not_utf8(data, skipped + error.start)


def not_utf8(data: bytes, at: int) -> str:
    """The words for the byte at ``at`` (0-based) of ``data`` that is not UTF-8: value, line and 1-based offset."""
    line = data.count(b"\n", 0, at) + 1
    return _("byte {value} on line {line} (byte {offset}) is not UTF-8").format(
        value=f"0x{data[at]:02x}", line=line, offset=at + 1
    )


#: A board's cells line; a pattern that :mod:`re` compiles (and keeps) when a board is first read.
_CELLS_LINE = r"^\s*(?:freecells|cells)\s*:(.*)$"


def load_board(path: Path, variant: Variant, cells: int | None) -> Position:
    """Read an fc-solve board file (``-`` for stdin) for ``variant``.

    The cell count is ``--cells`` when given; otherwise the number of cells
    the board's ``Freecells:`` line shows (``-`` for a free one) when the
    variant offers that many, else the variant's default.
    """
    from patience import parse_board
    from patience.plugins import cell_counts, check_cells

    text = read_input_file(path)
    if cells is None:
        offered, _default = cell_counts(variant)
        shown = re.search(_CELLS_LINE, text, re.IGNORECASE | re.MULTILINE)
        if shown is not None and len(shown.group(1).split()) in offered:
            cells = len(shown.group(1).split())
    n_cells = check_cells(variant, cells)
    return parse_board(text, columns=variant.columns, cells=n_cells, decks=variant.rules.decks)


def resolve_variant(name: str) -> Variant:
    """The installed variant called ``name``."""
    from patience import get_variant

    return get_variant(name)


# -- parameters shared by the commands that take a deal ----------------------


def complete_variant(incomplete: str) -> list[str]:
    """Shell completion for VARIANT: the installed variants' names (the engine loads only when completing)."""
    from patience import variants as installed

    return [name for name in installed() if name.startswith(incomplete.lower())]


VariantArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="VARIANT",
        autocompletion=complete_variant,
        help=_("Variant name, like eight-off or 'Eight Off' (see `patience variants`)."),
    ),
]
"""``VARIANT``, optional because ``--code`` can name the game instead."""

DealArgument = Annotated[str | None, typer.Argument(metavar="DEAL", help=_("Deal number, 1 to 8,589,934,591."))]
"""``DEAL``, read as text so that a bad number gets the engine's own message."""

CellsOption = Annotated[int | None, typer.Option("--cells", "-c", help=_("Cell count (default: the variant's)."))]
"""``--cells N``."""

CodeOption = Annotated[
    str | None, typer.Option("--code", help=_("A game code such as EO1-C8-AAAAAFA, instead of VARIANT DEAL."))
]
"""``--code CODE``."""
