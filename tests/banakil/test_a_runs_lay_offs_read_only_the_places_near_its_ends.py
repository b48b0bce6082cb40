"""A run's lay-offs are kept per the places of the hand they read (``_run_reads``: those near its
ends when each end's reach stops there, and its banakil's place): reading only those gives the
lay-offs that the whole suit gives, and they are exactly what ``layoffs_with`` finds card by
card."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.banakil import uses

from .test_fast_meld_builders_match_the_old_ones import random_hand, random_meld

SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def layoff_key(block, fields) -> tuple:
    where = "end" if "end" in fields else "banakil_to" if "banakil_to" in fields else None
    return tuple(block), where, fields[where] if where else None


@SETTINGS
@given(choices=st.randoms(use_true_random=False))
def test_the_places_read_give_the_lay_offs_of_the_whole_suit_and_of_each_card(choices):
    rng: random.Random = choices
    meld = random_meld(rng)
    hand = random_hand(rng)
    if rng.random() < 0.5 and meld.kind == "run":  # a long stretch of the run's suit held
        for rank in "A3456789TJQK"[rng.randrange(6) :][: rng.randint(4, 9)]:
            hand[rank + meld.suit] += 1
    masks, wilds = uses.hand_shape(hand)
    if meld.kind != "run":
        return
    held = masks["SHDC".index(meld.suit)]
    whole = uses._run_layoffs(meld, held, wilds)
    assert uses._run_layoffs(meld, uses._run_reads(meld, held), wilds) == whole
    by_card = {layoff_key(*lay) for card in hand for lay in uses.layoffs_with(card, hand, meld)}
    assert set(whole) == by_card
    assert set(uses.meld_layoffs(meld, (masks, wilds))) == by_card
