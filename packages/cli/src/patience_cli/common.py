"""What every command shares: turning bad input into exit code 2 and one clear line, and loading games."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from functools import wraps
from pathlib import Path
from typing import NoReturn, ParamSpec, TypeVar

import typer

from patience import Game, PatienceError, Position, Variant, get_variant, parse_board
from patience.plugins import check_cells, resolve_code

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_LOST",
    "EXIT_OK",
    "EXIT_UNDECIDED",
    "bad_input",
    "game_from_args",
    "guarded",
    "load_board",
    "reading_input",
]

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_LOST = 3
EXIT_UNDECIDED = 4

P = ParamSpec("P")
R = TypeVar("R")


def bad_input(message: str) -> NoReturn:
    """Print ``patience: <message>`` on stderr and exit with code 2."""
    print(f"patience: {message}", file=sys.stderr)
    raise typer.Exit(EXIT_BAD_INPUT)


@contextlib.contextmanager
def reading_input() -> Iterator[None]:
    """Turn the engine's errors and unreadable files into :func:`bad_input`."""
    try:
        yield
    except PatienceError as error:
        bad_input(str(error))
    except OSError as error:
        name = getattr(error, "filename", None)
        bad_input(f"cannot read {name}: {error.strerror}" if name else str(error))


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Decorate a command so that bad input never shows a traceback."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with reading_input():
            return command(*args, **kwargs)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def game_from_args(
    variant: str | None, deal: int | None, cells: int | None, code: str | None, *, default_variant: str | None = None
) -> Game:
    """A game from ``VARIANT DEAL [--cells N]`` or ``--code CODE`` (not both)."""
    if code is not None:
        if deal is not None or cells is not None:
            bad_input("give either --code or a deal number and --cells, not both")
        if variant is not None:
            coded, _ = resolve_code(code)
            if coded.name != get_variant(variant).name:
                bad_input(f"code {code} is a {coded.title} code, not {get_variant(variant).title}")
        return Game.from_code(code)
    name = variant or default_variant
    if name is None:
        bad_input("name a variant (see `patience variants`) or give --code")
    return Game.new(name, deal, cells)


def load_board(path: Path, variant: Variant, cells: int | None) -> Position:
    """Read an fc-solve board file for ``variant``; the cell count comes from ``--cells`` or the variant's default."""
    text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    n_cells = check_cells(variant, cells)
    return parse_board(text, columns=variant.columns, cells=n_cells)


def resolve_variant(name: str) -> Variant:
    """The installed variant called ``name``."""
    return get_variant(name)
