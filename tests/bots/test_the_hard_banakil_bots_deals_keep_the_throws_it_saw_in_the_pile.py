"""Cards the last actions show thrown and not taken since lie under the pile's top card: the
hard bot's deals put them there, not in a hand or the stock."""

from __future__ import annotations

import random

from games import banakil
from games.banakil import bots, search


def test_the_throws_left_on_the_pile_are_dealt_back_to_the_pile():
    checked = 0
    for k in range(6):
        r = banakil.Round.deal(banakil.Options(), k % 4, secret=f"{k + 7600:064x}")
        while not r.over:
            view = r.view(r.turn)
            under = search.pile_under(view)
            if under:
                assert under == r.pile[-1 - len(under) : -1]  # what the round really holds
                deal = search.determinize(view, random.Random(k))
                assert deal.pile[-1 - len(under) :] == [*under, view["pile_top"]]
                assert len(deal.stock) == view["stock_size"]
                checked += 1
            r.apply(r.turn, bots.next_action(view))
    assert checked > 20
