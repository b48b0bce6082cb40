"""Who may be matched with whom (pure): the rating window widens the longer a player waits
(lichess's pools). Two players match when each lies within the other's window."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

START = 100  # ± rating points at first
PER_SECOND = 5  # widening per second waited
WIDEST = 600


@dataclass(frozen=True)
class Widening:
    """How the window grows: ``start`` points at first, ``per_second`` more each second waited,
    never past ``widest`` (the site's settings ``SAHRAT_QUICKPLAY_WINDOW``, ``…_WIDENING`` and
    ``…_WIDEST``)."""

    start: int = START
    per_second: float = PER_SECOND
    widest: int = WIDEST


USUAL = Widening()


def window(waited: float, widening: Widening = USUAL) -> int:
    """The ± rating window after ``waited`` seconds in the queue."""
    grown = widening.start + widening.per_second * max(0.0, waited)
    return int(min(widening.widest, grown))


@dataclass(frozen=True)
class Waiting:
    id: int
    rating: int
    joined: float  # seconds since the epoch


def groups(
    waiting: Sequence[Waiting],
    size: int,
    now: float,
    rng: random.Random | None = None,
    widening: Widening = USUAL,
) -> list[list[Waiting]]:
    """Tables of ``size`` from one queue (a game, mode and stake): the longest waiting first,
    each with the ``size - 1`` nearest in rating that lie within its window and it in theirs;
    each group shuffled (partners drawn at random). Nobody is in two groups."""
    rng = rng or random.Random()
    by_rating = sorted(waiting, key=lambda w: (w.rating, w.id))
    ratings = [w.rating for w in by_rating]
    reach = {w.id: window(now - w.joined, widening) for w in waiting}
    taken: set[int] = set()
    found: list[list[Waiting]] = []
    for anchor in sorted(waiting, key=lambda w: (w.joined, w.id)):
        if anchor.id in taken:
            continue
        wide = reach[anchor.id]
        lo = bisect_left(ratings, anchor.rating - wide)
        hi = bisect_right(ratings, anchor.rating + wide)
        near = [
            w
            for w in by_rating[lo:hi]
            if w.id != anchor.id
            and w.id not in taken
            and abs(w.rating - anchor.rating) <= reach[w.id]
        ]
        if len(near) < size - 1:
            continue
        near.sort(key=lambda w: (abs(w.rating - anchor.rating), w.joined, w.id))
        group: list[Waiting] | None = [anchor, *near[: size - 1]]
        if any(
            abs(a.rating - b.rating) > min(reach[a.id], reach[b.id])
            for a in near[: size - 1]
            for b in near[: size - 1]
        ):
            group = _mutual(anchor, near, size, reach)
        if group is None:
            continue
        taken.update(w.id for w in group)
        rng.shuffle(group)
        found.append(group)
    return found


def _mutual(
    anchor: Waiting, near: list[Waiting], size: int, reach: dict[int, int]
) -> list[Waiting] | None:
    """A group where every pair lies within each other's windows, built greedily from the
    nearest (the quick pick above fails only when the near ones are far apart themselves)."""
    group = [anchor]
    for w in near:
        if all(abs(w.rating - g.rating) <= min(reach[w.id], reach[g.id]) for g in group):
            group.append(w)
            if len(group) == size:
                return group
    return None
