"""The hard bot's «نزلة» plan: the whole hand down in one turn, for 51 points (102 if the other
team has nothing on the table) while the other team scores nothing.

A seat with nothing on the table yet may go down all at once: melds (and lay-offs on its own
new melds) take every card but at most one, which it throws. The baseline lays down each meld
as soon as it holds it, so it goes down all at once only when its first melds happen to take
the whole hand. This plan instead:

- goes down all at once whenever the hand (with the card drawn) allows it, taking the pile's
  top card when that card completes it;
- keeps its melds in the hand while at most ``SHORT_BY`` (three) cards short of it: it throws
  the card that leaves the fewest cards outside melds (among equals the one that helps the hand
  least, as the baseline rates it, then the most points) and draws from the stock;
- gives up (and plays as the baseline) as soon as any other seat holds ``DANGER`` card or
  fewer: a round about to end would catch the whole hand in it, and the partner going out
  counts the hand against the team too.

Reads the seat's view only, and decides the same way for the same view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from .cards import CANONICAL_INDEX, POINTS
from .hints import can_take_pile, points, ready_melds
from .throws import keep_score
from .uses import Action

#: another seat holding this many cards or fewer may end the round soon: no more keeping melds
#: (measured in decision 78: one card beats two and three; none, waiting to the end, is worse)
DANGER: Final = 1
#: keep the melds in the hand while at most this many cards stay outside them after the throw
SHORT_BY: Final = 3


def left_out(hand: Counter[str]) -> int:
    """How many cards the best melds of ``hand`` leave in it."""
    return sum(hand.values()) - sum(len(m) for m in ready_melds(+hand))


def last_throw(hand: Counter[str], owed: str | None) -> str | None:
    """How the whole hand goes down now: ``""`` if melds take every card, else the card to throw
    after melding all the others (the most points first; never the card owed); None if it can't.

    Every card has points, so melds take every card exactly when their points are the hand's;
    and the rest melds whole only if the card thrown has at least the points the hand's best
    melds leave out, so cards with fewer are not tried."""
    short = points(list(hand.elements())) - sum(points(m) for m in ready_melds(+hand))
    if short == 0:
        return ""
    for card in sorted(hand, key=lambda c: (-POINTS[c], CANONICAL_INDEX[c])):
        if points([card]) < short:
            break
        if card == owed or hand[card] <= 0:
            continue
        rest = hand.copy()
        rest[card] -= 1
        if left_out(rest) == 0:
            return card
    return None


def may_wait(view: Mapping[str, Any]) -> bool:
    """Whether the seat has nothing down this round and no other seat is close to going out."""
    seat = view["seat"]
    if view["players"] != 4 or view["has_meld"][seat] or view["laid_down_before_turn"]:
        return False
    counts = view["hand_counts"]
    return all(counts[s] > DANGER for s in range(view["players"]) if s != seat)


def plan(view: Mapping[str, Any]) -> Action | None:
    """The plan's action for the seat on turn, or None where the plan has nothing to say."""
    hand = Counter(view["hand"])
    if view["phase"] == "draw":
        if view["has_meld"][view["seat"]] or view["laid_down_before_turn"]:
            return None
        top = view["pile_top"]
        if top is not None and can_take_pile(view):
            with_top = hand.copy()
            with_top[top] += 1
            if last_throw(with_top, top) is not None:
                return {"type": "draw", "from": "pile"}
        return {"type": "draw", "from": "stock"} if may_wait(view) else None
    if view["laid_down_before_turn"] or view["touched_partner"]:
        return None
    owed = view["must_go_down"][0] if view["must_go_down"] else None
    throw = last_throw(hand, owed)
    if throw is not None:
        rest = hand.copy()
        if throw:
            rest[throw] -= 1
        melds = ready_melds(+rest)
        if melds:
            return {"type": "meld", "cards": melds[0]}
        return {"type": "throw", "card": throw}
    if owed is not None or not may_wait(view):
        return None
    best: tuple[int, int, Any, int, str] | None = None
    for card in sorted(hand):
        rest = hand.copy()
        rest[card] -= 1
        option = (
            left_out(rest),
            keep_score(card, hand),
            -POINTS[card],
            CANONICAL_INDEX[card],
            card,
        )
        if best is None or option < best:
            best = option
    if best is not None and best[0] <= SHORT_BY:
        return {"type": "throw", "card": best[-1]}
    return None
