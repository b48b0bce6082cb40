"""``nines_redeal``: five (default), five_no_ace, off (docs/rules/pinochle.md, "Misdeal")."""

import pytest

from games.pinochle import Match, Options

from .helpers import deal, refused, stacked_deck

FIVE_NINES = "9S 9S 9H 9H 9D AS TS KS QS JS TH KH"
FIVE_NINES_NO_ACE = "9S 9S 9H 9H 9D TS KS QS JS TH KH QH"
SIX_NINES_ONE_ACE = "9S 9S 9H 9H 9D 9D AS TS KS QS JS TH"
SIX_NINES_TWO_ACES = "9S 9S 9H 9H 9D 9D AS AH TS KS QS JS"
FOUR_NINES = "9S 9S 9H 9H AS TS KS QS JS TH KH QH"


def test_five_nines_end_the_hand_at_once_with_the_nines_shown():
    r = deal({2: FIVE_NINES})
    assert r.over and r.turn is None and r.turn_no == 0
    v = r.view(None)
    assert v["phase"] == "done"
    res = v["result"]
    assert res["reason"] == "redeal" and res["redeal_seat"] == 2
    assert res["redeal_cards"] == ["9S", "9S", "9H", "9H", "9D"]
    assert res["team_points"] == [0, 0] and res["declarer"] is None
    refused(r, 0, {"type": "pass"}, "round_over")
    assert r.legal_actions() == [] and r.timeout_actions() == []


def test_four_nines_are_no_redeal():
    assert deal({1: FOUR_NINES}).result is None


@pytest.mark.parametrize(
    "hand,redeal",
    [
        (FIVE_NINES, False),
        (FIVE_NINES_NO_ACE, True),
        (SIX_NINES_ONE_ACE, True),
        (SIX_NINES_TWO_ACES, False),
    ],
)
def test_five_no_ace_needs_five_nines_and_no_ace_or_six_and_at_most_one_ace(hand, redeal):
    r = deal({3: hand}, nines_redeal="five_no_ace")
    assert (r.result is not None) is redeal
    if redeal:
        assert r.result["redeal_seat"] == 3


def test_off_never_redeals():
    r = deal({0: SIX_NINES_TWO_ACES}, nines_redeal="off")
    assert r.result is None and r.turn == 0


def test_six_nines_two_aces_is_a_redeal_under_five():
    assert deal({0: SIX_NINES_TWO_ACES}).result["redeal_cards"] == ["9S", "9S", "9H", "9H"] + [
        "9D",
        "9D",
    ]


def test_three_handed_fifteen_cards_with_five_nines_redeal():
    hand = "9S 9S 9H 9H 9D AS TS KS QS JS AH TH KH QH JH"
    r = deal({1: hand}, dealer=2, variant="three")
    assert r.result["reason"] == "redeal" and r.result["team_points"] == [0, 0, 0]


def test_the_same_dealer_deals_again_after_a_redeal():
    o = Options()
    m = Match(o, first_dealer=1)
    r = m.deal(deck=stacked_deck({0: FIVE_NINES}, dealer=1))
    assert r.result["reason"] == "redeal"
    m.record(r)
    assert m.dealer == 1 and m.totals == [0, 0] and not m.over
    r = m.deal(secret="cd" * 32)
    assert r.dealer == 1
