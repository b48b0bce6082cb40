"""docs/rules/banakil.md: "Taking the table pile's top card" and "Owed cards": when the pile card
may be taken, that it must go down, and that no action may strand a card that must go down."""

from .helpers import deal, draw, held, layoff, meld, pass_turn, refused, swap, table, throw

PILE = {"type": "draw", "from": "pile"}


def test_the_pile_card_may_be_taken_when_it_makes_a_new_meld_with_hand_cards():
    r = deal({0: "AS", 1: "AH AD"})
    throw(r, 0, "AS")
    assert draw(r, 1, "pile") == "AS"
    assert r.view(None)["pile_size"] == 0
    assert r.view(1)["must_go_down"] == ["AS"]


def test_the_pile_card_that_cannot_be_used_this_turn_may_not_be_taken():
    r = deal({0: "AS"})
    throw(r, 0, "AS")
    refused(r, 1, PILE, "pile_card_not_usable")


def test_an_unusable_pile_card_may_be_taken_when_the_option_is_off():
    r = deal({0: "AS"}, pile_card_must_be_used=False)
    throw(r, 0, "AS")
    assert draw(r, 1, "pile") == "AS"
    assert r.view(1)["must_go_down"] == []
    throw(r, 1, "AS")


def test_throwing_is_refused_while_the_pile_card_is_still_in_the_hand():
    r = deal({0: "AS", 1: "AH AD KC"})
    throw(r, 0, "AS")
    draw(r, 1, "pile")
    refused(r, 1, {"type": "throw", "card": "AS"}, "card_owed")
    refused(r, 1, {"type": "throw", "card": "KC"}, "card_owed")
    meld(r, 1, "AS AH AD")
    assert r.view(1)["must_go_down"] == []
    throw(r, 1, "KC")


def test_putting_down_either_copy_of_a_pile_card_already_held_satisfies_the_rule():
    r = deal({0: "AS", 1: "AS AH AD"})
    throw(r, 0, "AS")
    draw(r, 1, "pile")
    assert held(r, 1)["AS"] == 2
    meld(r, 1, "AS AH AD")
    assert r.view(1)["must_go_down"] == []
    throw(r, 1, "AS")  # the other copy
    assert r.view(None)["pile_top"] == "AS"


def own_meld_round(pile_card: str, seat1: str):
    """Seat 1 lays 9C TC JC in its first turn; on its next turn ``pile_card`` (thrown by seat 0)
    lies on the pile."""
    r = deal({0: pile_card, 1: "9C TC JC " + seat1})
    throw(r, 0, hand_except(r, 0, pile_card))
    draw(r, 1)
    meld(r, 1, "9C TC JC")
    throw(r, 1, r.view(1)["drawn"])
    pass_turn(r, 2)
    pass_turn(r, 3)
    draw(r, 0)
    throw(r, 0, pile_card)
    return r


def hand_except(r, seat, *keep):
    return next(c for c in r.view(seat)["hand"] if c not in keep)


def test_the_pile_card_may_be_taken_to_lay_off_on_an_own_meld():
    r = own_meld_round("QC", "")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "QC", end="high")
    assert r.view(1)["must_go_down"] == []


def test_the_pile_card_may_be_taken_to_lay_off_after_other_hand_cards_at_the_same_end():
    r = own_meld_round("KC", "QC")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "QC", end="high")
    assert r.view(1)["must_go_down"] == ["KC"]
    layoff(r, 1, 1, "KC", end="high")
    assert table(r)[1] == ["9C", "TC", "JC", "QC", "KC"]
    assert r.view(1)["must_go_down"] == []


def test_the_pile_card_may_be_taken_to_take_a_banakils_place_in_an_own_run():
    r = deal({0: "8S", 1: "7S 2D 9S"})
    throw(r, 0, hand_except(r, 0, "8S"))
    draw(r, 1)
    meld(r, 1, "7S 2D 9S")
    throw(r, 1, r.view(1)["drawn"])
    pass_turn(r, 2)
    pass_turn(r, 3)
    draw(r, 0)
    throw(r, 0, "8S")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "8S", banakil_to="high")
    assert table(r)[1] == ["7S", "8S", "9S", "2D"]


def test_the_other_teams_melds_do_not_make_the_pile_card_usable():
    # every other 6H 7H 9H TH lies in the stock: seat 1 can't meld 8H
    r = deal({0: "5H 6H 7H 8H"}, stock="9H 9H TH TH 6H 7H")
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "8H")
    refused(r, 1, PILE, "pile_card_not_usable")


def partner_pile_round(seat2: str, **options):
    """Seat 0 lays 5H 6H 7H; seat 1 throws 8H; it is seat 2's turn to draw."""
    # every other 6H 7H 9H TH lies in the stock: seat 2 can't meld 8H
    r = deal({0: "5H 6H 7H AS", 1: "8H", 2: seat2}, stock="KD 9H 9H TH TH 6H 7H", **options)
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "8H")
    return r


def test_the_partners_melds_do_not_make_the_pile_card_usable_without_an_own_meld():
    r = partner_pile_round("")
    refused(r, 2, PILE, "pile_card_not_usable")


def test_the_partners_melds_make_the_pile_card_usable_when_an_own_meld_can_be_laid_first():
    r = partner_pile_round("9C TC JC")
    draw(r, 2, "pile")
    refused(
        r,
        2,
        {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"},
        "partner_needs_own_meld",
    )
    meld(r, 2, "9C TC JC")
    layoff(r, 2, 1, "8H", end="high")
    assert r.view(2)["must_go_down"] == []


def test_the_partners_melds_make_the_pile_card_usable_when_the_partner_option_is_off():
    r = partner_pile_round("", partner_layoff_needs_own_meld=False)
    draw(r, 2, "pile")
    layoff(r, 2, 1, "8H", end="high")
    assert r.view(2)["must_go_down"] == []


def test_the_pile_card_may_be_taken_to_replace_a_joker_that_can_then_go_down():
    r = deal({0: "5H JK 7H AS", 1: "6H", 2: "9C TC"})
    meld(r, 0, "5H JK 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "6H")
    assert draw(r, 2, "pile") == "6H"
    swap(r, 2, 1, "6H")
    assert r.view(2)["must_go_down"] == ["JK"]
    refused(r, 2, {"type": "throw", "card": "9C"}, "card_owed")
    meld(r, 2, "9C TC JK")
    assert r.view(2)["must_go_down"] == []
    throw(r, 2, r.view(2)["hand"][0])


def test_a_swap_is_refused_while_a_card_is_owed_unless_it_puts_down_the_owed_card():
    r = deal({0: "5H JK 7H 3H 3S JK AS", 1: "6H", 2: "3D 9C TC"})
    meld(r, 0, "5H JK 7H")
    meld(r, 0, "3H 3S JK")
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "6H")
    draw(r, 2, "pile")
    refused(r, 2, {"type": "swap", "meld": 2, "card": "3D"}, "card_owed")
    swap(r, 2, 1, "6H")
    assert r.view(2)["must_go_down"] == ["JK"]


def test_a_meld_that_would_strand_the_owed_card_is_refused():
    r = deal({0: "AS", 1: "QH KH AH AD"})
    throw(r, 0, "AS")
    draw(r, 1, "pile")
    # AS can only go down with AH and AD: melding AH into a run would strand it
    refused(r, 1, {"type": "meld", "cards": ["QH", "KH", "AH"]}, "strands_owed_card")
    meld(r, 1, "AS AH AD")
    assert r.view(1)["must_go_down"] == []


def test_a_meld_that_leaves_the_owed_card_a_place_is_allowed():
    r = deal({0: "9H", 1: "7H 8H JK"}, stock="TH TH JH JH")
    throw(r, 0, "9H")
    draw(r, 1, "pile")
    meld(r, 1, "JK 7H 8H")  # the joker stands for 6H; 9H still goes on at the high end
    assert r.view(1)["must_go_down"] == ["9H"]
    layoff(r, 1, 1, "9H", end="high")
    assert r.view(1)["must_go_down"] == []


def test_a_lay_off_that_would_strand_the_owed_card_is_refused():
    r = deal({0: "AS", 1: "JH QH KH AH AD"})
    throw(r, 0, "AS")
    draw(r, 1, "pile")
    meld(r, 1, "JH QH KH")
    # AS can only go down with AH and AD: laying AH off on the run would strand it
    refused(
        r, 1, {"type": "layoff", "meld": 1, "cards": ["AH"], "end": "high"}, "strands_owed_card"
    )
    meld(r, 1, "AS AH AD")
    assert r.view(1)["must_go_down"] == []
