"""Players' names: look-alikes are one name (409 ``name_taken``), names nobody can see are 422 ``name_invisible``.

Against real `patience serve` processes, on SQLite and PostgreSQL; the
skeleton is the database's unique key, so two processes racing on
look-alike names admit one.
"""

from __future__ import annotations

import threading
import unicodedata
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from serverhelp import Server, call

#: Names that look like "ada": Cyrillic а, fullwidth, capitals, mixed case, mathematical letters, Greek alpha.
LOOK_ALIKES_OF_ADA = [
    "ada",
    "\u0430da",  # CYRILLIC SMALL LETTER A
    "\uff41\uff44\uff41",  # fullwidth
    "ADA",
    "Ada",
    "\U0001d41a\U0001d41d\U0001d41a",  # MATHEMATICAL BOLD
    "\u0430d\u0430",  # both a's Cyrillic
]

#: Names that show nothing, or hold a character nobody can see.
INVISIBLE = [
    "\u2800",  # BRAILLE PATTERN BLANK
    "\u2800\u2800\u2800",
    "\u3164",  # HANGUL FILLER
    "\u115f",  # HANGUL CHOSEONG FILLER
    "\uffa0",  # HALFWIDTH HANGUL FILLER
    "ada\u200b",  # ZERO WIDTH SPACE inside a name
    "a\u200dda",  # ZERO WIDTH JOINER
    "\u200c",  # ZERO WIDTH NON-JOINER alone
    "\ufeffada",  # BYTE ORDER MARK
    "ad\u00ada",  # SOFT HYPHEN
    "ada\ufe0f",  # VARIATION SELECTOR-16
    "\u2060ada",  # WORD JOINER
    "ada\u202e",  # RIGHT-TO-LEFT OVERRIDE
    "\u0301\u0301",  # combining marks over nothing
    "\u3000",  # IDEOGRAPHIC SPACE
    "a\u3164b",  # a filler between letters
    "\U000e0041da",  # TAG LATIN CAPITAL LETTER A
    "\u034fada",  # COMBINING GRAPHEME JOINER
    "\u180eada",  # MONGOLIAN VOWEL SEPARATOR
]


@pytest.fixture(scope="module")
def names_server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server whose first player is "ada"."""
    running = Server(database, tmp_path_factory.mktemp("home"))
    status, body, _ = call("POST", f"{running.url}/api/v1/players", {"name": "ada"})
    assert status == 201, body
    yield running
    running.stop()


def register(server: Server, name: str) -> tuple[int, dict[str, object]]:
    status, body, _ = call("POST", f"{server.url}/api/v1/players", {"name": name})
    return status, body


@pytest.mark.parametrize("name", LOOK_ALIKES_OF_ADA, ids=ascii)
def test_a_name_that_looks_like_a_taken_one_is_409_name_taken(names_server: Server, name: str) -> None:
    status, body = register(names_server, name)
    assert status == 409, body
    assert body["error_code"] == "name_taken"
    assert name in str(body["error"]) or unicodedata.normalize("NFC", name) in str(body["error"])


def test_decomposed_and_composed_accents_are_one_name(names_server: Server) -> None:
    decomposed = "ade\u0301"
    status, body = register(names_server, decomposed)
    assert status == 201, body
    # Shown as typed, in its composed form.
    assert body["name"] == "ad\u00e9"
    status, body = register(names_server, "ad\u00e9")
    assert (status, body["error_code"]) == (409, "name_taken")
    status, body = register(names_server, "AD\u00c9")
    assert (status, body["error_code"]) == (409, "name_taken")


@pytest.mark.parametrize("name", INVISIBLE, ids=ascii)
def test_a_name_nobody_can_see_whole_is_422_name_invisible(names_server: Server, name: str) -> None:
    status, body = register(names_server, name)
    assert status == 422, body
    assert body["error_code"] == "name_invisible"


@pytest.mark.parametrize("name", ["Ádám", "ada lovelace", "Élise", "Ζωή", "Дарья", "李雷", "ad1"], ids=ascii)
def test_names_that_look_different_are_admitted_and_shown_as_typed(names_server: Server, name: str) -> None:
    status, body = register(names_server, name)
    assert status == 201, body
    assert body["name"] == name


def test_the_board_shows_a_name_as_it_was_typed(names_server: Server) -> None:
    status, body = register(names_server, "Zoë Ω")
    assert status == 201, body
    status, again = register(names_server, "ZOË Ω")
    assert (status, again["error_code"]) == (409, "name_taken")
    assert body["name"] == "Zoë Ω"


def test_two_processes_racing_on_look_alike_names_admit_one(database: str, tmp_path: Path) -> None:
    first, second = Server(database, tmp_path), Server(database, tmp_path)
    try:
        for _round in range(5):
            stem = uuid.uuid4().hex[:8]
            # Every spelling of one name: each process gets half of them at once.
            spellings = [stem, stem.upper(), "".join(chr(0xFF00 + ord(c) - 0x20) for c in stem), stem.capitalize()]
            spellings += [s for s in (stem.replace("a", "\u0430"), stem.replace("e", "\u0435")) if s != stem]
            answers: list[int] = []
            barrier = threading.Barrier(len(spellings))

            def one(server: Server, name: str, barrier: threading.Barrier, answers: list[int]) -> None:
                barrier.wait()
                answers.append(register(server, name)[0])

            threads = [
                threading.Thread(target=one, args=(first if i % 2 else second, name, barrier, answers))
                for i, name in enumerate(spellings)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(answers) == [201] + [409] * (len(spellings) - 1), (spellings, answers)
    finally:
        first.stop()
        second.stop()


def test_the_migration_keys_existing_names_and_keeps_every_account(database: str, tmp_path: Path) -> None:
    if database.startswith("postgresql"):
        from serverhelp import fresh_postgres_database

        database = fresh_postgres_database()
    else:
        database = f"sqlite+pysqlite:///{tmp_path / 'old.sqlite3'}"
    from alembic import command
    from alembic.config import Config

    from patience_server.core.db import MIGRATIONS

    engine = sa.create_engine(database)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        for number, name in enumerate(["ada", "\u0430da", "bob"], start=1):
            connection.execute(
                sa.text("INSERT INTO players (name, token_hash, created) VALUES (:n, :h, CURRENT_TIMESTAMP)"),
                {"n": name, "h": f"{number:064d}"},
            )
    engine.dispose()
    running = Server(database, tmp_path)
    try:
        status, body = register(running, "ADA")
        assert (status, body["error_code"]) == (409, "name_taken")
        status, body = register(running, "BOB")
        assert (status, body["error_code"]) == (409, "name_taken")
        status, body = register(running, "carol")
        assert status == 201, body
    finally:
        running.stop()
    engine = sa.create_engine(database)
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT id, name, name_key FROM players ORDER BY id")).all()
    engine.dispose()
    assert [(row[0], row[1]) for row in rows[:3]] == [(1, "ada"), (2, "\u0430da"), (3, "bob")]
    assert [row[2] for row in rows[:3]] == ["ada", None, "bob"]
