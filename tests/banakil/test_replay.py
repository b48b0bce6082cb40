"""A round is its deal + options + dealer + action list: ``replay`` and JSON rebuild it exactly."""

import json

from games.banakil import Options, Round

from .helpers import deal, draw, layoff, meld, refused, snapshot, stacked_deck, swap, throw
from .test_golden_rounds import G2


def play_g2(r):
    meld(r, 2, "AS 2S 3S 4S")
    meld(r, 2, "7H 8H JK TH")
    throw(r, 2, "KD")
    draw(r, 3)
    meld(r, 3, "9C TC JC")
    refused(r, 3, {"type": "layoff", "meld": 1, "cards": ["5S"], "end": "high"}, "other_team_meld")
    throw(r, 3, "KD")
    draw(r, 0)
    meld(r, 0, "9S TS JS")
    layoff(r, 0, 1, "5S", end="high")
    throw(r, 0, "8C")
    draw(r, 1)
    throw(r, 1, "TC")
    draw(r, 2)
    swap(r, 2, 2, "9H")


def test_a_round_survives_json_and_back():
    r = deal(G2, dealer=1, stock="KD 8C TC 9H", exact=True)
    play_g2(r)
    text = r.to_json()
    json.loads(text)
    again = Round.from_json(text)
    assert snapshot(again) == snapshot(r)
    # and both go on alike
    for x in (r, again):
        meld(x, 2, "JK QC KC")
    assert snapshot(again) == snapshot(r)


def test_replaying_the_action_list_rebuilds_the_round():
    deck = stacked_deck(G2, dealer=1, stock="KD 8C TC 9H", exact=True)
    r = Round.deal(Options(players=4), dealer=1, deck=deck)
    log = []
    original_apply = r.apply

    def apply(seat, action):
        out = original_apply(seat, action)
        log.append((seat, action))
        return out

    r.apply = apply
    play_g2(r)
    again = Round.replay(Options(players=4), 1, log, deck=deck)
    assert snapshot(again) == snapshot(r)


def test_a_finished_round_survives_json_with_its_result():
    from .test_golden_rounds import G1

    r = deal(G1, dealer=3, stock="KS TS JS QC", exact=True)
    meld(r, 0, "3S 4S 5S 6S 7S")
    meld(r, 0, "9H TH JH QH KH")
    throw(r, 0, "4D")
    for seat, m in ((1, "5H 6H 7H 8H"), (2, "TS JS QS"), (3, "3H 3D 3C")):
        card = draw(r, seat)
        meld(r, seat, m)
        throw(r, seat, card)
    draw(r, 0)
    meld(r, 0, "AD AC AH")
    meld(r, 0, "8C 9C TC JC")
    layoff(r, 0, 7, "QC", end="high")
    throw(r, 0, "KS")
    again = Round.from_json(r.to_json())
    assert again.result == r.result
    assert snapshot(again) == snapshot(r)


def test_a_fair_round_with_restocks_survives_json_and_back():
    secret = "7e" * 32
    r = Round.deal(Options(players=2), dealer=0, secret=secret, client_seed="x|y")
    seat = r.view(None)["turn"]
    r.apply(seat, {"type": "throw", "card": r.view(seat)["hand"][0]})
    while r.view(None)["restocks"] < 2:
        seat = r.view(None)["turn"]
        card = r.apply(seat, {"type": "draw", "from": "stock"})
        r.apply(seat, {"type": "throw", "card": card})
    again = Round.from_json(r.to_json())
    assert snapshot(again) == snapshot(r)
    seat = r.view(None)["turn"]
    assert again.apply(seat, {"type": "draw", "from": "stock"}) == r.apply(
        seat, {"type": "draw", "from": "stock"}
    )
