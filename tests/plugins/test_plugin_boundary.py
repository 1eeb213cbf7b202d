"""What a plugin may not do to the program around it, tried through the real ``patience`` command.

A broken hook answer breaks only that plugin's variants; a plugin's own
``SystemExit`` or ``KeyboardInterrupt`` is caught where the engine calls
it and names the plugin, while the user's Ctrl-C still interrupts; what a
plugin prints never reaches stdout; a slow plugin is named.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from plugin_dists import FREECELL_1, distribution, interrupt_after, patience, start_patience

#: A plugin with one variant derived from FreeCell; ``{top}``, ``{register}``, ``{deal}`` and ``{hooks}``
#: are the plugin's own code at import, in registration, in its deal and as more hooks.
PLUGIN = """\
import os
import sys
import time

from patience import Position, hookimpl, ms_deal

{top}


@hookimpl
def patience_register_variants(register):
    {register}
    base = register.get("freecell")
    register(base.derive(name={variant!r}, title={variant!r}.title(), prefix={prefix!r}))


@hookimpl
def patience_deal(variant, deal, cells):
    {deal}
    cards = ms_deal(deal)
    return Position(tuple(cards[i::8] for i in range(8)), (None,) * cells)

{hooks}
"""


def _plugin(
    root: Path,
    name: str,
    *,
    variant: str = "odd-cell",
    prefix: str = "OD",
    top: str = "",
    register: str = "pass",
    deal: str = "pass",
    hooks: str = "",
) -> Path:
    source = PLUGIN.format(top=top, register=register, deal=deal, hooks=hooks, variant=variant, prefix=prefix)
    return distribution(root, name, source)


SHIPPED = ["eight-off", "freecell", "bakers-game", "seahaven-towers"]


def _listed(stdout: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split() for line in stdout.splitlines()[1:] if line.strip() and line[0] != "*"}


# -- one plugin's bad answer breaks only its own variants --------------------------------------


CELL_COUNTS_AS_TEXT = """
@hookimpl
def patience_cell_counts(variant):
    return "4"
"""


def test_a_plugin_whose_cell_counts_are_text_is_left_out_of_variants_and_the_others_are_listed(tmp_path: Path) -> None:
    _plugin(tmp_path, "texty", hooks=CELL_COUNTS_AS_TEXT)
    said = (
        "patience: warning: the variant 'odd-cell' is left out of the list: plugin 'texty': patience_cell_counts"
        " returned '4', not (cell counts, default) such as ((4, 3), 4)"
    )
    listing = patience(["variants"], tmp_path)
    assert listing.returncode == 0, listing.stderr
    rows = _listed(listing.stdout)
    assert sorted(name for name in rows if name in SHIPPED) == sorted(SHIPPED)
    assert rows["freecell"][2:6] == ["4*", "3", "2", "1"]
    assert "odd-cell" not in rows
    assert listing.stderr.splitlines() == [said]

    as_json = patience(["variants", "--format", "json"], tmp_path)
    assert as_json.returncode == 0, as_json.stderr
    names = [row["name"] for row in json.loads(as_json.stdout)]
    assert names[:4] == SHIPPED and "odd-cell" not in names
    assert as_json.stderr.splitlines() == [said]

    assert patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path).stdout == FREECELL_1
    own = patience(["deal", "odd-cell", "1"], tmp_path)
    assert own.returncode == 2
    assert own.stderr.splitlines() == [
        "patience: plugin 'texty': patience_cell_counts returned '4', not (cell counts, default) such as ((4, 3), 4)"
    ]
    decoded = patience(["code", "--decode", "FC1-C4-AAAAAAB"], tmp_path)
    assert decoded.stdout == "freecell 1 --cells 4\n", decoded.stderr


# -- a plugin's own SystemExit or KeyboardInterrupt -------------------------------------------------

EXITS = {
    "system-exit": ("raise SystemExit(3)", "SystemExit: 3"),
    "sys-exit": ("sys.exit()", "SystemExit"),
    "keyboard": ("raise KeyboardInterrupt", "KeyboardInterrupt"),
    "base-exception": ("raise type('Gone', (BaseException,), {})('for good')", "Gone: for good"),
}


@pytest.mark.parametrize("exit_kind", list(EXITS), ids=list(EXITS))
def test_a_plugin_that_exits_at_import_is_not_loaded_and_named(tmp_path: Path, exit_kind: str) -> None:
    code, said = EXITS[exit_kind]
    _plugin(tmp_path, "quitter", top=code)
    for args in (["variants"], ["deal", "freecell", "1", "--format", "fcs"]):
        done = patience(args, tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stderr.splitlines() == [
            "patience: warning: plugin 'quitter' not loaded (`patience plugins` says why)"
        ]
    assert done.stdout == FREECELL_1
    listing = patience(["plugins"], tmp_path)
    assert listing.returncode == 0
    assert f"quitter  NOT LOADED: patience-quitter (patience_quitter): {said}" in listing.stdout


def test_a_plugins_keyboard_interrupt_is_its_own_where_sigint_is_ignored(tmp_path: Path) -> None:
    # A background job ignores SIGINT: no Ctrl-C can reach it, so a KeyboardInterrupt is the plugin's.
    _plugin(tmp_path, "quitter", top="raise KeyboardInterrupt")
    _plugin(tmp_path, "stopper", variant="stop-cell", prefix="SX", register="raise KeyboardInterrupt")
    done = patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path, sigint_ignored=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == FREECELL_1
    assert sorted(done.stderr.splitlines()) == [
        "patience: warning: plugin 'quitter' not loaded (`patience plugins` says why)",
        "patience: warning: plugin 'stopper' failed to register its variants: KeyboardInterrupt;"
        " the plugin is disabled",
    ]


@pytest.mark.parametrize("exit_kind", list(EXITS), ids=list(EXITS))
def test_a_plugin_that_exits_in_registration_is_disabled_and_named(tmp_path: Path, exit_kind: str) -> None:
    code, said = EXITS[exit_kind]
    _plugin(tmp_path, "quitter", register=code)
    done = patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == FREECELL_1
    assert done.stderr.splitlines() == [
        f"patience: warning: plugin 'quitter' failed to register its variants: {said}; the plugin is disabled"
    ]
    listing = patience(["variants"], tmp_path)
    assert listing.returncode == 0 and "odd-cell" not in _listed(listing.stdout)


@pytest.mark.parametrize("exit_kind", list(EXITS), ids=list(EXITS))
def test_a_plugin_that_exits_in_its_deal_is_one_error_naming_it_and_the_others_play(
    tmp_path: Path, exit_kind: str
) -> None:
    code, said = EXITS[exit_kind]
    _plugin(tmp_path, "quitter", deal=code)
    for args in (["deal", "odd-cell", "1"], ["play", "odd-cell", "1"], ["solve", "odd-cell", "1"]):
        done = patience(args, tmp_path, stdin="quit\n")
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stderr.splitlines() == [f"patience: plugin 'quitter' failed in patience_deal: {said}"], args
    fine = patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path)
    assert fine.returncode == 0 and fine.stdout == FREECELL_1 and fine.stderr == ""


def _wait_for(marker: Path) -> None:
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert time.monotonic() < deadline, "the plugin never started"
        time.sleep(0.05)


@pytest.mark.parametrize("where", ["top", "register", "deal"])
def test_the_users_ctrl_c_interrupts_a_plugin_that_is_running(tmp_path: Path, where: str) -> None:
    marker = tmp_path / "started"
    wait = f"open({str(marker)!r}, 'w').close(); time.sleep(60)"
    _plugin(tmp_path / "plugins", "sleeper", **{where: wait})
    process = start_patience(["deal", "odd-cell", "1"], tmp_path / "plugins")
    _wait_for(marker)
    code, stderr = interrupt_after(process, 0.2)
    assert code == 130, stderr
    assert "Traceback" not in stderr


def test_a_plugins_own_exit_in_a_hook_is_a_plugin_error_in_the_engine() -> None:
    script = (
        "import pluggy\n"
        "from patience import Game, hookimpl, make_plugin_manager\n"
        "from patience.errors import PluginError\n"
        "class Quitter:\n"
        "    @hookimpl\n"
        "    def patience_register_variants(self, register):\n"
        "        register(register.get('freecell').derive(name='odd-cell', title='Odd Cell', prefix='OD'))\n"
        "    @hookimpl\n"
        "    def patience_deal(self, variant, deal, cells):\n"
        "        raise SystemExit(7)\n"
        "pm = make_plugin_manager()\n"
        "pm.register(Quitter(), name='quitter')\n"
        "try:\n"
        "    Game.new('odd-cell', 1, plugins=pm)\n"
        "except PluginError as error:\n"
        "    print(error)\n"
        "print(Game.new('freecell', 1, plugins=pm).code)\n"
    )
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == ["plugin 'quitter' failed in patience_deal: SystemExit: 7", "FC1-C4-AAAAAAB"]


# -- plugin output never reaches stdout ---------------------------------------------------------------

CHATTY_TOP = (
    "print('chatty: loaded')\nos.write(1, b'chatty: fd 1\\n')\nsys.__stdout__.write('chatty: real stdout\\n')\n"
)


def test_what_a_plugin_prints_goes_to_stderr_never_to_a_machine_readable_stdout(tmp_path: Path) -> None:
    _plugin(
        tmp_path,
        "chatty",
        top=CHATTY_TOP,
        register="print('chatty: registering')",
        deal="print('chatty: dealing'); sys.stdout.write('chatty: written\\n')",
    )
    for args in (
        ["variants", "--format", "json"],
        ["plugins", "--format", "json"],
        ["deal", "odd-cell", "1", "--format", "json"],
    ):
        done = patience(args, tmp_path)
        assert done.returncode == 0, (args, done.stderr)
        json.loads(done.stdout)  # nothing but the JSON
        assert "chatty:" not in done.stdout, args
        for line in ("chatty: loaded", "chatty: fd 1", "chatty: real stdout", "chatty: registering"):
            assert line in done.stderr.splitlines(), (args, done.stderr)
    assert "chatty: dealing" in done.stderr and "chatty: written" in done.stderr
    board = patience(["deal", "odd-cell", "1", "--format", "fcs"], tmp_path)
    assert board.stdout == FREECELL_1, board.stdout
    solved = patience(["solve", "odd-cell", "1", "--format", "json"], tmp_path)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["moves"], solved.stdout
    assert "chatty: dealing" in solved.stderr


# -- a slow plugin is named ------------------------------------------------------------------------------

SLOW_LEGALITY = """
CALLS = [0]


@hookimpl
def patience_move_legality(variant, position, move):
    # 50 ms a call for the first 30 calls (1.5 s), so that a command that asks hundreds stays short.
    CALLS[0] += 1
    if CALLS[0] <= 30:
        time.sleep(0.05)
    return None
"""

SLOW_WARNING = re.compile(
    r"patience: warning: plugin '(\w+)' has taken (\d+\.\d) s so far"
    r" \(`patience plugins --timings` shows its load, registration and hook times\)"
)


def test_every_command_names_a_plugin_whose_registration_takes_more_than_a_second(tmp_path: Path) -> None:
    _plugin(tmp_path, "sluggish", register="time.sleep(1.2)")
    for args in (["deal", "freecell", "1", "--format", "fcs"], ["variants"], ["code", "freecell", "1"]):
        done = patience(args, tmp_path)
        assert done.returncode == 0, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1, (args, done.stderr)
        said = SLOW_WARNING.fullmatch(lines[0])
        assert said is not None and said.group(1) == "sluggish", lines
        assert 1.2 <= float(said.group(2)) < 5, lines


def test_a_plugin_whose_legality_hook_is_slow_is_named_by_the_command_it_slows(tmp_path: Path) -> None:
    _plugin(tmp_path / "plugins", "sluggish", hooks=SLOW_LEGALITY)
    board = tmp_path / "board.txt"
    board.write_text(FREECELL_1)
    done = patience(["moves", "odd-cell", "--board", str(board)], tmp_path / "plugins")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and SLOW_WARNING.fullmatch(lines[0]) is not None, done.stderr
    quick = patience(["moves", "freecell", "--board", str(board)], tmp_path / "plugins")
    assert quick.returncode == 0 and quick.stderr == "", quick.stderr


def test_plugins_timings_shows_each_plugins_load_registration_and_slowest_hook(tmp_path: Path) -> None:
    _plugin(tmp_path, "sluggish", register="time.sleep(0.3)", hooks=SLOW_LEGALITY)
    _plugin(tmp_path, "heavy", variant="heavy-cell", prefix="HV", top="time.sleep(0.2)")
    done = patience(["plugins", "--timings"], tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["PLUGIN", "LOAD", "REGISTRATION", "SLOWEST", "HOOK", "TOTAL"]
    rows = {line.split()[0]: line for line in lines[1:] if line.strip()}
    for shipped in ("eight_off", "freecell", "bakers_game", "seahaven_towers"):
        assert shipped in rows, done.stdout
    sluggish = rows["sluggish"].split()
    registration = _seconds(sluggish[3], sluggish[4])
    assert 0.3 <= registration < 2, rows["sluggish"]
    assert sluggish[5] == "patience_move_legality"
    assert 0.05 <= _seconds(sluggish[6], sluggish[7]) < 1, rows["sluggish"]
    heavy = rows["heavy"].split()
    assert 0.2 <= _seconds(heavy[1], heavy[2]) < 2, rows["heavy"]
    assert heavy[5] == "patience_deal"

    as_json = patience(["plugins", "--timings", "--format", "json"], tmp_path)
    timings = {row["name"]: row["timings"] for row in json.loads(as_json.stdout)["plugins"] if "timings" in row}
    assert timings["sluggish"]["slowest_hook"] == "patience_move_legality"
    assert timings["sluggish"]["registration"] >= 0.3
    assert timings["heavy"]["load"] >= 0.2
    assert set(timings["sluggish"]) == {"load", "registration", "hooks", "calls", "slowest_hook", "slowest", "total"}


def _seconds(number: str, unit: str) -> float:
    return float(number) / 1000 if unit == "ms" else float(number)


#: A plugin whose deal sleeps 0.1 s (1.2 s for 12 deals), after ``{burn}`` CPU seconds of the program's own work.
SHARE_SCRIPT = """\
import time
import warnings

from patience import Game, hookimpl, make_plugin_manager
from patience.plugins import PluginLoadWarning, plugin_timings


class Steady:
    @hookimpl
    def patience_register_variants(self, register):
        register(register.get("freecell").derive(name="odd-cell", title="Odd Cell", prefix="OD"))

    @hookimpl
    def patience_deal(self, variant, deal, cells):
        time.sleep(0.1)
        return None  # dealt as FreeCell


pm = make_plugin_manager()
pm.register(Steady(), name="steady")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    deal = 1
    while time.process_time() < {burn}:
        game = Game.new("freecell", deal, plugins=pm)
        list(game.legal_moves)
        deal += 1
    for number in range(1, 13):
        Game.new("odd-cell", number, plugins=pm)
named = [str(w.message) for w in caught if issubclass(w.category, PluginLoadWarning)]
print(round(plugin_timings(pm)["steady"].total, 1), len(named))
"""


@pytest.mark.parametrize(("burn", "warnings"), [(0, 1), (6, 0)], ids=["alone", "among-6-cpu-seconds"])
def test_a_plugins_second_is_named_only_when_it_is_a_large_share_of_the_process(burn: int, warnings: int) -> None:
    ran = subprocess.run(
        [sys.executable, "-c", SHARE_SCRIPT.format(burn=burn)], capture_output=True, text=True, timeout=300, check=False
    )
    assert ran.returncode == 0, ran.stderr
    total, named = ran.stdout.split()
    assert float(total) >= 1.2
    assert int(named) == warnings, ran.stdout
