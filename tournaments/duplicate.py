"""Duplicate scoring (pure: no Django): every table of a round plays the same boards.

A board is one deal from one secret, drawn for the board before the round and committed (its
sha256, as every Sahrat deal); every table deals it with the same client seed and the same seat
directions, so every table's Verify shows the same deck. The secrets are revealed after the
round.

Matchpoints, as duplicate bridge clubs score: on each board a pair is compared with every other
pair that held the same cards (the same direction: north-south with north-south, east-west with
east-west) by its net score on the board (its points less its opponents'): 2 for each pair it
beat, 1 for each tie. A pair's percentage is its matchpoints over the most it could have had
(2 × the others in its direction, summed over the boards it played).

A pair that sits a round out (an odd number of pairs present) has no result on its boards: its
percentage is over the boards it played, so sitting out neither helps nor hurts. A pair absent
at the start of a round is charged 0 matchpoints on each of the round's boards, out of the
board's top (what a pair that played it could have had: 2 × the others in its direction), as
a Swiss scores an absence a loss; no IMPs.

IMPs (optional): a pair's result on a board is compared with each other pair in its direction
(cross-IMPs): the difference in net points goes through ``IMP_SCALE`` (the bridge table's steps
in tens of game points: 0-1 is 0, 2-4 is 1, 5-8 is 2 …), and the pair's IMPs on the board are
the average over the others, to one decimal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games import fair

#: the lower bound of each IMP step, in game points (the WBF table's steps, used as they are)
IMP_SCALE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


@dataclass(frozen=True)
class Board:
    number: int
    secret: str
    commitment: str
    #: the same at every table: no player's seed enters a duplicate board
    client_seed: str


@dataclass(frozen=True)
class BoardResult:
    """One table's result on one board: ``pair`` sat ``direction`` ("NS" or "EW") and scored
    ``points``; its opponents scored ``against``."""

    board: int
    pair: int
    direction: str
    points: int
    against: int

    @property
    def net(self) -> int:
        return self.points - self.against


@dataclass(frozen=True)
class PairScore:
    pair: int
    matchpoints: int
    top: int
    percent: float
    imps: float


def boards(round_key: str, count: int) -> list[Board]:
    """``count`` fresh boards for a round: a secret each, its commitment, a shared seed."""
    return [
        Board(n, secret, fair.commitment(secret), f"{round_key}-b{n}")
        for n in range(1, count + 1)
        for secret in (fair.new_secret(),)
    ]


def imps(difference: int) -> int:
    size = abs(difference)
    steps = sum(1 for bound in IMP_SCALE if size >= bound)
    return steps if difference >= 0 else -steps


def score(
    results: Iterable[BoardResult], absences: Iterable[tuple[int, int]] = ()
) -> list[PairScore]:
    """Every pair's matchpoints, top, percentage and IMPs, best first (ties by pair id).
    ``absences`` are (pair, board): the pair was absent when the board was played, and is
    charged 0 of the board's top."""
    groups: dict[tuple[int, str], list[BoardResult]] = {}
    for result in results:
        groups.setdefault((result.board, result.direction), []).append(result)
    mp: dict[int, int] = {}
    top: dict[int, int] = {}
    imp: dict[int, float] = {}
    board_top: dict[int, int] = {}
    for (board, _direction), same_cards in groups.items():
        board_top[board] = max(board_top.get(board, 0), 2 * (len(same_cards) - 1))
    for pair, board in absences:
        mp[pair] = mp.get(pair, 0)
        top[pair] = top.get(pair, 0) + board_top.get(board, 0)
    for same_cards in groups.values():
        for me in same_cards:
            others = [r for r in same_cards if r is not me]
            mp[me.pair] = mp.get(me.pair, 0) + sum(
                2 if me.net > o.net else 1 if me.net == o.net else 0 for o in others
            )
            top[me.pair] = top.get(me.pair, 0) + 2 * len(others)
            if others:
                imp[me.pair] = imp.get(me.pair, 0.0) + round(
                    sum(imps(me.net - o.net) for o in others) / len(others), 1
                )
    out = [
        PairScore(
            pair,
            mp[pair],
            top[pair],
            round(100 * mp[pair] / top[pair], 2) if top[pair] else 0.0,
            round(imp.get(pair, 0.0), 1),
        )
        for pair in mp
    ]
    return sorted(out, key=lambda s: (-s.percent, -s.matchpoints, s.pair))
