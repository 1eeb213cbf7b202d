"""Every test gets its own empty data directory: nothing a test does reaches the real user data dir.

``PATIENCE_LANG`` is English for every test and its subprocesses, whatever
the machine's locale, unless a test chooses another language.

``PATIENCE_HOME`` is set as soon as pytest starts (so even code that runs
at collection time is kept away from the user's files) and to a fresh
directory for each test, so that a game left unfinished by one test is not
resumed by the next. Subprocesses inherit it.

SIGINT reaches every command a test starts as it would from a terminal,
even when the tests run as a background job (which ignores SIGINT, and
passes that on to its children): the tests of Ctrl-C depend on it.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_SESSION_HOME = Path(tempfile.mkdtemp(prefix="patience-home-"))


def pytest_configure(config: pytest.Config) -> None:
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        # A handled signal is reset to its default in a child that execs; an ignored one stays ignored.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    os.environ["PATIENCE_HOME"] = str(_SESSION_HOME)
    # The tests compare English words unless a test chooses a language: the machine's locale never decides.
    os.environ["PATIENCE_LANG"] = "en"


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_SESSION_HOME, ignore_errors=True)


@pytest.fixture(autouse=True)
def patience_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh data directory for this test, in ``PATIENCE_HOME``."""
    home = tmp_path_factory.mktemp("patience-home")
    os.environ["PATIENCE_HOME"] = str(home)
    yield home
    os.environ["PATIENCE_HOME"] = str(_SESSION_HOME)
