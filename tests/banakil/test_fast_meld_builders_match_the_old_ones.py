"""The engine's meld and lay-off builders were rewritten for speed (run places as bits, a hand read
once per card); they give exactly what the first ones gave, in the same order, so ``usable``, the
time-out move ("first found" among the cheapest) and the bots are unchanged. The first versions
are kept in ``legal_oracle``.
"""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.banakil import CANONICAL_DECK, Options, Round, uses
from games.banakil.melds import Meld, meld_of

from . import legal_oracle as old

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CODES = sorted(set(CANONICAL_DECK))
LINE = "A23456789TJQKA"


def random_hand(rng: random.Random) -> Counter:
    """Mostly one suit, the set ranks and wilds (so that melds and lay-offs abound)."""
    suit = rng.choice("SHDC")
    pool = [c for c in CANONICAL_DECK if c[1:] == suit or c == "JK" or c[0] in "2A3"]
    if rng.random() < 0.3:
        pool = list(CANONICAL_DECK)
    return Counter(rng.sample(pool, rng.randint(1, 20)))


def random_meld(rng: random.Random) -> Meld:
    while True:
        if rng.random() < 0.75:
            suit, size = rng.choice("SHDC"), rng.randint(3, 9)
            low = rng.randint(1, 15 - size)
            cards = [LINE[low - 1 + i] + suit for i in range(size)]
            for _ in range(rng.randint(0, 2)):
                cards[rng.randrange(size)] = rng.choice(["JK", "2S", "2H", "2C"])
        else:
            cards = [rng.choice("A3") + s for s in "SHDC"][: rng.randint(2, 4)]
            if len(cards) < 4 and rng.random() < 0.5:
                cards.append(rng.choice(["JK", "2D"]))
        found = meld_of(cards)
        if isinstance(found, Meld):
            return found


@SETTINGS
@given(choices=st.randoms(use_true_random=False))
def test_new_melds_with_gives_the_old_melds_in_the_old_order(choices):
    hand = random_hand(choices)
    for card in hand:
        assert list(uses.new_melds_with(card, hand)) == list(old.new_melds_with(card, hand))


@SETTINGS
@given(choices=st.randoms(use_true_random=False))
def test_layoffs_with_gives_the_old_lay_offs_in_the_old_order(choices):
    meld = random_meld(choices)
    hand = random_hand(choices)
    for card in hand:
        assert list(uses.layoffs_with(card, hand, meld)) == list(old.layoffs_with(card, hand, meld))


def test_ways_give_the_old_ways_in_the_old_order_over_random_play():
    rng = random.Random(13)
    compared = 0
    for _ in range(10):
        players = rng.choice([2, 4])
        options = Options(players=players, partner_layoff_needs_own_meld=rng.random() < 0.7)
        r = Round.deal(options, rng.randrange(players), secret=f"{rng.getrandbits(256):064x}")
        while r.result is None and len(r.actions) < 300:
            seat = r.turn
            hand = r.hands[seat].copy()
            if r.phase == "draw" and r.pile:
                hand[r.pile[-1]] += 1  # as if the pile card were taken
            seats = r.seating(seat)
            for card in list(hand):
                for cheapest in (False, True):
                    got = list(uses.ways(card, hand, r.melds, seats, cheapest=cheapest))
                    assert got == list(old.ways(card, hand, r.melds, seats, cheapest=cheapest))
                assert uses.usable(card, hand, r.melds, seats) == old.usable(
                    card, hand, r.melds, seats
                )
                compared += 1
            r.apply(seat, rng.choice(r.legal_actions()))
    assert compared > 1000
