"""Hints: following them wins, and they stay on one solution instead of searching afresh each time."""

from __future__ import annotations

import pytest

from patience import Game
from patience_cli.repl import Controller
from patience_cli.repl.hints import Hinter, Verdict

solver = pytest.importorskip("patience_solver")

pytestmark = pytest.mark.timeout(120)


def test_following_hints_wins_freecell_1() -> None:
    controller = Controller(Game.new("freecell", 1))
    hinter = Hinter()
    for _ in range(200):
        if controller.game.is_won:
            break
        result = hinter(controller.game, time_limit=30)
        assert result.verdict is Verdict.SOLVED and result.move is not None, result
        reply = controller.handle(str(result.move))
        assert not [s for s in reply.lines if s.kind == "error"], reply.text
    assert controller.game.is_won


def test_hints_follow_the_solution_without_searching_again(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new("freecell", 1)
    hinter = Hinter()
    first = hinter(game, time_limit=30)
    assert first.move is not None
    game.play(first.move)

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(solver, "solve", no_search)
    second = hinter(game)
    assert second.move is not None and second.move in game.legal_moves
    game.undo()
    assert hinter(game).move == first.move  # back on the line after an undo


def test_lost_position_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    controller = Controller(Game.new("eight-off", 1))
    lost = solver.SolveResult(solver.Outcome.LOST, (), 0, 0.0)
    monkeypatch.setattr(solver, "solve", lambda *args, **kwargs: lost)
    result = Hinter()(controller.game)
    assert result.verdict is Verdict.LOST
    text = controller.hint_reply(result, controller.game.position).text
    assert text == "hint: this position can no longer be won; undo, restart or start a new game"
