"""Checked examples in the docs: ``console``, ``terminal`` and ``pycon`` blocks of ``docs/*.md`` and ``README.md``.

Sybil finds the fenced blocks; this module says what they mean and runs them.

- A ``console`` block is shell commands and what they print. A line starting
  with ``$ `` is a command (a trailing ``\\`` continues it on the next line,
  and a here-document's lines up to its end word belong to it); the lines
  after it, up to the next command, are its output: stdout and stderr
  together, as a terminal shows them. Each command runs in bash,
  non-interactively, one after the other in the same directory.
- A ``terminal`` block is a session in a real terminal (tmux, 80 columns): a
  ``$ `` line is typed at the shell's prompt, a ``» `` line at the terminal
  game's prompt (``» undo (Ctrl-Z)`` is how the game shows Ctrl-Z, so Ctrl-Z
  is pressed for it), and every other line is what the terminal shows when
  the session is over. Each line is typed once the screen shows everything
  above it (a hint is printed when the solver has found it).

- A ``pycon`` block is a Python session, run as a doctest.

In the expected output of the first two, a line that is just ``...`` stands for any number of
lines (none included), and ``...`` inside a line for any text on that line:
for what may vary (times, paths, dates), used sparingly. Trailing spaces and
trailing blank lines are not compared.

Every block runs with its own empty ``PATIENCE_HOME`` and working directory
(with a ``.venv`` link to the workspace's, so ``.venv/bin/patience`` works as
in a clone), ``PATH`` starting with the workspace's ``.venv/bin``,
``NO_COLOR=1``, ``TZ=UTC`` and a UTF-8 locale: nothing touches the user's
games, and the same docs give the same output on every machine.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from sybil import Document, Example, Region
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.parsers.abstract import DocTestStringParser
from sybil.parsers.markdown import CodeBlockParser

ROOT = Path(__file__).resolve().parents[2]
#: The files whose blocks are checked.
DOC_FILES: tuple[Path, ...] = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
#: Seconds one command (or one terminal session) may take before it counts as hung.
COMMAND_TIMEOUT = 120.0
#: Seconds a terminal session waits for the screen to show what comes before the next typed line.
SCREEN_TIMEOUT = 60.0
#: Seconds it waits once the screen has differed from the block.
LATE_TIMEOUT = 1.0
ELLIPSIS = "..."
SHELL_PROMPT = "$ "
GAME_PROMPT = "» "
CTRL_Z_ECHO = " (Ctrl-Z)"
_HEREDOC = re.compile(r"<<(-?)\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")


@dataclass(frozen=True)
class Step:
    """One command of a ``console`` block and the output the docs show for it."""

    command: str
    expected: tuple[str, ...]
    line: int  # the command's line within the block, from 1


def _command_lines(lines: Sequence[str], start: int) -> int:
    """Where the command that starts at ``lines[start]`` ends (continuations and here-documents included)."""
    end = start + 1
    text = lines[start][len(SHELL_PROMPT) :]
    while text.endswith("\\") and end < len(lines):
        text = lines[end]
        end += 1
    for match in _HEREDOC.finditer("\n".join(lines[start:end])):
        word = match.group(3)
        while end < len(lines):
            end += 1
            line = lines[end - 1]
            if (line.lstrip("\t") if match.group(1) else line) == word:
                break
    return end


def parse_console(source: str) -> list[Step]:
    """The commands of a ``console`` block, each with the output shown under it."""
    lines = source.splitlines()
    steps: list[Step] = []
    index = 0
    if lines and not lines[0].startswith(SHELL_PROMPT):
        raise ValueError(f"a console block starts with a command ('$ ...'), not {lines[0]!r}")
    while index < len(lines):
        end = _command_lines(lines, index)
        command = "\n".join([lines[index][len(SHELL_PROMPT) :], *lines[index + 1 : end]])
        after = end
        while after < len(lines) and not lines[after].startswith(SHELL_PROMPT):
            after += 1
        steps.append(Step(command, tuple(lines[end:after]), index + 1))
        index = after
    return steps


def _pattern(expected: Sequence[str], *, then_prompt: str | None = None) -> re.Pattern[str]:
    """A regular expression for the output ``expected`` shows, with its ``...`` placeholders.

    With ``then_prompt``, the output may go on, and must show a line that is
    just that prompt somewhere after ``expected`` (a program waiting for input).
    """
    parts: list[str] = []
    for line in expected:
        if line == ELLIPSIS:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*".join(re.escape(piece) for piece in line.split(ELLIPSIS)) + r"\n")
    if then_prompt is not None:
        parts.append(r"(?:[^\n]*\n)*" + re.escape(then_prompt) + r"\n(?:[^\n]*\n)*")
    return re.compile("".join(parts))


def normalise(text: str) -> list[str]:
    """Output as compared: lines without trailing spaces, trailing blank lines dropped."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected: Sequence[str], actual: Sequence[str], *, then_prompt: str | None = None) -> bool:
    """Whether ``actual`` is what ``expected`` shows (followed by a waiting prompt, with ``then_prompt``)."""
    wanted = normalise("\n".join(expected))
    text = "".join(line + "\n" for line in normalise("\n".join(actual)))
    return _pattern(wanted, then_prompt=then_prompt).fullmatch(text) is not None


def difference(expected: Sequence[str], actual: Sequence[str]) -> str:
    """A unified diff from what the docs show to what the program printed."""
    diff = difflib.unified_diff(
        normalise("\n".join(expected)), list(actual), "shown in the docs", "printed", lineterm=""
    )
    return "\n".join(diff)


def environment(home: Path) -> dict[str, str]:
    """The environment every example runs in: its own data directory, no colour, UTC, a UTF-8 locale."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PATIENCE_", "LC_", "PYTHON"))}
    if "PATIENCE_COMPILED" in os.environ:  # the build under test, pure or compiled
        env["PATIENCE_COMPILED"] = os.environ["PATIENCE_COMPILED"]
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', os.defpath)}",
        PATIENCE_HOME=str(home),
        NO_COLOR="1",
        TZ="UTC",
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        PYTHONUNBUFFERED="1",  # stdout and stderr interleave as on a terminal
        HOME=str(home.parent),
        HISTFILE="/dev/null",
        INPUTRC="/dev/null",
    )
    return env


class Sandbox:
    """A fresh data directory and working directory for one example."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="patience-doc-"))
        self.home = self.root / "patience-home"
        self.work = self.root / "work"
        self.home.mkdir()
        self.work.mkdir()
        (self.work / ".venv").symlink_to(Path(sys.executable).parent.parent, target_is_directory=True)
        self.env = environment(self.home)

    def close(self) -> None:
        """Remove everything the example left."""
        shutil.rmtree(self.root, ignore_errors=True)


def run_console(source: str) -> str | None:
    """Run a ``console`` block; None when every command printed what is shown, else the differences."""
    sandbox = Sandbox()
    problems: list[str] = []
    try:
        for step in parse_console(source):
            try:
                done = subprocess.run(
                    ["bash", "--norc", "--noprofile", "-c", step.command],
                    cwd=sandbox.work,
                    env=sandbox.env,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    timeout=COMMAND_TIMEOUT,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                problems.append(f"$ {step.command}\n(still running after {COMMAND_TIMEOUT:.0f} s)")
                continue
            actual = normalise(done.stdout.decode("utf-8", "backslashreplace"))
            if not matches(step.expected, actual):
                problems.append(
                    f"$ {step.command}\n(exit status {done.returncode})\n{difference(step.expected, actual)}"
                )
    finally:
        sandbox.close()
    return "\n\n".join(problems) or None


@dataclass(frozen=True)
class Typed:
    """A line of a ``terminal`` block that is typed: the tmux keys, the prompt it waits for, its place."""

    keys: tuple[str, ...]
    prompt: str  # the prompt, as its line shows when nothing is typed yet
    before: int  # how many lines of the block come before it


def parse_terminal(source: str) -> tuple[list[str], list[Typed]]:
    """The screen a ``terminal`` block shows, and what is typed to get it."""
    screen = normalise(source)
    if not screen or not screen[0].startswith(SHELL_PROMPT):
        raise ValueError("a terminal block starts with a command typed at the shell ('$ ...')")
    typed: list[Typed] = []
    for number, line in enumerate(screen):
        if line.startswith(GAME_PROMPT) and line.endswith(CTRL_Z_ECHO):
            typed.append(Typed(("C-z",), GAME_PROMPT.rstrip(), number))
        elif line.startswith((SHELL_PROMPT, GAME_PROMPT)):
            # -l: the line's text as it is, not key names; Enter apart
            typed.append(Typed(("-l", line[len(SHELL_PROMPT) :]), line[0], number))
            typed.append(Typed(("Enter",), "", number))
    return screen, typed


class Tmux:
    """A private tmux server with one 80-column terminal running an interactive bash."""

    def __init__(self, sandbox: Sandbox, width: int = 80, height: int = 50, timeout: float = SCREEN_TIMEOUT) -> None:
        self.timeout = timeout
        self.socket = sandbox.root / "tmux.socket"
        self.env = dict(sandbox.env)
        self.env.pop("TMUX", None)
        self.on_track = True
        self.tmux(
            "new-session", "-d", "-x", str(width), "-y", str(height), "-c", str(sandbox.work),
            f"PS1='{SHELL_PROMPT}' PS2='> ' exec bash --norc --noprofile -i",  # bash sets its own PS1 otherwise
        )  # fmt: skip

    def tmux(self, *args: str) -> str:
        """Run one tmux command against this server and return what it printed."""
        done = subprocess.run(
            ["tmux", "-S", str(self.socket), *args],
            env=self.env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=COMMAND_TIMEOUT,
            check=True,
        )
        return done.stdout.decode("utf-8", "backslashreplace")

    def screen(self) -> list[str]:
        """Everything the terminal shows and has scrolled away, wrapped lines joined."""
        return normalise(self.tmux("capture-pane", "-p", "-J", "-S", "-", "-E", "-"))

    def wait_for(self, expected: Sequence[str], prompt: str) -> bool:
        """Wait until the screen shows ``expected`` and then ``prompt`` waiting for input; whether it did.

        Typing before the program reads its terminal would echo the keys
        where the program has not drawn yet, so each line waits for its prompt.
        Once the screen has differed from the block, the rest cannot match:
        later waits are short, only to let the difference show in full.
        """
        deadline = time.monotonic() + (self.timeout if self.on_track else LATE_TIMEOUT)
        while True:
            if matches(expected, self.screen(), then_prompt=prompt):
                return True
            if time.monotonic() > deadline:
                self.on_track = False
                return False
            time.sleep(0.05)

    def close(self) -> None:
        """Stop this tmux server and what runs in it."""
        subprocess.run(["tmux", "-S", str(self.socket), "kill-server"], env=self.env, capture_output=True, check=False)


def run_terminal(source: str, timeout: float = SCREEN_TIMEOUT) -> str | None:
    """Play a ``terminal`` block in tmux; None when the screen ends as shown, else the difference."""
    screen, typed = parse_terminal(source)
    sandbox = Sandbox()
    terminal = Tmux(sandbox, timeout=timeout)
    shell_prompt = SHELL_PROMPT.rstrip()
    try:
        for key in typed:
            if key.prompt:
                terminal.wait_for(screen[: key.before], key.prompt)
            terminal.tmux("send-keys", "-t", "0", *key.keys)
        terminal.wait_for(screen, shell_prompt)  # the session is over: the shell prompts again
        shown = terminal.screen()
    finally:
        terminal.close()
        sandbox.close()
    if shown and shown[-1] == shell_prompt:
        shown.pop()
    if matches(screen, shown):
        return None
    return difference(screen, shown)


def evaluate_console(example: Example) -> str | None:
    """Sybil's evaluator for ``console`` blocks."""
    return run_console(str(example.parsed))


def evaluate_terminal(example: Example) -> str | None:
    """Sybil's evaluator for ``terminal`` blocks."""
    return run_terminal(str(example.parsed))


class PyconParser:
    """``pycon`` blocks: Python sessions (``>>>`` lines and what they print), run as doctests."""

    def __init__(self) -> None:
        self.blocks = CodeBlockParser(language="pycon", evaluator=lambda example: None)
        self.doctests = DocTestStringParser(DocTestEvaluator())

    def __call__(self, document: Document) -> Iterator[Region]:
        """The doctest regions of every ``pycon`` block of ``document``."""
        for block in self.blocks(document):
            source = block.parsed
            for region in self.doctests(source, document.path):
                region.adjust(block, source)
                yield region


PARSERS = (
    CodeBlockParser(language="console", evaluator=evaluate_console),
    CodeBlockParser(language="terminal", evaluator=evaluate_terminal),
    PyconParser(),
)


def examples() -> Iterator[tuple[str, Example]]:
    """Every checked block of the docs, with an id naming its file and line."""
    for path in DOC_FILES:
        document = Document.parse(str(path), *PARSERS)
        for example in document.examples():
            language = example.region.lexemes.get("arguments") or "pycon"
            yield f"{path.relative_to(ROOT)}:{example.line}:{language}", example
