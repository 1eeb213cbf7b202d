"""Benchmark: how long the ``patience`` command takes to start, run and end, beside fc-solve's whole run.

Usage (from the repository root)::

    .venv/bin/python bench/startup.py --runs 10

Runs each command as a real process, ``--runs`` times after one warm-up
run, taking turns (one run of each command, then the next round) so that
the machine's drift falls on all alike, and prints a Markdown table of the
median wall and CPU time (user + system, of the process and what it
started) of each:

- ``patience solve freecell 1``: the whole solve of Microsoft's deal 1;
- ``patience --help``: the help screen (typer's rich panels);
- ``patience variants``: the list of games (every plugin loaded);
- ``patience play freecell 1`` reading ``quit`` from a pipe: the piped game;

each under ``LANG=C.UTF-8`` and ``LANG=de_DE.UTF-8`` (the language comes
from ``LANG``: ``PATIENCE_LANG``, ``LANGUAGE``, ``LC_ALL`` and
``LC_MESSAGES`` are left out of the environment), and, as the reference,
``make-microsoft-freecell-board -t 1 | fc-solve -m -snx``: fc-solve
solving the same deal. The build (pure or compiled) is printed above the
table.

With ``--instructions`` each command also runs once under valgrind's
callgrind, and the table gets the number of machine instructions it
executed (every process it started counted): a figure the machine's load
does not change, to compare runs taken at different times.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import resource
import shutil
import statistics
import struct
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

#: The console script beside this interpreter.
PATIENCE = str(Path(sys.executable).with_name("patience"))
ROOT = Path(__file__).resolve().parent.parent
LANGS = ("C.UTF-8", "de_DE.UTF-8")
#: callgrind's closing line for each process: ``==123== Collected : 703124844``.
_COLLECTED = re.compile(r"^==\d+== Collected : (\d+)$", re.MULTILINE)
#: The variables that would decide the language before ``LANG`` does.
_LANGUAGE_VARIABLES = ("PATIENCE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")


@dataclass
class Case:
    """One command line to time, with what it reads on stdin and its environment."""

    label: str
    lang: str
    argv: list[str]
    env: dict[str, str]
    stdin: bytes = b""
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)

    def run(self) -> tuple[float, float]:
        """Run the command once: its wall and CPU seconds (the CPU of every process it started included)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            self.argv, input=self.stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=self.env, check=False
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"{self.label}: exit {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall, cpu

    def instructions(self) -> int:
        """The machine instructions one run executes, as callgrind counts them (every process it started included)."""
        counter = ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null"]
        done = subprocess.run(
            [*counter, *self.argv], input=self.stdin, capture_output=True, env=self.env, check=False, timeout=600
        )
        counts = _COLLECTED.findall(done.stderr.decode(errors="replace"))
        if done.returncode != 0 or not counts:
            raise SystemExit(f"{self.label}: valgrind: exit {done.returncode}")
        return sum(int(count) for count in counts)


def environment(lang: str) -> dict[str, str]:
    """This process's environment with ``LANG=lang`` deciding the language."""
    env = {name: value for name, value in os.environ.items() if name not in _LANGUAGE_VARIABLES}
    env["LANG"] = lang
    return env


def cases() -> list[Case]:
    """Every command of the table, in its order."""
    found: list[Case] = []
    commands: list[tuple[str, list[str], bytes]] = [
        ("patience solve freecell 1", ["solve", "freecell", "1"], b""),
        ("patience --help", ["--help"], b""),
        ("patience variants", ["variants"], b""),
        ("patience play freecell 1 (quit piped)", ["play", "freecell", "1"], b"quit\n"),
    ]
    for label, args, stdin in commands:
        for lang in LANGS:
            found.append(Case(label, lang, [PATIENCE, *args], environment(lang), stdin))
    if shutil.which("fc-solve") and shutil.which("make-microsoft-freecell-board"):
        reference = "make-microsoft-freecell-board -t 1 | fc-solve -m -snx"
        found.append(Case(reference, "C.UTF-8", ["sh", "-c", reference], environment("C.UTF-8")))
    return found


def build() -> str:
    """Which build ``patience`` runs: ``pure`` or ``compiled``."""
    from patience._build import is_compiled

    return "compiled" if is_compiled() else "pure"


def bytecode_current() -> tuple[int, int]:
    """How many of the workspace's modules have bytecode Python takes as current, of how many.

    A module without it is compiled again by every run where
    ``PYTHONDONTWRITEBYTECODE`` is set; ``python3 tasks.py setup`` writes it.
    """
    sources = sorted(ROOT.glob("packages/*/src/**/*.py"))
    current = 0
    for source in sources:
        try:
            header = Path(importlib.util.cache_from_source(str(source))).read_bytes()[:16]
        except OSError:
            continue
        stat = source.stat()
        # A timestamp-checked header: magic number, no flags, the source's mtime and size.
        expected = importlib.util.MAGIC_NUMBER + struct.pack(
            "<LLL", 0, int(stat.st_mtime) & 0xFFFF_FFFF, stat.st_size & 0xFFFF_FFFF
        )
        current += header == expected
    return current, len(sources)


def main() -> None:
    """Time every case and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--runs", type=int, default=10, help="counted runs of each command (default 10)")
    parser.add_argument(
        "--instructions", action="store_true", help="count each command's instructions under valgrind too"
    )
    options = parser.parse_args()
    if options.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind")
    table = cases()
    for case in table:  # the warm-up: caches filled, bytecode written
        case.run()
    for _round in range(options.runs):
        for case in table:
            wall, cpu = case.run()
            case.walls.append(wall)
            case.cpus.append(cpu)
    print(f"{build()} build, Python {sys.version.split()[0]}, median of {options.runs} runs")
    print("workspace modules with current bytecode: {} of {}\n".format(*bytecode_current()))
    counted = {case.label + case.lang: case.instructions() for case in table} if options.instructions else {}
    extra = " instructions (millions) |" if counted else ""
    print(f"| command | LANG | wall ms | CPU ms |{extra}")
    print("|---|---|---:|---:|" + ("---:|" if counted else ""))
    for case in table:
        wall, cpu = statistics.median(case.walls) * 1000, statistics.median(case.cpus) * 1000
        label = case.label.replace("|", "\\|")  # a pipe inside a Markdown table's cell
        count = f" {counted[case.label + case.lang] / 1e6:.0f} |" if counted else ""
        print(f"| `{label}` | {case.lang} | {wall:.0f} | {cpu:.0f} |{count}")


if __name__ == "__main__":
    main()
