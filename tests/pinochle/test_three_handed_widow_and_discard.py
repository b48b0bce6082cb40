"""Three-handed (docs/rules/pinochle.md, "Variants"): the widow is shown to everyone and taken by
the declarer, who names trump and discards 3; only the declarer sees the discard; play goes to
seat + 1 mod 3."""

from .helpers import auction, deal, play, refused, trump

HAND_0 = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH"


def bid_to_widow(**options):
    r = deal({0: HAND_0}, dealer=2, variant="three", widow="JC 9C 9C", **options)
    assert r.view(None)["widow"] is None
    assert all(r.view(s)["widow"] is None for s in range(3))
    auction(r, 20, None, None)
    return r


def test_the_widow_is_hidden_until_the_auction_ends_then_shown_to_everyone():
    r = bid_to_widow()
    for seat in (0, 1, 2, None):
        assert r.view(seat)["widow"] == ["JC", "9C", "9C"]
    assert r.view(None)["hand_counts"] == [18, 15, 15]
    assert "JC" in r.view(0)["hand"] and r.view(0)["hand"].count("9C") == 2


def test_the_declarer_names_trump_then_discards_three_of_its_eighteen_cards():
    r = bid_to_widow()
    assert r.view(None)["phase"] == "trump"
    trump(r, 0, "S")
    assert r.view(None)["phase"] == "discard" and r.turn == 0
    refused(r, 1, {"type": "discard", "cards": ["AD", "AD", "AD"]}, "not_your_turn")
    r.apply(0, {"type": "discard", "cards": ["TH", "JC", "9C"]})
    v = r.view(None)
    assert v["phase"] == "play" and v["hand_counts"] == [15, 15, 15] and r.turn == 0


def test_any_three_of_the_eighteen_may_be_discarded_trumps_and_meld_included():
    r = bid_to_widow()
    trump(r, 0, "S")
    assert len(r.legal_actions()) == len({tuple(a["cards"]) for a in r.legal_actions()})
    r.apply(0, {"type": "discard", "cards": ["AS", "KS", "QS"]})
    assert r.view(0)["discard"] == ["AS", "KS", "QS"]


def test_only_the_declarer_sees_the_discard():
    r = bid_to_widow()
    trump(r, 0, "S")
    assert r.view(0)["discard"] is None
    r.apply(0, {"type": "discard", "cards": ["JC", "TH", "9C"]})
    assert r.view(0)["discard"] == ["TH", "JC", "9C"]
    assert r.view(1)["discard"] is None and r.view(2)["discard"] is None
    assert "discard" not in r.view(None)


def test_meld_is_from_fifteen_cards_after_the_discard():
    r = bid_to_widow()
    trump(r, 0, "S")
    r.apply(0, {"type": "discard", "cards": ["9S", "9S", "JC"]})
    melds = r.view(None)["melds"]
    assert melds[0] == {
        "points": 150,
        "melds": [
            {
                "name": "double_run",
                "cards": ["AS", "AS", "TS", "TS", "KS", "KS", "QS", "QS", "JS", "JS"],
                "points": 150,
            }
        ],
    }
    assert r.view(None)["meld_totals"][0] == 150 and len(r.view(None)["meld_totals"]) == 3


def test_play_goes_round_three_seats():
    r = bid_to_widow()
    trump(r, 0, "S")
    r.apply(0, {"type": "discard", "cards": ["TH", "JC", "9C"]})
    play(r, 0, "AS")
    assert r.turn == 1
    play(r, 1, r.legal_actions()[0]["card"])
    assert r.turn == 2
    assert play(r, 2, r.legal_actions()[0]["card"]) == 0
    assert r.turn == 0


def test_the_first_lead_may_be_the_eldest_three_handed():
    r = deal(dealer=0, variant="three", first_lead="eldest")
    auction(r, None, None, 20)  # the dealer, seat 0, is stuck and bids
    assert r.view(None)["declarer"] == 0
    trump(r, 0, "S")
    hand = r.view(0)["hand"]
    r.apply(0, {"type": "discard", "cards": hand[:3]})
    assert r.turn == 1 and r.view(None)["leader"] == 1


def test_the_widow_does_not_count_for_the_nines_redeal():
    hand = "9S 9S 9H 9H AS TS KS QS JS AH TH KH QH JH AD"
    r = deal({0: hand}, dealer=2, variant="three", widow="9D 9D 9C")
    assert r.result is None and r.view(None)["phase"] == "bidding"
    auction(r, 20, None, None)
    assert r.view(0)["hand"].count("9D") == 2  # seven 9s once the widow is taken: no matter
