"""Where a card can go down this turn: the "usable" rule of docs/rules/banakil.md, as sequences of
actions.

A pile card taken and a joker taken back by a swap must go down in the same turn. ``ways`` lists
every way the rules count as using a card, each a short list of actions that ends with the card on
the table: (a) a new meld of it with hand cards; (b) a lay-off on a meld the seat may lay off on,
with other hand cards filling the places between; on the partner's melds only if the seat has a
meld of its own or lays one first from the cards the lay-off leaves; (c) a joker swap in which it
replaces a joker that can then be used by (a) or (b).

These functions read plain data (a hand as ``{code: count}``, melds as ``TableMeld``) so the engine,
the time-out move, hints and bots all share one definition.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from typing import Any, Final

from .cards import CANONICAL_INDEX, JOKER, POINTS, POSITION_RANK, SUITS, sort_cards
from .errors import InvalidMeld
from .melds import (
    BANAKIL,
    INFO,
    MAX_SET,
    REAL,
    TOP,
    WILD_JOKER,
    Meld,
    lay_off,
    meld_of,
    move_banakil,
    swap_joker,
)

BANAKIL_CODES = tuple("2" + s for s in SUITS)
Action = dict[str, Any]
Hand = Mapping[str, int]


@dataclass(slots=True)
class TableMeld:
    """A meld on the table: its id in the round, the seat that laid it, and how it lies."""

    id: int
    owner: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Seating:
    """Who may lay off where: the seat, the table size, and the partner rule in force."""

    seat: int
    players: int
    has_meld: bool  # the seat has a meld of its own on the table this round
    partner_needs_own_meld: bool = True

    def team(self, seat: int) -> int:
        return seat % 2

    def is_partner(self, owner: int) -> bool:
        return owner != self.seat and owner % 2 == self.seat % 2


def _wild_codes(hand: Hand, skip: Mapping[str, int]) -> tuple[str | None, str | None]:
    """A joker and a banakil still free in the hand (after ``skip``), or None."""
    joker = JOKER if hand.get(JOKER, 0) - skip.get(JOKER, 0) > 0 else None
    banakil = None
    for b in BANAKIL_CODES:
        if hand.get(b, 0) - skip.get(b, 0) > 0:
            banakil = b
            break
    return joker, banakil


def _free(hand: Hand, used: dict[str, int], code: str) -> bool:
    return hand.get(code, 0) - used.get(code, 0) > 0


def _take(used: dict[str, int], code: str) -> None:
    used[code] = used.get(code, 0) + 1


def places_of(code: str) -> tuple[int, ...]:
    rank = INFO[code][1]
    return (1, TOP) if rank == 1 else (rank,)


def _fill_run(
    hand: Hand,
    used: dict[str, int],
    suit: str,
    places: range,
    joker_ok: bool,
    banakil_ok: bool,
    banakil_first: bool = False,
) -> list[str] | None:
    """Fill run places from the hand, real cards first, then at most one joker and one banakil
    (the joker first, or the banakil first: the cheaper wild)."""
    out: list[str] = []
    for place in places:
        code = POSITION_RANK[place] + suit
        if place != 2 and _free(hand, used, code):
            _take(used, code)
            out.append(code)
            continue
        joker, banakil = _wild_codes(hand, used)
        joker = joker if joker_ok else None
        banakil = banakil if banakil_ok else None
        wild = (banakil or joker) if banakil_first else (joker or banakil)
        if wild is None:
            return None
        if wild == JOKER:
            joker_ok = False
        else:
            banakil_ok = False
        _take(used, wild)
        out.append(wild)
    return out


def _preferences(hand: Hand) -> tuple[bool, ...]:
    """Joker-first, and banakil-first too when the hand holds both kinds of wild."""
    joker, banakil = _wild_codes(hand, {})
    return (False, True) if joker and banakil else (False,)


#: suit -> the code of each run place 1..14 (index 0 unused; place 2 is never a real card)
_PLACE_CODES = {s: ("", *(POSITION_RANK[p] + s for p in range(1, TOP + 1))) for s in SUITS}
#: every run place of 3 or 4 cards, as (low, length)
_WINDOWS = tuple((low, n) for n in (3, 4) for low in range(1, TOP - n + 2))


def _first_banakil(hand: Hand) -> str | None:
    get = hand.get
    for b in BANAKIL_CODES:
        if get(b):
            return b
    return None


#: suit -> (the run place bits, the code) of each real rank: an Ace holds places 1 and 14
_RANK_BITS = {
    s: tuple(
        ((1 << r) | (1 << TOP if r == 1 else 0), POSITION_RANK[r] + s) for r in (1, *range(3, 14))
    )
    for s in SUITS
}


def _run_places_held(suit: str, hand: Hand) -> int:
    """A bit ``1 << place`` for each run place 1..14 whose real card of ``suit`` the hand holds."""
    get = hand.get
    mask = 0
    for bits, code in _RANK_BITS[suit]:
        if get(code):
            mask |= bits
    return mask


#: what the melds and lay-offs of one real card read from a hand: the places of its suit held
#: (see ``_run_places_held``), the joker if held, the first banakil held in suit order
CardReading = tuple[int, str | None, str | None]


def _reading(card: str, hand: Hand) -> CardReading:
    suit = INFO[card][2]
    held = _run_places_held(suit, hand) if suit else 0
    return held, JOKER if hand.get(JOKER) else None, _first_banakil(hand)


def _wild_fills(joker: str | None, banakil: str | None) -> list[list[str]]:
    """The orders in which missing run places take wilds: the joker first, and also the banakil
    first when the hand holds both kinds."""
    joker_first = [w for w in (joker, banakil) if w]
    return [joker_first, [banakil, joker]] if joker and banakil else [joker_first]


def _run_fills(
    suit: str, held: int, low: int, length: int, fills: list[list[str]]
) -> Iterator[list[str]]:
    """The runs on places ``low``..``low+length-1``: each place's real card if held (``held``
    bits), else the next wild of a fill; none with fewer than 2 real cards."""
    missing = (((1 << length) - 1) << low) & ~held
    count = missing.bit_count()
    if count > len(fills[0]) or length - count < 2:
        return
    codes = _PLACE_CODES[suit]
    for fill in fills:
        cards = list(codes[low : low + length])
        k = 0
        for p in range(low, low + length):
            if missing >> p & 1:
                cards[p - low] = fill[k]
                k += 1
        yield cards


def new_melds_with(card: str, hand: Hand) -> Iterator[list[str]]:
    """Small melds (3 or 4 cards) holding ``card`` and other cards of ``hand`` (which holds it).

    Any meld holding a card holds a 3- or 4-card meld around it, so these decide existence.
    A run around a real card fills each other place with the real card if held, else with a
    wild: the joker first, then (when the hand holds both kinds) also the banakil first; the
    banakil is the first held in suit order.
    """
    if INFO[card][0] == REAL:
        return _new_melds(card, hand, _reading(card, hand))
    return _new_melds_around_wild(card, hand)


def _new_melds(card: str, hand: Hand, reading: CardReading) -> Iterator[list[str]]:
    """``new_melds_with`` for a real card, given what it reads from the hand."""
    _kind, rank, suit = INFO[card]
    places_held, joker, banakil = reading
    wilds = (joker is not None) + (banakil is not None)
    fills: list[list[str]] | None = None
    seen: set[tuple[str, ...]] = set()
    for place in places_of(card):
        for length in (3, 4):
            window = (1 << length) - 1
            for low in range(max(1, place - length + 1), min(place, TOP - length + 1) + 1):
                missing = ((window << low) & ~places_held).bit_count()
                if missing > wilds or length - missing < 2:
                    continue  # _run_fills finds none: too few wilds or real cards
                if fills is None:
                    fills = _wild_fills(joker, banakil)
                for cards in _run_fills(suit, places_held, low, length, fills):
                    key = tuple(cards)
                    if key not in seen:
                        seen.add(key)
                        yield cards
    if rank in (1, 3):
        get = hand.get
        others = [POSITION_RANK[rank] + s for s in SUITS if s != suit]
        others = [c for c in others if get(c, 0) > 0]
        if len(others) >= 2:
            yield [card, *others[:2]]
        elif others:
            for set_wild in (banakil, joker):
                if set_wild:
                    yield [card, others[0], set_wild]


def _new_melds_around_wild(card: str, hand: Hand) -> Iterator[list[str]]:
    """``new_melds_with`` for a wild: two real cards around it, or three with the other kind of
    wild."""
    if INFO[card][0] == WILD_JOKER:
        other_wild = _first_banakil(hand)
    else:
        other_wild = JOKER if hand.get(JOKER, 0) > 0 else None
    for s in SUITS:
        yield from _runs_around_wild(card, s, _run_places_held(s, hand), other_wild)
    for r in (1, 3):
        others = [POSITION_RANK[r] + s for s in SUITS if hand.get(POSITION_RANK[r] + s, 0) > 0]
        if len(others) >= 2:
            yield [others[0], others[1], card]


def _runs_around_wild(
    card: str, suit: str, places_held: int, other_wild: str | None
) -> Iterator[list[str]]:
    """Runs of ``suit`` holding the wild ``card`` and two held real cards (and ``other_wild``
    between them when they are three places apart)."""
    if not places_held & (places_held - 1):
        return  # fewer than two places held
    codes = _PLACE_CODES[suit]
    held = [p for p in range(1, TOP + 1) if places_held >> p & 1]
    for i, a in enumerate(held):
        for b in held[i + 1 :]:
            gap = b - a
            ca, cb = codes[a], codes[b]
            if ca == cb:
                continue
            if gap == 1:
                if b < TOP:
                    yield [ca, cb, card]
                if a > 1:
                    yield [card, ca, cb]
            elif gap == 2:
                yield [ca, card, cb]
            elif gap == 3 and other_wild:
                yield [ca, card, other_wild, cb]
            elif gap > 3:
                break


def any_meld(hand: Hand) -> list[str] | None:
    """Some meld the hand can lay (the first found), or None."""
    for code, count in hand.items():
        if count > 0 and INFO[code][0] == REAL:
            for cards in new_melds_with(code, hand):
                return cards
    return None


def cheapest_meld(hand: Hand) -> list[str] | None:
    """The meld the hand can lay that puts the fewest points down (then the fewest cards)."""
    best: list[str] | None = None
    best_cost: tuple[Decimal, int] | None = None
    for code, count in sorted(hand.items()):
        if count > 0 and INFO[code][0] == REAL:
            for cards in new_melds_with(code, hand):
                c = (sum((POINTS[x] for x in cards), Decimal(0)), len(cards))
                if best_cost is None or c < best_cost:
                    best, best_cost = cards, c
    return best


def _minus(hand: Hand, cards: Sequence[str]) -> dict[str, int]:
    out = dict(hand)
    for c in cards:
        out[c] -= 1
    return out


def layoffs_with(card: str, hand: Hand, meld: Meld) -> Iterator[tuple[list[str], Action]]:
    """Lay-offs onto ``meld`` that put ``card`` down: (cards from the hand, the action's fields)."""
    return layoff_finder(card, hand)(meld)


LayoffFinder = Callable[[Meld], Iterator[tuple[list[str], Action]]]


def layoff_finder(card: str, hand: Hand, reading: CardReading | None = None) -> LayoffFinder:
    """``layoffs_with(card, hand, ·)`` for many melds, reading the hand once."""
    kind, rank, suit = INFO[card]
    if kind != REAL:
        return lambda meld: _layoffs(card, meld, 0, None, None)
    read: list[CardReading] = [reading] if reading else []

    def find(meld: Meld) -> Iterator[tuple[list[str], Action]]:
        if (meld.suit != suit) if meld.kind == "run" else (meld.low != rank):
            return iter(())  # another suit's run, another rank's set
        if not read:
            read.append(_reading(card, hand))  # read the hand once, when first needed
        return _layoffs(card, meld, *read[0])

    return find


def _layoffs(
    card: str, meld: Meld, places_held: int, held_joker: str | None, held_banakil: str | None
) -> Iterator[tuple[list[str], Action]]:
    """``layoffs_with`` for a hand holding ``card``, the real cards of the run's suit on the
    places ``places_held``, and these wilds (the first banakil held in suit order)."""
    kind, rank, suit = INFO[card]
    if meld.kind == "set":
        if len(meld.cards) >= MAX_SET:
            return
        if kind == REAL:
            if rank == meld.low and suit not in meld.real_suits():
                yield [card], {"cards": [card]}
        elif not meld.has(kind):
            yield [card], {"cards": [card]}
        return
    if kind != REAL:
        if meld.has(kind):
            return
        if meld.low > 1:
            yield [card], {"cards": [card], "end": "low"}
        if meld.high < TOP:
            yield [card], {"cards": [card], "end": "high"}
        return
    if suit != meld.suit:
        return
    low, high = meld.low, meld.high
    fills: list[list[str]] = []
    codes = _PLACE_CODES[suit]
    for place in places_of(card):
        if low <= place <= high:
            held = meld.cards[place - low]
            if INFO[held][0] == BANAKIL:
                if low > 1:
                    yield [card], {"cards": [card], "banakil_to": "low"}
                if high < TOP:
                    yield [card], {"cards": [card], "banakil_to": "high"}
            continue
        if not fills:
            # the gap between the card and the run takes held real cards, else wilds the run
            # may still take: the joker first, and also the banakil first if the hand has both
            joker = held_joker if JOKER not in meld.cards else None
            banakil = held_banakil if not meld.has(BANAKIL) else None
            fills.append([w for w in (joker, banakil) if w])
            if held_joker and held_banakil:
                fills.append([w for w in (banakil, joker) if w])
        low_end = place < low
        gap = range(place + 1, low) if low_end else range(high + 1, place)
        missing = [p for p in gap if not places_held >> p & 1]
        if len(missing) > len(fills[0]):
            continue
        blocks: list[list[str]] = []
        for fill in fills:
            filled = [codes[p] for p in gap]
            for p, wild in zip(missing, fill, strict=False):
                filled[p - gap.start] = wild
            block = [card, *filled] if low_end else [*filled, card]
            if block not in blocks:
                blocks.append(block)
        end = "low" if low_end else "high"
        for block in blocks:
            # valid as built: the run's suit on the places next to it up to the card, at most
            # the wild kinds the run lacks, no place past an Ace (tests check it with lay_off)
            yield block, {"cards": block, "end": end}


def may_lay_off_on(owner: int, seating: Seating) -> bool:
    """Own melds always; the partner's with a meld of one's own (or the rule off); never theirs."""
    if owner == seating.seat:
        return True
    if not seating.is_partner(owner):
        return False
    return seating.has_meld or not seating.partner_needs_own_meld


def owners_to_lay_off_on(seating: Seating) -> tuple[bool, ...]:
    """``may_lay_off_on`` for each seat as a meld's owner (indexed by seat)."""
    return owners_of(
        seating.seat, seating.players, seating.has_meld, seating.partner_needs_own_meld
    )


@lru_cache(maxsize=64)
def owners_of(seat: int, players: int, has_meld: bool, needs_own: bool) -> tuple[bool, ...]:
    """``owners_to_lay_off_on`` of the ``Seating`` with these fields (none built)."""
    seating = Seating(seat, players, has_meld, needs_own)
    return tuple(may_lay_off_on(owner, seating) for owner in range(players))


def ways(
    card: str,
    hand: Hand,
    melds: Sequence[TableMeld],
    seating: Seating,
    swaps: bool = True,
    cheapest: bool = False,
) -> Iterator[list[Action]]:
    """Every way (a list of actions) this turn that puts ``card`` (held in ``hand``) down.

    A partner lay-off that first needs a meld of one's own uses some meld of the hand, or the
    cheapest one when ``cheapest`` (the time-out move's choice)."""
    first_meld = cheapest_meld if cheapest else any_meld
    reading = _reading(card, hand) if INFO[card][0] == REAL else None
    onto = layoff_finder(card, hand, reading)
    # (b) lay-offs on melds the seat may use now
    may = owners_to_lay_off_on(seating)
    later_partner: list[TableMeld] = []
    for tm in melds:
        if may[tm.owner]:
            for _block, fields in onto(tm.meld):
                yield [{"type": "layoff", "meld": tm.id, **fields}]
        elif seating.is_partner(tm.owner):
            later_partner.append(tm)
    # (a) a new meld of it
    new = _new_melds(card, hand, reading) if reading else _new_melds_around_wild(card, hand)
    for cards in new:
        yield [{"type": "meld", "cards": cards}]
    # (b) the partner's melds, after laying a meld of one's own from the cards left
    for tm in later_partner:
        for block, fields in onto(tm.meld):
            first = first_meld(_minus(hand, block))
            if first is not None:
                yield [
                    {"type": "meld", "cards": first},
                    {"type": "layoff", "meld": tm.id, **fields},
                ]
    # (c) it replaces a joker on the team's melds, and that joker can then go down
    if not swaps or INFO[card][0] != REAL:
        return
    _kind, rank, suit = INFO[card]
    for tm in melds:
        if tm.owner % 2 != seating.seat % 2 or JOKER not in tm.meld.cards:
            continue
        if (tm.meld.suit != suit) if tm.meld.kind == "run" else (tm.meld.low != rank):
            continue  # another suit's run, another rank's set
        try:
            swapped = swap_joker(tm.meld, card)
        except InvalidMeld:
            continue
        after = _minus(hand, [card])
        after[JOKER] = after.get(JOKER, 0) + 1
        table = [TableMeld(m.id, m.owner, swapped if m is tm else m.meld) for m in melds]
        for rest in ways(JOKER, after, table, seating, swaps=False, cheapest=cheapest):
            yield [{"type": "swap", "meld": tm.id, "card": card}, *rest]


def usable(card: str, hand: Hand, melds: Sequence[TableMeld], seating: Seating) -> bool:
    """Whether some way puts ``card`` (held in ``hand``) down this turn: ``ways`` finds one.

    Answered from the kept melds and lay-offs of the hand's shape (``usable_in``), not by
    building each way; ``any(ways(...))`` is its reference in the tests."""
    return usable_in(card, hand, hand_shape(hand), melds, seating)


def cost(way: Sequence[Action]) -> tuple[Decimal, int]:
    """Points put on the table, then cards put down (a swap puts one card down)."""
    cards: list[str] = []
    for action in way:
        if action["type"] == "swap":
            cards.append(action["card"])
        else:
            cards.extend(action["cards"])
    return sum((POINTS[c] for c in cards), Decimal(0)), len(cards)


def cheapest_way(
    card: str, hand: Hand, melds: Sequence[TableMeld], seating: Seating
) -> list[Action] | None:
    """The time-out move's choice: fewest points put down, then fewest cards, then first found."""
    best: list[Action] | None = None
    best_cost: tuple[Decimal, int] | None = None
    for way in ways(card, hand, melds, seating, cheapest=True):
        c = cost(way)
        if best_cost is None or c < best_cost:
            best, best_cost = way, c
    return best


def keeps_owed_card(
    action: Action, owed: str, hand: Hand, melds: Sequence[TableMeld], seating: Seating
) -> bool:
    """Whether ``action`` may be played while ``owed`` must still go down: it puts a copy of
    the owed card down, or leaves it usable (a swap only ever with the owed card itself)."""
    kind = action["type"]
    if kind == "swap":
        return bool(action["card"] == owed)
    if kind != "meld" and kind != "layoff":
        return False
    cards: list[str] = action["cards"]
    if owed in cards:
        return True
    try:
        if kind == "meld":
            found = meld_of(cards)
            if isinstance(found, InvalidMeld):
                return False
            table = [*melds, TableMeld(len(melds) + 1, seating.seat, found)]
            has_meld = True
        else:
            target = next(m for m in melds if m.id == action["meld"])
            if "banakil_to" in action:
                changed = move_banakil(target.meld, cards[0], action["banakil_to"])
            else:
                changed = lay_off(target.meld, cards, action.get("end"))
            table = [TableMeld(m.id, m.owner, changed if m is target else m.meld) for m in melds]
            has_meld = seating.has_meld
    except (InvalidMeld, StopIteration):
        return False
    after = Seating(seating.seat, seating.players, has_meld, seating.partner_needs_own_meld)
    return usable(owed, _minus(hand, cards), table, after)


# --- every meld and lay-off a whole hand allows (what ``Round.legal_actions`` lists) -------------
#
# ``new_melds_with`` and ``layoffs_with`` read a hand only through which real cards of one suit
# (or of one set rank) it holds, and which wilds: never how many copies. So the melds of a hand
# are the melds of each suit's cards with the wilds, plus the sets of each set rank with the
# wilds; each part is computed once per such "shape" and kept, and a hand that changes by one
# card finds every other part already known.

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: how many entries each kept table (melds of a hand shape, lay-offs) holds before it is emptied
_KEEP = 1 << 13
#: every run place of 3 or 4 cards: (low, length, its place bits)
_WINDOW_BITS = tuple((low, n, ((1 << n) - 1) << low) for low, n in _WINDOWS)
#: (for each suit, a bit ``1 << place`` per run place 1..14 whose real card is held (an Ace at 1
#: and 14); the wild codes held, in canonical order)
HandShape = tuple[tuple[int, ...], tuple[str, ...]]
#: a lay-off's cards, and its ``end`` or ``banakil_to`` field (or none, on a set)
Layoff = tuple[tuple[str, ...], str | None, str | None]


#: code -> (its suit's index, its run place bits), or None for a wild
_CODE_BITS: dict[str, tuple[int, int] | None] = {
    code: (_SUIT_INDEX[code[1]], bits) for s in SUITS for bits, code in _RANK_BITS[s]
} | {w: None for w in (*BANAKIL_CODES, JOKER)}


#: the wild codes in canonical order (2S 2H 2D 2C JK)
_WILD_ORDER: Final = tuple(sorted((*BANAKIL_CODES, JOKER), key=CANONICAL_INDEX.__getitem__))
#: code -> its run place bits shifted to its suit's 15-bit field (``SUITS`` order), or for a wild
#: its bit past the four fields (bit 60 + its place in ``_WILD_ORDER``): no two codes share a bit,
#: so a hand's four masks and its wilds come out of one sum over its codes
_CODE_FIELD: dict[str, int] = {
    code: 1 << (60 + _WILD_ORDER.index(code)) if bits is None else bits[1] << (15 * bits[0])
    for code, bits in _CODE_BITS.items()
}
_FIELD: Final = (1 << 15) - 1
#: the wilds held (in canonical order), per pattern of their bits (``fields >> 60``)
_WILDS_OF: Final = tuple(
    tuple(w for i, w in enumerate(_WILD_ORDER) if m >> i & 1) for m in range(1 << len(_WILD_ORDER))
)


def hand_shape(hand: Hand) -> HandShape:
    """What the melds and lay-offs of a hand depend on: the real ranks held per suit, the wilds."""
    counts = hand.values()
    if counts and min(counts) > 0:  # the usual hand: every code held (a Counter's keys, once each)
        fields = sum(map(_CODE_FIELD.__getitem__, hand))
    else:
        fields = 0
        for code, count in hand.items():
            if count > 0:
                fields |= _CODE_FIELD[code]
    masks = (fields & _FIELD, fields >> 15 & _FIELD, fields >> 30 & _FIELD, fields >> 45 & _FIELD)
    return masks, _WILDS_OF[fields >> 60]


def shape_less(shape: HandShape, after: Hand, cards: Iterable[str]) -> HandShape:
    """``hand_shape(after)``, where ``after`` is a hand of this shape less ``cards``: the codes of
    ``cards`` it no longer holds leave the shape (no two codes share a bit)."""
    gone = 0
    for code in cards:
        if after.get(code, 0) <= 0:
            gone |= _CODE_FIELD[code]
    if not gone:
        return shape
    masks, wilds = shape
    if gone >> 60:
        wilds = tuple(w for w in wilds if not gone & _CODE_FIELD[w])
    return (
        masks[0] & ~gone,
        masks[1] & ~(gone >> 15),
        masks[2] & ~(gone >> 30),
        masks[3] & ~(gone >> 45),
    ), wilds


def canonical(cards: Sequence[str]) -> tuple[str, ...]:
    """A meld's one listed order: a run as it lies; a set (any order lies the same) with its real
    cards in suit order, then the banakil, then the joker."""
    ranks = {INFO[c][1] for c in cards if not INFO[c][0]}
    if len(ranks) == 1:
        return tuple(sorted(cards, key=lambda c: (INFO[c][0], CANONICAL_INDEX[c])))
    return tuple(cards)


def _shape_hand(codes: Iterator[str], wilds: tuple[str, ...]) -> dict[str, int]:
    hand = dict.fromkeys(codes, 1)
    hand.update(dict.fromkeys(wilds, 1))
    return hand


def _melds_of(hand: Hand) -> tuple[tuple[str, ...], ...]:
    found: dict[tuple[str, ...], None] = {}
    for card in sort_cards(hand):
        for cards in new_melds_with(card, hand):
            found.setdefault(canonical(cards), None)
    return tuple(found)


#: the run windows in three groups by their low place, each reading only the places it spans:
#: lows 1..4 span places 1..7, lows 5..8 span 5..11, lows 9..12 span 9..14 (a run of 3 or 4 lies
#: in exactly one window)
_GROUP_LOWS: Final = (range(1, 5), range(5, 9), range(9, TOP - 1))
_GROUP_WIDTH: Final = 7


def _group_fills(
    suit: str, lows: range, held: int, fills: list[list[str]]
) -> tuple[tuple[str, ...], ...]:
    """The runs of the windows whose low place is in ``lows``: each place's real card if held
    (``held``), else the next wild of a fill."""
    wild_count = len(fills[0])
    found: dict[tuple[str, ...], None] = {}
    for low, length, window in _WINDOW_BITS:
        if low in lows and held & window:
            missing = (window & ~held).bit_count()
            if missing <= wild_count and length - missing >= 2:  # else _run_fills finds none
                for cards in _run_fills(suit, held, low, length, fills):
                    found.setdefault(tuple(cards), None)
    return tuple(found)


def _group_around(
    suit: str, lows: range, held: int, wild: str, other: str | None
) -> tuple[tuple[str, ...], ...]:
    """The runs around ``wild`` whose low place is in ``lows`` (``new_melds_with(wild, hand)``
    for this suit, see ``_runs_around_wild``): two held real cards at most 3 places apart,
    ``other`` between them when 3 apart."""
    codes = _PLACE_CODES[suit]
    places = [p for p in range(1, TOP + 1) if held >> p & 1]
    found: dict[tuple[str, ...], None] = {}
    for i, a in enumerate(places):
        for b in places[i + 1 :]:
            gap = b - a
            if gap > 3:
                break
            ca, cb = codes[a], codes[b]
            if ca == cb:
                continue
            if gap == 1:
                if b < TOP and a in lows:
                    found.setdefault((ca, cb, wild), None)
                if a > 1 and a - 1 in lows:
                    found.setdefault((wild, ca, cb), None)
            elif gap == 2:
                if a in lows:
                    found.setdefault((ca, wild, cb), None)
            elif other and a in lows:
                found.setdefault((ca, wild, other, cb), None)
    return tuple(found)


Runs = tuple[tuple[str, ...], ...]
#: the runs of each window group per pattern of its places held (bit 0 = its lowest place),
#: filled in when first asked: for (suit, the joker held, the first banakil held) the windows'
#: runs (``_group_fills``), for (suit, a wild, the other wild) the runs around that wild
_GROUP_RUNS: dict[tuple[str, bool | str, str | None], tuple[list[Runs | None], ...]] = {}
_GROUP_SHIFTS: Final = tuple(
    (lows, lows.start, (1 << min(_GROUP_WIDTH, TOP + 1 - lows.start)) - 1) for lows in _GROUP_LOWS
)


def _group_tables(suit: str, wild: bool | str, other: str | None) -> tuple[list[Runs | None], ...]:
    key = (suit, wild, other)
    tables = _GROUP_RUNS.get(key)
    if tables is None:
        tables = _GROUP_RUNS[key] = tuple([None] * (1 << _GROUP_WIDTH) for _ in _GROUP_LOWS)
    return tables


def _group_part(
    suit: str, table: list[Runs | None], group: int, held: int, wild: bool | str, other: str | None
) -> Runs:
    """The runs of one window group for the places ``held`` (its table's entry, filled in)."""
    lows, start, mask = _GROUP_SHIFTS[group]
    pattern = held >> start & mask
    found = table[pattern]
    if found is None:
        part = pattern << start
        if isinstance(wild, bool):
            fills = _wild_fills(JOKER if wild else None, other)
            found = _group_fills(suit, lows, part, fills)
        else:
            found = _group_around(suit, lows, part, wild, other)
        table[pattern] = found
    return found


#: each group's first place and its pattern's width, as ``_group_runs`` reads them inline
_SHIFT_1, _SHIFT_2, _SHIFT_3 = (start for _lows, start, _mask in _GROUP_SHIFTS)
_MASK_1, _MASK_2, _MASK_3 = (mask for _lows, _start, mask in _GROUP_SHIFTS)


def _group_runs(suit: str, held: int, wild: bool | str, other: str | None) -> Runs:
    """The runs of ``suit`` (places ``held``): with ``wild`` a bool, the windows' runs with the
    joker (if true) and the banakil ``other``; else the runs around the wild ``wild``; group by
    group."""
    first, second, third = _group_tables(suit, wild, other)
    one = first[held >> _SHIFT_1 & _MASK_1]
    if one is None:
        one = _group_part(suit, first, 0, held, wild, other)
    two = second[held >> _SHIFT_2 & _MASK_2]
    if two is None:
        two = _group_part(suit, second, 1, held, wild, other)
    three = third[held >> _SHIFT_3 & _MASK_3]
    if three is None:
        three = _group_part(suit, third, 2, held, wild, other)
    return one + two + three


WildPlan = tuple[bool, str | None, tuple[tuple[str, str | None], ...]]


def _wild_plan(wilds: tuple[str, ...]) -> WildPlan:
    """The joker held, the first banakil held, and each wild with the other kind held."""
    joker = JOKER in wilds
    banakil = next((w for w in wilds if w != JOKER), None)
    arounds = tuple((w, banakil if w == JOKER else JOKER if joker else None) for w in wilds)
    return joker, banakil, arounds


#: ``_wild_plan`` of each wilds tuple ``hand_shape`` lists
_WILD_PLANS: Final = {wilds: _wild_plan(wilds) for wilds in _WILDS_OF}


def _suit_melds(suit: str, held: int, wilds: tuple[str, ...]) -> Runs:
    """The runs of ``suit`` (places ``held``) with the wilds: around each real card (every run
    place holding one), and around each wild (as ``new_melds_with(wild, hand)``), each once."""
    plan = _WILD_PLANS.get(wilds)
    if plan is None:  # wilds not as hand_shape lists them
        plan = _wild_plan(wilds)
    joker, banakil, arounds = plan
    runs = _group_runs(suit, held, joker, banakil)
    out = runs
    # A run around a wild holds that wild, so the runs around two wilds never meet; the windows'
    # runs hold only the joker and the first banakil, so only the runs around those can repeat
    # one of them (and are kept only if they don't).
    windows: set[tuple[str, ...]] | None = None
    for wild, other in arounds:
        around = _group_runs(suit, held, wild, other)
        if around and runs and (wild == JOKER or wild == banakil):
            if windows is None:
                windows = set(runs)
            around = tuple([r for r in around if r not in windows])
        out += around
    return out


@cache
def _rank_sets(rank: int, suits: int, wilds: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The sets of ``rank`` (held in the suits whose bits are in ``suits``) with the wilds (kept:
    2 ranks, 16 suit choices and 32 of wilds at most)."""
    held = (POSITION_RANK[rank] + s for i, s in enumerate(SUITS) if suits >> i & 1)
    return _melds_of(_shape_hand(held, wilds))


#: the runs of each suit, per the places held and the wilds
_SUIT_RUNS: dict[tuple[str, int, tuple[str, ...]], tuple[tuple[str, ...], ...]] = {}


def _suit_runs(suit: str, held: int, wilds: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    key = (suit, held, wilds)
    found = _SUIT_RUNS.get(key)
    if found is None:
        found = _suit_melds(suit, held, wilds)
        if len(_SUIT_RUNS) >= _KEEP:
            _SUIT_RUNS.clear()
        _SUIT_RUNS[key] = found
    return found


def hand_melds(shape: HandShape) -> list[tuple[str, ...]]:
    """Every meld ``new_melds_with`` builds around any card of a hand of this shape, each once:
    the runs suit by suit (S H D C), each suit's window by window (those of 3 places from the
    lowest, then those of 4), then around each wild; then the sets of Aces and of 3s, each
    set's cards in canonical order."""
    masks, wilds = shape
    out: list[tuple[str, ...]] = []
    kept = _SUIT_RUNS
    for i, suit in enumerate(SUITS):
        held = masks[i]
        if held & (held - 1):  # a run needs two real cards
            found = kept.get((suit, held, wilds))
            out.extend(found if found is not None else _suit_runs(suit, held, wilds))
    for rank in (1, 3):
        suits = _set_suits(masks, rank)
        if suits & (suits - 1):  # a set needs real cards of two suits
            out.extend(_rank_sets(rank, suits, wilds))
    return out


#: a run end's lay-offs kept per (suit, the end's place, low end?, the run holds a joker, the run
#: holds a banakil, the places past that end whose real card the hand holds, the wilds held)
_END_LAYOFFS: dict[tuple[str, int, bool, bool, bool, int, tuple[str, ...]], tuple[Layoff, ...]] = {}
#: a meld's lay-offs kept per (the meld's id, the hand's places or suits held, the wilds held),
#: with the meld itself (so that its id is not reused while kept)
_LAYOFFS: dict[tuple[int, int, tuple[str, ...]], tuple[Meld, tuple[Layoff, ...]]] = {}
_ALL_PLACES: Final = sum(1 << p for p in range(1, TOP + 1))


def _end_layoffs(
    suit: str,
    edge: int,
    low_end: bool,
    has_joker: bool,
    has_banakil: bool,
    held: int,
    wilds: tuple[str, ...],
) -> tuple[Layoff, ...]:
    """The lay-offs at one end of a run of ``suit`` whose end place is ``edge``: a real card held
    past it (``held``: those places) with the places between filled by held real cards, else by
    the wilds the run lacks (the joker first, and also the banakil first when the hand holds
    both kinds; at most one of each); then each wild the run lacks, alone. What ``_layoffs``
    builds for each card of the hand at this end."""
    key = (suit, edge, low_end, has_joker, has_banakil, held, wilds)
    found = _END_LAYOFFS.get(key)
    if found is not None:
        return found
    held_joker = JOKER if JOKER in wilds else None
    held_banakil = next((w for w in wilds if w != JOKER), None)
    joker = None if has_joker else held_joker
    banakil = None if has_banakil else held_banakil
    fills = [[w for w in (joker, banakil) if w]]
    if held_joker and held_banakil:
        fills.append([w for w in (banakil, joker) if w])
    room = len(fills[0])
    codes = _PLACE_CODES[suit]
    end = "low" if low_end else "high"
    out: list[Layoff] = []
    places = range(1, edge) if low_end else range(edge + 1, TOP + 1)
    for place in places:
        if not held >> place & 1:
            continue
        gap = range(place + 1, edge) if low_end else range(edge + 1, place)
        missing = [q for q in gap if not held >> q & 1]
        if len(missing) > room:
            continue
        blocks: list[tuple[str, ...]] = []
        for fill in fills:
            filled = [codes[q] for q in gap]
            for q, wild in zip(missing, fill, strict=False):
                filled[q - gap.start] = wild
            block = (codes[place], *filled) if low_end else (*filled, codes[place])
            if block not in blocks:
                blocks.append(block)
                out.append((block, "end", end))
    for wild in wilds:  # a wild alone, of a kind the run lacks
        if not (has_joker if wild == JOKER else has_banakil):
            out.append(((wild,), "end", end))
    found = tuple(out)
    if len(_END_LAYOFFS) >= _KEEP:
        _END_LAYOFFS.clear()
    _END_LAYOFFS[key] = found
    return found


def _run_layoffs(meld: Meld, held: int, wilds: tuple[str, ...]) -> tuple[Layoff, ...]:
    """Every lay-off onto the run ``meld`` of a hand holding the real cards of its suit on the
    places ``held`` and these wilds: those at its low end, the real card whose place its banakil
    holds (the banakil to the low end, then to the high end), those at its high end.

    Each end reads only the places within reach (up to its third place not held: a block takes
    at most two wilds), so an end is kept once for every hand that holds the same there."""
    low = meld.low
    high = low + len(meld.cards) - 1
    has_joker = JOKER in meld.cards
    banakil_at = meld.banakil_at
    has_banakil = banakil_at >= 0
    suit = meld.suit
    kept = _END_LAYOFFS
    out: tuple[Layoff, ...] = ()
    if low > 1:
        # the places below the run up to its third one not held (down to the Ace)
        missing = ~held & ((1 << low) - 2)
        if missing.bit_count() > 2:
            missing ^= 1 << (missing.bit_length() - 1)
            missing ^= 1 << (missing.bit_length() - 1)
            below = held & ((1 << low) - (1 << missing.bit_length()))
        else:
            below = held & ((1 << low) - 1)
        if below or wilds:
            key = (suit, low, True, has_joker, has_banakil, below, wilds)
            found = kept.get(key)
            out = found if found is not None else _end_layoffs(*key)
    if has_banakil and held >> (low + banakil_at) & 1:
        card = (_PLACE_CODES[suit][low + banakil_at],)
        if low > 1:
            out += ((card, "banakil_to", "low"),)
        if high < TOP:
            out += ((card, "banakil_to", "high"),)
    if high < TOP:
        # the places above the run up to its third one not held (up to the Ace)
        missing = ~held & ((2 << TOP) - (2 << high))
        if missing.bit_count() > 2:
            missing &= missing - 1
            missing &= missing - 1
            above = held & ((missing & -missing) - (2 << high))
        else:
            above = held & ((2 << TOP) - (2 << high))
        if above or wilds:
            key = (suit, high, False, has_joker, has_banakil, above, wilds)
            found = kept.get(key)
            out += found if found is not None else _end_layoffs(*key)
    return out


def _meld_layoffs(meld: Meld, mask: int, wilds: tuple[str, ...]) -> tuple[Layoff, ...]:
    """Every lay-off onto ``meld`` of a hand holding these wilds and, for a run, the real cards
    of its suit on the places ``mask`` (those within reach); for a set, its rank in the suits
    whose bits are set."""
    if meld.kind == "run":
        codes = _PLACE_CODES[meld.suit]
        reals = list(dict.fromkeys(codes[p] for p in range(1, TOP + 1) if mask >> p & 1))
    else:
        reals = [POSITION_RANK[meld.low] + s for i, s in enumerate(SUITS) if mask >> i & 1]
    joker = JOKER if JOKER in wilds else None
    banakil = next((w for w in wilds if w != JOKER), None)
    out: list[Layoff] = []
    for card in (*reals, *wilds):
        for block, fields in _layoffs(card, meld, mask, joker, banakil):
            where = "end" if "end" in fields else "banakil_to" if "banakil_to" in fields else None
            out.append((tuple(block), where, fields[where] if where else None))
    return tuple(out)


def _set_suits(masks: tuple[int, ...], rank: int) -> int:
    """A bit per suit (``SUITS`` order) whose real card of ``rank`` the hand holds."""
    return (
        (masks[0] >> rank & 1)
        | (masks[1] >> rank & 1) << 1
        | (masks[2] >> rank & 1) << 2
        | (masks[3] >> rank & 1) << 3
    )


def meld_layoffs(meld: Meld, shape: HandShape) -> tuple[Layoff, ...]:
    """Every lay-off ``layoffs_with`` finds onto ``meld`` for any card of a hand of this shape.

    Kept per meld and hand shape; a run's are built end by end, each end's kept per what it reads
    (the cards past it), so a hand that changes elsewhere in the suit finds them computed."""
    masks, wilds = shape
    run = meld.kind == "run"
    held = _run_reads(meld, masks[_SUIT_INDEX[meld.suit]]) if run else _set_suits(masks, meld.low)
    if not held and not wilds:
        return ()
    key = (id(meld), held, wilds)  # hashed faster than the meld's cards
    kept = _LAYOFFS.get(key)
    if kept is not None and kept[0] is meld:
        return kept[1]
    found = _run_layoffs(meld, held, wilds) if run else _meld_layoffs(meld, held, wilds)
    if len(_LAYOFFS) >= _KEEP:
        _LAYOFFS.clear()
    _LAYOFFS[key] = (meld, found)  # the meld kept alive with its id
    return found


#: the six places below a run's low place (or down to the Ace), and above its high place
_NEAR_BELOW: Final = tuple(sum(1 << p for p in range(max(1, low - 6), low)) for low in range(16))
_NEAR_ABOVE: Final = tuple(
    sum(1 << p for p in range(high + 1, min(TOP, high + 6) + 1)) for high in range(16)
)


def _run_reads(meld: Meld, held: int) -> int:
    """The places of ``held`` that a run's lay-offs read (see ``_run_layoffs``): those near its
    ends, when each end's reach stops there (a third place not held among the six past it, or
    the line's end), and its banakil's place; else all of ``held``."""
    low = meld.low
    high = low + len(meld.cards) - 1
    below, above = _NEAR_BELOW[low], _NEAR_ABOVE[high]
    if (low > 7 and (below & ~held).bit_count() < 3) or (
        high < 8 and (above & ~held).bit_count() < 3
    ):
        return held
    if meld.banakil_at >= 0:
        return held & (below | above | 1 << (low + meld.banakil_at))
    return held & (below | above)


def table_layoffs(
    melds: Sequence[TableMeld], may: tuple[bool, ...], shape: HandShape
) -> list[tuple[int, tuple[Layoff, ...]]]:
    """``meld_layoffs`` of every meld whose owner's melds the seat may lay off on (``may``, per
    owner), meld by meld, each with the meld's id (none for a meld that takes none): the kept
    ones looked up inline (``_run_reads`` too)."""
    masks, wilds = shape
    out: list[tuple[int, tuple[Layoff, ...]]] = []
    kept = _LAYOFFS
    suit_index = _SUIT_INDEX
    near_below, near_above = _NEAR_BELOW, _NEAR_ABOVE
    for tm in melds:
        if not may[tm.owner]:
            continue
        meld = tm.meld
        run = meld.kind == "run"
        if run:
            held = masks[suit_index[meld.suit]]
            low = meld.low
            high = low + len(meld.cards) - 1
            below, above = near_below[low], near_above[high]
            if not (
                (low > 7 and (below & ~held).bit_count() < 3)
                or (high < 8 and (above & ~held).bit_count() < 3)
            ):
                if meld.banakil_at >= 0:
                    held &= below | above | 1 << (low + meld.banakil_at)
                else:
                    held &= below | above
        else:
            rank = meld.low
            held = (
                (masks[0] >> rank & 1)
                | (masks[1] >> rank & 1) << 1
                | (masks[2] >> rank & 1) << 2
                | (masks[3] >> rank & 1) << 3
            )
        if not held and not wilds:
            continue
        key = (id(meld), held, wilds)
        known = kept.get(key)
        if known is not None and known[0] is meld:
            found = known[1]
        else:  # as meld_layoffs finds and keeps them
            found = _run_layoffs(meld, held, wilds) if run else _meld_layoffs(meld, held, wilds)
            if len(kept) >= _KEEP:
                kept.clear()
            kept[key] = (meld, found)
        if found:
            out.append((tm.id, found))
    return out


# --- whether a card is usable, from the kept melds and lay-offs -----------------------------------


def _in_suit_runs(card: str, suit: str, held: int, wilds: tuple[str, ...]) -> bool:
    return bool(held & (held - 1)) and any(card in cards for cards in _suit_runs(suit, held, wilds))


def _in_rank_sets(card: str, rank: int, masks: tuple[int, ...], wilds: tuple[str, ...]) -> bool:
    suits = _set_suits(masks, rank)
    return bool(suits & (suits - 1)) and any(
        card in cards for cards in _rank_sets(rank, suits, wilds)
    )


def in_a_hand_meld(card: str, shape: HandShape) -> bool:
    """Whether some meld of ``hand_melds(shape)`` holds ``card`` (held): exactly when
    ``new_melds_with(card, hand)`` builds one, since a meld holding a card holds a small one
    around it."""
    masks, wilds = shape
    kind, rank, suit = INFO[card]
    if kind == REAL:
        if _in_suit_runs(card, suit, masks[_SUIT_INDEX[suit]], wilds):
            return True
        return (rank == 1 or rank == 3) and _in_rank_sets(card, rank, masks, wilds)
    for i, s in enumerate(SUITS):
        if _in_suit_runs(card, s, masks[i], wilds):
            return True
    return _in_rank_sets(card, 1, masks, wilds) or _in_rank_sets(card, 3, masks, wilds)


def _outer(layoff: Layoff) -> str:
    """The card a lay-off is built around (``layoffs_with``'s card): the block's outer end."""
    block, where, to = layoff
    return block[-1] if to == "high" and where == "end" else block[0]


def _lays_off(card: str, meld: Meld, held: int, held_joker: bool, held_banakil: bool) -> bool:
    """Whether ``layoffs_with(card, hand, meld)`` finds one, for a hand holding the real cards of
    ``card``'s suit on the run places ``held`` and these kinds of wild: computed, not built."""
    kind, rank, suit = INFO[card]
    if meld.kind == "set":
        if len(meld.cards) >= MAX_SET:
            return False
        if kind == REAL:
            return rank == meld.low and suit not in meld.real_suits()
        return not meld.has(kind)
    low = meld.low
    high = low + len(meld.cards) - 1
    if kind != REAL:
        return not meld.has(kind) and (low > 1 or high < TOP)
    if suit != meld.suit:
        return False
    room = (held_joker and JOKER not in meld.cards) + (held_banakil and meld.banakil_at < 0)
    for place in places_of(card):
        if place < low:  # the places between take held real cards, else the wilds it lacks
            between = ((1 << low) - 1) & ~((2 << place) - 1)
        elif place > high:
            between = ((1 << place) - 1) & ~((2 << high) - 1)
        else:  # its place is in the run: held by the banakil, which moves to an end
            if meld.banakil_at == place - low and (low > 1 or high < TOP):
                return True
            continue
        if (between & ~held).bit_count() <= room:
            return True
    return False


def _in_a_new_run(card: str, held: int, wild_count: int) -> bool:
    """Whether some run of 3 or 4 places around the real ``card`` has at least 2 of its places
    held (``held``) and at most ``wild_count`` not."""
    for place in places_of(card):
        for length in (3, 4):
            window = (1 << length) - 1
            for low in range(max(1, place - length + 1), min(place, TOP - length + 1) + 1):
                missing = ((window << low) & ~held).bit_count()
                if missing <= wild_count and length - missing >= 2:
                    return True
    return False


#: real code -> (its suit's index, the run places within three of its place or places: all that
#: ``_in_a_new_run`` reads, its number among the real codes)
_NEAR_CARD: Final = {
    code: (
        _SUIT_INDEX[code[1]],
        sum(1 << q for p in places_of(code) for q in range(max(1, p - 3), min(TOP, p + 3) + 1)),
        number,
    )
    for number, code in enumerate(c for c in sorted(INFO) if INFO[c][0] == REAL)
}
#: ``_in_a_new_run`` per (code number, wilds count, places near it held), as one int; at most
#: 48 codes x 3 counts x 256 patterns
_IN_NEW_RUN: dict[int, bool] = {}


def _in_a_new_meld(card: str, masks: tuple[int, ...], wild_count: int) -> bool:
    """Whether ``new_melds_with(card, hand)`` builds one for the real ``card``, the hand holding
    the real cards ``masks`` (run places per suit) and ``wild_count`` kinds of wild: computed
    (the runs kept per the places near the card), not built."""
    suit_index, near, number = _NEAR_CARD[card]
    held = masks[suit_index] & near
    key = number << 17 | wild_count << 15 | held
    found = _IN_NEW_RUN.get(key)
    if found is None:
        found = _IN_NEW_RUN[key] = _in_a_new_run(card, held, wild_count)
    if found:
        return True
    rank = INFO[card][1]
    if rank == 1 or rank == 3:
        others = (_set_suits(masks, rank) & ~(1 << suit_index)).bit_count()
        return others >= 2 or (others == 1 and wild_count > 0)
    return False


def usable_in(
    card: str,
    hand: Hand,
    shape: HandShape,
    melds: Sequence[TableMeld],
    seating: Seating,
    swaps: bool = True,
) -> bool:
    """``usable`` for a hand of this shape, clause by clause as ``ways`` walks them (but a real
    card's new melds first: the cheapest to ask)."""
    kind, rank, suit = INFO[card]
    masks, wilds = shape
    held_joker = JOKER in wilds
    held_banakil = len(wilds) > held_joker
    # (a) a new meld of it
    if kind == REAL and _in_a_new_meld(card, masks, held_joker + held_banakil):
        return True
    may = owners_to_lay_off_on(seating)
    held = masks[_SUIT_INDEX[suit]] if kind == REAL else 0
    later_partner: list[TableMeld] = []
    jokers: list[TableMeld] = []  # the team's melds of its suit or rank holding a joker
    team = seating.seat % 2
    # (b) lay-offs on melds the seat may use now
    for tm in melds:
        meld = tm.meld
        if kind == REAL and ((meld.suit != suit) if meld.kind == "run" else (meld.low != rank)):
            continue  # another suit's run, another rank's set: no lay-off of this card
        owner = tm.owner
        if may[owner]:
            if _lays_off(card, meld, held, held_joker, held_banakil):
                return True
        elif seating.is_partner(owner):
            later_partner.append(tm)
        if owner % 2 == team and swaps and kind == REAL and JOKER in meld.cards:
            jokers.append(tm)
    # (a) a new meld of it (a wild's)
    if kind != REAL and in_a_hand_meld(card, shape):
        return True
    # (b) the partner's melds, after laying a meld of one's own from the cards left
    for tm in later_partner:
        for layoff in meld_layoffs(tm.meld, shape):
            if _outer(layoff) == card and hand_melds(hand_shape(_minus(hand, layoff[0]))):
                return True
    # (c) it replaces a joker on the team's melds, and that joker can then go down
    for tm in jokers:
        try:
            swapped = swap_joker(tm.meld, card)
        except InvalidMeld:
            continue
        after = _minus(hand, [card])
        after[JOKER] = after.get(JOKER, 0) + 1
        table = [TableMeld(m.id, m.owner, swapped if m is tm else m.meld) for m in melds]
        if usable_in(JOKER, after, hand_shape(after), table, seating, swaps=False):
            return True
    return False
