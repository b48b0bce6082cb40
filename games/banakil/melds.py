"""Melds: runs and sets, the wild limits, and what each wild stands for.

A run lies low to high on the line A(1) 2 3 … K A(14); a wild stands for the rank of its place.
A set is 3s or Aces of different suits, four cards at most; a wild stands for ``3*`` / ``A*``.
Every meld has at least 3 cards, at least 2 real cards, at most one joker and one banakil.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Final

from .cards import ALL_CODES, JOKER, POINTS, POSITION_RANK, RANK_VALUE, check_card
from .errors import InvalidMeld

REAL, BANAKIL, WILD_JOKER = 0, 1, 2
#: code -> (class, rank value, suit); class is REAL, BANAKIL or WILD_JOKER.
INFO: Final[dict[str, tuple[int, int, str]]] = {
    c: (
        (WILD_JOKER, 0, "")
        if c == JOKER
        else (BANAKIL if c[0] == "2" else REAL, RANK_VALUE[c[0]], c[1])
    )
    for c in ALL_CODES
}
SET_RANKS: Final = frozenset((1, 3))  # Aces and 3s
MAX_SET: Final = 4
TOP: Final = 14  # the high Ace's place


class Meld:
    """A valid meld as it lies: ``cards`` in lying order; for a run ``low`` is its first place."""

    __slots__ = ("kind", "cards", "suit", "low", "points", "banakil_at")

    def __init__(
        self,
        kind: str,
        cards: tuple[str, ...],
        suit: str,
        low: int,
        points: Decimal,
        banakil_at: int | None = None,
    ):
        self.kind = kind
        self.cards = cards
        self.suit = suit  # runs only
        self.low = low  # runs: place of cards[0]; sets: the rank value (1 or 3)
        self.points = points
        if banakil_at is None:
            banakil_at = next((i for i, c in enumerate(cards) if INFO[c][0] == BANAKIL), -1)
        #: the index of its banakil, or -1 (where a run's banakil stands decides lay-offs)
        self.banakil_at = banakil_at

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    @property
    def stands_for(self) -> list[str]:
        """The card each place represents: ``7H`` in a run, ``3*`` for a wild in a set."""
        if self.kind == "run":
            return [POSITION_RANK[self.low + i] + self.suit for i in range(len(self.cards))]
        rank = POSITION_RANK[self.low]
        return [rank + "*" if INFO[c][0] else c for c in self.cards]

    def has(self, wild_class: int) -> bool:
        if wild_class == BANAKIL:
            return self.banakil_at >= 0
        if wild_class == WILD_JOKER:
            return JOKER in self.cards
        return any(INFO[c][0] == wild_class for c in self.cards)

    def real_suits(self) -> set[str]:
        return {INFO[c][2] for c in self.cards if not INFO[c][0]}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and (self.kind, self.cards) == (other.kind, other.cards)

    def __hash__(self) -> int:
        return hash(self.cards)

    def __repr__(self) -> str:
        return f"Meld(kind={self.kind!r}, cards={' '.join(self.cards)!r}, points={self.points})"


def _refuse(code: str, message: str) -> InvalidMeld:
    return InvalidMeld(code, message)


def meld_of(cards: Sequence[str]) -> Meld | InvalidMeld:
    """The meld these cards make in this lying order, or the reason they make none (not raised)."""
    n = len(cards)
    if n < 3:
        return _refuse("too_few_cards", "a meld needs at least 3 cards")
    jokers = banakils = 0
    banakil_at = -1
    suit = ""
    same_suit = True
    first_rank = 0
    same_rank = True
    anchor = -1  # index of the first real non-Ace card
    anchor_rank = 0
    reals = 0
    info = INFO
    for i, c in enumerate(cards):
        k, rank, s = info[c]
        if k:
            if k == WILD_JOKER:
                jokers += 1
            else:
                banakils += 1
                banakil_at = i
            continue
        reals += 1
        if suit:
            if s != suit:
                same_suit = False
            if rank != first_rank:
                same_rank = False
        else:
            suit, first_rank = s, rank
        if anchor < 0 and rank != 1:
            anchor, anchor_rank = i, rank
    if jokers > 1:
        return _refuse("two_jokers", "a meld may hold only one joker")
    if banakils > 1:
        return _refuse("two_banakils", "a meld may hold only one banakil (2)")
    if reals < 2:
        return _refuse(
            "too_few_real_cards", "a meld needs at least 2 real cards (not jokers or 2s)"
        )
    points = sum(map(POINTS.__getitem__, cards), Decimal(0))
    if same_rank:
        if same_suit:
            return _refuse("duplicate_suit", "a set needs cards of different suits")
        return _set_of(cards, first_rank, points, banakil_at)
    if not same_suit:
        return _refuse("mixed_suits", "a run is one suit; a set is one rank")
    if anchor < 0:
        return _refuse("not_in_sequence", "these cards are not in sequence")
    low = anchor_rank - anchor
    if low < 1 or low + n - 1 > TOP:
        return _refuse("wrap_around", "a run goes from A to A at most and never wraps past the Ace")
    for i, c in enumerate(cards):
        k, rank, _s = info[c]
        if not k:
            place = low + i
            if rank != (1 if place == TOP else place):
                return _refuse(
                    "not_in_sequence", "the cards of a run must be in sequence, low to high"
                )
    return Meld("run", tuple(cards), suit, low, points, banakil_at)


def _set_of(
    cards: Sequence[str], rank: int, points: Decimal, banakil_at: int
) -> Meld | InvalidMeld:
    if rank not in SET_RANKS:
        return _refuse("set_rank", "sets are of 3s or Aces only")
    if len(cards) > MAX_SET:
        return _refuse("set_too_big", "a set has four cards at most")
    suits = [INFO[c][2] for c in cards if not INFO[c][0]]
    if len(set(suits)) != len(suits):
        return _refuse("duplicate_suit", "a set needs cards of different suits")
    return Meld("set", tuple(cards), "", rank, points, banakil_at)


def check_meld(cards: str | Iterable[str]) -> Meld:
    """Check a meld given in lying order (low to high); raise ``InvalidMeld`` with a code."""
    codes = tuple(cards.split()) if isinstance(cards, str) else tuple(cards)
    for c in codes:
        if c not in INFO:
            check_card(c)
    found = meld_of(codes)
    if isinstance(found, InvalidMeld):
        raise found
    return found


# --- changing a meld on the table: each returns the new meld or raises InvalidMeld ---------------


def lay_off(meld: Meld, block: Sequence[str], end: str | None) -> Meld:
    """Extend ``meld`` by ``block``: at the low or high end of a run, anywhere in a set."""
    if meld.kind == "set":
        found = meld_of(meld.cards + tuple(block))
        if isinstance(found, InvalidMeld):
            raise found
        if found.kind != "set" or found.low != meld.low:
            raise _refuse("set_rank", "a set takes only cards of its own rank")
        return found
    if end not in ("low", "high"):
        raise _refuse("end_required", "say which end of the run the cards go on: low or high")
    joined = tuple(block) + meld.cards if end == "low" else meld.cards + tuple(block)
    found = meld_of(joined)
    if isinstance(found, InvalidMeld):
        raise found
    if found.kind != "run" or found.suit != meld.suit:
        raise _refuse("mixed_suits", "a run takes only cards of its own suit")
    return found


def move_banakil(meld: Meld, card: str, to: str) -> Meld:
    """Lay off the real card whose place a banakil holds; the banakil moves to the ``to`` end."""
    if meld.kind != "run":
        raise _refuse("banakil_cannot_move", "a banakil in a set never moves")
    if to not in ("low", "high"):
        raise _refuse("bad_end", "the banakil moves to the low or the high end")
    if INFO[card][0]:
        raise _refuse("not_a_real_card", "only a real card can take the banakil's place")
    i = next((k for k, c in enumerate(meld.cards) if INFO[c][0] == BANAKIL), -1)
    if i < 0:
        raise _refuse("no_banakil", "this meld holds no banakil")
    banakil = meld.cards[i]
    place = meld.low + i
    if POSITION_RANK[place] + meld.suit != card:
        raise _refuse(
            "not_banakil_place", f"the banakil stands for {POSITION_RANK[place]}{meld.suit}"
        )
    cards = list(meld.cards)
    cards[i] = card
    if to == "low":
        if meld.low <= 1:
            raise _refuse(
                "wrap_around", "the run already starts at the Ace: the banakil can't go low"
            )
        cards.insert(0, banakil)
    else:
        if meld.high >= TOP:
            raise _refuse(
                "wrap_around", "the run already ends at the Ace: the banakil can't go high"
            )
        cards.append(banakil)
    found = meld_of(cards)
    if isinstance(found, InvalidMeld):
        raise found
    return found


def swap_joker(meld: Meld, card: str) -> Meld:
    """Put ``card`` in the joker's place; the caller gives the joker to the hand."""
    try:
        i = meld.cards.index(JOKER)
    except ValueError:
        raise _refuse("no_joker", "this meld holds no joker") from None
    k, rank, suit = INFO[card]
    if k:
        raise _refuse("not_a_real_card", "only a real card can take the joker's place")
    if meld.kind == "run":
        place = meld.low + i
        if place == 2:
            raise _refuse("joker_stands_for_two", "a joker standing for a 2 can't be taken back")
        if POSITION_RANK[place] + meld.suit != card:
            raise _refuse(
                "not_joker_place", f"the joker stands for {POSITION_RANK[place]}{meld.suit}"
            )
    else:
        if rank != meld.low:
            raise _refuse("set_rank", "the card must be of the set's rank")
        if suit in meld.real_suits():
            raise _refuse("duplicate_suit", "the card must be of a suit the set is missing")
    cards = list(meld.cards)
    cards[i] = card
    found = meld_of(cards)
    if isinstance(found, InvalidMeld):
        raise found
    return found
