"""Helpers for the two-handed tests: a stacked deck, a trick that a chosen seat wins, a meld.

Two-handed deals 12 each in packets of 4, the eldest (the non-dealer) first: ``deck[0:4]``
eldest, ``deck[4:8]`` dealer, ..., ``deck[20:24]`` dealer. With the turn-up, ``deck[24]`` lies
face up and the stock is drawn from ``deck[25]`` on, the turn-up last; with an auction the stock
is ``deck[24:48]``. The tests use dealer 1, so seat 0 is the eldest.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.pinochle import CANONICAL_SINGLE, Options, Round
from games.pinochle.cards import STRENGTH, SUIT

from .helpers import codes

DEALER = 1


def two_deck(eldest: str, dealer: str, turn_up: str | None = None, stock: str = "") -> list[str]:
    """The deck that deals ``eldest`` and ``dealer`` (padded from the cards left, in canonical
    order), turns up ``turn_up`` (None: an auction deck) and draws ``stock`` first."""
    pool = Counter(CANONICAL_SINGLE)
    named = [*codes(eldest), *codes(dealer), *codes(stock), *([turn_up] if turn_up else [])]
    for c in named:
        assert pool[c] > 0, f"the deck has no more {c}"
        pool[c] -= 1
    rest: list[str] = []
    for c in CANONICAL_SINGLE:
        if pool[c] > 0:
            pool[c] -= 1
            rest.append(c)
    hands = [codes(eldest), codes(dealer)]
    for hand in hands:
        while len(hand) < 12:
            hand.append(rest.pop(0))
    deck: list[str] = []
    for r in range(3):
        deck += hands[0][4 * r : 4 * r + 4] + hands[1][4 * r : 4 * r + 4]
    if turn_up:
        deck.append(turn_up)
    deck += codes(stock) + rest
    assert Counter(deck) == Counter(CANONICAL_SINGLE) and len(deck) == 48
    return deck


def two_round(
    eldest: str,
    dealer: str,
    turn_up: str | None = "TH",
    stock: str = "",
    **options: Any,
) -> Round:
    """A two-handed hand from a stacked deck (dealer 1, seat 0 the eldest)."""
    auction = turn_up is None
    o = Options(variant="two", two_trump="auction" if auction else "turn_up", **options)
    return Round.deal(o, DEALER, deck=two_deck(eldest, dealer, turn_up, stock))


def beats(card: str, win: str, trump: str) -> bool:
    if SUIT[card] == SUIT[win]:
        return STRENGTH[card] > STRENGTH[win]
    return SUIT[card] == trump


def trick_to(r: Round, lead: str, follow: str | None = None) -> int | None:
    """The seat on turn leads ``lead`` (from its table if it lies there, else its hand); the
    other follows ``follow``, or (None) with the first legal card that does not beat it."""
    leader = r.turn
    assert leader is not None and r.trump is not None
    r.apply(leader, {"type": "play", "card": lead})
    if follow is None:
        follow = next(a["card"] for a in r.legal_actions() if not beats(a["card"], lead, r.trump))
    return r.apply(1 - leader, {"type": "play", "card": follow})


def meld(r: Round, cards: str) -> None:
    seat = r.turn
    assert seat is not None
    r.apply(seat, {"type": "meld", "cards": codes(cards)})


def no_meld(r: Round) -> None:
    seat = r.turn
    assert seat is not None
    r.apply(seat, {"type": "pass"})


def table_of(r: Round, seat: int) -> list[tuple[str, list[str]]]:
    return [(t["card"], t["classes"]) for t in r.view(None)["table"][seat]]
