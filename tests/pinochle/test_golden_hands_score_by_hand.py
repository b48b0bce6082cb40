"""Golden hands: whole scripted hands from stacked decks, meld, counters and points worked out
by hand (docs/rules/pinochle.md, "Meld" and "Scoring a hand"). Every hand is given in full.

Counters: each A, T, K won = 1; the last trick 1 more (double deck: 2).
"""

import pytest

from .helpers import auction, deal, play, tricks, trump

# Single deck, dealer 3 (seat 0 is the eldest). Per suit: seat 0 holds A T Q, seat 1 A K K,
# seat 2 T Q J, seat 3 J 9 9 (eight 9s: nines_redeal must be off).
G1 = {
    0: "AS TS QS AH TH QH AD TD QD AC TC QC",
    1: "AS KS KS AH KH KH AD KD KD AC KC KC",
    2: "TS QS JS TH QH JH TD QD JD TC QC JC",
    3: "JS 9S 9S JH 9H 9H JD 9D 9D JC 9C 9C",
}
# Meld with trump H:
#  seat 0: aces around 10 + queens around 6 = 16 (a QS, no JD: no pinochle)
#  seat 1: aces around 10 + double kings around 80 = 90 (no queen: no marriage)
#  seat 2: queens around 6 + jacks around 4 + pinochle (QS JD) 4 = 14
#  seat 3: jacks around 4 + dix 9H 9H 2 = 6
#  team A (0, 2) 30; team B (1, 3) 96
G1_TRICKS = [
    "AS KS JS 9S",  # 0 leads; nothing beats the AS -> seat 0; counters A K = 2 (A)
    "QS KS TS 9S",  # seat 1 must beat Q (K), seat 2 must beat K (T) -> seat 2; K T = 2 (A)
    "QS JS TS AS",  # seat 2 leads; seat 0 must beat Q (T), seat 1 (A) -> seat 1; T A = 2 (B)
    "AH JH 9H QH",  # seat 1 leads; nothing beats -> seat 1; A = 1 (B)
    "KH TH 9H AH",  # seat 2 T beats K, seat 0 A beats T -> seat 0; K T A = 3 (A)
    "TH KH QH JH",  # seat 0 leads -> seat 0; T K = 2 (A)
    "AD KD JD 9D",  # -> seat 0; A K = 2 (A)
    "TD AD QD 9D",  # seat 1 must beat T (A) -> seat 1; T A = 2 (B)
    "KD TD JD QD",  # seat 1 leads, seat 2 T beats -> seat 2; K T = 2 (A)
    "JC 9C QC KC",  # seat 2 leads; seat 0 must beat J (Q), seat 1 must beat Q (K) -> seat 1;
    #                 K = 1 (B)
    "AC QC 9C TC",  # seat 1 leads -> seat 1; A T = 2 (B)
    "KC TC JC AC",  # last: seat 2 T beats K, seat 0 A beats T -> seat 0; K T A = 3 + 1 (A)
]
G1_WINNERS = [0, 2, 1, 1, 0, 0, 0, 1, 2, 1, 1, 0]
# team A counters 2+2+3+2+2+2+3 = 16, + 1 last trick = 17 (7 tricks)
# team B counters 2+1+2+1+2 = 8 (5 tricks); 17 + 8 = 25


def play_g1(contract, **options):
    r = deal(G1, nines_redeal="off", **options)
    # 0 bids 20, 1 bids 21, 2 and 3 pass, 0 bids the contract, 1 passes
    auction(r, 20, 21, None, None, contract, None)
    trump(r, 0, "H")
    melds = r.view(None)["melds"]
    assert [m["points"] for m in melds] == [16, 90, 14, 6]
    assert r.view(None)["meld_totals"] == [30, 96]
    assert tricks(r, *G1_TRICKS) == G1_WINNERS
    return r


def test_g1_made_with_save_meld_by_trick():
    r = play_g1(25)
    res = r.result
    assert res["counters"] == [17, 8] and res["last_trick_team"] == 0
    assert res["meld"] == [30, 96] and res["meld_counted"] == [30, 96]
    # A: 30 + 17 = 47 >= 25, made; B: 96 + 8 = 104
    assert res["made"] is True and res["team_points"] == [47, 104]
    assert (res["declarer"], res["contract"], res["trump"]) == (0, 25, "H")
    assert res["reason"] == "played" and res["redeal_seat"] is None
    assert r.view(None)["tricks_won"] == [7, 5]


def test_g1_set_when_meld_and_counters_fall_short():
    r = play_g1(50)
    res = r.result
    # A: 30 + 17 = 47 < 50: set, -50; B keeps 104
    assert res["made"] is False and res["team_points"] == [-50, 104]
    assert res["meld_counted"] == [30, 96]


def test_g1_with_save_meld_off_scores_the_same_as_both_teams_took_tricks():
    assert play_g1(25, save_meld="off").result["team_points"] == [47, 104]


def test_g1_with_counters20_both_teams_under_20_score_nothing_and_the_declarer_is_set():
    res = play_g1(25, save_meld="counters20").result
    # A took 17 counters, B 8: no meld counts; A declared: set -25; B scores 0
    assert res["counters"] == [17, 8]
    assert res["meld"] == [30, 96] and res["meld_counted"] == [0, 0]
    assert res["made"] is False and res["team_points"] == [-25, 0]


# Single deck, each seat holds one suit; trump S, seat 0 declares and wins every trick.
G2 = {
    0: "AS AS TS TS KS KS QS QS JS JS 9S 9S",
    1: "AH AH TH TH KH KH QH QH JH JH 9H 9H",
    2: "AD AD TD TD KD KD QD QD JD JD 9D 9D",
    3: "AC AC TC TC KC KC QC QC JC JC 9C 9C",
}
# meld, trump S: seat 0 double run 150 + dix 2 = 152; seats 1, 2, 3: two marriages 4 each
# team A 152 + 4 = 156, team B 8


def play_g2(**options):
    r = deal(G2, **options)
    auction(r, 100, None, None, None)
    trump(r, 0, "S")
    assert r.view(None)["meld_totals"] == [156, 8]
    hands = {s: list(r.view(s)["hand"]) for s in range(4)}
    for k in range(12):
        for seat in range(4):
            play(r, seat, hands[seat][k])  # seat 0 leads each spade; the others are void
    return r


def test_g2_a_team_that_takes_no_trick_loses_its_meld_by_trick():
    res = play_g2().result
    # A: 156 + 25 = 181; B took no trick: its meld 8 does not count
    assert res["counters"] == [25, 0] and res["meld_counted"] == [156, 0]
    assert res["team_points"] == [181, 0] and res["made"] is True


@pytest.mark.parametrize("save,b_points", [("off", 8), ("counters20", 0), ("trick", 0)])
def test_g2_under_each_save_meld_rule(save, b_points):
    assert play_g2(save_meld=save).result["team_points"] == [181, b_points]


# Double deck, dealer 3: each seat holds the 20 cards of one suit. Seat 1 declares 50 with
# diamonds trump: seat 2 holds every trump and wins every trick.
G3 = {
    0: " ".join(r + "S" for r in "ATKQJ" for _ in range(4)),
    1: " ".join(r + "H" for r in "ATKQJ" for _ in range(4)),
    2: " ".join(r + "D" for r in "ATKQJ" for _ in range(4)),
    3: " ".join(r + "C" for r in "ATKQJ" for _ in range(4)),
}
# meld, trump D: seat 2 quadruple run 300; seats 0, 1, 3: four marriages 8 each
# team A 308, team B 16


def test_g3_double_deck_declarer_under_20_counters_is_set():
    r = deal(G3, variant="double")
    auction(r, None, 50, None, None)
    trump(r, 1, "D")
    assert r.view(None)["meld_totals"] == [308, 16]
    while r.turn is not None:
        r.apply(r.turn, r.legal_actions()[0])
    res = r.result
    # every trick to seat 2: counters 48 + 2 for the last trick = 50; B took none: set -50
    assert res["counters"] == [50, 0] and res["last_trick_team"] == 0
    assert res["meld_counted"] == [308, 0]
    assert res["team_points"] == [358, -50] and res["made"] is False
    assert r.view(None)["tricks_won"] == [20, 0]


# Three-handed, dealer 2 (seat 0 is the eldest).
G4 = {
    0: "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH",
    1: "TH KH KH QH QH JH JH 9H 9H AD AD TD TD KD KD",
    2: "QD QD JD JD 9D 9D AC AC TC TC KC KC QC QC JC",
}
G4_WIDOW = "JC 9C 9C"


def play_g4(contract, **options):
    r = deal(G4, dealer=2, variant="three", widow=G4_WIDOW, **options)
    auction(r, contract, None, None)
    assert r.view(None)["widow"] == ["JC", "9C", "9C"]
    trump(r, 0, "S")
    r.apply(0, {"type": "discard", "cards": ["TH", "JC", "9C"]})  # TH: 1 counter
    # meld, trump S: seat 0 double run 150 + dix 2 = 152; seat 1 two heart marriages 4;
    # seat 2 two club marriages 4
    assert r.view(None)["meld_totals"] == [152, 4, 4]
    hands = {s: list(r.view(s)["hand"]) for s in range(3)}
    # tricks 1-12: seat 0 leads its spades; seats 1 and 2 (void, no trump) play their cards in
    # hand order: seat 1 TH KH KH QH QH JH JH 9H 9H AD AD TD (6 counters), seat 2 QD QD JD JD
    # 9D 9D AC AC TC TC KC KC (6); with seat 0's 6: 18 counters to seat 0
    for k in range(12):
        for seat in range(3):
            play(r, seat, hands[seat][k])
    # 13: AH TD QC -> seat 0, 2 counters; 14: AH KD QC -> seat 0, 2;
    # 15: seat 0 leads 9C, seat 1 KD, seat 2 must follow and beat: JC -> seat 2, 1 + last 1
    assert tricks(r, "AH TD QC", "AH KD QC", "9C KD JC") == [0, 0, 2]
    return r


def test_g4_three_handed_the_discard_counts_for_the_declarer():
    res = play_g4(30).result
    # seat 0: 18 + 2 + 2 + the discard's TH 1 = 23; seat 2: 2; seat 1: 0
    assert res["counters"] == [23, 0, 2] and res["last_trick_team"] == 2
    # seat 1 took no trick: its meld does not count
    assert res["meld"] == [152, 4, 4] and res["meld_counted"] == [152, 0, 4]
    assert res["team_points"] == [175, 0, 6] and res["made"] is True


def test_g4_made_exactly_thanks_to_the_discard_and_set_one_above():
    assert play_g4(175).result["team_points"] == [175, 0, 6]
    res = play_g4(176).result
    assert res["made"] is False and res["team_points"] == [-176, 0, 6]
