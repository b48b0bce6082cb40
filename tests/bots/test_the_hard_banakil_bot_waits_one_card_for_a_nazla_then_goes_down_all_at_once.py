"""One card short of putting its whole hand down in one turn («نزلة»), the hard bot keeps its
melds in the hand (the baseline lays them down), throws the odd card, and goes down all at once
when the card it needs comes: 102 points, as the other team has nothing on the table."""

from __future__ import annotations

import time

from games.banakil import bots
from tests.banakil.helpers import deal

#: seat 1 holds four melds and a set (17 cards) and one odd card, QC
MELDS_AND_ONE = "4S 5S 6S 7S 8D 9D TD JD 4C 5C 6C 9H TH JH 3S 3D 3C QC"


def hard(view):
    return bots.hard(view, seed=1, samples=8, budget_ms=60_000, clock=time.process_time)


def one_card_short():
    """Turn 2: seat 0 has thrown KS; seat 1 draws KH, a second odd card."""
    r = deal({0: "KS", 1: MELDS_AND_ONE}, stock="KH KD QS KC 8S")
    r.apply(0, {"type": "throw", "card": "KS"})
    return r


def test_one_card_short_it_draws_and_throws_keeping_every_meld_in_hand():
    r = one_card_short()
    assert hard(r.view(1)) == {"type": "draw", "from": "stock"}
    r.apply(1, {"type": "draw", "from": "stock"})
    view = r.view(1)
    assert bots.next_action(view)["type"] == "meld"  # the baseline lays its melds down
    action = hard(view)
    assert action["type"] == "throw" and action["card"] in ("QC", "KH")
    r.apply(1, action)
    assert not r.has_meld[1] and sum(r.hands[1].values()) == 18


def test_with_the_card_it_needs_it_goes_down_all_at_once_for_102():
    r = one_card_short()
    r.apply(1, {"type": "draw", "from": "stock"})
    r.apply(1, hard(r.view(1)))
    for seat in (2, 3, 0):  # each draws KD, QS, KC and throws it
        card = r.apply(seat, {"type": "draw", "from": "stock"})
        r.apply(seat, {"type": "throw", "card": card})
    assert hard(r.view(1)) == {"type": "draw", "from": "stock"}  # 8S: 4S-8S
    while r.turn == 1 and not r.over:
        r.apply(1, hard(r.view(1)))
    assert r.result is not None and r.result["nazla"] and r.result["out_seat"] == 1
    assert r.result["bonus"][1] == 102 and r.result["team_points"][0] == 0
