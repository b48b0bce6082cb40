"""While the stock lasts a seat plays any card of its hand or its own table (``from``), with no
duty to follow; a bad ``from`` is ``bad_action``, a card not there ``not_in_hand``; without
``from`` a table copy goes first; ``legal_actions`` lists the hand's cards, then the table's."""

from games.pinochle import Options

from .helpers import deal, refused
from .two_helpers import meld, trick_to, two_round

JUNK = "9C 9C JC JC TC TC AC AC 9D 9D TD TD"


def test_the_stock_stage_lists_hand_cards_then_table_cards_and_plays_either():
    r = two_round("KH QH AS 9S 9S JS JS QS KS AD QD KD", JUNK, stock="AD JD 9H 9H")
    trick_to(r, "9S")
    meld(r, "KH QH")
    legal = r.legal_actions()
    hand = [a["card"] for a in legal if a["from"] == "hand"]
    table = [a["card"] for a in legal if a["from"] == "table"]
    assert hand == list(dict.fromkeys(r.view(0)["hand"])) and table == ["KH", "QH"]
    assert legal == [a for a in legal if a["from"] == "hand"] + [
        a for a in legal if a["from"] == "table"
    ]
    refused(r, 0, {"type": "play", "card": "KH", "from": "pocket"}, "bad_action")
    refused(r, 0, {"type": "play", "card": "KH", "from": 1}, "bad_action")
    refused(r, 0, {"type": "play", "card": "XX", "from": "hand"}, "bad_action")
    refused(r, 0, {"type": "play", "card": "KH", "from": "hand"}, "not_in_hand")
    refused(r, 0, {"type": "play", "card": "AS", "from": "table"}, "not_in_hand")
    refused(r, 0, {"type": "play", "card": "AH"}, "not_in_hand")
    r.apply(0, {"type": "play", "card": "QH"})  # no "from": the table's copy
    assert [t["card"] for t in r.view(None)["table"][0]] == ["KH"]
    assert r.actions[-1][1] == {"type": "play", "card": "QH"}


def test_no_duty_to_follow_or_trump_while_the_stock_lasts():
    r = two_round("AS 9S JS QS KS TS AD TD KD QD JD 9D", "9S JS QS KS AH TH KH QH JH 9H AC TC")
    r.apply(0, {"type": "play", "card": "AS", "from": "hand"})
    # seat 1 holds spades and hearts (trump) but may play a club
    assert r.apply(1, {"type": "play", "card": "TC", "from": "hand"}) == 0


def test_from_is_no_field_of_a_play_outside_two_handed():
    r = deal(dealer=3, variant="single")
    r.apply(0, {"type": "bid", "amount": 15})
    for seat in (1, 2, 3):
        r.apply(seat, {"type": "pass"})
    r.apply(0, {"type": "trump", "suit": "S"})
    card = r.legal_actions()[0]["card"]
    refused(r, 0, {"type": "play", "card": card, "from": "hand"}, "bad_action")
    assert Options(variant="single").two_trump == "turn_up"


def test_a_from_outside_two_handed_is_malformed_before_the_turn_is_checked():
    r = deal(dealer=3, variant="single")
    refused(r, 2, {"type": "play", "card": "AS", "from": "hand"}, "bad_action")
