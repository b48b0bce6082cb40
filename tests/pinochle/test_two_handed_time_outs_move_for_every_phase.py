"""Two-handed time-outs (§14.8): bidding and trump as §8; the meld phase passes; a stock-stage
play is the lowest card of hand and table (from the table if it lies there); the strict stage
plays the lowest legal card."""

from games.pinochle import Options, Round
from games.pinochle.cards import LOW_KEY

from .two_helpers import DEALER, meld, trick_to, two_round

SECRET = "0000000000000000000000000000000000000000000000000000000000000001"
JUNK = "9C 9C JC JC TC TC AC AC 9D 9D TD TD"


def test_bidding_passes_and_a_stuck_dealer_bids_the_minimum():
    r = Round.deal(Options(variant="two", two_trump="auction"), DEALER, secret=SECRET)
    assert r.timeout_actions() == [{"type": "pass"}]
    r.apply(0, r.timeout_actions()[0])
    assert r.timeout_actions() == [{"type": "bid", "amount": 20}]
    r.apply(1, r.timeout_actions()[0])
    assert r.phase == "trump" and r.declarer == 1
    (named,) = r.timeout_actions()
    assert named["type"] == "trump"
    r.apply(1, named)
    assert r.phase == "play" and r.turn == 1  # the declarer leads (first_lead)


def test_the_meld_phase_passes_and_a_stock_play_takes_the_lowest_of_hand_and_table():
    r = two_round("KS QS 9H AS JS 9S 9S TS AD TD KD QD", JUNK.replace("TD TD", "KC KC"))
    trick_to(r, "9S")
    assert r.timeout_actions() == [{"type": "pass"}]
    meld(r, "KS QS")
    # the lowest card overall: hearts are trump, so a plain 9 (9S in the hand)
    assert r.timeout_actions() == [{"type": "play", "card": "9S", "from": "hand"}]
    trick_to(r, "9S")
    r.apply(0, {"type": "pass"})
    trick_to(r, "JS")
    r.apply(0, {"type": "pass"})
    low = LOW_KEY["H"]
    hand = r.view(0)["hand"]
    on_table = [t["card"] for t in r.view(0)["table"][0]]
    lowest = min(hand + on_table, key=low.__getitem__)
    (move,) = r.timeout_actions()
    assert move["card"] == lowest
    assert move["from"] == ("table" if lowest in on_table else "hand")


def test_every_time_out_is_legal_to_the_end_of_the_hand():
    for two_trump in ("turn_up", "auction"):
        r = Round.deal(Options(variant="two", two_trump=two_trump), DEALER, secret=SECRET)
        while r.turn is not None:
            (move,) = r.timeout_actions()
            if r.phase == "play" and r.view(None)["stage"] == "strict":
                assert "from" not in move and move in r.legal_actions()
                assert move["card"] == min(
                    (a["card"] for a in r.legal_actions()), key=LOW_KEY[r.trump].__getitem__
                )
            else:
                assert move in r.legal_actions()
            r.apply(r.turn, move)
        assert r.timeout_actions() == [] and r.result is not None
