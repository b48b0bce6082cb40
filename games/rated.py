"""Which matches move ratings, and how their sides placed: what ``ratings.rate`` is given when
a match is archived.

A match counts when its table was rated (the ``rated`` option, which keeps bots away) and a
person sat in every seat. Partners rate as their team, every other side (three-handed, each
seat for itself) on its own: the winner first, the others by their totals (equal totals tie).

An abandoned rated match (every player away or gone: ``live.rounds.abandon``) counts as a loss
for the side that left first: the side of the first player to stand up (``SeatState.
left_order``). Only that side's ratings move, as the model moves a side placed last against
the others tied first; the sides that stayed keep theirs (they did not play the match out
either, and no one gains from another's leaving). A match abandoned with nobody standing up
(every player timed out or lost their connection) is not rated.
"""

from __future__ import annotations

from decimal import Decimal

from ratings.services import Result

from .models import Match


def result_of(match: Match) -> Result | None:
    """The rated result of a match that is over, or None when it does not count."""
    if not match.rated:
        return None
    states = match.seat_states
    if not all(s.human for s in states) or match.finished_at is None:
        return None
    sides = tuple(
        tuple((n, s.user) for n, s in enumerate(states) if match.side_of(n) == side and s.user)
        for side in range(match.sides)
    )
    if match.status == Match.Status.FINISHED and match.winner is not None:
        ranks = finishing_order(match.winner, match.totals)
        moved = (True,) * len(sides)
    elif match.status == Match.Status.ABANDONED:
        left = first_to_leave(match)
        if left is None:
            return None
        ranks = tuple(int(side == left) for side in range(len(sides)))
        moved = tuple(side == left for side in range(len(sides)))
    else:
        return None
    return Result(
        match_id=match.pk,
        game=match.game,
        mode=match.mode,
        at=match.finished_at,
        sides=sides,
        ranks=ranks,
        moved=moved,
    )


def finishing_order(winner: int, totals: list[str]) -> tuple[int, ...]:
    """Each side's place: the winner 0, every other side 1 + the other losing sides with a
    higher total (equal totals share a place)."""
    points = [Decimal(t) for t in totals]
    return tuple(
        0
        if side == winner
        else 1 + sum(1 for o, p in enumerate(points) if o not in (side, winner) and p > mine)
        for side, mine in enumerate(points)
    )


def first_to_leave(match: Match) -> int | None:
    """The side whose player stood up first, or None when nobody stood up."""
    orders = [(s.left_order, match.side_of(n)) for n, s in enumerate(match.seat_states)]
    left = [order for order in orders if order[0] > 0]
    return min(left)[1] if left else None
