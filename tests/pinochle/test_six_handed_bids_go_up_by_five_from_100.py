"""Six-handed bidding: the first bid at least 75, +1 below 100, multiples of 5 from 100 on
(``bid_step`` otherwise); the dealer is stuck by default (docs/rules/pinochle.md, "Six-handed",
"Defaults per variant")."""

from games.pinochle import Options, Round

from .helpers import refused

SECRET = f"{77:064x}"


def six(**options: object) -> Round:
    r = Round.deal(Options(variant="six", nines_redeal="off", **options), 5, secret=SECRET)
    assert r.turn == 0
    return r


def test_the_lowest_bid_is_75_then_one_more_until_100():
    r = six()
    assert r.legal_actions()[0] == {"type": "bid", "amount": 75}
    refused(r, 0, {"type": "bid", "amount": 74}, "bid_too_low")
    r.apply(0, {"type": "bid", "amount": 98})
    assert r.legal_actions()[0] == {"type": "bid", "amount": 99}
    r.apply(1, {"type": "bid", "amount": 99})
    assert r.legal_actions()[0] == {"type": "bid", "amount": 100}


def test_from_100_on_a_bid_is_a_multiple_of_5():
    r = six()
    r.apply(0, {"type": "bid", "amount": 100})
    refused(r, 1, {"type": "bid", "amount": 101}, "bid_step")
    refused(r, 1, {"type": "bid", "amount": 103}, "bid_step")
    assert r.legal_actions()[0] == {"type": "bid", "amount": 105}
    r.apply(1, {"type": "bid", "amount": 110})
    assert r.legal_actions()[0] == {"type": "bid", "amount": 115}
    r = six(min_bid=97)
    r.apply(0, {"type": "bid", "amount": 99})
    assert r.legal_actions()[0] == {"type": "bid", "amount": 100}


def test_the_dealer_is_stuck_when_five_seats_pass():
    r = six()
    for seat in range(5):
        r.apply(seat, {"type": "pass"})
    assert r.turn == 5 and r.legal_actions() == [{"type": "bid", "amount": 75}]
    refused(r, 5, {"type": "pass"}, "dealer_must_bid")
    assert r.timeout_actions() == [{"type": "bid", "amount": 75}]
    r.apply(5, {"type": "bid", "amount": 75})
    assert r.view(None)["phase"] == "trump" and r.declarer == 5


def test_with_redeal_six_passes_end_the_hand_unplayed():
    r = six(all_pass="redeal")
    for seat in range(6):
        r.apply(seat, {"type": "pass"})
    assert r.result is not None and r.result["reason"] == "all_passed"
    assert r.result["team_points"] == [0, 0]
