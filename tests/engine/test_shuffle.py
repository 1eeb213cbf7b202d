from patience import Card, ms_deal
from patience.shuffle import deal_round_robin


def test_deal_one_first_row_is_windows_game_one() -> None:
    assert " ".join(map(str, ms_deal(1)[:8])) == "JD 2D 9H JC 5D 7H 7C 5H"


def test_deal_one_column_one_from_covered_to_top() -> None:
    column = deal_round_robin(ms_deal(1), 8)[0]
    assert column == tuple(Card.parse(c) for c in ["JD", "KD", "2S", "4C", "3S", "6D", "6S"])
