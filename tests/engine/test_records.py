"""Game records: the text format reads back what it writes, and the replay check catches every lie."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience import Game, PatienceError
from patience.formats.records import (
    REQUIRED_TAGS,
    Record,
    RecordError,
    check_record,
    format_record,
    parse_record,
    record_of,
    replay,
)

DATA = Path(__file__).parents[1] / "cli" / "data"
START = dt.datetime(2026, 11, 30, 6, 22, 56, tzinfo=dt.UTC)
END = dt.datetime(2026, 11, 30, 6, 41, 3, tzinfo=dt.UTC)


def won_freecell() -> Game:
    """FreeCell #1 won with an undo, a redo and a hint on the way (automatic play ends it)."""
    game = Game.new("freecell", 1)
    moves = (DATA / "fc1_moves.txt").read_text().split()
    game.play(moves[0])
    game.note_hint()
    game.undo()
    game.redo()
    for move in moves[1:]:
        game.play(move)
    assert game.is_won
    return game


def won_eight_off() -> Game:
    """Eight Off #160 (no automatic play) won with Finish once foundation moves alone can do it."""
    game = Game.from_code("EO1-C8-AAAAAFA")
    for move in (DATA / "eo160_moves.txt").read_text().split():
        if game.can_finish:
            game.finish()
            break
        game.play(move)
    assert game.is_won
    assert game.log[-1] == "finish"
    return game


def given_up() -> Game:
    game = Game.new("freecell", 617)
    game.play("3a")
    game.play("36") if game.check(game.parse_move("36")) else None
    game.undo()
    game.give_up()
    return game


def unfinished() -> Game:
    game = Game.new("bakers-game", 5)
    for move in list(game.legal_moves)[:1]:
        game.play(move)
    game.note_hint()
    return game


def vegas_below_zero() -> Game:
    """Eight Off scored Vegas-style (the example plugin) starts at -52, so its record claims a negative score."""
    game = Game.new("eight-off-vegas", 1)
    game.play(next(iter(game.legal_moves)))
    assert game.score < 0
    return game


def won_record() -> Record:
    return record_of(won_freecell(), result="won", started=START, ended=END)


BASES = {
    "won": won_record(),
    "won-eo": record_of(won_eight_off(), result="won", started=START, ended=END),
    "gave-up": record_of(given_up(), result="gave-up", started=START, ended=END),
    "unfinished": record_of(unfinished(), result="unfinished", started=START),
    "negative-score": record_of(vegas_below_zero(), result="unfinished", started=START),
}


# -- the format --------------------------------------------------------------------------
def test_a_record_carries_every_required_tag_in_order_then_the_times() -> None:
    record = won_record()
    names = [name for name, _ in record.tags]
    assert names == [*REQUIRED_TAGS, "Started", "Ended"]
    assert record.tag("Variant") == "freecell"
    assert record.tag("Code") == "FC1-C4-AAAAAAB"
    assert record.tag("Date") == "2026-11-30"
    assert record.tag("Started") == "2026-11-30T06:22:56Z"
    assert record.tag("Result") == "won"
    assert record.tag("Undos") == "1"
    assert record.tag("Hints") == "1"
    assert record.actions[:4] == ("4a", "hint", "undo", "redo")
    assert BASES["won-eo"].actions[-1] == "finish"


def test_a_negative_score_is_a_claim_the_replay_checks() -> None:
    record = BASES["negative-score"]
    assert (record.tag("Score") or "").startswith("-")
    assert check_record(record).consistent
    wrong = record.with_tag("Score", "-51")
    assert "Score: the record says -51" in (check_record(wrong).problem or "")


def test_format_then_parse_gives_the_same_record() -> None:
    for record in BASES.values():
        assert parse_record(format_record(record)) == record


def test_comments_blank_lines_and_free_line_breaks_are_read() -> None:
    text = (
        "; exported by hand\n"
        '[Variant "freecell"]   ; the variant\n'
        "\n"
        '[Event "club night"]\n'
        '[Note "a \\"quoted\\" word; and a back\\\\slash"]\n'
        "3a 36 ; first two\n"
        "  undo\n\n redo\n"
    )
    record = parse_record(text)
    assert record.tags == (
        ("Variant", "freecell"),
        ("Event", "club night"),
        ("Note", 'a "quoted" word; and a back\\slash'),
    )
    assert record.actions == ("3a", "36", "undo", "redo")
    assert parse_record(format_record(record)) == record


def test_unknown_tags_are_kept_and_written_back() -> None:
    record = won_record().with_tag("Player", "Ann")
    again = parse_record(format_record(record))
    assert again.tag("Player") == "Ann"
    assert check_record(again).consistent


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("   \n; only a comment\n", "empty"),
        ("3a 36 undo", "line 1"),
        ('[Variant "freecell"\n', "line 1"),
        ("[Variant freecell]\n3a", "line 1"),
        ('[Variant "freecell"]\n3a\n[Score "10"]\n', "line 3: '[Score \"10\"]': a tag line after the actions"),
        ("\x00\xff garbage", "line 1"),
    ],
)
def test_text_that_is_not_a_record_is_refused_naming_the_line(text: str, fragment: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)
    assert isinstance(caught.value, PatienceError)
    assert isinstance(caught.value, ValueError)


def test_a_record_that_cannot_be_read_back_is_not_written() -> None:
    with pytest.raises(RecordError):
        format_record(Record((("Note", "two\nlines"),), ()))
    with pytest.raises(RecordError):
        format_record(Record((("Variant", "freecell"),), ("3 a",)))
    with pytest.raises(RecordError):
        format_record(Record((("bad name", "x"),), ()))


_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True)
_values = st.text(st.characters(exclude_characters="\r\n", exclude_categories=["Cs"]), max_size=20)
_tokens = st.text(st.characters(exclude_categories=["Cs", "Zs", "Zl", "Zp", "Cc"]), min_size=1, max_size=6).filter(
    lambda t: t == "".join(t.split()) and not any(c in t for c in ";{}") and not t.startswith("[")
)


@given(st.lists(st.tuples(_names, _values), min_size=1, max_size=6), st.lists(_tokens, max_size=12))
def test_parse_of_format_is_the_identity(tags: list[tuple[str, str]], actions: list[str]) -> None:
    record = Record(tuple(tags), tuple(actions))
    assert parse_record(format_record(record)) == record


# -- the replay check ----------------------------------------------------------------------
@pytest.mark.parametrize("name", list(BASES))
def test_a_real_game_is_consistent(name: str) -> None:
    record = parse_record(format_record(BASES[name]))
    checked = check_record(record)
    assert checked.problem is None, checked.problem
    assert checked.game is not None
    assert checked.result == {"won": "won", "won-eo": "won", "gave-up": "gave-up"}.get(name, "unfinished")


def test_the_won_replay_recomputes_everything() -> None:
    game = won_freecell()
    checked = check_record(record_of(game, result="won", started=START, ended=END))
    assert (checked.result, checked.score, checked.moves, checked.undos, checked.hints, checked.cards_home) == (
        "won",
        game.score,
        game.moves,
        1,
        1,
        52,
    )


def test_replay_rebuilds_the_undo_and_redo_stacks() -> None:
    game = Game.new("freecell", 1)
    moves = (DATA / "fc1_moves.txt").read_text().split()
    for move in moves[:12]:
        game.play(move)
    game.undo()
    game.undo()
    again = replay(record_of(game, result="unfinished", started=START)).game
    assert again is not None
    assert (again.position, again.score, again.moves, again.undos) == (game.position, game.score, game.moves, 2)
    assert again.can_redo
    again.redo()
    game.redo()
    assert again.position == game.position
    for _ in range(10):
        assert again.undo() == game.undo()
        assert again.position == game.position
        assert again.score == game.score


def test_replay_of_a_three_deck_game_gives_back_each_action_with_its_automatic_moves() -> None:
    # Triple FreeCell #2: three copies of each card, and automatic play after many of the moves.
    game = Game.new("triple-freecell", 2)
    for move in (DATA / "tr2_moves.txt").read_text().split()[:119]:
        game.play(move)
    game.undo()
    game.redo()
    again = replay(record_of(game, result="unfinished", started=START)).game
    assert again is not None
    assert again.undo_actions == game.undo_actions
    assert again.undo_positions == game.undo_positions
    assert len(again.undo_actions) == 119
    assert [str(move) for move in again.undo_actions[-1].auto] == ["13-h"]  # ♥2, from under the run moved
    # Each action, its automatic moves included, leads from its position to the next one's.
    nexts = (*again.undo_positions[1:], again.position)
    for before, action, after in zip(again.undo_positions, again.undo_actions, nexts, strict=True):
        for move in (*action.moves, *action.auto):
            before = before.apply(move)
        assert before == after


def test_a_move_changed_to_an_illegal_one_is_named_with_its_number() -> None:
    record = won_record()
    actions = list(record.actions)
    index = 10
    game = Game.new("freecell", 1)
    for token in actions[:index]:
        if token == "hint":
            game.note_hint()
        elif token in ("undo", "redo"):
            getattr(game, token)()
        else:
            game.play(token)
    illegal = next(
        text
        for text in ("1h", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "12", "13", "14")
        if not game.check(game.parse_move(text))
    )
    actions[index] = illegal
    checked = check_record(Record(record.tags, tuple(actions)))
    assert checked.action == index + 1
    assert checked.token == illegal
    assert checked.problem is not None
    assert checked.problem.startswith(f"action {index + 1} '{illegal}': ")


@pytest.mark.parametrize("index", [0, 5, 30, -2, -1])
def test_a_move_left_out_is_inconsistent(index: int) -> None:
    record = won_record()
    actions = list(record.actions)
    del actions[index]
    checked = check_record(Record(record.tags, tuple(actions)))
    assert not checked.consistent


@pytest.mark.parametrize(
    ("tag", "value", "expected"),
    [
        ("Score", "9999", "Score: the record says 9999, the replay gives "),
        ("Moves", "3", "Moves: the record says 3, the replay gives "),
        ("Undos", "0", "Undos: the record says 0, the replay gives 1"),
        ("Hints", "0", "Hints: the record says 0, the replay gives 1"),
        ("Result", "gave-up", "Result: the record says gave-up, the replay gives won"),
        ("Result", "unfinished", "Result: the record says unfinished, the replay gives won"),
        ("Result", "lost", "Result: 'lost' is not a result"),
        ("Code", "FC1-C4-AAAAAAC", "Code: the record says FC1-C4-AAAAAAC, the replay gives FC1-C4-AAAAAAB"),
        ("Cells", "x", "Cells: 'x' is not a whole number"),
        ("Date", "2026-13-01", "Date: '2026-13-01' is not a date"),
    ],
)
def test_a_changed_tag_is_named_with_both_values(tag: str, value: str, expected: str) -> None:
    checked = check_record(won_record().with_tag(tag, value))
    assert checked.problem is not None
    assert checked.problem.startswith(expected), checked.problem


def test_a_claimed_win_that_does_not_end_won_is_inconsistent() -> None:
    record = won_record()
    cut = Record(record.tags, record.actions[:-1])  # without the last move
    checked = check_record(cut)
    assert checked.problem is not None
    assert checked.problem.startswith("Result: the record says won, the replay gives unfinished (")


def test_a_record_cut_in_the_middle_of_its_tags_is_never_consistent() -> None:
    text = format_record(won_record())
    end_of_tags = text.index("\n\n")
    for cut in range(end_of_tags):
        try:
            record = parse_record(text[:cut])
        except RecordError:
            continue
        assert not check_record(record).consistent, repr(text[:cut])


def test_missing_and_doubled_tags_are_named() -> None:
    record = won_record()
    without = Record(tuple(tag for tag in record.tags if tag[0] != "Moves"), record.actions)
    assert check_record(without).problem == "the Moves tag is missing"
    doubled = Record((*record.tags, ("Score", "0")), record.actions)
    assert check_record(doubled).problem == "the Score tag is given 2 times"


def test_garbage_deals_and_tokens_are_problems_not_exceptions() -> None:
    record = won_record()
    for tag, value in (("Variant", "klondike"), ("Deal", "0"), ("Cells", "99"), ("Deal", "9" * 5000)):
        checked = check_record(record.with_tag(tag, value))
        assert checked.problem is not None
    checked = check_record(Record(record.tags, ("zz9", *record.actions)))
    assert checked.action == 1
    assert checked.token == "zz9"


# -- random mutations ---------------------------------------------------------------------
def _independent_verdict(record: Record) -> bool:
    """Whether the record is consistent, worked out the plain way with the game API alone."""
    for name in REQUIRED_TAGS:
        if [key for key, _ in record.tags].count(name) != 1:
            return False
    tags = dict(record.tags)
    try:
        game = Game.from_code(tags["Code"])
    except PatienceError:
        return False
    if (game.variant.name, str(game.cells), str(game.deal)) != (tags["Variant"], tags["Cells"], tags["Deal"]):
        return False
    try:
        dt.date.fromisoformat(tags["Date"])
    except ValueError:
        return False
    for token in record.actions:
        try:
            if token == "undo":
                game.undo()
            elif token == "redo":
                game.redo()
            elif token == "finish":
                game.finish()
            elif token == "giveup":
                game.give_up()
            elif token == "hint":
                game.note_hint()
            else:
                game.play(token)
        except PatienceError:
            return False
    result = "won" if game.is_won else "gave-up" if game.gave_up else "unfinished"
    claimed = "unfinished" if tags["Result"] == "abandoned" else tags["Result"]
    return (claimed, tags["Score"], tags["Moves"], tags["Undos"], tags["Hints"]) == (
        result,
        str(game.score),
        str(game.moves),
        str(game.undos),
        str(game.hints),
    )


_VOCABULARY = ["undo", "redo", "finish", "giveup", "hint", "1h", "3a", "a3", "18", "23v4", "hSa", "x", "0", "99"]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    base = BASES[draw(st.sampled_from(sorted(BASES)))]
    kind = draw(st.sampled_from(["text", "token", "drop", "swap", "tag", "insert"]))
    actions = list(base.actions)
    if kind == "text":
        text = format_record(base)
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 8)))
        return text[:start] + draw(st.text(max_size=6)) + text[end:]
    if kind == "tag":
        name = draw(st.sampled_from([*REQUIRED_TAGS, "Started"]))
        value = draw(st.one_of(st.integers(0, 2000).map(str), st.text(max_size=8), st.sampled_from(["won", "gave-up"])))
        return format_record(base.with_tag(name, value.replace("\n", " ").replace("\r", " ")))
    if actions:
        i = draw(st.integers(0, len(actions) - 1))
        if kind == "token":
            actions[i] = draw(st.sampled_from(_VOCABULARY))
        elif kind == "drop":
            del actions[i]
        elif kind == "swap":
            j = draw(st.integers(0, len(actions) - 1))
            actions[i], actions[j] = actions[j], actions[i]
        else:
            actions.insert(i, draw(st.sampled_from(_VOCABULARY)))
    return format_record(Record(base.tags, tuple(actions)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_random_mutations_never_raise_and_are_never_called_consistent_wrongly(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError as error:
        assert "\n" not in str(error)
        return
    checked = check_record(record)
    if checked.consistent:
        assert _independent_verdict(record), text
    else:
        assert checked.problem is not None
        assert "\n" not in checked.problem


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_record_or_one_record_error(text: str) -> None:
    try:
        record = parse_record(text)
    except RecordError as error:
        assert str(error) and "\n" not in str(error)
        return
    checked = check_record(record)
    assert checked.problem is not None  # random text is never a consistent game


@pytest.mark.parametrize(
    ("token", "reason"),
    [("33", "a card cannot move to where it already is"), ("1av2", "a cell holds one card, not a run of 2")],
)
def test_an_illegal_action_is_named_once_before_its_reason(token: str, reason: str) -> None:
    record = won_record()
    checked = check_record(Record(record.tags, (token, *record.actions)))
    assert checked.problem is not None
    assert checked.problem.startswith(f"action 1 '{token}': {reason}")
