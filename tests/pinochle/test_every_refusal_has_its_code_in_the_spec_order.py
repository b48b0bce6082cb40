"""Every refusal code of docs/rules/pinochle.md ("Refusals"), asserted exactly, in the check
order: round_over; a malformed action (bad_action); a seat not on turn (not_your_turn); an
action of another phase (wrong_phase); then the action's own checks. A refusal changes nothing.
"""

import pytest

from games.pinochle import CANONICAL_DOUBLE, CANONICAL_SINGLE, IllegalAction, Options, Round

from .helpers import OVER, PLAY, auction, deal, play, refused, to_play, trump


def test_round_over_comes_first():
    r = deal(all_pass="redeal")
    auction(r, None, None, None, None)
    refused(r, 0, {"type": "pass"}, "round_over")
    refused(r, 9, "garbage", "round_over")
    refused(r, None, {"type": "bid", "amount": "x"}, "round_over")


@pytest.mark.parametrize(
    "action",
    [
        None,
        "pass",
        ["type", "pass"],
        {},
        {"type": "fold"},
        {"type": None},
        {"type": ["bid"]},
        {"type": "pass", "amount": 3},
        {"type": "bid", "amount": 16, "suit": "S"},
        {"type": "play", "cards": ["AS"]},
    ],
)
def test_a_malformed_action_is_bad_action_even_from_a_seat_not_on_turn(action):
    r = deal()
    refused(r, 0, action, "bad_action")
    refused(r, 2, action, "bad_action")


@pytest.mark.parametrize("seat", [1, 2, 3, 4, -1, None, "0", 0.0, True])
def test_a_seat_not_on_turn_or_not_a_seat_is_not_your_turn(seat):
    r = deal()
    refused(r, seat, {"type": "pass"}, "not_your_turn")
    refused(r, seat, {"type": "play", "card": "AS"}, "not_your_turn")


def test_an_action_of_another_phase_is_wrong_phase():
    r = deal()
    for action in (
        {"type": "play", "card": "AS"},
        {"type": "trump", "suit": "S"},
        {"type": "pass_cards", "cards": ["AS"]},
        {"type": "discard", "cards": ["AS", "AS", "AS"]},
    ):
        refused(r, 0, action, "wrong_phase")
    auction(r, 15, None, None, None)
    refused(r, 0, {"type": "bid", "amount": 20}, "wrong_phase")
    refused(r, 0, {"type": "pass"}, "wrong_phase")
    refused(r, 0, {"type": "play", "card": "AS"}, "wrong_phase")


@pytest.mark.parametrize("amount", [True, False, 16.0, "16", None, [16]])
def test_a_bid_that_is_not_a_whole_number_is_bad_action(amount):
    refused(deal(), 0, {"type": "bid", "amount": amount}, "bad_action")


def test_a_bid_with_no_amount_is_bad_action():
    refused(deal(), 0, {"type": "bid"}, "bad_action")


def test_bid_amount_checks_in_order_too_low_then_over_1000_then_the_step():
    r = deal()
    refused(r, 0, {"type": "bid", "amount": 14}, "bid_too_low")
    refused(r, 0, {"type": "bid", "amount": -5}, "bid_too_low")
    refused(r, 0, {"type": "bid", "amount": 1001}, "bad_action")
    d = deal(variant="double")
    refused(d, 0, {"type": "bid", "amount": 49}, "bid_too_low")
    refused(d, 0, {"type": "bid", "amount": 1003}, "bad_action")
    refused(d, 0, {"type": "bid", "amount": 61}, "bid_step")


def test_a_stuck_dealer_passing_is_dealer_must_bid():
    r = deal()
    auction(r, None, None, None)
    refused(r, 3, {"type": "pass"}, "dealer_must_bid")


@pytest.mark.parametrize("suit", ["X", "", "SH", "s", "spades"])
def test_naming_a_suit_that_is_not_s_h_d_c_is_bad_suit(suit):
    r = deal()
    auction(r, 15, None, None, None)
    refused(r, 0, {"type": "trump", "suit": suit}, "bad_suit")


@pytest.mark.parametrize("suit", [None, 1, ["S"]])
def test_a_trump_action_without_a_suit_text_is_bad_action(suit):
    r = deal()
    auction(r, 15, None, None, None)
    refused(r, 0, {"type": "trump", "suit": suit}, "bad_action")
    refused(r, 0, {"type": "trump"}, "bad_action")


def test_naming_a_suit_without_its_marriage_is_no_marriage():
    r = deal({0: "KS QS AH TH 9H AD TD 9D AC TC JC 9C"}, trump_needs_marriage=True)
    auction(r, 15, None, None, None)
    refused(r, 0, {"type": "trump", "suit": "H"}, "no_marriage")
    trump(r, 0, "S")


def passing_round():
    r = deal(PLAY, pass_cards=3)
    auction(r, 15, None, None, None)
    trump(r, 0, "H")
    assert r.turn == 2  # the partner gives first
    return r


def test_card_lists_codes_not_of_this_deck_are_bad_action_before_the_count():
    r = passing_round()
    refused(r, 2, {"type": "pass_cards", "cards": ["XX"]}, "bad_action")
    refused(r, 2, {"type": "pass_cards", "cards": ["TS", "KS", 7]}, "bad_action")
    refused(r, 2, {"type": "pass_cards", "cards": "TS KS QS"}, "bad_action")
    refused(r, 2, {"type": "pass_cards", "cards": None}, "bad_action")
    refused(r, 2, {"type": "pass_cards"}, "bad_action")
    d = deal(variant="double", pass_cards=2)
    auction(d, 50, None, None, None)
    trump(d, 0, "S")
    refused(d, 2, {"type": "pass_cards", "cards": ["9S", "AS"]}, "bad_action")


def test_card_lists_of_the_wrong_length_are_wrong_count_before_holding():
    r = passing_round()
    refused(r, 2, {"type": "pass_cards", "cards": []}, "wrong_count")
    refused(r, 2, {"type": "pass_cards", "cards": ["AC", "AC"]}, "wrong_count")
    refused(r, 2, {"type": "pass_cards", "cards": ["TS", "KS", "QS", "JS"]}, "wrong_count")


def test_cards_not_held_counting_copies_are_not_in_hand():
    r = passing_round()
    refused(r, 2, {"type": "pass_cards", "cards": ["TS", "KS", "AC"]}, "not_in_hand")
    refused(r, 2, {"type": "pass_cards", "cards": ["TS", "TS", "KS"]}, "not_in_hand")
    r.apply(2, {"type": "pass_cards", "cards": ["JH", "JH", "9H"]})


def test_a_discard_checks_its_cards_the_same_way():
    r = deal(dealer=2, variant="three")
    auction(r, 20, None, None)
    trump(r, 0, "S")
    hand = r.view(0)["hand"]
    assert len(hand) == 18
    refused(r, 0, {"type": "discard", "cards": ["AS", "XX", "TS"]}, "bad_action")
    refused(r, 0, {"type": "discard", "cards": hand[:2]}, "wrong_count")
    refused(r, 0, {"type": "discard", "cards": hand[:4]}, "wrong_count")
    missing = next(c for c in CANONICAL_SINGLE if c not in hand)
    refused(r, 0, {"type": "discard", "cards": [hand[0], hand[1], missing]}, "not_in_hand")


def test_playing_a_card_not_of_the_deck_is_bad_action_and_one_not_held_not_in_hand():
    r = to_play(PLAY)
    refused(r, 0, {"type": "play", "card": "XS"}, "bad_action")
    refused(r, 0, {"type": "play", "card": None}, "bad_action")
    refused(r, 0, {"type": "play", "card": ["AS"]}, "bad_action")
    refused(r, 0, {"type": "play"}, "bad_action")
    refused(r, 0, {"type": "play", "card": "QS"}, "not_in_hand")


def test_the_first_lead_must_be_a_trump_if_the_leader_holds_one():
    r = to_play(PLAY, first_lead_trump=True)
    refused(r, 0, {"type": "play", "card": "AS"}, "must_lead_trump")
    play(r, 0, "9H")


def test_not_following_suit_is_must_follow_before_must_beat():
    r = to_play(PLAY)
    play(r, 0, "KS")
    refused(r, 1, {"type": "play", "card": "AC"}, "must_follow")
    refused(r, 1, {"type": "play", "card": "TH"}, "must_follow")  # a trump, still must follow


def test_not_trumping_when_void_is_must_trump_before_must_beat():
    r = to_play(PLAY)
    play(r, 0, "AD")
    refused(r, 1, {"type": "play", "card": "AC"}, "must_trump")
    refused(r, 1, {"type": "play", "card": "9S"}, "must_trump")


def test_not_beating_when_able_is_must_beat():
    r = to_play(PLAY)
    play(r, 0, "KS")
    refused(r, 1, {"type": "play", "card": "QS"}, "must_beat")
    refused(r, 1, {"type": "play", "card": "9S"}, "must_beat")
    play(r, 1, "AS")


def test_not_overtrumping_when_able_is_must_beat():
    r = to_play(OVER)
    play(r, 0, "AC")
    play(r, 1, "JH")
    refused(r, 2, {"type": "play", "card": "AD"}, "must_trump")
    play(r, 2, "QH")
    refused(r, 3, {"type": "play", "card": "JH"}, "must_beat")
    refused(r, 3, {"type": "play", "card": "9H"}, "must_beat")
    refused(r, 3, {"type": "play", "card": "QH"}, "must_beat")  # an equal card does not beat
    refused(r, 3, {"type": "play", "card": "JD"}, "must_trump")


def test_a_bad_deck_or_dealer_given_to_deal_raises_bad_deck_or_bad_dealer():
    o = Options()
    deck = list(CANONICAL_SINGLE)
    for dealer in (4, -1, True, "0", None):
        with pytest.raises(IllegalAction) as info:
            Round.deal(o, dealer, deck=deck)
        assert info.value.code == "bad_dealer"
    with pytest.raises(IllegalAction) as info:
        Round.deal(Options(variant="three"), 3, deck=deck)
    assert info.value.code == "bad_dealer"
    for bad in (
        deck[:-1],
        deck + ["AS"],
        ["AS"] * 3 + deck[3:],
        list(CANONICAL_DOUBLE),
        [1] * 48,
        "AS" * 24,
        None,
    ):
        with pytest.raises(IllegalAction) as info:
            Round.deal(o, 0, deck=bad)
        assert info.value.code == "bad_deck"
    with pytest.raises(IllegalAction) as info:
        Round.deal(o, 0, deck=deck, secret="00" * 32)
    assert info.value.code == "bad_deck"
    with pytest.raises(IllegalAction) as info:
        Round.deal(Options(variant="double"), 0, deck=deck)
    assert info.value.code == "bad_deck"
