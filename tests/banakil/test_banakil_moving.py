"""docs/rules/banakil.md, "The banakil moves, it is never taken back": laying off the real card
whose place a banakil holds in a run moves the banakil to an end; a banakil never goes back into a
hand."""

from .helpers import deal, layoff, meld, refused, stands_for, table


def lay(meld_id, cards, **where):
    return {"type": "layoff", "meld": meld_id, "cards": cards.split(), **where}


def test_the_real_card_takes_the_banakils_place_and_the_banakil_moves_to_the_low_end():
    r = deal({0: "5H 2S 7H 6H"})
    meld(r, 0, "5H 2S 7H")
    assert stands_for(r, 1) == ["5H", "6H", "7H"]
    assert layoff(r, 0, 1, "6H", banakil_to="low") is None
    assert table(r)[1] == ["2S", "5H", "6H", "7H"]
    assert stands_for(r, 1) == ["4H", "5H", "6H", "7H"]


def test_the_real_card_takes_the_banakils_place_and_the_banakil_moves_to_the_high_end():
    r = deal({0: "5H 2S 7H 6H"})
    meld(r, 0, "5H 2S 7H")
    layoff(r, 0, 1, "6H", banakil_to="high")
    assert table(r)[1] == ["5H", "6H", "7H", "2S"]
    assert stands_for(r, 1) == ["5H", "6H", "7H", "8H"]


def test_a_banakil_already_at_an_end_moves_to_the_end_named():
    r = deal({0: "5H 6H 2S 7H"})
    meld(r, 0, "5H 6H 2S")
    layoff(r, 0, 1, "7H", banakil_to="low")
    assert table(r)[1] == ["2S", "5H", "6H", "7H"]


def test_the_banakil_cannot_move_past_the_high_ace():
    r = deal({0: "JH QH 2S AH KH"})
    meld(r, 0, "JH QH 2S AH")
    assert stands_for(r, 1) == ["JH", "QH", "KH", "AH"]
    refused(r, 0, lay(1, "KH", banakil_to="high"), "wrap_around")
    layoff(r, 0, 1, "KH", banakil_to="low")
    assert table(r)[1] == ["2S", "JH", "QH", "KH", "AH"]
    assert stands_for(r, 1) == ["TH", "JH", "QH", "KH", "AH"]


def test_the_banakil_cannot_move_below_the_low_ace():
    r = deal({0: "AH JK 3H 2S 5H 4H"})
    meld(r, 0, "AH JK 3H 2S 5H")
    assert stands_for(r, 1) == ["AH", "2H", "3H", "4H", "5H"]
    refused(r, 0, lay(1, "4H", banakil_to="low"), "wrap_around")
    layoff(r, 0, 1, "4H", banakil_to="high")
    assert table(r)[1] == ["AH", "JK", "3H", "4H", "5H", "2S"]


def test_the_banakil_cannot_move_in_a_run_from_ace_to_ace():
    r = deal({0: "AH JK 3H 4H 5H 6H 2S 8H 9H TH JH QH KH AH 7H"})
    meld(r, 0, "AH JK 3H 4H 5H 6H 2S 8H 9H TH JH QH KH AH")
    refused(r, 0, lay(1, "7H", banakil_to="low"), "wrap_around")
    refused(r, 0, lay(1, "7H", banakil_to="high"), "wrap_around")


def test_a_banakil_move_takes_exactly_one_card():
    r = deal({0: "5H 2S 7H 6H 8H"})
    meld(r, 0, "5H 2S 7H")
    refused(r, 0, lay(1, "6H 8H", banakil_to="high"), "bad_action")


def test_a_banakil_move_needs_the_card_of_the_banakils_place():
    r = deal({0: "5H 2S 7H 8H 6S"})
    meld(r, 0, "5H 2S 7H")
    refused(r, 0, lay(1, "8H", banakil_to="high"), "not_banakil_place")
    refused(r, 0, lay(1, "6S", banakil_to="high"), "not_banakil_place")


def test_a_banakil_move_on_a_run_with_no_banakil_is_refused():
    r = deal({0: "5H JK 7H 6H"})
    meld(r, 0, "5H JK 7H")
    refused(r, 0, lay(1, "6H", banakil_to="high"), "no_banakil")


def test_a_banakil_standing_for_a_two_never_moves():
    r = deal({0: "AH 2S 3H 2H 4H"})
    meld(r, 0, "AH 2S 3H")
    assert stands_for(r, 1) == ["AH", "2H", "3H"]
    refused(r, 0, lay(1, "2H", banakil_to="high"), "not_a_real_card")
    refused(r, 0, lay(1, "2H", banakil_to="low"), "not_a_real_card")
    layoff(r, 0, 1, "4H", end="high")
    assert table(r)[1] == ["AH", "2S", "3H", "4H"]


def test_a_banakil_in_a_set_never_moves():
    r = deal({0: "3H 3S 2C 3D"})
    meld(r, 0, "3H 3S 2C")
    refused(r, 0, lay(1, "3D", banakil_to="high"), "banakil_cannot_move")
    refused(r, 0, lay(1, "3D", banakil_to="low"), "banakil_cannot_move")
    layoff(r, 0, 1, "3D")
    assert "2C" in table(r)[1] and len(table(r)[1]) == 4


def test_a_banakil_is_never_taken_back_into_a_hand():
    r = deal({0: "5H 2S 7H 6H"})
    meld(r, 0, "5H 2S 7H")
    refused(r, 0, {"type": "swap", "meld": 1, "card": "6H"}, "no_joker")
    assert "2S" not in r.view(0)["hand"]


def test_a_banakil_at_the_twos_place_of_a_run_starting_at_two_never_moves_but_the_ace_goes_below():
    r = deal({0: "2S 3H 4H AH 2H"})
    meld(r, 0, "2S 3H 4H")
    assert stands_for(r, 1) == ["2H", "3H", "4H"]
    refused(r, 0, lay(1, "2H", banakil_to="high"), "not_a_real_card")
    layoff(r, 0, 1, "AH", end="low")
    assert table(r)[1] == ["AH", "2S", "3H", "4H"]


def test_a_banakil_standing_for_the_high_ace_moves_only_down():
    r = deal({0: "QH KH 2S AH"})
    meld(r, 0, "QH KH 2S")
    assert stands_for(r, 1) == ["QH", "KH", "AH"]
    refused(r, 0, lay(1, "AH", banakil_to="high"), "wrap_around")
    layoff(r, 0, 1, "AH", banakil_to="low")
    assert table(r)[1] == ["2S", "QH", "KH", "AH"]
    assert stands_for(r, 1) == ["JH", "QH", "KH", "AH"]


def test_a_banakil_standing_for_the_low_ace_moves_only_up():
    r = deal({0: "2S JK 3H 4H AH"})
    meld(r, 0, "2S JK 3H 4H")
    assert stands_for(r, 1) == ["AH", "2H", "3H", "4H"]
    refused(r, 0, lay(1, "AH", banakil_to="low"), "wrap_around")
    layoff(r, 0, 1, "AH", banakil_to="high")
    assert table(r)[1] == ["AH", "JK", "3H", "4H", "2S"]
