"""Cutthroat: three seats, 16 cards each in packets of 4, no widow, no discard; each seat scores
for itself (docs/rules/pinochle.md, "Cutthroat"). The golden hand is scored by hand below."""

from games.pinochle import Options, Round

from .helpers import dealt_deck, refused

# Seat 0 holds every spade and the two AH, two TH; the others share the rest of the hearts and
# one plain suit each. Trump spades; seat 0 wins the auction at 20 and leads every card.
HANDS = {
    0: "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH TH",
    1: "KH QH JH 9H AD AD TD TD KD KD QD QD JD JD 9D 9D",
    2: "KH QH JH 9H AC AC TC TC KC KC QC QC JC JC 9C 9C",
}


def golden() -> Round:
    deck = dealt_deck(HANDS, dealer=2, variant="cutthroat")
    r = Round.deal(Options(variant="cutthroat"), 2, deck=deck)
    r.apply(0, {"type": "bid", "amount": 20})
    r.apply(1, {"type": "pass"})
    r.apply(2, {"type": "pass"})
    r.apply(0, {"type": "trump", "suit": "S"})
    return r


def test_the_deal_gives_sixteen_each_and_leaves_no_widow():
    r = Round.deal(
        Options(variant="cutthroat"), 2, deck=dealt_deck(HANDS, dealer=2, variant="cutthroat")
    )
    assert [sorted(h) for h in r.hands] == [sorted(HANDS[s].split()) for s in range(3)]
    assert r.view(None)["hand_counts"] == [16, 16, 16] and r.view(None)["widow"] is None
    assert r.view(None)["eldest"] == 0 and r.turn == 0


def test_meld_is_computed_from_sixteen_cards_and_play_begins_with_no_discard():
    r = golden()
    v = r.view(None)
    assert v["phase"] == "play" and r.turn == 0
    # seat 0: double run 150 + two dix (9S 9S) = 152; seats 1 and 2: a heart marriage (2) and
    # two plain marriages in their long suit (2 x 2) = 6 each
    assert [m["points"] for m in v["melds"]] == [152, 6, 6]
    assert v["meld_totals"] == [152, 6, 6]
    refused(r, 0, {"type": "discard", "cards": ["9S", "9S", "JS"]}, "wrong_phase")


def test_the_golden_hand_scores_by_hand():
    r = golden()
    lead = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH TH".split()
    for card in lead:
        assert r.apply(0, {"type": "play", "card": card}) is None
        for _ in range(2):
            out = r.apply(r.turn, r.legal_actions()[0])
        assert out == 0  # seat 0 takes every trick: trumps, then the top hearts
    res = r.result
    assert res is not None and res["reason"] == "played"
    # counters: all 24 A T K + 1 for the last trick = 25, all seat 0's
    assert res["counters"] == [25, 0, 0] and res["last_trick_team"] == 0
    # seats 1 and 2 took no trick: their meld (6 each) does not count
    assert res["meld"] == [152, 6, 6] and res["meld_counted"] == [152, 0, 0]
    # seat 0 made 20: 152 + 25 = 177
    assert res["made"] is True and res["team_points"] == [177, 0, 0]
    assert r.view(None)["tricks_won"] == [16, 0, 0]


def test_a_set_cutthroat_declarer_loses_its_bid_and_the_others_keep_theirs():
    deck = dealt_deck(HANDS, dealer=0, variant="cutthroat")  # seat 1 is the eldest
    r = Round.deal(Options(variant="cutthroat"), 0, deck=deck)
    r.apply(1, {"type": "bid", "amount": 200})
    r.apply(2, {"type": "pass"})
    r.apply(0, {"type": "pass"})
    r.apply(1, {"type": "trump", "suit": "D"})
    while r.turn is not None:
        r.apply(r.turn, r.legal_actions()[0])
    res = r.result
    assert res is not None and res["made"] is False and res["declarer"] == 1
    assert res["team_points"][1] == -200
    for seat in (0, 2):
        assert res["meld_counted"][seat] == (res["meld"][seat] if r.tricks_won[seat] else 0)
        assert res["team_points"][seat] == res["meld_counted"][seat] + res["counters"][seat]
    assert sum(res["counters"]) == 25
