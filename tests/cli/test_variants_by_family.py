"""`patience variants` lists the games by family, in 80 columns with a library of 30, and its json names each family."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_library import SIZE, install, patience

from patience import variants
from patience.families import FAMILY_ORDER, fold


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install(tmp_path_factory.mktemp("library"))


def _sections(stdout: str) -> list[tuple[str, list[list[str]]]]:
    """The table as (family heading, rows split into cells), the column headings and the note left out."""
    blocks = stdout.strip("\n").split("\n\n")[1:-1]
    sections = []
    for block in blocks:
        heading, *rows = block.splitlines()
        sections.append((heading, [row.split("  ") for row in rows]))
    return sections


def _names(rows: list[list[str]]) -> list[str]:
    return [next(cell for cell in row if cell).strip() for row in rows]


def test_the_library_holds_thirty_games(library: Path) -> None:
    listed = json.loads(patience(["variants", "--format", "json"], library).stdout)
    assert len(listed) >= SIZE


def test_each_family_is_one_heading_over_its_games_sorted_by_title(library: Path) -> None:
    done = patience(["variants"], library)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    by_name = {row["name"]: row for row in json.loads(patience(["variants", "--format", "json"], library).stdout)}
    sections = _sections(done.stdout)
    headings = [heading for heading, _rows in sections]
    assert len(headings) == len(set(headings)), headings  # one heading per family
    for heading, rows in sections:
        assert not heading.startswith(" ") and rows, heading
        names = _names(rows)
        assert all(row[0] == "" for row in rows)  # games are indented under their family
        families = {by_name[name]["family"] for name in names}
        assert len(families) == 1, (heading, families)
        (family,) = families
        assert heading == (family or "Other games")
        titles = [by_name[name]["title"] for name in names]
        assert titles == sorted(titles, key=fold), heading
    listed = [name for _heading, rows in sections for name in _names(rows)]
    assert sorted(listed) == sorted(by_name)  # every game, once


def test_known_families_come_first_in_their_order_then_others_by_name_then_games_without_one(library: Path) -> None:
    headings = [heading for heading, _rows in _sections(patience(["variants"], library).stdout)]
    known = [heading for heading in headings if heading in FAMILY_ORDER]
    assert known == [family for family in FAMILY_ORDER if family in known]
    assert headings[: len(known)] == known
    assert headings[-1] == "Other games"
    others = headings[len(known) : -1]
    assert "Klondike" in others and others == sorted(others, key=fold)


def test_the_table_of_thirty_games_fits_in_80_columns(library: Path) -> None:
    out = patience(["variants"], library).stdout
    assert len([line for line in out.splitlines() if line.startswith("  ") and not line.startswith("  NAME")]) >= SIZE
    too_long = [line for line in out.splitlines() if len(line) > 80]
    assert too_long == []


def test_the_table_shows_name_title_cells_code_and_columns_of_each_game(library: Path) -> None:
    rows = {
        cells[0]: line
        for line in patience(["variants"], library).stdout.splitlines()
        if line.startswith("  ") and (cells := line.split())
    }
    listed = json.loads(patience(["variants", "--format", "json"], library).stdout)
    for game in listed:
        cells = " ".join(f"{n}*" if n == game["default_cells"] else str(n) for n in game["cells"])
        wanted = [game["name"], game["title"], cells, game["prefix"], str(game["columns"])]
        assert [cell.strip() for cell in rows[game["name"]].split("  ") if cell.strip()] == wanted
    assert rows["freecell"].split()[1:] == ["FreeCell", "4*", "3", "2", "1", "FC", "8"]


def test_the_json_gives_each_game_its_family_as_written_and_as_titled(library: Path) -> None:
    data = {row["name"]: row for row in json.loads(patience(["variants", "--format", "json"], library).stdout)}
    assert data["freecell"]["family"] == "FreeCell" and data["freecell"]["family_title"] == "FreeCell"
    assert data["forecell"]["family"] == "FreeCell"
    assert data["double-freecell"]["family"] == "FreeCell"
    assert data["penguin"]["family"] == "Baker's Game"
    assert data["eight-off-vegas"]["family"] == "Baker's Game"
    no_family = [row for row in data.values() if row["family"] == ""]
    assert no_family and all(row["family_title"] == "" for row in no_family)


def test_the_json_keeps_the_family_in_english_and_titles_it_in_the_language(library: Path) -> None:
    data = {
        row["name"]: row
        for row in json.loads(patience(["variants", "--format", "json"], library, env={"PATIENCE_LANG": "de"}).stdout)
    }
    assert data["penguin"]["family"] == "Baker's Game"
    # A family named after a game keeps the game's known name; Spider has a Hungarian one.
    assert data["penguin"]["family_title"] == "Baker's Game"
    hungarian = json.loads(patience(["variants", "--format", "json"], library, env={"PATIENCE_LANG": "hu"}).stdout)
    assert {row["family_title"] for row in hungarian if row["name"] == "simple-simon"} == {"Pók"}


def test_family_headings_are_in_the_language_in_use(library: Path) -> None:
    out = patience(["variants"], library, env={"PATIENCE_LANG": "de"}).stdout
    headings = [heading for heading, _rows in _sections(out)]
    assert "Baker's Game" in headings
    assert headings[-1] == "Weitere Spiele"
    out = patience(["variants"], library, env={"PATIENCE_LANG": "hu"}).stdout
    hungarian = [heading for heading, _rows in _sections(out)]
    assert "Pók" in hungarian and "Spider" not in hungarian
    assert hungarian[-1] == "Egyéb játékok"


def test_without_the_library_every_installed_game_is_listed_under_its_family() -> None:
    done = patience(["variants"], Path("/nonexistent"))
    listed = [name for _heading, rows in _sections(done.stdout) for name in _names(rows)]
    assert sorted(listed) == sorted(variants())
