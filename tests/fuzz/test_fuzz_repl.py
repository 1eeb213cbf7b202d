"""Lines typed into the REPL through the controller: never an unexpected error, the game always whole."""

from __future__ import annotations

from fuzzing import check_game, fuzz
from hypothesis import given
from hypothesis import strategies as st

from patience import Game
from patience_cli.repl import Controller
from patience_cli.repl.hints import Hinter, HintResult, Verdict

HUGE = "9" * 5000


def _installed() -> list[str]:
    """Every installed variant, plugins' included."""
    from patience import variants

    return sorted(variants())


VARIANTS = _installed()
COMMAND_WORDS = [
    "undo",
    "redo",
    "restart",
    "finish",
    "giveup",
    "give up",
    "board",
    "moves",
    "code",
    "help",
    "hint",
    "u",
    "?",
    "run",
]
NEW_ARGS = st.lists(
    st.one_of(
        st.sampled_from([*VARIANTS, "--cells", "-c", "--code", "--cells=2", "--code=FC1-C4-AAAAAAB", "EO1-C8-AAAAAFA"]),
        st.integers(-2, 40000).map(str),
        st.sampled_from(["²", "١٢٣", HUGE, "#5", "8589934592", "'", '"', "--", "-x"]),
        st.text(max_size=8),
    ),
    max_size=4,
)
LINES = st.one_of(
    st.text(alphabet="0123456789abcdefghkvsHSDC", min_size=1, max_size=5),
    st.sampled_from(COMMAND_WORDS),
    NEW_ARGS.map(lambda args: " ".join(["new", *args])),
    st.builds(
        lambda rank, suit: rank + suit,
        st.sampled_from(["A", "2", "9", "10", "T", "J", "Q", "K", "1", "0"]),
        st.sampled_from("SHDCshdc♠♥♦♣"),
    ),
    st.text(max_size=20),
    st.just(HUGE),
)


@fuzz(60)
@given(
    variant=st.sampled_from(VARIANTS),
    deal=st.integers(1, 2000),
    piped=st.booleans(),
    lines=st.lists(LINES, max_size=30),
)
def test_any_lines_keep_the_game_whole_and_answer_in_the_controllers_words(
    variant: str, deal: int, piped: bool, lines: list[str]
) -> None:
    controller = Controller(Game.new(variant, deal), piped=piped)
    check_game(controller.game)
    for line in lines:
        reply = controller.handle(line)
        text = reply.text
        assert "unexpected error" not in text, (line[:100], text[:500])
        for said in reply.lines:
            if said.kind == "error":
                assert "\n" not in said.text and len(said.text) < 400, (line[:100], said.text[:500])
        if reply.hint:  # what the front end does: ask the solver (briefly) and say the answer
            game = controller.game
            answer = controller.hint_reply(Hinter()(game, time_limit=0.05), game.position)
            assert answer.lines and answer.lines[0].kind == "hint"
        check_game(controller.game)


@fuzz(30)
@given(lines=st.lists(LINES, max_size=15), deal=st.integers(1, 100))
def test_a_stale_hint_is_dropped_and_never_played(lines: list[str], deal: int) -> None:
    controller = Controller(Game.new("freecell", deal))
    asked_at = controller.game.position
    for line in lines:
        controller.handle(line)
    hint = HintResult(None, Verdict.UNDECIDED, "searched briefly")
    reply = controller.hint_reply(hint, asked_at)
    assert len(reply.lines) == 1
    check_game(controller.game)
