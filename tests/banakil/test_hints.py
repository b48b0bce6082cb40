"""Hints («تلميحات»): ready melds (the set of melds that puts down the most points), lay-offs on the
team's melds (respecting the partner rule), jokers that can be taken back, and the pile card."""

import json
import random
from collections import Counter
from decimal import Decimal
from functools import cache
from itertools import combinations, permutations

from games.banakil import InvalidMeld, card_points, check_meld, hints
from games.banakil.hints import ready_melds

from .helpers import deal, draw, meld, pass_turn, throw


def meld_points(cards):
    return sum((card_points(c) for c in cards), Decimal(0))


@cache
def brute_best(hand: tuple[str, ...]) -> Decimal:
    """Most points any set of disjoint valid melds from ``hand`` puts down (exhaustive)."""
    best = Decimal(0)
    n = len(hand)
    for k in range(3, n + 1):
        for idx in combinations(range(n), k):
            chosen = [hand[i] for i in idx]
            if not _may_meld(chosen):
                continue
            for order in set(permutations(chosen)):
                try:
                    check_meld(list(order))
                except InvalidMeld:
                    continue
                rest = tuple(hand[i] for i in range(n) if i not in idx)
                best = max(best, meld_points(chosen) + brute_best(rest))
                break
    return best


def _may_meld(cards):
    reals = [c for c in cards if c != "JK" and c[0] != "2"]
    return len({c[1] for c in reals}) == 1 or len({c[0] for c in reals}) == 1


UNIVERSE = [r + s for r in "A34567QK" for s in "HS"] * 2 + [
    "3D",
    "AD",
    "3C",
    "AC",
    "2H",
    "2C",
    "JK",
    "JK",
]


def random_hands(count, size, seed):
    rng = random.Random(seed)
    for _ in range(count):
        yield rng.sample(UNIVERSE, size)


def check_ready(hand):
    found = ready_melds(hand)
    left = Counter(hand)
    for m in found:
        check_meld(m)  # every hinted meld is valid as given, in lying order
        left.subtract(m)
    assert min(left.values(), default=0) >= 0, "a hint uses cards the hand does not hold"
    got = sum((meld_points(m) for m in found), Decimal(0))
    assert got == brute_best(tuple(sorted(hand))), (hand, found)


def test_ready_melds_put_down_the_most_points_on_small_hands_checked_by_brute_force():
    for hand in random_hands(400, 6, seed=2):
        check_ready(hand)


def test_ready_melds_put_down_the_most_points_on_seven_card_hands_checked_by_brute_force():
    for hand in random_hands(150, 7, seed=7):
        check_ready(hand)


def test_ready_melds_put_down_the_most_points_on_eight_card_hands_checked_by_brute_force():
    for hand in random_hands(40, 8, seed=8):
        check_ready(hand)


def test_ready_melds_put_down_the_most_points_on_nine_card_hands_checked_by_brute_force():
    for hand in random_hands(30, 9, seed=9):
        check_ready(hand)


def test_ready_melds_respect_the_wild_limits():
    # two jokers and two banakils: at most one of each per meld
    hand = ["5H", "6H", "JK", "JK", "2C", "2H", "QS", "KS"]
    check_ready(hand)
    for m in ready_melds(hand):
        assert m.count("JK") <= 1 and sum(c[0] == "2" for c in m) <= 1


def test_ready_melds_of_a_hand_with_no_meld_are_empty():
    assert ready_melds(["5H", "9S", "KD"]) == []
    assert ready_melds(["AS", "AH"]) == []


def test_ready_melds_prefer_more_points_over_more_melds():
    # 3H 3S 3D (1.5) or the run 3H 4H 5H 6H (2) plus nothing: 3S 3D can't meld alone
    hand = ["3H", "4H", "5H", "6H", "3S", "3D"]
    check_ready(hand)


def test_ready_melds_find_a_run_from_ace_to_ace():
    hand = "AH 2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split()
    found = ready_melds(hand)
    assert sorted(c for m in found for c in m) == sorted(hand)  # every card goes down
    for m in found:
        check_meld(m)


def test_hints_are_json_serializable_and_list_the_ready_melds():
    r = deal({0: "5H 6H 7H AS"})
    h = hints.hints(r.view(0))
    json.dumps(h)
    assert ["5H", "6H", "7H"] in h["melds"]


def test_hints_list_lay_offs_on_own_melds_at_either_end():
    r = deal({0: "5H 6H 7H 8H 4H"})
    meld(r, 0, "5H 6H 7H")
    lays = hints.hints(r.view(0))["layoffs"]
    assert {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"} in lays
    assert {"type": "layoff", "meld": 1, "cards": ["4H"], "end": "low"} in lays
    for action in lays:  # every hinted lay-off is legal
        c = r.copy()
        c.apply(0, action)


def test_hints_list_a_banakil_move():
    r = deal({0: "5H 2S 7H 6H"})
    meld(r, 0, "5H 2S 7H")
    lays = hints.hints(r.view(0))["layoffs"]
    assert any(a.get("banakil_to") and a["cards"] == ["6H"] for a in lays)


def partner_state(**options):
    r = deal({0: "5H 6H 7H AS", 2: "8H 9C TC JC"}, **options)
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    pass_turn(r, 1)
    draw(r, 2)
    return r


def test_hints_offer_no_lay_off_on_the_partners_meld_before_an_own_meld():
    r = partner_state()
    assert not any(a["meld"] == 1 for a in hints.hints(r.view(2))["layoffs"])


def test_hints_offer_lay_offs_on_the_partners_meld_after_an_own_meld():
    r = partner_state()
    meld(r, 2, "9C TC JC")
    lays = hints.hints(r.view(2))["layoffs"]
    assert {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"} in lays


def test_hints_offer_partner_lay_offs_when_the_partner_option_is_off():
    r = partner_state(partner_layoff_needs_own_meld=False)
    lays = hints.hints(r.view(2))["layoffs"]
    assert {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"} in lays


def test_hints_never_offer_lay_offs_on_the_other_teams_melds():
    r = deal({0: "5H 6H 7H AS", 1: "8H 4H 9C TC JC"})
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    meld(r, 1, "9C TC JC")
    assert not any(a["meld"] == 1 for a in hints.hints(r.view(1))["layoffs"])


def test_hints_list_a_joker_that_can_be_taken_back():
    r = deal({0: "5H JK 7H 6H 9C TC"})
    meld(r, 0, "5H JK 7H")
    assert {"type": "swap", "meld": 1, "card": "6H"} in hints.hints(r.view(0))["swaps"]


def test_hints_list_no_swap_on_the_other_teams_joker():
    r = deal({0: "5H JK 7H AS", 1: "6H 9C TC"})
    meld(r, 0, "5H JK 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    assert hints.hints(r.view(1))["swaps"] == []


def test_hints_say_the_pile_card_can_be_taken_when_it_can_be_used():
    r = deal({0: "AS", 1: "AH AD"})
    throw(r, 0, "AS")
    assert hints.hints(r.view(1))["pile"] is True


def test_hints_say_the_pile_card_cannot_be_taken_when_it_cannot_be_used():
    r = deal({0: "AS"})
    throw(r, 0, "AS")
    assert hints.hints(r.view(1))["pile"] is False


def test_hints_say_the_pile_card_can_be_taken_when_the_option_is_off():
    r = deal({0: "AS"}, pile_card_must_be_used=False)
    throw(r, 0, "AS")
    assert hints.hints(r.view(1))["pile"] is True
