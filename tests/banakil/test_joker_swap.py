"""docs/rules/banakil.md, "Taking a joker back": which jokers can be taken back, with which card,
and that the joker must go down the same turn."""

from .helpers import (
    deal,
    draw,
    held,
    layoff,
    meld,
    pass_turn,
    refused,
    stands_for,
    swap,
    table,
    throw,
)

#: every card of seat 0 is given: after laying 3H 3S 3D JK, no two cards of the rest can hold a
#: joker (no two of one suit within two places, a single 3), so a joker in that hand can't go down
QUIET_19 = "3H 3S 3D JK 4S 7S TS KS 4H 7H TH KH 4D 7D TD 3C 6C 9C QC"


def test_a_joker_in_a_run_is_taken_back_with_the_exact_card_it_stands_for():
    r = deal({0: "5H JK 7H 6H 9C TC"})
    meld(r, 0, "5H JK 7H")
    assert swap(r, 0, 1, "6H") is None
    assert table(r)[1] == ["5H", "6H", "7H"]
    assert held(r, 0)["JK"] == 1
    assert r.view(0)["must_go_down"] == ["JK"]


def test_a_run_joker_is_not_taken_back_with_another_card():
    r = deal({0: "5H JK 7H 8H 6S"})
    meld(r, 0, "5H JK 7H")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "8H"}, "not_joker_place")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "6S"}, "not_joker_place")


def test_a_joker_standing_for_a_two_cannot_be_swapped():
    r = deal({0: "AH JK 3H 2H 4H"})
    meld(r, 0, "AH JK 3H")
    assert stands_for(r, 1) == ["AH", "2H", "3H"]
    refused(r, 0, {"type": "swap", "meld": 1, "card": "2H"}, "not_a_real_card")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "4H"}, "joker_stands_for_two")


def test_a_joker_in_a_set_is_taken_back_with_any_missing_suit():
    for card in ("3D", "3C"):
        r = deal({0: f"3H 3S JK {card} 9C TC"})
        meld(r, 0, "3H 3S JK")
        swap(r, 0, 1, card)
        assert sorted(table(r)[1]) == sorted(["3H", "3S", card])
        assert held(r, 0)["JK"] == 1


def test_a_set_joker_is_not_taken_back_with_a_suit_the_set_holds_or_another_rank():
    r = deal({0: "3H 3S JK 3H AD 4D"})
    meld(r, 0, "3H 3S JK")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "3H"}, "duplicate_suit")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "AD"}, "set_rank")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "4D"}, "set_rank")


def test_a_swap_on_a_meld_with_no_joker_is_refused():
    r = deal({0: "5H 6H 7H 6H"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "6H"}, "no_joker")


def test_a_swap_with_a_card_not_in_the_hand_is_refused():
    r = deal({0: "5H JK 7H"})
    meld(r, 0, "5H JK 7H")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "6H"}, "card_not_in_hand")


def test_keeping_a_swapped_joker_refuses_every_throw_until_it_goes_down():
    r = deal({0: "5H JK 7H 6H 9C TC AS"})
    meld(r, 0, "5H JK 7H")
    swap(r, 0, 1, "6H")
    refused(r, 0, {"type": "throw", "card": "AS"}, "card_owed")
    refused(r, 0, {"type": "throw", "card": "JK"}, "card_owed")
    layoff(r, 0, 1, "JK", end="high")
    assert r.view(0)["must_go_down"] == []
    throw(r, 0, "AS")
    assert r.view(None)["turn"] == 1


def test_a_swapped_joker_may_go_down_in_a_new_meld():
    r = deal({0: "5H JK 7H 6H 9C TC AS"})
    meld(r, 0, "5H JK 7H")
    swap(r, 0, 1, "6H")
    meld(r, 0, "9C TC JK")
    throw(r, 0, "AS")


def test_a_swap_whose_joker_could_not_go_down_this_turn_is_refused():
    r = deal({0: QUIET_19})
    assert len(QUIET_19.split()) == 19
    meld(r, 0, "3H 3S 3D JK")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "3C"}, "joker_not_usable")


def test_a_swap_on_the_partners_meld_needs_no_own_meld():
    r = deal({0: "5H JK 7H AS", 2: "6H 9C TC"})
    meld(r, 0, "5H JK 7H")
    throw(r, 0, "AS")
    pass_turn(r, 1)
    draw(r, 2)
    swap(r, 2, 1, "6H")
    assert table(r)[1] == ["5H", "6H", "7H"]
    meld(r, 2, "9C TC JK")


def test_a_swap_on_the_other_teams_meld_is_refused():
    r = deal({0: "5H JK 7H AS", 1: "6H 9C TC JC"})
    meld(r, 0, "5H JK 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    refused(r, 1, {"type": "swap", "meld": 1, "card": "6H"}, "other_team_meld")
    meld(r, 1, "9C TC JC")  # seat 1 has its own meld now: still refused
    refused(r, 1, {"type": "swap", "meld": 1, "card": "6H"}, "other_team_meld")


def test_a_second_swap_is_refused_while_the_first_joker_is_still_owed():
    r = deal({0: "5H JK 7H 6H 3H 3S JK 3D 9C TC"})
    meld(r, 0, "5H JK 7H")
    meld(r, 0, "3H 3S JK")
    swap(r, 0, 1, "6H")
    refused(r, 0, {"type": "swap", "meld": 2, "card": "3D"}, "card_owed")


def test_a_joker_standing_for_the_high_ace_is_taken_back_with_that_ace():
    r = deal({0: "QS KS JK AS 9C TC"})
    meld(r, 0, "QS KS JK")
    assert stands_for(r, 1) == ["QS", "KS", "AS"]
    swap(r, 0, 1, "AS")
    assert table(r)[1] == ["QS", "KS", "AS"]


def test_a_joker_standing_for_the_low_ace_is_taken_back_with_that_ace():
    r = deal({0: "JK 2S 3H 4H AH 9C TC"})
    meld(r, 0, "JK 2S 3H 4H")
    assert stands_for(r, 1) == ["AH", "2H", "3H", "4H"]
    swap(r, 0, 1, "AH")
    assert table(r)[1] == ["AH", "2S", "3H", "4H"]


def test_a_set_joker_beside_a_banakil_is_taken_back_with_a_missing_suit():
    r = deal({0: "3H 3S 2C JK 3D 9C TC"})
    meld(r, 0, "3H 3S 2C JK")
    swap(r, 0, 1, "3D")
    assert table(r)[1] == ["3H", "3S", "2C", "3D"]
    meld(r, 0, "9C TC JK")
