"""``patience census``: deals streamed to the workers, ``--jobs`` bounded by the cores, a quiet Ctrl-C,
``--resume`` and ``--cluster`` on a real Dask LocalCluster."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from patience_cli.app import app
from patience_cli.census import chunks, count_missing, missing, read_done, usable_cores

pytestmark = pytest.mark.timeout(180)

PATIENCE = Path(sys.executable).with_name("patience")
HEADER = "deal,result,moves,seconds,reason"


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def rows(text: str) -> list[list[str]]:
    """The CSV rows without the header and without the seconds, which differ from run to run."""
    lines = [line for line in text.splitlines() if not line.startswith("# census ")]
    assert lines[0] == HEADER
    return [line.split(",")[:3] for line in lines[1:]]


def start(*args: str, memory: int | None = None) -> subprocess.Popen[str]:
    """``patience ARGS`` in its own process group (so a test can send Ctrl-C to it and its workers)."""

    def limit() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.Popen(
        [str(PATIENCE), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=limit,
    )


def test_the_whole_documented_range_streams_in_flat_memory() -> None:
    # Every deal used to be made into a job before the first was handed out: a MemoryError
    # traceback under this limit (and 11.5 GB without it) before the header.
    process = start("census", "freecell", "1-8589934591", "--jobs", "2", memory=1500 * 2**20)
    try:
        lines = [process.stdout.readline() for _ in range(4)] if process.stdout else []
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate(timeout=30)
    assert lines[0].strip() == HEADER, err
    assert [line.split(",")[0] for line in lines[1:]] == ["1", "2", "3"], err


def test_jobs_beyond_the_cores_are_cut_down_and_said() -> None:
    result = run("census", "freecell", "1-6", "--jobs", "64", "--chunk", "1", "--format", "table")
    assert result.exit_code == 0
    cores = usable_cores()
    if cores < 64:
        assert (
            result.stderr.strip()
            == f"patience: --jobs 64 is more than the {cores} core{'s' * (cores != 1)} here: running {cores}"
        )
    summary = result.stdout.splitlines()[-1]
    assert summary.endswith(f"with {min(cores, 6)} job{'s' * (min(cores, 6) != 1)}"), summary
    assert [line.split()[0] for line in result.stdout.splitlines()[1:7]] == ["1", "2", "3", "4", "5", "6"]


def test_no_more_workers_than_chunks() -> None:
    result = run("census", "freecell", "1-2", "--jobs", "0", "--format", "table")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1].endswith("with 1 job")


@pytest.mark.parametrize("after", [1, 3, 6])
def test_ctrl_c_ends_the_census_and_its_workers_quietly(after: int) -> None:
    process = start("census", "freecell", "1-5000", "--jobs", "2", "--chunk", "1")
    assert process.stdout is not None
    for _ in range(after):
        process.stdout.readline()
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Process" not in err and "Traceback" not in err and "KeyboardInterrupt" not in err, err


# -- --resume ----------------------------------------------------------------


def test_resume_does_only_the_missing_deals(tmp_path: Path) -> None:
    whole = run("census", "freecell", "1-8")
    assert whole.exit_code == 0
    out = tmp_path / "census.csv"
    # An interrupted census: three whole rows and one cut short.
    out.write_text(HEADER + "\n1,solved,62,0.010\n2,solved,52,0.010\n3,solved,41,0.010\n4,sol")
    result = run("census", "freecell", "1-8", "--resume", str(out), "--jobs", "2", "--chunk", "2")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert f"patience: {out}: dropped its unfinished last line '4,sol'; that deal is solved again" in result.stderr
    assert rows(out.read_text()) == rows(whole.stdout)
    # Started again on a finished file, it has nothing left to do.
    before = out.read_text()
    again = run("census", "freecell", "1-8", "--resume", str(out))
    assert again.exit_code == 0 and out.read_text() == before


def test_resume_makes_a_new_file_with_the_header(tmp_path: Path) -> None:
    out = tmp_path / "new.csv"
    result = run("census", "freecell", "1-3", "--resume", str(out))
    assert result.exit_code == 0
    assert rows(out.read_text()) == rows(run("census", "freecell", "1-3").stdout)


def test_resume_refuses_a_file_that_is_not_a_census(tmp_path: Path) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("my notes\nkeep them\n")
    result = run("census", "freecell", "1-3", "--resume", str(out))
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and "not the census header" in result.stderr
    assert out.read_text() == "my notes\nkeep them\n"


def test_resume_names_the_line_where_the_header_should_be(tmp_path: Path) -> None:
    out = tmp_path / "freecell-4.csv"
    out.write_text("# census freecell, 4 cells, time limit 10 s\nnot a header\n")
    result = run("census", "freecell", "1-3", "--resume", str(out))
    assert result.exit_code == 2
    assert f"{out}: line 2 is 'not a header', not the census header" in result.stderr
    assert out.read_text() == "# census freecell, 4 cells, time limit 10 s\nnot a header\n"


def test_resume_refuses_a_file_of_another_census_and_leaves_it_alone(tmp_path: Path) -> None:
    out = tmp_path / "freecell-4.csv"
    assert run("census", "freecell", "1-3", "--resume", str(out)).exit_code == 0
    assert out.read_text().splitlines()[0] == "# census freecell, 4 cells, at most 1000000 positions"
    before = out.read_text()
    others = (["eight-off", "1-5"], ["freecell", "1-5", "--cells", "3"], ["freecell", "1-5", "--max-positions", "2000"])
    for args in others:
        result = run("census", *args, "--resume", str(out))
        assert result.exit_code == 2, args
        assert len(result.stderr.splitlines()) == 1 and "holds another census (freecell, 4 cells" in result.stderr
        assert out.read_text() == before
    # The same census goes on where it stopped.
    assert run("census", "freecell", "1-5", "--resume", str(out)).exit_code == 0
    assert [row[0] for row in rows(out.read_text())] == ["1", "2", "3", "4", "5"]


def test_resume_refuses_a_table(tmp_path: Path) -> None:
    result = run("census", "freecell", "1-3", "--resume", str(tmp_path / "x.csv"), "--format", "table")
    assert result.exit_code == 2 and "--format table" in result.stderr


def test_missing_spans() -> None:
    done = [(1, 3), (5, 5), (9, 20)]
    assert list(missing(range(1, 12), done)) == [range(4, 5), range(6, 9)]
    assert list(missing(range(2, 30), [])) == [range(2, 30)]
    assert count_missing(range(1, 25), done) == 1 + 3 + 4
    assert list(chunks([range(1, 6), range(8, 9)], 2)) == [(1, 2), (3, 4), (5,), (8,)]


def test_read_done_merges_rows_in_any_order(tmp_path: Path) -> None:
    out = tmp_path / "c.csv"
    out.write_text(HEADER + "\n5,solved,1,0.1\n1,unknown,,0.1\n2,unsolvable,,0.1\n4,solved,3,0.1\n")
    assert read_done(out) == ([(1, 2), (4, 5)], False, None)


# -- --cluster -------------------------------------------------------------------


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A real Dask scheduler with two worker threads in this process."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_cluster_gives_the_same_csv_as_jobs(scheduler: str) -> None:
    local = run("census", "bakers-game", "1-10", "--jobs", "2", "--time-limit", "60")
    remote = run("census", "bakers-game", "1-10", "--cluster", scheduler, "--chunk", "3", "--time-limit", "60")
    assert remote.exit_code == 0, remote.stderr
    assert rows(remote.stdout) == rows(local.stdout)
    assert {row[1] for row in rows(remote.stdout)} == {"solved", "unsolvable"}


def test_cluster_resumes(scheduler: str, tmp_path: Path) -> None:
    out = tmp_path / "census.csv"
    out.write_text(HEADER + "\n1,solved,62,0.010\n2,solved,52,0.010\n")
    result = run("census", "freecell", "1-7", "--cluster", scheduler, "--resume", str(out), "--chunk", "2")
    assert result.exit_code == 0, result.stderr
    assert [row[0] for row in rows(out.read_text())] == [str(d) for d in range(1, 8)]


def test_cluster_and_jobs_do_not_go_together(scheduler: str) -> None:
    result = run("census", "freecell", "1-3", "--cluster", scheduler, "--jobs", "2")
    assert result.exit_code == 2 and "do not go together" in result.stderr


def test_no_scheduler_is_one_line() -> None:
    started = time.monotonic()
    result = run("census", "freecell", "1-3", "--cluster", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert result.stderr.startswith("patience: --cluster tcp://127.0.0.1:9: no Dask scheduler answered")
    assert len(result.stderr.splitlines()) == 1
    assert time.monotonic() - started < 60
