"""docs/rules/banakil.md, "Seats and teams", "The deal" and "A turn": who gets what, and whose turn
it is."""

from collections import Counter

from games.banakil import CANONICAL_DECK, Options, Round

from .helpers import deal, draw, hand, meld, pass_turn, refused, stacked_deck, throw


def test_the_canonical_deck_is_two_decks_and_two_jokers():
    assert len(CANONICAL_DECK) == 106
    counts = Counter(CANONICAL_DECK)
    assert counts["JK"] == 2
    assert all(counts[r + s] == 2 for r in "A23456789TJQK" for s in "SHDC")


def test_the_starter_is_the_seat_after_the_dealer_and_takes_the_first_19_cards():
    deck = list(CANONICAL_DECK)
    for dealer in range(4):
        r = Round.deal(Options(players=4), dealer=dealer, deck=deck)
        starter = (dealer + 1) % 4
        assert r.view(None)["turn"] == starter
        assert Counter(hand(r, starter)) == Counter(deck[0:19])


def test_each_following_seat_in_play_order_takes_the_next_18_cards():
    deck = list(CANONICAL_DECK)
    r = Round.deal(Options(players=4), dealer=1, deck=deck)
    # starter 2, then 3, 0, 1
    assert Counter(hand(r, 2)) == Counter(deck[0:19])
    assert Counter(hand(r, 3)) == Counter(deck[19:37])
    assert Counter(hand(r, 0)) == Counter(deck[37:55])
    assert Counter(hand(r, 1)) == Counter(deck[55:73])
    assert r.view(None)["hand_counts"] == [18, 18, 19, 18]
    assert r.view(None)["stock_size"] == 106 - 73


def test_one_against_one_deals_19_to_the_starter_and_18_to_the_dealer():
    deck = list(CANONICAL_DECK)
    r = Round.deal(Options(players=2), dealer=0, deck=deck)
    assert Counter(hand(r, 1)) == Counter(deck[0:19])
    assert Counter(hand(r, 0)) == Counter(deck[19:37])
    assert r.view(None)["stock_size"] == 106 - 37


def test_the_stock_top_is_the_card_after_the_last_hand():
    deck = list(CANONICAL_DECK)
    r = Round.deal(Options(players=4), dealer=3, deck=deck)
    throw(r, 0, hand(r, 0)[0])
    assert draw(r, 1) == deck[73]
    throw(r, 1, deck[73])
    assert draw(r, 2) == deck[74]


def test_the_table_pile_starts_empty():
    r = deal()
    v = r.view(None)
    assert v["pile_size"] == 0 and v["pile_top"] is None


def test_a_deck_that_is_not_the_106_cards_is_refused():
    deck = list(CANONICAL_DECK)
    deck[0] = "AH"  # three AH, one AS
    import pytest

    from games.banakil import BanakilError

    with pytest.raises(BanakilError) as info:
        Round.deal(Options(players=4), dealer=0, deck=deck)
    assert info.value.code == "bad_deck"
    with pytest.raises(BanakilError) as info:
        Round.deal(Options(players=4), dealer=0, deck=list(CANONICAL_DECK)[:-1])
    assert info.value.code == "bad_deck"


def test_the_starters_first_turn_has_no_draw():
    r = deal()
    refused(r, 0, {"type": "draw", "from": "stock"}, "no_draw_first_turn")
    refused(r, 0, {"type": "draw", "from": "pile"}, "no_draw_first_turn")


def test_the_starter_may_lay_down_on_the_first_turn_and_then_must_throw():
    r = deal({0: "5H 6H 7H AS"})
    assert meld(r, 0, "5H 6H 7H") == 1
    assert r.view(None)["turn"] == 0
    throw(r, 0, "AS")
    assert r.view(None)["turn"] == 1
    assert r.view(None)["pile_top"] == "AS"


def test_every_other_turn_starts_with_a_draw():
    r = deal({0: "AS", 1: "5H 6H 7H KC"})
    throw(r, 0, "AS")
    refused(r, 1, {"type": "throw", "card": "KC"}, "draw_first")
    refused(r, 1, {"type": "meld", "cards": ["5H", "6H", "7H"]}, "draw_first")
    draw(r, 1)
    assert meld(r, 1, "5H 6H 7H") == 1


def test_drawing_twice_is_refused():
    r = deal({0: "AS"})
    throw(r, 0, "AS")
    draw(r, 1)
    refused(r, 1, {"type": "draw", "from": "stock"}, "already_drawn")
    refused(r, 1, {"type": "draw", "from": "pile"}, "already_drawn")


def test_a_stock_draw_returns_the_card_drawn():
    r = deal({0: "AS"}, stock="KH QC")
    throw(r, 0, "AS")
    assert draw(r, 1) == "KH"
    assert "KH" in hand(r, 1)
    throw(r, 1, "KH")
    assert draw(r, 2) == "QC"


def test_acting_out_of_turn_is_refused():
    r = deal({0: "AS", 1: "KC", 2: "QC"})
    refused(r, 1, {"type": "throw", "card": "KC"}, "not_your_turn")
    refused(r, 2, {"type": "draw", "from": "stock"}, "not_your_turn")
    throw(r, 0, "AS")
    refused(r, 0, {"type": "draw", "from": "stock"}, "not_your_turn")
    refused(r, 2, {"type": "draw", "from": "stock"}, "not_your_turn")


def test_play_goes_to_the_next_seat_after_a_throw_and_wraps_around():
    r = deal({0: "AS"}, dealer=3)
    throw(r, 0, "AS")
    seats = []
    for _ in range(4):
        seat = r.view(None)["turn"]
        seats.append(seat)
        pass_turn(r, seat)
    assert seats == [1, 2, 3, 0]


def test_play_order_follows_the_dealer_when_another_seat_deals():
    r = deal({2: "AS"}, dealer=1)
    assert r.view(None)["turn"] == 2
    throw(r, 2, "AS")
    assert r.view(None)["turn"] == 3
    pass_turn(r, 3)
    assert r.view(None)["turn"] == 0


def test_one_against_one_alternates_the_two_seats():
    r = deal({1: "AS"}, players=2, dealer=0)
    throw(r, 1, "AS")
    assert r.view(None)["turn"] == 0
    pass_turn(r, 0)
    assert r.view(None)["turn"] == 1


def test_a_joker_may_be_thrown():
    r = deal({0: "JK"})
    throw(r, 0, "JK")
    assert r.view(None)["pile_top"] == "JK"


def test_a_banakil_may_be_thrown():
    r = deal({0: "2D"})
    throw(r, 0, "2D")
    assert r.view(None)["pile_top"] == "2D"


def test_throwing_a_card_not_in_the_hand_is_refused():
    r = deal({0: "AS"})
    assert "AH" not in hand(r, 0)
    refused(r, 0, {"type": "throw", "card": "AH"}, "card_not_in_hand")


def test_melding_a_card_not_in_the_hand_is_refused():
    r = deal({0: "5H 6H"})
    refused(r, 0, {"type": "meld", "cards": ["5H", "6H", "7H"]}, "card_not_in_hand")


def test_the_stacked_deck_helper_deals_what_it_is_told():
    deck = stacked_deck({0: "AS AH", 2: "JK"}, dealer=3, stock="KD")
    assert deck[0:2] == ["AS", "AH"]
    assert deck[37] == "JK"
    assert deck[73] == "KD"
