"""Golden rounds: whole scripted rounds from stacked decks, scored by hand (docs/rules/banakil.md,
"Going out and scoring"). Every hand is given in full; the arithmetic is in the comments.

Card points: 3–6 ½ · 7–K 1 · A 1 · 2 two · joker four.
"""

from decimal import Decimal

from .helpers import deal, draw, layoff, meld, points, swap, throw


def assert_result(r, team_points, out_seat, nazla, reason):
    res = r.result
    assert res is not None
    assert res["team_points"] == points(*team_points)
    assert all(isinstance(p, Decimal) for p in res["team_points"])
    assert res["out_seat"] == out_seat
    assert res["nazla"] is nazla
    assert res["reason"] == reason
    assert r.view(None)["phase"] == "ended"


# --- out by throw --------------------------------------------------------------------------------

G1 = {
    0: "3S 4S 5S 6S 7S 9H TH JH QH KH AD AC AH 8C 9C TC JC 4D KS",
    1: "5H 6H 7H 8H 9S 9S KD KD QD QD JD JD TD TD 8S 8S 7C 7C",
    2: "TS JS QS 4H 4H 5D 5D 6C 6C 4C 4C 5C 5C 6D 6D 8D 8D 9D",
    3: "3H 3D 3C JK 2H 7D 7D AS AS KC KC 4S 5S 6S 7S 8H 9H 3S",
}


def test_golden_out_by_throw_after_an_earlier_meld():
    r = deal(G1, dealer=3, stock="KS TS JS QC", exact=True)
    assert meld(r, 0, "3S 4S 5S 6S 7S") == 1
    assert meld(r, 0, "9H TH JH QH KH") == 2
    throw(r, 0, "4D")
    assert draw(r, 1) == "KS"
    assert meld(r, 1, "5H 6H 7H 8H") == 3
    throw(r, 1, "KS")
    assert draw(r, 2) == "TS"
    assert meld(r, 2, "TS JS QS") == 4
    throw(r, 2, "TS")
    assert draw(r, 3) == "JS"
    assert meld(r, 3, "3H 3D 3C") == 5
    throw(r, 3, "JS")
    assert draw(r, 0) == "QC"
    assert meld(r, 0, "AD AC AH") == 6
    assert meld(r, 0, "8C 9C TC JC") == 7
    layoff(r, 0, 7, "QC", end="high")
    assert r.result is None
    throw(r, 0, "KS")
    # team A melds: 3S-7S (4×½+1 = 3) + 9H-KH 5 + TS JS QS 3 + AD AC AH 3 + 8C-QC 5 = 19
    # seat 2 keeps 4H 4H 5D 5D 6C 6C 4C 4C 5C 5C 6D 6D (12×½ = 6) + 8D 8D 9D 3 = 9
    # team A = 20 + 19 − 9 = 30
    # team B melds: 5H 6H 7H 8H (½+½+1+1 = 3) + 3H 3D 3C 1.5 = 4.5
    # seat 1 keeps 9S 9S KD KD QD QD JD JD TD TD 8S 8S 7C 7C = 14
    # seat 3 keeps JK 4 + 2H 2 + 7D 7D 2 + AS AS 2 + KC KC 2 + 4S 5S 6S 1.5 + 7S 8H 9H 3 + 3S ½ = 17
    # team B = 4.5 − (14 + 17) = −26.5
    assert_result(r, ["30", "-26.5"], 0, False, "out_by_throw")
    assert r.result["nazla"] is False


# --- out by laying down --------------------------------------------------------------------------

G2 = {
    2: "AS 2S 3S 4S 7H 8H JK TH KD QC KC 3H 3D 3C 5D 6D 7D 8D QS",
    3: "9C TC JC AH AD AC KS KS QH QH JH JH 4H 4H 5H 5H 6H 6H",
    0: "9S TS JS 5S 7S 7S 8S 8S 4D 4D 9D 9D TD TD JD JD 2D JK",
    1: "6S 6S 3S 4S AS 2H 7H 8H KH KH QD QD 5C 5C 6C 6C 7C 7C",
}


def test_golden_out_by_laying_everything_down_with_a_swap_and_a_partner_lay_off():
    r = deal(G2, dealer=1, stock="KD 8C TC 9H", exact=True)
    assert meld(r, 2, "AS 2S 3S 4S") == 1
    assert meld(r, 2, "7H 8H JK TH") == 2
    throw(r, 2, "KD")
    assert draw(r, 3) == "KD"
    assert meld(r, 3, "9C TC JC") == 3
    assert meld(r, 3, "AH AD AC") == 4
    throw(r, 3, "KD")
    assert draw(r, 0) == "8C"
    assert meld(r, 0, "9S TS JS") == 5
    layoff(r, 0, 1, "5S", end="high")  # on the partner's meld, after an own meld
    throw(r, 0, "8C")
    assert draw(r, 1) == "TC"
    throw(r, 1, "TC")
    assert draw(r, 2) == "9H"
    swap(r, 2, 2, "9H")
    assert meld(r, 2, "JK QC KC") == 6
    assert meld(r, 2, "3H 3D 3C") == 7
    assert meld(r, 2, "5D 6D 7D 8D") == 8
    assert r.result is None
    layoff(r, 2, 5, "QS", end="high")
    # team A melds: AS 2S 3S 4S 5S (1+2+½+½+½ = 4.5) + 7H 8H 9H TH 4 + 9S TS JS QS 4
    #   + JK QC KC 6 + 3H 3D 3C 1.5 + 5D 6D 7D 8D 3 = 23
    # seat 0 keeps 7S 7S 8S 8S 4 + 4D 4D 1 + 9D 9D TD TD JD JD 6 + 2D 2 + JK 4 = 17
    # team A = 20 + 23 − 17 = 26
    # team B melds: 9C TC JC 3 + AH AD AC 3 = 6
    # seat 3 keeps KS KS QH QH JH JH 6 + 4H 4H 5H 5H 6H 6H 3 = 9
    # seat 1 keeps 6S 6S 3S 4S 2 + AS 1 + 2H 2 + 7H 8H 2 + KH KH 2 + QD QD 2 + 5C 5C 6C 6C 2
    #   + 7C 7C 2 = 15
    # team B = 6 − (9 + 15) = −18
    assert_result(r, ["26", "-18"], 2, False, "out_by_laying_down")


# --- «نزلة وحدة» 102: the other team has no meld ------------------------------------------------

G3A = {
    0: "AS AH AD 3S 3H 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD",
    1: "2S 2S 6H 6H 7H 7H 8H 8H 9H 9H TH TH JH JH QH QH KH KH",
    2: "7S 7S 8S 8S 9S 9S TS TS JS JS QS QS KS KS 4H 4H 5H 5H",
    3: "4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D TD TD JD JD JK JK",
}


def play_g3a(**options):
    r = deal(G3A, dealer=3, exact=True, **options)
    meld(r, 0, "AS AH AD")
    meld(r, 0, "3S 3H 3D 3C")
    meld(r, 0, "4C 5C 6C 7C 8C 9C TC JC QC KC")
    layoff(r, 0, 1, "AC")
    throw(r, 0, "KD")
    return r


def test_golden_nazla_on_the_first_turn_against_a_team_with_no_meld_scores_102():
    r = play_g3a()
    # team A melds: AS AH AD AC 4 + 3S 3H 3D 3C 2 + 4C 5C 6C 1.5 + 7C..KC 7 = 14.5
    # seat 2 keeps 7S..KS twice 14 + 4H 4H 5H 5H 2 = 16
    # team A = 102 + 14.5 − 16 = 100.5; team B = 0
    assert_result(r, ["100.5", "0"], 0, True, "out_by_throw")


def test_golden_going_out_by_a_final_throw_is_no_nazla_when_the_option_is_off():
    r = play_g3a(nazla_final_throw=False)
    # team A = 20 + 14.5 − 16 = 18.5
    # seat 1 keeps 2S 2S 4 + 6H 6H 1 + 7H..KH twice 14 = 19
    # seat 3 keeps 4D 5D 6D twice 3 + 7D..JD twice 10 + JK JK 8 = 21
    # team B = 0 − (19 + 21) = −40
    assert_result(r, ["18.5", "-40"], 0, False, "out_by_throw")


def test_golden_the_nazla_bonuses_are_table_options():
    r = play_g3a(nazla_bonus=40, nazla_bonus_no_melds=80)
    # team A = 80 + 14.5 − 16 = 78.5
    assert_result(r, ["78.5", "0"], 0, True, "out_by_throw")


# --- «نزلة وحدة» 51: the other team has a meld ---------------------------------------------------

G3B = {
    0: "7D 8D 9D KH KS KS QS QS JS JS TS TS 9S 9S 8S 8S 7S 7S 6C",
    1: "5C 6C 7C AD AD 3D 3D 4D 4D 5D 5D 6D 6D QC QC KC KC JH",
    2: "TD JD QD KD AS AC AH 3S 3H JK 5H 6H 7H 8H 4S 5S 6S 2C",
    3: "TC TC JC JC 8C 8C 9C 9C 2H 2H 4H 4H TH TH QH QH 3C 3C",
}


def start_g3b(**options):
    """Seat 0 lays 7D 8D 9D; seat 1 lays 5C 6C 7C; seat 2 has drawn 9H (19 cards)."""
    r = deal(G3B, dealer=3, stock="KD 9H", exact=True, **options)
    assert meld(r, 0, "7D 8D 9D") == 1
    throw(r, 0, "KH")
    draw(r, 1)
    assert meld(r, 1, "5C 6C 7C") == 2
    throw(r, 1, "KD")
    assert draw(r, 2) == "9H"
    return r


def lay_all_g3b(r):
    meld(r, 2, "AS AC AH")
    meld(r, 2, "3S 3H JK")
    meld(r, 2, "5H 6H 7H 8H 9H")
    meld(r, 2, "4S 5S 6S 2C")


def test_golden_nazla_by_laying_everything_down_against_a_team_with_a_meld_scores_51():
    r = start_g3b()
    meld(r, 2, "TD JD QD KD")
    lay_all_g3b(r)
    # team A melds: 7D 8D 9D 3 + TD JD QD KD 4 + AS AC AH 3 + 3S 3H JK 5 + 5H..9H 4
    #   + 4S 5S 6S 2C 3.5 = 22.5
    # seat 0 keeps KS..7S twice 14 + 6C ½ = 14.5
    # team A = 51 + 22.5 − 14.5 = 59; team B = 0 although it has a meld
    assert_result(r, ["59", "0"], 2, True, "out_by_laying_down")


def test_golden_nazla_by_laying_everything_down_needs_no_throw_so_the_option_does_not_matter():
    r = start_g3b(nazla_final_throw=False)
    meld(r, 2, "TD JD QD KD")
    lay_all_g3b(r)
    assert_result(r, ["59", "0"], 2, True, "out_by_laying_down")


def test_golden_a_lay_off_on_the_partners_meld_in_the_going_out_turn_is_no_nazla():
    r = start_g3b()
    meld(r, 2, "JD QD KD")
    layoff(r, 2, 1, "TD", end="high")
    lay_all_g3b(r)
    # team A melds: the same cards, 22.5; team A = 20 + 22.5 − 14.5 = 28
    # team B melds: 5C 6C 7C 2
    # seat 1 keeps AD AD 2 + 3D 3D 4D 4D 5D 5D 6D 6D 4 + QC QC KC KC 4 + JH 1 = 11
    # seat 3 keeps TC TC JC JC 8C 8C 9C 9C 8 + 2H 2H 4 + 4H 4H 1 + TH TH QH QH 4 + 3C 3C 1 = 18
    # team B = 2 − (11 + 18) = −27
    assert_result(r, ["28", "-27"], 2, False, "out_by_laying_down")


# --- one against one -----------------------------------------------------------------------------

G4 = {
    0: "9H TH JH QH 3S 3D JK 8C 4D 5D 6D 7D 8D 9D TD AS AH AC QC",
    1: "5S 6S 7S 8S KS KS QS QS JS JS TS TS 9S 9S 4H 4H 5H 5H",
}


def test_golden_one_against_one_out_by_throw_subtracts_no_partner():
    r = deal(G4, players=2, dealer=1, stock="KD KH", exact=True)
    assert r.view(None)["turn"] == 0
    assert meld(r, 0, "9H TH JH QH") == 1
    assert meld(r, 0, "3S 3D JK") == 2
    throw(r, 0, "8C")
    assert draw(r, 1) == "KD"
    assert meld(r, 1, "5S 6S 7S 8S") == 3
    throw(r, 1, "KD")
    assert draw(r, 0) == "KH"
    layoff(r, 0, 1, "KH", end="high")
    meld(r, 0, "4D 5D 6D 7D 8D 9D TD")
    meld(r, 0, "AS AH AC")
    throw(r, 0, "QC")
    # team A melds: 9H..KH 5 + 3S 3D JK 5 + 4D 5D 6D 1.5 + 7D..TD 4 + AS AH AC 3 = 18.5
    # team A = 20 + 18.5 = 38.5 (no partner)
    # team B melds: 5S 6S 7S 8S 3; seat 1 keeps KS..9S twice 10 + 4H 4H 5H 5H 2 = 12
    # team B = 3 − 12 = −9
    assert_result(r, ["38.5", "-9"], 0, False, "out_by_throw")


def test_golden_one_against_one_nazla_on_the_first_turn_scores_102():
    hands = {
        0: "AS AH AD 3S 3H 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD",
        1: "2S 2S 6H 6H 7H 7H 8H 8H 9H 9H TH TH JH JH QH QH KH KH",
    }
    r = deal(hands, players=2, dealer=1, exact=True)
    meld(r, 0, "AS AH AD AC")
    meld(r, 0, "3S 3H 3D 3C")
    meld(r, 0, "4C 5C 6C 7C 8C 9C TC JC QC KC")
    throw(r, 0, "KD")
    # team A = 102 + 14.5 (see G3A) = 116.5; team B = 0
    assert_result(r, ["116.5", "0"], 0, True, "out_by_throw")


# --- restocks, then out; and exhaustion --------------------------------------------------------

G5 = {
    0: "AS AH AD AC 3S 3H 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KD",
    1: "AH 2H 2H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H TH TH",
    2: "JH JH QH QH KH KH AD 2D 2D 3D 4D 4D 5D 5D 6D 6D 7D 7D",
    3: "8D 8D 9D 9D TD TD JD JD QD QD KD 2C 2C 2S 2S JK JK 3S",
}


def start_g5():
    """Seat 0 lays three melds and throws KD, keeping KC; then everyone draws and throws the card
    drawn, so the stock runs out and restocks from the pile."""
    r = deal(G5, dealer=3, exact=True)
    meld(r, 0, "AS AH AD AC")
    meld(r, 0, "3S 3H 3D 3C")
    meld(r, 0, "4C 5C 6C 7C 8C 9C TC JC QC")
    throw(r, 0, "KD")
    return r


def test_golden_two_restocks_from_the_pile_oldest_throw_first_then_out_by_throw():
    r = start_g5()
    thrown = ["KD"]
    first_stock = r.view(None)["stock_size"]
    assert first_stock == 33
    restock_draws = {}
    for n in range(1, 68):  # draws 1..67; draw n is made by seat n % 4
        seat = n % 4
        v = r.view(None)
        assert v["turn"] == seat
        before_restocks = v["restocks"]
        pile_before = list(thrown)
        card = draw(r, seat)
        if r.view(None)["restocks"] != before_restocks:
            restock_draws[n] = (card, pile_before)
            assert r.view(None)["pile_size"] == 1
            assert r.view(None)["pile_top"] == pile_before[-1]
            thrown = [pile_before[-1]]
        throw(r, seat, card)
        thrown.append(card)
    # the stock ran out after 33 draws: draw 34 restocked from the 34-card pile, the oldest throw
    # (KD) on top; the new 33-card stock ran out at draw 66; draw 67 restocked again
    assert sorted(restock_draws) == [34, 67]
    card34, pile34 = restock_draws[34]
    assert len(pile34) == 34 and card34 == pile34[0] == "KD"
    card67, pile67 = restock_draws[67]
    assert len(pile67) == 34 and card67 == pile67[0]
    assert r.view(None)["restocks"] == 2
    drawn = draw(r, 0)  # draw 68
    layoff(r, 0, 3, "KC", end="high")
    throw(r, 0, drawn)
    # team A melds: AS AH AD AC 4 + 3S 3H 3D 3C 2 + 4C 5C 6C 1.5 + 7C..KC 7 = 14.5
    # seat 2 keeps JH JH QH QH KH KH 6 + AD 1 + 2D 2D 4 + 3D 4D 4D 5D 5D 6D 6D 3.5 + 7D 7D 2 = 16.5
    # team A = 20 + 14.5 − 16.5 = 18
    # seat 1 keeps AH 1 + 2H 2H 4 + 3H 4H 4H 5H 5H 6H 6H 3.5 + 7H..TH twice 8 = 16.5
    # seat 3 keeps 8D..QD twice 10 + KD 1 + 2C 2C 2S 2S 8 + JK JK 8 + 3S ½ = 27.5
    # team B = 0 − (16.5 + 27.5) = −44
    assert_result(r, ["18", "-44"], 0, False, "out_by_throw")


def test_golden_an_exhausted_round_scores_each_teams_melds_minus_its_hands():
    r = start_g5()
    for n in range(1, 40):  # through the first restock
        card = draw(r, n % 4)
        throw(r, n % 4, card)
    assert r.view(None)["restocks"] == 1
    # No legal play empties the stock with fewer than 2 cards on the pile (every stock draw adds a
    # throw to the pile), so the state the rules describe is set up by hand here.
    r.stock.clear()
    del r.pile[:-1]
    seat = r.view(None)["turn"]
    assert seat == 40 % 4
    r.apply(seat, {"type": "draw", "from": "stock"})
    # team A melds: AS AH AD AC 4 + 3S 3H 3D 3C 2 + 4C 5C 6C 1.5 + 7C..QC 6 = 13.5 (KC is in hand)
    # team A = 13.5 − (seat 0 keeps KC 1 + seat 2 keeps 16.5) = −4
    # team B = 0 − (16.5 + 27.5) = −44
    assert_result(r, ["-4", "-44"], None, False, "exhausted")


G3C = {
    0: "5D JK 7D KH KS KS QS QS JS JS TS TS 9S 9S 8S 8S 7S 7S 6C",
    1: "5C 6C 7C AD AD 3D 3D 4D 4D 8D 8D 9D 9D QC QC KC KC JH",
    2: "TD JD QD KD AS AC AH 3S 3H 6D 5H 6H 7H 8H 4S 5S 6S 2C",
    3: "TC TC JC JC 8C 8C 9C 9C 2H 2H 4H 4H TH TH QH QH 3C 3C",
}


def test_golden_a_joker_swapped_from_the_partners_meld_in_the_going_out_turn_is_no_nazla():
    r = deal(G3C, dealer=3, stock="KD 9H", exact=True)
    assert meld(r, 0, "5D JK 7D") == 1
    throw(r, 0, "KH")
    draw(r, 1)
    assert meld(r, 1, "5C 6C 7C") == 2
    throw(r, 1, "KD")
    assert draw(r, 2) == "9H"
    swap(r, 2, 1, "6D")  # seat 2 has no meld yet: a swap on the partner's meld needs none
    meld(r, 2, "TD JD QD KD")
    meld(r, 2, "AS AC AH")
    meld(r, 2, "3S 3H JK")
    meld(r, 2, "5H 6H 7H 8H 9H")
    meld(r, 2, "4S 5S 6S 2C")
    # team A melds: 5D 6D 7D (½+½+1 = 2) + TD..KD 4 + AS AC AH 3 + 3S 3H JK 5 + 5H..9H 4
    #   + 4S 5S 6S 2C 3.5 = 21.5
    # seat 0 keeps KS..7S twice 14 + 6C ½ = 14.5
    # team A = 20 + 21.5 − 14.5 = 27
    # team B melds: 5C 6C 7C 2
    # seat 1 keeps AD AD 2 + 3D 3D 4D 4D 2 + 8D 8D 9D 9D 4 + QC QC KC KC 4 + JH 1 = 13
    # seat 3 keeps 18 (see G3B)
    # team B = 2 − (13 + 18) = −29
    assert_result(r, ["27", "-29"], 2, False, "out_by_laying_down")


def test_golden_a_card_laid_off_on_the_partner_in_an_earlier_turn_means_no_nazla():
    # With partner_layoff_needs_own_meld off, seat 2 lays TD off on its partner's 7D 8D 9D in its
    # first turn (it has no meld of its own), then lays everything else down in its second turn.
    # the rules: a nazla "put every card down in this one turn"; TD went down in an earlier turn
    # (the rule text: "laying down all your cards at once in one turn"), so this is no nazla.
    r = deal(
        G3B, dealer=3, stock="KD 4C 5S 7C 2S 9H", exact=True, partner_layoff_needs_own_meld=False
    )
    meld(r, 0, "7D 8D 9D")
    throw(r, 0, "KH")
    draw(r, 1)
    meld(r, 1, "5C 6C 7C")
    throw(r, 1, "KD")
    assert draw(r, 2) == "4C"
    layoff(r, 2, 1, "TD", end="high")
    throw(r, 2, "4C")
    for seat, card in ((3, "5S"), (0, "7C"), (1, "2S")):
        assert draw(r, seat) == card
        throw(r, seat, card)
    assert draw(r, 2) == "9H"
    meld(r, 2, "JD QD KD")
    lay_all_g3b(r)
    # the same cards as in the partner lay-off round above: team A = 20 + 22.5 − 14.5 = 28,
    # team B = 2 − (11 + 18) = −27
    assert_result(r, ["28", "-27"], 2, False, "out_by_laying_down")
