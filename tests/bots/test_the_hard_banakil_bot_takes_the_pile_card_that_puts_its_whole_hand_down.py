"""The pile's top card that completes the hard bot's whole hand is taken, and the hand goes
down in that turn: a «نزلة»."""

from __future__ import annotations

import time

from games.banakil import bots
from tests.banakil.helpers import deal


def test_it_takes_the_pile_card_and_goes_down_all_at_once():
    hand = "4S 5S 6S 7S 8D 9D TD JD 4C 5C 6C 7C 3S 3D 3C 9H TH KC"
    r = deal({0: "JH", 1: hand})
    r.apply(0, {"type": "throw", "card": "JH"})  # 9H TH JH: every card but KC in a meld
    assert bots.hard(r.view(1), seed=1, samples=8) == {"type": "draw", "from": "pile"}
    while r.turn == 1 and not r.over:
        r.apply(1, bots.hard(r.view(1), seed=1, samples=8, clock=time.process_time))
    assert r.result is not None and r.result["nazla"] and r.result["out_seat"] == 1
    assert r.pile[-1] == "KC" and r.result["reason"] == "out_by_throw"
    assert r.result["bonus"][1] == 102  # the other team has nothing on the table
