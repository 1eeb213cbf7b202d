"""A hint or the demo makes a game assisted: the store keeps it, the record says it, the statistics tell it apart."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from patience import Game
from patience.formats.records import Record, assisted_of, check_record, parse_record
from patience_home.store import DATABASE_NAME, MIGRATIONS, Store

DATA = Path(__file__).parents[1] / "cli" / "data"
FC1 = (DATA / "fc1_moves.txt").read_text().split()


class Clock:
    """One minute a call, so games end in the order they were played."""

    def __init__(self) -> None:
        self.now = dt.datetime(2026, 11, 30, 6, 0, tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        self.now += dt.timedelta(minutes=1)
        return self.now


@pytest.fixture
def store(patience_home: Path) -> Iterator[Store]:
    opened = Store.open()
    assert opened.saving, opened.notice
    opened.clock = Clock()
    yield opened
    opened.close()


def win(store: Store, *, hint: bool = False, demo: bool = False) -> int:
    """FreeCell #1 won, with a hint asked for after the first move or the demo noted, as asked."""
    tracker = store.track(Game.new("freecell", 1))
    for number, move in enumerate(FC1):
        if number == 1 and hint:
            tracker.note_hint()
        if number == 1 and demo:
            tracker.note_demo()
        tracker.game.play(move)
    assert tracker.game.is_won and tracker.id is not None
    return tracker.id


def lose(store: Store) -> int:
    """FreeCell #2 given up after one move; its score."""
    tracker = store.track(Game.new("freecell", 2))
    tracker.game.play("3a")
    tracker.game.give_up()
    return tracker.game.score


def test_a_hinted_win_counts_as_won_but_not_as_won_unassisted(store: Store) -> None:
    win(store)
    win(store)
    win(store, hint=True)
    (fc,) = store.stats()
    assert (fc.won, fc.current_streak, fc.longest_streak) == (3, 3, 3)
    assert (fc.won_unassisted, fc.streak_unassisted, fc.best_streak_unassisted) == (2, 0, 2)
    assert fc.best_score_unassisted is not None and fc.best_score == fc.best_score_unassisted


def test_the_unassisted_streak_counts_unassisted_wins_in_a_row(store: Store) -> None:
    win(store, demo=True)
    win(store)
    lose(store)
    win(store)
    win(store)
    win(store)
    (fc,) = store.stats()
    assert (fc.won, fc.current_streak, fc.longest_streak) == (5, 3, 3)
    assert (fc.won_unassisted, fc.streak_unassisted, fc.best_streak_unassisted) == (4, 3, 3)


def test_the_best_unassisted_score_leaves_assisted_games_out(store: Store) -> None:
    win(store, hint=True)
    lost = lose(store)
    (fc,) = store.stats()
    assert fc.best_score is not None and fc.best_score > 1000 > lost
    assert fc.best_score_unassisted == lost
    assert list(fc.as_json())[3:11] == [
        "won",
        "won_unassisted",
        "win_rate",
        "current_streak",
        "streak_unassisted",
        "longest_streak",
        "best_streak_unassisted",
        "best_score",
    ]
    assert fc.as_json()["best_score_unassisted"] == lost


def test_hint_and_demo_are_written_in_that_order_in_the_record(store: Store) -> None:
    both = win(store, hint=True, demo=True)
    hint_only = win(store, hint=True)
    demo_only = win(store, demo=True)
    plain = win(store)
    for game_id, said in ((both, "hint,demo"), (hint_only, "hint"), (demo_only, "demo"), (plain, None)):
        record = store.record(game_id)
        assert record is not None
        assert record.tag("Assisted") == said
        assert check_record(record).consistent
        info = store.game(game_id)
        assert info is not None and ",".join(info.assisted) == (said or "")


def test_the_demo_stays_noted_when_the_game_is_resumed(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    tracker.note_demo()
    tracker.close()
    back = store.resume()
    assert back is not None and back.assisted == ("demo",)
    for move in FC1[1:]:
        back.game.play(move)
    (info,) = store.history()
    assert info.result == "won" and info.assisted == ("demo",)


def test_a_restart_starts_an_unassisted_attempt(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    tracker.note_hint()
    tracker.note_demo()
    tracker.game.restart()
    assert tracker.assisted == ()
    for move in FC1:
        tracker.game.play(move)
    won = [info for info in store.history() if info.result == "won"]
    assert len(won) == 1 and won[0].assisted == ()


def test_a_record_marked_assisted_verifies_and_round_trips_through_the_store(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    tracker.note_hint()
    for move in FC1[1:]:
        tracker.game.play(move)
    assert tracker.id is not None
    text = store.export(tracker.id)
    assert text is not None and '[Assisted "hint"]' in text
    record = parse_record(text)
    assert check_record(record).consistent and assisted_of(record) == ("hint",)

    other = Store.open(store.path.parent / "other" / DATABASE_NAME)
    outcome = other.import_record(record)
    assert outcome.status == "stored" and outcome.id is not None
    assert other.export(outcome.id) == text
    info = other.game(outcome.id)
    assert info is not None and info.assisted == ("hint",)
    (fc,) = other.stats()
    assert (fc.won, fc.won_unassisted) == (1, 0)
    other.close()


def test_a_record_without_the_tag_is_unassisted(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    for move in FC1:
        tracker.game.play(move)
    assert tracker.id is not None
    record = store.record(tracker.id)
    assert record is not None and record.tag("Assisted") is None and assisted_of(record) == ()
    other = Store.open(store.path.parent / "other" / DATABASE_NAME)
    outcome = other.import_record(record)
    assert outcome.id is not None
    (fc,) = other.stats()
    assert (fc.won, fc.won_unassisted) == (1, 1)
    other.close()


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("", "Assisted: '' names no assistance: hint, demo or both, as hint,demo"),
        ("demo,hint", "Assisted: 'demo,hint' names no assistance: hint, demo or both, as hint,demo"),
        ("finish", "Assisted: 'finish' names no assistance: hint, demo or both, as hint,demo"),
        ("hint,hint", "Assisted: 'hint,hint' names no assistance: hint, demo or both, as hint,demo"),
    ],
)
def test_a_malformed_assisted_tag_is_the_records_problem(store: Store, value: str, said: str) -> None:
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    assert tracker.id is not None
    record = store.record(tracker.id)
    assert record is not None
    assert check_record(record.with_tag("Assisted", value)).problem == said
    twice = Record((*record.tags, ("Assisted", "hint"), ("Assisted", "demo")), record.actions)
    assert check_record(twice).problem == "the Assisted tag is given 2 times"


def test_a_store_of_the_schema_before_keeps_its_games_and_hinted_ones_count_as_assisted(patience_home: Path) -> None:
    path = patience_home / DATABASE_NAME
    db = sqlite3.connect(path)
    # The schema just before the migration that adds the column.
    before = next(number for number, step in enumerate(MIGRATIONS) if "assisted" in step)
    for step in MIGRATIONS[:before]:
        db.executescript(step)
    for hints in (0, 2):
        db.execute(
            "INSERT INTO games (variant, cells, deal, code, started, ended, last_action, result, score, moves, hints)"
            " VALUES ('freecell', 4, 1, 'FC1-C4-AAAAAAB', '2026-11-30T06:22:56.000000Z', "
            "'2026-11-30T06:40:00.000000Z', '2026-11-30T06:40:00.000000Z', 'won', 1000, 87, ?)",
            (hints,),
        )
    db.execute(f"PRAGMA user_version = {before}")
    db.commit()
    db.close()
    store = Store.open()
    assert store.notice is None and store.saving
    assert [info.assisted for info in sorted(store.history(), key=lambda info: info.id)] == [(), ("hint",)]
    (fc,) = store.stats()
    assert (fc.played, fc.won, fc.won_unassisted) == (2, 2, 1)
    store.close()
