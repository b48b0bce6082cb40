"""``usable`` answers from the kept melds and lay-offs of the hand's shape instead of building each
way; it says yes exactly when ``ways`` (the definition the time-out move, hints and bots walk)
finds one, for random hands against random tables, every seat, partner rule and owner."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.banakil import Options, Round, uses
from games.banakil.uses import Seating, TableMeld

from .test_fast_meld_builders_match_the_old_ones import random_hand, random_meld

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def by_ways(card, hand, melds, seating) -> bool:
    return any(True for _ in uses.ways(card, hand, melds, seating))


@SETTINGS
@given(choices=st.randoms(use_true_random=False))
def test_usable_says_yes_exactly_when_some_way_exists_on_random_tables(choices):
    rng = choices
    players = rng.choice([2, 4])
    melds = [
        TableMeld(i + 1, rng.randrange(players), random_meld(rng)) for i in range(rng.randint(0, 6))
    ]
    seating = Seating(rng.randrange(players), players, rng.random() < 0.5, rng.random() < 0.7)
    hand = random_hand(rng)
    for card in list(hand):
        assert uses.usable(card, hand, melds, seating) == by_ways(card, hand, melds, seating)


def test_usable_says_yes_exactly_when_some_way_exists_over_random_play():
    rng = random.Random(41)
    compared = yes = 0
    for _ in range(12):
        players = rng.choice([2, 4])
        options = Options(players=players, partner_layoff_needs_own_meld=rng.random() < 0.7)
        r = Round.deal(options, rng.randrange(players), secret=f"{rng.getrandbits(256):064x}")
        while r.result is None and len(r.actions) < 400:
            seat = r.turn
            hand = Counter(r.hands[seat])
            if r.phase == "draw" and r.pile:
                hand[r.pile[-1]] += 1  # as if the pile card were taken
            seats = r.seating(seat)
            for card in list(hand):
                answer = uses.usable(card, hand, r.melds, seats)
                assert answer == by_ways(card, hand, r.melds, seats), r.to_json()
                compared += 1
                yes += answer
            r.apply(seat, rng.choice(r.legal_actions()))
    assert compared > 2000 and 0 < yes < compared
