"""Shared helpers for the Banakil engine tests: stacked decks and refusal checks.

A stacked deck puts the cards a test names where the deal will put them (docs/rules/banakil.md, "The
deal"): the starter (the seat after the dealer) takes ``deck[0:19]``, then each following seat in
play order 18 cards, and the rest is the stock with ``deck[next]`` on top. Every seat's hand is
filled up with "quiet" cards (no wilds, no Aces or 3s, no two neighbours of one suit) so a filled
hand lays no meld of its own; the wilds not named by the test lie at the bottom of the stock.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

import pytest

from games.banakil import CANONICAL_DECK, IllegalAction, Options, Round

RANKS = "A23456789TJQK"
#: ranks used to fill hands, spread out so that fillers never sit next to each other
_FILL_RANKS = "468TQ579JK"


def codes(cards: str | Iterable[str]) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def _places(code: str) -> tuple[int, ...]:
    rank = RANKS.index(code[0]) + 1
    return (1, 14) if rank == 1 else (rank,)


def _near(code: str, hand: Iterable[str]) -> bool:
    """Whether ``code`` is the same card as, or a run neighbour of, a card of ``hand``."""
    if code == "JK":
        return False
    for other in hand:
        if other == "JK" or other[1] != code[1]:
            continue
        if any(abs(a - b) <= 1 for a in _places(code) for b in _places(other)):
            return True
    return False


def _runs(code: str, hand: Iterable[str]) -> bool:
    """Whether adding ``code`` gives three real cards of one suit in a row."""
    held = {p for c in hand if c != "JK" and c[0] != "2" and c[1] == code[1] for p in _places(c)}
    for p in _places(code):
        for low in (p - 2, p - 1, p):
            if all(q == p or q in held for q in (low, low + 1, low + 2)):
                return True
    return False


def stacked_deck(
    hands: Mapping[int, str | Sequence[str]],
    *,
    dealer: int,
    players: int = 4,
    stock: str | Sequence[str] = "",
    exact: bool = False,
) -> list[str]:
    """The 106-card deck that deals ``hands`` (seat -> cards) and puts ``stock`` on the stock's top.

    Hands not named, and named hands shorter than their size, are filled with quiet cards unless
    ``exact`` (then every hand must be given in full).
    """
    pool = Counter(CANONICAL_DECK)
    named = {seat: codes(cards) for seat, cards in hands.items()}
    top = codes(stock)
    for card in [c for cs in named.values() for c in cs] + top:
        if pool[card] <= 0:
            raise AssertionError(f"the deck has no more {card}")
        pool[card] -= 1
    starter = (dealer + 1) % players
    order = [(starter + k) % players for k in range(players)]
    fillers = [r + s for r in _FILL_RANKS for s in "SHDC"]
    dealt = {seat: list(named.get(seat, [])) for seat in order}
    sizes = {seat: 19 if k == 0 else 18 for k, seat in enumerate(order)}
    for seat in order:
        if len(dealt[seat]) > sizes[seat]:
            raise AssertionError(f"seat {seat} gets {sizes[seat]} cards, not {len(dealt[seat])}")
        if exact and len(dealt[seat]) != sizes[seat]:
            raise AssertionError(f"seat {seat} must be given all {sizes[seat]} cards")
    while any(len(dealt[s]) < sizes[s] for s in order):
        for seat in order:
            h = dealt[seat]
            if len(h) >= sizes[seat]:
                continue
            pick = next((c for c in fillers if pool[c] > 0 and not _near(c, h)), None)
            if pick is None:
                pick = next((c for c in fillers if pool[c] > 0 and not _runs(c, h)), None)
            if pick is None:
                pick = next(c for c in fillers if pool[c] > 0)
            pool[pick] -= 1
            h.append(pick)
    deck: list[str] = [c for seat in order for c in dealt[seat]]
    deck.extend(top)
    rest = [c for c in CANONICAL_DECK if c != "JK" and c[0] != "2"]
    rest += [c for c in CANONICAL_DECK if c == "JK" or c[0] == "2"]  # wilds at the bottom
    for card in rest:
        if pool[card] > 0:
            pool[card] -= 1
            deck.append(card)
    assert len(deck) == 106 and Counter(deck) == Counter(CANONICAL_DECK)
    return deck


def deal(
    hands: Mapping[int, str | Sequence[str]] | None = None,
    *,
    dealer: int = 3,
    players: int = 4,
    stock: str | Sequence[str] = "",
    exact: bool = False,
    **options: Any,
) -> Round:
    """A round dealt from a stacked deck. Default dealer 3: seat 0 starts (19 cards)."""
    deck = stacked_deck(hands or {}, dealer=dealer, players=players, stock=stock, exact=exact)
    return Round.deal(Options(players=players, **options), dealer=dealer, deck=deck)


def hand(r: Round, seat: int) -> list[str]:
    return list(r.view(seat)["hand"])


def held(r: Round, seat: int) -> Counter[str]:
    return Counter(r.view(seat)["hand"])


def snapshot(r: Round) -> str:
    """Everything observable about a round: every view, the public one, and its serial form."""
    views = [r.view(s) for s in range(r.players)] + [r.view(None)]
    return json.dumps([views, r.to_json()], sort_keys=True, default=str)


def refused(r: Round, seat: int, action: Any, code: str) -> IllegalAction:
    """Assert that ``action`` is refused with ``code`` and that nothing changed."""
    before = snapshot(r)
    with pytest.raises(IllegalAction) as info:
        r.apply(seat, action)
    assert snapshot(r) == before, "a refused action changed the round"
    assert info.value.code == code, f"refused with {info.value.code!r}: {info.value}"
    assert str(info.value)
    return info.value


def draw(r: Round, seat: int, source: str = "stock") -> Any:
    return r.apply(seat, {"type": "draw", "from": source})


def meld(r: Round, seat: int, cards: str) -> Any:
    return r.apply(seat, {"type": "meld", "cards": codes(cards)})


def throw(r: Round, seat: int, card: str) -> Any:
    return r.apply(seat, {"type": "throw", "card": card})


def layoff(r: Round, seat: int, meld_id: int, cards: str, **where: str) -> Any:
    return r.apply(seat, {"type": "layoff", "meld": meld_id, "cards": codes(cards), **where})


def swap(r: Round, seat: int, meld_id: int, card: str) -> Any:
    return r.apply(seat, {"type": "swap", "meld": meld_id, "card": card})


def pass_turn(r: Round, seat: int, card: str | None = None) -> str:
    """Draw from the stock and throw ``card`` (default: the card just drawn)."""
    drawn = draw(r, seat)
    throw(r, seat, card or drawn)
    return drawn


def table(r: Round) -> dict[int, list[str]]:
    """Meld id -> cards as they lie."""
    return {m["id"]: m["cards"] for m in r.view(None)["melds"]}


def stands_for(r: Round, meld_id: int) -> list[str]:
    return next(m["stands_for"] for m in r.view(None)["melds"] if m["id"] == meld_id)


def points(*values: str | int | float) -> list[Decimal]:
    return [Decimal(str(v)) for v in values]
