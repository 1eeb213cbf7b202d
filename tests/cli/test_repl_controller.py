"""The REPL's line interpreter: moves, cards, places, commands and the engine's refusals, on game state."""

from __future__ import annotations

from pathlib import Path

import pytest

from patience import Card, Game, Place, Position, Suit, full_deck
from patience_cli.repl import Controller, game_from_words, result_line
from patience_cli.repl.hints import HintResult, Verdict

DATA = Path(__file__).parent / "data"


def eight_off(deal: int = 1, cells: int = 8) -> Controller:
    return Controller(Game.new("eight-off", deal, cells))


def freecell(deal: int = 1, cells: int = 4) -> Controller:
    return Controller(Game.new("freecell", deal, cells))


def error_of(controller: Controller, line: str) -> str:
    before = controller.game.position
    reply = controller.handle(line)
    errors = [said.text for said in reply.lines if said.kind == "error"]
    assert errors, f"{line!r} was accepted: {reply.text}"
    assert controller.game.position == before
    assert len(errors) == 1 and "\n" not in errors[0]
    return errors[0]


def rearranged(variant: str, columns: list[str], cells: list[str | None], n_columns: int = 8) -> Game:
    """A position with the given columns first ("" is an empty one); the other cards fill the other columns."""
    named = [[Card.parse(c) for c in column.split()] for column in columns]
    in_cells = [None if c is None else Card.parse(c) for c in cells]
    used = {card for column in named for card in column} | {c for c in in_cells if c is not None}
    rest = sorted((card for card in full_deck() if card not in used), key=lambda card: (card.rank, card.suit.value))
    others = n_columns - len(named)
    chunks = [rest[i * len(rest) // others : (i + 1) * len(rest) // others] for i in range(others)]
    position = Position(tuple(tuple(c) for c in [*named, *chunks]), tuple(in_cells))
    return Game.from_position(variant, position)


# -- moves in notation ----------------------------------------------------------


def test_move_in_notation_changes_the_game() -> None:
    controller = eight_off()
    reply = controller.handle("1e")
    assert controller.game.position.cells[4] == Card.parse("6D")
    assert controller.game.moves == 1
    assert reply.lines[0].text == "1e: ♦6 to cell e"


def test_run_move_without_count_carries_the_run_that_fits() -> None:
    controller = freecell()
    for line in ["4a", "4b", "4c", "8d", "87", "57"]:
        assert not [s for s in controller.handle(line).lines if s.kind == "error"], line
    # column 7 now ends ♦7 ♣6 (a run of 2); 72 carries both onto ♠8? Only if legal; check by notation with v.
    column7 = controller.game.position.columns[6]
    assert [str(c) for c in column7[-2:]] == ["7D", "6C"]


def test_automatic_play_is_reported_on_the_move_line() -> None:
    controller = freecell()
    lines = ["4a", "4b", "4c", "8d", "87", "57", "52", "82", "38", "23", "a3", "5a"]
    for line in lines:
        controller.handle(line)
    reply = controller.handle("54")
    assert reply.text == "54: ♠J to column 4; home by itself: ♦A"
    assert controller.game.position.foundations[Suit.DIAMONDS.value] == 1


# -- card names and bare places -----------------------------------------------------


@pytest.mark.parametrize("name", ["6D", "♦6", "6♦"])
def test_card_name_does_a_double_tap(name: str) -> None:
    controller = eight_off()
    controller.handle(name)
    # ♦6 cannot go home or onto a column; no empty column; the first free cell is e.
    assert controller.game.position.cells[4] == Card.parse("6D")


def test_ten_written_with_two_digits_is_a_card_when_there_is_no_column_ten() -> None:
    controller = eight_off()
    reply = controller.handle("10h")
    assert "♥10" in reply.text  # ♥10 lies covered in column 4
    assert "covered" in reply.text


def test_capital_suit_letter_means_a_card_lower_case_means_notation() -> None:
    controller = eight_off()
    controller.handle("8D")  # the card ♦8 (top of column 3) -> a free cell
    assert Card.parse("8D") in controller.game.position.cells
    controller = eight_off()
    reply = controller.handle("8d")  # column 8 to cell d, which is full
    assert "cell d already holds ♥6" in reply.text
    assert "for the card ♦8, write 8D" in reply.text


def test_bare_column_number_double_taps_its_top_card() -> None:
    controller = eight_off()
    controller.handle("8")
    assert Card.parse("TC") in controller.game.position.cells


def test_bare_cell_letter_double_taps_its_card() -> None:
    controller = Controller(rearranged("freecell", ["2S", "KD QS"], ["JD", None, None, None]))
    controller.handle("a")
    assert controller.game.position.columns[1][-1] == Card.parse("JD")
    assert controller.game.position.cells[0] is None


def test_bare_place_with_nowhere_to_go_says_so() -> None:
    controller = freecell()
    controller.handle("3a")
    message = error_of(controller, "a")
    assert message == "♥2 has nowhere to go: not home, onto a column, into an empty column or a free cell"


def test_covered_card_says_where_it_is() -> None:
    assert error_of(eight_off(), "KD") == "♦K cannot move now: it is covered by 4 cards in column 1"


def test_nothing_to_do_with_a_card_says_so() -> None:
    controller = Controller(rearranged("freecell", ["2S", "KH"], ["5D", "5C", "5S", "5H"]))
    assert "has nowhere to go" in error_of(controller, "KH")


# -- the rules' own words, one per rule family ---------------------------------------


def test_illegal_suit_building_message() -> None:
    assert error_of(eight_off(), "c6") == "♥2 cannot go on ♦3: Eight Off builds by suit"


def test_illegal_alternating_colours_message() -> None:
    assert error_of(freecell(), "36") == "♥2 cannot go on ♦3: FreeCell builds in alternating colours"


def test_illegal_kings_only_message() -> None:
    game = rearranged("eight-off", ["5D 6S", "9C", ""], ["6H", None, None, None, None, None, None, None])
    assert game.position.columns[2] == ()  # an empty column
    message = error_of(Controller(game), "a3")
    assert message == "♥6 cannot go to an empty column: only a king, alone or with its run, may in Eight Off"


def test_illegal_capacity_message() -> None:
    game = rearranged("freecell", ["9S 8H 7C", "10D"], ["5S", "5H", "5D", None])
    controller = Controller(game)
    assert game.max_group == 2
    message = error_of(controller, "12v3")
    assert message == "run of 3 cards, but 1 free cell and 0 empty columns move at most 2"


def test_illegal_full_cell_message() -> None:
    assert error_of(eight_off(), "1a") == "cell a already holds ♠6: a cell holds one card"


def test_empty_cell_message() -> None:
    assert error_of(eight_off(), "e5") == "cell e is empty"


def test_missing_place_message_names_the_table() -> None:
    assert "there is no column 9" in error_of(eight_off(), "9a")
    assert "there is no cell e" in error_of(eight_off(cells=4), "1e")


def test_unknown_input_says_what_is_accepted() -> None:
    message = error_of(eight_off(), "hello world")
    assert "type a move (3a, 5h, 18), a card (7H), a column or cell, or help" in message
    assert "help" in message


def test_bad_notation_gets_the_notation_message() -> None:
    assert "run length after v" in error_of(eight_off(), "3v")


def test_unexpected_exception_does_not_escape(monkeypatch: pytest.MonkeyPatch) -> None:
    controller = eight_off()

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    # The controller's own step that plays the move fails: a compiled Game's methods cannot be replaced.
    monkeypatch.setattr(controller, "_play_move", boom)
    message = error_of(controller, "1e")
    assert message.startswith("unexpected error (RuntimeError: disk on fire)")


# -- commands ---------------------------------------------------------------------------


def test_undo_redo_restart() -> None:
    controller = eight_off()
    start = controller.game.position
    controller.handle("1e")
    after = controller.game.position
    controller.handle("undo")
    assert controller.game.position == start
    controller.handle("redo")
    assert controller.game.position == after
    controller.handle("restart")
    assert controller.game.position == start
    assert controller.game.moves == 0


def test_new_takes_the_options_of_play() -> None:
    controller = eight_off()
    controller.handle("new freecell 617")
    assert controller.game.code == "FC1-C4-AAAAATJ"
    controller.handle("new --code EO1-C8-AAAAAFA")
    assert (controller.game.variant.name, controller.game.deal) == ("eight-off", 160)
    controller.handle("new eight-off --cells 4")
    assert controller.game.cells == 4
    controller.handle("new 5")
    assert (controller.game.variant.name, controller.game.cells, controller.game.deal) == ("eight-off", 4, 5)
    controller.handle("new --cells=2")
    assert controller.game.cells == 2


def test_bad_new_keeps_the_game() -> None:
    controller = eight_off()
    code = controller.game.code
    assert "cell" in error_of(controller, "new freecell --cells 8")
    assert "no-such" in error_of(controller, "new no-such-variant")
    assert "either --code" in error_of(controller, "new --code EO1-C8-AAAAAFA 5")
    assert controller.game.code == code


def test_finish_giveup_code_help_quit() -> None:
    controller = eight_off()
    assert controller.handle("code").text == "EO1-C8-AAAAAAB"
    assert "cannot finish yet" in error_of(controller, "finish")
    help_text = controller.handle("help").text
    for command in ["new", "restart", "undo", "redo", "hint", "finish", "giveup", "code", "quit"]:
        assert command in help_text
    assert controller.handle("quit").quit
    assert controller.handle("exit").quit
    controller.handle("giveup")
    assert controller.game.gave_up
    assert "game was given up" in error_of(controller, "1e")


def test_finish_plays_every_card_home_and_wins() -> None:
    columns = tuple(tuple(Card(rank, suit) for rank in range(13, 0, -1)) for suit in Suit) + ((),) * 4
    controller = Controller(Game.from_position("eight-off", Position(columns, (None,) * 8)))
    assert controller.game.can_finish
    reply = controller.handle("finish")
    assert controller.game.is_won
    assert reply.lines[-1].kind == "win"
    assert reply.lines[-1].text == f"won: score {controller.game.score} in {controller.game.moves} moves"


def test_hint_is_asked_for_and_said() -> None:
    controller = freecell()
    assert controller.handle("hint").hint
    asked_at = controller.game.position
    move = controller.game.parse_move("4a")
    text = controller.hint_reply(HintResult(move, Verdict.SOLVED, "4a: ♥6 to a free cell"), asked_at).text
    assert text == "hint: 4a: ♥6 to a free cell"
    lost = controller.hint_reply(HintResult(None, Verdict.LOST, "this position can no longer be won"), asked_at)
    assert "can no longer be won" in lost.text
    controller.handle("4a")
    assert "position changed" in controller.hint_reply(HintResult(move, Verdict.SOLVED, "x"), asked_at).text


def test_result_line() -> None:
    game = Game.new("freecell", 1)
    assert result_line(game) == "not won: 0 cards home, score 0, 0 moves (FC1-C4-AAAAAAB)"


def test_game_from_words_defaults_to_eight_off() -> None:
    game = game_from_words([])
    assert (game.variant.name, game.cells) == ("eight-off", 8)
    assert game_from_words(["seahaven", "3"]).code == "ST1-C4-AAAAAAD"


# -- automatic moves named again (solver output) -------------------------------------------


def test_foundation_line_for_an_automatic_move_is_already_done() -> None:
    controller = Controller(Game.new("freecell", 1), piped=True)
    for line in ["4a", "4b", "4c", "8d", "87", "57", "52", "82", "38", "23", "a3", "5a", "54"]:
        controller.handle(line)
    home = controller.game.position.foundations
    moves = controller.game.moves
    reply = controller.handle("5h")  # ♦A went home by itself from column 5
    assert reply.text == "5h: ♦A already went home by itself"
    assert controller.game.position.foundations == home
    assert controller.game.moves == moves
    # Claimed once only: the same line again is judged as a move.
    assert "cannot go home" in controller.handle("5h").text


def _piped_through(controller: Controller, lines: list[str]) -> None:
    """Hand ``lines`` to ``controller`` as piped play does, each with the lines after it to look ahead at."""
    for i, line in enumerate(lines):
        reply = controller.handle(line, peek=lambda n, i=i: lines[i + 1 : i + 1 + n])
        assert not [said for said in reply.lines if said.kind == "error"], f"line {i + 1} {line}: {reply.text}"


def test_foundation_line_the_lines_ahead_cannot_settle_is_played_when_the_input_lists_only_player_moves() -> None:
    # Triple FreeCell #2, the solver's moves: the 119th sends ♥2 home by itself from column 13, and the 120th,
    # 13-h, is the player's ♦10 going home; the lines after it leave column 13 alone, so they cannot tell.
    moves = (DATA / "tr2_moves.txt").read_text().split()
    controller = Controller(Game.new("triple-freecell", 2), piped=True)
    _piped_through(controller, moves[:119])
    assert [str(card) for card in controller.game.position.columns[12][-2:]] == ["QD", "TD"]
    reply = controller.handle("13-h")  # the last line: nothing ahead to look at
    assert reply.text == "13-h: ♦10 home"
    assert controller.game.moves == 120


def test_foundation_line_the_lines_ahead_cannot_settle_is_already_done_when_the_input_names_automatic_moves() -> None:
    # The same deal in sn form, which names every automatic move: there 13-h after 13-12v4 is ♥2's.
    lines = (DATA / "tr2_sn.txt").read_text().split()
    at = lines.index("13-12v4") + 1
    controller = Controller(Game.new("triple-freecell", 2), piped=True)
    _piped_through(controller, lines[:at])
    assert controller.handle("13-h").text == "13-h: ♥2 already went home by itself"
    assert controller.game.moves == 119


def test_a_game_brought_back_with_its_history_takes_none_of_its_automatic_moves_as_the_latest() -> None:
    # As `patience play` resumes a game: the controller starts on a game that has 119 moves behind it.
    game = Game.new("triple-freecell", 2)
    for move in (DATA / "tr2_moves.txt").read_text().split()[:119]:
        game.play(move)
    controller = Controller(game, piped=True)
    assert controller.handle("13-h").text == "13-h: ♦10 home"
    # A line that only an automatic move of that history explains is still taken as it: ♦Q cannot go home.
    assert "already went home by itself" in controller.handle("13-h").text
    assert controller.game.moves == 120


@pytest.mark.parametrize(
    ("variant", "data"),
    [
        ("triple-freecell", "tr2_moves"),
        ("triple-freecell", "tr2_sn"),
        ("die-schlange", "ds2_moves"),
        ("die-schlange", "ds2_sn"),
    ],
)
def test_a_piped_solution_of_a_many_deck_game_wins_with_or_without_its_automatic_moves(variant: str, data: str) -> None:
    controller = Controller(Game.new(variant, 2), piped=True)
    _piped_through(controller, (DATA / f"{data}.txt").read_text().split())
    assert controller.game.is_won


def test_an_automatic_move_that_left_a_twin_of_its_card_on_top_is_already_done() -> None:
    # Double FreeCell #21 in sn form: 7d uncovers ♣2, which goes home by itself, and the other ♣2 under it
    # (no second club foundation has its ace yet) is then on top of column 7.
    lines = (DATA / "df21_sn.txt").read_text().split()
    controller = Controller(Game.new("double-freecell", 21), piped=True)
    _piped_through(controller, lines[:13])
    assert lines[12:14] == ["7d", "7h"]
    assert controller.game.position.columns[6][-1] == Card.parse("2C")
    assert controller.handle("7h").text == "7h: ♣2 already went home by itself"
    assert controller.game.position.columns[6][-1] == Card.parse("2C")


@pytest.mark.parametrize(
    ("variant", "deal", "data"), [("double-freecell", 21, "df21_sn"), ("triple-freecell", 30, "tr30_sn")]
)
def test_a_solution_naming_automatic_moves_that_left_twins_on_top_replays_without_a_refusal(
    variant: str, deal: int, data: str
) -> None:
    controller = Controller(Game.new(variant, deal), piped=True)
    _piped_through(controller, (DATA / f"{data}.txt").read_text().split())
    assert controller.game.is_won


def test_already_done_needs_the_card_home_and_gone_from_its_source() -> None:
    controller = Controller(Game.new("freecell", 1))
    for line in ["4a", "4b", "4c", "8d", "87", "57", "52", "82", "38", "23", "a3", "5a", "54"]:
        controller.handle(line)
    controller.handle("undo")  # ♦A is back on column 5, under ♠J
    assert "cannot go home" in error_of(controller, "5h")


def test_interactive_foundation_line_plays_when_it_can() -> None:
    # Interactively a legal foundation move is played even if automatic play just used that column.
    controller = Controller(Game.new("freecell", 1))
    assert not controller.piped
    controller.handle("4a")
    assert controller.game.position.cells[0] == Card.parse("6H")
    assert Place.cell(0) == controller.game.find(Card.parse("6H"))


def test_help_explains_taking_a_card_back_and_where_it_works() -> None:
    text = eight_off().handle("help").text
    assert "hSa" in text and "hD5" in text
    assert "only where the variant allows it (Eight Off does)" in text
    assert "(FreeCell does not)" in freecell().handle("help").text
    controller = eight_off(160)
    controller.handle("1h")  # ♣A home
    controller.handle("hCe")  # and back, as the help says
    assert controller.game.position.cells[4] == Card.parse("AC")


def test_counts_of_one_are_singular() -> None:
    controller = freecell()
    controller.handle("3a")
    assert result_line(controller.game) == "not won: 0 cards home, score 0, 1 move (FC1-C4-AAAAAAB)"
    assert error_of(freecell(), "QS") == "♠Q cannot move now: it is covered by 1 card in column 4"
