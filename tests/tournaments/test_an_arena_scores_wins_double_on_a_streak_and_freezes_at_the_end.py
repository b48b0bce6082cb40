"""An arena of 10 minutes (600 s) with a grace of 30 s, players 1, 2, 3, 4; matches counted in
the order they ended.

Player 1: beats 2 (60 s, +2), beats 3 (130, +2: two wins, now on a streak), beats 4 (200, +4),
beats 2 (260, +4), loses to 3 (320, 0: the streak ends), loses to 3 (330, 0), beats 4 (400,
+2) → 14 points.
Player 3: draws with 4 (70, +1), loses to 1 (130), beats 1 twice (320, 330: +2 +2) → 5, on a
streak. A match started at 590 s and ended at 640 s (after 600 + 30) does not count: 4's win
there; 4 has 1 point (the draw), 2 none.
"""

from tournaments import arena
from tournaments.arena import Match


def m(a: int, b: int, winner: int | None, ended: float, started: float | None = None) -> Match:
    return Match(((a,), (b,)), winner, ended - 60 if started is None else started, ended)


MATCHES = [
    m(1, 2, 0, 60),
    m(3, 4, None, 70),
    m(1, 3, 0, 130),
    m(1, 4, 0, 200),
    m(1, 2, 0, 260),
    m(1, 3, 1, 330),
    m(1, 4, 0, 400),
    m(3, 1, 0, 320),  # ends before 330: 3's win comes after its draw
    m(2, 4, 1, 640, started=590),  # past the grace: frozen out
]


def test_points_double_on_a_streak_and_a_match_past_the_grace_does_not_count():
    table = arena.scores([1, 2, 3, 4], MATCHES, length=600, grace=30)
    # 1: +2 +2 (streak) +4 +4, then at 320 loses to 3 (streak ends), 330 loses to 3 again,
    # 400 beats 4: +2 → 14
    assert table[1].points == 14
    assert table[1].streak == 1 and not table[1].on_fire
    # 3: draw (70) +1, loss (130), win (320) +2, win (330) +2 → 5, on fire after two wins
    assert (table[3].points, table[3].on_fire) == (5, True)
    assert table[4].points == 1  # the draw; the frozen-out win does not count
    assert [s.player for s in arena.ranking(table, seeds=[1, 2, 3, 4])] == [1, 3, 4, 2]


def test_free_players_are_seated_by_close_standing_and_not_straight_back_against_the_last():
    standing = [1, 2, 3, 4, 5, 6]
    assert arena.pair([6, 2, 1, 5], standing) == [((1,), (2,)), ((5,), (6,))]
    assert arena.pair([1, 2, 3], standing, last_opponents={1: {2}, 2: {1}}) == [((1,), (3,))]
    assert arena.pair([1], standing) == []  # alone: waits


def test_partnership_tables_put_the_first_and_fourth_against_the_second_and_third():
    assert arena.pair([4, 3, 2, 1, 5], [1, 2, 3, 4, 5], seats=4) == [((1, 4), (2, 3))]
