"""A command imports what it uses: the libraries of help screens, numbers, the window and the server stay unloaded.

Each command runs in a process of its own, through the console script's
``main``, and reports the modules loaded once it has finished; the test
looks at which are among them, never at how long anything took.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main

pytestmark = pytest.mark.timeout(120)

#: Runs ``patience ARGS`` in this process, then writes the names of every loaded module to the file ``argv[1]``.
_WRAPPER = """
import json, sys
out, args = sys.argv[1], sys.argv[2:]
sys.argv = ["patience", *args]
from patience_cli.app import main
try:
    main()
except SystemExit:
    pass
with open(out, "w", encoding="utf-8") as handle:
    json.dump(sorted(sys.modules), handle)
"""

#: Libraries no command below needs: typer's help renderer, its value checker, the window, the server.
NEVER = ("rich", "pydantic", "pydantic_core", "markdown_it", "pygments", "tkinter", "patience_tk", "patience_server")
NEVER += ("fastapi", "starlette", "sqlalchemy", "uvicorn")


def loaded_after(tmp_path: Path, *args: str, lang: str = "en", stdin: str = "") -> set[str]:
    """The top-level packages loaded once ``patience ARGS`` has run (speaking ``lang``), with its exit checked."""
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", _WRAPPER, str(out), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**_environ(), "PATIENCE_LANG": lang},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout, "the command printed nothing"
    return {name.partition(".")[0] for name in json.loads(out.read_text(encoding="utf-8"))}


def _environ() -> dict[str, str]:
    import os

    return dict(os.environ)


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_solve_loads_no_help_renderer_number_library_window_or_server(tmp_path: Path, lang: str) -> None:
    loaded = loaded_after(tmp_path, "solve", "freecell", "1", lang=lang)
    assert "patience_solver" in loaded  # the wrapper ran the command for real
    assert sorted(loaded & {*NEVER, "babel", "prompt_toolkit"}) == []


def test_catalogs_are_read_from_their_packages_folders(tmp_path: Path) -> None:
    # A package on disk holds its catalogs beside its modules: they are opened there, without the
    # resource readers of importlib.resources (a dozen modules) that a package in an archive would need.
    out = tmp_path / "modules.json"
    said = "json.dump(sorted(sys.modules) + [_('No such option: {option}')]"
    code = _WRAPPER.replace("json.dump(sorted(sys.modules)", said)
    code = code.replace("from patience_cli.app import main", "from patience_cli.app import main, _")
    done = subprocess.run(
        [sys.executable, "-c", code, str(out), "solve", "freecell", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**_environ(), "PATIENCE_LANG": "de"},
    )
    assert done.returncode == 0, done.stderr
    *modules, said = json.loads(out.read_text(encoding="utf-8"))
    assert said == "Unbekannte Option: {option}"  # the German catalog was read
    assert [name for name in modules if name.startswith("importlib.resources")] == []


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "freecell", "1"],
        ["variants"],
        ["code", "freecell", "1"],
        ["solve", "bakers-game", "3", "--format", "sn"],
        ["history"],
    ],
    ids=" ".join,
)
def test_commands_load_no_help_renderer_window_or_server(tmp_path: Path, args: list[str]) -> None:
    loaded = loaded_after(tmp_path, *args)
    assert sorted(loaded & set(NEVER)) == []


def test_piped_game_loads_no_help_renderer_window_or_server(tmp_path: Path) -> None:
    loaded = loaded_after(tmp_path, "play", "freecell", "1", stdin="quit\n")
    assert sorted(loaded & set(NEVER)) == []


def test_help_still_renders_with_rich(tmp_path: Path) -> None:
    # The help screen is typer's rich panels: the renderer is loaded when, and because, help is shown.
    loaded = loaded_after(tmp_path, "solve", "--help")
    assert "rich" in loaded


def test_bad_value_is_checked_in_the_same_words() -> None:
    # Values are checked without the validation library typer would load for them, in the same words.
    done = subprocess.run(
        [str(Path(sys.executable).with_name("patience")), "solve", "freecell", "1", "--time-limit", "abc"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "patience: --time-limit takes a number, not 'abc' (see `patience solve --help`)"
    ]


#: Values typed for each kind of parameter: good ones, and ones typer refuses or reads its own way.
SAMPLES = ["1", "0", "-3", "007", "+4", " 5", "1_000", "2.5", "1e3", ".5", "-0", "inf", "nan", "abc", "", "text"]
SAMPLES += ["sn", "JSON", "Text", "bash", "-", "/dev/null", "no/such/file", "x\x00y", "8589934591", "9" * 30]


def _parameters() -> list[Any]:
    import typer.main

    from patience_cli.app import app

    found: list[Any] = []

    def walk(command: Any) -> None:
        found.extend(param for param in command.params if hasattr(param, "type_descriptor"))
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(app))
    return found


def _outcome(check: Any, value: Any, param: Any, ctx: Any) -> tuple[str, Any]:
    try:
        return "value", repr(check._coerce_value(value, param=param, ctx=ctx))  # nan as nan
    except typer.BadParameter as error:
        return "refused", error.format_message()


def test_quick_value_checks_agree_with_typers_own() -> None:
    from patience_cli.app import app
    from patience_cli.values import QuickRuntimeParam

    root = typer.main.get_command(app)
    checked = 0
    for param in _parameters():
        check = param.get_runtime_param()
        assert isinstance(check, QuickRuntimeParam)
        ctx = typer.Context(root)
        values: list[Any] = [[sample] for sample in SAMPLES] if check.descriptor.is_list else list(SAMPLES)
        if check.descriptor.annotation is bool:
            values += [True, False]
        for value in values:
            assert _outcome(check, value, param, ctx) == _outcome(check.typer_check(), value, param, ctx), (
                param.name,
                value,
            )
            checked += 1
    assert checked > 1000


def _found_by_importlib() -> list[tuple[str, str, str]]:
    import importlib.metadata

    return [
        (entry_point.name, entry_point.value, dist.name)
        for dist in importlib.metadata.distributions()
        for entry_point in dist.entry_points
        if entry_point.group == "patience"
    ]


def test_plugins_are_found_as_importlib_metadata_finds_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from patience.plugins.manager import _entry_points

    # An outside plugin first on the path, one that declares two, and a folder without entry points.
    for name, lines in [("patience_first", "first = patience_first"), ("patience_two", "a = m:x.y\nb = m [extra]")]:
        info = tmp_path / f"{name}-1.0.dist-info"
        info.mkdir()
        headers = f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: 1.0\n"
        (info / "METADATA").write_text(headers + "\nName: the description, not a header")
        (info / "entry_points.txt").write_text(f"# made by hand\n[console_scripts]\nx = y\n\n[patience]\n{lines}\n")
    (tmp_path / "plain-2.0.dist-info").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    found = [(entry_point.name, entry_point.value, entry_point.distribution) for entry_point in _entry_points()]
    assert found == _found_by_importlib()
    assert ("first", "patience_first", "patience-first") in found
    assert ("b", "m [extra]", "patience-two") in found
    assert len(found) > 20  # the shipped variants too


def test_a_plugin_loads_as_its_entry_point_names_it() -> None:
    from patience.plugins.manager import FoundEntryPoint

    assert FoundEntryPoint("x", "patience.plugins.manager:FoundEntryPoint.load", "?").load() is FoundEntryPoint.load
    assert FoundEntryPoint("x", "patience.i18n", "?").load() is sys.modules["patience.i18n"]
