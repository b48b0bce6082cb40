"""A player throws the card that helps the hand least: the hard bot's deals give each seat of the
other team a hand that, holding its last throw again, would throw that card first, dealing that
seat again from its cards and the stock's until one does (or it gives up)."""

from __future__ import annotations

import random

from games import banakil
from games.banakil import bots, search
from games.banakil.throws import choose_throw


def baseline_views(rounds: int) -> list[tuple[dict, banakil.Round]]:
    """Seat 0's views (and the true round) through baseline rounds from fixed secrets."""
    out = []
    for k in range(rounds):
        r = banakil.Round.deal(banakil.Options(), k % 4, secret=f"{k + 8100:064x}")
        while not r.over:
            view = r.view(r.turn)
            if r.turn == 0:
                out.append((view, r.copy()))
            r.apply(r.turn, bots.next_action(view))
    return out


def test_the_last_throws_are_the_other_teams_throws_with_nothing_done_since():
    view = {
        "seat": 0,
        "last_actions": [
            {"seat": 1, "type": "throw", "card": "7H"},
            {"seat": 2, "type": "draw", "from": "stock"},
            {"seat": 2, "type": "throw", "card": "9S"},
            {"seat": 3, "type": "draw", "from": "pile", "card": "9S"},
            {"seat": 3, "type": "meld", "meld": 4, "cards": ["8S", "9S", "TS"]},
            {"seat": None, "type": "restock", "k": 1, "size": 30},
        ],
    }
    assert search.last_throws(view) == {1: "7H"}  # seat 2 is the partner; seat 3 has not thrown


def fit(r: banakil.Round, thrown: dict[int, str]) -> bool:
    return all(search.fits(r.hands[s], card) for s, card in thrown.items())


def test_a_baseline_opponents_real_hand_fits_its_last_throw():
    checked = 0
    for view, r in baseline_views(4):
        for s, card in search.last_throws(view).items():
            assert search.fits(r.hands[s], card)
            hand = r.hands[s].copy()
            hand[card] += 1
            assert choose_throw(hand) == card
            checked += 1
    assert checked > 20


def test_the_searchs_deals_fit_the_last_throws_far_more_often_than_a_random_deal():
    fitted = random_fit = tried = 0
    for i, (view, _r) in enumerate(baseline_views(4)):
        thrown = search.last_throws(view)
        if not thrown:
            continue
        for k in range(3):
            fitted += fit(search.deal(view, random.Random(i * 10 + k)), thrown)
            random_fit += fit(search.determinize(view, random.Random(i * 10 + k)), thrown)
            tried += 1
    assert tried > 30
    assert fitted >= 0.6 * tried  # some throws fit few hands: the tries find none
    assert fitted >= 3 * random_fit


def test_only_the_other_teams_hands_and_the_stock_are_dealt_again():
    for i, (view, _r) in enumerate(baseline_views(2)):
        plain = search.determinize(view, random.Random(i))
        fitted = search.deal(view, random.Random(i))  # the same deal first, then seats again
        seat = view["seat"]
        assert fitted.hands[seat] == plain.hands[seat]
        assert fitted.hands[(seat + 2) % 4] == plain.hands[(seat + 2) % 4]
        assert fitted.pile == plain.pile
        assert len(fitted.stock) == len(plain.stock)
        for s in ((seat + 1) % 4, (seat + 3) % 4):
            if s not in search.last_throws(view):
                assert fitted.hands[s] == plain.hands[s]
