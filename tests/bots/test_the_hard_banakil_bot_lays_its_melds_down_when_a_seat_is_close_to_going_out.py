"""The hard bot keeps its melds in the hand for a «نزلة» only while every other seat holds more
than one card (``nazla.DANGER``): a round about to end would catch the whole hand in it."""

from __future__ import annotations

import time
from collections import Counter

from games.banakil import bots, nazla
from tests.banakil.helpers import deal

MELDS_AND_ONE = "4S 5S 6S 7S 8D 9D TD JD 4C 5C 6C 9H TH JH 3S 3D 3C QC"


def one_short_with_seat_3_holding(cards: int):
    r = deal({0: "KS", 1: MELDS_AND_ONE}, stock="KH")
    r.apply(0, {"type": "throw", "card": "KS"})
    r.apply(1, {"type": "draw", "from": "stock"})
    # seat 3 (the other team) down to ``cards``: the rest of its hand goes under the stock
    kept = list(r.hands[3].elements())[:cards]
    r.stock[:0] = list((r.hands[3] - Counter(kept)).elements())
    r.hands[3] = Counter(kept)
    return r.view(1)


def test_one_card_short_it_waits_while_the_other_seats_hold_two_cards_or_more():
    assert nazla.DANGER == 1
    view = one_short_with_seat_3_holding(nazla.DANGER + 1)
    # it keeps its melds and throws the odd card (KH, drawn, waits by JH for a run)
    assert nazla.plan(view) == {"type": "throw", "card": "QC"}


def test_with_a_seat_one_card_from_going_out_it_lays_down_at_once():
    view = one_short_with_seat_3_holding(nazla.DANGER)
    assert nazla.plan(view) is None
    action = bots.hard(view, seed=1, samples=8, clock=time.process_time)
    assert action["type"] == "meld"
