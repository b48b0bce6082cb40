"""Every bot level plays whole rounds with legal actions only, in every mode and variant of both
games, seeing only its seat's view (the hard bots with a small budget, as tests must be quick)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from games import banakil, pinochle, registry
from tests.pinochle.test_bot_hands_end_legally_in_every_variant import is_legal


def level_bot(game: str, level: str) -> Any:
    bot = registry.get(game).bots[level]
    if level == "hard":
        # a few samples each: the moves are as legal, and the test stays fast
        return lambda view: bot(view, budget_ms=40, clock=time.process_time, samples=6)
    return bot


PINOCHLE_OPTIONS = [
    {"variant": "single"},
    {"variant": "single", "pass_cards": 3, "must_beat": "trump_lead", "first_lead": "eldest"},
    {"variant": "double", "trump_needs_marriage": True, "save_meld": "off"},
    {"variant": "three", "first_lead_trump": True, "must_beat": "none"},
]


@pytest.mark.parametrize("level", registry.BOT_LEVELS)
@pytest.mark.parametrize("opts", PINOCHLE_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_pinochle_hands_end_with_legal_actions_at_every_level(level, opts):
    options = pinochle.Options(**opts, bot_level=level)
    bot = level_bot("pinochle", level)
    played = 0
    for k in range(3):
        r = pinochle.Round.deal(options, k % options.players, secret=f"{k + 4100:064x}")
        while r.turn is not None:
            action = bot(r.view(r.turn))
            assert is_legal(r, action), action
            r.apply(r.turn, action)
        assert r.result is not None
        played += r.result["reason"] == "played"
    assert played


@pytest.mark.parametrize("level", registry.BOT_LEVELS)
@pytest.mark.parametrize("players", [4, 2])
def test_banakil_rounds_end_with_legal_actions_at_every_level(level, players):
    options = banakil.Options(players=players, bot_level=level)
    bot = level_bot("banakil", level)
    for k in range(2):
        r = banakil.Round.deal(options, k % players, secret=f"{k + 4200:064x}")
        while r.result is None:
            seat = r.turn
            action = bot(r.view(seat))
            r.apply(seat, action)  # an illegal action raises IllegalAction
        assert r.result["reason"] in ("out_by_throw", "out_by_laying_down", "exhausted")
