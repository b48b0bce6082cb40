"""The canonical decks and the vector of docs/rules/pinochle.md ("Fair shuffle"), bit for bit.

The engine uses the shared sahrat-shuffle-v1 module (games/fair.py); only the canonical decks are
Pinochle's own.
"""

from collections import Counter

from games import fair
from games.pinochle import CANONICAL_DOUBLE, CANONICAL_SINGLE, Options, Round

V1_SECRET = "0000000000000000000000000000000000000000000000000000000000000001"
V1_DECK = (
    "TD AH AC JH KC KD QS 9C JH TD AC KH 9C KS JS JD 9D QD AS KS TH JC JD KD AH TC QS AD 9D 9H "
    "AS KC QD QC JS 9S JC QH AD 9H TS TS TC 9S KH TH QC QH"
)
V1_SEAT_0 = "TD AH AC 9C KS JS AH TC QS JC QH AD"


def test_the_single_deck_is_two_copies_suit_by_suit_in_rank_order_a_9_t_j_q_k():
    assert len(CANONICAL_SINGLE) == 48
    assert CANONICAL_SINGLE[:6] == ("AS", "9S", "TS", "JS", "QS", "KS")
    assert CANONICAL_SINGLE[6:12] == ("AH", "9H", "TH", "JH", "QH", "KH")
    assert CANONICAL_SINGLE[18:24] == ("AC", "9C", "TC", "JC", "QC", "KC")
    assert CANONICAL_SINGLE[24:] == CANONICAL_SINGLE[:24]


def test_the_double_deck_is_four_copies_suit_by_suit_in_rank_order_a_t_j_q_k():
    assert len(CANONICAL_DOUBLE) == 80
    assert CANONICAL_DOUBLE[:5] == ("AS", "TS", "JS", "QS", "KS")
    assert CANONICAL_DOUBLE[15:20] == ("AC", "TC", "JC", "QC", "KC")
    assert all(CANONICAL_DOUBLE[20 * k : 20 * k + 20] == CANONICAL_DOUBLE[:20] for k in range(4))
    assert set(Counter(CANONICAL_DOUBLE).values()) == {4}
    assert not any(c[0] == "9" for c in CANONICAL_DOUBLE)


def test_the_vector_deck_is_the_shared_shuffle_of_the_single_deck():
    assert " ".join(fair.shuffle(CANONICAL_SINGLE, V1_SECRET, "deal", "")) == V1_DECK


def test_the_vector_first_dealer_is_3_with_four_seats_and_2_with_three():
    assert fair.first_dealer(V1_SECRET, "", 4) == 3
    assert fair.first_dealer(V1_SECRET, "", 3) == 2


def test_a_fair_deal_with_dealer_3_gives_seat_0_the_vectors_hand():
    r = Round.deal(Options(), dealer=3, secret=V1_SECRET, client_seed="")
    assert " ".join(r.deck) == V1_DECK
    assert r.dealt_hands()[0] == V1_SEAT_0.split()
    assert sorted(r.view(0)["hand"]) == sorted(V1_SEAT_0.split())


def test_packets_of_three_go_eldest_first_and_dealer_last():
    r = Round.deal(Options(), dealer=3, secret=V1_SECRET, client_seed="")
    deck = V1_DECK.split()
    hands = r.dealt_hands()
    # the k-th seat after the dealer takes deck[(4r + k)*3 : (4r + k)*3 + 3]
    for k, seat in enumerate((0, 1, 2, 3)):
        expected = [c for rr in range(4) for c in deck[(4 * rr + k) * 3 : (4 * rr + k) * 3 + 3]]
        assert hands[seat] == expected


def test_three_handed_deals_forty_five_cards_and_the_last_three_are_the_widow():
    r = Round.deal(Options(variant="three"), dealer=2, secret=V1_SECRET, client_seed="||")
    deck = list(r.deck)
    assert deck == fair.shuffle(CANONICAL_SINGLE, V1_SECRET, "deal", "||")
    hands = r.dealt_hands()
    assert [len(h) for h in hands] == [15, 15, 15]
    assert hands[0][:3] == deck[0:3] and hands[1][:3] == deck[3:6] and hands[2][:3] == deck[6:9]
    assert hands[0][3:6] == deck[9:12]
    assert list(r.widow or ()) == deck[45:48]


def test_the_double_deck_deals_twenty_each_in_packets_of_four():
    r = Round.deal(Options(variant="double"), dealer=0, secret=V1_SECRET, client_seed="|||")
    deck = list(r.deck)
    assert deck == fair.shuffle(CANONICAL_DOUBLE, V1_SECRET, "deal", "|||")
    hands = r.dealt_hands()
    assert [len(h) for h in hands] == [20, 20, 20, 20]
    assert hands[1][:4] == deck[0:4] and hands[0][:4] == deck[12:16]
    assert hands[1][4:8] == deck[16:20]


def test_a_fair_deal_without_a_client_seed_uses_the_empty_seeds_of_every_seat():
    r = Round.deal(Options(), dealer=0, secret=V1_SECRET)
    assert r.client_seed == "|||"
    assert list(r.deck) == fair.shuffle(CANONICAL_SINGLE, V1_SECRET, "deal", "|||")
