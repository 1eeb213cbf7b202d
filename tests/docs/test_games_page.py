"""docs/games.md is the page ``bench/games.py --markdown`` prints, and names every installed game as it is."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from patience.plugins import variants

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "games.md"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_games", ROOT / "bench" / "games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_games"] = module
    spec.loader.exec_module(module)
    return module


games = _bench()


def _rows(text: str) -> dict[str, dict[str, str]]:
    """The page's table of games, each row by its ``name`` cell, cells by their column headers."""
    lines = [line for line in text.splitlines() if line.startswith("| ")]
    headers = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == len(headers) and cells[1].startswith("`"):
            rows[cells[1].strip("`")] = dict(zip(headers, cells, strict=True))
    return rows


def test_the_page_names_every_installed_game_with_its_columns_and_cells() -> None:
    rows = _rows(PAGE.read_text(encoding="utf-8"))
    for name, variant in variants().items():
        assert name in rows, f"docs/games.md does not name {name}: run bench/games.py --markdown > docs/games.md"
        row = rows[name]
        assert row["game"] == variant.title
        assert row["columns"] == str(variant.columns)
        assert row["cells"].split()[0].rstrip(",") == str(variant.default_cells)
        assert row["decks"] == str(variant.rules.decks)


def test_the_page_is_what_bench_games_markdown_prints() -> None:
    printed: list[str] = []
    assert games.main(["--markdown"], out=printed.append) == 0
    assert PAGE.read_text(encoding="utf-8") == printed[0] + "\n", "run bench/games.py --markdown > docs/games.md"


def test_every_measured_game_shows_its_census_counts_and_its_comparison() -> None:
    kept = games.load_figures()
    rows = _rows(PAGE.read_text(encoding="utf-8"))
    assert kept, "bench/games.json holds no figures"
    for name, figures in kept.items():
        if name not in rows:
            continue
        census = rows[name]["won (census)"]
        for count in ("solved", "lost", "undecided"):
            assert f"{figures[count]} {count}" in census
        assert figures["solved"] + figures["lost"] + figures["undecided"] == figures["deals"]
        if "fc_solve" in figures and "pairs" in figures["fc_solve"]:
            assert sum(figures["fc_solve"]["pairs"].values()) == figures["fc_solve"]["deals"]
            # A deal fc-solve solves is never one ours proves lost.
            assert "unsolvable/solved" not in figures["fc_solve"]["pairs"], name


def test_deal_source_is_read_from_the_shuffle_the_deal_calls() -> None:
    every = variants()
    assert games.deal_source(every["freecell"]) == "Microsoft"
    from patience import Position, Rules, Variant, hookimpl, make_plugin_manager
    from patience.rules import Build, EmptyColumns
    from patience.shuffle import deal_round_robin, pysolfc_deal

    class Plugin:
        @hookimpl
        def patience_register_variants(self, register: object) -> None:
            register(  # type: ignore[operator]
                Variant(
                    name="pysolfc-shaped",
                    title="PySolFC-shaped",
                    prefix="PS",
                    columns=8,
                    cell_counts=(4,),
                    default_cells=4,
                    rules=Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY),
                )
            )

        @hookimpl
        def patience_deal(self, variant: Variant, deal: int, cells: int) -> Position:
            return Position(deal_round_robin(pysolfc_deal(deal), 8), (None,) * cells)

    pm = make_plugin_manager()
    pm.register(Plugin(), name="pysolfc_shaped")
    variant = variants(pm)["pysolfc-shaped"]
    assert games.deal_source(variant, pm) == "PySolFC"


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
def test_bench_games_counts_each_deal_once_and_keeps_the_figures(tmp_path: Path) -> None:
    figures = tmp_path / "games.json"
    printed: list[str] = []
    argv = ["--games", "freecell", "--compare", "3", "--census", "5", "--figures", str(figures)]
    assert games.main(argv, out=printed.append) == 0
    kept = json.loads(figures.read_text(encoding="utf-8"))["freecell"]
    assert (kept["solved"], kept["lost"], kept["undecided"], kept["deals"]) == (5, 0, 0, 5)
    assert kept["fc_solve"] == {"deals": 3, "pairs": {"solved/solved": 3}}
    assert kept["command"] == "bench/games.py --max-positions 20000 --compare 3 --census 5"
    assert kept["cpu_seconds"] >= 0
    lines = printed[0].splitlines()
    assert lines[0].split() == ["game", "won", "(census)", "CPU", "fc-solve"]
    assert lines[1].startswith("FreeCell") and "100.0%: 5 solved, 0 lost, 0 undecided of 5" in lines[1]
    assert "both solve 3" in lines[1]


def test_the_census_figures_are_what_the_census_command_prints() -> None:
    from typer.testing import CliRunner

    from patience_cli.app import app

    kept = games.load_figures()["freecell"]
    budget, deals = kept["max_positions"], kept["deals"]
    result = CliRunner().invoke(app, ["census", "freecell", f"1-{deals}", "--max-positions", str(budget)])
    assert result.exit_code == 0
    verdicts = [line.split(",")[1] for line in result.stdout.splitlines()[1:]]
    assert len(verdicts) == deals
    assert (verdicts.count("solved"), verdicts.count("unsolvable"), verdicts.count("unknown")) == (
        kept["solved"],
        kept["lost"],
        kept["undecided"],
    )
