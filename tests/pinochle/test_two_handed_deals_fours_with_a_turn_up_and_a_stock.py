"""Two-handed deals 12 each in packets of 4, the eldest first; the turn-up names trump and lies
under the stock; a turned-up 9 is the dealer's dix; with an auction there is no turn-up. The
fair-shuffle vector of the spec (§21) is reproduced bit for bit."""

from games import fair
from games.pinochle import CANONICAL_SINGLE, Match, Options, Round

from .two_helpers import two_round

V1_SECRET = "0000000000000000000000000000000000000000000000000000000000000001"
V1_DECK = (
    "TD AH AC JH KC KD QS 9C JH TD AC KH 9C KS JS JD 9D QD AS KS TH JC JD KD AH TC QS AD 9D 9H "
    "AS KC QD QC JS 9S JC QH AD 9H TS TS TC 9S KH TH QC QH"
).split()
TWO = Options(variant="two")


def test_the_vector_first_dealer_is_1_and_seat_0_holds_its_three_packets():
    assert fair.first_dealer(V1_SECRET, "", 2) == 1
    assert Match.from_draw(TWO, V1_SECRET, "").dealer == 1
    r = Round.deal(TWO, dealer=1, secret=V1_SECRET, client_seed="")
    assert list(r.deck) == V1_DECK == fair.shuffle(CANONICAL_SINGLE, V1_SECRET, "deal", "")
    assert r.dealt_hands()[0] == "TD AH AC JH JH TD AC KH 9D QD AS KS".split()
    assert r.dealt_hands()[1] == V1_DECK[4:8] + V1_DECK[12:16] + V1_DECK[20:24]
    v = r.view(0)
    assert v["turn_up"] == "AH" and v["trump"] == "H"
    assert v["stock_count"] == 24 and v["stage"] == "stock" and v["phase"] == "play"
    assert v["turn"] == 0 == v["eldest"]  # the eldest leads the first trick
    assert v["hand_counts"] == [12, 12] and v["players"] == 2


def test_the_stock_is_drawn_from_deck_25_on_and_the_turn_up_last():
    r = Round.deal(TWO, dealer=1, secret=V1_SECRET, client_seed="")
    assert r.two is not None
    assert r.two.stock == V1_DECK[25:] + ["AH"]


def test_a_turned_up_nine_is_the_dealers_dix_at_once_and_nothing_is_on_the_table():
    r = two_round("AS", "KS", turn_up="9C")
    v = r.view(None)
    assert v["trump"] == "C" and v["turn_up"] == "9C"
    assert v["melds"][1] == {
        "points": 1,
        "melds": [{"name": "dix", "cards": ["9C"], "points": 1}],
    }
    assert v["meld_totals"] == [0, 1]
    assert v["meld_log"] == [
        {"seat": 1, "trick": 0, "name": "dix", "cards": ["9C"], "points": 1, "exchanged": False}
    ]
    assert v["table"] == [[], []]


def test_with_an_auction_there_is_no_turn_up_and_the_stock_is_deck_24_on():
    o = Options(variant="two", two_trump="auction")
    r = Round.deal(o, dealer=1, secret=V1_SECRET, client_seed="")
    assert r.two is not None and r.two.stock == V1_DECK[24:]
    v = r.view(0)
    assert v["phase"] == "bidding" and v["turn"] == 0 and v["turn_up"] is None
    assert v["trump"] is None and v["stock_count"] == 24 and v["melds"] is None
    assert v["legal"] == [{"type": "bid", "amount": 20}, {"type": "pass"}]


def test_two_defaults_and_the_two_trump_option_belong_to_two_only():
    assert (TWO.players, TWO.sides, TWO.target, TWO.min_bid) == (2, 2, 100, 20)
    assert TWO.two_trump == "turn_up"
    assert Options(variant="two", two_trump="auction").two_trump == "auction"
    import pytest

    from games.pinochle import InvalidOptions

    for bad in (
        {"variant": "single", "two_trump": "auction"},
        {"variant": "two", "two_trump": "widow"},
        {"variant": "two", "pass_cards": 2},
    ):
        with pytest.raises(InvalidOptions) as info:
            Options.from_dict(bad)
        assert info.value.code == "bad_option"
