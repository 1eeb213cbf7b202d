"""The two builds: pure Python (the reference) and the hot modules compiled with mypyc.

``python3 tasks.py test --compiled`` runs the whole suite against the
compiled build (CI does both); these tests check that the build asked for is
the one that runs, that a compiled module older than its source is refused,
and that both builds search alike.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from patience import Card, Game, Place
from patience._build import COMPILED_MODULES, StaleBuildError, check_fresh, compiled_modules, is_compiled

ROOT = Path(__file__).resolve().parents[2]

# The fixed range both builds solve: verdict, solution length, positions and the moves' digest for each deal
# (the compiled build stores positions packed, the pure one in a dict of keys: the search is the same). A
# position cap and no time limit, so that the work done does not depend on the machine's speed.
# The games cover each move generator: one deck, two decks, three decks, foundations by rank, and
# complete suits going home (Simple Simon).
SEARCH = """
import hashlib, json, sys
from patience import deal_position, get_variant
from patience_solver import solve
from patience._build import is_compiled
out = {"compiled": is_compiled(), "results": []}
for name, cells, deals in [("freecell", 4, range(1, 61)), ("eight-off", 4, range(1, 9)),
                           ("bakers-game", 4, range(1, 9)), ("seahaven-towers", 4, range(1, 9)),
                           ("der-katzenschwanz", 8, range(4, 9)), ("die-schlange", 8, range(1, 8)),
                           ("triple-freecell", 10, (2, 8)), ("stalactites", 2, range(1, 9)),
                           ("simple-simon", 0, range(2, 8))]:
    variant = get_variant(name)
    for deal in deals:
        r = solve(variant, deal_position(variant, deal, cells), max_positions=20000)
        moves = hashlib.md5(repr(r.moves).encode()).hexdigest()
        out["results"].append([name, deal, r.outcome.value, len(r.moves), r.positions, moves])
json.dump(out, sys.stdout)
"""


#: The modules a record's replay runs through: ``patience verify``, the leaderboard service's check
#: of a submitted record and the store's resume of a game all replay it with check_record.
REPLAY_MODULES = (
    "patience.rules",
    "patience.scoring",
    "patience.redeal",
    "patience.formats.codes",
    "patience.game",
    "patience.formats.fcsolve",
    "patience.formats.records",
)

# A won FreeCell #1 (the solver's solution) and a lost Eight Off #160 with an undo, a redo and a hint, as
# records, replayed: the replay's figures and where each replay module was loaded from.
REPLAY = """
import datetime as dt, json, sys
from patience import Game
from patience.formats.records import check_record, format_record, parse_record, record_of
from patience_solver import solve
from patience._build import is_compiled
won = Game.new("freecell", 1)
for move in solve(won.variant, won.position, max_positions=20000).moves:
    won.play(move)
lost = Game.new("eight-off", 160)
lost.play(next(iter(lost.legal_moves)))
lost.undo()
lost.redo()
lost.note_hint()
lost.give_up()
out = {"compiled": is_compiled(), "replays": []}
start = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.timezone.utc)
for game, result in ((won, "won"), (lost, "gave-up")):
    done = check_record(parse_record(format_record(record_of(game, result=result, started=start))))
    out["replays"].append([done.result, done.score, done.moves, done.undos, done.hints, done.cards_home, done.problem])
out["files"] = {name: sys.modules[name].__file__ for name in sys.argv[1:]}
json.dump(out, sys.stdout)
"""


def run_build(code: str, pure: bool, *args: str) -> dict[str, object]:
    """What ``code`` prints as JSON, run with ``args`` in a fresh interpreter on the compiled build or the sources."""
    env = dict(os.environ)
    env.pop("PATIENCE_COMPILED", None)
    if pure:
        env["PATIENCE_COMPILED"] = "0"
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=True, timeout=600
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def search(pure: bool) -> dict[str, object]:
    return run_build(SEARCH, pure)


def test_the_build_asked_for_is_the_one_running() -> None:
    wanted = os.environ.get("PATIENCE_BUILD")
    if wanted is None:
        pytest.skip("run through python3 tasks.py test, which says which build it set up")
    assert wanted in ("pure", "compiled")
    assert is_compiled() == (wanted == "compiled")
    if wanted == "compiled":
        assert compiled_modules() == list(COMPILED_MODULES)
        for name in COMPILED_MODULES:
            assert not str(sys.modules[name].__file__).endswith(".py"), name


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_both_builds_give_the_same_verdicts_lengths_and_positions() -> None:
    if not compiled_modules():
        pytest.skip("the pure Python build: python3 tasks.py test --compiled compares the two (CI runs it)")
    compiled, pure = search(pure=False), search(pure=True)
    assert compiled["compiled"] is True and pure["compiled"] is False
    assert compiled["results"] == pure["results"]
    outcomes = {row[2] for row in pure["results"]}  # type: ignore[attr-defined]
    assert "solved" in outcomes


def test_the_compiled_build_compiles_every_module_a_replay_runs_through() -> None:
    assert [name for name in REPLAY_MODULES if name not in COMPILED_MODULES] == []


def test_a_record_replays_alike_on_both_builds_and_on_compiled_modules_in_the_compiled_one() -> None:
    if not compiled_modules():
        pytest.skip("the pure Python build: python3 tasks.py test --compiled compares the two (CI runs it)")
    compiled, pure = run_build(REPLAY, False, *REPLAY_MODULES), run_build(REPLAY, True, *REPLAY_MODULES)
    assert compiled["compiled"] is True and pure["compiled"] is False
    assert compiled["replays"] == pure["replays"]
    assert [row[0] for row in pure["replays"]] == ["won", "gave-up"]  # type: ignore[attr-defined]
    files: dict[str, str] = compiled["files"]  # type: ignore[assignment]
    assert [name for name, file in files.items() if file.endswith(".py")] == []
    sources: dict[str, str] = pure["files"]  # type: ignore[assignment]
    assert all(file.endswith(".py") for file in sources.values())


def fake_build(tmp_path: Path) -> tuple[Path, Path]:
    package = tmp_path / "patience_solver"
    package.mkdir(parents=True)
    source = package / "_compiled.py"
    source.write_text("X = 1\n")
    extension = package / "_compiled.cpython-311-x86_64-linux-gnu.so"
    extension.write_bytes(b"")
    return source, extension


def test_a_compiled_module_older_than_its_source_is_refused(tmp_path: Path) -> None:
    source, extension = fake_build(tmp_path)
    os.utime(extension, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    with pytest.raises(StaleBuildError, match=r"_compiled.py changed after it was compiled.*tasks.py setup --compiled"):
        check_fresh(tmp_path)


def test_a_fresh_compiled_module_is_accepted(tmp_path: Path) -> None:
    source, extension = fake_build(tmp_path)
    os.utime(source, (1_000_000, 1_000_000))
    os.utime(extension, (2_000_000, 2_000_000))
    check_fresh(tmp_path)
    assert compiled_modules(tmp_path) == ["patience_solver._compiled"]


def load_tasks() -> ModuleType:
    """The checkout's tasks.py as a module."""
    spec = importlib.util.spec_from_file_location("patience_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    tasks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tasks)
    return tasks


def tasks_with_one_compiled_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, Path, Path]:
    """tasks.py, loaded with one distribution in ``tmp_path`` whose mypyc hook compiles one module."""
    tasks = load_tasks()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.hatch.build.targets.wheel.hooks.mypyc]\ninclude = ["src/patience_solver/_compiled.py"]\n'
    )
    source, extension = fake_build(tmp_path / "src")
    monkeypatch.setattr(tasks, "COMPILED", (tmp_path,))
    return tasks, source, extension


def test_setup_dates_again_a_compiled_module_whose_source_a_checkout_rewrote_with_the_same_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`setup --compiled` after a checkout that rewrote a source: the import's guard takes the build again."""
    tasks, source, extension = tasks_with_one_compiled_module(tmp_path, monkeypatch)
    os.utime(extension, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    with pytest.raises(StaleBuildError):
        check_fresh(tmp_path / "src")
    assert tasks._build_in_place(True)
    check_fresh(tmp_path / "src")


def test_setup_builds_again_when_the_compiled_modules_are_gone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tasks.py clean`, then `setup --compiled`: the build is made again, not taken as done."""
    tasks, _, extension = tasks_with_one_compiled_module(tmp_path, monkeypatch)
    assert tasks._build_in_place(True)
    assert not tasks._build_in_place(False)  # a pure set-up must not leave a compiled module to be imported
    tasks.clean()
    assert not extension.exists()
    assert not tasks._build_in_place(True)
    assert tasks._build_in_place(False)


def loaded_from_bytecode(tmp_path: Path, module: str) -> tuple[str, bool]:
    """What ``import module`` from ``tmp_path/src`` prints, and whether ``python -v`` says it read the bytecode."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(tmp_path / "src")}
    code = f"import {module}; print({module}.VALUE)"
    done = subprocess.run([sys.executable, "-v", "-c", code], env=env, capture_output=True, text=True, check=True)
    cached = importlib.util.cache_from_source(str(tmp_path / "src" / module / "__init__.py"))
    return done.stdout.strip(), f"# code object from '{cached}'" in done.stderr.splitlines()


def test_setup_writes_the_bytecode_of_every_module_that_python_would_compile_on_each_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editable install under PYTHONDONTWRITEBYTECODE: without set-up's bytecode each run compiles its modules."""
    tasks = load_tasks()
    package = tmp_path / "src" / "demo_dist"
    package.mkdir(parents=True)
    source = package / "__init__.py"
    source.write_text("VALUE = 1\n")
    monkeypatch.setattr(tasks, "_distributions", lambda: [(tmp_path, "demo_dist")])
    monkeypatch.setattr(tasks, "PY", Path(sys.executable))
    assert loaded_from_bytecode(tmp_path, "demo_dist") == ("1", False)  # compiled again, and not written
    assert loaded_from_bytecode(tmp_path, "demo_dist") == ("1", False)
    tasks.byte_compile()
    assert loaded_from_bytecode(tmp_path, "demo_dist") == ("1", True)
    source.write_text("VALUE = 22\n")  # a source edited after set-up: its old bytecode is not used
    later = source.stat().st_mtime + 10
    os.utime(source, (later, later))
    assert loaded_from_bytecode(tmp_path, "demo_dist") == ("22", False)
    tasks.byte_compile()
    assert loaded_from_bytecode(tmp_path, "demo_dist") == ("22", True)
    (package / "half_written.py").write_text("x = (\n")  # a module mid-edit does not stop the set-up
    tasks.byte_compile()


def test_pure_python_can_be_asked_for_whatever_is_built() -> None:
    code = "import patience, sys; from patience._build import is_compiled; print(is_compiled())"
    env = {**os.environ, "PATIENCE_COMPILED": "0"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_guard_knows_every_module_the_build_compiles() -> None:
    listed = []
    for distribution in ("engine", "solver"):
        with open(ROOT / "packages" / distribution / "pyproject.toml", "rb") as handle:
            hook = tomllib.load(handle)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
        listed += [rel.removeprefix("src/").removesuffix(".py").replace("/", ".") for rel in hook["include"]]
    assert listed == list(COMPILED_MODULES)


def test_compiled_files_are_ignored_by_git() -> None:
    done = subprocess.run(
        ["git", "check-ignore", "packages/engine/src/patience/cards.cpython-311-x86_64-linux-gnu.so"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode == 128:
        pytest.skip("not a git checkout")
    assert done.returncode == 0


def test_a_game_finds_a_card_by_its_rank_and_suit_not_by_the_card_object() -> None:
    game = Game.new("eight-off", 1, 8)
    top = game.position.columns[0][-1]
    assert game.find(Card(top.rank, top.suit)) == Place.column(0)
    held = next(card for card in game.position.cells if card is not None)
    assert game.find(Card(held.rank, held.suit)) == Place.cell(0)


def test_a_double_tap_on_a_card_given_by_name_moves_it() -> None:
    game = Game.new("eight-off", 1, 8)
    place = game.find(Card.parse("6D"))
    assert place == Place.column(0)
    assert str(game.double_tap_move(place)) == "1e"
