"""While it keeps its melds for a «نزلة», the hard bot throws a card that leaves the fewest cards
outside melds, and among those the one that helps its hand least (the baseline's rating), before
the one with the most points: a lone card goes before one that waits for a neighbour."""

from __future__ import annotations

from collections import Counter

from games.banakil import nazla
from games.banakil.throws import keep_score
from tests.banakil.helpers import deal

#: seat 1: melds of 15 cards; three odd cards: 5H (alone), QC and KC (neighbours, no meld yet)
MELDS_AND_THREE = "4S 5S 6S 7S 8S 8D 9D TD JD 9H TH JH 3S 3D 3C 5H QC KC"


def test_it_throws_the_lone_card_before_the_higher_one_with_a_neighbour():
    r = deal({0: "KS", 1: MELDS_AND_THREE}, stock="9S")
    r.apply(0, {"type": "throw", "card": "KS"})
    r.apply(1, {"type": "draw", "from": "stock"})  # 9S goes on the spades
    view = r.view(1)
    hand = Counter(view["hand"])
    # each of the three leaves two cards outside melds; QC and KC have more points than 5H
    for card in ("5H", "QC", "KC"):
        assert nazla.left_out(hand - Counter([card])) == 2
    assert keep_score("5H", hand) < keep_score("QC", hand)
    assert nazla.plan(view) == {"type": "throw", "card": "5H"}
