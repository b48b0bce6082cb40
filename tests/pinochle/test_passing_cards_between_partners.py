"""``pass_cards`` N: the partner gives the declarer N cards, then the declarer gives N back; only
those two seats see the passed cards (docs/rules/pinochle.md, "Trump and passing")."""

import pytest

from .helpers import PLAY, auction, deal, refused, trump


def passing(n=3, declarer=0):
    r = deal(PLAY, pass_cards=n)
    auction(r, *([None] * declarer), 15, *([None] * (3 - declarer)))
    assert r.view(None)["declarer"] == declarer
    trump(r, declarer, "H")
    return r


def test_after_trump_the_partner_gives_first_then_the_declarer():
    r = passing()
    v = r.view(None)
    assert v["phase"] == "passing" and r.turn == 2
    r.apply(2, {"type": "pass_cards", "cards": ["JH", "JH", "9H"]})
    assert r.turn == 0 and r.view(None)["phase"] == "passing"
    assert r.view(0)["hand"].count("JH") == 2 and len(r.view(0)["hand"]) == 15
    assert r.view(None)["hand_counts"] == [15, 12, 9, 12]
    r.apply(0, {"type": "pass_cards", "cards": ["JH", "KD", "TD"]})  # a received card too
    v = r.view(None)
    assert v["phase"] == "play" and v["hand_counts"] == [12, 12, 12, 12]
    assert r.view(2)["hand"] == sorted_hand("TS KS QS JS JH AD TD KD TD KD QD 9C")


def sorted_hand(text):
    order = {c: i for i, c in enumerate(r + s for s in "SHDC" for r in "ATKQJ9")}
    return sorted(text.split(), key=order.__getitem__)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_count_is_the_option(n):
    r = passing(n)
    assert all(len(a["cards"]) == n for a in r.legal_actions())
    refused(r, 2, {"type": "pass_cards", "cards": ["JH"] * 2 + ["9H"] * (n - 1)}, "wrong_count")


def test_only_the_two_seats_see_the_passed_cards():
    r = passing()
    assert r.view(0)["passed_cards"] == {"to_declarer": None, "to_partner": None}
    assert r.view(1)["passed_cards"] is None
    r.apply(2, {"type": "pass_cards", "cards": ["JH", "JH", "9H"]})
    r.apply(0, {"type": "pass_cards", "cards": ["AS", "TS", "KS"]})
    seen = {"to_declarer": ["JH", "JH", "9H"], "to_partner": ["AS", "TS", "KS"]}
    assert r.view(0)["passed_cards"] == seen
    assert r.view(2)["passed_cards"] == seen
    assert r.view(1)["passed_cards"] is None and r.view(3)["passed_cards"] is None
    assert "passed_cards" not in r.view(None)


def test_the_partner_of_a_declarer_in_seat_3_is_seat_1():
    r = passing(2, declarer=3)
    assert r.turn == 1
    assert r.view(3)["passed_cards"] == {"to_declarer": None, "to_partner": None}
    assert r.view(0)["passed_cards"] is None


def test_meld_is_computed_after_the_passing():
    r = passing(2)
    r.apply(2, {"type": "pass_cards", "cards": ["QS", "JS"]})
    assert r.view(None)["melds"] is None
    r.apply(0, {"type": "pass_cards", "cards": ["QS", "9H"]})
    melds = r.view(None)["melds"]
    # seat 0 now holds AS TS KS JS AH AD TD KD AC TC KC QC: aces around 10, club marriage 2
    assert melds[0] == {
        "points": 12,
        "melds": [
            {"name": "aces_around", "cards": ["AS", "AH", "AD", "AC"], "points": 10},
            {"name": "marriage", "cards": ["KC", "QC"], "points": 2},
        ],
    }
    # seat 2 now holds TS KS QS JH JH 9H 9H AD TD KD QD 9C: spade marriage 2, diamond
    # marriage 2, dix 2 (two 9H, trump H)
    assert melds[2]["points"] == 6
    assert r.view(None)["meld_totals"] == [18, melds[1]["points"] + melds[3]["points"]]


def test_with_no_passing_play_starts_after_trump():
    r = deal(PLAY)
    auction(r, 15, None, None, None)
    trump(r, 0, "H")
    assert r.view(None)["phase"] == "play"
    assert r.view(0)["passed_cards"] is None
