"""fc-solve's board format: reading what fc-solve prints and refusing impossible boards."""

from __future__ import annotations

import pytest

from patience import InvalidBoardError, parse_board

DEAL_ONE = """Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
"""


def test_a_free_cell_between_full_ones_keeps_its_place_as_fc_solve_prints_it() -> None:
    text = (
        "Foundations: H-0 C-0 D-0 S-0 \n"
        "Freecells:  6S  9C      6H  TC  7D      3C\n"
        ": JD KD 2S 4C 3S 6D\n: 2D KC KS 5C TD 8S\n: 9H 9S 9D TS 4S 8D\n: JC 5S QD QH TH QS\n"
        ": 5D AD JS 4H 8H 6C\n: 7H QC AS AC 2C 3D 2H 7S\n: 7C KH AH 4D JH 8C\n: 5H 3H\n"
    )
    position = parse_board(text, cells=8)
    assert [str(card) if card else "-" for card in position.cells] == ["6S", "9C", "-", "6H", "TC", "7D", "-", "3C"]


def test_a_first_free_cell_printed_blank_keeps_its_place() -> None:
    text = DEAL_ONE.replace("Freecells: - - - -", "Freecells:      6S").replace(" 6S\n2D", "\n2D")
    position = parse_board(text, cells=4)
    assert [str(card) if card else "-" for card in position.cells] == ["-", "6S", "-", "-"]


def test_ten_may_be_written_10() -> None:
    assert parse_board(DEAL_ONE.replace("TD", "10D")) == parse_board(DEAL_ONE)


def test_a_card_twice_is_refused_naming_it() -> None:
    with pytest.raises(InvalidBoardError, match="53 cards, not 52; appears more than once: JD"):
        parse_board(DEAL_ONE.replace("Freecells: - - - -", "Freecells: JD - - -"))


def test_a_missing_card_is_refused_naming_it() -> None:
    with pytest.raises(InvalidBoardError, match=r"51 cards, not 52; missing \(1\): 6S"):
        parse_board(DEAL_ONE.replace(" 6S\n2D", "\n2D"))


def test_a_line_that_is_not_a_board_line_is_named() -> None:
    with pytest.raises(InvalidBoardError, match="line 1: 'Talon' is not a board line"):
        parse_board("Talon: AS\n" + DEAL_ONE)


def test_a_bad_card_names_its_line() -> None:
    with pytest.raises(InvalidBoardError, match="line 3: 'XX' is not a card"):
        parse_board(DEAL_ONE.replace("JD KD", "XX KD"))


def _freecell_one() -> str:
    return DEAL_ONE


def test_a_board_with_fewer_columns_than_the_game_is_refused_not_padded() -> None:
    text = _freecell_one()
    with pytest.raises(InvalidBoardError, match=r"the board has 8 columns; this game has 10 \(write an empty column"):
        parse_board(text, columns=10, cells=4)


def test_a_board_showing_more_cells_than_the_game_has_is_refused_not_squeezed() -> None:
    text = _freecell_one().replace("Freecells: - - - -", "Freecells: - - - - - - - -")
    with pytest.raises(InvalidBoardError, match="the board shows 8 cells; this game has 4"):
        parse_board(text, columns=8, cells=4)


def test_a_card_twice_and_one_missing_is_worded_as_such() -> None:
    text = _freecell_one().replace(" 6S\n", " JD\n", 1)
    with pytest.raises(InvalidBoardError, match="the board has 52 cards but not the 52; appears more than once: JD"):
        parse_board(text, columns=8, cells=4)


def test_an_empty_board_says_it_is_empty() -> None:
    with pytest.raises(InvalidBoardError, match="the board is empty"):
        parse_board("\n\n", columns=8, cells=4)


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Foundations: H-0 C-0 D-0 S-0", "Foundations"),
        ("Founds: H-0 C-0 D-0 S-0", "Foundations"),
        ("Freecells: - - - -", "Freecells"),
        ("Cells: - - - -", "Freecells"),
        ("Base: A", "Base"),
    ],
)
def test_a_line_a_board_has_once_given_twice_is_refused_naming_both(line: str, name: str) -> None:
    # DEAL_ONE has its Foundations: line 1 and Freecells: line 2; the second copy goes on line 3.
    text = DEAL_ONE.replace("\nJD KD", f"\n{line}\nJD KD")
    first = {"Foundations": 1, "Freecells": 2, "Base": 1}[name]
    if name == "Base":
        text = "Base: A\n" + text  # the copy is now line 4
    second = 4 if name == "Base" else 3
    with pytest.raises(InvalidBoardError) as caught:
        parse_board(text)
    assert str(caught.value) == f"line {second}: a second {name}: line (the first is line {first}); a board has one"


def test_a_second_foundations_line_never_wins_over_the_first() -> None:
    # Both lines well formed: the board is refused, not read with the last one's tops.
    text = DEAL_ONE.replace("Freecells:", "Foundations: H-A C-0 D-0 S-0\nFreecells:")
    with pytest.raises(InvalidBoardError, match="line 2: a second Foundations: line"):
        parse_board(text)
