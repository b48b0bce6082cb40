"""The hard bot keeps its melds in the hand for a «نزلة» only while every other seat holds more
than a few cards: a round about to end would catch the whole hand in it."""

from __future__ import annotations

import time
from collections import Counter

from games.banakil import bots, nazla
from tests.banakil.helpers import deal

MELDS_AND_ONE = "4S 5S 6S 7S 8D 9D TD JD 4C 5C 6C 9H TH JH 3S 3D 3C QC"


def test_with_a_seat_near_going_out_it_lays_down_at_once():
    r = deal({0: "KS", 1: MELDS_AND_ONE}, stock="KH")
    r.apply(0, {"type": "throw", "card": "KS"})
    r.apply(1, {"type": "draw", "from": "stock"})
    view = r.view(1)
    kept_melds = nazla.plan(view)
    assert kept_melds is not None and kept_melds["type"] == "throw"  # one card short: it waits
    # seat 3 (the other team) down to DANGER cards: the rest of its hand goes under the stock
    kept = list(r.hands[3].elements())[: nazla.DANGER]
    r.stock[:0] = list((r.hands[3] - Counter(kept)).elements())
    r.hands[3] = Counter(kept)
    view = r.view(1)
    assert nazla.plan(view) is None
    action = bots.hard(view, seed=1, samples=8, clock=time.process_time)
    assert action["type"] == "meld"
