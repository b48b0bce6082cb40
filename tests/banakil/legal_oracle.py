"""The engine's first ``Round.legal_actions`` (before the generator), kept as a test-only oracle.

It proposes candidates from the hand (the melds ``new_melds_with`` builds around each card, the
lay-offs ``layoffs_with`` finds, every swap of a real card on a team meld holding a joker, every
draw and throw) and keeps those that ``apply`` accepts on a copy of the round. Slow, but it asks
``apply`` itself, so the generator in ``games/banakil/round.py`` is checked against it. The
candidate builders are the engine's first ones too, copied here as they were (the engine's own
are now faster versions, checked against these in test_legal_actions_match_the_old_method.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal

from games.banakil import IllegalAction, Round
from games.banakil.cards import JOKER, POINTS, POSITION_RANK, SUITS, sort_cards
from games.banakil.errors import InvalidMeld
from games.banakil.melds import (
    BANAKIL,
    INFO,
    MAX_SET,
    REAL,
    TOP,
    WILD_JOKER,
    Meld,
    lay_off,
    meld_of,
    swap_joker,
)
from games.banakil.uses import Action, Seating, TableMeld, may_lay_off_on

BANAKIL_CODES = tuple("2" + s for s in SUITS)
Hand = Mapping[str, int]


def old_legal_actions(r: Round) -> list[Action]:
    """Legal actions for the seat on turn, as the engine listed them before the generator."""
    if r.result is not None:
        return []
    seat = r.turn
    hand = r.hands[seat]
    if r.phase == "draw":
        out: list[Action] = [{"type": "draw", "from": "stock"}]
        if r.pile and (not r.options.pile_card_must_be_used or r.pile_card_usable(seat)):
            out.append({"type": "draw", "from": "pile"})
        return out
    seats = r.seating(seat)
    candidates: list[Action] = []
    seen: set[str] = set()
    for card in sort_cards(hand):
        for cards in new_melds_with(card, hand):
            key = " ".join(cards)
            if key not in seen:
                seen.add(key)
                candidates.append({"type": "meld", "cards": cards})
        for tm in r.melds:
            if may_lay_off_on(tm.owner, seats):
                for _block, fields in layoffs_with(card, hand, tm.meld):
                    candidates.append({"type": "layoff", "meld": tm.id, **fields})
            if tm.owner % 2 == seat % 2 and JOKER in tm.meld.cards and INFO[card][0] == 0:
                candidates.append({"type": "swap", "meld": tm.id, "card": card})
    if r.owed is None:
        candidates.extend({"type": "throw", "card": c} for c in sort_cards(hand))
    legal = []
    for action in candidates:
        try:
            r.copy().apply(seat, action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal


# --- the engine's first candidate builders, as they were --------------------------------------


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


def new_melds_with(card: str, hand: Hand) -> Iterator[list[str]]:
    """Small melds (3 or 4 cards) holding ``card`` and other cards of ``hand`` (which holds it).

    Any meld holding a card holds a 3- or 4-card meld around it, so these decide existence.
    """
    kind, rank, suit = INFO[card]
    base = {card: 1}
    if kind == REAL:
        seen: set[tuple[str, ...]] = set()
        for place in places_of(card):
            for length in (3, 4):
                for low in range(max(1, place - length + 1), min(place, TOP - length + 1) + 1):
                    for cheap in _preferences(hand):
                        used = dict(base)
                        left = _fill_run(hand, used, suit, range(low, place), True, True, cheap)
                        if left is None:
                            continue
                        joker_ok = JOKER not in left
                        banakil_ok = not any(INFO[c][0] == BANAKIL for c in left)
                        right = _fill_run(
                            hand,
                            used,
                            suit,
                            range(place + 1, low + length),
                            joker_ok,
                            banakil_ok,
                            cheap,
                        )
                        if right is None:
                            continue
                        cards = left + [card] + right
                        if tuple(cards) not in seen and isinstance(meld_of(cards), Meld):
                            seen.add(tuple(cards))
                            yield cards
        if rank in (1, 3):
            others = [POSITION_RANK[rank] + s for s in SUITS if s != suit]
            others = [c for c in others if hand.get(c, 0) > 0]
            joker, banakil = _wild_codes(hand, base)
            if len(others) >= 2:
                yield [card, *others[:2]]
            elif others:
                for wild in (banakil, joker):
                    if wild:
                        yield [card, others[0], wild]
        return
    # the card is a wild: two real cards around it, or three with the other kind of wild
    other_joker, other_banakil = _wild_codes(hand, base)
    other_wild = other_banakil if kind == WILD_JOKER else other_joker
    for s in SUITS:
        held = [p for p in range(1, TOP + 1) if p != 2 and hand.get(POSITION_RANK[p] + s, 0) > 0]
        for i, a in enumerate(held):
            for b in held[i + 1 :]:
                gap = b - a
                ca, cb = POSITION_RANK[a] + s, POSITION_RANK[b] + s
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
    for r in (1, 3):
        others = [POSITION_RANK[r] + s for s in SUITS if hand.get(POSITION_RANK[r] + s, 0) > 0]
        if len(others) >= 2:
            yield [others[0], others[1], card]


def layoffs_with(card: str, hand: Hand, meld: Meld) -> Iterator[tuple[list[str], Action]]:
    """Lay-offs onto ``meld`` that put ``card`` down: (cards from the hand, the action's fields)."""
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
    joker_ok, banakil_ok = not meld.has(WILD_JOKER), not meld.has(BANAKIL)
    for place in places_of(card):
        if place < meld.low or place > meld.high:
            low_end = place < meld.low
            gap_places = range(place + 1, meld.low) if low_end else range(meld.high + 1, place)
            blocks: list[list[str]] = []
            for cheap in _preferences(hand):
                gap = _fill_run(hand, {card: 1}, suit, gap_places, joker_ok, banakil_ok, cheap)
                if gap is not None:
                    block = [card, *gap] if low_end else [*gap, card]
                    if block not in blocks:
                        blocks.append(block)
            end = "low" if low_end else "high"
            for block in blocks:
                if _fits(meld, block, end):
                    yield block, {"cards": block, "end": end}
        else:
            held = meld.cards[place - meld.low]
            if INFO[held][0] == BANAKIL:
                if meld.low > 1:
                    yield [card], {"cards": [card], "banakil_to": "low"}
                if meld.high < TOP:
                    yield [card], {"cards": [card], "banakil_to": "high"}


def _fits(meld: Meld, block: list[str], end: str) -> bool:
    try:
        lay_off(meld, block, end)
    except InvalidMeld:
        return False
    return True


def _fits(meld: Meld, block: list[str], end: str) -> bool:
    try:
        lay_off(meld, block, end)
    except InvalidMeld:
        return False
    return True


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
    # (b) lay-offs on melds the seat may use now
    later_partner: list[TableMeld] = []
    for tm in melds:
        if may_lay_off_on(tm.owner, seating):
            for _block, fields in layoffs_with(card, hand, tm.meld):
                yield [{"type": "layoff", "meld": tm.id, **fields}]
        elif seating.is_partner(tm.owner):
            later_partner.append(tm)
    # (a) a new meld of it
    for cards in new_melds_with(card, hand):
        yield [{"type": "meld", "cards": cards}]
    # (b) the partner's melds, after laying a meld of one's own from the cards left
    for tm in later_partner:
        for block, fields in layoffs_with(card, hand, tm.meld):
            first = first_meld(_minus(hand, block))
            if first is not None:
                yield [
                    {"type": "meld", "cards": first},
                    {"type": "layoff", "meld": tm.id, **fields},
                ]
    # (c) it replaces a joker on the team's melds, and that joker can then go down
    if not swaps or INFO[card][0] != REAL:
        return
    for tm in melds:
        if tm.owner % 2 != seating.seat % 2 or JOKER not in tm.meld.cards:
            continue
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
    for _way in ways(card, hand, melds, seating):
        return True
    return False
