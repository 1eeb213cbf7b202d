"""The console script builds only the command its words name, and shows the same screens as the whole app.

typer makes a click command of each of the app's commands before it parses
a word; :func:`patience_cli.app.app_for` gives it the root and the one
command named, or the whole app when the words name none.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from patience_cli.app import app, app_for

pytestmark = pytest.mark.timeout(120)

PATIENCE = Path(sys.executable).with_name("patience")

#: Each command and group as typed first, and the command (or group) app_for keeps for it.
NAMED = [
    (["solve", "freecell", "1"], "solve"),
    (["census", "freecell", "1-3"], "census"),
    (["deal", "freecell", "1"], "deal"),
    (["import", "-"], "import"),
    (["daily", "deal"], "daily"),
    (["serve", "--help"], "serve"),
    (["--lang", "de", "solve", "freecell", "1"], "solve"),
    (["--lang=hu", "daily"], "daily"),
]


def kept(words: list[str]) -> list[str]:
    """The names of the commands and groups the app for ``words`` holds."""
    chosen = app_for(words)
    names = [str(info.name) for info in chosen.registered_commands]
    for group in chosen.registered_groups:
        assert group.typer_instance is not None
        names.append(str(group.typer_instance.info.name))
    return names


@pytest.mark.parametrize(("words", "name"), NAMED, ids=[" ".join(words) for words, _ in NAMED])
def test_the_words_naming_a_command_keep_that_command_alone(words: list[str], name: str) -> None:
    assert kept(words) == [name]
    assert app_for(words) is not app
    assert app_for(words).registered_callback is app.registered_callback  # the root's options stay


@pytest.mark.parametrize(
    "words",
    [[], ["--help"], ["-h", "solve"], ["--version"], ["solv", "1"], ["--lang", "de"], ["--lang", "de", "--help"]],
    ids=["nothing", "--help", "-h solve", "--version", "misspelt", "--lang only", "--lang then --help"],
)
def test_words_naming_no_command_get_the_whole_app(words: list[str]) -> None:
    assert app_for(words) is app


def test_every_command_of_the_whole_app_is_kept_by_its_own_name() -> None:
    names = kept([])
    assert len(names) == len(set(names)) > 10
    for name in names:
        assert kept([name]) == [name]


def patience(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PATIENCE), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**_environ(), "COLUMNS": "100", "PATIENCE_LANG": "en"},
    )


def _environ() -> dict[str, str]:
    import os

    return dict(os.environ)


@pytest.mark.parametrize(
    "command",
    [["solve"], ["census"], ["import"], ["daily"], ["daily", "share"], ["serve"], ["stats"]],
    ids=" ".join,
)
def test_a_help_screen_through_the_console_script_is_the_whole_apps(command: list[str]) -> None:
    whole = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert whole.exit_code == 0, whole.output
    alone = patience(*command, "--help")
    assert alone.returncode == 0, alone.stderr
    assert alone.stdout == whole.stdout


def test_a_misspelt_command_is_still_told_the_commands_it_resembles() -> None:
    done = patience("solv", "freecell", "1")
    assert done.returncode == 2
    assert done.stderr == "patience: no such command 'solv'. Did you mean 'solve'? (see `patience --help`)\n"


def test_the_root_help_still_lists_every_command() -> None:
    done = patience("--help")
    assert done.returncode == 0, done.stderr
    for name in kept([]):
        assert f" {name} " in done.stdout


def test_the_language_chosen_before_the_command_speaks_in_the_command() -> None:
    done = patience("--lang", "de", "solve", "freecell", "1", "--format", "sn")
    assert done.returncode == 0, done.stderr
    german = patience("--lang", "de", "solve", "--help")
    assert german.returncode == 0
    assert "Aufruf: patience solve [OPTIONS] [VARIANT] [DEAL]" in german.stdout
    assert "Löst ein Spiel oder eine Stellung" in german.stdout
