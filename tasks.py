#!/usr/bin/env python3
"""Set up the development environment and run things, with nothing but Python 3.11+.

    python3 tasks.py play    # create .venv, install everything, open the game window (no display: the terminal)
    python3 tasks.py test    # create .venv, install everything, run pytest, mypy --strict and ruff

    python3 tasks.py play --terminal    # the game in the terminal even when a window could open
    python3 tasks.py play --lang de     # in German (hu: Hungarian, en: English; the locale chooses otherwise)
    python3 tasks.py setup --compiled   # the compiled build: the hot modules compiled with mypyc
    python3 tasks.py setup --pure       # back to pure Python (the default and the reference)
    python3 tasks.py clean   # remove the compiled files from the source tree
    python3 tasks.py catalogs   # extract every distribution's messages and update its .po files (docs/languages.md)
    python3 tasks.py wheels [DIR]   # every wheel built, installed into a fresh venv and tried (docs/install.md)

Set-up is skipped when nothing it depends on has changed since the last run
and the build it made is still in place (after ``clean`` the compiled build is
made again; a compiled module whose source a checkout rewrote with the same
text is dated again, not built again).
``--compiled`` and ``--pure`` (or PATIENCE_COMPILED=1 / PATIENCE_COMPILED=0 in
the environment) choose the build for setup, test and play; without either,
.venv keeps the build it has (pure Python in a new one). The compiled build
needs a C compiler and the Python headers, and takes about a minute; it is
built again whenever one of its sources changes. ``test ARGS`` runs only
pytest, with ARGS.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
STAMP = VENV / ".patience-setup"
#: The distributions the compiled build compiles parts of (each pyproject.toml's mypyc hook lists them).
COMPILED = (ROOT / "packages" / "engine", ROOT / "packages" / "solver")


def _config() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)


def _members(config: dict[str, object]) -> list[str]:
    tool = config["tool"]
    assert isinstance(tool, dict)
    return list(tool["patience"]["workspace"]["members"])


def _extra_plugins() -> list[str]:
    return sorted(str(p.parent.relative_to(ROOT)) for p in (ROOT / "examples").glob("*/pyproject.toml"))


def _fingerprint(paths: list[str]) -> str:
    digest = hashlib.sha256(sys.version.encode())
    for rel in ["pyproject.toml", "constraints.txt", *[f"{p}/pyproject.toml" for p in paths]]:
        digest.update((ROOT / rel).read_bytes())
    return digest.hexdigest()


def _compiled_sources(distribution: Path | None = None) -> list[Path]:
    """The modules that the compiled build compiles (of one distribution, or all): each mypyc hook lists them."""
    found = []
    for folder in COMPILED if distribution is None else (distribution,):
        with open(folder / "pyproject.toml", "rb") as handle:
            hook = tomllib.load(handle)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
        found += [folder / rel for rel in hook["include"]]
    return found


def _compiled_fingerprint() -> str:
    """What the compiled build is made from: its sources and mypy's settings for it."""
    digest = hashlib.sha256(b"compiled")
    for path in [*(folder / "mypyc.ini" for folder in COMPILED), *_compiled_sources()]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _compiled_files() -> list[Path]:
    """The compiled build's files in the source tree (the modules and mypyc's shared library)."""
    found = [path for folder in COMPILED for path in (folder / "src").glob("*__mypyc.*")]
    for source in _compiled_sources():
        found += [p for p in source.parent.glob(source.stem + ".*") if p.suffix in (".so", ".pyd")]
    return found


def _build_in_place(compiled: bool) -> bool:
    """Whether the source tree holds the build the last set-up made: no compiled file, or every one.

    ``setup`` asks this when the compiled sources' text is the one the build was made from (their
    fingerprint): a compiled module dated before its source then had its source rewritten with
    the same text (a checkout), so it is dated again for the import's guard
    (:func:`patience._build.check_fresh`) instead of being built again.
    """
    if not compiled:
        return not _compiled_files()
    for source in _compiled_sources():
        built = [p for p in source.parent.glob(source.stem + ".*") if p.suffix in (".so", ".pyd")]
        if not built:
            return False  # removed (``tasks.py clean``): build again
        for path in built:
            if path.stat().st_mtime < source.stat().st_mtime:
                os.utime(path)
    return True


def clean() -> None:
    """Remove the compiled build's files from the source tree: the sources run as they are again."""
    for path in _compiled_files():
        path.unlink()


def _build_choice(flags: list[str]) -> bool | None:
    """True for the compiled build, False for pure Python, None to keep what .venv has."""
    if "--compiled" in flags:
        return True
    if "--pure" in flags:
        return False
    wanted = os.environ.get("PATIENCE_COMPILED", "").strip()
    return {"1": True, "0": False}.get(wanted)


def _stamped() -> tuple[str, bool, str]:
    """The last set-up's fingerprint, whether it was the compiled build, and the compiled sources' fingerprint."""
    if not STAMP.exists():
        return "", False, ""
    lines = [*STAMP.read_text().splitlines(), "", "", ""]
    return lines[0], lines[1] == "compiled", lines[2]


#: The languages each distribution's catalogs are kept for (English is the source).
LANGUAGES = ("de", "hu")


def _distributions() -> list[tuple[Path, str]]:
    """Each distribution's folder and its gettext domain (its import package: ``src/<domain>``)."""
    found = []
    for rel in _members(_config()) + _extra_plugins():
        packages = sorted(p for p in (ROOT / rel / "src").iterdir() if (p / "__init__.py").exists())
        found += [(ROOT / rel, package.name) for package in packages]
    return found


def compile_catalogs() -> None:
    """Compile every changed .po into its .mo (the build hook does the same when a package is installed)."""
    folders = [str(folder) for folder, _ in _distributions()]
    subprocess.run([str(PY), str(ROOT / "tools" / "hatch_catalogs.py"), *folders], check=True)


def byte_compile() -> None:
    """Write the bytecode of every workspace module that lacks it or whose source changed since.

    Installing a wheel writes its modules' bytecode; an editable install does
    not, and where ``PYTHONDONTWRITEBYTECODE`` is set Python never writes it
    either, so every command would compile its modules again (half the
    instructions of ``patience solve freecell 1``). Up-to-date files are
    skipped, so this costs little when nothing changed. The bytecode only
    saves time: a module that does not compile is named by compileall and
    left to fail where it is imported, without stopping the set-up.
    """
    folders = [str(folder / "src") for folder, _ in _distributions()]
    subprocess.run([str(PY), "-m", "compileall", "-q", *sorted(set(folders))], check=False)


def _undated(template: str) -> str:
    """A template without its creation date, to tell whether anything else changed."""
    return "\n".join(line for line in template.splitlines() if not line.startswith('"POT-Creation-Date:'))


def catalogs() -> int:
    """Extract each distribution's messages into its template and merge them into its .po files."""
    setup()
    pybabel = str(BIN / "pybabel")
    for folder, domain in _distributions():
        locale = folder / "src" / domain / "locale"
        locale.mkdir(exist_ok=True)
        template = locale / f"{domain}.pot"
        extract = [pybabel, "-q", "extract", "-F", str(ROOT / "babel.cfg"), "--sort-by-file", "-c", "Translators:"]
        extract += ["--project", domain, "--copyright-holder", "the patience authors", "-o", str(template), domain]
        before = template.read_text(encoding="utf-8") if template.exists() else ""
        # From the distribution's src folder, so that the templates name files as src/<domain>/... does.
        print("+ " + " ".join(extract), flush=True)
        subprocess.run(extract, cwd=folder / "src", check=True)
        if _undated(template.read_text(encoding="utf-8")) == _undated(before):
            template.write_text(before, encoding="utf-8")  # only its date would change: keep it as it was
        if template.read_text(encoding="utf-8").count('\nmsgid "') < 2 and not any(locale.glob("*/LC_MESSAGES")):
            # No message marked for translation yet: no catalogs to keep.
            template.unlink()
            locale.rmdir() if not any(locale.iterdir()) else None
            continue
        for language in LANGUAGES:
            po = locale / language / "LC_MESSAGES" / f"{domain}.po"
            files = ["-D", domain, "-i", str(template), "-o", str(po), "-l", language]
            if po.exists():
                run([pybabel, "-q", "update", "--ignore-pot-creation-date", *files])
            else:
                run([pybabel, "-q", "init", *files])
    compile_catalogs()
    return 0


def setup(compiled: bool | None = None) -> None:
    """Create .venv and install the workspace editable, with the dev tools, unless already done.

    ``compiled`` chooses the build (None keeps the one .venv has).
    """
    if sys.version_info < (3, 11):  # noqa: UP036  (tasks.py runs under whatever python3 the user has)
        sys.exit(f"patience needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    config = _config()
    members = _members(config)
    packages = members + _extra_plugins()
    fingerprint = _fingerprint(packages)
    old, was_compiled, old_sources = _stamped()
    if compiled is None:
        compiled = was_compiled
    sources = _compiled_fingerprint() if compiled else ""
    if (
        old == fingerprint
        and was_compiled == compiled
        and old_sources == sources
        and PY.exists()
        and _build_in_place(compiled)
    ):
        compile_catalogs()
        byte_compile()
        return
    # Compiled files from an earlier build would be imported ahead of the sources: never keep them.
    clean()
    if old == fingerprint and PY.exists():
        _install_compiled(compiled)
    else:
        _install_all(config, packages, compiled)
    compile_catalogs()
    byte_compile()
    STAMP.write_text(f"{fingerprint}\n{'compiled' if compiled else 'pure'}\n{sources}\n")


def _install_compiled(compiled: bool) -> None:
    """Install the engine and the solver alone again, compiled or not (the rest of .venv is up to date)."""
    pip = [str(PY), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps"]
    env = dict(os.environ)
    env["HATCH_BUILD_HOOK_ENABLE_MYPYC"] = "true" if compiled else "false"
    for folder in COMPILED:
        how = "compiled with mypyc" if compiled else "pure Python"
        print(f"installing {folder.name} ({how}) ...", flush=True)
        subprocess.run([*pip, "-c", str(ROOT / "constraints.txt"), "-e", str(folder)], check=True, env=env)


def _install_all(config: dict[str, object], packages: list[str], compiled: bool) -> None:
    if not PY.exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    groups = config["dependency-groups"]
    assert isinstance(groups, dict)
    pip = [str(PY), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    # Every third-party version comes from constraints.txt, so a clean clone installs what was tested.
    pinned = ["-c", str(ROOT / "constraints.txt")]
    print("installing patience and its tools into .venv ...", flush=True)
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    args: list[str] = []
    for package in packages:
        args += ["-e", str(ROOT / package)]
    subprocess.run([*pip, *pinned, *args, *groups["dev"]], check=True)
    if compiled:
        _install_compiled(True)


def run(args: list[str]) -> int:
    """Run a command, print it first, return its exit code."""
    print("+ " + " ".join(args), flush=True)
    return subprocess.run(args, cwd=ROOT).returncode


def test(extra: list[str], compiled: bool | None = None) -> int:
    """pytest, then mypy --strict, then ruff; the exit code is non-zero if any failed."""
    setup(compiled)
    # The tests check that the build they were asked to test is the one that runs.
    os.environ["PATIENCE_BUILD"] = "compiled" if _stamped()[1] else "pure"
    print(f"testing the {os.environ['PATIENCE_BUILD']} build", flush=True)
    codes = [run([str(BIN / "pytest"), *extra])]
    if not extra:
        sources = [f"{m}/src" for m in _members(_config())] + [f"{p}/src" for p in _extra_plugins()]
        codes.append(run([str(BIN / "mypy"), "--strict", *sources, "bench"]))
        codes.append(run([str(BIN / "ruff"), "check", "."]))
        codes.append(run([str(BIN / "ruff"), "format", "--check", "."]))
    failed = [c for c in codes if c not in (0,)]
    return 1 if failed else 0


#: Where ``wheels`` builds when no folder is given (ignored by git).
WHEELS_DIR = ROOT / "build" / "install"
#: What a user installs from the wheels (the rest comes with them as their dependencies).
FRONT_ENDS = ("patience-cli", "patience-tk", "patience-server")


def _bin(venv_dir: Path, name: str) -> Path:
    return venv_dir / ("Scripts" if os.name == "nt" else "bin") / name


def _tried_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a command tried in the fresh venv: nothing of this checkout or the user's data in it."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PATIENCE_", "PYTHON", "LC_"))}
    env.pop("LANGUAGE", None)
    env.update({"PATIENCE_HOME": str(home), "LANG": "C.UTF-8", **extra})
    return env


def wheel_checks(venv_dir: Path, home: Path) -> list[tuple[str, list[str], dict[str, str], str]]:
    """What ``wheels`` tries in the fresh venv: (what it proves, command, environment, text the output holds)."""
    python = str(_bin(venv_dir, "python"))
    patience = str(_bin(venv_dir, "patience"))
    # The engine must be this project's patience-engine, never the index's unrelated `patience` distribution.
    ours = (
        "import importlib.metadata as m, patience, patience.plugins, sys; "
        "assert 'patience-engine' in m.packages_distributions()['patience'], m.packages_distributions()['patience']; "
        "names = {d.metadata['Name'] for d in m.distributions()}; "
        "assert 'patience' not in names, 'the unrelated distribution `patience` is installed'; "
        "assert patience.__file__.startswith(sys.prefix), patience.__file__; "
        "print('patience from', m.distribution('patience-engine').metadata['Name'])"
    )
    return [
        ("patience --help", [patience, "--help"], _tried_env(home), "Usage: patience"),
        ("patience --help in German", [patience, "--help"], _tried_env(home, LANG="de_DE.UTF-8"), "Aufruf: patience"),
        ("a solve", [patience, "solve", "freecell", "617"], _tried_env(home), "solved in 72 moves"),
        (
            "the window's package",
            [python, "-c", "import patience_tk; print('patience_tk')"],
            _tried_env(home),
            "patience_tk",
        ),
        (
            "the server's package",
            [python, "-c", "import patience_server; print('patience_server')"],
            _tried_env(home),
            "patience_server",
        ),
        ("the engine is patience-engine", [python, "-c", ours], _tried_env(home), "patience from patience-engine"),
    ]


def wheels(out: Path | None = None) -> int:
    """Build every distribution's wheel, install the front ends into a fresh venv from them alone, and try it.

    In ``out`` (default ``build/install``): ``wheels/`` holds the wheels,
    ``venv/`` the fresh venv, where the third-party dependencies come from
    the package index, pinned by ``constraints.txt``. Exit code 1 when
    anything failed, with what it was.
    """
    setup()
    out = (out or WHEELS_DIR).resolve()
    built, fresh, home = out / "wheels", out / "venv", out / "home"
    for folder in (built, home):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    folders = [str(ROOT / rel) for rel in _members(_config()) + _extra_plugins()]
    env = dict(os.environ, HATCH_BUILD_HOOK_ENABLE_MYPYC="false")  # the wheels are pure Python, for any platform
    quiet = ["--quiet", "--disable-pip-version-check"]
    print(f"building {len(folders)} wheels into {built} ...", flush=True)
    subprocess.run(
        [str(PY), "-m", "pip", "wheel", *quiet, "--no-deps", "-w", str(built), *folders], check=True, env=env
    )
    print(f"installing {', '.join(FRONT_ENDS)} into a fresh venv {fresh} ...", flush=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(fresh)
    pip = [str(_bin(fresh, "python")), "-m", "pip", "install", *quiet]
    subprocess.run([*pip, "--find-links", str(built), "-c", str(ROOT / "constraints.txt"), *FRONT_ENDS], check=True)
    failed = 0
    for what, args, tried_env, expected in wheel_checks(fresh, home):
        done = subprocess.run(args, env=tried_env, cwd=home, capture_output=True, text=True, timeout=300)
        ok = done.returncode == 0 and expected in done.stdout
        print(f"{'ok' if ok else 'FAILED'}: {what}", flush=True)
        if not ok:
            failed += 1
            print(f"  {' '.join(args)} (exit {done.returncode}) printed:\n{done.stdout}{done.stderr}", flush=True)
    return 1 if failed else 0


def display_available() -> bool:
    """Whether a window can open here: a display to draw on, and Tk that can reach it."""
    if sys.platform not in ("win32", "darwin") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    probe = "import tkinter; tkinter.Tk().destroy()"
    return subprocess.run([str(PY), "-c", probe], capture_output=True, timeout=30).returncode == 0


def play_command(rest: list[str], *, window: bool) -> list[str]:
    """The command ``play`` runs: the window (``patience-tk``) when ``window``, else ``patience play``.

    ``--terminal`` anywhere in ``rest`` asks for the terminal game; the rest is passed on as it is,
    but for ``--lang LANG``, which the terminal game takes before ``play`` (``patience --lang de play``).
    """
    terminal = "--terminal" in rest
    args = [arg for arg in rest if arg != "--terminal"]
    if window and not terminal:
        return [str(BIN / "patience-tk"), *args]
    lang: list[str] = []
    for at, arg in enumerate(args):
        if arg.startswith("--lang="):
            lang, args = [arg], args[:at] + args[at + 1 :]
            break
        if arg == "--lang" and at + 1 < len(args):
            lang, args = args[at : at + 2], args[:at] + args[at + 2 :]
            break
    return [str(BIN / "patience"), *lang, "play", *args]


def main(argv: list[str]) -> int:
    """Dispatch ``setup``, ``test``, ``play``, ``clean``, ``catalogs`` or ``wheels``."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    compiled = _build_choice(rest)
    rest = [arg for arg in rest if arg not in ("--compiled", "--pure")]
    if command == "setup":
        setup(compiled)
        return 0
    if command == "clean":
        clean()
        return 0
    if command == "catalogs":
        return catalogs()
    if command == "wheels":
        return wheels(Path(rest[0]) if rest else None)
    if command == "test":
        return test(rest, compiled)
    if command == "play":
        setup(compiled)
        args = play_command(rest, window="--terminal" not in rest and display_available())
        os.execv(args[0], args)
    print(f"unknown command {command!r}: use setup, test, play, clean, catalogs or wheels", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
