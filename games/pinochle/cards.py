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
VARIANTS: Final = ("single", "double", "three", "two", "cutthroat", "six", "eight")
#: seats at the table per variant
SEATS: Final[dict[str, int]] = {
    "single": 4,
    "double": 4,
    "three": 3,
    "two": 2,
    "cutthroat": 3,
    "six": 6,
    "eight": 8,
}
#: scoring sides ("units") per variant: teams, or each seat for itself; a seat's unit is
#: ``seat % sides`` in every variant
SIDES: Final[dict[str, int]] = {
    "single": 2,
    "double": 2,
    "three": 3,
    "two": 2,
    "cutthroat": 3,
    "six": 2,
    "eight": 4,
}


def partner_of(variant: str, seat: int) -> int | None:
    """The partner across: single and double seat + 2, eight seat + 4; None where each plays
    for itself (two, three, cutthroat) or a team has three (six)."""
    n, sides = SEATS[variant], SIDES[variant]
    return (seat + sides) % n if n == 2 * sides and n > 2 else None


#: the packets of one deal, eldest first, round after round (what is left is the variant's rest:
#: the widow three-handed, the stock two-handed)
PACKETS: Final[dict[str, tuple[int, ...]]] = {
    "single": (3, 3, 3, 3),
    "double": (4, 4, 4, 4, 4),
    "three": (3, 3, 3, 3, 3),
    "two": (4, 4, 4),
    "cutthroat": (4, 4, 4, 4),
    "six": (4, 4, 4, 4, 4),
    "eight": (3, 3, 3, 3),
}
#: single deck with a kitty: 11 cards each, the kitty is ``deck[44:48]``
KITTY_PACKETS: Final = (3, 3, 3, 2)

#: The canonical single deck (also three-handed), before shuffling: copy 1, 2; suit S H D C;
#: rank A 9 T J Q K (the 106-card order with 2-8 and the jokers taken out).
CANONICAL_SINGLE: Final[tuple[str, ...]] = tuple(
    r + s for _copy in (1, 2) for s in SUITS for r in "A9TJQK"
)
#: The canonical double deck: copies 1..4; suit S H D C; rank A T J Q K.
CANONICAL_DOUBLE: Final[tuple[str, ...]] = tuple(
    r + s for _copy in (1, 2, 3, 4) for s in SUITS for r in "ATJQK"
)
#: The canonical triple deck (six-handed): copies 1..6; suit S H D C; rank A T J Q K.
CANONICAL_TRIPLE: Final[tuple[str, ...]] = tuple(
    r + s for _copy in range(6) for s in SUITS for r in "ATJQK"
)
#: The canonical eight-handed deck (two single decks): copies 1..4; suit S H D C; rank
#: A 9 T J Q K.
CANONICAL_EIGHT: Final[tuple[str, ...]] = tuple(
    r + s for _copy in range(4) for s in SUITS for r in "A9TJQK"
)
CANONICAL: Final[dict[str, tuple[str, ...]]] = {
    "single": CANONICAL_SINGLE,
    "double": CANONICAL_DOUBLE,
    "three": CANONICAL_SINGLE,
    "two": CANONICAL_SINGLE,
    "cutthroat": CANONICAL_SINGLE,
    "six": CANONICAL_TRIPLE,
    "eight": CANONICAL_EIGHT,
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


def deal_hands(
    deck: Sequence[str], dealer: int, variant: str, packets: Sequence[int] | None = None
) -> list[list[str]]:
    """Every seat's cards as dealt (in deck order): packets from the eldest on.

    With ``n`` seats and packet sizes p_0, p_1, ... round r starts at ``b_r = n*(p_0 + ... +
    p_{r-1})`` and the k-th seat after the dealer (k = 0 is the eldest) gets ``deck[b_r + k*p_r :
    b_r + k*p_r + p_r]``. ``packets`` defaults to the variant's (``PACKETS``); what is left after
    the last round is the variant's rest (``deck[rest_start(...):]``).
    """
    n = SEATS[variant]
    hands: list[list[str]] = [[] for _ in range(n)]
    start = 0
    for p in PACKETS[variant] if packets is None else packets:
        for k in range(n):
            hands[(dealer + 1 + k) % n].extend(deck[start + k * p : start + k * p + p])
        start += n * p
    return hands


def rest_start(variant: str, packets: Sequence[int] | None = None) -> int:
    """Where the cards left after the deal begin: the widow, the stock or the kitty."""
    return SEATS[variant] * sum(PACKETS[variant] if packets is None else packets)
