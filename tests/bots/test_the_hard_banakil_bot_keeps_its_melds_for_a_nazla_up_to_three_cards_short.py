"""Up to three cards short of putting its whole hand down in one turn («نزلة»), the hard bot keeps
its melds in the hand and throws an odd card (the baseline lays them down); four cards short, it
lays them down as the baseline does."""

from __future__ import annotations

import time

from games.banakil import bots, nazla
from tests.banakil.helpers import deal

#: seat 1: melds of 15 cards and three odd cards (QC, KD, 6H); it will draw KH, a fourth
THREE_SHORT = "4S 5S 6S 7S 8S 8D 9D TD JD 9H TH JH 3S 3D 3C QC KD 6H"
#: seat 1: melds of 14 cards and four odd cards (8C, QC, KD, 6H)
FOUR_SHORT = "4S 5S 6S 7S 8D 9D TD JD 9H TH JH 3S 3D 3C 8C QC KD 6H"


def after_its_draw(hand: str):
    """Turn 2: seat 0 has thrown KS; seat 1 draws KH from the stock."""
    r = deal({0: "KS", 1: hand}, stock="KH")
    r.apply(0, {"type": "throw", "card": "KS"})
    r.apply(1, {"type": "draw", "from": "stock"})
    return r


def hard(view):
    return bots.hard(view, seed=1, samples=8, budget_ms=60_000, clock=time.process_time)


def test_three_cards_short_it_throws_an_odd_card_and_keeps_every_meld():
    r = after_its_draw(THREE_SHORT)
    view = r.view(1)
    assert nazla.SHORT_BY == 3
    assert bots.next_action(view)["type"] == "meld"  # the baseline lays its melds down
    action = hard(view)
    assert action["type"] == "throw" and action["card"] in ("QC", "KD", "6H", "KH")
    r.apply(1, action)
    assert not r.has_meld[1] and sum(r.hands[1].values()) == 18


def test_four_cards_short_it_lays_its_melds_down():
    view = after_its_draw(FOUR_SHORT).view(1)
    assert nazla.plan(view) is None
    assert hard(view)["type"] == "meld"
