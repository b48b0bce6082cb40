"""Version 2's canonical decks and fair-shuffle vectors (docs/rules/pinochle.md, "Canonical
decks", "Fair-shuffle vectors"), bit for bit: Vector 1's secret, an empty client seed."""

from collections import Counter

import pytest

from games import fair
from games.pinochle import CANONICAL, Options, Round
from games.pinochle.cards import deal_hands, rest_start

V1_SECRET = "0000000000000000000000000000000000000000000000000000000000000001"


def test_the_six_handed_deck_is_six_copies_of_a_t_j_q_k_suit_by_suit():
    deck = CANONICAL["six"]
    assert len(deck) == 120 and set(Counter(deck).values()) == {6}
    assert deck[:10] == ("AS", "TS", "JS", "QS", "KS", "AH", "TH", "JH", "QH", "KH")
    assert all(deck[20 * k : 20 * k + 20] == deck[:20] for k in range(6))
    assert not any(c[0] == "9" for c in deck)


def test_the_eight_handed_deck_is_four_copies_of_a_9_t_j_q_k_suit_by_suit():
    deck = CANONICAL["eight"]
    assert len(deck) == 96 and set(Counter(deck).values()) == {4}
    assert deck[:6] == ("AS", "9S", "TS", "JS", "QS", "KS")
    assert all(deck[24 * k : 24 * k + 24] == deck[:24] for k in range(4))


def test_two_and_cutthroat_shuffle_the_single_deck():
    assert CANONICAL["two"] == CANONICAL["cutthroat"] == CANONICAL["single"]


@pytest.mark.parametrize(
    ("options", "dealer", "seat_0"),
    [
        (
            {"variant": "cutthroat"},
            2,
            "TD AH AC JH 9C KS JS JD AH TC QS AD JC QH AD 9H",
        ),
        (
            {"variant": "six"},
            5,
            "QH AC QS QD JS QH KC TD AC QH AH TH JS AS QC JD QC AC JD TS",
        ),
        ({"variant": "eight"}, 3, "AD JC 9H JC TD JS 9H AH KS JS TH JC"),
        ({"kitty": "declarer"}, 3, "TD AH AC 9C KS JS AH TC QS JC QH"),
    ],
)
def test_the_vector_deals_seat_0_bit_for_bit(options, dealer, seat_0):
    o = Options(**options)
    assert fair.first_dealer(V1_SECRET, "", o.players) == dealer
    r = Round.deal(o, dealer, secret=V1_SECRET, client_seed="")
    assert " ".join(r.dealt_hands()[0]) == seat_0
    assert sorted(r.hands[0]) == sorted(seat_0.split())


def test_the_kitty_vector_is_the_last_four_cards():
    r = Round.deal(Options(kitty="deal_out"), 3, secret=V1_SECRET, client_seed="")
    assert r.kitty == ("KH", "TH", "QC", "QH")
    assert r.view(None)["hand_counts"] == [11] * 4
    assert "KH" not in str(r.view(None)["result"]) and r.view(None).get("kitty") is None


def test_the_two_handed_vector_deals_packets_of_four_and_the_turn_up_is_deck_24():
    deck = fair.shuffle(CANONICAL["two"], V1_SECRET, "deal", "")
    assert fair.first_dealer(V1_SECRET, "", 2) == 1
    hands = deal_hands(deck, 1, "two")
    assert " ".join(hands[0]) == "TD AH AC JH JH TD AC KH 9D QD AS KS"
    assert rest_start("two") == 24 and deck[24] == "AH"


def test_with_equal_packets_the_deal_is_the_version_one_formula():
    deck = fair.shuffle(CANONICAL["eight"], V1_SECRET, "deal", "")
    for dealer in range(8):
        hands = deal_hands(deck, dealer, "eight")
        for k in range(8):
            seat = (dealer + 1 + k) % 8
            expected = [c for r in range(4) for c in deck[(8 * r + k) * 3 : (8 * r + k) * 3 + 3]]
            assert hands[seat] == expected
