"""The test vectors of docs/fair-shuffle.md, bit for bit (written out here too, so a change to
the page and the code together still fails)."""

import pytest

from games.banakil import CANONICAL_DECK, Options, Round, fair

V1_SECRET = "0000000000000000000000000000000000000000000000000000000000000001"
V1_DECK = (
    "2C 7H 2S 8C AD 4D TH TH KS 7D 7D KS 5S TD 5H QS JD QS QC QH 4H 7S AS QH JK KH 6D 2C QD 5H 3D "
    "8H TD 8S 6S 3S AC 2H 3H 9C 5C AS JS 6H 7C AH 7H 2H 5D 8D 6S AC 3H 3S QD JC JH 3C 8H JK 6C TC "
    "6C 7S QC TS KD AD 3C TS 4C KD 4S 2S 6D 5S KH 9D 4C JS JC 9C 4H AH 9S 2D 4S 9H 3D JH 6H KC 7C "
    "KC 2D JD 8C 8S 9H 9S 8D 4D 5C 5D TC 9D"
)
V2_SECRET = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
V2_SEED = "alice|bob|carol|dana"
V2_DECK = (
    "7D TS 7H KH JK KC 8D QH 6H 9D 3S JH 7C 5S 3C 9H 8C 9S 9D 4S QD 3C KD 8D 6C JC 2C AH QC 4D QC "
    "8H 6D JH 2D 5C 2H 5H AS 4H 6H KS 5H 4S AC JD 7H QD 7D 6S AD 8H JC KD 9S 5C QS 5D 7C 2S KC TH "
    "9H TS AS QH 5D KH 2C AD 2S JS 6S AH 8S 2H TC TH 4H 3D 9C 7S AC 4C 5S 3S TD 2D TC 4D TD 3H JD "
    "3H QS JK 6C 4C KS 6D 9C 8S 3D 7S JS 8C"
)


def test_the_canonical_deck_is_two_decks_suit_by_suit_then_two_jokers():
    assert len(CANONICAL_DECK) == 106
    assert CANONICAL_DECK[:3] == ("AS", "2S", "3S")
    assert CANONICAL_DECK[13] == "AH"
    assert CANONICAL_DECK[51] == "KC"
    assert CANONICAL_DECK[52] == "AS"
    assert CANONICAL_DECK[-2:] == ("JK", "JK")


def test_vector_1_commitment_is_the_sha256_of_the_raw_secret_bytes():
    expected = "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5"
    assert fair.commitment(V1_SECRET) == expected


def test_vector_1_deck_with_an_empty_client_seed():
    assert " ".join(fair.deal_deck(V1_SECRET, "")) == V1_DECK


@pytest.mark.parametrize(("players", "dealer"), [(4, 3), (2, 1)])
def test_vector_1_first_dealer(players, dealer):
    assert fair.first_dealer(V1_SECRET, "", players) == dealer


def test_vector_2_commitment():
    expected = "954d5a49fd70d9b8bcdb35d252267829957f7ef7fa6c74f88419bdc5e82209f4"
    assert fair.commitment(V2_SECRET) == expected


def test_vector_2_deck_with_four_seeds():
    assert " ".join(fair.deal_deck(V2_SECRET, V2_SEED)) == V2_DECK


@pytest.mark.parametrize(("players", "dealer"), [(4, 1), (2, 1)])
def test_vector_2_first_dealer(players, dealer):
    assert fair.first_dealer(V2_SECRET, V2_SEED, players) == dealer


def test_vector_2_restock_shuffle():
    out = fair.shuffle(["AS", "2S", "3S", "4S", "5S"], V2_SECRET, "restock:1", V2_SEED)
    assert out == ["AS", "4S", "5S", "2S", "3S"]


def test_a_round_dealt_from_a_secret_uses_the_vector_deck_with_the_starter_taking_19():
    r = Round.deal(Options(players=4), dealer=3, secret=V2_SECRET, client_seed=V2_SEED)
    deck = V2_DECK.split()
    assert r.starter == 0
    assert sorted(r.view(0)["hand"]) == sorted(deck[0:19])
    assert sorted(r.view(1)["hand"]) == sorted(deck[19:37])
    assert sorted(r.view(3)["hand"]) == sorted(deck[55:73])
    assert r.view(None)["stock_size"] == 106 - 73


def test_the_secret_must_be_64_lowercase_hex_characters():
    with pytest.raises(fair.InvalidSeed) as info:
        fair.commitment("ABC")
    assert info.value.code == "bad_secret"
    with pytest.raises(fair.InvalidSeed) as info:
        fair.commitment(V2_SECRET.upper())
    assert info.value.code == "bad_secret"


def test_a_seed_is_at_most_64_of_the_allowed_characters():
    assert fair.client_seed(["a", "", "b_-9", ""]) == "a||b_-9|"
    with pytest.raises(fair.InvalidSeed) as info:
        fair.client_seed(["a|b"])
    assert info.value.code == "bad_seed"
    with pytest.raises(fair.InvalidSeed) as info:
        fair.client_seed(["x" * 65])
    assert info.value.code == "bad_seed"


def test_new_secrets_are_fresh_64_hex_characters():
    a, b = fair.new_secret(), fair.new_secret()
    assert a != b and len(a) == 64 and fair.commitment(a)
