"""``roundhouse_bonus``: a K and a Q in every suit score at least 25 (docs/rules/pinochle.md)."""

from games.pinochle import meld_of

ROUNDHOUSE = "KS QS KH QH KD QD KC QC".split()


def test_without_the_option_a_roundhouse_scores_24_by_its_parts():
    points, melds = meld_of(ROUNDHOUSE, "S")
    assert points == 8 + 6 + 4 + 3 * 2 == 24
    assert "roundhouse" not in [m["name"] for m in melds]


def test_with_the_option_the_parts_become_one_roundhouse_of_25():
    points, melds = meld_of(ROUNDHOUSE, "S", roundhouse_bonus=True)
    assert points == 25
    assert melds == [{"name": "roundhouse", "cards": ROUNDHOUSE, "points": 25}]


def test_other_melds_add_on_top_a_roundhouse_and_a_pinochle_is_29():
    points, melds = meld_of(ROUNDHOUSE + ["JD"], "S", roundhouse_bonus=True)
    assert points == 29
    assert [m["name"] for m in melds] == ["roundhouse", "pinochle"]
    points, melds = meld_of(
        ROUNDHOUSE + ["JD", "9S", "AS", "AH", "AD", "AC"], "S", roundhouse_bonus=True
    )
    assert points == 10 + 25 + 4 + 1
    assert [m["name"] for m in melds] == ["aces_around", "roundhouse", "pinochle", "dix"]


def test_with_a_run_nothing_changes_35():
    cards = ROUNDHOUSE + ["AS", "TS", "JS"]
    assert meld_of(cards, "S", roundhouse_bonus=True) == meld_of(cards, "S")
    assert meld_of(cards, "S", roundhouse_bonus=True)[0] == 8 + 6 + 15 + 6 == 35


def test_parts_worth_25_or_more_stay_as_they_are():
    cards = ROUNDHOUSE + ["KH", "QH"]  # a second heart marriage: 26
    assert meld_of(cards, "S", roundhouse_bonus=True) == meld_of(cards, "S")
    assert meld_of(cards, "S")[0] == 26


def test_a_missing_queen_is_no_roundhouse():
    cards = "KS QS KH QH KD QD KC".split()
    assert meld_of(cards, "S", roundhouse_bonus=True) == meld_of(cards, "S")


def test_the_double_deck_roundhouse_works_alike():
    points, melds = meld_of(ROUNDHOUSE, "H", "double", roundhouse_bonus=True)
    assert points == 25 and melds[0]["name"] == "roundhouse"
