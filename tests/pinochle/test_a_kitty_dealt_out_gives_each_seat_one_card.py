"""``kitty: deal_out`` (§16): when bidding ends the declarer alone sees the kitty and gives one
card to each seat, itself included (``cards[i]`` to seat i); then trump, 12 cards each and 12
tricks (scored by hand below). Each seat sees only the card it received."""

from .helpers import auction, refused, trump
from .kitty_helpers import kitty_round

HANDS = {
    0: "AS AS TS TS KS KS QS QS JS JS 9H",
    1: "AH AH TH TH KH KH QH QH JH JH 9H",
    2: "AD TD TD KD KD QD QD JD JD 9D 9D",
    3: "AC TC TC KC KC QC QC JC JC 9C 9C",
}
KITTY = "9S 9S AD AC"
GIVEN = ["9S", "9S", "AD", "AC"]  # seat 0 and seat 1 a 9S, seat 2 the AD, seat 3 the AC
# 12 tricks, one card per seat in play order; seat 0 leads and wins the first eleven
PLAYS = [
    "AS 9S AD AC",  # seat 1 must follow with the 9S it received
    "AS AH AD AC",
    "TS AH TD TC",
    "TS TH TD TC",
    "KS TH KD KC",
    "KS KH KD KC",
    "QS KH QD QC",
    "QS QH QD QC",
    "JS QH JD JC",
    "JS JH JD JC",
    "9S 9H 9D 9C",
    "9H JH 9D 9C",  # seat 1's JH beats the 9H: team B takes the last trick
]


def test_the_declarer_deals_out_the_kitty_then_names_trump_and_twelve_tricks_are_played():
    r = kitty_round(HANDS, KITTY, kitty="deal_out")
    auction(r, 160, None, None, None)
    assert r.phase == "kitty" and r.turn == 0 and [len(h) for h in r.hands] == [11] * 4
    assert r.view(0)["kitty"] == ["9S", "9S", "AD", "AC"]
    assert r.view(0)["kitty_given"] is None
    assert all(r.view(s)["kitty"] is None and r.view(s)["kitty_card"] is None for s in (1, 2, 3))
    refused(r, 0, {"type": "give_kitty", "cards": ["9S", "AD", "AD", "AC"]}, "not_in_kitty")
    refused(r, 0, {"type": "trump", "suit": "S"}, "wrong_phase")
    r.apply(0, {"type": "give_kitty", "cards": GIVEN})
    assert r.phase == "trump" and [len(h) for h in r.hands] == [12] * 4
    assert [r.view(s)["kitty_card"] for s in range(4)] == GIVEN
    assert r.view(0)["kitty_given"] == GIVEN
    assert all(r.view(s)["kitty_given"] is None for s in (1, 2, 3))
    assert "9S" in r.view(1)["hand"]
    trump(r, 0, "S")
    # meld: seat 0 double run 150 + dix 1; seats 1, 2, 3 two marriages each: 4, and seat 1 a
    # dix for the 9S it received: team A 151 + 4, team B 5 + 4
    assert r.view(None)["meld_totals"] == [155, 9]
    for text in PLAYS:
        for seat, card in enumerate(text.split()):
            r.apply(seat, {"type": "play", "card": card})
    res = r.result
    # counters: tricks 1-11 hold every A, T and K (24) for team A; the last trick none, +1: B
    assert res["counters"] == [24, 1]
    assert res["made"] is True and res["team_points"] == [155 + 24, 9 + 1]
    assert res["last_trick_team"] == 1
