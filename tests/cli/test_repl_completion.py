"""Tab completion, asked directly: commands, legal moves and movable cards from the game."""

from __future__ import annotations

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from patience import Game
from patience_cli.repl import GameCompleter


def complete(game: Game, text: str) -> list[str]:
    completer = GameCompleter(lambda: game)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_empty_line_offers_commands_and_every_legal_move() -> None:
    game = Game.new("freecell", 1)
    offered = complete(game, "")
    assert {"new", "undo", "hint", "finish", "quit"} <= set(offered)
    assert {str(move) for move in game.legal_moves} <= set(offered)


def test_a_column_number_offers_its_legal_moves_only() -> None:
    game = Game.new("eight-off", 1)
    offered = complete(game, "8")
    moves = [str(m) for m in game.legal_moves if str(m).startswith("8")]
    assert [text for text in offered if text.islower()] == moves
    assert "8e" in offered
    assert "8a" not in offered  # cell a is full


def test_run_moves_are_offered_with_their_length() -> None:
    game = Game.new("freecell", 1)
    for move in ["4a", "4b", "4c", "8d", "87", "57", "52", "82", "38", "23", "a3", "5a", "54", "57", "15", "75", "c4"]:
        game.play(move)
    assert "24v2" in complete(game, "2")


def test_commands_complete_by_prefix() -> None:
    game = Game.new("eight-off", 1)
    assert complete(game, "re") == ["restart", "redo"]
    assert complete(game, "gi") == ["giveup"]


def test_card_names_complete_to_cards_a_double_tap_would_move() -> None:
    game = Game.new("eight-off", 1)
    offered = complete(game, "6")
    assert "6D" in offered  # top of column 1, goes to a free cell
    assert "6C" in offered


def test_new_completes_variants_and_options() -> None:
    game = Game.new("eight-off", 1)
    assert "freecell" in complete(game, "new f")
    assert complete(game, "new freecell --c") == ["--cells", "--code"]


def test_nothing_is_offered_after_the_game_is_over() -> None:
    game = Game.new("eight-off", 1)
    game.give_up()
    assert complete(game, "1") == []
