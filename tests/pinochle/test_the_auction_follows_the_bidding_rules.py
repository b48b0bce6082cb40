"""Bidding (docs/rules/pinochle.md, "Bidding"): who speaks, how much, when it ends."""

from games.pinochle import Options, Round

from .helpers import auction, bid, deal, pass_, refused

SECRET = "ab" * 32


def test_the_eldest_the_dealers_left_speaks_first():
    assert deal(dealer=3).turn == 0
    assert deal(dealer=0).turn == 1
    assert deal(dealer=2, variant="three").turn == 0
    assert deal(dealer=0, variant="three").turn == 1


def test_the_first_bid_is_at_least_min_bid_and_later_bids_raise_by_one_or_more():
    r = deal()
    refused(r, 0, {"type": "bid", "amount": 14}, "bid_too_low")
    bid(r, 0, 15)
    refused(r, 1, {"type": "bid", "amount": 15}, "bid_too_low")
    bid(r, 1, 16)
    bid(r, 2, 30)
    assert r.view(None)["high_bid"] == 30 and r.view(None)["high_bidder"] == 2
    assert r.legal_actions() == [{"type": "bid", "amount": 31}, {"type": "pass"}]


def test_a_pass_is_final_and_passed_seats_are_skipped():
    r = deal()
    bid(r, 0, 15)
    pass_(r, 1)
    bid(r, 2, 16)
    bid(r, 3, 17)
    assert r.turn == 0
    bid(r, 0, 18)
    assert r.turn == 2  # seat 1 passed
    assert r.view(None)["passed"] == [False, True, False, False]
    refused(r, 1, {"type": "bid", "amount": 19}, "not_your_turn")


def test_a_seat_may_raise_again_and_the_last_seat_holding_the_high_bid_declares():
    r = deal()
    auction(r, 15, 16, None, None, 20, None)
    v = r.view(None)
    assert v["declarer"] == 0 and v["contract"] == 20
    assert v["phase"] == "trump" and r.turn == 0
    assert v["auction"] == [
        {"seat": 0, "bid": 15},
        {"seat": 1, "bid": 16},
        {"seat": 2, "bid": None},
        {"seat": 3, "bid": None},
        {"seat": 0, "bid": 20},
        {"seat": 1, "bid": None},
    ]


def test_the_auction_ends_as_soon_as_the_others_have_passed():
    r = deal()
    auction(r, None, 15, None, None)
    assert r.view(None)["declarer"] == 1 and r.view(None)["phase"] == "trump"


def test_the_dealer_is_stuck_when_the_three_others_pass_without_a_bid():
    r = deal()
    auction(r, None, None, None)
    assert r.turn == 3
    assert r.legal_actions() == [{"type": "bid", "amount": 15}]
    refused(r, 3, {"type": "pass"}, "dealer_must_bid")
    refused(r, 3, {"type": "bid", "amount": 14}, "bid_too_low")
    bid(r, 3, 15)
    assert r.view(None)["declarer"] == 3 and r.view(None)["contract"] == 15


def test_a_dealer_is_not_stuck_once_someone_bid():
    r = deal()
    auction(r, 15, None, None)
    assert r.legal_actions() == [{"type": "bid", "amount": 16}, {"type": "pass"}]
    pass_(r, 3)
    assert r.view(None)["declarer"] == 0


def test_with_all_pass_redeal_four_passes_end_the_hand_unscored():
    r = deal(all_pass="redeal")
    auction(r, None, None, None)
    assert r.legal_actions() == [{"type": "bid", "amount": 15}, {"type": "pass"}]
    pass_(r, 3)
    assert r.over and r.turn is None
    res = r.result
    assert res["reason"] == "all_passed" and res["team_points"] == [0, 0]
    assert res["declarer"] is None and res["contract"] is None and res["made"] is None
    assert r.view(None)["phase"] == "done"
    refused(r, 0, {"type": "pass"}, "round_over")


def test_bids_stop_at_1000():
    r = deal()
    refused(r, 0, {"type": "bid", "amount": 1001}, "bad_action")
    bid(r, 0, 1000)
    assert r.legal_actions() == [{"type": "pass"}]
    refused(r, 1, {"type": "bid", "amount": 1000}, "bid_too_low")
    refused(r, 1, {"type": "bid", "amount": 1001}, "bad_action")
    auction(r, None, None, None)
    assert r.view(None)["contract"] == 1000


def test_double_deck_bids_go_up_by_one_below_60_then_by_fives():
    r = deal(variant="double")
    refused(r, 0, {"type": "bid", "amount": 49}, "bid_too_low")
    bid(r, 0, 58)
    bid(r, 1, 59)
    assert r.legal_actions()[0] == {"type": "bid", "amount": 60}
    refused(r, 2, {"type": "bid", "amount": 61}, "bid_step")
    refused(r, 2, {"type": "bid", "amount": 64}, "bid_step")
    bid(r, 2, 60)
    assert r.legal_actions()[0] == {"type": "bid", "amount": 65}
    refused(r, 3, {"type": "bid", "amount": 63}, "bid_step")
    bid(r, 3, 75)
    assert r.legal_actions()[0] == {"type": "bid", "amount": 80}


def test_with_min_bid_62_the_lowest_double_deck_bid_is_65():
    r = deal(variant="double", min_bid=62)
    assert r.legal_actions() == [{"type": "bid", "amount": 65}, {"type": "pass"}]
    refused(r, 0, {"type": "bid", "amount": 61}, "bid_too_low")
    refused(r, 0, {"type": "bid", "amount": 62}, "bid_step")
    bid(r, 0, 65)


def test_three_handed_the_dealer_is_stuck_after_two_passes():
    r = deal(dealer=2, variant="three")
    auction(r, None, None)
    assert r.turn == 2
    refused(r, 2, {"type": "pass"}, "dealer_must_bid")
    bid(r, 2, 20)
    assert r.view(None)["declarer"] == 2 and r.view(None)["contract"] == 20


def test_three_handed_may_redeal_when_all_pass():
    r = deal(dealer=2, variant="three", all_pass="redeal")
    auction(r, None, None, None)
    assert r.result["reason"] == "all_passed" and r.result["team_points"] == [0, 0, 0]


def test_a_fair_deal_bids_the_same_way():
    r = Round.deal(Options(min_bid=20), dealer=1, secret=SECRET)
    assert r.turn == 2
    assert r.legal_actions() == [{"type": "bid", "amount": 20}, {"type": "pass"}]
