"""Imported records in the store: kept as they were read, and never taken for the game the player left."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

from patience import Game
from patience.formats.records import Record, format_record, parse_record, record_of
from patience_home.store import DATABASE_NAME, MIGRATIONS, SCHEMA_VERSION, Store

FUTURE = dt.datetime(2099, 1, 1, 12, 0, 0, tzinfo=dt.UTC)


def unfinished_record(deal: int, started: dt.datetime = FUTURE) -> Record:
    game = Game.new("freecell", deal)
    for _ in range(3):
        game.play(next(iter(game.legal_moves)))
    return record_of(game, result="unfinished", started=started)


def test_resume_never_takes_an_imported_game_but_resume_by_id_does(patience_home: Path) -> None:
    store = Store.open()
    mine = store.track(Game.new("freecell", 1))
    mine.game.play(next(iter(mine.game.legal_moves)))
    outcome = store.import_record(unfinished_record(2))
    assert outcome.status == "stored" and outcome.id is not None

    resumed = store.resume()
    assert resumed is not None and resumed.id == mine.id
    resumed.close()
    brought = store.resume(game_id=outcome.id)
    assert brought is not None and brought.game.deal == 2 and brought.game.moves == 3
    brought.close()
    # Only the imported game is unfinished: still it is not resumed without its id.
    store.abandon_unfinished()
    assert store.resume() is None
    info = store.game(outcome.id)
    assert info is not None and info.result == "unfinished" and info.imported
    store.close()


def test_a_new_deal_leaves_an_imported_game_as_it_was(patience_home: Path) -> None:
    store = Store.open()
    outcome = store.import_record(unfinished_record(2))
    assert outcome.id is not None
    before = store.export(outcome.id)
    new = store.track(Game.new("freecell", 3))
    new.game.play(next(iter(new.game.legal_moves)))
    assert store.export(outcome.id) == before
    store.close()


def test_an_imported_game_played_on_is_the_players_and_keeps_its_tag_order(patience_home: Path) -> None:
    store = Store.open()
    record = unfinished_record(2)
    tags = list(record.tags)
    tags.insert(1, ("Player", "Ann"))
    outcome = store.import_record(Record(tuple(tags), record.actions, ((3, "here I stopped"),)))
    assert outcome.id is not None
    tracker = store.resume(game_id=outcome.id)
    assert tracker is not None
    tracker.game.play(next(iter(tracker.game.legal_moves)))
    info = store.game(outcome.id)
    assert info is not None and not info.imported
    again = store.record(outcome.id)
    assert again is not None
    assert [name for name, _ in again.tags][:3] == ["Variant", "Player", "Cells"]
    assert again.comments == ((3, "here I stopped"),) and len(again.actions) == 4
    assert parse_record(format_record(again)) == again
    # Played on, it is the game resume brings back.
    tracker.close()
    back = store.resume()
    assert back is not None and back.id == outcome.id
    store.close()


def test_a_database_of_the_first_schema_is_migrated_with_its_games(patience_home: Path) -> None:
    path = patience_home / DATABASE_NAME
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0])
    db.execute(
        "INSERT INTO games (variant, cells, deal, code, started, last_action, result) VALUES "
        "('freecell', 4, 1, 'FC1-C4-AAAAAAB', '2026-11-30T06:22:56.000000Z', '2026-11-30T06:23:00.000000Z', "
        "'unfinished')"
    )
    db.execute("INSERT INTO actions VALUES (1, 1, '3a', '2026-11-30T06:23:00.000000Z')")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    store = Store.open()
    assert store.notice is None and store.saving
    info = store.game(1)
    assert info is not None and not info.imported and info.tag_order == () and info.comments == ()
    tracker = store.resume()
    assert tracker is not None and tracker.game.log == ["3a"]
    store.close()
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    check.close()
