"""The Banakil bots' levels: easy (the baseline with slips), medium (the baseline,
``baseline.next_action``) and hard (the «نزلة» plan, else the baseline with its draw and throw
chosen by the search).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from . import nazla, search
from .baseline import next_action
from .hints import can_take_pile
from .throws import throw_order
from .uses import Action

__all__ = ["BUDGET_MS", "easy", "hard", "next_action"]


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
