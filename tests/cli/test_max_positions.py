"""``--max-positions``: a budget of work for ``solve`` and ``census``, whose verdicts then ignore the machine's load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from patience_cli.app import app

pytestmark = pytest.mark.timeout(180)

PATIENCE = Path(sys.executable).with_name("patience")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def rows(text: str) -> list[list[str]]:
    """The census CSV's rows without the header, each without its seconds."""
    return [line.split(",")[:3] for line in text.splitlines()[1:]]


def program(*args: str, language: str = "en") -> subprocess.CompletedProcess[str]:
    """The installed ``patience`` run as a user runs it."""
    env = {**os.environ, "PATIENCE_LANG": language}
    return subprocess.run([str(PATIENCE), *args], capture_output=True, text=True, env=env, timeout=120, check=False)


def test_solve_that_reaches_the_budget_is_undecided_in_one_line() -> None:
    # FreeCell #11982 is lost, and its proof takes far more than 500 positions.
    done = program("solve", "freecell", "11982", "--max-positions", "500")
    assert done.returncode == 4
    assert done.stderr == ""
    assert done.stdout.splitlines() == [done.stdout.strip()]
    assert done.stdout.startswith("FreeCell deal #11982 (")
    assert "undecided, no solution found within the budget of 500 positions" in done.stdout
    assert "try a larger --max-positions" in done.stdout


@pytest.mark.parametrize("output", ["sn", "json"])
def test_solve_formats_for_scripts_report_the_budget_as_unknown(output: str) -> None:
    result = run("solve", "freecell", "11982", "--max-positions", "500", "--format", output)
    assert result.exit_code == 4
    if output == "sn":
        assert result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and "budget of 500 positions" in result.stderr
    else:
        assert '"result": "unknown"' in result.stdout


def test_a_budget_large_enough_decides_the_deal() -> None:
    assert run("solve", "freecell", "1", "--max-positions", "100000").exit_code == 0
    lost = run("solve", "freecell", "11982", "--max-positions", "5000000", "--time-limit", "120")
    assert lost.exit_code == 3 and "proved lost" in lost.stdout


def test_the_budget_counts_positions_so_the_search_stops_near_it() -> None:
    result = run("solve", "freecell", "11982", "--max-positions", "3000", "--format", "json")
    assert result.exit_code == 4
    positions = json.loads(result.stdout)["positions"]
    # The search looks at its limits every 128 expansions of a scan.
    assert 3000 <= positions < 3000 + 128


@pytest.mark.parametrize("budget", ["0", "-5"])
@pytest.mark.parametrize("command", [["solve", "freecell", "1"], ["census", "freecell", "1-2"]])
def test_max_positions_must_be_one_or_more(command: list[str], budget: str) -> None:
    result = run(*command, "--max-positions", budget)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"patience: --max-positions must be a whole number of positions, 1 or more, not {budget}\n"


@pytest.mark.parametrize("command", [["solve", "freecell", "1"], ["census", "freecell", "1-2"]])
def test_max_positions_that_is_no_number_is_one_line(command: list[str]) -> None:
    done = program(*command, "--max-positions", "many")
    assert done.returncode == 2
    assert done.stdout == ""
    said = f"patience: --max-positions takes a whole number, not 'many' (see `patience {command[0]} --help`)\n"
    assert done.stderr == said


def test_census_verdicts_at_a_budget_are_the_same_however_slow_the_machine() -> None:
    # With a budget and no time limit the same deals come out the same, in one process or in two.
    first = run("census", "freecell", "11980-11983", "--max-positions", "2000")
    second = run("census", "freecell", "11980-11983", "--max-positions", "2000", "--jobs", "2", "--chunk", "1")
    assert first.exit_code == second.exit_code == 0
    assert rows(first.stdout) == rows(second.stdout)
    assert rows(first.stdout)[2] == ["11982", "unknown", ""]


def test_census_default_budget_is_stated_in_its_help_and_docs() -> None:
    from patience_cli.solve_commands import CENSUS_MAX_POSITIONS

    help_text = " ".join(run("census", "--help").stdout.split())
    assert "--max-positions" in help_text and f"{CENSUS_MAX_POSITIONS:,}" in help_text
    docs = (Path(__file__).parents[2] / "docs" / "census.md").read_text(encoding="utf-8")
    assert f"`--max-positions`, {CENSUS_MAX_POSITIONS:,} by default" in docs


def test_census_default_budget_decides_freecell_s_lost_deal() -> None:
    result = run("census", "freecell", "11982")
    assert result.exit_code == 0
    assert rows(result.stdout) == [["11982", "unsolvable", ""]]


def test_resume_file_names_its_budget_and_refuses_another(tmp_path: Path) -> None:
    out = tmp_path / "census.csv"
    assert run("census", "freecell", "1-2", "--max-positions", "50000", "--resume", str(out)).exit_code == 0
    assert out.read_text().splitlines()[0] == "# census freecell, 4 cells, at most 50000 positions"
    before = out.read_text()
    other = run("census", "freecell", "1-3", "--max-positions", "60000", "--resume", str(out))
    assert other.exit_code == 2 and "holds another census" in other.stderr
    assert out.read_text() == before
    again = run("census", "freecell", "1-3", "--max-positions", "50000", "--resume", str(out))
    assert again.exit_code == 0 and [row[0] for row in rows(out.read_text().split("\n", 1)[1])] == ["1", "2", "3"]


def test_census_with_a_time_limit_names_both_in_its_resume_file(tmp_path: Path) -> None:
    out = tmp_path / "census.csv"
    assert run("census", "freecell", "1", "--time-limit", "10", "--resume", str(out)).exit_code == 0
    assert out.read_text().splitlines()[0].startswith("# census freecell, 4 cells, at most ")
    assert out.read_text().splitlines()[0].endswith(" positions, time limit 10 s")


def test_german_budget_message() -> None:
    done = program("solve", "freecell", "11982", "--max-positions", "500", language="de")
    assert done.returncode == 4
    assert "500 Stellungen" in done.stdout and "--max-positions" in done.stdout


def test_a_search_at_a_budget_is_the_same_in_every_process() -> None:
    # Another hash seed is another process's set and dict order: the search must not depend on it.
    answers = []
    for seed in ("1", "2"):
        env = {**os.environ, "PATIENCE_LANG": "en", "PYTHONHASHSEED": seed}
        for args in (["eight-off", "2"], ["freecell", "11982"]):
            done = subprocess.run(
                [str(PATIENCE), "solve", *args, "--max-positions", "3000", "--format", "json"],
                capture_output=True,
                text=True,
                env=env,
                timeout=120,
                check=False,
            )
            data = json.loads(done.stdout)
            answers.append((seed, data["result"], data["positions"], data["moves"]))
    first, second = answers[:2], answers[2:]
    assert [answer[1:] for answer in first] == [answer[1:] for answer in second]
    assert [answer[1] for answer in first] == ["solved", "unknown"]
