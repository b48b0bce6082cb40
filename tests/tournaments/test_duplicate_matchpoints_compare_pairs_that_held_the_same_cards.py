"""Duplicate: 4 pairs on 2 tables × 3 boards. Table 1: pair A (1) north-south against B (2)
east-west; table 2: C (3) north-south against D (4) east-west. Net = own points − opponents'.

Board 1: A 120-80 B (A +40, B −40); C 100-100 D (0, 0).
  NS: A +40 beats C 0 → A 2, C 0.  EW: D 0 beats B −40 → D 2, B 0.
Board 2: A 60-150 B (A −90, B +90); C 50-140 D (C −90, D +90): ties, 1 each.
Board 3: A 200-0 B (A +200, B −200); C 90-10 D (C +80, D −80).
  NS: A 2, C 0.  EW: D −80 beats B −200 → D 2, B 0.
Matchpoints: A 2+1+2 = 5, B 0+1+0 = 1, C 0+1+0 = 1, D 2+1+2 = 5; top 2 × 3 = 6.
Percent: A and D 5/6 = 83.33, B and C 1/6 = 16.67.
IMPs (one other pair per direction): A: board 1 +40 → 1, board 2 0, board 3 +120 → 3 = 4;
  C: −1, 0, −3 = −4. D: +40 → 1, 0, +120 → 3 = 4; B −4.
"""

from games.banakil.fair import deal_deck
from tournaments import duplicate
from tournaments.duplicate import BoardResult

A, B, C, D = 1, 2, 3, 4


def table(board: int, ns: int, ns_points: int, ew: int, ew_points: int) -> list[BoardResult]:
    return [
        BoardResult(board, ns, "NS", ns_points, ew_points),
        BoardResult(board, ew, "EW", ew_points, ns_points),
    ]


RESULTS = [
    *table(1, A, 120, B, 80),
    *table(1, C, 100, D, 100),
    *table(2, A, 60, B, 150),
    *table(2, C, 50, D, 140),
    *table(3, A, 200, B, 0),
    *table(3, C, 90, D, 10),
]


def test_matchpoints_percentages_and_imps_for_four_pairs_on_two_tables_and_three_boards():
    scores = {s.pair: s for s in duplicate.score(RESULTS)}
    assert {p: (s.matchpoints, s.top, s.percent) for p, s in scores.items()} == {
        A: (5, 6, 83.33),
        D: (5, 6, 83.33),
        B: (1, 6, 16.67),
        C: (1, 6, 16.67),
    }
    assert {p: s.imps for p, s in scores.items()} == {A: 4.0, D: 4.0, B: -4.0, C: -4.0}
    assert [s.pair for s in duplicate.score(RESULTS)] == [A, D, B, C]


def test_every_table_deals_a_board_from_its_one_secret_to_the_same_deck():
    board = duplicate.boards("t7-r1", 3)[0]
    table_1 = deal_deck(board.secret, board.client_seed)
    table_2 = deal_deck(board.secret, board.client_seed)
    assert table_1 == table_2
    other = duplicate.boards("t7-r1", 3)[0]
    assert deal_deck(other.secret, other.client_seed) != table_1  # a fresh secret, a new deal
    assert len({b.commitment for b in duplicate.boards("t7-r1", 3)}) == 3
