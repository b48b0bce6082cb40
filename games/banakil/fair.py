"""Banakil's use of the fair shuffle (``games.fair``, sahrat-shuffle-v1): its 106-card deck.

The algorithm itself lives in ``games.fair``, shared by every game; its names are re-exported
here so ``from games.banakil import fair`` reads as before.
"""

from __future__ import annotations

from games.fair import (
    ALGORITHM,
    SEED_RE,
    InvalidSeed,
    Stream,
    check_seed,
    client_seed,
    commitment,
    first_dealer,
    new_secret,
    shuffle,
)

from .cards import CANONICAL_DECK

__all__ = [
    "ALGORITHM",
    "SEED_RE",
    "InvalidSeed",
    "Stream",
    "check_seed",
    "client_seed",
    "commitment",
    "deal_deck",
    "first_dealer",
    "new_secret",
    "shuffle",
]


def deal_deck(secret_hex: str, client_seed: str) -> list[str]:
    """The round's 106 codes, ``deck[0]`` on top."""
    return shuffle(CANONICAL_DECK, secret_hex, "deal", client_seed)
