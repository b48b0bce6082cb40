"""A card scores at most once within a class and may score in several classes, and the exact
per-seat formulas of the rules hold for any hand (checked against a plain re-statement)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.pinochle import (
    CANONICAL_DOUBLE,
    CANONICAL_SINGLE,
    IllegalAction,
    InvalidOptions,
    meld_of,
)


def test_the_queen_of_spades_is_in_a_pinochle_queens_around_and_a_marriage_at_once():
    points, melds = meld_of("KS QS QH QD QC JD".split(), "H")
    assert points == 6 + 2 + 4
    assert [m["name"] for m in melds] == ["queens_around", "marriage", "pinochle"]


def test_a_runs_king_and_queen_are_not_also_a_royal_marriage():
    assert meld_of("AS TS KS QS JS".split(), "S")[0] == 15


def test_a_queen_marries_only_one_king():
    assert meld_of("KH KH QH".split(), "S")[0] == 2
    assert meld_of("KH KH QH".split(), "H")[0] == 4


def test_a_run_card_may_also_stand_in_an_around():
    # AS in aces around and in the run; KS in kings around and the run
    points, melds = meld_of("AS TS KS QS JS AH AD AC".split(), "S")
    assert points == 10 + 15
    assert [m["name"] for m in melds] == ["aces_around", "run"]


def reference(cards, trump, double):
    """docs/rules/pinochle.md's formulas, re-stated plainly."""
    c = Counter(cards)
    total = 0
    arounds = {
        "A": (10, 100, 150, 200),
        "K": (8, 80, 120, 160),
        "Q": (6, 60, 90, 120),
        "J": (4, 40, 60, 80),
    }
    for rank, values in arounds.items():
        n = min(c[rank + s] for s in "SHDC")
        total += values[n - 1] if n else 0
    m = min(c["QS"], c["JD"])
    total += (4, 30, 60, 90)[m - 1] if m else 0
    total += c["9" + trump]
    r = min(c[x + trump] for x in "ATKQJ")
    total += (15, 150, 225, 300)[r - 1] if r else 0
    total += 4 * (min(c["K" + trump], c["Q" + trump]) - r)
    total += sum(2 * min(c["K" + s], c["Q" + s]) for s in "SHDC" if s != trump)
    return total


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_any_hand_scores_as_the_formulas_say(data):
    double = data.draw(st.booleans())
    deck = list(CANONICAL_DOUBLE if double else CANONICAL_SINGLE)
    size = data.draw(st.integers(0, 20 if double else 15))
    cards = data.draw(st.permutations(deck))[:size]
    trump = data.draw(st.sampled_from("SHDC"))
    points, melds = meld_of(cards, trump, "double" if double else "single")
    assert points == reference(cards, trump, double)
    assert points == sum(m["points"] for m in melds)
    held = Counter(cards)
    for m in melds:
        assert not Counter(m["cards"]) - held, "a meld names cards the hand does not hold"


def test_meld_of_refuses_cards_not_of_the_deck_and_too_many_copies():
    for cards, variant in (
        (["XS"], "single"),
        (["1S"], "single"),
        (["9S"], "double"),
        (["AS", "AS", "AS"], "single"),
        (["AS"] * 5, "double"),
        ([None], "single"),
        ("AS KS", "single"),
    ):
        with pytest.raises(IllegalAction) as info:
            meld_of(cards, "S", variant)
        assert info.value.code == "bad_action"
    assert meld_of(["AS"] * 4, "S", "double") == (0, [])


def test_meld_of_refuses_a_bad_trump_and_a_bad_variant():
    for bad in ("X", "", "SH", None, "s"):
        with pytest.raises(IllegalAction) as info:
            meld_of(["KS", "QS"], bad)
        assert info.value.code == "bad_suit"
    with pytest.raises(InvalidOptions) as info2:
        meld_of(["KS", "QS"], "S", "triple")
    assert info2.value.code == "bad_option"


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_points_only_path_agrees_with_meld_of(data):
    from games.pinochle.melds import points_by_trump

    double = data.draw(st.booleans())
    deck = list(CANONICAL_DOUBLE if double else CANONICAL_SINGLE)
    cards = data.draw(st.permutations(deck))[: data.draw(st.integers(0, 20 if double else 15))]
    roundhouse = data.draw(st.booleans())
    variant = "double" if double else "single"
    expected = tuple(meld_of(cards, t, variant, roundhouse_bonus=roundhouse)[0] for t in "SHDC")
    assert points_by_trump(cards, roundhouse) == expected
