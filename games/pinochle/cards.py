"""Cards are codes: rank + suit (``AS``, ``TS``, ``9S``). Copies are interchangeable.

Ranks high to low: A T K Q J 9 (the double deck has no 9s); suits S H D C. Everything a hot path
needs about a card is looked up in a table built here once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

SUITS: Final = "SHDC"
#: high to low
RANKS: Final = "ATKQJ9"
VARIANTS: Final = ("single", "double", "three", "two")

#: The canonical single deck (also three-handed), before shuffling: copy 1, 2; suit S H D C;
#: rank A 9 T J Q K (the 106-card order with 2-8 and the jokers taken out).
CANONICAL_SINGLE: Final[tuple[str, ...]] = tuple(
    r + s for _copy in (1, 2) for s in SUITS for r in "A9TJQK"
)
#: The canonical double deck: copies 1..4; suit S H D C; rank A T J Q K.
CANONICAL_DOUBLE: Final[tuple[str, ...]] = tuple(
    r + s for _copy in (1, 2, 3, 4) for s in SUITS for r in "ATJQK"
)
CANONICAL: Final[dict[str, tuple[str, ...]]] = {
    "single": CANONICAL_SINGLE,
    "double": CANONICAL_DOUBLE,
    "three": CANONICAL_SINGLE,
    "two": CANONICAL_SINGLE,
}
#: How many copies of each code a variant's deck holds.
DECK_COUNT: Final[dict[str, Counter[str]]] = {v: Counter(d) for v, d in CANONICAL.items()}
CODES: Final[dict[str, frozenset[str]]] = {v: frozenset(d) for v, d in CANONICAL.items()}

ALL_CODES: Final[tuple[str, ...]] = tuple(r + s for s in SUITS for r in RANKS)
#: the suit letter of a code
SUIT: Final[dict[str, str]] = {c: c[1] for c in ALL_CODES}
#: strength within a suit: A 5, T 4, K 3, Q 2, J 1, 9 0
STRENGTH: Final[dict[str, int]] = {c: 5 - RANKS.index(c[0]) for c in ALL_CODES}
#: counters: each A, T and K won in tricks is worth 1
COUNTER: Final[dict[str, int]] = {c: 1 if c[0] in "ATK" else 0 for c in ALL_CODES}
#: display order: S H D C, then A T K Q J 9
SORT_KEY: Final[dict[str, int]] = {c: SUITS.index(c[1]) * 6 + RANKS.index(c[0]) for c in ALL_CODES}
#: low-to-high order for time-outs, per trump suit: non-trump before trump, then rank
#: 9 J Q K T A, then suit S H D C
LOW_KEY: Final[dict[str, dict[str, int]]] = {
    t: {c: (100 if c[1] == t else 0) + STRENGTH[c] * 4 + SUITS.index(c[1]) for c in ALL_CODES}
    for t in SUITS
}


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in display order (S H D C, then A T K Q J 9)."""
    return sorted(cards, key=SORT_KEY.__getitem__)


#: per variant: seats, cards per packet, cards per hand (two-handed leaves the rest as the stock)
DEAL: Final[dict[str, tuple[int, int, int]]] = {
    "single": (4, 3, 12),
    "double": (4, 4, 20),
    "three": (3, 3, 15),
    "two": (2, 4, 12),
}


def deal_hands(deck: Sequence[str], dealer: int, variant: str) -> list[list[str]]:
    """Every seat's cards as dealt (in deck order): packets of ``p`` from the eldest on.

    With ``n`` seats the k-th seat after the dealer (k = 0 is the eldest) gets
    ``deck[(n*r + k)*p : (n*r + k)*p + p]`` for r = 0, 1, ... until it holds its hand.
    """
    n, packet, size = DEAL[variant]
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n):
        seat = (dealer + 1 + k) % n
        for r in range(size // packet):
            start = (n * r + k) * packet
            hands[seat].extend(deck[start : start + packet])
    return hands
