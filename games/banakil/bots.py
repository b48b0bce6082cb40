"""The baseline bot («لاعب آلي»): a function from a seat's view to its next action.

It sees only what its seat may see. Each call returns one action; call it again after applying
it, until the turn passes. Strategy: take the pile card when it adds to what the hand can lay
down; put down what must go down; lay down the best melds; lay off; take jokers back; then throw
the card that helps least, shedding points.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from . import nazla, search
from .cards import JOKER
from .hints import (
    can_take_pile,
    layoff_hints,
    points,
    ready_melds,
    seating,
    swap_hints,
    table_melds,
)
from .throws import choose_throw, throw_order
from .uses import Action, Seating, TableMeld, cost, ways


def _meld_points(hand: Counter[str]) -> int:
    return sum(points(m) for m in ready_melds(hand))


def _wants_pile(view: Mapping[str, Any], hand: Counter[str]) -> bool:
    top = view["pile_top"]
    if top is None or not can_take_pile(view):
        return False
    with_top = hand.copy()
    with_top[top] += 1
    if _meld_points(with_top) >= _meld_points(hand) + points([top]):
        return True
    seats = seating(view)
    return any(
        a["type"] == "layoff" and top in a["cards"]
        for a in layoff_hints(with_top, table_melds(view), seats)
    )


def next_action(view: Mapping[str, Any]) -> Action:
    """The bot's next action for the seat whose view this is (it must be that seat's turn)."""
    seat = view["seat"]
    if seat is None or view["turn"] != seat or view["phase"] == "ended":
        raise ValueError("the bot acts only in its own turn")
    hand = Counter(view["hand"])
    if view["phase"] == "draw":
        source = "pile" if _wants_pile(view, hand) else "stock"
        return {"type": "draw", "from": source}
    melds = table_melds(view)
    seats = seating(view)
    for owed in view["must_go_down"]:
        options = list(ways(owed, hand, melds, seats))
        if options:
            return most_down(options)
    return meld_lay_off_or_throw(hand, melds, seats, layoff_hints)


def most_down(options: list[list[Action]]) -> Action:
    """Of the ways to use an owed pile card, the first action of the one that puts the most
    down: the bot wants points on the table."""
    return max(options, key=lambda w: (cost(w)[0], cost(w)[1]))[0]


def meld_lay_off_or_throw(
    hand: Counter[str],
    melds: list[TableMeld],
    seats: Seating,
    layoffs: Callable[[Counter[str], list[TableMeld], Seating], list[Action]],
) -> Action:
    """The baseline's play once it has drawn and owes nothing: a ready meld, else the biggest
    lay-off (``layoffs``: ``layoff_hints`` or a twin giving the same list), else a swap for a
    wild when it holds no joker, else its throw. The search's play-outs call it from the
    round."""
    ready = ready_melds(hand)
    if ready:
        return {"type": "meld", "cards": ready[0]}
    found = layoffs(hand, melds, seats)
    if found:
        return max(found, key=lambda a: (len(a["cards"]), points(a["cards"])))
    swaps = swap_hints(hand, melds, seats)
    if swaps and hand[JOKER] == 0:
        return swaps[0]
    return {"type": "throw", "card": choose_throw(hand)}


# --- levels -------------------------------------------------------------------------------------

#: the hard bot's time per decision (ms); the search stops at this or at its sample count
BUDGET_MS = 250


def easy(view: Mapping[str, Any]) -> Action:
    """The easy bot: the baseline, except that it draws from the stock one time in two when it
    could use the pile card, and throws a random card one time in three (seeded by the view, so
    the same view plays the same way)."""
    action = next_action(view)
    rng = random.Random(search.seed_of(view))
    if action["type"] == "draw" and action["from"] == "pile" and rng.random() < 0.5:
        return {"type": "draw", "from": "stock"}
    if action["type"] == "throw" and rng.random() < 1 / 3:
        hand = sorted(set(view["hand"]))
        return {"type": "throw", "card": rng.choice(hand)}
    return action


def hard(
    view: Mapping[str, Any],
    budget_ms: float = BUDGET_MS,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
    samples: int | None = None,
) -> Action:
    """The hard bot: the «نزلة» plan (``nazla``) where it applies; else the baseline's melds,
    lay-offs and swaps, with its draw and its throw chosen by playing the round out over deals
    consistent with its view (``search``), for the match when the view carries its score
    (``registry.with_score``), else for the round's points. ``samples`` caps the deals searched
    (tests: a fixed count makes the choice depend on the seed only)."""
    planned = nazla.plan(view)
    if planned is not None:
        return planned
    action = next_action(view)
    if action["type"] == "draw":
        other = "stock" if action["from"] == "pile" else "pile"
        candidates = [action]
        if other == "stock" or can_take_pile(view):
            candidates.append({"type": "draw", "from": other})
    elif action["type"] == "throw":
        cards = [c for c in throw_order(Counter(view["hand"])) if c != action["card"]]
        candidates = [action] + [{"type": "throw", "card": c} for c in cards[: search.THROWS - 1]]
    else:
        return action
    limit = {} if samples is None else {"samples": samples}
    return search.choose(view, candidates, budget_ms=budget_ms, seed=seed, clock=clock, **limit)
