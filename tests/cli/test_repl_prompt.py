"""The interactive prompt driven through a pipe input with DummyOutput; the assertions are on game state."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from patience import Card, Game, Move, parse_board
from patience_cli.repl import Controller, Repl, Reply
from patience_cli.repl import interactive as interactive_module
from patience_cli.repl.hints import HintResult, Verdict
from patience_cli.repl.render import toolbar_text
from patience_solver import solve

pytestmark = pytest.mark.timeout(30)

CTRL_D = "\x04"
CTRL_Z = "\x1a"


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe_input:
        yield pipe_input


def run(controller: Controller, pipe: PipeInput, text: str, **kwargs: object) -> Repl:
    repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput(), **kwargs)  # type: ignore[arg-type]
    pipe.send_text(text)
    repl.run()
    return repl


def capture(repl: Repl) -> list[str]:
    """Record the lines the REPL prints into its transcript."""
    shown: list[str] = []
    original = repl.show

    def show(reply: Reply, echo: str | None = None) -> None:
        shown.extend(said.text for said in reply.lines)
        original(reply, echo)

    repl.show = show  # type: ignore[method-assign]
    return shown


def test_typed_moves_change_the_game(pipe: PipeInput) -> None:
    controller = Controller(Game.new("eight-off", 1))
    run(controller, pipe, "1e\n8\n" + CTRL_D)
    assert controller.game.position.cells[4] == Card.parse("6D")
    assert controller.game.position.cells[5] == Card.parse("TC")
    assert controller.game.moves == 2


def test_bad_lines_do_not_end_the_loop(pipe: PipeInput) -> None:
    controller = Controller(Game.new("freecell", 1))
    run(controller, pipe, "36\nnonsense\n\n9a\nnew --cells 9\n3a\nquit\n")
    assert controller.game.position.cells[0] == Card.parse("2H")


def test_quit_stops_reading(pipe: PipeInput) -> None:
    controller = Controller(Game.new("freecell", 1))
    run(controller, pipe, "quit\n3a\n")
    assert controller.game.moves == 0


def test_ctrl_z_undoes(pipe: PipeInput) -> None:
    controller = Controller(Game.new("eight-off", 1))
    start = controller.game.position
    run(controller, pipe, "1e\n" + CTRL_Z + CTRL_D)
    assert controller.game.position == start


def test_ctrl_d_quits_with_the_game_as_it_was(pipe: PipeInput) -> None:
    controller = Controller(Game.new("eight-off", 1))
    run(controller, pipe, "1e\n" + CTRL_D + "8\n")
    assert controller.game.moves == 1


def test_new_and_restart(pipe: PipeInput) -> None:
    controller = Controller(Game.new("eight-off", 1))
    run(controller, pipe, "new freecell 617\n3a\nrestart\n" + CTRL_D)
    assert controller.game.code == "FC1-C4-AAAAATJ"
    assert controller.game.moves == 0


@pytest.mark.timeout(90)  # its waits allow for a busy machine
def test_hint_runs_in_a_worker_and_is_dropped_when_stale(pipe: PipeInput) -> None:
    controller = Controller(Game.new("freecell", 1))
    release = threading.Event()
    asked: list[Game] = []

    def slow_hint(game: Game, *, time_limit: float, cancel: threading.Event) -> HintResult:
        asked.append(game)
        release.wait(5)
        return HintResult(Move.parse("4a"), Verdict.SOLVED, "4a: ♥6 to a free cell")

    repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput(), hint_finder=slow_hint)
    shown = capture(repl)
    pipe.send_text("hint\n3a\n")
    # The prompt keeps taking lines while the hint is worked out.
    thread = threading.Thread(target=repl.run)
    thread.start()
    try:
        # Generous deadlines: CI's machine may be busy; the loops end as soon as the state is reached.
        deadline = time.monotonic() + 30
        while controller.game.moves != 1 and time.monotonic() < deadline:
            threading.Event().wait(0.05)
        assert controller.game.moves == 1
        assert asked and asked[0] is not controller.game  # the solver works on a copy
    finally:
        release.set()
        repl.wait_for_hint(5)
        # The answer reaches the prompt's event loop a moment after the worker ends: on a busy
        # machine a Ctrl-D sent at once could end the prompt first and queue it unseen.
        deadline = time.monotonic() + 30
        while not any("position changed" in line for line in shown) and time.monotonic() < deadline:
            threading.Event().wait(0.05)
        pipe.send_text(CTRL_D)
        thread.join(10)
    assert not thread.is_alive()
    assert any("position changed" in line for line in shown), shown


def test_real_hint_suggests_a_legal_move(pipe: PipeInput) -> None:
    controller = Controller(Game.new("freecell", 1))
    repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput())
    shown = capture(repl)
    repl.start_hint()
    repl.wait_for_hint(30)
    pipe.send_text(CTRL_D)
    repl.run()
    hints = [line for line in shown if line.startswith("hint: ")]
    assert hints, shown
    notation = hints[0].removeprefix("hint: ").split(":")[0]
    assert controller.game.parse_move(notation) in controller.game.legal_moves


def test_history_survives_a_restart(pipe: PipeInput, tmp_path: Path) -> None:
    path = tmp_path / "history"
    controller = Controller(Game.new("eight-off", 1))
    repl = Repl(controller, history=FileHistory(str(path)), input=pipe, output=DummyOutput())
    pipe.send_text("1e\n" + CTRL_D)
    repl.run()
    assert "1e" in list(FileHistory(str(path)).load_history_strings())


def test_default_history_lives_in_the_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATIENCE_HOME", str(tmp_path / "patience"))
    assert interactive_module.history_path() == tmp_path / "patience" / "history"
    history = interactive_module.file_history()
    assert isinstance(history, FileHistory)
    assert (tmp_path / "patience").is_dir()


def test_win_is_reached_through_the_prompt(pipe: PipeInput) -> None:
    moves = (Path(__file__).parent / "data" / "eo160_moves.txt").read_text().split()
    controller = Controller(Game.from_code("EO1-C8-AAAAAFA"))
    run(controller, pipe, "\n".join(moves) + "\n" + CTRL_D)
    assert controller.game.is_won


def test_unusable_data_directory_falls_back_to_memory_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], pipe: PipeInput
) -> None:
    # /proc refuses new directories: XDG_DATA_HOME=/proc/nonexistent used to end the game before it began.
    monkeypatch.setenv("PATIENCE_HOME", "/proc/nonexistent/patience")
    history = interactive_module.file_history()
    assert isinstance(history, InMemoryHistory)
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("patience: warning: ") and "/proc/nonexistent" in err
    controller = Controller(Game.new("eight-off", 1))
    repl = Repl(controller, input=pipe, output=DummyOutput())  # the default history, from the same directory
    pipe.send_text("1e\n" + CTRL_D)
    repl.run()
    assert controller.game.moves == 1


def test_a_history_file_that_cannot_be_written_any_more_does_not_end_the_game(pipe: PipeInput, tmp_path: Path) -> None:
    history = interactive_module.file_history(tmp_path / "history")
    (tmp_path / "history").unlink()
    (tmp_path / "history").mkdir()  # appending to it now fails
    controller = Controller(Game.new("eight-off", 1))
    repl = Repl(controller, history=history, input=pipe, output=DummyOutput())
    pipe.send_text("1e\n8\n" + CTRL_D)
    repl.run()
    assert controller.game.moves == 2


# -- the bottom toolbar --------------------------------------------------------------


def toolbar(game: Game, note: str = "") -> str:
    return "".join(text for _, text, *_ in toolbar_text(game, note))


def test_toolbar_shows_the_deal_number_and_the_code() -> None:
    bar = toolbar(Game.new("eight-off", 160))
    assert "Eight Off #160 EO1-C8-AAAAAFA" in bar
    assert "run 5" in bar and "moves 0" in bar and "home 0" in bar


def test_run_is_capped_at_the_cards_in_play() -> None:
    # Nine empty columns of ten and four free cells: the formula says 5 × 2^9 = 2560.
    board = "Foundations: S-K H-K D-Q C-Q\nFreecells: - - - -\nKC KD\n" + ":\n" * 9
    position = parse_board(board, columns=10, cells=4)
    game = Game.from_position("seahaven-towers", position, autoplay_first=False)
    assert game.max_group > 1000
    assert "run 2 (2 to empty)" in toolbar(game)


def played_through(variant: str, deal: int) -> Iterator[Game]:
    """A game of ``variant`` at each step of a solver's winning line, with the moves made one by one."""
    game = Game.new(variant, deal)
    result = solve(game.variant, game.position, time_limit=60)
    assert result.moves
    yield game
    for move in result.moves:
        game.play(move)
        yield game


@pytest.mark.parametrize(("variant", "deal"), [("seahaven-towers", 1), ("bakers-game", 617), ("eight-off", 160)])
def test_toolbar_never_exceeds_80_columns(variant: str, deal: int) -> None:
    for game in played_through(variant, deal):
        for note in ("", "hint: thinking…"):
            assert len(toolbar(game, note)) <= 80, toolbar(game, note)
    for game in (Game.new(variant, 8_589_934_591), Game.new("seahaven-towers", 8_589_934_591)):
        assert len(toolbar(game, "hint: thinking…")) <= 80
        assert "#8589934591" in toolbar(game, "hint: thinking…")


def test_board_uses_letters_on_a_terminal_without_suit_symbols(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from patience_cli.repl.render import plain_board

    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    board = plain_board(Game.new("freecell", 1))
    assert board.isascii()
    assert "S-" in board and "JD" in board and "TS" in board


def test_a_hint_that_proved_the_position_lost_is_not_taken_back_by_a_shorter_search(pipe: PipeInput) -> None:
    # A search too short to decide, then one that proves the position lost, then a short one again:
    # the proof is kept for the position, so the third hint says lost rather than "no solution found".
    controller = Controller(Game.new("freecell", 16, cells=1))
    repl = Repl(controller, history=InMemoryHistory(), input=pipe, output=DummyOutput())
    shown = capture(repl)
    for seconds in (1e-6, 30.0, 1e-6):
        repl.hint_time = seconds
        repl.start_hint()
        repl.wait_for_hint(60)
    pipe.send_text(CTRL_D)
    repl.run()
    hints = [line for line in shown if line.startswith("hint: ")]
    assert len(hints) == 3, shown
    assert hints[0].startswith("hint: no solution found in ")
    assert hints[1:] == ["hint: this position can no longer be won; undo, restart or start a new game"] * 2
