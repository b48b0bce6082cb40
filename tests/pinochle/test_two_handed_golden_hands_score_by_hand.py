"""Two whole two-handed hands, scored by hand in the comments: each seat's counters from the
tricks it won (A T K = 1, + 1 for the 24th trick, 25 in all) plus its declared meld. The play is
fixed: every seat takes its first legal action (so the first declarable meld, and hand cards
before table cards); the auction hand is bid 20 by seat 0, passed by seat 1."""

from games.pinochle import Options, Round

from .two_helpers import DEALER


def _finish(r: Round) -> None:
    while r.turn is not None:
        r.apply(r.turn, r.legal_actions()[0])


def test_a_turn_up_hand_scores_meld_and_counters_for_each_seat():
    r = Round.deal(Options(variant="two"), DEALER, secret=f"{1:064x}")
    _finish(r)
    # trump D: the turn-up is deck[24] of this deal
    # Tricks (leader first) and who won them, with their counters:
    #  1 AS TS s0 2 |  2 AS QS s0 1 |  3 9S QS s1 0 |  4 AH TH s1 2 |  5 AH QH s1 1
    #  6 9S JH s1 0 |  7 JS 9H s1 0 |  8 TS KH s1 2 |  9 AD JH s1 1 | 10 JD TH s1 1 (trump)
    # 11 KS 9H s1 1 | 12 JS TD s0 1 (trump) | 13 KS AD s1 2 | 14 KH TD s0 2 | 15 KD 9D s0 1
    # 16 KD QH s0 1 | 17 QD AC s0 1 | 18 QD AC s0 1 | 19 JD TC s0 1 | 20 9D TC s0 1
    # 21 QC KC s1 1 | 22 KC QC s1 1 | 23 JC 9C s1 0 | 24 JC 9C s1 0 + 1 (last trick)
    # seat 0: 2+1+1+2+1+1+1+1+1+1 = 12; seat 1: 0+2+1+2+1+1+1+2+1+1+1 = 13 (+ 12 = 25)
    # meld: seat 1 a marriage after trick 3 (2) and the dix exchange after trick 10 (1) = 3;
    # seat 0 a royal marriage after trick 12 (4)
    assert r.trump == "D"
    log = [(e["seat"], e["trick"], e["name"], e["exchanged"]) for e in r.view(None)["meld_log"]]
    assert log == [
        (1, 3, "marriage", False),
        (1, 10, "dix", True),
        (0, 12, "royal_marriage", False),
    ]
    assert r.result == {
        "reason": "played",
        "team_points": [4 + 12, 3 + 13],
        "meld": [4, 3],
        "meld_counted": [4, 3],
        "counters": [12, 13],
        "last_trick_team": 1,
        "declarer": None,
        "contract": None,
        "trump": "D",
        "made": None,
        "redeal_seat": None,
        "redeal_cards": None,
    }


def test_a_declarer_short_of_its_contract_is_set_and_the_other_seat_scores():
    r = Round.deal(Options(variant="two", two_trump="auction"), DEALER, secret=f"{3:064x}")
    r.apply(0, {"type": "bid", "amount": 20})
    r.apply(1, {"type": "pass"})
    r.apply(0, r.legal_actions()[0])  # spades
    _finish(r)
    # trump S, seat 0 declares at 20 and leads. Tricks (leader first), winner, counters:
    #  1 AS TH s0 2 |  2 TS KH s0 2 |  3 QS QH s0 0 |  4 KS 9S s0 1 |  5 JS AS s1 1
    #  6 QS JS s1 0 |  7 TS AH s1 2 (trump) |  8 TD AH s1 2 |  9 KS TH s1 2 | 10 AD JH s1 1
    # 11 KD JH s1 1 | 12 KH QH s1 1 | 13 QD AD s0 1 | 14 9S JD s0 0 | 15 9H JD s0 0
    # 16 9H 9D s0 0 | 17 TD AC s0 2 | 18 KD TC s0 2 | 19 QD KC s0 1 | 20 9D KC s0 1
    # 21 AC QC s0 1 | 22 TC JC s0 1 | 23 QC JC s0 0 | 24 9C 9C s0 0 + 1 (last trick)
    # seat 0: 2+2+0+1+1+2+2+1+1+1+1+1 = 15; seat 1: 1+0+2+2+2+1+1+1 = 10 (25 in all)
    # meld: seat 0 a dix after trick 1 (1; no turn-up with an auction: it lies on the table)
    # seat 0: 1 + 15 = 16 < 20: set, -20; seat 1: 0 + 10 = 10
    assert r.trump == "S" and r.view(None)["meld_log"][0]["exchanged"] is False
    assert r.result is not None
    assert r.result["counters"] == [15, 10] and r.result["meld"] == [1, 0]
    assert r.result["team_points"] == [-20, 10]
    assert (r.result["declarer"], r.result["contract"], r.result["made"]) == (0, 20, False)
    assert r.result["meld_counted"] == [1, 0] and r.result["last_trick_team"] == 0
