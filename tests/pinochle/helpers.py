"""Shared helpers for the Pinochle engine tests: stacked decks, scripted hands, refusal checks.

A stacked deck puts the cards a test names where the deal will put them (docs/rules/pinochle.md,
"Deal"): with n seats and packets of p cards, the k-th seat after the dealer (k = 0 is the
eldest) takes ``deck[(n*r + k)*p : (n*r + k)*p + p]`` for r = 0, 1, ...; three-handed, the last
three cards are the widow. Hands not named are filled from the cards left, in canonical order.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from games.pinochle import CANONICAL, IllegalAction, Options, Round

SIZE = {"single": 12, "double": 20, "three": 15}
PACKET = {"single": 3, "double": 4, "three": 3}


def codes(cards: str | Iterable[str]) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def stacked_deck(
    hands: Mapping[int, str | Sequence[str]],
    *,
    dealer: int,
    variant: str = "single",
    widow: str | Sequence[str] | None = None,
) -> list[str]:
    """The deck that deals ``hands`` (seat -> cards, in the order given) and ``widow``."""
    n = 3 if variant == "three" else 4
    size, p = SIZE[variant], PACKET[variant]
    pool = Counter(CANONICAL[variant])
    named = {seat: codes(cards) for seat, cards in hands.items()}
    widow_cards = codes(widow) if widow is not None else None
    for card in [c for cs in named.values() for c in cs] + (widow_cards or []):
        if pool[card] <= 0:
            raise AssertionError(f"the deck has no more {card}")
        pool[card] -= 1
    rest: list[str] = []
    for c in CANONICAL[variant]:
        if pool[c] > 0:
            pool[c] -= 1
            rest.append(c)
    dealt: dict[int, list[str]] = {}
    for seat in range(n):
        hand = list(named.get(seat, []))
        if len(hand) > size:
            raise AssertionError(f"seat {seat} gets {size} cards, not {len(hand)}")
        while len(hand) < size:
            hand.append(rest.pop(0))
        dealt[seat] = hand
    deck: list[str] = [""] * (n * size)
    for k in range(n):
        seat = (dealer + 1 + k) % n
        for r in range(size // p):
            start = (n * r + k) * p
            deck[start : start + p] = dealt[seat][r * p : r * p + p]
    if variant == "three":
        deck += widow_cards if widow_cards is not None else [rest.pop(0) for _ in range(3)]
    assert Counter(deck) == Counter(CANONICAL[variant]), "the stacked deck is not the deck"
    return deck


def deal(
    hands: Mapping[int, str | Sequence[str]] | None = None,
    *,
    dealer: int = 3,
    widow: str | Sequence[str] | None = None,
    **options: Any,
) -> Round:
    """A hand dealt from a stacked deck. Default dealer 3 (seat 0 is the eldest; three-handed
    pass ``dealer=2`` for the same)."""
    o = Options(**options)
    deck = stacked_deck(hands or {}, dealer=dealer, variant=o.variant, widow=widow)
    return Round.deal(o, dealer, deck=deck)


def snapshot(r: Round) -> str:
    """Everything observable about a round: every view, the public one, and its serial form."""
    views = [r.view(s) for s in range(r.players)] + [r.view(None)]
    return json.dumps([views, r.to_json()], sort_keys=True)


def refused(r: Round, seat: Any, action: Any, code: str) -> IllegalAction:
    """Assert that ``action`` is refused with ``code`` and that nothing changed."""
    before = snapshot(r)
    with pytest.raises(IllegalAction) as info:
        r.apply(seat, action)
    assert info.value.code == code, f"refused with {info.value.code!r}: {info.value.message}"
    assert info.value.message and str(info.value) == info.value.message
    assert snapshot(r) == before, "a refused action changed the round"
    return info.value


def bid(r: Round, seat: int, amount: int) -> Any:
    return r.apply(seat, {"type": "bid", "amount": amount})


def pass_(r: Round, seat: int) -> Any:
    return r.apply(seat, {"type": "pass"})


def trump(r: Round, seat: int, suit: str) -> Any:
    return r.apply(seat, {"type": "trump", "suit": suit})


def play(r: Round, seat: int, card: str) -> Any:
    return r.apply(seat, {"type": "play", "card": card})


def auction(r: Round, *steps: int | None) -> None:
    """Bids (ints) and passes (None) for the seats in turn."""
    for step in steps:
        seat = r.turn
        assert seat is not None
        if step is None:
            pass_(r, seat)
        else:
            bid(r, seat, step)


def tricks(r: Round, *plays: str) -> list[int | None]:
    """Play whole tricks given as text, one card per seat in turn order: "AS KS JS 9S"."""
    winners = []
    for text in plays:
        out = None
        for card in codes(text):
            seat = r.turn
            assert seat is not None
            out = play(r, seat, card)
        winners.append(out)
    return winners


def play_out(r: Round, pick: Any = None) -> None:
    """Finish a hand: each seat plays the first of its legal actions (or ``pick(legal)``)."""
    while r.turn is not None:
        legal = r.legal_actions()
        r.apply(r.turn, pick(legal) if pick else legal[0])


#: A deal for trick tests (dealer 3, so seat 0 is the eldest). Trump H: seat 1 is void in
#: diamonds, seat 3 in clubs; seat 2 holds three low hearts.
PLAY = {
    0: "AS TS KS AH 9H AD TD KD AC TC KC QC",
    1: "AS QS 9S TH KH AC TC KC QC JC JC 9C",
    2: "TS KS QS JS JH JH 9H AD TD KD QD 9C",
    3: "JS 9S AH TH KH QH QH QD JD JD 9D 9D",
}
#: Another: seat 0 holds every club, seats 1 and 2 are void in clubs and hold two trumps (H)
#: each, seat 3 holds most hearts.
OVER = {
    0: "AC AC TC TC KC KC QC QC JC JC 9C 9C",
    1: "9H JH AS AS TS TS KS KS QS QS JS JS",
    2: "QH AH AD AD TD TD KD KD QD QD 9D 9D",
    3: "9S 9S AH TH TH KH KH QH JH 9H JD JD",
}


def to_play(
    hands: Mapping[int, str | Sequence[str]] | None = None,
    *,
    suit: str = "H",
    declarer: int = 0,
    dealer: int = 3,
    discard: str | None = None,
    **options: Any,
) -> Round:
    """A hand dealt from ``hands``, bid by ``declarer`` alone (at the least amount), with ``suit``
    named trump (and ``discard`` made three-handed): ready for the first lead."""
    r = deal(hands, dealer=dealer, **options)
    while r.view(None)["phase"] == "bidding":
        seat = r.turn
        assert seat is not None
        if seat == declarer:
            r.apply(seat, r.legal_actions()[0])
        else:
            pass_(r, seat)
    trump(r, declarer, suit)
    if discard is not None:
        r.apply(declarer, {"type": "discard", "cards": codes(discard)})
    assert r.view(None)["phase"] == "play"
    return r


def dealt_deck(
    hands: Mapping[int, str | Sequence[str]],
    *,
    dealer: int,
    variant: str,
    rest: str | Sequence[str] = (),
    **options: Any,
) -> list[str]:
    """The deck that deals every seat's ``hands`` (each given whole) in any variant's packets
    (docs/rules/pinochle.md, "The deal, exactly"), then ``rest`` (a widow, a kitty)."""
    o = Options(variant=variant, **options)
    n = o.players
    given = {seat: codes(cards) for seat, cards in hands.items()}
    deck: list[str] = []
    taken = [0] * n
    for p in o.packets:
        for k in range(n):
            seat = (dealer + 1 + k) % n
            deck += given[seat][taken[seat] : taken[seat] + p]
            taken[seat] += p
    assert taken == [len(given[s]) for s in range(n)], "a hand is not the deal's size"
    deck += codes(rest)
    assert Counter(deck) == Counter(CANONICAL[variant]), "the hands are not the deck"
    return deck
