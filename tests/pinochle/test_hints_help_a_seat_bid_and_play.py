"""Hints for the table: the seat's legal cards, its meld under each trump, a bid and a trump,
all from the seat's own view and JSON-ready."""

import json

import pytest

from games.pinochle import bots, hints

from .helpers import PLAY, auction, deal, play, to_play

STRONG = "AS AS TS KS QS JS 9S AH AD AC KH QH"


def test_meld_under_each_trump_for_the_hand_held():
    h = hints.hints(deal({0: STRONG}).view(0))
    # S: aces around 10 + run 15 + heart marriage 2 + dix 1; H: 10 + royal 4 + spade marriage 2;
    # D and C: 10 + two marriages 4
    assert h["meld_by_trump"] == {"S": 28, "H": 16, "D": 14, "C": 14}
    json.dumps(h)


def test_a_suggested_bid_and_trump_while_bidding():
    r = deal({0: STRONG})
    h = hints.hints(r.view(0))
    assert h["suggested_bid"] == 15 and h["suggested_trump"] == "S"
    assert h["legal_cards"] == []
    assert bots.next_action(r.view(0)) == {"type": "bid", "amount": h["suggested_bid"]}
    assert h["estimates"]["S"] == max(h["estimates"].values())


def test_no_bid_is_suggested_off_turn_or_to_a_hand_too_weak():
    r = deal({0: STRONG})
    assert hints.hints(r.view(1))["suggested_bid"] is None
    auction(r, 15, 300)
    assert hints.hints(r.view(2))["suggested_bid"] is None


def test_the_suggested_trump_respects_the_marriage_option():
    r = deal({0: "KH QH 9S 9S TS AS JS TD JD AC TC JC"}, trump_needs_marriage=True)
    auction(r, 15, None, None, None)
    assert hints.hints(r.view(0))["suggested_trump"] == "H"


def test_in_play_the_legal_cards_of_the_seat_on_turn():
    r = to_play(PLAY)
    play(r, 0, "KS")
    h = hints.hints(r.view(1))
    assert h["legal_cards"] == ["AS"]
    assert h["suggested_trump"] is None and h["suggested_bid"] is None
    assert hints.hints(r.view(2))["legal_cards"] == []


def test_hints_are_for_a_seat_not_for_the_public_view():
    with pytest.raises(ValueError):
        hints.hints(deal().view(None))
