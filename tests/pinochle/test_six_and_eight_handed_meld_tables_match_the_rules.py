"""The meld tables of six-handed (n, r up to 6; no dix) and eight-handed (the double deck's
table with dix, ``quadruple_pinochle_100``), and ``meld_of`` for every variant
(docs/rules/pinochle.md, "Meld" of version 2)."""

import random

import pytest

from games.pinochle import CANONICAL, IllegalAction, meld_of
from games.pinochle.cards import VARIANTS
from games.pinochle.melds import points_by_trump


def around(rank: str, n: int) -> list[str]:
    return [rank + s for s in "SHDC" for _ in range(n)]


@pytest.mark.parametrize(
    ("rank", "values"),
    [
        ("A", (10, 100, 150, 200, 250, 300)),
        ("K", (8, 80, 120, 160, 200, 240)),
        ("Q", (6, 60, 90, 120, 150, 180)),
        ("J", (4, 40, 60, 80, 100, 120)),
    ],
)
def test_six_handed_arounds_up_to_six_copies(rank, values):
    word = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}[rank]
    prefix = ("", "double_", "triple_", "quadruple_", "quintuple_", "sextuple_")
    for n in range(1, 7):
        cards = around(rank, n)
        # kings or queens around in every suit are also marriages only if both are held: none
        points, melds = meld_of(cards, "S", "six")
        assert melds[0] == {
            "name": prefix[n - 1] + word + "_around",
            "cards": sorted(cards, key=lambda c: "SHDC".index(c[1])),
            "points": values[n - 1],
        }
        assert points == values[n - 1]


@pytest.mark.parametrize(("n", "run", "pinochle"), [(5, 375, 90), (6, 450, 120)])
def test_six_handed_five_and_six_runs_and_pinochles(n, run, pinochle):
    runs = [r + "H" for r in "ATKQJ" for _ in range(n)]
    points, melds = meld_of(runs, "H", "six")
    assert (points, [m["name"] for m in melds]) == (
        run,
        [("quintuple_" if n == 5 else "sextuple_") + "run"],
    )
    points, melds = meld_of(["QS"] * n + ["JD"] * n, "H", "six")
    name = ("quintuple_" if n == 5 else "sextuple_") + "pinochle"
    assert (points, [m["name"] for m in melds]) == (pinochle, [name])


def test_six_handed_runs_are_followed_by_royal_marriages_and_there_is_no_dix():
    cards = [r + "S" for r in "ATKQJ" for _ in range(2)] + ["KS", "QS", "KS", "QS", "KH", "QH"]
    points, melds = meld_of(cards, "S", "six")
    # a double run 150 + two royal marriages 8 + a heart marriage 2 + pinochle? no JD: 160
    assert [m["name"] for m in melds] == [
        "double_run",
        "royal_marriage",
        "royal_marriage",
        "marriage",
    ]
    assert points == 160
    with pytest.raises(IllegalAction) as info:
        meld_of(["9S"], "S", "six")
    assert info.value.code == "bad_action"
    with pytest.raises(IllegalAction):
        meld_of(["AS"] * 7, "S", "six")


def test_eight_handed_scores_a_dix_per_trump_nine_and_the_double_deck_table():
    points, melds = meld_of(["9S"] * 4 + around("A", 3), "S", "eight")
    assert points == 150 + 4
    assert [m["name"] for m in melds] == ["triple_aces_around"] + ["dix"] * 4
    with pytest.raises(IllegalAction):
        meld_of(["9S"] * 5, "S", "eight")


def test_quadruple_pinochle_scores_100_with_the_option_in_eight_handed_only():
    four = ["QS"] * 4 + ["JD"] * 4
    assert meld_of(four, "H", "eight")[0] == 90
    assert meld_of(four, "H", "eight", quadruple_pinochle_100=True)[0] == 100
    assert meld_of(four, "H", "double", quadruple_pinochle_100=True)[0] == 90
    assert meld_of(four, "H", "six", quadruple_pinochle_100=True)[0] == 90


@pytest.mark.parametrize("variant", VARIANTS)
def test_meld_of_accepts_every_variant_and_agrees_with_the_engines_quick_count(variant):
    deck = list(CANONICAL[variant])
    rng = random.Random(variant)
    size = {"six": 20, "double": 20, "cutthroat": 16, "three": 15}.get(variant, 12)
    for _ in range(200):
        cards = rng.sample(deck, size)
        quad = rng.random() < 0.5
        by_trump = points_by_trump(cards, False, variant, quad)
        for i, trump in enumerate("SHDC"):
            assert meld_of(cards, trump, variant, False, quad)[0] == by_trump[i]
