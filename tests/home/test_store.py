"""The store: every action on disk as it happens, resume exactly, statistics, and nothing lost when things go wrong."""

from __future__ import annotations

import datetime as dt
import hashlib
import multiprocessing
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from patience import Game
from patience.formats.records import check_record, parse_record
from patience_home.store import DATABASE_NAME, SCHEMA_VERSION, Store, Tracker, data_dir, database_path

DATA = Path(__file__).parents[1] / "cli" / "data"
FC1 = (DATA / "fc1_moves.txt").read_text().split()
EO160 = (DATA / "eo160_moves.txt").read_text().split()


class Clock:
    """A clock that moves one minute a call, so the order games end in is the order they were played."""

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


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    """Read with a connection of its own, as another process would."""
    db = sqlite3.connect(path)
    try:
        return list(db.execute(sql))
    finally:
        db.close()


def test_the_data_dir_is_patience_home(patience_home: Path) -> None:
    assert data_dir() == patience_home
    assert database_path() == patience_home / DATABASE_NAME


def test_the_database_is_versioned_and_in_wal_mode(store: Store) -> None:
    assert rows(store.path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert rows(store.path, "PRAGMA journal_mode") == [("wal",)]


def test_a_game_gets_its_row_at_its_first_action_and_each_action_is_on_disk_when_play_returns(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    assert rows(store.path, "SELECT count(*) FROM games") == [(0,)]
    for number, move in enumerate(FC1[:6], start=1):
        tracker.game.play(move)
        # Another connection sees it at once: it was committed inside play().
        assert rows(store.path, "SELECT count(*) FROM actions") == [(number,)]
    tracker.game.undo()
    tracker.note_hint()
    assert [row[0] for row in rows(store.path, "SELECT token FROM actions ORDER BY number")] == [
        *FC1[:6],
        "undo",
        "hint",
    ]
    (info,) = store.history()
    assert (info.result, info.moves, info.undos, info.hints, info.ended) == ("unfinished", 7, 1, 1, None)


def test_a_won_game_is_recorded_won_with_its_score(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    for move in FC1:
        tracker.game.play(move)
    (info,) = store.history()
    assert (info.result, info.score, info.moves, info.cards_home) == ("won", tracker.game.score, 87, 52)
    assert info.ended is not None
    record = store.record(info.id)
    assert record is not None
    assert check_record(record).consistent


def test_resume_after_a_restart_gives_the_same_position_score_and_undo_history(store: Store) -> None:
    game = Game.new("freecell", 1)
    tracker = store.track(game)
    for move in FC1[:30]:
        game.play(move)
    game.undo()
    game.undo()
    game.redo()
    tracker.note_hint()
    store.close()

    again = Store.open()
    resumed = again.resume()
    assert resumed is not None and resumed.resumed is not None
    back = resumed.game
    assert (back.position, back.score, back.moves, back.undos, back.hints, back.log) == (
        game.position,
        game.score,
        game.moves,
        game.undos,
        game.hints,
        game.log,
    )
    assert back.can_redo and game.can_redo
    assert back.redo() == game.redo()
    while game.can_undo:
        assert back.undo() == game.undo()
        assert (back.position, back.score) == (game.position, game.score)
    assert not back.can_undo
    # The resumed tracker goes on writing to the same game.
    back.play(FC1[30]) if back.check(back.parse_move(FC1[30])) else back.play(FC1[0])
    (info,) = again.history()
    assert info.id == resumed.id
    assert info.moves == back.moves
    again.close()


def test_nothing_to_resume_when_every_game_ended(store: Store) -> None:
    assert store.resume() is None
    tracker = store.track(Game.new("freecell", 2))
    tracker.game.play(next(iter(tracker.game.legal_moves)))
    tracker.game.give_up()
    assert store.resume() is None


def test_resume_of_one_game_by_id_brings_back_that_game_only_while_it_is_unfinished(store: Store) -> None:
    first = store.track(Game.new("freecell", 1), daily="2026-11-30", abandon_others=False)
    first.game.play(FC1[0])
    second = store.track(Game.new("freecell", 2), abandon_others=False)
    second.game.play(next(iter(second.game.legal_moves)))
    assert first.id is not None and second.id is not None
    latest = store.resume()
    assert latest is not None and latest.id == second.id  # without an id: the latest unfinished game
    latest.close()
    back = store.resume(game_id=first.id)
    assert back is not None and back.id == first.id and back.daily == "2026-11-30"
    assert (back.game.position, back.game.log) == (first.game.position, first.game.log)
    back.close()
    first.game.give_up()
    assert store.resume(game_id=first.id) is None  # ended: nothing to bring back
    assert store.resume(game_id=12345) is None


def test_new_deals_abandon_the_unfinished_game(store: Store) -> None:
    first = store.track(Game.new("freecell", 1))
    first.game.play(FC1[0])
    second = store.track(Game.new("freecell", 2))
    assert [i.result for i in store.history()] == ["unfinished"]  # nothing moved in the second yet
    second.game.play(next(iter(second.game.legal_moves)))
    assert [i.result for i in store.history()] == ["unfinished", "abandoned"]
    assert store.abandon_unfinished() == 1
    assert [i.result for i in store.history()] == ["abandoned", "abandoned"]


def test_a_days_attempt_left_for_another_game_stays_unfinished_and_practice_does_not(store: Store) -> None:
    attempt = store.track(Game.new("freecell", 1), daily="2026-11-30")
    attempt.game.play(FC1[0])
    attempt.abandon()  # New Game: the attempt is left, not abandoned
    practice = store.track(Game.new("freecell", 1), daily="2026-11-30")
    practice.game.play(FC1[0])
    other = store.track(Game.new("freecell", 2))
    other.game.play(next(iter(other.game.legal_moves)))  # abandons the others, but the attempt
    store.abandon_unfinished(keep=other.id)
    other.abandon()
    results = {info.id: info.result for info in store.history()}
    assert results == {attempt.id: "unfinished", practice.id: "abandoned", other.id: "abandoned"}
    back = store.resume()
    assert back is not None and back.id == attempt.id and back.game.log == attempt.game.log


def test_restart_abandons_the_attempt_and_records_a_new_one(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    tracker.game.restart()
    tracker.game.play(FC1[0])
    assert [(i.result, i.moves) for i in store.history()] == [("unfinished", 1), ("abandoned", 1)]


def play_win(store: Store, tracker_of: str = "freecell") -> Tracker:
    if tracker_of == "freecell":
        tracker = store.track(Game.new("freecell", 1))
        for move in FC1:
            tracker.game.play(move)
    else:
        tracker = store.track(Game.from_code("EO1-C8-AAAAAFA"))
        for move in EO160:
            tracker.game.play(move)
    assert tracker.game.is_won
    return tracker


def play_win_with_undo(store: Store) -> Tracker:
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    tracker.game.undo()
    for move in FC1:
        tracker.game.play(move)
    return tracker


def give_up(store: Store, deal: int = 5) -> None:
    tracker = store.track(Game.new("freecell", deal))
    tracker.game.play(next(iter(tracker.game.legal_moves)))
    tracker.game.give_up()


def abandon(store: Store, deal: int = 6) -> None:
    tracker = store.track(Game.new("freecell", deal))
    tracker.game.play(next(iter(tracker.game.legal_moves)))
    tracker.abandon()


def test_statistics_of_a_scripted_sequence_count_and_streak_exactly(store: Store) -> None:
    play_win(store)  # W
    play_win(store)  # W      streak 2
    give_up(store)  # L
    play_win(store)  # W
    play_win_with_undo(store)  # W (89 moves: the undo and its move count)
    play_win(store)  # W      streak 3, the longest
    abandon(store)  # L
    play_win(store)  # W      current streak 1
    play_win(store, "eight-off")
    give_up(store, 7)  # L in FreeCell: the current streak is 0 now
    unfinished = store.track(Game.new("freecell", 9))
    unfinished.game.play(next(iter(unfinished.game.legal_moves)))  # not counted: it has not ended

    by_variant = {s.variant: s for s in store.stats()}
    fc = by_variant["freecell"]
    assert (fc.cells, fc.played, fc.won, fc.current_streak, fc.longest_streak) == (4, 9, 6, 0, 3)
    assert fc.win_rate == pytest.approx(6 / 9)
    assert fc.fewest_moves == 87
    assert fc.average_moves == round((87 * 5 + 89) / 6, 1)
    assert fc.best_score is not None and fc.best_score >= 1000
    eo = by_variant["eight-off"]
    assert (eo.cells, eo.played, eo.won, eo.current_streak, eo.longest_streak, eo.fewest_moves) == (8, 1, 1, 1, 1, 94)
    assert eo.best_score == 520
    assert [s.variant for s in store.stats("eight-off")] == ["eight-off"]
    assert store.stats("freecell", cells=3) == []
    assert fc.as_json()["win_rate"] == round(6 / 9, 4)
    assert list(fc.as_json()) == [
        "variant",
        "cells",
        "played",
        "won",
        "won_unassisted",
        "win_rate",
        "current_streak",
        "streak_unassisted",
        "longest_streak",
        "best_streak_unassisted",
        "best_score",
        "best_score_unassisted",
        "fewest_moves",
        "average_moves",
        "fastest_win_seconds",
    ]


def test_a_loss_right_after_a_win_ends_the_current_streak(store: Store) -> None:
    play_win(store)
    play_win(store)
    abandon(store)
    (fc,) = store.stats()
    assert (fc.played, fc.won, fc.current_streak, fc.longest_streak) == (3, 2, 0, 2)


def test_reset_leaves_the_history_and_starts_the_statistics_again(store: Store) -> None:
    play_win(store)
    give_up(store)
    play_win(store, "eight-off")
    assert store.reset_stats("freecell") == 2
    assert [s.variant for s in store.stats()] == ["eight-off"]
    assert len(store.history()) == 3
    play_win(store)
    (fc,) = store.stats("freecell")
    assert (fc.played, fc.won, fc.current_streak) == (1, 1, 1)


def test_history_is_newest_first_with_the_json_keys(store: Store) -> None:
    play_win(store)
    give_up(store)
    latest = store.track(Game.new("bakers-game", 3))
    latest.game.play(next(iter(latest.game.legal_moves)))
    history = store.history()
    assert [i.result for i in history] == ["unfinished", "gave-up", "won"]
    assert [i.result for i in store.history(limit=2)] == ["unfinished", "gave-up"]
    assert list(history[0].as_json()) == [
        "id",
        "started",
        "ended",
        "variant",
        "cells",
        "deal",
        "code",
        "result",
        "score",
        "moves",
        "undos",
        "hints",
        "seconds",
    ]
    assert history[0].as_json()["ended"] is None
    assert history[2].started.endswith("Z") and len(history[2].started) == 20


def test_import_stores_a_consistent_record_once(store: Store, tmp_path: Path) -> None:
    tracker = play_win(store)
    assert tracker.id is not None
    text = store.export(tracker.id)
    assert text is not None
    record = parse_record(text)
    assert store.import_record(record).status == "duplicate"

    other = Store.open(tmp_path / "other.sqlite3")
    outcome = other.import_record(record)
    assert outcome.status == "stored" and outcome.id is not None
    assert other.import_record(record).status == "duplicate"
    assert other.export(outcome.id) == text
    (fc,) = other.stats()
    assert (fc.played, fc.won) == (1, 1)
    tagged = record.with_tag("Player", "Ann").with_tag("Date", "2026-11-29").with_tag("Started", "2026-11-29T20:00:00Z")
    kept = other.import_record(tagged)
    assert kept.status == "stored" and kept.id is not None
    again = other.record(kept.id)
    assert again is not None and again.tag("Player") == "Ann" and again.tag("Started") == "2026-11-29T20:00:00Z"
    bad = other.import_record(record.with_tag("Score", "5"))
    assert bad.status == "inconsistent" and bad.problem is not None and bad.problem.startswith("Score:")
    other.close()


# -- when things go wrong -------------------------------------------------------------------
def test_a_file_that_is_not_a_database_is_moved_aside_and_a_new_one_started(patience_home: Path) -> None:
    path = patience_home / DATABASE_NAME
    garbage = b"these are not the droids\x00\xff" * 100
    path.write_bytes(garbage)
    store = Store.open()
    assert store.saving
    assert store.notice is not None and "moved to" in store.notice
    (aside,) = patience_home.glob(f"{DATABASE_NAME}.damaged-*")
    assert str(aside) in store.notice
    assert aside.read_bytes() == garbage  # nothing lost
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    assert len(store.history()) == 1
    assert store.take_notices() == [store.notice]
    assert store.take_notices() == []
    store.close()


def test_a_database_with_a_damaged_header_is_moved_aside(patience_home: Path) -> None:
    store = Store.open()
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    store.close()
    path = patience_home / DATABASE_NAME
    data = bytearray(path.read_bytes())
    data[0:16] = b"garbage garbage!"
    path.write_bytes(bytes(data))
    for companion in patience_home.glob(f"{DATABASE_NAME}-*"):
        companion.unlink()
    again = Store.open()
    assert again.saving and again.notice is not None and "damaged" in again.notice
    assert again.history() == []
    assert len(list(patience_home.glob(f"{DATABASE_NAME}.damaged-*"))) == 1
    again.close()


def test_a_newer_database_is_left_untouched_and_play_goes_on_unsaved(patience_home: Path) -> None:
    path = patience_home / DATABASE_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE future (x)")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.commit()
    db.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    store = Store.open()
    assert not store.saving
    assert store.notice is not None and "newer version" in store.notice and str(path) in store.notice
    tracker = store.track(Game.new("freecell", 1))
    for move in FC1[:5]:
        tracker.game.play(move)
    assert store.history() == [] and store.resume() is None
    assert store.take_notices() == [store.notice]  # said once, not once a move
    assert store.take_notices() == []
    store.close()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in patience_home.iterdir()) == [DATABASE_NAME]


def test_an_unwritable_data_dir_is_said_once_and_play_goes_on(
    patience_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = patience_home / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("PATIENCE_HOME", str(blocker / "inside"))
    store = Store.open()
    assert not store.saving
    assert store.notice is not None and "cannot save games in" in store.notice
    tracker = store.track(Game.new("freecell", 1))
    for move in FC1:
        tracker.game.play(move)
    assert tracker.game.is_won
    assert store.take_notices() == [store.notice]
    assert store.stats() == [] and store.history() == []
    store.close()


def test_a_stored_game_that_no_longer_replays_is_skipped_and_said_once(store: Store) -> None:
    older = store.track(Game.new("freecell", 2), abandon_others=False)
    older.game.play(next(iter(older.game.legal_moves)))
    newer = store.track(Game.new("freecell", 1), abandon_others=False)
    newer.game.play(FC1[0])
    db = sqlite3.connect(store.path)
    db.execute("UPDATE games SET variant = 'gone-plugin' WHERE id = ?", (newer.id,))
    db.commit()
    db.close()
    found = store.unfinished()
    assert found is not None and found[1].id == older.id
    (notice,) = store.take_notices()
    assert notice.startswith(f"game {newer.id} (FC1-C4-AAAAAAB) cannot be resumed: ")
    store.unfinished()
    assert store.take_notices() == []
    assert [i.result for i in store.history()] == ["unfinished", "unfinished"]  # left as it was


def test_a_write_that_waits_too_long_is_said_once_and_tried_again(store: Store) -> None:
    tracker = store.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])
    blocker = sqlite3.connect(store.path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    assert store._db is not None
    store._db.execute("PRAGMA busy_timeout = 50")
    try:
        tracker.game.play(FC1[1])
        tracker.game.play(FC1[2])
        assert len(store.take_notices()) == 1
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    tracker.game.play(FC1[3])  # the lock is gone: everything not written yet goes in now
    record = store.record(tracker.id or 0)
    assert record is not None and list(record.actions) == FC1[:4]


def test_damage_found_in_use_moves_the_file_aside_and_the_game_goes_on_in_a_new_one(patience_home: Path) -> None:
    store = Store.open()
    for deal in range(1, 30):
        tracker = store.track(Game.new("freecell", deal), abandon_others=False)
        for move in list(tracker.game.legal_moves)[:3]:
            if move in tracker.game.legal_moves:
                tracker.game.play(move)
    store.close()
    path = patience_home / DATABASE_NAME
    for companion in patience_home.glob(f"{DATABASE_NAME}-*"):
        companion.unlink()
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    original = bytes(data)
    data[page : 6 * page] = b"\xa5" * (5 * page)  # pages 2 to 6: the tables' roots, not the header
    path.write_bytes(bytes(data))

    again = Store.open()
    assert again.notice is None  # the header is fine: opening cannot tell
    tracker = again.track(Game.new("freecell", 1))
    tracker.game.play(FC1[0])  # the first write finds the damage
    tracker.game.play(FC1[1])
    (notice,) = again.take_notices()
    assert "was damaged" in notice and "moved to" in notice
    (aside,) = patience_home.glob(f"{DATABASE_NAME}.damaged-*")
    assert aside.read_bytes()[:page] == original[:page]  # the damaged file is kept as it was
    (info,) = again.history()
    assert (info.code, info.moves) == ("FC1-C4-AAAAAAB", 2)
    record = again.record(info.id)
    assert record is not None and list(record.actions) == FC1[:2]
    again.close()


def _open_together(path: str, start: Any, answers: Any) -> None:
    start.wait()
    store = Store.open(Path(path))
    answers.put((store.saving, store.notice))
    store.close()


def test_games_started_at_the_same_moment_on_a_fresh_machine_all_save(tmp_path: Path) -> None:
    # Switching a new file to WAL needs it to itself, and SQLite says "database is locked" at once
    # (no busy handler) when another process reads it meanwhile: the second game used to play unsaved.
    context = multiprocessing.get_context("fork")
    for round_ in range(40):
        path = tmp_path / str(round_) / DATABASE_NAME
        start, answers = context.Barrier(3), context.Queue()
        openers = [context.Process(target=_open_together, args=(str(path), start, answers)) for _ in range(3)]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join(timeout=60)
        assert [answers.get(timeout=10) for _ in openers] == [(True, None)] * 3, f"round {round_}"
        assert sorted(p.name for p in path.parent.iterdir() if "damaged" in p.name) == []
