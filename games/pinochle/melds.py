"""Meld («الدمج»): computed from a seat's cards and the trump, never chosen (docs/rules/pinochle.md,
"Meld").

Per seat, with ``c(card)`` the copies held:

- arounds, for each of A K Q J: ``n = min over the four suits of c`` gives one entry worth the
  table's value for n (aces 10/100/150/200, kings 8/80/120/160, queens 6/60/90/120, jacks
  4/40/60/80 for n = 1/2/3/4);
- trump: ``r = min(c)`` over A T K Q J of trump gives the runs (15/150/225/300), then each further
  trump K+Q pair (``min(c(K), c(Q)) - r``) is a royal marriage worth 4;
- each plain suit: ``min(c(K), c(Q))`` marriages worth 2;
- pinochle: ``min(c(QS), c(JD))`` gives 4/30/60/90;
- dix: 1 per 9 of trump (the double deck has no 9s);
- roundhouse (option): a K and a Q in every suit whose kings around + queens around + runs and
  marriages total under 25 score those parts as one ``roundhouse`` of 25.

A card scores at most once within a class and may score in several classes.

Speed: a hand is read as one integer, the sum of a weight per card (a base-5 digit per code,
``5**6`` values per suit), so counting is one ``sum(map(...))`` in C; each suit's six digits are
then looked up in a table built once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any, Final

from .cards import ALL_CODES, DECK_COUNT, SORT_KEY, SUITS, VARIANTS
from .errors import IllegalAction, InvalidOptions

Meld = dict[str, Any]  # {"name": str, "cards": list[str], "points": int}

_PREFIX: Final = ("", "", "double_", "triple_", "quadruple_")
#: digit order within a suit
_DIGIT_RANKS: Final = "ATKQJ9"
_A, _T, _K, _Q, _J, _9, _TOTAL, _MAX = range(8)
_SUIT_SPAN: Final = 5**6
#: each code's weight: 5**(rank digit) * 15625**(suit index)
_WEIGHT: Final[dict[str, int]] = {
    c: 5 ** _DIGIT_RANKS.index(c[0]) * _SUIT_SPAN ** SUITS.index(c[1]) for c in ALL_CODES
}
WEIGHTS: Final[dict[str, dict[str, int]]] = {
    v: {c: _WEIGHT[c] for c in DECK_COUNT[v]} for v in VARIANTS
}
#: per suit value (0 .. 5**6-1): the copies of A T K Q J 9, their total and the largest
_DIGITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    (*t[::-1], sum(t), max(t)) for t in product(range(5), repeat=6)
)

AROUND_VALUES: Final = {
    "A": (0, 10, 100, 150, 200),
    "K": (0, 8, 80, 120, 160),
    "Q": (0, 6, 60, 90, 120),
    "J": (0, 4, 40, 60, 80),
}
_AROUND_WORD: Final = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
RUN_VALUES: Final = (0, 15, 150, 225, 300)
PINOCHLE_VALUES: Final = (0, 4, 30, 60, 90)
ROYAL_MARRIAGE: Final = 4
MARRIAGE: Final = 2
DIX: Final = 1
ROUNDHOUSE: Final = 25


def _times(codes: Iterable[str], n: int) -> tuple[str, ...]:
    return tuple(sorted((c for c in codes for _ in range(n)), key=SORT_KEY.__getitem__))


def _around(rank: str) -> tuple[tuple[int, ...], tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(values by n, names by n, cards by n) of one around."""
    return (
        AROUND_VALUES[rank],
        tuple(_PREFIX[n] + _AROUND_WORD[rank] + "_around" for n in range(5)),
        tuple(_times([rank + s for s in SUITS], n) for n in range(5)),
    )


_ACES, _KINGS, _QUEENS, _JACKS = (_around(r) for r in "AKQJ")
RUN_NAMES: Final = tuple(_PREFIX[n] + "run" for n in range(5))
_RUN_CARDS: Final = tuple(
    tuple(_times([r + t for r in "ATKQJ"], n) for n in range(5)) for t in SUITS
)
_KQ: Final = tuple(("K" + s, "Q" + s) for s in SUITS)
_NINE: Final = tuple("9" + s for s in SUITS)
PINOCHLE_NAMES: Final = tuple(_PREFIX[n] + "pinochle" for n in range(5))
_PINOCHLE_CARDS: Final = tuple(_times(["QS", "JD"], n) for n in range(5))
#: the melds a roundhouse is made of
_ROUNDHOUSE_PARTS: Final = frozenset(
    set(_KINGS[1][1:]) | set(_QUEENS[1][1:]) | set(RUN_NAMES[1:]) | {"royal_marriage", "marriage"}
)
_SUIT_INDEX: Final = {s: i for i, s in enumerate(SUITS)}


def _entry(name: str, cards: Sequence[str], points: int) -> Meld:
    return {"name": name, "cards": list(cards), "points": points}


def melds_of_key(key: int, trump: int, roundhouse_bonus: bool = False) -> tuple[int, list[Meld]]:
    """The meld of a hand given as its weight sum  under trump suit index
    ``trump`` (0..3 for S H D C): total points and the entries."""
    s = _DIGITS[key % _SUIT_SPAN]
    key //= _SUIT_SPAN
    h = _DIGITS[key % _SUIT_SPAN]
    key //= _SUIT_SPAN
    d = _DIGITS[key % _SUIT_SPAN]
    c = _DIGITS[key // _SUIT_SPAN]
    out: list[Meld] = []
    total = 0
    for rank, (values, names, cards) in (
        (_A, _ACES),
        (_K, _KINGS),
        (_Q, _QUEENS),
        (_J, _JACKS),
    ):
        n = min(s[rank], h[rank], d[rank], c[rank])
        if n:
            out.append({"name": names[n], "cards": list(cards[n]), "points": values[n]})
            total += values[n]
    suits = (s, h, d, c)
    t = suits[trump]
    r = min(t[_A], t[_T], t[_K], t[_Q], t[_J])
    if r:
        points = RUN_VALUES[r]
        out.append({"name": RUN_NAMES[r], "cards": list(_RUN_CARDS[trump][r]), "points": points})
        total += points
    pairs = min(t[_K], t[_Q]) - r
    if pairs:
        k, q = _KQ[trump]
        for _ in range(pairs):
            out.append({"name": "royal_marriage", "cards": [k, q], "points": ROYAL_MARRIAGE})
        total += ROYAL_MARRIAGE * pairs
    for i in range(4):
        if i != trump:
            pairs = min(suits[i][_K], suits[i][_Q])
            if pairs:
                k, q = _KQ[i]
                for _ in range(pairs):
                    out.append({"name": "marriage", "cards": [k, q], "points": MARRIAGE})
                total += MARRIAGE * pairs
    m = min(s[_Q], d[_J])
    if m:
        points = PINOCHLE_VALUES[m]
        out.append({"name": PINOCHLE_NAMES[m], "cards": list(_PINOCHLE_CARDS[m]), "points": points})
        total += points
    nines = t[_9]
    if nines:
        nine = _NINE[trump]
        for _ in range(nines):
            out.append({"name": "dix", "cards": [nine], "points": DIX})
        total += DIX * nines
    if roundhouse_bonus and all(x[_K] and x[_Q] for x in suits):
        total = _roundhouse(out, total)
    return total, out


def _roundhouse(out: list[Meld], total: int) -> int:
    """Fold the roundhouse's parts into one meld of 25 if they are worth less (in place)."""
    parts = [i for i, m in enumerate(out) if m["name"] in _ROUNDHOUSE_PARTS]
    worth: int = sum(out[i]["points"] for i in parts)
    if worth >= ROUNDHOUSE:
        return total
    # the same physical card may stand in an around and in a marriage: per code, the most
    # copies that either class (arounds, sequence) uses
    arounds: dict[str, int] = {}
    sequence: dict[str, int] = {}
    for i in parts:
        used = arounds if out[i]["name"].endswith("_around") else sequence
        for code in out[i]["cards"]:
            used[code] = used.get(code, 0) + 1
    cards = sorted(
        (
            code
            for code in arounds.keys() | sequence.keys()
            for _ in range(max(arounds.get(code, 0), sequence.get(code, 0)))
        ),
        key=SORT_KEY.__getitem__,
    )
    first = parts[0]
    for i in reversed(parts):
        del out[i]
    out.insert(first, _entry("roundhouse", cards, ROUNDHOUSE))
    return total - worth + ROUNDHOUSE


def melds_of_hand(
    cards: Iterable[str], trump: str, roundhouse_bonus: bool = False
) -> tuple[int, list[Meld]]:
    """The meld of a hand the engine holds (codes already checked)."""
    key: int = sum(map(_WEIGHT.__getitem__, cards))
    return melds_of_key(key, _SUIT_INDEX[trump], roundhouse_bonus)


def meld_points(cards: Iterable[str], trump: str, roundhouse_bonus: bool = False) -> int:
    return melds_of_hand(cards, trump, roundhouse_bonus)[0]


def meld_of(
    cards: Iterable[str],
    trump: str,
    variant: str = "single",
    roundhouse_bonus: bool = False,
) -> tuple[int, list[Meld]]:
    """``(points, [{"name", "cards", "points"}, ...])`` for a seat holding ``cards``.

    Refuses codes not of the variant's deck and more copies of a code than the deck holds
    (``IllegalAction`` ``bad_action``), a trump that is not one of S H D C (``bad_suit``) and an
    unknown variant (``InvalidOptions`` ``bad_option``).
    """
    weights = WEIGHTS.get(variant) if isinstance(variant, str) else None
    if weights is None:
        raise InvalidOptions("bad_option", "variant must be one of single, double, three")
    suit = _SUIT_INDEX.get(trump) if isinstance(trump, str) else None
    if suit is None:
        raise IllegalAction("bad_suit", "trump is one of S H D C")
    if isinstance(cards, str | bytes):
        raise IllegalAction("bad_action", "cards are a list of codes")
    cards = list(cards)
    try:
        key = sum(map(weights.__getitem__, cards))
    except (KeyError, TypeError):
        raise IllegalAction("bad_action", "cards are codes of this deck like AS, TS, 9S") from None
    copies = 4 if variant == "double" else 2
    n = 0
    for i in range(4):
        digits = _DIGITS[key // _SUIT_SPAN**i % _SUIT_SPAN]
        if digits[_MAX] > copies:
            raise IllegalAction("bad_action", f"this deck holds {copies} copies of each card")
        n += digits[_TOTAL]
    if n != len(cards):  # five or more copies of one code carry into the next digit
        raise IllegalAction("bad_action", f"this deck holds {copies} copies of each card")
    return melds_of_key(key, suit, roundhouse_bonus)
