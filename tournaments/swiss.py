"""Swiss pairing and standings (pure: no Django). Sides are entrant ids: a player, or a pair in
partnership modes. Points are counted in half points (a win 2, a draw 1, a loss 0) so they stay
whole; they are shown halved (1, ½, 0).

Pairing: sides ordered by score (high first), then seed (registration order); each side, top
down, is paired with the nearest side below it that it has not met, backtracking when the rest
cannot be paired. An odd count gives the bye to the lowest-placed side that has not had one; a
bye scores as a win (1 point) and adds nothing to the Buchholz of anyone.

Tables of more than two sides (three-handed and cutthroat: three players; eight-handed: four
pairs): ``group`` seats the sides by score a table at a time, each table the top unseated side
and the nearest below it that has met none of those already at the table (else the nearest).
The sides left over (the count modulo the table's size) get byes: the lowest-placed that have
not had one. A table counts as a game between every two of its sides (``table_points``: 2 for
each side beaten, 1 for each side level), so a three-handed winner scores 2 × 2 and a bye
(``bye_points``) scores as a win over every side of a table.

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


@dataclass(frozen=True)
class Groups:
    """A round's tables of ``size`` sides each (best-placed first within a table), and its byes."""

    tables: list[tuple[int, ...]]
    byes: list[int]
    #: two-side tables that repeat a game (``Pairings.repeats``)
    repeats: int = 0


def bye_points(size: int) -> int:
    """A bye at tables of ``size`` sides: a win over each of the others it would have met."""
    return WIN * (size - 1)


def table_points(standing: Sequence[float]) -> list[int]:
    """Each side's half points at one table from its standing there (higher is better):
    2 for every other side it beat, 1 for every side level with it. At two sides: a win, a
    loss or a draw."""
    return [
        sum(
            WIN if mine > theirs else DRAW if mine == theirs else LOSS
            for j, theirs in enumerate(standing)
            if j != i
        )
        for i, mine in enumerate(standing)
    ]


@dataclass(frozen=True)
class Pairings:
    tables: list[tuple[int, int]]
    bye: int | None
    #: tables that repeat a game: 0 unless the search gave up (``SEARCH_LIMIT``) or no pairing
    #: without a repeat exists, and the fallback paired down the order instead
    repeats: int = 0


#: the most steps (a side taking a partner, or a choice undone) the search for a pairing with
#: no repeated game may take; past it the fallback pairs down the order, repeats allowed. A
#: field with no such pairing can take the search exponentially long to prove it (one side that
#: has met everyone among 30 sides: 28!! tries), so it is bounded; 20,000 steps take ~30 ms.
SEARCH_LIMIT = 20_000


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


def _history(
    seeds: Sequence[int], games: Sequence[Game], absent: Iterable[int]
) -> tuple[list[int], dict[int, set[int]], set[int]]:
    """The sides to seat by score then seed (``absent`` left out), whom each has met, and who
    has had a bye."""
    away = set(absent)
    points = scores(seeds, games)
    met: dict[int, set[int]] = {side: set() for side in seeds}
    had_bye: set[int] = set()
    for game in games:
        if game.b is None:
            if game.points_a >= WIN:
                had_bye.add(game.a)
        else:
            met.setdefault(game.a, set()).add(game.b)
            met.setdefault(game.b, set()).add(game.a)
    seed_of = {side: n for n, side in enumerate(seeds)}
    order = sorted((s for s in seeds if s not in away), key=lambda s: (-points[s], seed_of[s]))
    return order, met, had_bye


def pair(
    seeds: Sequence[int],
    games: Sequence[Game],
    absent: Iterable[int] = (),
    limit: int = SEARCH_LIMIT,
) -> Pairings:
    """The next round's tables (higher-placed side first) and the bye, if any. ``absent`` sides
    are left out (the caller scores them a loss). It always pairs: when no pairing without a
    repeated game is found within ``limit`` steps (or none exists), each side from the top
    takes the nearest side below it that it has not met, or else the nearest (a repeat)."""
    order, met, had_bye = _history(seeds, games, absent)
    budget = [limit]
    bye = None
    rest = order
    if len(order) % 2:
        candidates = [s for s in reversed(order) if s not in had_bye] or list(reversed(order))
        for bye in candidates:
            rest = [s for s in order if s != bye]
            tables = _match(rest, met, budget)
            if tables is not None:
                return Pairings(tables, bye)
            if budget[0] <= 0:
                break
        bye = candidates[0]
        rest = [s for s in order if s != bye]
    else:
        tables = _match(order, met, budget)
        if tables is not None:
            return Pairings(tables, None)
    tables = _down_the_order(rest, met)
    return Pairings(tables, bye, sum(1 for a, b in tables if b in met.get(a, ())))


def group(
    seeds: Sequence[int], games: Sequence[Game], size: int, absent: Iterable[int] = ()
) -> Groups:
    """The next round's tables of ``size`` sides and its byes (at two sides: ``pair``'s
    tables and bye). ``absent`` sides are left out (the caller scores them a loss)."""
    if size == 2:
        plan = pair(seeds, games, absent)
        byes = [] if plan.bye is None else [plan.bye]
        return Groups([tuple(t) for t in plan.tables], byes, plan.repeats)
    order, met, had_bye = _history(seeds, games, absent)
    left = len(order) % size
    byes = [s for s in reversed(order) if s not in had_bye][:left]
    byes += [s for s in reversed(order) if s not in byes][: left - len(byes)]
    waiting = [s for s in order if s not in byes]
    tables = []
    while waiting:
        table = [waiting.pop(0)]
        while len(table) < size:
            pick = next(
                (i for i, s in enumerate(waiting) if not any(s in met.get(t, ()) for t in table)),
                0,
            )
            table.append(waiting.pop(pick))
        tables.append(tuple(table))
    return Groups(tables, sorted(byes, key=order.index))


def _down_the_order(order: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]]:
    """The fallback: each unpaired side from the top takes the nearest below it not met, or
    else the nearest."""
    waiting = list(order)
    tables = []
    while len(waiting) >= 2:
        top = waiting.pop(0)
        pick = next((i for i, s in enumerate(waiting) if s not in met.get(top, ())), 0)
        tables.append((top, waiting.pop(pick)))
    return tables


def _match(
    order: list[int], met: dict[int, set[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Depth-first: the top unpaired side takes the nearest one below it it has not met; on a
    dead end, the last choice moves to its next candidate. Iterative (a field of 1,000 is 500
    choices deep). Each step spends one of ``budget[0]``; None when none is left, or when no
    pairing exists."""
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
