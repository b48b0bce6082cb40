"""``kitty: declarer`` (§16): the kitty goes into the declarer's hand, it names trump, discards 4
and 11 tricks are played; the discard's A, T and K are the declaring team's counters, so here
they make the contract (scored by hand below)."""

from games.pinochle import Match

from .helpers import auction, refused, trump
from .kitty_helpers import kitty_round

# seat 0 ten spades and 9H, seat 1 eleven hearts, seat 2 eleven diamonds, seat 3 eleven clubs;
# the kitty 9S 9S AD AC
SPADES = "AS AS TS TS KS KS QS QS JS JS"
HANDS = {
    0: SPADES + " 9H",
    1: "AH AH TH TH KH KH QH QH JH JH 9H",
    2: "AD TD TD KD KD QD QD JD JD 9D 9D",
    3: "AC TC TC KC KC QC QC JC JC 9C 9C",
}
KITTY = "9S 9S AD AC"
# tricks 1-10: seat 0 leads its spades and wins; the others throw off (no spade, no trump)
THROWS = {
    0: SPADES.split(),
    1: "AH AH TH TH KH KH QH QH JH 9H".split(),
    2: "AD TD TD KD KD QD QD JD JD 9D".split(),
    3: "AC TC TC KC KC QC QC JC JC 9C".split(),
}


def test_the_declarer_takes_the_kitty_discards_four_and_the_discard_counts_for_its_team():
    r = kitty_round(HANDS, KITTY, kitty="declarer")
    assert [len(h) for h in r.hands] == [11, 11, 11, 11]
    assert r.view(0)["kitty"] is None  # unseen by anyone during the auction
    # the contract is exactly what team A makes with the discard's 2 counters
    auction(r, 178, None, None, None)
    assert r.phase == "trump" and len(r.hands[0]) == 15
    assert r.view(0)["kitty"] == ["9S", "9S", "AD", "AC"]
    assert all(r.view(s)["kitty"] is None for s in (1, 2, 3))
    trump(r, 0, "S")
    assert r.phase == "discard" and r.turn == 0
    refused(r, 0, {"type": "discard", "cards": ["AD", "AC", "9S"]}, "wrong_count")
    r.apply(0, {"type": "discard", "cards": ["AD", "AC", "9S", "9S"]})
    assert r.view(0)["discard"] == ["9S", "9S", "AD", "AC"]
    assert all(r.view(s)["discard"] is None for s in (1, 2, 3))
    assert r.phase == "play" and r.turn == 0 and [len(h) for h in r.hands] == [11] * 4
    # meld: seat 0 double run 150 (no dix: both 9S discarded); seats 1, 2, 3 two marriages 4
    assert r.view(None)["meld_totals"] == [154, 8]
    for k in range(10):
        for seat in range(4):
            r.apply(seat, {"type": "play", "card": THROWS[seat][k]})
    # the last trick: 9H led, seat 1's JH beats it; 9D, 9C thrown
    for seat, card in enumerate(["9H", "JH", "9D", "9C"]):
        r.apply(seat, {"type": "play", "card": card})
    res = r.result
    # counters: tricks 1-10 hold 6 (spades) + 6 (hearts) + 5 + 5 = 22 for team A, the discard's
    # AD AC 2 more = 24; the last trick has none, +1 for taking it: team B 1 (25 in all)
    assert res["counters"] == [24, 1]
    # team A: 154 + 24 = 178 = the contract: made (22 without the discard: set)
    assert res["made"] is True and res["team_points"] == [178, 9]
    assert res["meld"] == res["meld_counted"] == [154, 8]
    assert res["reason"] == "played" and "swept" not in res and "checks" not in res
    m = Match(r.options, 3)
    m.record(r)
    assert m.totals == [178, 9]
