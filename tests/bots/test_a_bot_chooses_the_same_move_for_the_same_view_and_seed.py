"""Every level is a function of the view (and, for the hard bots, a seed): the same view and
seed give the same move, so a test or a replayed bug plays the same way. The hard bots search
with a sample count here, not a clock, so time does not change the answer."""

from __future__ import annotations

import time
from typing import Any

import pytest

from games import banakil, pinochle, registry


def positions(game: str, count: int = 12) -> list[dict[str, Any]]:
    """The first ``count`` views of a baseline round, each on its seat's turn."""
    r: Any
    if game == "pinochle":
        r = pinochle.Round.deal(pinochle.Options(), 1, secret=f"{6100:064x}")
    else:
        r = banakil.Round.deal(banakil.Options(), 1, secret=f"{6200:064x}")
    bot = registry.get(game).bot
    views = []
    while not r.over and len(views) < count:
        views.append(r.view(r.turn))
        r.apply(r.turn, bot(views[-1]))
    return views


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_the_same_view_and_seed_give_the_same_move_at_every_level(game):
    bots = registry.get(game).bots
    for view in positions(game):
        for level in registry.BOT_LEVELS:
            if level == "hard":
                moves = [
                    bots[level](view, seed=5, samples=6, budget_ms=60_000, clock=time.process_time)
                    for _ in range(2)
                ]
            else:
                moves = [bots[level](view) for _ in range(2)]
            assert moves[0] == moves[1]
