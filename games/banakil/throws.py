"""How much each card of a hand helps it: the baseline's rating, which picks its throw («رمي»)
and which the hard bot's «نزلة» plan and search read too."""

from __future__ import annotations

from collections import Counter

from .cards import CANONICAL_INDEX, POINTS
from .melds import INFO


def keep_score(card: str, hand: Counter[str]) -> int:
    """How much a card helps the hand: wilds most, then cards with neighbours or set partners."""
    kind, rank, suit = INFO[card]
    if kind:
        return 100
    score = 0
    for d in (-2, -1, 1, 2):
        r = rank + d
        if r == 14:
            r = 1
        if 1 <= r <= 13 and r != 2:
            code = ("A23456789TJQK"[r - 1]) + suit
            if hand[code] > 0:
                score += 3 if abs(d) == 1 else 2
    if rank in (1, 3):
        score += 2 * sum(1 for c in hand if c != card and INFO[c][1] == rank and not INFO[c][0])
    if hand[card] > 1:
        score += 1
    return score


def throw_order(hand: Counter[str]) -> list[str]:
    """The hand's cards from the one that helps least; among equals, the most points first
    (ties: canonical order)."""
    return sorted(
        (c for c in hand if hand[c] > 0),
        key=lambda c: (keep_score(c, hand), -POINTS[c], CANONICAL_INDEX[c]),
    )


def choose_throw(hand: Counter[str]) -> str:
    """The card that helps least; among those, the most points (ties: canonical order)."""
    return throw_order(hand)[0]
