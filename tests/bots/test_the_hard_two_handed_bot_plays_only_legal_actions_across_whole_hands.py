"""The hard two-handed bot plays only legal actions across whole hands (several deals, against
the baseline, either seat), and in the strict stage its card is never worth less than the
baseline's by the exact solver."""

from __future__ import annotations

import pytest

from games.pinochle import Options, Round, bots, twosearch
from tests.pinochle.test_bot_hands_end_legally_in_every_variant import is_legal


@pytest.mark.parametrize("k", range(3))
def test_whole_hands_end_with_legal_actions_only(k):
    options = Options(variant="two")
    r = Round.deal(options, k % 2, secret=f"{k + 7300:064x}")
    hard_seats = {k % 2}
    strict_moves = 0
    while r.turn is not None:
        view = r.view(r.turn)
        if r.turn in hard_seats:
            action = bots.hard(view, budget_ms=2000)
            if view["phase"] == "play" and not view["stock_count"]:
                strict_moves += 1
                base = bots.next_action(view)["card"]
                values = twosearch.card_values(view, first=base)
                assert values is not None
                assert values[action["card"]] >= values[base]
        else:
            action = bots.next_action(view)
        assert is_legal(r, action), action
        r.apply(r.turn, action)
    assert r.result is not None and r.result["reason"] == "played"
    assert strict_moves >= 12
