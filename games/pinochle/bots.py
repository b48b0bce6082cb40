"""The baseline bot («لاعب آلي»): a function from a seat's view to its next action.

It sees only what its seat may see. Strategy: bid the lowest legal amount while its meld plus a
rough count of its tricks (``hints.estimates``) covers it; name its best trump; pass trumps and
aces to the declarer and return the cards that help least; discard safe counters; in play, win
tricks that hold counters when it can, feed counters to its partner's winning trick, and duck
low otherwise.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import search, twosearch
from .cards import COUNTER, LOW_KEY, STRENGTH, SUIT, SUITS, partner_of, sort_cards
from .hints import (
    best_trump,
    concession,
    meld_cards,
    suggested_bid,
    suggested_discard,
    suggested_kitty,
)
from .two import MELDS

Action = dict[str, Any]


def _pick(cards: Sequence[str], n: int, key: Any) -> list[str]:
    return sort_cards(sorted(cards, key=key)[:n])


def winning(trick: Sequence[Mapping[str, Any]], trump: str) -> tuple[int, str]:
    """The seat and card now winning a trick in progress."""
    seat, card = trick[0]["seat"], trick[0]["card"]
    for play in trick[1:]:
        c = play["card"]
        if (SUIT[c] == SUIT[card] and STRENGTH[c] > STRENGTH[card]) or (
            SUIT[c] == trump != SUIT[card]
        ):
            seat, card = play["seat"], c
    return seat, card


def _beats(card: str, win: str, trump: str) -> bool:
    if SUIT[card] == SUIT[win]:
        return STRENGTH[card] > STRENGTH[win]
    return SUIT[card] == trump


def _lead(view: Mapping[str, Any], legal: list[str], trump: str) -> str:
    low = LOW_KEY[trump]
    hand = view["hand"]
    aces = [c for c in legal if c[0] == "A" and SUIT[c] != trump]
    if aces:
        return aces[0]
    trumps = [c for c in legal if SUIT[c] == trump]
    if view["declarer"] == view["seat"] and len(trumps) * 3 >= len(hand) and trumps:
        top = max(trumps, key=low.__getitem__)
        if top[0] in "AT":
            return top  # draw the others' trumps
    quiet = [c for c in legal if not COUNTER[c] and SUIT[c] != trump]
    return min(quiet or legal, key=lambda c: (COUNTER[c], low[c]))


def _follow(view: Mapping[str, Any], legal: list[str], trump: str) -> str:
    low = LOW_KEY[trump]
    trick = view["trick"]
    seat, players = view["seat"], view["players"]
    win_seat, win_card = winning(trick, trump)
    last = len(trick) == players - 1
    partner = partner_of(view["options"]["variant"], seat)
    if win_seat == partner:
        safe = (
            last
            or (SUIT[win_card] == trump and win_card[0] == "A")
            or (win_card[0] == "A" and SUIT[trick[0]["card"]] == SUIT[win_card])
        )
        if safe:
            # feed counters: K, then T, then A; non-trumps first
            return min(
                legal,
                key=lambda c: (not COUNTER[c], SUIT[c] == trump, c[0] == "A", low[c]),
            )
        return min(legal, key=lambda c: (COUNTER[c], low[c]))
    winners = [c for c in legal if _beats(c, win_card, trump)]
    counters = sum(COUNTER[p["card"]] for p in trick)
    if winners:
        cheapest = min(winners, key=low.__getitem__)
        if last or counters or COUNTER[cheapest] or cheapest[0] == "A":
            return cheapest
    return min(legal, key=lambda c: (COUNTER[c], low[c]))


def next_action(view: Mapping[str, Any]) -> Action:
    """The bot's next action for the seat whose view this is (it must be that seat's turn)."""
    seat = view.get("seat")
    if seat is None or view["turn"] != seat or view["result"] is not None:
        raise ValueError("the bot acts only in its own turn")
    legal: list[Action] = view["legal"]
    phase = view["phase"]
    options = view["options"]
    hand: list[str] = view["hand"]
    if phase == "bidding":
        amount = suggested_bid(view)
        return {"type": "pass"} if amount is None else {"type": "bid", "amount": amount}
    if phase == "trump":
        allowed = [a["suit"] for a in legal] or list(SUITS)
        return {"type": "trump", "suit": best_trump(hand, options, allowed)}
    if phase == "kitty":
        return {"type": "give_kitty", "cards": suggested_kitty(view)}
    if phase == "concede":
        advice = concession(view)
        assert advice is not None
        return {"type": advice["suggested"]}
    if phase == "discard":
        # safe counters first (they count for the declarer), as the hints suggest
        return {"type": "discard", "cards": suggested_discard(view)}
    trump: str = view["trump"]
    low = LOW_KEY[trump]
    if phase == "meld":
        return _meld(legal, trump)
    if phase == "play":
        cards = list(dict.fromkeys(a["card"] for a in legal))
        if len(cards) == 1:
            card = cards[0]
        elif not view["trick"]:
            card = _lead(view, cards, trump)
        else:
            card = _follow(view, cards, trump)
        # two-handed: a card that lies on the table has scored already: play that copy
        plays = [a for a in legal if a["card"] == card]
        return dict(next((a for a in plays if a.get("from") == "table"), plays[0]))
    melded = meld_cards(hand, trump, options)

    def keep_least(c: str) -> tuple[bool, bool, bool, int]:
        """Cards that help the least first: no trump, no meld, no ace, low."""
        return (SUIT[c] == trump, c in melded, c[0] == "A", low[c])

    n = options["pass_cards"]
    if seat != view["declarer"]:
        # the partner gives: trumps (highest first), then aces, then what it does not meld
        def give_first(c: str) -> tuple[bool, bool, bool, int]:
            return (SUIT[c] != trump, c[0] != "A", c in melded, -STRENGTH[c])

        return {"type": "pass_cards", "cards": _pick(hand, n, give_first)}
    return {"type": "pass_cards", "cards": _pick(hand, n, keep_least)}


def _meld(legal: list[Action], trump: str) -> Action:
    """Two-handed, after winning a stock-stage trick: declare the meld worth the most (the
    first of equals), or pass when there is none."""
    melds = [a for a in legal if a["type"] == "meld"]
    if not melds:
        return {"type": "pass"}
    table = MELDS[trump]
    return dict(max(melds, key=lambda a: table[tuple(a["cards"])][2]))


# --- levels -------------------------------------------------------------------------------------

#: the hard bot's time per decision (ms); play-outs stop at this or at their sample count
BUDGET_MS = 250


def easy(view: Mapping[str, Any]) -> Action:
    """The easy bot: bids and names trump like the baseline, but in play picks a random legal
    card one time in two (seeded by the view, so the same view plays the same card)."""
    if view.get("phase") == "play" and view.get("seat") == view.get("turn"):
        legal = view["legal"]
        rng = random.Random(search.seed_of(view))
        if len(legal) > 1 and rng.random() < 0.5:
            return dict(rng.choice(legal))
    return next_action(view)


def hard(
    view: Mapping[str, Any],
    budget_ms: float = BUDGET_MS,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
    samples: int | None = None,
) -> Action:
    """The hard bot: searches over deals consistent with its view (``search``): bids and names
    trump by simulated hands, plays the card with the best determinized play-outs; passes and
    discards like the baseline. ``samples`` caps the deals searched (tests: a fixed count makes
    the choice depend on the seed only). Two-handed: ``_hard_two``. In the variants the search
    does not model (cutthroat, six, eight, and with a kitty) it plays as the baseline bot."""
    limit = {} if samples is None else {"samples": samples}
    baseline = next_action(view)
    options = view["options"]
    if options["variant"] == "two":
        return _hard_two(view, baseline, budget_ms, seed, clock, samples)
    if options["variant"] not in search.VARIANTS or options["kitty"] != "none":
        return baseline  # the search knows the partnership and three-handed games, no kitty
    phase = view["phase"]
    if phase == "bidding":
        return search.choose_bid(view, budget_ms=budget_ms, seed=seed, clock=clock, **limit)
    if phase == "trump":
        return {
            "type": "trump",
            "suit": search.choose_trump(view, budget_ms=budget_ms, seed=seed, clock=clock, **limit),
        }
    if phase == "play":
        card = search.choose_card(
            view, baseline["card"], budget_ms=budget_ms, seed=seed, clock=clock, **limit
        )
        return {"type": "play", "card": card}
    return baseline


def _hard_two(
    view: Mapping[str, Any],
    baseline: Action,
    budget_ms: float,
    seed: int | None,
    clock: Callable[[], float],
    samples: int | None,
) -> Action:
    """Two-handed's hard bot: in the strict stage it knows every card and plays the exact
    solver's best card (``twosearch``), or the baseline's when the solver runs out of its
    ``budget_ms``; in the stock stage, the auction and the melds it plays as the baseline."""
    if view["phase"] != "play" or view.get("stock_count"):
        return baseline
    card = twosearch.choose_card(view, baseline["card"], budget_ms=budget_ms, clock=clock)
    return {"type": "play", "card": card}
