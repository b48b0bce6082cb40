"""A three-round Swiss of 8 players, seeds 1-8, by hand. The lower seed number wins unless said.

Round 1 (all on 0, nearest below): 1-2, 3-4, 5-6, 7-8 → 1, 3, 5, 7 win.
Round 2 (group of 1: 1 3 5 7; group of 0: 2 4 6 8): 1-3, 5-7, 2-4, 6-8; 7 beats 5 (upset)
  → 1 and 7 on 2; 2 3 5 6 on 1; 4 and 8 on 0.
Round 3: 1-7; 2-3; 5's nearest is 6 (met in round 1), then 4: 5-4 leaves 6-8 (met in round 2),
  so back up: 5-8 and 6-4. The lower numbers win: 1, 2, 5 and 4.
Final points: 1:3, 2:2, 5:2, 7:2, 3:1, 4:1, 6:1, 8:0.
Buchholz (opponents' final points):
  1: 2+3+7 → 2+1+2 = 5      2: 1+4+3 → 3+1+1 = 5      3: 4+1+2 → 1+3+2 = 6
  4: 3+2+6 → 1+2+1 = 4      5: 6+7+8 → 1+2+0 = 3      6: 5+8+4 → 2+0+1 = 3
  7: 8+5+1 → 0+2+3 = 5      8: 7+6+5 → 2+1+2 = 5
Sonneborn-Berger (beaten opponents' points): 2: beat 4 and 3 → 1+1 = 2; 7: beat 8 and 5 → 0+2
  = 2; so 2 and 7 tie twice and the seed puts 2 first.
Standings: 1 (3), 2 (2, B5, SB2), 7 (2, B5, SB2), 5 (2, B3), 3 (1, B6), 4 (1, B4), 6 (1, B3), 8.
"""

from tournaments import swiss
from tournaments.swiss import LOSS, WIN, Game

SEEDS = list(range(1, 9))
UPSETS = {(5, 7)}


def play(tables: list[tuple[int, int]]) -> list[Game]:
    """The lower seed number wins, but for the upset."""
    games = []
    for a, b in tables:
        a_wins = (a < b) != ((min(a, b), max(a, b)) in UPSETS)
        games.append(Game(a, b, WIN if a_wins else LOSS))
    return games


def test_three_rounds_pair_close_scores_without_repeats_and_rank_by_buchholz():
    games: list[Game] = []
    rounds = []
    for _ in range(3):
        pairing = swiss.pair(SEEDS, games)
        assert pairing.bye is None
        rounds.append(sorted(tuple(sorted(t)) for t in pairing.tables))
        games += play(pairing.tables)
    assert rounds == [
        [(1, 2), (3, 4), (5, 6), (7, 8)],
        [(1, 3), (2, 4), (5, 7), (6, 8)],
        [(1, 7), (2, 3), (4, 6), (5, 8)],
    ]
    table = swiss.standings(SEEDS, games)
    assert [(s.side, s.points // 2, s.buchholz // 2) for s in table] == [
        (1, 3, 5),
        (2, 2, 5),
        (7, 2, 5),
        (5, 2, 3),
        (3, 1, 6),
        (4, 1, 4),
        (6, 1, 3),
        (8, 0, 5),
    ]
    by_side = {s.side: s for s in table}
    assert by_side[2].sonneborn_berger == by_side[7].sonneborn_berger == 2 * 2 * 2  # quarters
    assert [s.place for s in table] == list(range(1, 9))
