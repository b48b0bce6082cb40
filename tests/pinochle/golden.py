"""The golden hand G1 as a function, for tests that need a played hand with known points."""

from __future__ import annotations

from games.pinochle import Match, Round

from .helpers import auction, stacked_deck, tricks, trump
from .test_golden_hands_score_by_hand import G1, G1_TRICKS


def g1_round(m: Match, contract: int) -> Round:
    """G1 dealt by ``m`` (its dealer must be 3), declared by seat 0 at ``contract`` in hearts:
    team A 47 (made when the contract is at most 47, else set), team B 104."""
    assert m.dealer == 3
    r = m.deal(deck=stacked_deck(G1, dealer=3))
    auction(r, 20, 21, None, None, contract, None)
    trump(r, 0, "H")
    tricks(r, *G1_TRICKS)
    return r
