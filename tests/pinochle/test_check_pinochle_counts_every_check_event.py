"""Check Pinochle (``checks``, §20), cutthroat: every seat's checks each hand (meld checks,
seven nines dealt, the declarer set or conceding), the nets that sum to 0, and the match's
``game`` bonus in ``Match.checks`` and ``Match.check_net``. Counted by hand below."""

import pytest

from games.pinochle import InvalidOptions, Match, Options, Round

from .helpers import auction, trump
from .kitty_helpers import deck_for

OPTIONS = Options(variant="cutthroat", checks=True, concede=True, nines_redeal="off")


def cutthroat(hands: dict[int, str], dealer: int, options: Options = OPTIONS) -> Round:
    deck = deck_for(hands, "", dealer=dealer, variant="cutthroat", packets=(4, 4, 4, 4))
    return Round.deal(options, dealer, deck=deck)


# hand 1 (dealer 2, seat 0 eldest), hearts trump:
# seat 0: one ace of each suit (aces_around 1), TH KH QH JH with AH (a run, 1), all eight 9s
#   (seven_nines 5), and it bids 100 out of reach (27 meld + 25 counters at most): set, -2
# seat 1: QS QS JD JD (double_pinochle 1), both K and Q of S, D and C (double_marriage 3),
#   K and Q of every suit (roundhouse 2)
# seat 2: one ace of each suit (aces_around 1)
HAND_1 = {
    0: "AS AH AD AC TH KH QH JH 9S 9S 9H 9H 9D 9D 9C 9C",
    1: "QS QS JD JD KS KS KD KD QD QD KC KC QC QC KH QH",
    2: "AS AH AD AC TS TS TH TD TD TC TC JS JS JH JC JC",
}
EVENTS_1 = [
    {"seat": 0, "event": "run", "checks": 1},
    {"seat": 0, "event": "aces_around", "checks": 1},
    {"seat": 0, "event": "seven_nines", "checks": 5},
    {"seat": 0, "event": "set", "checks": -2},
    {"seat": 1, "event": "roundhouse", "checks": 2},
    {"seat": 1, "event": "double_marriage", "checks": 3},
    {"seat": 1, "event": "double_pinochle", "checks": 1},
    {"seat": 2, "event": "aces_around", "checks": 1},
]
# hand 2 (dealer 0, seat 1 eldest), spades trump, seat 1 declares at 20 and concedes:
# seat 1: double aces and double kings around (double_around 2 + 2), conceded -1
# seat 2: double queens and jacks around (double_around 4), double pinochle (1)
# seat 0: every T and 9 (seven_nines 5)


def both_copies(ranks: str) -> str:
    """Both copies of every suit of these ranks: ``AK`` is "AS AS AH AH ... KC KC"."""
    return " ".join(r + s for r in ranks for s in "SSHHDDCC")


HAND_2 = {1: both_copies("AK"), 2: both_copies("QJ"), 0: both_copies("T9")}
EVENTS_2 = [
    {"seat": 0, "event": "seven_nines", "checks": 5},
    {"seat": 1, "event": "double_around", "checks": 4},
    {"seat": 1, "event": "conceded", "checks": -1},
    {"seat": 2, "event": "double_around", "checks": 4},
    {"seat": 2, "event": "double_pinochle", "checks": 1},
]


def test_every_check_event_of_a_match_and_nets_that_sum_to_zero():
    m = Match(OPTIONS, 2)
    r = cutthroat(HAND_1, 2)
    auction(r, 100, None, None)
    trump(r, 0, "H")
    r.apply(0, {"type": "play_on"})
    while r.turn is not None:
        r.apply(r.turn, r.timeout_actions()[0])
    res = r.result
    assert res["made"] is False and res["team_points"][0] == -100
    assert res["check_events"] == EVENTS_1
    assert res["checks"] == [5, 6, 1]
    # net = 2 x own - the others': 10 - 7, 12 - 6, 2 - 11
    assert res["check_net"] == [3, 6, -9] and sum(res["check_net"]) == 0
    m.record(r)
    assert not m.over and m.checks == [5, 6, 1] and m.check_net == [3, 6, -9]

    r = cutthroat(HAND_2, m.dealer)
    assert m.dealer == 0 and r.turn == 1
    auction(r, 20, None, None)
    trump(r, 1, "S")
    r.apply(1, {"type": "concede"})
    res = r.result
    assert res["reason"] == "conceded"
    assert res["check_events"] == EVENTS_2
    assert res["checks"] == [5, 3, 5]
    assert res["check_net"] == [2, -4, 2] and sum(res["check_net"]) == 0
    # seat 2 scores its whole meld: 60 + 40 double queens and jacks around, 30 double pinochle
    assert res["team_points"] == [2, -20, 130]
    m.record(r)
    # seat 2 at 130 + hand 1's points is over the target of 100: it wins, the game: +5
    assert m.over and m.winner == 2
    assert m.checks == [5 + 5, 6 + 3, 1 + 5 + 5]
    assert m.check_net == [3 * c - sum(m.checks) for c in m.checks] and sum(m.check_net) == 0
    back = Match.from_json(m.to_json())
    assert back.checks == m.checks and back.check_net == m.check_net


def test_seven_nines_count_in_a_hand_thrown_in_for_nines_and_check_bonus_10():
    options = Options(variant="cutthroat", checks=True, check_bonus=10)
    r = cutthroat(HAND_2, 0, options)
    res = r.result
    assert res["reason"] == "redeal" and res["redeal_seat"] == 0
    assert res["check_events"] == [{"seat": 0, "event": "seven_nines", "checks": 10}]
    assert res["checks"] == [10, 0, 0] and res["check_net"] == [20, -10, -10]


def test_checks_are_played_only_three_handed_and_cutthroat_and_absent_otherwise():
    with pytest.raises(InvalidOptions):
        Options(checks=True)
    with pytest.raises(InvalidOptions):
        Options(variant="two", checks=True)
    r = Round.deal(Options(variant="three", checks=True), 0, secret="ab" * 32)
    while r.turn is not None:
        r.apply(r.turn, r.timeout_actions()[0])
    assert sum(r.result["check_net"]) == 0 and len(r.result["checks"]) == 3
    plain = Round.deal(Options(variant="cutthroat"), 0, secret="ab" * 32)
    while plain.turn is not None:
        plain.apply(plain.turn, plain.timeout_actions()[0])
    assert "checks" not in plain.result and "check_events" not in plain.result
