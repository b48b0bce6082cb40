"""The hard bot reads the table as players do: an opponent that has ended a turn with a meld of
its own laid down what it could, so the deals it searches give that seat no meld and no card it
could lay off (while other cards are left to deal), and no card that makes a meld with a pile
card it left for the stock."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from games import banakil
from games.banakil import bots, search
from games.banakil.hints import layoff_hints, ready_melds, table_melds
from games.banakil.uses import Seating, new_melds_with


def test_an_opponent_that_played_a_turn_is_dealt_nothing_it_would_have_laid_down():
    checked = 0
    for k in range(8):
        r = banakil.Round.deal(banakil.Options(), k % 4, secret=f"{k + 7400:064x}")
        while not r.over:
            view = r.view(r.turn)
            if view["phase"] == "draw" and view["turn_no"] > 4:
                left = search.refused(view)
                plain = search.determinize(view, random.Random(k))
                fitted = search.deal(view, random.Random(k))  # its seats dealt again, the same way
                for deal, s in itertools.product((plain, fitted), (1, 3)):
                    seat = (view["seat"] + s) % 4
                    if not view["has_meld"][seat] or not search.played_a_turn(view, seat):
                        continue
                    hand = deal.hands[seat]
                    seats = Seating(seat, 4, True)
                    assert ready_melds(hand) == []
                    assert layoff_hints(hand, table_melds(view), seats) == []
                    for top in left.get(seat, []):
                        assert not list(new_melds_with(top, hand + Counter([top])))
                    checked += 1
            r.apply(r.turn, bots.next_action(view))
    assert checked > 20


def test_a_left_pile_card_is_read_from_the_last_actions():
    r = banakil.Round.deal(banakil.Options(), 0, secret=f"{7500:064x}")
    seen = False
    while not r.over and not seen:
        view = r.view(r.turn)
        if view["phase"] == "draw":
            log = view["last_actions"]
            for i, entry in enumerate(log[1:], 1):
                before = log[i - 1]
                if (
                    entry["type"] == "draw"
                    and entry["from"] == "stock"
                    and before["type"] == "throw"
                    and search.played_a_turn(view, entry["seat"])
                    and r.turn_no > 8
                ):
                    assert before["card"] in search.refused(view).get(entry["seat"], [])
                    seen = True
        r.apply(r.turn, bots.next_action(view))
    assert seen
