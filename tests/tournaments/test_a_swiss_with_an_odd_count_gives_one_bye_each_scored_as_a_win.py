"""Five players: round 1 seats 1-2 and 3-4, the bye to 5 (the lowest). 1 and 3 win; 5 has 1
point from the bye. Round 2: order 1, 3, 5 (1 point) then 2, 4: the bye goes to the lowest
without one, 4; tables 1-3 and 5-2. Buchholz counts no bye: 5's is 2's score only."""

from tournaments import swiss
from tournaments.swiss import LOSS, WIN, Game

SEEDS = [1, 2, 3, 4, 5]


def test_the_bye_goes_to_the_lowest_side_that_has_not_had_one_and_scores_a_win():
    first = swiss.pair(SEEDS, [])
    assert (first.tables, first.bye) == ([(1, 2), (3, 4)], 5)
    games = [Game(1, 2, WIN), Game(3, 4, WIN), Game(5, None, WIN)]
    second = swiss.pair(SEEDS, games)
    assert (second.tables, second.bye) == ([(1, 3), (5, 2)], 4)
    games += [Game(1, 3, WIN), Game(5, 2, LOSS), Game(4, None, WIN)]
    # 1: 2 pts; 2: 1 (beat 5); 3: 1; 4: 1 (bye); 5: 1 (bye). Buchholz of 5: 2's 1 point.
    by_side = {s.side: s for s in swiss.standings(SEEDS, games)}
    assert {side: s.points for side, s in by_side.items()} == {1: 4, 2: 2, 3: 2, 4: 2, 5: 2}
    assert by_side[5].buchholz == 2


def test_an_absent_side_is_left_out_and_its_loss_is_not_a_bye():
    games = [Game(5, None, LOSS)]
    pairing = swiss.pair(SEEDS, games, absent=[5])
    assert (pairing.tables, pairing.bye) == ([(1, 2), (3, 4)], None)
    assert swiss.pair(SEEDS, games).bye == 5  # back, and still owed its bye
