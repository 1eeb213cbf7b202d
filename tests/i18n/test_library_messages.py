"""click's and typer's own words (usage, errors, help panels) come from the patience_cli catalog."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
import typer.rich_utils
from babel.messages.extract import extract_from_file
from typer.testing import CliRunner

from patience.i18n import speaking
from patience_cli import library_messages
from patience_cli.app import app


def _extracted(path: str) -> set[str | tuple[str, ...]]:
    return {message for _, message, _, _ in extract_from_file("python", path)}


def _library_sources() -> Iterator[str]:
    folder = Path(typer.__file__).parent
    for path in sorted([*folder.glob("*.py"), *folder.glob("_click/*.py")]):
        yield str(path)


def test_every_message_typer_translates_is_listed_for_the_catalog() -> None:
    shown: set[str | tuple[str, ...]] = set()
    for source in _library_sources():
        shown |= _extracted(source)
    listed = _extracted(inspect.getfile(library_messages))
    assert shown - listed == set(), "the installed typer shows messages library_messages does not list"


def test_every_typer_constant_that_holds_a_message_is_translated_again() -> None:
    tree = ast.parse(Path(inspect.getfile(typer.rich_utils)).read_text(encoding="utf-8"))
    translated = {
        node.targets[0].id: node.value.args[0].value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "_"
        and isinstance(node.value.args[0], ast.Constant)
    }
    assert translated == library_messages.TYPER_CONSTANTS


@pytest.fixture
def library_in_catalog() -> Iterator[None]:
    library_messages.translate_library_messages()
    yield
    library_messages.translate_library_messages()  # back to the language in use


def test_the_help_of_typer_goes_through_the_catalog(library_in_catalog: None) -> None:
    runner = CliRunner()
    with speaking("xx"):
        library_messages.translate_library_messages()
        shown = runner.invoke(app, ["--help"]).output
        refused = runner.invoke(app, ["no-such-command"]).output
    assert "[Options]" in shown
    assert "[Commands]" in shown
    assert "[Usage: ]patience" in shown
    assert "[No such command 'no-such-command'.]" in refused
    with speaking("en"):
        library_messages.translate_library_messages()
        assert "[Options]" not in runner.invoke(app, ["--help"]).output
