"""Records as PGN users keep them: several in one file, ``{...}`` comments kept, and the times checked."""

from __future__ import annotations

import datetime as dt

import pytest

from patience import Game
from patience.formats.records import (
    Record,
    RecordError,
    check_record,
    format_record,
    parse_record,
    parse_records,
    record_of,
)

START = dt.datetime(2026, 11, 30, 6, 22, 56, tzinfo=dt.UTC)
END = dt.datetime(2026, 11, 30, 6, 41, 3, tzinfo=dt.UTC)


def played(deal: int, moves: int = 3) -> Game:
    game = Game.new("freecell", deal)
    for _ in range(moves):
        game.play(next(iter(game.legal_moves)))
    return game


def record(deal: int, result: str = "abandoned", **times: dt.datetime | None) -> Record:
    started = times.get("started", START) or START
    ended = times.get("ended", END) if result != "unfinished" else None
    return record_of(played(deal), result=result, started=started, ended=ended)


# -- several records in one text ------------------------------------------------------------------
def test_records_written_one_after_another_are_read_back_in_order() -> None:
    records = [record(1), record(2, "unfinished"), record(3).with_tag("Player", "Ann")]
    text = "\n".join(format_record(r) for r in records)
    assert parse_records(text) == tuple(records)


def test_records_without_actions_one_after_another_are_still_told_apart() -> None:
    first = Record((("Variant", "freecell"), ("Deal", "1")), ())
    second = Record((("Variant", "eight-off"), ("Deal", "2")), ())
    assert parse_records(format_record(first) + "\n" + format_record(second)) == (first, second)


def test_tags_separated_by_a_blank_line_stay_one_record() -> None:
    (only,) = parse_records('[Variant "freecell"]\n\n[Deal "1"]\n\n3a\n')
    assert isinstance(only, Record)
    assert only.tags == (("Variant", "freecell"), ("Deal", "1"))


def test_a_broken_record_among_good_ones_is_its_own_error_with_the_files_line_number() -> None:
    good = format_record(record(1))
    lines_before = good.count("\n") + 1
    text = good + "\n" + '[Variant "freecell"\n[Cells "4"]\n\n3a\n' + "\n" + format_record(record(2))
    first, broken, last = parse_records(text)
    assert first == record(1) and last == record(2)
    assert isinstance(broken, RecordError)
    assert str(broken).startswith(f"line {lines_before + 1}: ")


def test_one_record_is_read_by_parse_record_and_a_second_one_is_named() -> None:
    text = format_record(record(1)) + "\n" + format_record(record(2))
    second = format_record(record(1)).count("\n") + 2
    with pytest.raises(RecordError, match=f"line {second}: .*a tag line after the actions"):
        parse_record(text)


def test_text_with_no_record_is_one_error() -> None:
    (error,) = parse_records("")
    assert isinstance(error, RecordError) and str(error).startswith("empty")


# -- comments ---------------------------------------------------------------------------------------
def test_brace_comments_are_kept_where_they_are_and_written_back() -> None:
    base = record(1)
    a, b, c = base.actions
    text = format_record(base).replace(
        f"{a} {b} {c}", f"{{opening}} {a} {{the key move; not a line comment}} {b} {c} {{done}}"
    )
    again = parse_record(text)
    assert again.actions == base.actions
    assert again.comments == ((0, "opening"), (1, "the key move; not a line comment"), (3, "done"))
    assert parse_record(format_record(again)) == again
    assert check_record(again).consistent


def test_a_comment_may_run_over_lines_and_hold_brackets_and_semicolons() -> None:
    base = record(1)
    a = base.actions[0]
    text = format_record(base).replace(f"{a} ", f"{a} {{first line\n[not a tag] ; not a line comment\nlast}} ", 1)
    (again,) = parse_records(text + "\n" + format_record(record(2)))[:1]
    assert isinstance(again, Record)
    assert again.comments == ((1, "first line\n[not a tag] ; not a line comment\nlast"),)
    assert parse_record(format_record(again)) == again


@pytest.mark.parametrize(
    ("body", "fragment"),
    [("3a {never closed\n36\n", "line 12: a comment opened with { is not closed"), ("3a } 36\n", "closes no {")],
)
def test_a_comment_that_is_not_closed_or_a_lone_brace_is_named(body: str, fragment: str) -> None:
    text = format_record(Record(record(1).tags[:10], ())) + body
    with pytest.raises(RecordError, match=fragment):
        parse_record(text)


def test_a_comment_that_could_not_be_read_back_is_not_written() -> None:
    with pytest.raises(RecordError):
        format_record(Record((("Variant", "freecell"),), ("3a",), ((0, "a } inside"),)))
    with pytest.raises(RecordError):
        format_record(Record((("Variant", "freecell"),), ("3a",), ((2, "after nothing"),)))
    with pytest.raises(RecordError):
        format_record(Record((("Variant", "freecell"),), ("{3a}",)))


# -- Started and Ended ------------------------------------------------------------------------------
def _retagged(base: Record, name: str, value: str | None, *, twice: bool = False) -> Record:
    tags = [(key, v) for key, v in base.tags if key != name]
    if value is not None:
        tags.append((name, value))
        if twice:
            tags.append((name, value))
    return Record(tuple(tags), base.actions)


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("Started", "2026-11-30T08:0b:58Z", "Started: '2026-11-30T08:0b:58Z' is not a time like 2026-11-30T06:22:56Z"),
        ("Started", "2026-11-30 06:22:56", "Started: '2026-11-30 06:22:56' is not a time like 2026-11-30T06:22:56Z"),
        ("Started", "2026-11-30T25:00:00Z", "Started: '2026-11-30T25:00:00Z' is not a time like 2026-11-30T06:22:56Z"),
        ("Started", "2026-12-01T06:22:56Z", "Started: '2026-12-01T06:22:56Z' is not on the record's Date, 2026-11-30"),
        ("Ended", "tomorrow", "Ended: 'tomorrow' is not a time like 2026-11-30T06:22:56Z"),
        ("Ended", "2026-11-30T06:00:00Z", "Ended: '2026-11-30T06:00:00Z' is before Started, '2026-11-30T06:22:56Z'"),
    ],
)
def test_a_malformed_or_impossible_time_is_inconsistent(name: str, value: str, problem: str) -> None:
    assert check_record(_retagged(record(1), name, value)).problem == problem


@pytest.mark.parametrize("name", ["Started", "Ended"])
def test_a_time_given_twice_is_inconsistent(name: str) -> None:
    base = record(1)
    checked = check_record(_retagged(base, name, base.tag(name), twice=True))
    assert checked.problem == f"the {name} tag is given 2 times"


def test_an_unfinished_record_has_no_ended() -> None:
    base = record(1, "unfinished")
    checked = check_record(base.with_tag("Ended", "2026-11-30T07:00:00Z"))
    assert checked.problem == "Ended: an unfinished game has not ended, but the record says '2026-11-30T07:00:00Z'"


@pytest.mark.parametrize("left_out", [("Started",), ("Ended",), ("Started", "Ended")])
def test_times_may_be_left_out_of_a_record(left_out: tuple[str, ...]) -> None:
    base = record(1)
    kept = Record(tuple(tag for tag in base.tags if tag[0] not in left_out), base.actions)
    assert check_record(kept).consistent
