"""docs/rules/banakil.md, "Laying off": where and how cards are laid off."""

from .helpers import deal, draw, layoff, meld, pass_turn, refused, stands_for, table, throw


def lay(meld_id, cards, **where):
    return {"type": "layoff", "meld": meld_id, "cards": cards.split(), **where}


# --- on one's own melds --------------------------------------------------------------------------


def test_a_run_takes_a_card_at_its_high_end():
    r = deal({0: "5H 6H 7H 8H"})
    meld(r, 0, "5H 6H 7H")
    assert layoff(r, 0, 1, "8H", end="high") is None
    assert table(r)[1] == ["5H", "6H", "7H", "8H"]


def test_a_run_takes_a_card_at_its_low_end():
    r = deal({0: "5H 6H 7H 4H"})
    meld(r, 0, "5H 6H 7H")
    layoff(r, 0, 1, "4H", end="low")
    assert table(r)[1] == ["4H", "5H", "6H", "7H"]


def test_several_cards_go_on_in_lying_order_as_one_block_at_either_end():
    r = deal({0: "5H 6H 7H 8H 9H 3H 4H"})
    meld(r, 0, "5H 6H 7H")
    layoff(r, 0, 1, "8H 9H", end="high")
    layoff(r, 0, 1, "3H 4H", end="low")
    assert table(r)[1] == ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]


def test_a_block_out_of_lying_order_is_refused():
    r = deal({0: "5H 6H 7H 8H 9H"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, lay(1, "9H 8H", end="high"), "not_in_sequence")


def test_a_block_may_carry_a_wild_to_fill_a_gap():
    r = deal({0: "5H 6H 7H JK 9H"})
    meld(r, 0, "5H 6H 7H")
    layoff(r, 0, 1, "JK 9H", end="high")
    assert stands_for(r, 1) == ["5H", "6H", "7H", "8H", "9H"]


def test_a_wild_laid_off_at_an_end_stands_for_the_next_card_of_the_run():
    r = deal({0: "5H 6H 7H JK"})
    meld(r, 0, "5H 6H 7H")
    layoff(r, 0, 1, "JK", end="low")
    assert stands_for(r, 1) == ["4H", "5H", "6H", "7H"]


def test_a_run_lay_off_must_say_which_end():
    r = deal({0: "5H 6H 7H 8H"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, lay(1, "8H"), "end_required")


def test_a_lay_off_carrying_both_end_and_banakil_to_is_refused():
    r = deal({0: "5H 2S 7H 6H"})
    meld(r, 0, "5H 2S 7H")
    refused(r, 0, lay(1, "6H", end="high", banakil_to="high"), "bad_action")


def test_a_card_laid_off_at_the_wrong_end_is_refused():
    r = deal({0: "5H 6H 7H 8H 4H"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, lay(1, "8H", end="low"), "not_in_sequence")
    refused(r, 0, lay(1, "4H", end="high"), "not_in_sequence")


def test_a_card_of_another_suit_cannot_extend_a_run():
    r = deal({0: "5H 6H 7H 8S"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, lay(1, "8S", end="high"), "mixed_suits")


def test_the_ace_goes_on_after_the_king_and_the_run_then_ends():
    r = deal({0: "JH QH KH AH JK"})
    meld(r, 0, "JH QH KH")
    layoff(r, 0, 1, "AH", end="high")
    refused(r, 0, lay(1, "JK", end="high"), "wrap_around")  # nothing lies after the high Ace
    layoff(r, 0, 1, "JK", end="low")
    assert stands_for(r, 1) == ["TH", "JH", "QH", "KH", "AH"]


def test_the_ace_goes_on_below_the_two_at_the_low_end():
    r = deal({0: "3H 4H 5H AH 2C"})
    meld(r, 0, "3H 4H 5H")
    refused(r, 0, lay(1, "AH", end="low"), "not_in_sequence")  # the 2's place would be empty
    layoff(r, 0, 1, "AH 2C", end="low")
    assert stands_for(r, 1) == ["AH", "2H", "3H", "4H", "5H"]
    refused(
        r, 0, lay(1, "AH", end="low"), "card_not_in_hand"
    )  # nothing lies below the low Ace (and it's not held)


def test_a_run_grows_to_ace_to_ace_by_lay_offs_and_no_further():
    r = deal(
        {0: "5H 6H 7H AH 2C 3H 4H 8H 9H TH JH QH KH AH JK"},
    )
    meld(r, 0, "5H 6H 7H")
    layoff(r, 0, 1, "AH 2C 3H 4H", end="low")
    layoff(r, 0, 1, "8H 9H TH JH QH KH AH", end="high")
    assert len(table(r)[1]) == 14
    refused(r, 0, lay(1, "JK", end="high"), "wrap_around")
    refused(r, 0, lay(1, "JK", end="low"), "wrap_around")


def test_a_second_joker_is_refused_on_a_meld_at_every_moment_of_its_life():
    r = deal({0: "5H JK 7H 8H JK"})
    meld(r, 0, "5H JK 7H")
    refused(r, 0, lay(1, "JK", end="high"), "two_jokers")
    refused(r, 0, lay(1, "8H JK", end="high"), "two_jokers")


def test_a_second_banakil_is_refused_on_a_meld_at_every_moment_of_its_life():
    r = deal({0: "5H 2S 7H 2D 3S 3H 3D 2C"})
    meld(r, 0, "5H 2S 7H")
    refused(r, 0, lay(1, "2D", end="high"), "two_banakils")
    meld(r, 0, "3S 3H 2C")
    refused(r, 0, lay(2, "2D"), "two_banakils")


def test_a_set_takes_a_card_of_its_rank_in_a_missing_suit():
    r = deal({0: "3H 3S 3D 3C"})
    meld(r, 0, "3H 3S 3D")
    layoff(r, 0, 1, "3C")
    assert sorted(table(r)[1]) == ["3C", "3D", "3H", "3S"]


def test_a_set_lay_off_ignores_end():
    r = deal({0: "AH AS AD AC"})
    meld(r, 0, "AH AS AD")
    layoff(r, 0, 1, "AC", end="low")
    assert len(table(r)[1]) == 4


def test_a_set_takes_a_wild():
    r2 = deal({0: "3H 3S 3D JK"})
    meld(r2, 0, "3H 3S 3D")
    layoff(r2, 0, 1, "JK")
    assert stands_for(r2, 1) == ["3H", "3S", "3D", "3*"]


def test_a_set_refuses_a_suit_it_already_holds():
    r = deal({0: "3H 3S 3D 3H"})
    meld(r, 0, "3H 3S 3D")
    refused(r, 0, lay(1, "3H"), "duplicate_suit")


def test_a_set_refuses_another_rank():
    r = deal({0: "3H 3S 3D AC 4C"})
    meld(r, 0, "3H 3S 3D")
    refused(r, 0, lay(1, "AC"), "mixed_suits")
    refused(r, 0, lay(1, "4C"), "mixed_suits")


def test_a_set_never_grows_past_four_cards():
    r = deal({0: "3H 3S 3D 3C JK"})
    meld(r, 0, "3H 3S 3D 3C")
    refused(r, 0, lay(1, "JK"), "set_too_big")
    r2 = deal({0: "AH AS JK AD AC"})
    meld(r2, 0, "AH AS JK")
    layoff(r2, 0, 1, "AD")
    refused(r2, 0, lay(1, "AC"), "set_too_big")


def test_laying_off_on_an_unknown_meld_id_is_refused():
    r = deal({0: "5H 6H 7H 8H"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, lay(2, "8H", end="high"), "no_such_meld")
    refused(r, 0, lay(0, "8H", end="high"), "no_such_meld")
    refused(r, 0, lay(-1, "8H", end="high"), "no_such_meld")


def test_laying_off_a_card_not_in_the_hand_is_refused():
    r = deal({0: "5H 6H 7H"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, lay(1, "8H", end="high"), "card_not_in_hand")


def test_a_lay_off_with_no_cards_is_refused():
    r = deal({0: "5H 6H 7H"})
    meld(r, 0, "5H 6H 7H")
    refused(r, 0, {"type": "layoff", "meld": 1, "cards": [], "end": "high"}, "bad_action")


def test_own_melds_take_lay_offs_in_a_later_turn():
    r = deal({0: "5H 6H 7H AS 8H"})
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    for seat in (1, 2, 3):
        pass_turn(r, seat)
    draw(r, 0)
    layoff(r, 0, 1, "8H", end="high")
    assert table(r)[1] == ["5H", "6H", "7H", "8H"]


# --- the partner's melds and the other team's -------------------------------------------------


def partner_round(**options):
    """Seat 0 lays 5H 6H 7H (meld 1) and throws AS; seat 1 passes; seat 2 has drawn."""
    r = deal({0: "5H 6H 7H AS", 2: "8H 9C TC JC", 1: "8H KC", 3: "3C"}, **options)
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    pass_turn(r, 1)
    draw(r, 2)
    return r


def test_laying_off_on_the_partners_meld_before_an_own_meld_is_refused():
    r = partner_round()
    refused(r, 2, lay(1, "8H", end="high"), "partner_needs_own_meld")


def test_laying_off_on_the_partners_meld_is_allowed_after_an_own_meld_this_turn():
    r = partner_round()
    meld(r, 2, "9C TC JC")
    layoff(r, 2, 1, "8H", end="high")
    assert table(r)[1] == ["5H", "6H", "7H", "8H"]


def test_laying_off_on_the_partners_meld_is_allowed_after_an_own_meld_in_an_earlier_turn():
    r = partner_round()
    meld(r, 2, "9C TC JC")
    throw(r, 2, hand_card_other_than(r, 2, "8H"))
    pass_turn(r, 3)
    pass_turn(r, 0)
    pass_turn(r, 1)
    draw(r, 2)
    layoff(r, 2, 1, "8H", end="high")
    assert table(r)[1][-1] == "8H"


def test_laying_off_on_the_partners_meld_needs_no_own_meld_when_the_option_is_off():
    r = partner_round(partner_layoff_needs_own_meld=False)
    layoff(r, 2, 1, "8H", end="high")
    assert table(r)[1] == ["5H", "6H", "7H", "8H"]


def test_laying_off_on_the_other_teams_meld_is_refused():
    r = deal({0: "5H 6H 7H AS", 1: "8H 9C TC JC"})
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    refused(r, 1, lay(1, "8H", end="high"), "other_team_meld")
    meld(r, 1, "9C TC JC")
    refused(r, 1, lay(1, "8H", end="high"), "other_team_meld")


def test_laying_off_on_the_other_teams_meld_is_refused_even_with_the_partner_option_off():
    r = deal({0: "5H 6H 7H AS", 1: "8H"}, partner_layoff_needs_own_meld=False)
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    refused(r, 1, lay(1, "8H", end="high"), "other_team_meld")


def test_one_against_one_never_lays_off_on_the_opponents_meld():
    r = deal({0: "5H 6H 7H AS", 1: "8H 9C TC JC"}, players=2, dealer=1)
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    meld(r, 1, "9C TC JC")
    refused(r, 1, lay(1, "8H", end="high"), "other_team_meld")


def hand_card_other_than(r, seat, keep):
    return next(c for c in r.view(seat)["hand"] if c != keep)
