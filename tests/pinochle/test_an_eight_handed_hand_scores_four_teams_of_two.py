"""Eight-handed: two single decks (96 cards), 12 each in packets of 3, four teams of partners
across (team t = seats t, t + 4), counters 48 + 2 for the last trick, dix per trump 9 and the
``quadruple_pinochle_100`` option (docs/rules/pinochle.md, "Eight-handed"). The golden hand is
scored by hand below."""

import pytest

from games.pinochle import Options, Round

from .helpers import dealt_deck

HANDS = {
    0: ["AS"] * 4 + ["TS"] * 4 + ["KS"] * 4,
    1: ["JS"] * 4 + ["AH"] * 4 + ["TH"] * 4,
    2: ["9H"] * 4 + ["AD"] * 4 + ["TD"] * 4,
    3: ["AC"] * 4 + ["TC"] * 4 + ["KC"] * 4,
    4: ["QS"] * 4 + ["JD"] * 4 + ["9S"] * 4,
    5: ["KH"] * 4 + ["QH"] * 4 + ["JH"] * 4,
    6: ["KD"] * 4 + ["QD"] * 4 + ["9D"] * 4,
    7: ["QC"] * 4 + ["JC"] * 4 + ["9C"] * 4,
}


def golden(**options: object) -> Round:
    o = Options(variant="eight", **options)
    r = Round.deal(o, 7, deck=dealt_deck(HANDS, dealer=7, variant="eight"))
    r.apply(0, {"type": "bid", "amount": 15})
    for seat in range(1, 8):
        r.apply(seat, {"type": "pass"})
    r.apply(0, {"type": "trump", "suit": "S"})
    for card in ["AS"] * 4 + ["TS"] * 4 + ["KS"] * 4:
        r.apply(0, {"type": "play", "card": card})
        for _ in range(7):
            out = r.apply(r.turn, r.legal_actions()[0])
        assert out == 0
    return r


@pytest.mark.parametrize(("quadruple_100", "pinochle"), [(False, 90), (True, 100)])
def test_the_golden_hand_scores_by_hand(quadruple_100, pinochle):
    r = golden(quadruple_pinochle_100=quadruple_100)
    res = r.result
    assert res is not None
    # seat 4 (team 0): four QS + four JD = quadruple pinochle (90, or 100 with the option),
    # four 9S of trump = 4 dix; seat 5 (team 1) and seat 6 (team 2): four marriages each = 8
    seat4 = r.view(None)["melds"][4]
    assert seat4["points"] == pinochle + 4
    assert [m["name"] for m in seat4["melds"]] == ["quadruple_pinochle"] + ["dix"] * 4
    assert res["meld"] == [pinochle + 4, 8, 8, 0]
    # counters: 4 copies x 4 suits x (A T K) = 48, + 2 for the last trick = 50, all team 0's
    assert res["counters"] == [50, 0, 0, 0] and res["last_trick_team"] == 0
    # teams 1, 2, 3 took no trick: their meld does not count (save_meld "trick")
    assert res["meld_counted"] == [pinochle + 4, 0, 0, 0]
    assert res["made"] is True and res["team_points"] == [pinochle + 4 + 50, 0, 0, 0]
    assert r.view(None)["tricks_won"] == [12, 0, 0, 0]


def test_teams_are_partners_across_and_neighbours_are_opponents():
    o = Options(variant="eight")
    assert o.players == 8 and o.sides == 4
    assert [o.partner_of(s) for s in range(8)] == [4, 5, 6, 7, 0, 1, 2, 3]
    r = Round.deal(o, 7, deck=dealt_deck(HANDS, dealer=7, variant="eight"))
    assert [r.side_of(s) for s in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]
