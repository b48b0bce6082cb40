"""Meld («الدمج»): computed from a seat's cards and the trump, never chosen (docs/rules/pinochle.md,
"Meld").

Per seat, with ``c(card)`` the copies held:

- arounds, for each of A K Q J: ``n = min over the four suits of c`` gives one entry worth the
  table's value for n (aces 10/100/150/200, kings 8/80/120/160, queens 6/60/90/120, jacks
  4/40/60/80 for n = 1/2/3/4; six-handed also 5 and 6: the values of 2 and 3 added, 3's twice,
  named ``quintuple_`` and ``sextuple_``);
- trump: ``r = min(c)`` over A T K Q J of trump gives the runs (15/150/225/300), then each further
  trump K+Q pair (``min(c(K), c(Q)) - r``) is a royal marriage worth 4;
- each plain suit: ``min(c(K), c(Q))`` marriages worth 2;
- pinochle: ``min(c(QS), c(JD))`` gives 4/30/60/90 (90/120 for 5/6; eight-handed with
  ``quadruple_pinochle_100``, four score 100);
- dix: 1 per 9 of trump (the double and triple decks have no 9s);
- roundhouse (option): a K and a Q in every suit whose kings around + queens around + runs and
  marriages total under 25 score those parts as one ``roundhouse`` of 25.

A card scores at most once within a class and may score in several classes.

Speed: a hand is read as one integer, the sum of a weight per card (a base-5 digit per code,
``5**6`` values per suit; the six-handed deck, with six copies and no 9s, base-7 digits of
A T K Q J), so counting is one ``sum(map(...))`` in C; each suit's digits are then looked up in a
table built once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any, Final

from .cards import ALL_CODES, DECK_COUNT, SORT_KEY, SUITS, VARIANTS
from .errors import IllegalAction, InvalidOptions

Meld = dict[str, Any]  # {"name": str, "cards": list[str], "points": int}

_PREFIX: Final = ("", "", "double_", "triple_", "quadruple_", "quintuple_", "sextuple_")
#: digit order within a suit
_DIGIT_RANKS: Final = "ATKQJ9"
_TOTAL, _MAX = 6, 7
_SUIT_SPAN: Final = 5**6
#: each code's weight: 5**(rank digit) * 15625**(suit index)
_WEIGHT: Final[dict[str, int]] = {
    c: 5 ** _DIGIT_RANKS.index(c[0]) * _SUIT_SPAN ** SUITS.index(c[1]) for c in ALL_CODES
}
#: per suit value (0 .. 5**6-1): the copies of A T K Q J 9, their total, the largest, and the
#: K+Q pairs (min of K and Q)
_DIGITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    (*t[::-1], sum(t), max(t), min(t[3], t[2])) for t in product(range(5), repeat=6)
)
#: the triple deck (six-handed) holds six copies of a code and no 9s: base-7 digits of
#: A T K Q J, ``7**5`` values per suit, read into the same shape (no 9s)
_SIX_SPAN: Final = 7**5
_WEIGHT_SIX: Final[dict[str, int]] = {
    c: 7 ** "ATKQJ".index(c[0]) * _SIX_SPAN ** SUITS.index(c[1]) for c in ALL_CODES if c[0] != "9"
}
_DIGITS_SIX: Final[tuple[tuple[int, ...], ...]] = tuple(
    (*t[::-1], 0, sum(t), max(t), min(t[2], t[1])) for t in product(range(7), repeat=5)
)
WEIGHTS: Final[dict[str, dict[str, int]]] = {
    v: {c: (_WEIGHT_SIX if v == "six" else _WEIGHT)[c] for c in DECK_COUNT[v]} for v in VARIANTS
}


def _suit_digits(key: int, six: bool) -> tuple[tuple[int, ...], ...]:
    """The four suits' digits (S H D C) of a hand's weight sum."""
    if six:
        d, span = _DIGITS_SIX, _SIX_SPAN
    else:
        d, span = _DIGITS, _SUIT_SPAN
    return (
        d[key % span],
        d[key // span % span],
        d[key // span**2 % span],
        d[key // span**3 % span],
    )


#: values by n = 1..6 copies; 5 and 6 are the six-handed deck's (the values of 2 and 3 added,
#: 3 twice)
AROUND_VALUES: Final = {
    "A": (0, 10, 100, 150, 200, 250, 300),
    "K": (0, 8, 80, 120, 160, 200, 240),
    "Q": (0, 6, 60, 90, 120, 150, 180),
    "J": (0, 4, 40, 60, 80, 100, 120),
}
_AROUND_WORD: Final = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
RUN_VALUES: Final = (0, 15, 150, 225, 300, 375, 450)
PINOCHLE_VALUES: Final = (0, 4, 30, 60, 90, 90, 120)
#: eight-handed with ``quadruple_pinochle_100``: four QS + four JD score 100
QUADRUPLE_PINOCHLE_100: Final = 100
ROYAL_MARRIAGE: Final = 4
MARRIAGE: Final = 2
DIX: Final = 1
ROUNDHOUSE: Final = 25
_COPIES: Final = 6


def _times(codes: Iterable[str], n: int) -> tuple[str, ...]:
    return tuple(sorted((c for c in codes for _ in range(n)), key=SORT_KEY.__getitem__))


def _around(rank: str) -> tuple[tuple[int, ...], tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(values by n, names by n, cards by n) of one around."""
    return (
        AROUND_VALUES[rank],
        tuple(_PREFIX[n] + _AROUND_WORD[rank] + "_around" for n in range(_COPIES + 1)),
        tuple(_times([rank + s for s in SUITS], n) for n in range(_COPIES + 1)),
    )


_ACES, _KINGS, _QUEENS, _JACKS = (_around(r) for r in "AKQJ")
#: per rank A K Q J: (values by n, names by n, cards by n) of its around
AROUNDS: Final = {"A": _ACES, "K": _KINGS, "Q": _QUEENS, "J": _JACKS}
RUN_NAMES: Final = tuple(_PREFIX[n] + "run" for n in range(_COPIES + 1))
RUN_CARDS: Final = tuple(
    tuple(_times([r + t for r in "ATKQJ"], n) for n in range(_COPIES + 1)) for t in SUITS
)
_KQ: Final = tuple(("K" + s, "Q" + s) for s in SUITS)
_NINE: Final = tuple("9" + s for s in SUITS)
#: per trump suit index, the other three
_PLAIN: Final = tuple(tuple(i for i in range(4) if i != t) for t in range(4))
PINOCHLE_NAMES: Final = tuple(_PREFIX[n] + "pinochle" for n in range(_COPIES + 1))
PINOCHLE_CARDS: Final = tuple(_times(["QS", "JD"], n) for n in range(_COPIES + 1))
#: the melds a roundhouse is made of
_ROUNDHOUSE_PARTS: Final = frozenset(
    set(_KINGS[1][1:]) | set(_QUEENS[1][1:]) | set(RUN_NAMES[1:]) | {"royal_marriage", "marriage"}
)
_SUIT_INDEX: Final = {s: i for i, s in enumerate(SUITS)}
#: per variant: the weights of its codes and the copies of each its deck holds
_CHECKS: Final = {v: (WEIGHTS[v], max(DECK_COUNT[v].values())) for v in VARIANTS}


def _entry(name: str, cards: Sequence[str], points: int) -> Meld:
    return {"name": name, "cards": list(cards), "points": points}


def melds_of_key(
    key: int,
    trump: int,
    roundhouse_bonus: bool = False,
    six: bool = False,
    quadruple_pinochle_100: bool = False,
) -> tuple[int, list[Meld]]:
    """The meld of a hand given as its weight sum (see ``melds_of_hand``; ``six``: the triple
    deck's weights) under trump suit index ``trump`` (0..3 for S H D C): total points and the
    entries."""
    s, h, d, c = _suit_digits(key, six)
    return _melds(s, h, d, c, trump, roundhouse_bonus, quadruple_pinochle_100)


def _melds(
    s: tuple[int, ...],
    h: tuple[int, ...],
    d: tuple[int, ...],
    c: tuple[int, ...],
    trump: int,
    roundhouse_bonus: bool,
    quadruple_pinochle_100: bool = False,
) -> tuple[int, list[Meld]]:
    """The meld from each suit's digits (A T K Q J 9 copies, total, largest, K+Q pairs).

    Literal indices on purpose: this runs for every hand, hint and bot decision.
    """
    out: list[Meld] = []
    total = 0
    n = min(s[0], h[0], d[0], c[0])
    if n:
        values, names, cards = _ACES
        out.append({"name": names[n], "cards": list(cards[n]), "points": values[n]})
        total += values[n]
    n = min(s[2], h[2], d[2], c[2])
    if n:
        values, names, cards = _KINGS
        out.append({"name": names[n], "cards": list(cards[n]), "points": values[n]})
        total += values[n]
    n = min(s[3], h[3], d[3], c[3])
    if n:
        values, names, cards = _QUEENS
        out.append({"name": names[n], "cards": list(cards[n]), "points": values[n]})
        total += values[n]
    n = min(s[4], h[4], d[4], c[4])
    if n:
        values, names, cards = _JACKS
        out.append({"name": names[n], "cards": list(cards[n]), "points": values[n]})
        total += values[n]
    suits = (s, h, d, c)
    t = suits[trump]
    r = min(t[0], t[1], t[2], t[3], t[4])
    if r:
        points = RUN_VALUES[r]
        out.append({"name": RUN_NAMES[r], "cards": list(RUN_CARDS[trump][r]), "points": points})
        total += points
    pairs = t[8] - r
    if pairs:
        k, q = _KQ[trump]
        for _ in range(pairs):
            out.append({"name": "royal_marriage", "cards": [k, q], "points": 4})
        total += 4 * pairs
    for i in _PLAIN[trump]:
        pairs = suits[i][8]
        if pairs:
            k, q = _KQ[i]
            for _ in range(pairs):
                out.append({"name": "marriage", "cards": [k, q], "points": 2})
            total += 2 * pairs
    m = min(s[3], d[4])
    if m:
        points = PINOCHLE_VALUES[m]
        if m == 4 and quadruple_pinochle_100:
            points = QUADRUPLE_PINOCHLE_100
        out.append({"name": PINOCHLE_NAMES[m], "cards": list(PINOCHLE_CARDS[m]), "points": points})
        total += points
    nines = t[5]
    if nines:
        nine = _NINE[trump]
        for _ in range(nines):
            out.append({"name": "dix", "cards": [nine], "points": 1})
        total += nines
    if roundhouse_bonus and min(s[8], h[8], d[8], c[8]):
        total = _roundhouse(out, total)
    return total, out


def points_by_trump(
    cards: Iterable[str],
    roundhouse_bonus: bool = False,
    variant: str = "single",
    quadruple_pinochle_100: bool = False,
) -> tuple[int, ...]:
    """The meld points of a hand the engine holds under each trump S H D C (no entries built):
    what bidding and hints weigh."""
    six = variant == "six"
    key: int = sum(map((_WEIGHT_SIX if six else _WEIGHT).__getitem__, cards))
    suits = _suit_digits(key, six)
    s, h, d, c = suits
    kings = _KINGS[0][min(s[2], h[2], d[2], c[2])]
    queens = _QUEENS[0][min(s[3], h[3], d[3], c[3])]
    common = (
        _ACES[0][min(s[0], h[0], d[0], c[0])]
        + _JACKS[0][min(s[4], h[4], d[4], c[4])]
        + _pinochle_points(min(s[3], d[4]), quadruple_pinochle_100 and variant == "eight")
    )
    pairs = s[8] + h[8] + d[8] + c[8]
    roundhouse = roundhouse_bonus and min(s[8], h[8], d[8], c[8]) > 0
    out = []
    for t in suits:
        r = min(t[0], t[1], t[2], t[3], t[4])
        # runs; then every K+Q pair: 4 in trump beyond the runs, 2 elsewhere
        sequence = RUN_VALUES[r] + 2 * (t[8] - r) + 2 * (pairs - r)
        parts = kings + queens + sequence
        if roundhouse and parts < ROUNDHOUSE:
            parts = ROUNDHOUSE
        out.append(common + parts + t[5])
    return tuple(out)


def _pinochle_points(m: int, quadruple_100: bool) -> int:
    return QUADRUPLE_PINOCHLE_100 if m == 4 and quadruple_100 else PINOCHLE_VALUES[m]


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
    cards: Iterable[str],
    trump: str,
    roundhouse_bonus: bool = False,
    variant: str = "single",
    quadruple_pinochle_100: bool = False,
) -> tuple[int, list[Meld]]:
    """The meld of a hand the engine holds (codes already checked) in ``variant``
    (``quadruple_pinochle_100`` counts in eight-handed only)."""
    six = variant == "six"
    key: int = sum(map((_WEIGHT_SIX if six else _WEIGHT).__getitem__, cards))
    quad = quadruple_pinochle_100 and variant == "eight"
    return melds_of_key(key, _SUIT_INDEX[trump], roundhouse_bonus, six, quad)


def meld_of(
    cards: Iterable[str],
    trump: str,
    variant: str = "single",
    roundhouse_bonus: bool = False,
    quadruple_pinochle_100: bool = False,
) -> tuple[int, list[Meld]]:
    """``(points, [{"name", "cards", "points"}, ...])`` for a seat holding ``cards``.

    Every variant's table (single, three, two, cutthroat: one deck; double; six: n up to 6;
    eight: the double deck's with dix; ``quadruple_pinochle_100``: eight only). Refuses codes
    not of the variant's deck and more copies of a code than the deck holds (``IllegalAction``
    ``bad_action``), a trump that is not one of S H D C (``bad_suit``) and an unknown variant
    (``InvalidOptions`` ``bad_option``).
    """
    checks = _CHECKS.get(variant) if type(variant) is str else None
    if checks is None:
        raise InvalidOptions("bad_option", "variant must be one of " + ", ".join(VARIANTS))
    suit = _SUIT_INDEX.get(trump) if type(trump) is str else None
    if suit is None:
        raise IllegalAction("bad_suit", "trump is one of S H D C")
    if type(cards) is not list:
        if isinstance(cards, (str, bytes)):
            raise IllegalAction("bad_action", "cards are a list of codes")
        cards = list(cards)
    weights, copies = checks
    try:
        key = sum(map(weights.__getitem__, cards))
    except (KeyError, TypeError):
        raise IllegalAction("bad_action", "cards are codes of this deck like AS, TS, 9S") from None
    six = variant == "six"
    span = _SIX_SPAN if six else _SUIT_SPAN
    sd, hd, dd, cd = _suit_digits(key, six)
    if (
        sd[7] > copies
        or hd[7] > copies
        or dd[7] > copies
        or cd[7] > copies
        or key >= span**4  # too many copies carry past the last suit
        or sd[6] + hd[6] + dd[6] + cd[6] != len(cards)  # ... or into the next digit
    ):
        raise IllegalAction("bad_action", f"this deck holds {copies} copies of each card")
    quad = bool(quadruple_pinochle_100) and variant == "eight"
    return _melds(sd, hd, dd, cd, suit, roundhouse_bonus, quad)
