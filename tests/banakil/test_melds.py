"""docs/rules/banakil.md, "Melds" and "Cards and points": what check_meld accepts and refuses, what
wilds mean."""

from decimal import Decimal

import pytest

from games.banakil import InvalidMeld, card_points, check_meld, parse_cards

from .helpers import deal, meld, refused, stands_for


def refuses(cards: str, code: str | None = None) -> InvalidMeld:
    with pytest.raises(InvalidMeld) as info:
        check_meld(cards)
    assert isinstance(info.value, ValueError)
    assert info.value.code and str(info.value)
    if code is not None:
        assert info.value.code == code, info.value.code
    return info.value


# --- cards and points -------------------------------------------------------------------------


def test_cards_parse_from_codes_and_print_as_codes():
    cards = parse_cards("AS TH 2C JK")
    assert [str(c) for c in cards] == ["AS", "TH", "2C", "JK"]


def test_an_unknown_card_code_is_refused():
    with pytest.raises(ValueError):
        parse_cards("AS 1H")
    with pytest.raises(ValueError):
        check_meld("3H 4H XX")


def test_card_points_are_exact_decimals():
    assert card_points("3H") == card_points("6C") == Decimal("0.5")
    assert card_points("7S") == card_points("KD") == card_points("TH") == Decimal(1)
    assert card_points("AS") == Decimal(1)
    assert card_points("2C") == Decimal(2)
    assert card_points("JK") == Decimal(4)
    assert all(isinstance(card_points(c), Decimal) for c in ("5H", "2C", "JK"))


def test_a_meld_is_worth_the_points_of_its_cards_with_wilds_counting_their_own():
    assert check_meld("3H 4H 5H").points == Decimal("1.5")
    assert check_meld("3H 4H JK 6H").points == Decimal("5.5")  # JK counts 4, not 0.5
    assert check_meld("9S 2D JS").points == Decimal(4)  # the banakil counts 2, not 1
    assert check_meld("AS AH AD").points == Decimal(3)
    assert isinstance(check_meld("3H 4H 5H").points, Decimal)


# --- size and wild limits ---------------------------------------------------------------------


def test_a_meld_needs_at_least_three_cards():
    refuses("5H 6H")
    refuses("3H 3S")
    refuses("5H")


def test_a_meld_needs_at_least_two_real_cards():
    refuses("5H JK 2S")
    refuses("JK 2H 3H")
    refuses("3S JK 2C")
    check_meld("3S 3H JK")


def test_a_meld_of_two_jokers_is_refused():
    refuses("5H JK JK 8H")
    refuses("3H 3S JK JK")


def test_a_meld_with_a_second_banakil_is_refused():
    refuses("5H 2S 2D 8H")
    refuses("3H 3S 2C 2D")
    refuses("AH 2H 3H 2S")


def test_a_meld_may_hold_one_joker_and_one_banakil_together():
    m = check_meld("5H JK 2S 8H")
    assert m.kind == "run"
    m = check_meld("3H 3S JK 2C")
    assert m.kind == "set"


def test_every_two_is_a_banakil_even_where_it_stands_for_a_two():
    m = check_meld("AH 2H 3H")
    assert m.kind == "run"
    refuses("AH 2H 3H 2H")
    refuses("2H 2S 3H 4H")  # two banakils, although one lies at the 2's own place


# --- runs ---------------------------------------------------------------------------------------


def test_a_run_is_one_suit_in_sequence():
    assert check_meld("5H 6H 7H").kind == "run"
    assert check_meld("9C TC JC QC KC").kind == "run"
    refuses("5H 6S 7H")
    refuses("5H 6H 8H")


def test_a_run_is_given_low_to_high():
    refuses("7H 6H 5H")
    refuses("5H 7H 6H")


def test_the_ace_goes_low_before_the_two():
    assert check_meld("AH JK 3H").kind == "run"
    assert check_meld("AD 2C 3D 4D").kind == "run"


def test_the_ace_goes_high_after_the_king():
    assert check_meld("QS KS AS").kind == "run"
    assert check_meld("JS QS JK AS").kind == "run"


def test_a_run_from_ace_to_ace_holds_fourteen_cards():
    m = check_meld("AH 2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert m.kind == "run"
    assert len(m.cards) == 14
    assert check_meld("AH JK 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH").kind == "run"


def test_a_run_may_not_wrap_around_the_ace():
    refuses("KH AH 2S")
    refuses("QH KH AH 2H")
    refuses("KH AH JK")
    refuses("JK AH 2C 3H")  # the joker would stand below the low Ace


def test_a_run_longer_than_ace_to_ace_is_refused():
    refuses("AH 2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK")
    refuses("JK AH 2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")


def test_a_run_may_not_have_an_ace_in_the_middle():
    refuses("KH AH 3H")
    refuses("QH KH AH 3H 4H")


# --- sets ----------------------------------------------------------------------------------------


def test_a_set_is_threes_of_different_suits():
    assert check_meld("3H 3S 3D").kind == "set"
    assert check_meld("3H 3S 3D 3C").kind == "set"


def test_a_set_is_aces_of_different_suits():
    assert check_meld("AH AS AD").kind == "set"
    assert check_meld("AC AS JK").kind == "set"


def test_a_set_of_sevens_is_refused():
    refuses("7H 7S 7D")
    refuses("7H 7S 7D 7C")
    refuses("KH KS JK")


def test_a_set_with_a_duplicate_suit_is_refused():
    refuses("3H 3H 3S")
    refuses("AH AS AH")
    refuses("3H 3H JK")


def test_a_set_of_five_cards_is_refused():
    refuses("3H 3S 3D 3C JK")
    refuses("AH AS AD AC 2C")


def test_a_set_may_hold_wilds_in_any_order():
    assert check_meld("JK 3S 3H").kind == "set"
    assert check_meld("3S 2C 3H").kind == "set"
    assert check_meld("AS JK 2D AH").kind == "set"


# --- what wilds stand for, as views show it ----------------------------------------------------


def test_a_wild_in_a_run_stands_for_the_card_of_its_place():
    r = deal({0: "5H 6H JK 8H AS 2D QS KS"})
    mid = meld(r, 0, "5H 6H JK 8H")
    assert stands_for(r, mid) == ["5H", "6H", "7H", "8H"]
    mid = meld(r, 0, "2D QS KS AS")
    assert stands_for(r, mid) == ["JS", "QS", "KS", "AS"]


def test_a_banakil_at_the_twos_place_stands_for_the_two_of_the_runs_suit():
    r = deal({0: "AC 2H 3C"})
    mid = meld(r, 0, "AC 2H 3C")
    assert stands_for(r, mid) == ["AC", "2C", "3C"]


def test_a_wild_in_a_set_stands_for_the_rank_in_a_missing_suit():
    r = deal({0: "3H 3S JK AD AC 2S"})
    mid = meld(r, 0, "3H 3S JK")
    assert stands_for(r, mid) == ["3H", "3S", "3*"]
    mid = meld(r, 0, "AD 2S AC")
    assert stands_for(r, mid) == ["AD", "A*", "AC"]


def test_views_list_meld_cards_in_lying_order_with_owner_and_team():
    r = deal({0: "JK 6H 7H"})
    mid = meld(r, 0, "JK 6H 7H")
    (m,) = r.view(None)["melds"]
    assert m["id"] == mid == 1
    assert m["cards"] == ["JK", "6H", "7H"]
    assert m["stands_for"] == ["5H", "6H", "7H"]
    assert len(m["stands_for"]) == len(m["cards"])
    assert m["owner"] == 0
    assert m["team"] == 0


def test_meld_ids_count_one_two_three_in_the_order_melds_are_laid():
    r = deal({0: "5H 6H 7H 9S TS JS 3H 3D 3C AS", 1: "5C 6C 7C"})
    assert meld(r, 0, "5H 6H 7H") == 1
    assert meld(r, 0, "9S TS JS") == 2
    assert meld(r, 0, "3H 3D 3C") == 3
    r.apply(0, {"type": "throw", "card": "AS"})
    r.apply(1, {"type": "draw", "from": "stock"})
    assert meld(r, 1, "5C 6C 7C") == 4
    assert [m["owner"] for m in r.view(None)["melds"]] == [0, 0, 0, 1]
    assert [m["team"] for m in r.view(None)["melds"]] == [0, 0, 0, 1]


def test_an_invalid_meld_in_play_is_refused_and_changes_nothing():
    r = deal({0: "7H 7S 7D 5H 6H 8H JK 2C 2D"})
    refused(r, 0, {"type": "meld", "cards": ["7H", "7S", "7D"]}, "set_rank")
    refused(r, 0, {"type": "meld", "cards": ["5H", "6H", "8H"]}, "not_in_sequence")
    refused(r, 0, {"type": "meld", "cards": ["5H", "2C", "2D"]}, "two_banakils")
    refused(r, 0, {"type": "meld", "cards": ["5H", "6H"]}, "too_few_cards")
    refused(r, 0, {"type": "meld", "cards": []}, "too_few_cards")
