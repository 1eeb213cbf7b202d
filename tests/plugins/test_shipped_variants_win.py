"""The shipped variants win every clash of name, alias, code prefix or plugin name, whatever the load order.

Each intruder is a real distribution in a folder on the path, run through
the real ``patience`` command: found first (``PYTHONPATH``) and found last.
The intruder is disabled and named in one line; FreeCell deals, plays,
resumes a stored game and verifies a real record as the shipped FreeCell.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plugin_dists import FREECELL_1, distribution, patience

#: A variant that pretends to be FreeCell; ``{name}``, ``{prefix}``, ``{title}``, ``{aliases}`` vary the claim.
INTRUDER = """\
from patience import AutoPlay, Build, EmptyColumns, Position, Rules, Variant, hookimpl, ms_deal

INTRUDER = Variant(
    name={name!r},
    title={title!r},
    prefix={prefix!r},
    columns=8,
    cell_counts=(4, 3, 2, 1),
    default_cells=4,
    rules=Rules(build=Build.ALTERNATE_COLOURS, empty_columns=EmptyColumns.ANY, autoplay=AutoPlay.SAFE_ALTERNATE),
    aliases={aliases!r},
)


@hookimpl
def patience_register_variants(register):
    register(INTRUDER)


@hookimpl
def patience_deal(variant, deal, cells):
    cards = ms_deal(deal + 7)  # another deal than the one asked for: the user would be cheated
    return Position(tuple(cards[i::8] for i in range(8)), (None,) * cells)
"""

CLAIMS = {
    "name-and-prefix": {"name": "freecell", "title": "FreeCell", "prefix": "FC", "aliases": ()},
    "name": {"name": "freecell", "title": "Free Cell X", "prefix": "XF", "aliases": ()},
    "prefix": {"name": "fake-cell", "title": "Fake Cell", "prefix": "FC", "aliases": ()},
    "alias-as-name": {"name": "free-cell", "title": "Free Cell X", "prefix": "XF", "aliases": ()},
    "name-as-alias": {"name": "fake-cell", "title": "Fake Cell", "prefix": "XF", "aliases": ("freecell",)},
    "title": {"name": "fake-cell", "title": "FreeCell", "prefix": "XF", "aliases": ()},
}


def _intruder(root: Path, plugin: str, claim: dict[str, object], *, entry_point: str | None = None) -> Path:
    return distribution(root, plugin, INTRUDER.format(**claim), entry_point=entry_point)


def _one_warning_naming(stderr: str, plugin: str) -> None:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith(f"patience: warning: plugin {plugin!r} "), stderr
    assert lines[0].endswith("; the plugin is disabled"), stderr


@pytest.mark.parametrize("last", [False, True], ids=["found-first", "found-last"])
@pytest.mark.parametrize("claim", list(CLAIMS), ids=list(CLAIMS))
def test_an_intruder_claiming_freecell_is_disabled_in_one_line_and_freecell_deals(
    tmp_path: Path, claim: str, last: bool
) -> None:
    _intruder(tmp_path, "intruder", CLAIMS[claim])
    done = patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path, last=last)
    assert done.returncode == 0, done.stderr
    assert done.stdout == FREECELL_1
    _one_warning_naming(done.stderr, "intruder")
    by_code = patience(["deal", "--code", "FC1-C4-AAAAAAB", "--format", "fcs"], tmp_path, last=last)
    assert by_code.returncode == 0 and by_code.stdout == FREECELL_1, by_code.stderr
    listing = patience(["variants", "--format", "json"], tmp_path, last=last)
    rows = {row["name"]: row for row in json.loads(listing.stdout)}
    assert rows["freecell"]["plugin"] == "freecell"  # the shipped plugin
    assert "fake-cell" not in rows and "free-cell" not in rows


@pytest.mark.parametrize("last", [False, True], ids=["found-first", "found-last"])
def test_an_intruder_under_a_shipped_plugin_name_is_not_loaded_and_named(tmp_path: Path, last: bool) -> None:
    # Its entry point is called `freecell`, as the shipped FreeCell's is: it must not take that plugin's place.
    _intruder(tmp_path, "intruder", CLAIMS["name-and-prefix"], entry_point="freecell")
    done = patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path, last=last)
    assert done.returncode == 0, done.stderr
    assert done.stdout == FREECELL_1
    assert done.stderr.splitlines() == ["patience: warning: plugin 'freecell' not loaded (`patience plugins` says why)"]
    listing = patience(["plugins"], tmp_path, last=last)
    assert "freecell  patience-variants 0.1.0 (patience_variants.freecell)" in listing.stdout
    assert (
        "freecell  NOT LOADED: patience-intruder (patience_intruder): the plugin name 'freecell'"
        " is taken by a plugin that ships with patience" in listing.stdout
    ), listing.stdout


@pytest.mark.parametrize("last", [False, True], ids=["found-first", "found-last"])
def test_an_intruder_that_calls_itself_patience_variants_hides_no_shipped_variant(tmp_path: Path, last: bool) -> None:
    _intruder(tmp_path, "intruder", CLAIMS["name-and-prefix"], entry_point="freecell")
    info = next(tmp_path.glob("*.dist-info")).rename(tmp_path / "patience_variants-9.9.dist-info")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: patience-variants\nVersion: 9.9\n")
    done = patience(["deal", "freecell", "1", "--format", "fcs"], tmp_path, last=last)
    assert done.returncode == 0, done.stderr
    assert done.stdout == FREECELL_1
    assert done.stderr.splitlines() == ["patience: warning: plugin 'freecell' not loaded (`patience plugins` says why)"]
    listing = patience(["variants", "--format", "json"], tmp_path, last=last)
    assert [row["name"] for row in json.loads(listing.stdout)][:4] == [
        "eight-off",
        "freecell",
        "bakers-game",
        "seahaven-towers",
    ]


def _real_freecell_record(home: Path, empty: Path) -> str:
    """Win FreeCell #1 with no outside plugin installed and return its exported record."""
    solution = (Path(__file__).parents[1] / "cli" / "data" / "fc1_moves.txt").read_text()
    won = patience(["play", "freecell", "1"], empty, stdin=solution)
    assert won.returncode == 0 and "won" in won.stdout, won.stdout + won.stderr
    exported = patience(["export", "--last"], empty)
    assert exported.returncode == 0, exported.stderr
    return exported.stdout


@pytest.mark.parametrize("last", [False, True], ids=["found-first", "found-last"])
def test_under_intruders_claiming_freecell_and_fc_freecell_plays_resumes_and_verifies(
    tmp_path: Path, patience_home: Path, last: bool
) -> None:
    empty = tmp_path / "none"
    empty.mkdir()
    record = tmp_path / "fc1.txt"
    record.write_text(_real_freecell_record(patience_home, empty))
    # An unfinished FreeCell game, stored before the intruders are installed.
    started = patience(["play", "freecell", "2"], empty, stdin="3a\n")
    assert started.returncode == 0, started.stderr

    plugins = tmp_path / "plugins"
    _intruder(plugins, "name-thief", CLAIMS["name"])
    _intruder(plugins, "code-thief", CLAIMS["prefix"])

    listing = patience(["plugins"], plugins, last=last)
    assert listing.returncode == 0, listing.stderr
    assert "name-thief  NOT LOADED: disabled: plugin 'name-thief' registered the variant name 'freecell'" in (
        listing.stdout
    )
    assert "code-thief  NOT LOADED: disabled: plugin 'code-thief' registered 'fake-cell' with the code prefix 'FC'" in (
        listing.stdout
    )
    warnings = sorted(listing.stderr.splitlines())
    assert len(warnings) == 2 and "'code-thief'" in warnings[0] and "'name-thief'" in warnings[1], listing.stderr

    dealt = patience(["deal", "freecell", "1", "--format", "fcs"], plugins, last=last)
    assert dealt.stdout == FREECELL_1, dealt.stderr

    resumed = patience(["play"], plugins, last=last, stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed your unfinished FreeCell game FC1-C4-AAAAAAC: 1 move" in resumed.stderr, resumed.stderr

    verified = patience(["verify", str(record)], plugins, last=last)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "consistent" in verified.stdout, verified.stdout

    played = patience(["play", "freecell", "1"], plugins, last=last, stdin="3a\nquit\n")
    assert played.returncode == 0, played.stderr
    assert "3a: ♥2 to cell a" in played.stdout, played.stdout
