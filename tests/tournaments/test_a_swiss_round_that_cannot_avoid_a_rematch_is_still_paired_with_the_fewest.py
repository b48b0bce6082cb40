"""A Swiss round is always paired: when no pairing avoids a rematch, or the search for one has
spent its steps, each side takes the nearest side below it it has not met, or else the nearest,
and the rematches are counted (the sweep never sticks on a round)."""

import time

from tournaments import swiss
from tournaments.swiss import DRAW, LOSS, WIN, Game


def test_four_players_in_a_fourth_round_meet_again_two_rematches():
    # three rounds: every pair has met once; 1 won all three, 2 won two, 3 one, 4 none
    games = [
        Game(1, 2, WIN), Game(3, 4, WIN),
        Game(1, 3, WIN), Game(2, 4, WIN),
        Game(1, 4, WIN), Game(2, 3, WIN),
    ]  # fmt: skip
    pairing = swiss.pair([1, 2, 3, 4], games)
    # no pairing avoids a rematch: top down, 1 with the nearest (2), then 3 with 4
    assert pairing == swiss.Pairings([(1, 2), (3, 4)], None, rematches=2)


def test_a_search_out_of_steps_settles_for_the_greedy_pairing(monkeypatch):
    # 1 and 2 each drew with 5 (absent now), 3 drew with 4: all four on 1 point, seed order
    games = [Game(1, 5, DRAW), Game(2, 5, DRAW), Game(3, 4, DRAW)]
    # the search: 1 takes 2, then 3 and 4 have met: a dead end; back out, 1 takes 3, 2 takes 4
    assert swiss.pair([1, 2, 3, 4, 5], games, absent=[5]) == swiss.Pairings([(1, 3), (2, 4)], None)
    # given a single step, it gives up: 1 takes 2 (not met), 3 takes 4 (a rematch)
    monkeypatch.setattr(swiss, "SEARCH_LIMIT", 1)
    greedy = swiss.pair([1, 2, 3, 4, 5], games, absent=[5])
    assert greedy == swiss.Pairings([(1, 2), (3, 4)], None, rematches=1)


def test_a_field_of_a_thousand_whose_last_side_met_everyone_pairs_within_a_second():
    # side 999 has played and lost to all 999 others: it sits last and no pairing can avoid a
    # rematch for it, which a search without a limit would only learn after trying every way
    # of pairing the rest (it would never end)
    seeds = list(range(1000))
    games = [Game(999, side, LOSS) for side in range(999)]
    started = time.process_time()
    pairing = swiss.pair(seeds, games)
    assert time.process_time() - started < 5  # about 0.5 s here; the limit is what matters
    assert len(pairing.tables) == 500 and pairing.bye is None
    assert pairing.rematches == 1
    assert sorted(s for table in pairing.tables for s in table) == seeds
