"""The hard bot's play-outs read the baseline's moves straight from the round (no view built):
they are the moves ``bots.next_action`` plays from the seat's view, at every step of whole
baseline rounds."""

from __future__ import annotations

from games import banakil
from games.banakil import bots, search


def test_every_play_out_move_is_the_baseline_move_from_the_view():
    moves = 0
    for k in range(12):
        r = banakil.Round.deal(banakil.Options(), k % 4, secret=f"{k + 7300:064x}")
        while not r.over:
            action = bots.next_action(r.view(r.turn))
            assert search.baseline_move(r) == action
            r.apply(r.turn, action)
            moves += 1
    assert moves > 300
