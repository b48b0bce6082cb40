"""``pinochling`` (§19): a side that wins every trick of a played hand wins the match at once,
whatever the totals and even when it was set; ``result["swept"]`` names it (null otherwise, and
the key only with the option on). Two-handed, a seat must win all 24 tricks."""

from games.pinochle import Match

from . import test_a_kitty_to_the_declarer_counts_its_discard_for_the_declaring_team as LOSER
from .helpers import auction, trump
from .kitty_helpers import kitty_round
from .two_helpers import DEALER, trick_to, two_round

HANDS = {
    0: "AS AS TS TS KS KS QS QS JS JS 9S",
    1: "AH TH TH KH KH QH QH JH JH 9H 9H",
    2: "AD TD TD KD KD QD QD JD JD 9D 9D",
    3: "AC TC TC KC KC QC QC JC JC 9C 9C",
}
KITTY = "9S AH AD AC"
OFF = {  # what seats 1, 2, 3 throw on seat 0's eleven spades
    1: "AH TH TH KH KH QH QH JH JH 9H 9H".split(),
    2: "AD TD TD KD KD QD QD JD JD 9D 9D".split(),
    3: "AC TC TC KC KC QC QC JC JC 9C 9C".split(),
}


def test_a_declaring_side_that_sweeps_wins_the_match_though_it_was_set():
    r = kitty_round(HANDS, KITTY, kitty="declarer", pinochling=True)
    auction(r, 500, None, None, None)
    trump(r, 0, "S")
    r.apply(0, {"type": "discard", "cards": ["9S", "AH", "AD", "AC"]})
    spades = r.view(0)["hand"]
    assert spades == HANDS[0].split()
    for k in range(11):
        r.apply(0, {"type": "play", "card": spades[k]})
        for seat in (1, 2, 3):
            r.apply(seat, {"type": "play", "card": OFF[seat][k]})
    res = r.result
    # team A: meld 150 (double run) + 1 (dix) + 0, counters 24 + 1 = 180 < 500: set, -500;
    # team B took no trick: its meld (three times two marriages, 12) is not saved
    assert res["swept"] == 0 and res["made"] is False
    assert res["team_points"] == [-500, 0] and res["counters"] == [25, 0]
    m = Match(r.options, 3)
    m.record(r)
    assert m.over and m.winner == 0 and m.totals == [-500, 0]
    back = Match.from_json(m.to_json())
    assert back.over and back.winner == 0


def test_without_a_sweep_swept_is_null_and_without_the_option_the_key_is_absent():
    for pinochling in (True, False):
        r = kitty_round(LOSER.HANDS, LOSER.KITTY, kitty="declarer", pinochling=pinochling)
        auction(r, 178, None, None, None)
        trump(r, 0, "S")
        r.apply(0, {"type": "discard", "cards": ["AD", "AC", "9S", "9S"]})
        while r.turn is not None:  # seat 1 takes the last trick with its JH
            r.apply(r.turn, r.timeout_actions()[0])
        assert r.tricks_won[1] >= 1
        if pinochling:
            assert r.result["swept"] is None
        else:
            assert "swept" not in r.result


# two-handed: seat 0 holds every spade but the turn-up and draws the rest of the spades, the A and
# T of every other suit and a KH; seat 1 holds and draws only K Q J 9 of H D C, and the turn-up
ELDEST = "AS AS TS TS KS KS QS QS JS JS AH AH"
DEALER_HAND = "KH QH QH JH JH 9H 9H KD KD QD QD JD"
SEAT0_DRAWS = "9S AD AD AC AC TH TH TD TD TC TC KH".split()
SEAT1_DRAWS = "JD 9D 9D KC KC QC QC JC JC 9C 9C".split()  # and the turn-up 9S, drawn last


def test_two_handed_a_seat_must_win_all_twenty_four_tricks():
    stock = [c for pair in zip(SEAT0_DRAWS, [*SEAT1_DRAWS, ""], strict=True) for c in pair if c]
    r = two_round(ELDEST, DEALER_HAND, turn_up="9S", stock=" ".join(stock), pinochling=True)
    assert r.trump == "S" and r.turn == 0
    leads = [*"AH AH AS AS TS TS KS KS QS QS JS JS".split(), *SEAT0_DRAWS]
    for card in leads:
        if r.phase == "meld":
            r.apply(0, {"type": "pass"})  # seat 0 declares nothing and both draw
        assert trick_to(r, card) == 0
    res = r.result
    assert res is not None and r.tricks_won == [24, 0]
    assert res["swept"] == 0 and res["counters"] == [25, 0]
    m = Match(r.options, DEALER)
    m.record(r)
    # seat 1 dealt and scored the turned-up dix (1); seat 0 declared no meld: 25 counters
    assert m.over and m.winner == 0 and m.totals == [25, 1]
