"""The parsers fed generated and mutated text: they accept or raise the engine's own error, nothing else."""

from __future__ import annotations

import contextlib
import datetime as dt
from pathlib import Path

from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st

from patience import (
    Card,
    Game,
    GameCode,
    Move,
    PatienceError,
    Place,
    deal_position,
    format_board,
    get_variant,
    parse_board,
)
from patience.formats.records import RecordError, check_record, format_record, parse_record, record_of, replay
from patience.plugins import resolve_code

HUGE = "9" * 5000
VARIANTS = ["freecell", "eight-off", "bakers-game", "seahaven-towers"]


def mutated(text: str) -> st.SearchStrategy[str]:
    """``text`` with a few characters deleted, replaced, inserted or lines swapped."""

    @st.composite
    def build(draw: st.DrawFn) -> str:
        result = text
        for _ in range(draw(st.integers(1, 4))):
            kind = draw(st.sampled_from(["delete", "replace", "insert", "swap", "duplicate"]))
            at = draw(st.integers(0, max(0, len(result) - 1)))
            if kind == "delete":
                result = result[:at] + result[at + draw(st.integers(1, 6)) :]
            elif kind == "replace":
                result = result[:at] + draw(st.characters()) + result[at + 1 :]
            elif kind == "insert":
                piece = draw(st.one_of(st.text(max_size=6), st.sampled_from([HUGE, "\ufeff", "\x00", "١", ":", "-"])))
                result = result[:at] + piece + result[at:]
            else:
                lines = result.split("\n")
                i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
                if kind == "swap":
                    lines[i], lines[j] = lines[j], lines[i]
                else:
                    lines.insert(i, lines[j])
                result = "\n".join(lines)
        return result

    return build()


def board_text(variant: str, deal: int) -> str:
    var = get_variant(variant)
    return format_board(deal_position(var, deal, var.default_cells))


BOARDS = st.one_of(
    st.builds(board_text, st.sampled_from(VARIANTS), st.integers(1, 1000)).flatmap(mutated),
    st.text(max_size=300),
)


@fuzz(300)
@given(text=BOARDS, variant=st.sampled_from(VARIANTS))
def test_the_board_parser_accepts_a_whole_board_or_says_why_not(text: str, variant: str) -> None:
    var = get_variant(variant)
    try:
        position = parse_board(text, columns=var.columns, cells=var.default_cells)
    except PatienceError as error:
        assert str(error) and "\n" not in str(error)
        return
    position.validate()
    assert parse_board(format_board(position), columns=var.columns, cells=var.default_cells) == position


CODE_TEXT = st.one_of(
    st.sampled_from(["EO1-C8-AAAAAFA", "FC1-C4-AAAAAAB", "BG1-C4-AAAAAAC", "ST1-C4-AAAABAA"]).flatmap(mutated),
    st.from_regex(r"[A-Za-z]{2}[0-9١]{1,3}-[Cc][0-9]{1,3}-[A-Z0-9]{0,9}", fullmatch=True),
    st.text(max_size=30),
)


@fuzz(300)
@given(text=CODE_TEXT)
def test_the_code_parser_decodes_or_says_why_not(text: str) -> None:
    try:
        code = GameCode.parse(text)
    except PatienceError as error:
        assert str(error) and len(str(error)) < 400
        return
    assert GameCode.parse(str(code)) == code
    try:
        variant, resolved = resolve_code(text)
    except PatienceError:
        return
    game = Game.from_code(text)
    assert (game.variant, game.deal, game.cells) == (variant, resolved.deal, resolved.cells)


NOTATION = st.one_of(
    st.text(alphabet="0123456789abcdefghkvsHSDC♠♥♦♣١²", max_size=7),
    st.text(max_size=10),
    st.just(HUGE),
)


@fuzz(400)
@given(text=NOTATION)
def test_the_notation_parsers_read_or_say_why_not(text: str) -> None:
    for parse in (Move.parse, Place.parse, Card.parse):
        try:
            value = parse(text)
        except PatienceError as error:
            assert str(error) and len(str(error)) < 400
            continue
        assert parse(str(value)) == value  # type: ignore[operator]


@fuzz(200)
@given(text=NOTATION, variant=st.sampled_from(VARIANTS), deal=st.integers(1, 100))
def test_a_game_reads_notation_in_its_position_or_says_why_not(text: str, variant: str, deal: int) -> None:
    game = Game.new(variant, deal)
    try:
        move = game.parse_move(text)
    except PatienceError:
        return
    with contextlib.suppress(PatienceError):  # a move the rules refuse is refused in the engine's words
        game.play(move)


def record_text(deal: int, moves: int) -> str:
    game = Game.new("freecell", deal)
    for move in list(game.legal_moves)[:moves]:
        if move in game.legal_moves:
            game.play(move)
    if game.moves:
        game.undo()
    started = dt.datetime(2026, 11, 30, 6, 0, tzinfo=dt.UTC)
    return format_record(record_of(game, result="unfinished", started=started))


RECORDS = st.one_of(
    st.builds(record_text, st.integers(1, 500), st.integers(0, 6)).flatmap(mutated),
    st.just((Path(__file__).parent / "data" / "game.record").read_text()).flatmap(mutated),
    st.text(max_size=300),
)


@fuzz(200)
@given(text=RECORDS)
def test_the_record_parser_and_the_replay_never_raise_anything_else(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError as error:
        assert str(error) and len(str(error)) < 400
        return
    assert parse_record(format_record(record)) == record
    checked = check_record(record)  # never raises: a problem is a finding
    assert checked.problem is None or checked.problem
    done = replay(record)
    if done.game is not None:
        done.game.position.validate()
