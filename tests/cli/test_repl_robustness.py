"""The interactive game against a hostile terminal: Ctrl-C held down, a broken or huge history file."""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from patience import Game
from patience_cli.repl import Controller, Repl
from patience_cli.repl.interactive import HISTORY_ENTRIES, file_history

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal"),
]

PATIENCE = Path(sys.executable).with_name("patience")


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe_input:
        yield pipe_input


def _drop_file_override() -> None:  # pragma: no cover - runs in the child
    """As root, give up the capabilities that read and write any file, so file permissions apply as to anyone.

    They leave the bounding set, so the program executed next starts without
    them: CAP_DAC_OVERRIDE (1) and CAP_DAC_READ_SEARCH (2), by prctl(PR_CAPBSET_DROP).
    """
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):
        if libc.prctl(24, capability, 0, 0, 0) != 0:
            os._exit(99)


class Terminal:
    """``patience ARGS`` on a pseudo-terminal: type into it, read what it shows, wait for it to end."""

    def __init__(self, args: list[str], env: dict[str, str], *, file_permissions_apply: bool = False) -> None:
        import pty

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # pragma: no cover - the child
            if file_permissions_apply and os.geteuid() == 0:
                _drop_file_override()
            os.execve(str(PATIENCE), [str(PATIENCE), *args], env)
        self.out = b""
        self.eof = False
        self.status: int | None = None

    def read(self, seconds: float) -> None:
        """Read what the game shows for ``seconds``, answering prompt_toolkit's cursor question."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.status is None and not self.eof:
            if select.select([self.fd], [], [], 0.05)[0]:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    data = b""
                if not data:
                    self.eof = True
                    return
                self.out += data
                if b"\x1b[6n" in data:
                    os.write(self.fd, b"\x1b[1;1R")
            self._poll()

    def until(self, text: str, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while text.encode() not in self.out and time.monotonic() < deadline and self.status is None:
            self.read(0.1)
        assert text.encode() in self.out, self.text

    def type(self, data: bytes) -> None:
        if self.status is None:
            with _ignore_gone():
                os.write(self.fd, data)

    def _poll(self) -> None:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)

    def wait(self, seconds: float) -> int:
        deadline = time.monotonic() + seconds
        while self.status is None and time.monotonic() < deadline:
            self.read(0.1)
            self._poll()
            if self.eof:
                time.sleep(0.05)
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            _, status = os.waitpid(self.pid, 0)
            self.status = os.waitstatus_to_exitcode(status)
        os.close(self.fd)
        return self.status

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", "replace")


class _ignore_gone:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return exc[0] is not None and issubclass(exc[0], OSError)  # type: ignore[arg-type]


def game_env(home: Path) -> dict[str, str]:
    return {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "PATIENCE_HOME": str(home), "COLUMNS": "100"}


# -- row 11: Ctrl-C held down ---------------------------------------------------------


def test_ctrl_c_held_down_during_and_after_a_hint_never_ends_the_game(tmp_path: Path) -> None:
    game = Terminal(["play", "freecell", "1"], game_env(tmp_path))
    game.until("»")
    game.type(b"hint\r")
    # Held down: the key repeats while the hint is searched, printed and the prompt comes back.
    for _ in range(300):
        game.type(b"\x03")
        game.read(0.005)
    game.read(1)
    assert game.status is None, f"the game ended with {game.status}:\n{game.text}"
    game.type(b"quit\r")
    assert game.wait(30) == 0, game.text
    assert "Traceback" not in game.text and "Application is not running" not in game.text
    assert "not won: 0 cards home, score 0, 0 moves (FC1-C4-AAAAAAB)" in game.text


def test_a_stray_sigint_between_prompts_does_not_end_the_game(tmp_path: Path) -> None:
    game = Terminal(["play", "freecell", "1"], game_env(tmp_path))
    game.until("»")
    for _ in range(20):  # SIGINT as the terminal sends it outside raw mode, whenever it comes
        os.kill(game.pid, signal.SIGINT)
        game.read(0.05)
    game.type(b"3a\rquit\r")
    assert game.wait(30) == 0, game.text
    assert "Traceback" not in game.text
    assert "not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)" in game.text


# -- row 12: a history file that cannot be read ---------------------------------------------


def test_a_history_file_that_is_writable_but_unreadable_is_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    # Root reads any file: as root, the game runs without the capabilities that allow it.
    history = tmp_path / "history"
    history.write_text("\n# 2026-01-01 00:00:00\n+3a\n")
    history.chmod(0o200)
    game = Terminal(["play", "freecell", "1"], game_env(tmp_path), file_permissions_apply=True)
    game.until("»")
    game.type(b"3a\r")
    game.until("3a: ")
    game.type(b"quit\r")
    assert game.wait(30) == 0, game.text
    text = game.text
    assert text.count("patience: warning: cannot keep the history in") == 1, text
    assert "Permission denied" in text
    assert "Unhandled exception" not in text and "Press ENTER" not in text and "Traceback" not in text
    assert "not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)" in text


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_history_path_that_is_not_a_file_gives_one_warning_and_a_history_in_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pipe: PipeInput, kind: str
) -> None:
    path = tmp_path / "history"
    if kind == "fifo":
        os.mkfifo(path)  # opening it to append would wait for a reader for ever
    else:
        path.symlink_to("/dev/zero")  # reading it never ends
    history = file_history(path)
    assert isinstance(history, InMemoryHistory)
    err = capsys.readouterr().err
    assert err == (
        f"patience: warning: cannot keep the history in {path} (not a regular file);"
        " typed lines are remembered for this session only\n"
    )
    controller = Controller(Game.new("freecell", 1))
    repl = Repl(controller, history=history, input=pipe, output=DummyOutput())
    pipe.send_text("3a\nquit\n")
    repl.run()
    assert controller.game.moves == 1


# -- row 18: a huge history file ---------------------------------------------------------


def entries(count: int, start: int = 0) -> str:
    return "".join(f"\n# 2026-11-30 06:00:00.{i:06d}\n+line {i}\n" for i in range(start, start + count))


def test_a_history_file_is_trimmed_to_its_last_entries(tmp_path: Path) -> None:
    path = tmp_path / "history"
    path.write_text(entries(HISTORY_ENTRIES + 500) + "\n# 2026-11-30 07:00:00\n+first\n+second\n")
    history = file_history(path)
    loaded = list(history.load_history_strings())
    assert len(loaded) == HISTORY_ENTRIES == 1000
    assert loaded[0] == "first\nsecond" and loaded[1] == "line 1499" and loaded[-1] == "line 501"
    # The file itself now holds just those, readable as prompt_toolkit writes them.
    assert list(FileHistory(str(path)).load_history_strings()) == loaded
    history.store_string("3a")
    assert next(iter(FileHistory(str(path)).load_history_strings())) == "3a"


def test_a_history_file_of_many_megabytes_is_read_from_its_end_only(tmp_path: Path) -> None:
    import resource

    path = tmp_path / "history"
    with path.open("w") as handle:
        for block in range(60):
            handle.write(entries(20_000, block * 20_000))  # 1.2 million entries, about 50 MB
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    loaded = list(file_history(path).load_history_strings())
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert loaded[0] == "line 1199999" and len(loaded) == HISTORY_ENTRIES
    assert path.stat().st_size < 100_000
    assert grown_kib < 20_000  # the 50 MB were never all in memory


def test_small_history_files_are_left_as_they_are(tmp_path: Path) -> None:
    path = tmp_path / "history"
    path.write_text(entries(10))
    before = path.read_bytes()
    assert next(iter(file_history(path).load_history_strings())) == "line 9"
    assert path.read_bytes() == before


def test_ctrl_c_keys_at_the_prompt_clear_the_line_and_the_game_goes_on(pipe: PipeInput) -> None:
    import threading

    from patience import Move
    from patience_cli.repl.hints import HintResult, Verdict

    def slow_hint(game: Game, *, time_limit: float, cancel: threading.Event) -> HintResult:
        cancel.wait(0.3)
        return HintResult(Move.parse("3a"), Verdict.SOLVED, "3a: ♥2 to a free cell")

    controller = Controller(Game.new("freecell", 1))
    repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput(), hint_finder=slow_hint)
    pipe.send_text("hint\n" + "\x03" * 50 + "1b\x03" + "\x03" * 50 + "3a\n")
    thread = threading.Thread(target=repl.run)
    thread.start()
    repl.wait_for_hint(5)
    pipe.send_text("\x03" * 20 + "quit\n")
    thread.join(10)
    assert not thread.is_alive()
    assert controller.game.moves == 1  # `1b` was cleared by Ctrl-C, `3a` was played
