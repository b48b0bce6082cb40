"""Naming trump (docs/rules/pinochle.md, "Trump and passing") and ``trump_needs_marriage``."""

from .helpers import auction, deal, refused, trump

MARRIED_IN_S_AND_D = "KS QS AH TH 9H KD QD 9D AC TC JC 9C"
NO_MARRIAGE = "KS JS AH TH 9H KD JD 9D AC TC JC 9C"


def test_the_declarer_may_name_any_suit_by_default():
    r = deal({0: NO_MARRIAGE})
    auction(r, 15, None, None, None)
    assert r.legal_actions() == [{"type": "trump", "suit": s} for s in "SHDC"]
    trump(r, 0, "C")
    assert r.view(None)["trump"] == "C"


def test_with_the_option_only_suits_of_a_held_marriage_may_be_named():
    r = deal({0: MARRIED_IN_S_AND_D}, trump_needs_marriage=True)
    auction(r, 15, None, None, None)
    assert r.legal_actions() == [{"type": "trump", "suit": "S"}, {"type": "trump", "suit": "D"}]
    refused(r, 0, {"type": "trump", "suit": "H"}, "no_marriage")
    refused(r, 0, {"type": "trump", "suit": "C"}, "no_marriage")
    trump(r, 0, "D")


def test_with_the_option_a_declarer_holding_no_marriage_may_name_any_suit():
    r = deal({0: NO_MARRIAGE}, trump_needs_marriage=True)
    auction(r, 15, None, None, None)
    assert len(r.legal_actions()) == 4
    trump(r, 0, "H")


def test_three_handed_the_marriage_may_come_from_the_widow():
    hand = "AS TS JS 9S AH TH JH 9H AD TD JD 9D AC TC JC"
    r = deal({0: hand}, dealer=2, variant="three", widow="KC QC 9C", trump_needs_marriage=True)
    auction(r, 20, None, None)
    assert r.view(0)["widow"] == ["KC", "QC", "9C"]
    assert r.legal_actions() == [{"type": "trump", "suit": "C"}]
    refused(r, 0, {"type": "trump", "suit": "S"}, "no_marriage")
    trump(r, 0, "C")


def test_only_the_declarer_names_trump():
    r = deal()
    auction(r, 15, None, None, None)
    refused(r, 1, {"type": "trump", "suit": "S"}, "not_your_turn")
