"""A store in trouble, through the commands: each trouble is one line that says what is wrong, never a traceback."""

from __future__ import annotations

import os
import resource
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from patience_home.store import DATABASE_NAME, Store

DATA = Path(__file__).parent / "data"
PATIENCE = Path(sys.executable).parent / "patience"
FC1 = (DATA / "fc1_moves.txt").read_text().split()

pytestmark = pytest.mark.timeout(180)


def patience(
    args: list[str], text: str = "", preexec: Callable[[], None] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [str(PATIENCE), *args],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
        preexec_fn=preexec,
    )


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    """The command failed with exit 2 and exactly one ``patience:`` line on stderr, nothing on stdout."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("patience: ") and not line.startswith("patience: warning:"), line
    assert result.stdout == ""
    return line


# -- a schema version no patience writes ----------------------------------------------------------
@pytest.mark.parametrize("version", [-5, -1])
def test_a_store_with_a_negative_schema_version_is_left_untouched_and_said(patience_home: Path, version: int) -> None:
    path = patience_home / DATABASE_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE mine (x)")
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()
    before = path.read_bytes()

    store = Store.open()
    assert not store.saving
    assert store.notice is not None and f"schema version {version}" in store.notice
    store.close()

    played = patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines()[-1] == "won: score 1046 in 87 moves"
    (warning,) = played.stderr.splitlines()
    assert warning.startswith("patience: warning: ") and f"schema version {version}" in warning
    for command in (["history"], ["stats"], ["export"]):
        line = one_error_line(patience(command))
        assert f"schema version {version}" in line, line
    assert path.read_bytes() == before


# -- integers SQLite cannot hold ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["export", "9223372036854775808"], "there is no game 9223372036854775808"),
        (["export", "99999999999999999999999"], "there is no game 99999999999999999999999"),
        (["stats", "--cells", "99999999999999999999"], "no game is played with 99999999999999999999 cells"),
        (["stats", "--cells", "-1"], "no game is played with -1 cells"),
        (["stats", "freecell", "--cells", "99999999999999999999"], "FreeCell is played with 4, 3, 2 or 1 cells"),
        (["stats", "--reset", "--cells", "9223372036854775808", "--yes"], "no game is played with"),
    ],
)
def test_integers_beyond_sqlites_range_are_bad_input_in_one_line(args: list[str], expected: str) -> None:
    patience(["play", "freecell", "1"], "3a\n")
    line = one_error_line(patience(args))
    assert expected in line, line


def test_a_history_limit_beyond_sqlites_range_lists_every_game() -> None:
    patience(["play", "freecell", "1"], "3a\n")
    listed = patience(["history", "--limit", "99999999999999999999"])
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    assert "FC1-C4-AAAAAAB" in listed.stdout


def test_the_store_api_finds_nothing_for_integers_beyond_sqlites_range() -> None:
    store = Store.open()
    huge = 2**63
    assert store.game(huge) is None and store.game(-huge - 1) is None
    assert store.record(huge) is None and store.export(huge) is None
    assert store.resume(game_id=huge) is None
    assert store.stats(cells=huge) == [] and store.reset_stats(cells=huge) == 0
    assert store.history(huge) == []
    store.close()


# -- a store that cannot be written, or cannot be read ----------------------------------------------
def _others_can_run_patience() -> bool:
    """Whether a user other than the owner can reach and run the ``patience`` under test (every folder above it)."""
    path = PATIENCE.resolve()
    return all(folder.stat().st_mode & 0o001 for folder in path.parents) and bool(path.stat().st_mode & 0o001)


#: Root runs the program as nobody, who must be able to reach it (.ci/run opens its checkout to other users).
needs_others = pytest.mark.skipif(
    os.getuid() == 0 and not _others_can_run_patience(),
    reason="patience lies where other users cannot reach it, so it cannot be run as nobody",
)


def _as_nobody() -> None:
    # Root writes anywhere whatever the permissions say: a read-only directory is read-only to another user.
    if os.getuid() == 0:
        os.setgid(65534)
        os.setuid(65534)


def _full_disk() -> None:
    # No file may grow: every write that needs space fails, as on a full disk (SIGXFSZ is ignored by Python).
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


@pytest.fixture
def shared_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory another user can enter (pytest's own temporary directories are the owner's only)."""
    import tempfile

    home = Path(tempfile.mkdtemp(prefix="patience-shared-"))
    home.chmod(0o755)
    os.environ["PATIENCE_HOME"] = str(home)
    return home


@pytest.mark.parametrize(
    "trouble", [pytest.param(_as_nobody, marks=needs_others), _full_disk], ids=["read-only-dir", "full-disk"]
)
def test_games_stored_where_nothing_can_be_written_are_still_listed_and_exported(
    shared_home: Path, trouble: Callable[[], None]
) -> None:
    played = patience(["play", "freecell", "1"], "\n".join(FC1) + "\n")
    assert played.returncode == 0, played.stderr
    (shared_home / DATABASE_NAME).chmod(0o644)
    if trouble is _as_nobody and os.getuid() != 0:
        shared_home.chmod(0o555)
    try:
        listed = patience(["history"], preexec=trouble)
        assert listed.returncode == 0, listed.stderr
        assert "FC1-C4-AAAAAAB" in listed.stdout and "won" in listed.stdout
        exported = patience(["export"], preexec=trouble)
        assert exported.returncode == 0, exported.stderr
        assert '[Code "FC1-C4-AAAAAAB"]' in exported.stdout
        counted = patience(["stats", "--format", "json"], preexec=trouble)
        assert counted.returncode == 0 and '"won": 1' in counted.stdout, counted.stderr
        for result in (listed, exported, counted):
            (warning,) = result.stderr.splitlines()
            assert warning.startswith(f"patience: warning: cannot save games in {shared_home} ("), warning
    finally:
        shared_home.chmod(0o755)


@needs_others
def test_a_store_that_cannot_be_read_is_said_not_listed_as_empty(shared_home: Path) -> None:
    patience(["play", "freecell", "1"], "3a\n")
    (shared_home / DATABASE_NAME).chmod(0o600)
    if os.getuid() != 0:
        (shared_home / DATABASE_NAME).chmod(0o000)
    try:
        for command in (["history"], ["export"], ["stats"]):
            line = one_error_line(patience(command, preexec=_as_nobody))
            assert line.startswith(f"patience: cannot read the games in {shared_home / DATABASE_NAME} ("), line
    finally:
        (shared_home / DATABASE_NAME).chmod(0o644)


# -- where warnings go ------------------------------------------------------------------------------
def test_store_warnings_during_piped_play_go_to_stderr_like_every_other_warning(patience_home: Path) -> None:
    patience(["play", "freecell", "1"], "3a\n")
    db = sqlite3.connect(patience_home / DATABASE_NAME)
    db.execute("UPDATE actions SET token = '9z'")  # a stored game that no longer replays
    db.commit()
    db.close()
    played = patience(["play"], "3a\n")
    assert played.returncode == 0, played.stderr
    assert "warning" not in played.stdout
    (warning,) = played.stderr.splitlines()
    assert warning.startswith("patience: warning: game 1 (FC1-C4-AAAAAAB) cannot be resumed: action 1 '9z'")
    # Every stdout line is a move's answer or the result.
    assert played.stdout.splitlines()[-1].startswith("not won: ")
