"""Every cell of the meld tables (docs/rules/pinochle.md, "Meld" and "Variants"), one hand each.

Each hand holds exactly the cards of one meld, with a trump chosen so nothing else scores.
"""

import pytest

from games.pinochle import meld_of

SUITS = "SHDC"


def around(rank, n):
    return [rank + s for s in SUITS for _ in range(n)]


@pytest.mark.parametrize(
    "rank,word,values",
    [
        ("A", "aces", {1: 10, 2: 100}),
        ("K", "kings", {1: 8, 2: 80}),
        ("Q", "queens", {1: 6, 2: 60}),
        ("J", "jacks", {1: 4, 2: 40}),
    ],
)
@pytest.mark.parametrize("n", [1, 2])
def test_single_deck_arounds(rank, word, values, n):
    name = ("double_" if n == 2 else "") + word + "_around"
    cards = around(rank, n)
    assert meld_of(cards, "H") == (values[n], [{"name": name, "cards": cards, "points": values[n]}])


@pytest.mark.parametrize(
    "rank,word,values",
    [
        ("A", "aces", (10, 100, 150, 200)),
        ("K", "kings", (8, 80, 120, 160)),
        ("Q", "queens", (6, 60, 90, 120)),
        ("J", "jacks", (4, 40, 60, 80)),
    ],
)
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_double_deck_arounds(rank, word, values, n):
    prefix = ("", "double_", "triple_", "quadruple_")[n - 1]
    cards = around(rank, n)
    points = values[n - 1]
    assert meld_of(cards, "H", "double") == (
        points,
        [{"name": prefix + word + "_around", "cards": cards, "points": points}],
    )


def test_an_around_needs_every_suit_the_fewest_copies_count():
    assert meld_of(["AS", "AS", "AH", "AH", "AD", "AD", "AC"], "H")[0] == 10
    assert meld_of(["AS", "AH", "AD"], "H") == (0, [])
    assert meld_of(around("K", 3) + ["KS"], "H", "double")[0] == 120


def test_single_deck_run_and_double_run():
    run = ["AS", "TS", "KS", "QS", "JS"]
    assert meld_of(run, "S") == (15, [{"name": "run", "cards": run, "points": 15}])
    double = [c for c in run for _ in range(2)]
    assert meld_of(double, "S") == (150, [{"name": "double_run", "cards": double, "points": 150}])


def test_a_run_with_a_spare_trump_king_and_queen_adds_a_royal_marriage():
    cards = ["AS", "TS", "KS", "KS", "QS", "QS", "JS"]
    points, melds = meld_of(cards, "S")
    assert points == 19
    assert [m["name"] for m in melds] == ["run", "royal_marriage"]
    assert melds[1] == {"name": "royal_marriage", "cards": ["KS", "QS"], "points": 4}


def test_a_run_with_only_a_spare_king_adds_nothing():
    assert meld_of(["AS", "TS", "KS", "KS", "QS", "JS"], "S")[0] == 15


@pytest.mark.parametrize(
    "r,name,points",
    [(1, "run", 15), (2, "double_run", 150), (3, "triple_run", 225), (4, "quadruple_run", 300)],
)
def test_double_deck_runs(r, name, points):
    cards = [c + "S" for c in "ATKQJ" for _ in range(r)]
    assert meld_of(cards, "S", "double") == (
        points,
        [{"name": name, "cards": cards, "points": points}],
    )


@pytest.mark.parametrize(
    "r,kq,points", [(1, 4, 15 + 3 * 4), (2, 3, 150 + 4), (3, 4, 225 + 4), (2, 2, 150), (0, 4, 16)]
)
def test_double_deck_each_trump_k_q_pair_beyond_the_runs_is_a_royal_marriage(r, kq, points):
    cards = [c + "D" for c in "ATJ" for _ in range(r)] + ["KD", "QD"] * kq
    got, melds = meld_of(cards, "D", "double")
    assert got == points
    assert [m["name"] for m in melds].count("royal_marriage") == kq - r
    assert all(
        m["points"] == 4 and m["cards"] == ["KD", "QD"]
        for m in melds
        if m["name"] == "royal_marriage"
    )


def test_royal_marriages_single_deck_one_and_two():
    assert meld_of(["KH", "QH"], "H") == (
        4,
        [{"name": "royal_marriage", "cards": ["KH", "QH"], "points": 4}],
    )
    points, melds = meld_of(["KH", "QH", "KH", "QH"], "H")
    assert points == 8 and [m["name"] for m in melds] == ["royal_marriage", "royal_marriage"]


def test_plain_marriages_one_and_two():
    assert meld_of(["KC", "QC"], "H") == (
        2,
        [{"name": "marriage", "cards": ["KC", "QC"], "points": 2}],
    )
    points, melds = meld_of(["KC", "QC", "QC", "KC"], "H")
    assert points == 4 and [m["name"] for m in melds] == ["marriage", "marriage"]


def test_double_deck_plain_marriages_are_2_per_pair():
    points, melds = meld_of(["KC", "QC"] * 4 + ["KD"] * 3 + ["QD"], "H", "double")
    assert points == 10 and len(melds) == 5


def test_pinochle_and_double_pinochle_single_deck():
    assert meld_of(["QS", "JD"], "H") == (
        4,
        [{"name": "pinochle", "cards": ["QS", "JD"], "points": 4}],
    )
    cards = ["QS", "QS", "JD", "JD"]
    assert meld_of(cards, "H") == (30, [{"name": "double_pinochle", "cards": cards, "points": 30}])


@pytest.mark.parametrize(
    "m,name,points",
    [
        (1, "pinochle", 4),
        (2, "double_pinochle", 30),
        (3, "triple_pinochle", 60),
        (4, "quadruple_pinochle", 90),
    ],
)
def test_double_deck_pinochles(m, name, points):
    cards = ["QS"] * m + ["JD"] * m
    assert meld_of(cards, "H", "double") == (
        points,
        [{"name": name, "cards": cards, "points": points}],
    )


def test_dix_is_one_per_nine_of_trump():
    assert meld_of(["9H"], "H") == (1, [{"name": "dix", "cards": ["9H"], "points": 1}])
    points, melds = meld_of(["9H", "9H", "9S"], "H")
    assert points == 2 and melds == [{"name": "dix", "cards": ["9H"], "points": 1}] * 2
    assert meld_of(["9S", "9D"], "H") == (0, [])


def test_the_melds_come_in_table_order():
    cards = "AS AH AD AC KS KH KD KC QS QH QD QC JS JH JD JC TH 9H".split()
    points, melds = meld_of(cards, "H")
    assert [m["name"] for m in melds] == [
        "aces_around",
        "kings_around",
        "queens_around",
        "jacks_around",
        "run",
        "marriage",
        "marriage",
        "marriage",
        "pinochle",
        "dix",
    ]
    assert points == 10 + 8 + 6 + 4 + 15 + 6 + 4 + 1
