"""docs/rules/banakil.md, "Usable, precisely": a card is *usable* when some sequence of legal
actions this turn puts it on the table: (a) a new meld, (b) a lay-off (after other hand cards at the
same end; the partner's melds with an own meld), (c) a joker swap whose joker is itself usable.
"Nothing else counts (moving a banakil first to make room does not)."

Each test lays a meld for seat 1 in its first turn, then seat 0 throws the card under test."""

from games.banakil import hints

from .helpers import deal, draw, layoff, meld, pass_turn, refused, swap, table, throw

PILE = {"type": "draw", "from": "pile"}


def setup(pile_card, seat1_meld, seat1_more="", stock="KD", seat0="", **options):
    """Seat 1 lays ``seat1_meld`` in its first turn; then seat 0 throws ``pile_card``."""
    r = deal({0: f"{pile_card} {seat0}", 1: f"{seat1_meld} {seat1_more}"}, stock=stock, **options)
    throw(r, 0, next(c for c in r.view(0)["hand"] if c not in (pile_card, *seat0.split())))
    draw(r, 1)
    meld(r, 1, seat1_meld)
    throw(r, 1, r.view(1)["drawn"])
    pass_turn(r, 2)
    pass_turn(r, 3)
    draw(r, 0)
    throw(r, 0, pile_card)
    assert r.view(None)["pile_top"] == pile_card
    return r


def test_the_pile_card_is_usable_at_the_low_end_after_a_hand_card():
    r = setup("7C", "9C TC JC", "8C", stock="KD 6C 6C 5C")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "7C 8C", end="low")
    assert r.view(1)["must_go_down"] == []


def test_the_pile_ace_is_usable_below_a_banakil_at_the_low_end():
    r = setup("AC", "3C 4C 5C", "2D", stock="KD QC QC KC KC")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "AC 2D", end="low")
    assert table(r)[1] == ["AC", "2D", "3C", "4C", "5C"]


def test_the_pile_card_is_usable_on_an_own_set():
    r = setup("AC", "AH AS AD", stock="KD QC QC KC KC")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "AC")
    assert r.view(1)["must_go_down"] == []


def test_a_pile_joker_is_usable_at_an_end_of_an_own_run():
    r = setup("JK", "9C TC JC")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "JK", end="high")
    assert r.view(1)["must_go_down"] == []


def test_moving_a_banakil_first_to_make_room_does_not_make_the_pile_card_usable():
    # 5C 2S 7C: 9C could go on only after 6C took the banakil's place and the banakil moved up
    # to stand for 8C. That does not count: the pile card may not be taken.
    r = setup("9C", "5C 2S 7C", "6C", stock="KD 8C 8C TC TC JC JC")
    assert not {"8C", "TC", "JC", "JK"} & set(r.view(1)["hand"])
    assert hints.hints(r.view(1))["pile"] is False
    refused(r, 1, PILE, "pile_card_not_usable")


def test_the_banakil_move_itself_makes_the_pile_card_usable():
    r = setup("6C", "5C 2S 7C")
    draw(r, 1, "pile")
    layoff(r, 1, 1, "6C", banakil_to="high")
    assert r.view(1)["must_go_down"] == []


def test_a_joker_on_the_other_teams_meld_does_not_make_the_pile_card_usable():
    # seat 0 lays 5H JK 7H and throws 6H; seat 1 may not swap on the other team's meld
    r = deal({0: "5H JK 7H 6H"}, stock="4H 4H 5H 7H 8H 8H 6H")
    meld(r, 0, "5H JK 7H")
    throw(r, 0, "6H")
    refused(r, 1, PILE, "pile_card_not_usable")


def test_a_pile_card_usable_only_through_a_swap_must_be_swapped_in_not_merely_held():
    r = deal({0: "5H JK 7H AS", 1: "6H", 2: "9C TC"})
    meld(r, 0, "5H JK 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "6H")
    draw(r, 2, "pile")
    refused(r, 2, {"type": "throw", "card": "9C"}, "card_owed")
    swap(r, 2, 1, "6H")
    meld(r, 2, "9C TC JK")
    assert r.view(2)["must_go_down"] == []


def test_hinted_swaps_are_accepted_while_a_pile_card_is_owed():
    # seat 2 takes 6H to swap it for the joker of its partner's 5H JK 7H; its hand also holds 3D
    # for the partner's set 3H 3S JK. While 6H is owed, the rules refuse a swap that does not put
    # 6H itself down, so the hints must not offer one
    r = deal({0: "5H JK 7H 3H 3S JK AS", 1: "6H", 2: "3D 9C TC JC"})
    meld(r, 0, "5H JK 7H")
    meld(r, 0, "3H 3S JK")
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "6H")
    draw(r, 2, "pile")
    meld(r, 2, "9C TC JC")
    swaps = hints.hints(r.view(2))["swaps"]
    assert {"type": "swap", "meld": 1, "card": "6H"} in swaps
    for action in swaps:
        r.copy().apply(2, action)  # raises if the hinted swap is refused


def test_hinted_lay_offs_are_accepted_while_a_pile_card_is_owed():
    # seat 1 takes AS, which only AH AD can hold; laying AH off on its JH QH KH would strand AS,
    # so the rules refuse it and the hints must not offer it
    r = deal({0: "AS", 1: "JH QH KH AH AD"})
    throw(r, 0, "AS")
    draw(r, 1, "pile")
    meld(r, 1, "JH QH KH")
    for action in hints.hints(r.view(1))["layoffs"]:
        r.copy().apply(1, action)  # raises if the hinted lay-off is refused
