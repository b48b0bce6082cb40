"""``nazla.last_throw`` skips the cards with fewer points than the hand's best melds leave out;
it answers as trying every card from the most points down does."""

from __future__ import annotations

import random
from collections import Counter

from games.banakil import nazla
from games.banakil.cards import CANONICAL_DECK, CANONICAL_INDEX, POINTS


def every_card(hand: Counter[str], owed: str | None) -> str | None:
    if nazla.left_out(hand) == 0:
        return ""
    for card in sorted(hand, key=lambda c: (-POINTS[c], CANONICAL_INDEX[c])):
        if card == owed or hand[card] <= 0:
            continue
        rest = hand.copy()
        rest[card] -= 1
        if nazla.left_out(rest) == 0:
            return card
    return None


def hands(rng: random.Random, n: int) -> list[Counter[str]]:
    """Random hands, and hands of a run and a set (of 3s or Aces) with up to two stray cards
    (many of which go down whole, or all but one card)."""
    out = [Counter(rng.sample(CANONICAL_DECK, rng.randint(3, 9))) for _ in range(n)]
    for _ in range(n):
        suit = rng.choice("SHDC")
        low = rng.randint(3, 9)
        cards = [f"{'3456789TJQK'[r - 3]}{suit}" for r in range(low, low + 3)]
        rank = rng.choice("3A")
        cards += [f"{rank}{s}" for s in rng.sample("SHDC", 3)]
        cards += rng.sample(CANONICAL_DECK, rng.randint(0, 2))
        out.append(Counter(cards))
    return out


def test_the_last_throw_is_the_one_trying_every_card_finds():
    rng = random.Random(77)
    down = 0
    for hand in hands(rng, 300):
        owed = rng.choice([None, *hand])
        expected = every_card(hand, owed)
        assert nazla.last_throw(hand, owed) == expected, (hand, owed)
        down += expected is not None
    assert down > 100  # the check saw many hands that do go down
