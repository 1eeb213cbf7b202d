"""View ▸ Clock: the time played, paused while the window is iconified, stopped when the game ends, off by default."""

from __future__ import annotations

import contextlib
import json
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest
from tkhelp import pump, win

from patience.formats.records import parse_record
from patience_home.paths import preferences_path
from patience_home.store import Store
from patience_tk import App
from patience_tk.app import _parser, prepare

pytestmark = [pytest.mark.gui, pytest.mark.timeout(120)]


class Watch:
    """A stopwatch the test moves by hand, so that no assertion waits on the machine's speed."""

    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def store(watch: Watch) -> Iterator[Store]:
    opened = Store.open()  # in this test's own PATIENCE_HOME
    assert opened.saving, opened.notice
    opened.stopwatch = watch
    yield opened
    opened.close()


def open_app(root: tk.Tk, store: Store, *argv: str) -> App:
    game, tracker, note = prepare(_parser().parse_args(list(argv)), store)
    app = App(root, game, store=store, tracker=tracker, note=note, verdict=False)
    pump(root)
    return app


def seconds_recorded(store: Store) -> int | None:
    game_id = store.last_id()
    assert game_id is not None
    record = store.record(game_id)
    assert record is not None
    tag = record.tag("Seconds")
    return None if tag is None else int(tag)


def iconify(root: tk.Tk) -> bool:
    """Iconify the window; whether a window manager did it.

    Without one (a bare Xvfb) ``wm iconify`` asks nobody and the window stays
    on the screen: the test then delivers the ``<Unmap>`` that a window
    manager's iconify sends.
    """
    root.iconify()
    if pump(root, until=lambda: root.state() == "iconic", timeout=1):
        return True
    root.event_generate("<Unmap>")
    return False


def deiconify(root: tk.Tk, managed: bool) -> None:
    """Bring the window back as :func:`iconify` took it away."""
    root.deiconify()
    if not managed:
        root.event_generate("<Map>")


def test_the_clock_is_off_by_default_and_the_status_bar_shows_no_time(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", "1")
    assert app.preferences.clock is False and not app.clock_var.get()
    assert app.clock_text == "" and not app.status_clock.winfo_ismapped()


def test_view_clock_shows_the_time_played_and_is_remembered(root: tk.Tk, store: Store, watch: Watch) -> None:
    app = open_app(root, store, "freecell", "1")
    app.menus["view"].invoke("Clock")
    pump(root)
    assert app.status_clock.winfo_ismapped()
    watch.now += 75
    # The status bar is redrawn on the clock's next tick.
    assert pump(root, until=lambda: str(app.status_clock.cget("text")) == "1:15", timeout=10), app.clock_text
    assert app.clock_text == "1:15"
    assert json.loads(preferences_path().read_text())["clock"] is True
    app.root.destroy()
    with _fresh_root() as again:
        reopened = open_app(again, store, "freecell", "2")
        assert reopened.clock_var.get() and reopened.clock.shown
        reopened.menus["view"].invoke("Clock")
        assert json.loads(preferences_path().read_text())["clock"] is False


def test_the_clock_pauses_while_the_window_is_iconified(root: tk.Tk, store: Store, watch: Watch) -> None:
    app = open_app(root, store, "freecell", "1")
    app.controller.play_text("6a")
    watch.now += 10
    managed = iconify(root)
    assert pump(root, until=lambda: not app.clock.counting, timeout=10)
    assert app.tracker is not None and not app.tracker.time.running
    watch.now += 3600  # an hour away from the table
    deiconify(root, managed)
    assert pump(root, until=lambda: app.clock.counting, timeout=10)
    watch.now += 5
    app.controller.play_text("6b")
    assert seconds_recorded(store) == 15


def test_an_unmapped_window_pauses_the_clock_even_without_a_window_manager_state(root: tk.Tk, store: Store) -> None:
    app = open_app(root, store, "freecell", "1")
    root.withdraw()
    assert pump(root, until=lambda: not app.clock.counting, timeout=10)
    assert not app.tracker or not app.tracker.time.running
    root.deiconify()
    assert pump(root, until=lambda: app.clock.counting, timeout=10)


def test_the_clock_does_not_run_after_the_game_is_over(root: tk.Tk, store: Store, watch: Watch) -> None:
    app = open_app(root, store, "freecell", "1")
    app.menus["view"].invoke("Clock")
    watch.now += 30
    win(app)
    pump(root)
    assert not app.clock.counting
    ended = seconds_recorded(store)
    assert ended == 30
    shown = app.clock_text
    watch.now += 500
    pump(root, until=lambda: False, timeout=0.7)  # longer than a tick: a running clock would have moved
    assert app.clock_text == shown == "0:30"
    (stats,) = store.stats("freecell")
    assert stats.fastest_win_seconds == 30


def test_a_window_game_record_has_its_seconds_and_resume_adds(root: tk.Tk, store: Store, watch: Watch) -> None:
    app = open_app(root, store, "freecell", "1")
    watch.now += 20
    app.controller.play_text("6a")
    assert seconds_recorded(store) == 20
    assert app.tracker is not None
    app.tracker.close()
    root.destroy()
    watch.now += 900  # the window was closed
    with _fresh_root() as again:
        resumed = open_app(again, store)
        assert resumed.tracker is not None and resumed.tracker.resumed is not None
        watch.now += 7
        resumed.controller.play_text("6b")
        assert seconds_recorded(store) == 27
        export = store.export(store.last_id() or 0) or ""
        assert parse_record(export).tag("Seconds") == "27"


def test_the_history_and_statistics_windows_show_the_time(root: tk.Tk, store: Store, watch: Watch) -> None:
    app = open_app(root, store, "freecell", "1")
    watch.now += 65
    win(app)
    history = app.show_history()
    assert history is not None
    assert "1:05" in history.rows()[0]
    history.destroy()
    stats = app.show_statistics()
    assert stats is not None
    assert stats.rows()[0][-1] == "1:05"


class _fresh_root:
    """A second Tk root for the same test (the first destroyed), as a restart of the program."""

    def __enter__(self) -> tk.Tk:
        self.root = tk.Tk()
        self.root.geometry("+0+0")
        return self.root

    def __exit__(self, *_exc: object) -> None:
        with contextlib.suppress(tk.TclError):
            self.root.destroy()


def test_a_window_without_a_store_counts_its_own_time(root: tk.Tk, tmp_path: Path) -> None:
    from patience import Game

    app = App(root, Game.new("freecell", 1), verdict=False)
    pump(root)
    watch = Watch()
    app.clock.stopwatch = watch
    app.set_game(Game.new("freecell", 2))
    pump(root)
    app.menus["view"].invoke("Clock")
    watch.now += 9
    assert pump(root, until=lambda: app.clock_text == "0:09", timeout=10), app.clock_text
