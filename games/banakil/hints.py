"""Hints («تلميحات»): ready melds, lay-offs on the team's melds, jokers to take back, the pile.

Everything here reads a seat's ``view`` only, so hints show exactly what that seat may know.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .cards import JOKER, POINTS, POSITION_RANK, SUITS, points_of
from .errors import InvalidMeld
from .melds import BANAKIL, INFO, MAX_SET, TOP, lay_off, meld_of, swap_joker
from .uses import (
    Action,
    Seating,
    TableMeld,
    keeps_owed_card,
    layoffs_with,
    may_lay_off_on,
    new_melds_with,
    usable,
    ways,
)

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: half-points of a real card by rank value (A=1 .. K=13)
_HALF = {r: (1 if 3 <= r <= 6 else 2) for r in range(1, 14)}
_J2, _B2 = 8, 4  # joker and banakil in half-points

Real = tuple[int, int]  # (suit index, rank value 1..13), ordered suit-major, Ace first


def _run_places(
    suit: int,
    low: int,
    high: int,
    fixed: int,
    c_place: int,
    held: Mapping[int, int],
    jokers: int,
    banakils: int,
) -> tuple[list[Any], list[Real], int, int] | None:
    """Fill places low..high of a run holding the card at ``c_place``: real cards first.
    ``held`` counts the other real cards of the suit by rank."""
    avail = dict(held)
    used: list[Real] = []
    layout: list[Any] = []
    j = b = 0
    for place in range(low, high + 1):
        if place == c_place:
            layout.append(("real", fixed))
            continue
        rank = 1 if place == TOP else place
        # real cards below the card itself are settled already (the card is the lowest real)
        if place > c_place or (fixed == 1 and c_place == TOP and place < TOP):
            if place != 2 and avail.get(rank, 0) > 0:
                avail[rank] -= 1
                used.append((suit, rank))
                layout.append(("real", rank))
                continue
        if j < 1 and jokers > 0:
            j = 1
            layout.append(("joker",))
        elif b < 1 and banakils > 0:
            b = 1
            layout.append(("banakil",))
        else:
            return None
    return layout, used, j, b


@lru_cache(maxsize=65536)
def _best(reals: tuple[Real, ...], jokers: int, banakils: int) -> tuple[int, tuple[Any, ...]]:
    """Most half-points that melds from these cards put down, and the melds (as layouts)."""
    if len(reals) < 2:
        return 0, ()
    c = reals[0]
    rest = reals[1:]
    best_points, best_melds = _best(rest, jokers, banakils)
    suit, rank = c

    def consider(points: int, layout: Any, used: Sequence[Real], j: int, b: int) -> None:
        nonlocal best_points, best_melds
        left = list(rest)
        for u in used:
            left.remove(u)
        sub_points, sub_melds = _best(tuple(left), jokers - j, banakils - b)
        if points + sub_points > best_points:
            best_points, best_melds = points + sub_points, (layout, *sub_melds)

    # runs in which c is the lowest real card
    held = Counter(r for s, r in rest if s == suit)
    places = (1, TOP) if rank == 1 else (rank,)
    for p in places:
        lows = range(TOP - 2, 0, -1) if p == TOP else range(max(1, p - 2), p + 1)
        for low in lows:
            highs = (TOP,) if p == TOP else range(max(low + 2, p), TOP + 1)
            for high in highs:
                filled = _run_places(suit, low, high, rank, p, held, jokers, banakils)
                if filled is None:
                    if p != TOP:
                        break  # a longer run from this low needs even more wilds
                    continue
                layout, used, j, b = filled
                if len(used) + 1 < 2:
                    continue
                points = _HALF[rank] + sum(_HALF[r] for _s, r in used) + j * _J2 + b * _B2
                consider(points, ("run", suit, low, tuple(layout)), used, j, b)
    # sets in which c is the lowest real card
    if rank in (1, 3):
        others = sorted({r for r in rest if r[1] == rank and r[0] != suit})
        subsets: list[list[Real]] = [[o] for o in others]
        subsets += [[a, b] for i, a in enumerate(others) for b in others[i + 1 :]]
        if len(others) == 3:
            subsets.append(list(others))
        for sub in subsets:
            base = _HALF[rank] * (1 + len(sub))
            room = MAX_SET - 1 - len(sub)
            for j in range(0, min(1, jokers, room) + 1):
                for b in range(0, min(1, banakils, room - j) + 1):
                    if 1 + len(sub) + j + b < 3:
                        continue
                    shape = ("set", rank, (suit, *[s for s, _r in sub]), j, b)
                    consider(base + j * _J2 + b * _B2, shape, sub, j, b)
    return best_points, best_melds


def ready_melds(hand: Sequence[str] | Mapping[str, int]) -> list[list[str]]:
    """Melds from the hand that together put down the most points (any max-points answer)."""
    counts = Counter(hand) if not isinstance(hand, Mapping) else Counter(dict(hand))
    reals: list[Real] = []
    for code, n in counts.items():
        kind, rank, suit = INFO[code]
        if not kind:
            reals.extend([(_SUIT_INDEX[suit], rank)] * n)
    banakil_codes = sorted(c for c in counts.elements() if INFO[c][0] == BANAKIL)
    _points, layouts = _best(tuple(sorted(reals)), counts[JOKER], len(banakil_codes))
    melds: list[list[str]] = []
    for shape in layouts:
        cards: list[str] = []
        if shape[0] == "run":
            places: tuple[Any, ...]
            _kind, suit, low, places = shape
            for i, place in enumerate(places):
                if place[0] == "real":
                    cards.append(POSITION_RANK[low + i] + SUITS[suit])
                elif place[0] == "joker":
                    cards.append(JOKER)
                else:
                    cards.append(banakil_codes.pop())
        else:
            _kind, rank, suits, j, b = shape
            cards = cards + [POSITION_RANK[rank] + SUITS[s] for s in suits]
            cards += [JOKER] * j + [banakil_codes.pop() for _ in range(b)]
        melds.append(cards)
    return melds


# --- reading a view --------------------------------------------------------------------------


def table_melds(view: Mapping[str, Any]) -> list[TableMeld]:
    out = []
    for m in view["melds"]:
        found = meld_of(m["cards"])
        if isinstance(found, InvalidMeld):  # pragma: no cover - the engine keeps melds valid
            raise found
        out.append(TableMeld(m["id"], m["owner"], found))
    return out


def seating(view: Mapping[str, Any]) -> Seating:
    seat = view["seat"]
    return Seating(
        seat,
        view["players"],
        view["has_meld"][seat],
        view["options"]["partner_layoff_needs_own_meld"],
    )


def layoff_hints(
    hand: Mapping[str, int], melds: Sequence[TableMeld], seats: Seating
) -> list[Action]:
    """Lay-offs of hand cards on the melds this seat may lay off on now."""
    out: list[Action] = []
    seen = set()
    for tm in melds:
        if not may_lay_off_on(tm.owner, seats):
            continue
        for card in sorted(hand):
            if hand[card] <= 0:
                continue
            for _block, fields in layoffs_with(card, hand, tm.meld):
                action = {"type": "layoff", "meld": tm.id, **fields}
                key = repr(action)
                if key not in seen:
                    seen.add(key)
                    out.append(action)
    return out


def swap_hints(hand: Mapping[str, int], melds: Sequence[TableMeld], seats: Seating) -> list[Action]:
    """Jokers on the team's melds this seat can take back now (and then lay down this turn)."""
    out: list[Action] = []
    for tm in melds:
        if tm.owner % 2 != seats.seat % 2 or JOKER not in tm.meld.cards:
            continue
        for card in sorted(hand):
            if hand[card] <= 0 or INFO[card][0]:
                continue
            try:
                swapped = swap_joker(tm.meld, card)
            except InvalidMeld:
                continue
            after = Counter(hand)
            after[card] -= 1
            after[JOKER] += 1
            table = [TableMeld(m.id, m.owner, swapped if m is tm else m.meld) for m in melds]
            if usable(JOKER, +after, table, seats):
                out.append({"type": "swap", "meld": tm.id, "card": card})
    return out


def can_take_pile(view: Mapping[str, Any]) -> bool:
    """Whether the seat may draw the pile's top card now (it must be usable this turn)."""
    top = view["pile_top"]
    if top is None or view["seat"] is None:
        return False
    if not view["options"]["pile_card_must_be_used"]:
        return True
    hand = Counter(view["hand"])
    hand[top] += 1
    return usable(top, hand, table_melds(view), seating(view))


def _owed_meld_plan(
    owed: str, hand: Counter[str], ready: list[list[str]]
) -> list[list[str]] | None:
    """Melds to lay down that put the owed card down first: the plan with the most points among
    the ready melds (when one holds it), a ready meld extended by it, and each small meld of it
    (``new_melds_with``) followed by the ready melds of the cards left. None if no meld holds it.
    """
    if any(owed in m for m in ready):
        return sorted(ready, key=lambda m: owed not in m)  # the most points already
    plans: list[list[list[str]]] = []
    left = hand - Counter(c for m in ready for c in m)  # holds the owed card
    for i, m in enumerate(ready):  # a ready meld the owed card extends
        found = meld_of(m)
        if isinstance(found, InvalidMeld):  # pragma: no cover - ready melds are valid
            continue
        for block, fields in layoffs_with(owed, left, found):
            try:
                if "banakil_to" in fields:
                    continue  # the banakil moves: the meld is no longer as listed
                extended = lay_off(found, block, fields.get("end"))
            except InvalidMeld:  # pragma: no cover - lay-offs found are valid
                continue
            plans.append([*ready[:i], list(extended.cards), *ready[i + 1 :]])
    for m in new_melds_with(owed, hand):
        plans.append([m, *ready_melds(hand - Counter(m))])
    if not plans:
        return None
    best = max(plans, key=lambda plan: sum(points(m) for m in plan))
    return sorted(best, key=lambda m: owed not in m)  # the owed card's meld first


def hints(view: Mapping[str, Any]) -> dict[str, Any]:
    """All hints for the seat whose view this is: JSON-serializable.

    While a card must go down (the pile card just taken, a joker just taken back), its uses come
    first: a meld holding it (with the most points the rest of the hand adds), lay-offs and
    swaps that put it down; then what may be played before it without stranding it. When its
    only way is a lay-off on the partner's meld after a meld of one's own, that meld is the first
    hint; the lay-off is hinted once the meld is down. Every action hinted is one ``apply`` takes
    now: lay-offs only on the melds ``may_lay_off_on`` allows, as the round checks."""
    hand = Counter(view["hand"])
    melds = table_melds(view)
    seats = seating(view)
    ready = ready_melds(hand)
    layoffs = layoff_hints(hand, melds, seats)
    swaps = swap_hints(hand, melds, seats)
    for owed in view["must_go_down"]:

        def allowed(action: Action, owed: str = owed) -> bool:
            return keeps_owed_card(action, owed, hand, melds, seats)

        plan = _owed_meld_plan(owed, hand, ready)
        if plan is not None:
            ready = plan
        else:
            ready = [m for m in ready if allowed({"type": "meld", "cards": m})]
        layoffs = [a for a in layoffs if owed in a["cards"]] + [
            a for a in layoffs if owed not in a["cards"] and allowed(a)
        ]
        swaps = [a for a in swaps if a["card"] == owed]
        if plan is None and not any(owed in a["cards"] for a in layoffs) and not swaps:
            # its way is a meld of one's own first, then a lay-off on the partner's meld: the
            # meld is the hint now (the lay-off is refused until it is down), then the melds of
            # the cards left but the lay-off's
            for way in ways(owed, hand, melds, seats):
                if len(way) == 2 and way[0]["type"] == "meld" and way[1]["type"] == "layoff":
                    first = way[0]["cards"]
                    ready = [first, *ready_melds(hand - Counter(first) - Counter(way[1]["cards"]))]
                    break
    from .round import _dec  # the one formatter of exact points

    return {
        "melds": ready,
        "meld_points": _dec(points_of(c for m in ready for c in m)),
        "layoffs": layoffs,
        "swaps": swaps,
        "pile": can_take_pile(view) if view["phase"] == "draw" else False,
    }


def points(cards: Sequence[str]) -> int:
    """Half-points of cards, as an int (for quick comparisons)."""
    return int(sum(POINTS[c] for c in cards) * 2)
