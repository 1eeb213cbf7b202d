"""``patience solve`` and ``census``: refused time limits, a quiet stdout for scripts, the CSV fields."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner, Result

from patience_cli.app import app

pytestmark = pytest.mark.timeout(120)


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("limit", ["nan", "inf", "-inf", "-1", "0"])
@pytest.mark.parametrize("command", [["solve", "freecell", "1"], ["census", "freecell", "1-2"]])
def test_time_limit_must_be_positive_and_finite(command: list[str], limit: str) -> None:
    result = run(*command, "--time-limit", limit)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("patience: --time-limit must be a positive number of seconds")
    assert len(result.stderr.splitlines()) == 1


def test_sn_of_a_lost_deal_keeps_stdout_empty_and_says_why_on_stderr() -> None:
    result = run("solve", "freecell", "11982", "--format", "sn", "--time-limit", "60")
    assert result.exit_code == 3
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("patience: FreeCell deal #11982") and "proved lost" in result.stderr


def test_sn_of_an_undecided_deal_keeps_stdout_empty_and_says_why_on_stderr() -> None:
    result = run("solve", "freecell", "11982", "--format", "sn", "--time-limit", "0.01")
    assert result.exit_code == 4
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and "undecided" in result.stderr


def test_census_leaves_moves_empty_unless_solved() -> None:
    result = run("census", "freecell", "11981-11982", "--time-limit", "60")
    assert result.exit_code == 0
    rows = [line.split(",") for line in result.stdout.splitlines()[1:]]
    assert rows[0][:2] == ["11981", "solved"] and int(rows[0][2]) > 0
    assert rows[1][:3] == ["11982", "unsolvable", ""]


def test_census_help_documents_the_empty_moves_field() -> None:
    assert "empty unless solved" in " ".join(run("census", "--help").stdout.split())


def test_winnable_search_past_the_last_deal_says_none_was_found() -> None:
    result = run("deal", "eight-off", "--winnable", "--from", "8589934591", "--cells", "2")
    assert result.exit_code == 2
    assert (
        result.stderr == "patience: no winnable deal found from 8,589,934,591 to 8,589,934,591 (the last deal number)\n"
    )
