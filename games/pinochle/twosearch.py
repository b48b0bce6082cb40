"""The hard bot's search for two-handed Pinochle (``variant: "two"``).

In the strict stage (the stock is empty) a seat knows every card: whatever it has not seen (its
own hand, the tricks played, the trick on the table) is in the other seat's hand. The rest of
the hand is then a game of perfect information, solved exactly here: alpha-beta on the
counters still to win (A, T, K count 1, the last trick 1 more), with a transposition table on
(hands, leader) at trick boundaries. At most 12 tricks each; a node cap and the decision's time
budget (as the other search bots', ``games.search_budget``) bound the work, and a search that
reaches either gives up (``None``: the caller plays the baseline's card).

Pure Python, no Django (an engine module: archcheck).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from .cards import CANONICAL, COUNTER, STRENGTH, SUIT
from .options import LAST_TRICK_BONUS

#: the most nodes one decision may search before it gives up (a 12-trick endgame needs far fewer
#: in practice; this bounds the worst case to well under a second)
NODE_CAP = 200_000

Hand = tuple[str, ...]


class _OutOfNodes(Exception):
    pass


def unseen(view: Mapping[str, Any]) -> list[str] | None:
    """The cards the other seat holds, from what this seat has seen (strict stage only: with
    cards left in the stock, ``None``)."""
    if view.get("stock_count"):
        return None
    left = Counter(CANONICAL["two"])
    left.subtract(view["hand"])
    for trick in view["tricks_played"]:
        left.subtract(p["card"] for p in trick)
    left.subtract(p["card"] for p in view["trick"])
    if any(n < 0 for n in left.values()):
        return None
    cards = sorted(left.elements())
    other = 1 - view["seat"]
    if len(cards) != view["hand_counts"][other]:
        return None
    return cards


def _beats(card: str, win: str, trump: str) -> bool:
    if SUIT[card] == SUIT[win]:
        return STRENGTH[card] > STRENGTH[win]
    return SUIT[card] == trump


def follows(hand: Hand, lead: str, trump: str, rule: str) -> list[str]:
    """The distinct cards ``hand`` may play to ``lead``: follow, else trump, else any; with the
    beat rule, a card that beats the lead if one of those does."""
    led = SUIT[lead]
    allowed = [c for c in hand if SUIT[c] == led]
    if not allowed:
        allowed = [c for c in hand if SUIT[c] == trump] or list(hand)
    if rule == "always" or (rule == "trump_lead" and led == trump):
        beaters = [c for c in allowed if _beats(c, lead, trump)]
        if beaters:
            allowed = beaters
    return list(dict.fromkeys(allowed))


def _without(hand: Hand, card: str) -> Hand:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


class Solver:
    """Exact play of the strict stage: ``value`` is the counters seat 0 still wins."""

    def __init__(
        self,
        trump: str,
        rule: str,
        last_bonus: int,
        node_cap: int = NODE_CAP,
        deadline: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.deadline = deadline
        self.clock = clock
        self.trump = trump
        self.rule = rule
        self.last_bonus = last_bonus
        self.node_cap = node_cap
        self.nodes = 0
        self.table: dict[tuple[Hand, Hand, int], tuple[int, int]] = {}

    def _order(self, cards: list[str]) -> list[str]:
        # strong and counting cards first: good moves early make the cut-offs
        trump = self.trump
        return sorted(cards, key=lambda c: (-(SUIT[c] == trump), -STRENGTH[c]))

    def trick(self, hands: tuple[Hand, Hand], leader: int, lead: str, alpha: int, beta: int) -> int:
        """Seat 0's counters from here, once ``leader`` has led ``lead`` (already out of its
        hand in ``hands``)."""
        self.nodes += 1
        if self.nodes > self.node_cap:
            raise _OutOfNodes
        if self.deadline is not None and not self.nodes & 255 and self.clock() > self.deadline:
            raise _OutOfNodes
        follower = 1 - leader
        last = not hands[follower][1:]
        best = -1 if follower == 0 else 10_000
        for card in self._order(follows(hands[follower], lead, self.trump, self.rule)):
            won = follower if _beats(card, lead, self.trump) else leader
            points = COUNTER[lead] + COUNTER[card] + (self.last_bonus if last else 0)
            rest = list(hands)
            rest[follower] = _without(hands[follower], card)
            gain = points if won == 0 else 0
            if last:
                v = gain
            else:
                v = gain + self.value((rest[0], rest[1]), won, alpha - gain, beta - gain)
            if follower == 0:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def value(self, hands: tuple[Hand, Hand], leader: int, alpha: int, beta: int) -> int:
        """Seat 0's counters from a trick boundary, ``leader`` to lead."""
        key = (hands[0], hands[1], leader)
        lo, hi = self.table.get(key, (0, 10_000))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        best = -1 if leader == 0 else 10_000
        for card in self._order(list(dict.fromkeys(hands[leader]))):
            rest = list(hands)
            rest[leader] = _without(hands[leader], card)
            v = self.trick((rest[0], rest[1]), leader, card, alpha, beta)
            if leader == 0:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            self.table[key] = (lo, min(hi, best))
        elif best >= b0:
            self.table[key] = (max(lo, best), hi)
        else:
            self.table[key] = (best, best)
        return best


def card_values(
    view: Mapping[str, Any],
    node_cap: int = NODE_CAP,
    first: str | None = None,
    budget_ms: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, int] | None:
    """The legal cards' worth to the seat on turn (the counters it still wins with best play on
    both sides), in the strict stage; ``None`` in the stock stage, past the node cap or past
    ``budget_ms`` (milliseconds of ``clock``).

    The card ``first`` (else the first legal card) is valued exactly; each other card only
    where it does better than the best so far (alpha-beta at the root): a card valued no
    higher than that best may show a bound, never more than its worth."""
    other_cards = unseen(view)
    trump = view.get("trump")
    if other_cards is None or trump is None or view["phase"] != "play":
        return None
    options = view["options"]
    deadline = None if budget_ms is None else clock() + budget_ms / 1000
    solver = Solver(
        trump,
        options.get("must_beat", "always"),
        LAST_TRICK_BONUS["two"],
        node_cap=node_cap,
        deadline=deadline,
        clock=clock,
    )
    # the solver's seat 0 is this seat
    mine: Hand = tuple(sorted(view["hand"]))
    theirs: Hand = tuple(other_cards)
    legal = list(dict.fromkeys(a["card"] for a in view["legal"] if a["type"] == "play"))
    if first in legal:
        legal.remove(first)
        legal.insert(0, first)
    out: dict[str, int] = {}
    best = -1
    try:
        for card in legal:
            rest = (_without(mine, card), theirs)
            if view["trick"]:
                lead = view["trick"][0]["card"]
                last = len(mine) == 1
                won = 0 if _beats(card, lead, trump) else 1
                points = COUNTER[lead] + COUNTER[card] + (solver.last_bonus if last else 0)
                gain = points if won == 0 else 0
                v = gain if last else gain + solver.value(rest, won, best - gain, 10_000)
            else:
                v = solver.trick(rest, 0, card, best, 10_000)
            out[card] = v
            best = max(best, v)
    except _OutOfNodes:
        return None
    return out


def choose_card(
    view: Mapping[str, Any],
    fallback: str,
    node_cap: int = NODE_CAP,
    budget_ms: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> str:
    """The strict stage's best card (the fallback, the baseline's card, among equals); the
    ``fallback`` when the search cannot answer (the stock stage, the node cap)."""
    values = card_values(view, node_cap=node_cap, first=fallback, budget_ms=budget_ms, clock=clock)
    if not values:
        return fallback
    best = max(values.values())
    return next(c for c, v in values.items() if v == best)
