"""The Swiss search for a round with no repeated game is bounded (``swiss.SEARCH_LIMIT``
steps): when no such pairing exists, or the search gives up, each side from the top takes the
nearest side below it that it has not met, or else the nearest: a rematch, never a hang."""

import time

from tournaments import swiss
from tournaments.swiss import WIN, Game


def test_a_fourth_round_of_four_repeats_a_game_rather_than_failing():
    games = [Game(a, b, WIN) for a, b in ((1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3))]
    plan = swiss.pair([1, 2, 3, 4], games)
    # all three have met all: 1 (3 points) takes 2, the nearest below it; 3 takes 4
    assert sorted(map(sorted, plan.tables)) == [[1, 2], [3, 4]]
    assert plan.repeats == 2 and plan.bye is None


def test_a_side_that_has_met_everyone_among_thirty_is_paired_at_once():
    seeds = list(range(1, 31))
    # side 30 has met every other side: no pairing without a repeat exists, and the plain
    # search would try 28 × 26 × … ways of pairing the others before it found that out
    games = [Game(30, other, WIN) for other in seeds[:-1]]
    started = time.perf_counter()
    plan = swiss.pair(seeds, games)
    took = time.perf_counter() - started
    assert took < 2.0
    assert len(plan.tables) == 15
    assert sorted(s for table in plan.tables for s in table) == seeds
    assert plan.repeats == 1  # only side 30's table repeats a game
    (table,) = [t for t in plan.tables if 30 in t]
    assert table[0] == 30  # side 30 (29 wins) is at the top and takes the nearest, 1


def test_a_field_with_a_clean_pairing_is_not_touched_by_the_limit():
    plan = swiss.pair([1, 2, 3, 4], [Game(1, 2, WIN), Game(3, 4, WIN)], limit=50)
    assert plan.repeats == 0
    assert sorted(map(sorted, plan.tables)) == [[1, 3], [2, 4]]
