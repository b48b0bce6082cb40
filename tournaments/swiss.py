"""Swiss pairing and standings (pure: no Django). Sides are entrant ids: a player, or a pair in
partnership modes. Points are counted in half points (a win 2, a draw 1, a loss 0) so they stay
whole; they are shown halved (1, ½, 0).

Pairing: sides ordered by score (high first), then seed (registration order); each side, top
down, is paired with the nearest side below it that it has not met, backtracking when the rest
cannot be paired. An odd count gives the bye to the lowest-placed side that has not had one; a
bye scores as a win (1 point) and adds nothing to the Buchholz of anyone.

When no pairing avoids a rematch (more rounds than a small field can give) or the search has
spent ``SEARCH_LIMIT`` steps, the round is still paired, never stuck: top down, each side takes
the nearest side below it it has not met, or the nearest at all (a rematch, counted in
``Pairings.rematches``).

Tie-breaks, in order: Buchholz (the sum of the opponents' final scores), then Sonneborn-Berger
(the final scores of the opponents beaten plus half of those drawn with), then the seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 2, 1, 0


@dataclass(frozen=True)
class Game:
    """One finished pairing: ``a`` scored ``points_a`` half points against ``b``. With ``b``
    ``None``: a bye (``points_a`` = ``WIN``) or an absence at the round's start (``LOSS``)."""

    a: int
    b: int | None
    points_a: int = WIN

    @property
    def points_b(self) -> int:
        return WIN - self.points_a


@dataclass(frozen=True)
class Standing:
    side: int
    points: int  # half points
    buchholz: int  # half points
    sonneborn_berger: int  # quarter points (half of a drawn opponent's half points)
    place: int


#: steps (a side paired, or a choice undone) the search may take before it settles for the
#: greedy pairing; a round of 1,000 sides with no dead end takes 500
SEARCH_LIMIT = 20_000


@dataclass(frozen=True)
class Pairings:
    tables: list[tuple[int, int]]
    bye: int | None
    rematches: int = 0  # tables whose two sides have met before (only when none could avoid it)


def scores(sides: Iterable[int], games: Iterable[Game]) -> dict[int, int]:
    points = dict.fromkeys(sides, 0)
    for game in games:
        points[game.a] = points.get(game.a, 0) + game.points_a
        if game.b is not None:
            points[game.b] = points.get(game.b, 0) + game.points_b
    return points


def standings(seeds: Sequence[int], games: Sequence[Game]) -> list[Standing]:
    """The table of the event: ``seeds`` are the sides in seed order."""
    points = scores(seeds, games)
    buchholz = dict.fromkeys(seeds, 0)
    sb = dict.fromkeys(seeds, 0)
    for game in games:
        if game.b is None:
            continue
        for me, them, mine in ((game.a, game.b, game.points_a), (game.b, game.a, game.points_b)):
            buchholz[me] += points[them]
            sb[me] += points[them] * mine  # ×2 for a win, ×1 for a draw: quarter points
    seed_of = {side: n for n, side in enumerate(seeds)}
    order = sorted(seeds, key=lambda s: (-points[s], -buchholz[s], -sb[s], seed_of[s]))
    return [
        Standing(side, points[side], buchholz[side], sb[side], place)
        for place, side in enumerate(order, start=1)
    ]


def pair(seeds: Sequence[int], games: Sequence[Game], absent: Iterable[int] = ()) -> Pairings:
    """The next round's tables (higher-placed side first) and the bye, if any. ``absent`` sides
    are left out (the caller scores them a loss)."""
    away = set(absent)
    points = scores(seeds, games)
    met: dict[int, set[int]] = {side: set() for side in seeds}
    had_bye: set[int] = set()
    for game in games:
        if game.b is None:
            if game.points_a == WIN:
                had_bye.add(game.a)
        else:
            met.setdefault(game.a, set()).add(game.b)
            met.setdefault(game.b, set()).add(game.a)
    seed_of = {side: n for n, side in enumerate(seeds)}
    order = sorted((s for s in seeds if s not in away), key=lambda s: (-points[s], seed_of[s]))
    budget = [SEARCH_LIMIT]
    byes: list[int | None] = [None]
    if len(order) % 2:
        byes = [s for s in reversed(order) if s not in had_bye] or [*reversed(order)]
    for bye in byes:
        rest = [s for s in order if s != bye]
        tables = _match(rest, met, budget)
        if tables is not None:
            return Pairings(tables, bye)
        if budget[0] <= 0:
            break
    bye = byes[0]
    tables = _greedy([s for s in order if s != bye], met)
    return Pairings(tables, bye, sum(b in met[a] for a, b in tables))


def _match(
    order: list[int], met: dict[int, set[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Depth-first: the top unpaired side takes the nearest one below it it has not met; on a
    dead end, the last choice moves to its next candidate. Iterative (a field of 1,000 is 500
    choices deep). None: no such pairing, or ``budget[0]`` steps spent (it is counted down)."""
    n = len(order)
    paired = [False] * n
    stack: list[tuple[int, int]] = []  # (top index, partner index)
    top, start = 0, 1
    while True:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        while top < n and paired[top]:
            top += 1
        if top >= n:
            return [(order[a], order[b]) for a, b in stack]
        partner = next(
            (
                j
                for j in range(max(start, top + 1), n)
                if not paired[j] and order[j] not in met[order[top]]
            ),
            None,
        )
        if partner is not None:
            paired[top] = paired[partner] = True
            stack.append((top, partner))
            top, start = 0, 1
            continue
        if not stack:
            return None
        top, last = stack.pop()
        paired[top] = paired[last] = False
        start = last + 1


def _greedy(order: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]]:
    """Top down, each unpaired side with the nearest unpaired side below it it has not met, or
    else the nearest (a rematch)."""
    free = list(order)
    tables = []
    while len(free) >= 2:
        top = free.pop(0)
        at = next((i for i, s in enumerate(free) if s not in met[top]), 0)
        tables.append((top, free.pop(at)))
    return tables
