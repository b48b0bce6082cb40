"""Six-handed: 120 cards (six copies of A T K Q J per suit), 20 each in packets of 4, teams
A = seats 0 2 4 and B = 1 3 5, counters 72 + 3 for the last trick, ``counters20`` by default
(docs/rules/pinochle.md, "Six-handed"). The golden hand is scored by hand below."""

from games.pinochle import Options, Round

from .helpers import dealt_deck

HANDS = {
    0: ["AS"] * 6 + ["TS"] * 6 + ["KS"] * 6 + ["QS"] * 2,
    1: ["JS"] * 6 + ["AH"] * 6 + ["TH"] * 6 + ["JH"] * 2,
    2: ["QS"] * 4 + ["JD"] * 6 + ["KH"] * 6 + ["QH"] * 4,
    3: ["QH"] * 2 + ["JH"] * 4 + ["AD"] * 6 + ["TD"] * 6 + ["KD"] * 2,
    4: ["KD"] * 4 + ["QD"] * 6 + ["AC"] * 6 + ["TC"] * 4,
    5: ["TC"] * 2 + ["KC"] * 6 + ["QC"] * 6 + ["JC"] * 6,
}


def golden() -> Round:
    r = Round.deal(Options(variant="six"), 5, deck=dealt_deck(HANDS, dealer=5, variant="six"))
    r.apply(0, {"type": "bid", "amount": 75})
    for seat in range(1, 6):
        r.apply(seat, {"type": "pass"})
    r.apply(0, {"type": "trump", "suit": "S"})
    return r


def test_the_golden_hand_scores_by_hand():
    r = golden()
    v = r.view(None)
    assert v["phase"] == "play" and v["hand_counts"] == [20] * 6
    # seat 0: no run (no JS), two royal marriages (KS+QS twice) = 8
    # seat 2: quadruple pinochle (4 QS + 4 JD) 90 + four heart marriages 8 = 98
    # seat 4: four diamond marriages = 8; seat 5: six club marriages = 12; seats 1, 3: nothing
    assert [m["points"] for m in v["melds"]] == [8, 0, 98, 0, 8, 12]
    assert v["meld_totals"] == [114, 12]
    assert [m["name"] for m in v["melds"][2]["melds"]] == ["marriage"] * 4 + ["quadruple_pinochle"]
    for card in ["AS"] * 6 + ["TS"] * 6 + ["KS"] * 6 + ["QS"] * 2:
        r.apply(0, {"type": "play", "card": card})
        for _ in range(5):
            out = r.apply(r.turn, r.legal_actions()[0])
        assert out == 0  # seat 0 leads the top trump every time
    res = r.result
    assert res is not None
    # counters: 6 copies x 4 suits x (A T K) = 72, + 3 for the last trick = 75, all team A's
    assert res["counters"] == [75, 0] and res["last_trick_team"] == 0
    # team B took no counters (under 20): it scores nothing, its meld does not count
    assert res["meld"] == [114, 12] and res["meld_counted"] == [114, 0]
    # team A made 75: 114 + 75 = 189
    assert res["made"] is True and res["team_points"] == [189, 0]
    assert r.view(None)["tricks_won"] == [20, 0]


def test_team_a_is_seats_0_2_4_and_each_seat_has_an_opponent_on_each_side():
    r = golden()
    assert [r.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert all(r.partner(s) is None for s in range(6))  # three to a team: no passing
