"""Every ``console``, ``terminal`` and ``pycon`` block in the docs prints exactly what it shows.

The blocks and how they run are described in doc_examples.py and in
docs/architecture.md ("Checked examples in the docs"). The tests after the
first pin the checker itself: a difference fails with a diff, placeholders
match only what they stand for, and each block gets its own data directory.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest
from doc_examples import (
    DOC_FILES,
    ROOT,
    examples,
    matches,
    parse_console,
    parse_terminal,
    run_console,
    run_terminal,
)
from sybil import Example

EXAMPLES = dict(examples())
needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_doc_example_prints_what_the_docs_show(name: str) -> None:
    example: Example = EXAMPLES[name]
    if name.endswith(":terminal") and shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    example.evaluate()


def test_the_docs_have_checked_examples_of_every_kind() -> None:
    kinds = {name.rsplit(":", 1)[1] for name in EXAMPLES}
    assert kinds == {"console", "terminal", "pycon"}
    files = {name.split(":", 1)[0] for name in EXAMPLES}
    assert {"docs/cli.md", "docs/repl.md", "docs/records.md", "docs/census.md", "docs/plugins.md"} <= files


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})(.*)$")


def test_every_transcript_in_the_docs_is_in_a_checked_block() -> None:
    """A line starting like a shell, game or Python prompt outside a checked block would go unchecked."""
    unchecked: list[str] = []
    for path in DOC_FILES:
        fence: str | None = None
        language = ""
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = _FENCE.match(line)
            if found and fence is None:
                fence, language = found.group(1), found.group(2).strip()
            elif found and line.strip() == fence:
                fence = None
            elif (
                fence is not None
                and language not in {"console", "terminal", "pycon"}
                and line.startswith(("$ ", "» ", ">>> "))
            ):
                unchecked.append(f"{path.relative_to(ROOT)}:{number}: {line}")
    assert unchecked == []


def test_a_command_whose_output_differs_fails_with_a_diff_of_both() -> None:
    block = (
        "$ patience solve --code EO1-C8-AAAAAFA --format sn | patience play --code EO1-C8-AAAAAFA | tail -n 1\n"
        "won: score 520 in 89 moves\n"
    )
    problem = run_console(block)
    assert problem is not None
    assert "-won: score 520 in 89 moves" in problem
    assert "+won: score 520 in 92 moves" in problem
    assert "(exit status 0)" in problem


def test_stderr_is_compared_too_in_the_order_a_terminal_shows_it() -> None:
    assert run_console("$ patience deal freecell 0\npatience: ...\n") is None
    problem = run_console("$ patience deal freecell 0\n")
    assert problem is not None
    assert "+patience: " in problem
    assert "(exit status 2)" in problem


def test_an_ellipsis_alone_on_a_line_stands_for_any_lines() -> None:
    assert matches(["first", "...", "last"], ["first", "last"])
    assert matches(["first", "...", "last"], ["first", "a", "b", "last"])
    assert not matches(["first", "...", "last"], ["first", "a", "b"])


def test_an_ellipsis_in_a_line_stands_for_any_text_on_that_line_only() -> None:
    assert matches(["1,solved,62,0..."], ["1,solved,62,0.013"])
    assert not matches(["1,solved,62,0..."], ["1,solved,63,0.013"])
    assert not matches(["a...b"], ["a", "b"])
    assert not matches(["x (y)"], ["x  y"])  # everything else is literal, regex characters included


def test_trailing_spaces_and_blank_lines_are_not_compared() -> None:
    assert matches(["a", "b"], ["a   ", "b", "", ""])
    assert not matches(["a", "b"], ["a", "", "b"])


def test_a_here_document_and_continued_lines_belong_to_their_command() -> None:
    steps = parse_console("$ patience play freecell 1 <<'EOF'\n3a\n$ not a command\nEOF\nout\n$ echo a \\\n  b\na b\n")
    assert [step.command for step in steps] == [
        "patience play freecell 1 <<'EOF'\n3a\n$ not a command\nEOF",
        "echo a \\\n  b",
    ]
    assert [step.expected for step in steps] == [("out",), ("a b",)]


def test_a_console_block_starts_with_a_command() -> None:
    with pytest.raises(ValueError, match="starts with a command"):
        parse_console("output first\n$ true\n")


def test_each_block_runs_with_its_own_empty_data_directory() -> None:
    first = run_console("$ printf '3a\\n' | patience play freecell 1 | tail -n 1\nnot won: ...\n")
    assert first is None
    # an unfinished game of another block is not there to resume: a new deal is dealt
    assert run_console("$ patience history --format json\n[]\n") is None
    assert run_console(f"$ echo $PATIENCE_HOME\n{os.environ['PATIENCE_HOME']}\n") is not None
    assert run_console('$ ls -A "$PATIENCE_HOME" | wc -l\n0\n') is None


def test_a_terminal_block_types_the_game_lines_and_presses_ctrl_z_for_its_echo() -> None:
    screen, typed = parse_terminal(
        "$ patience play freecell 1\n» 3a\n3a: ♥2 to cell a\n» undo (Ctrl-Z)\nundid 3a\n» quit\nnot won: ...\n"
    )
    assert screen[-1] == "not won: ..."
    assert [key.keys for key in typed] == [
        ("-l", "patience play freecell 1"),
        ("Enter",),
        ("-l", "3a"),
        ("Enter",),
        ("C-z",),
        ("-l", "quit"),
        ("Enter",),
    ]
    assert [key.prompt for key in typed if key.keys != ("Enter",)] == ["$", "»", "»", "»"]


@needs_tmux
def test_a_terminal_session_that_differs_fails_with_a_diff_of_the_screen() -> None:
    block = (
        "$ patience play freecell 1\n"
        "» 3a\n"
        "3a: ♥2 to cell a\n"
        "» 36\n"
        "♦8 cannot go on ♦3: FreeCell builds in alternating colours\n"
        "» quit\n"
        "not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)\n"
    )
    problem = run_terminal(block, timeout=3.0)
    assert problem is not None
    assert "-♦8 cannot go on ♦3: FreeCell builds in alternating colours" in problem
    assert "+♦8 cannot go on ♦3: wrong rank, only a black 2 goes on it in FreeCell" in problem
    assert " not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)" in problem  # the rest is typed and matches
