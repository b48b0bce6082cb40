"""A stacked deck for any packets: each seat's cards where the deal puts them, the rest after.

Used for the kitty (packets 3 3 3 2, ``deck[44:48]`` the kitty) and cutthroat (4 4 4 4): the deal
itself (``deal_hands``) says where each position of the deck goes, so the test names every card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from games.pinochle import CANONICAL, Options, Round
from games.pinochle.cards import deal_hands

from .helpers import codes

KITTY_DEALER = 3  # seat 0 is the eldest


def deck_for(
    hands: Mapping[int, str], rest: str, *, dealer: int, variant: str, packets: Sequence[int]
) -> list[str]:
    """The deck that deals ``hands`` (every seat named) and leaves ``rest`` (the kitty)."""
    canonical = CANONICAL[variant]
    slots = [str(i) for i in range(len(canonical))]
    deck = [""] * len(canonical)
    for seat, places in enumerate(deal_hands(slots, dealer, variant, packets)):
        for place, card in zip(places, codes(hands[seat]), strict=True):
            deck[int(place)] = card
    left = codes(rest)
    deck[len(deck) - len(left) :] = left
    assert Counter(deck) == Counter(canonical), "the stacked deck is not the deck"
    return deck


def kitty_round(hands: Mapping[int, str], kitty_cards: str, **options: object) -> Round:
    """A single-deck hand with a kitty, dealt by seat 3 from a stacked deck."""
    o = Options(**options)  # type: ignore[arg-type]
    deck = deck_for(hands, kitty_cards, dealer=KITTY_DEALER, variant="single", packets=o.packets)
    return Round.deal(o, KITTY_DEALER, deck=deck)
