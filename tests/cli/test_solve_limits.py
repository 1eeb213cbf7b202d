"""``--max-memory``, ``--max-positions`` and CPU-time ``--time-limit`` as a user meets them on the command line."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from patience._build import is_compiled
from patience_cli.census import memory_per_job
from patience_cli.common import parse_size

pytestmark = pytest.mark.timeout(300)

PATIENCE = Path(sys.executable).with_name("patience")


def program(
    *args: str, preexec: Callable[[], None] | None = None, input: str | None = None, home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """The installed ``patience`` run as a user runs it."""
    env = {**os.environ, "PATIENCE_LANG": "en"}
    if home is not None:
        env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    return subprocess.run(
        [str(PATIENCE), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=280,
        check=False,
        preexec_fn=preexec,
        input=input,
    )


def address_space_of(size: int) -> Callable[[], None]:
    """A ``preexec_fn`` that sets the child's ``RLIMIT_AS`` as ``ulimit -v`` does."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (size, resource.RLIM_INFINITY))

    return limit


def test_solve_under_ulimit_v_stops_at_the_memory_limit_in_one_line() -> None:
    # Deal 6825625742 grows by tens of megabytes a second and is decided by neither limit in time.
    done = program("solve", "freecell", "6825625742", "--time-limit", "600", preexec=address_space_of(1_000_000_000))
    assert done.returncode == 4, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1
    assert done.stdout.startswith("FreeCell deal #6825625742 (")
    assert "undecided, the search reached the memory limit that this process and machine allow" in done.stdout


def test_solve_stops_at_its_max_memory_and_names_it() -> None:
    done = program("solve", "freecell", "11982", "--max-memory", "4M")
    assert done.returncode == 4, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1
    assert "undecided, the search stopped at its memory limit of 4.0 MB" in done.stdout
    assert done.stdout.rstrip().endswith("try a larger --max-memory")


def test_solve_json_says_why_it_is_undecided() -> None:
    import json

    done = program("solve", "freecell", "11982", "--max-positions", "500", "--format", "json")
    data = json.loads(done.stdout)
    assert (data["result"], data["reason"]) == ("unknown", "positions")
    won = json.loads(program("solve", "freecell", "1", "--format", "json").stdout)
    assert (won["result"], won["reason"]) == ("solved", None)


def test_solve_stopped_by_cpu_time_says_time_limit() -> None:
    done = program("solve", "freecell", "11982", "--time-limit", "0.2")
    assert done.returncode == 4
    assert "no solution found within the time limit" in done.stdout


@pytest.mark.parametrize("text", ["12x", "0", "-5M", "1.5", "GiB", "", "5 MiBs", "Mi"])
@pytest.mark.parametrize(
    "command", [["solve", "freecell", "1"], ["census", "freecell", "1-2"], ["play", "freecell", "1"]]
)
def test_a_bad_max_memory_is_one_line_and_exit_2(command: list[str], text: str, tmp_path: Path) -> None:
    done = program(*command, "--max-memory", text, home=tmp_path, input="")
    assert done.returncode == 2
    assert done.stdout == ""
    assert (
        done.stderr
        == f"patience: --max-memory must be a size like 500M, 2G, 1.5GiB or a number of bytes, not {text!r}\n"
    )


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("500M", 500_000_000),
        ("2G", 2_000_000_000),
        ("1.5GiB", 1_610_612_736),
        ("800mb", 800_000_000),
        ("123456", 123456),
        ("64KiB", 65536),
        ("1 G", 10**9),
    ],
)
def test_sizes_read_as_people_write_them(text: str, size: int) -> None:
    assert parse_size(text) == size


def test_census_jobs_share_the_default_memory() -> None:
    one, four = memory_per_job(1), memory_per_job(4)
    assert one is not None and four is not None
    assert four <= one // 4 + (one // 100)


def test_census_rows_say_why_a_deal_is_unknown() -> None:
    done = program("census", "freecell", "11981-11983", "--max-positions", "2000")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "deal,result,moves,seconds,reason"
    rows = [line.split(",") for line in lines[1:]]
    assert [(row[0], row[1], row[4]) for row in rows] == [
        ("11981", "solved", ""),
        ("11982", "unknown", "positions"),
        ("11983", "solved", ""),
    ]


def test_census_table_shows_the_reason() -> None:
    done = program("census", "freecell", "11982", "--max-positions", "2000", "--format", "table")
    header, row = done.stdout.splitlines()[:2]
    assert header.split() == ["deal", "result", "moves", "seconds", "reason"]
    assert row.split()[1] == "unknown" and row.split()[-1] == "positions"


def test_census_with_a_small_max_memory_reports_memory() -> None:
    # The whole proof grows the process by about 9 MB in the compiled build's packed tables and 18 MB in the
    # pure build's dict: 4 MB stops it well before in either.
    done = program("census", "freecell", "11982", "--max-memory", "4M")
    assert done.stdout.splitlines()[1].split(",")[1::3] == ["unknown", "memory"]


@contextmanager
def burning(count: int) -> Iterator[None]:
    """``count`` busy processes on CPU 0, beside whatever runs there."""
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], preexec_fn=lambda: os.sched_setaffinity(0, {0}))
        for _ in range(count)
    ]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


def test_census_verdicts_do_not_depend_on_busy_processes_alongside() -> None:
    # Deal 13996 takes about 1-1.6 CPU seconds to win in the compiled build and 2-2.6 in pure Python,
    # the others a few hundredths. The limit leaves it about twice that, and with two busy processes on
    # the same core the census gets a third of it: the limit in wall-clock time would end the search
    # at about two thirds of what it needs, unknown.
    def on_cpu_0() -> None:
        os.sched_setaffinity(0, {0})

    limit = "3" if is_compiled() else "5"
    args = ("census", "freecell", "13995-13997", "--time-limit", limit)
    quiet = program(*args, preexec=on_cpu_0)
    with burning(2):
        loaded = program(*args, preexec=on_cpu_0)
    assert quiet.returncode == loaded.returncode == 0
    verdicts = [[line.split(",")[i] for i in (0, 1, 2, 4)] for line in quiet.stdout.splitlines()]
    assert verdicts[1:] == [
        ["13995", "solved", verdicts[1][2], ""],
        ["13996", "solved", verdicts[2][2], ""],
        ["13997", "solved", verdicts[3][2], ""],
    ]
    assert [[line.split(",")[i] for i in (0, 1, 2, 4)] for line in loaded.stdout.splitlines()] == verdicts


def test_play_hints_keep_to_max_positions(tmp_path: Path) -> None:
    done = program("play", "freecell", "11982", "--max-positions", "300", input="hint\nquit\n", home=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    assert "no solution found within 300 positions; ask again to search 600, or undo a few moves" in done.stdout


def test_resume_onto_a_census_file_without_the_reason_column_keeps_its_columns(tmp_path: Path) -> None:
    out = tmp_path / "old.csv"
    out.write_text("deal,result,moves,seconds\n1,solved,62,0.010\n")
    done = program("census", "freecell", "1-2", "--resume", str(out))
    assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    assert lines[:2] == ["deal,result,moves,seconds", "1,solved,62,0.010"]
    assert lines[2].split(",")[:2] == ["2", "solved"] and len(lines[2].split(",")) == 4
