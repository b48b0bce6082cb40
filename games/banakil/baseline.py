"""The baseline bot («لاعب آلي»), the medium level: a function from a seat's view to its next
action; the hard bot's play-outs (``search``) play its moves for every seat.

It sees only what its seat may see. Each call returns one action; call it again after applying
it, until the turn passes. Strategy: take the pile card when it adds to what the hand can lay
down; put down what must go down; lay down the best melds; lay off; take jokers back; then throw
the card that helps least, shedding points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

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
from .throws import choose_throw
from .uses import Action, Seating, TableMeld, cost, ways


def meld_points(hand: Counter[str]) -> int:
    return sum(points(m) for m in ready_melds(hand))


def _wants_pile(view: Mapping[str, Any], hand: Counter[str]) -> bool:
    top = view["pile_top"]
    if top is None or not can_take_pile(view):
        return False
    with_top = hand.copy()
    with_top[top] += 1
    if meld_points(with_top) >= meld_points(hand) + points([top]):
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
