"""Version 2's refusals (§21.2) in the check order of §12.11, each changing nothing: a
``give_kitty`` is ``bad_action`` (not a list of codes), then ``wrong_count`` (not 4), then
``not_in_kitty`` (not the kitty, each card once); the kitty's discard is 4 cards as §12.11;
``concede``, ``play_on`` and ``give_kitty`` outside their phase are ``wrong_phase``."""

import pytest

from .helpers import auction, refused, trump
from .kitty_helpers import kitty_round
from .test_a_kitty_dealt_out_gives_each_seat_one_card import GIVEN, HANDS, KITTY


def dealt_out(**options: object):
    r = kitty_round(HANDS, KITTY, kitty="deal_out", **options)
    auction(r, 20, None, None, None)
    return r


@pytest.mark.parametrize(
    "cards",
    [None, "9S 9S AD AC", ["9S", "9S", "AD", 7], ["9S", "9S", "AD", "XX"], [["9S"]], {"0": "9S"}],
)
def test_a_give_kitty_that_is_not_a_list_of_codes_is_bad_action(cards):
    r = dealt_out()
    refused(r, 0, {"type": "give_kitty", "cards": cards}, "bad_action")
    refused(r, 0, {"type": "give_kitty", "cards": GIVEN, "to": 1}, "bad_action")


def test_then_not_four_cards_is_wrong_count_then_not_the_kitty_is_not_in_kitty():
    r = dealt_out()
    refused(r, 0, {"type": "give_kitty", "cards": ["9S", "9S", "AD"]}, "wrong_count")
    refused(r, 0, {"type": "give_kitty", "cards": ["AS", "AS", "AS", "AS", "AS"]}, "wrong_count")
    refused(r, 0, {"type": "give_kitty", "cards": []}, "wrong_count")
    refused(r, 0, {"type": "give_kitty", "cards": ["AS", "9S", "AD", "AC"]}, "not_in_kitty")
    refused(r, 0, {"type": "give_kitty", "cards": ["9S", "9S", "9S", "AC"]}, "not_in_kitty")
    refused(r, 0, {"type": "give_kitty", "cards": ["9S", "AD", "AD", "AC"]}, "not_in_kitty")
    # the seat and the phase come before the cards
    refused(r, 1, {"type": "give_kitty", "cards": ["9S"]}, "not_your_turn")
    r.apply(0, {"type": "give_kitty", "cards": ["AC", "AD", "9S", "9S"]})  # any permutation
    assert [r.view(s)["kitty_card"] for s in range(4)] == ["AC", "AD", "9S", "9S"]


def test_out_of_their_phase_concede_play_on_and_give_kitty_are_wrong_phase():
    r = kitty_round(HANDS, KITTY, kitty="deal_out", concede=True)
    for action in ({"type": "concede"}, {"type": "play_on"}, {"type": "give_kitty", "cards": []}):
        refused(r, 0, action, "wrong_phase")  # bidding
    auction(r, 20, None, None, None)
    refused(r, 0, {"type": "concede"}, "wrong_phase")  # the kitty
    refused(r, 0, {"type": "trump", "suit": "S"}, "wrong_phase")
    r.apply(0, {"type": "give_kitty", "cards": GIVEN})
    refused(r, 0, {"type": "play_on"}, "wrong_phase")  # trump
    refused(r, 0, {"type": "give_kitty", "cards": GIVEN}, "wrong_phase")
    trump(r, 0, "S")
    assert r.phase == "concede"
    refused(r, 0, {"type": "give_kitty", "cards": GIVEN}, "wrong_phase")
    refused(r, 0, {"type": "play", "card": "AS"}, "wrong_phase")
    refused(r, 0, {"type": "concede", "now": True}, "bad_action")
    refused(r, 2, {"type": "concede"}, "not_your_turn")
    r.apply(0, {"type": "play_on"})
    for action in ({"type": "concede"}, {"type": "play_on"}):
        refused(r, 0, action, "wrong_phase")  # the play


def test_the_kittys_discard_is_four_cards_checked_as_any_discard():
    r = kitty_round(HANDS, KITTY, kitty="declarer")
    refused(r, 0, {"type": "give_kitty", "cards": GIVEN}, "wrong_phase")
    auction(r, 20, None, None, None)
    trump(r, 0, "S")
    refused(r, 0, {"type": "discard", "cards": ["9S", "XX", "AD", "AC"]}, "bad_action")
    refused(r, 0, {"type": "discard", "cards": ["9S", "9S", "AD"]}, "wrong_count")
    refused(r, 0, {"type": "discard", "cards": ["9S", "9S", "AD", "AC", "AS"]}, "wrong_count")
    refused(r, 0, {"type": "discard", "cards": ["9S", "9S", "AD", "AH"]}, "not_in_hand")
    refused(r, 0, {"type": "discard", "cards": ["9S", "9S", "9S", "AC"]}, "not_in_hand")
    refused(r, 0, {"type": "give_kitty", "cards": GIVEN}, "wrong_phase")
    r.apply(0, {"type": "discard", "cards": ["9S", "9S", "AD", "AC"]})
