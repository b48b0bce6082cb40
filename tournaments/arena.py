"""Arena scoring and pairing (pure: no Django), after lichess's arenas.

Points: a win 2, a draw 1, a loss 0. A side that has won its last two counted matches is on a
streak («ولعانة»): its next match counts double (a win 4, a draw 2) and a match it does not win
ends the streak. Results freeze when the time runs out: a match that started before the end
counts only if it ended within the grace after the end.

Pairing: whenever at least a table's worth of players is free (not playing, not paused), the
free players, ordered by standing, are seated a table at a time down the list, so each plays
those closest in standing; a player is not seated straight back against the last opponent when
someone else is free. Partnership tables (four seats) put the first and fourth of a group
against the second and third, so the two partnerships are as close as the standing allows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

WIN_POINTS, DRAW_POINTS = 2, 1


@dataclass(frozen=True)
class Match:
    """A finished arena match: the player ids of each side, who won (a side's index, or
    ``None`` for a draw), and when it started and ended (seconds from the arena's start)."""

    sides: tuple[tuple[int, ...], ...]
    winner: int | None
    started: float
    ended: float


@dataclass
class Score:
    player: int
    points: int = 0
    matches: int = 0
    wins: int = 0
    streak: int = 0  # consecutive counted wins, now
    on_fire: bool = field(default=False)


def counts(match: Match, length: float, grace: float) -> bool:
    """Whether the match counts: started before the end and ended within the grace after it."""
    return match.started < length and match.ended <= length + grace


def scores(
    players: Iterable[int], matches: Sequence[Match], length: float, grace: float
) -> dict[int, Score]:
    """Every player's points, from the counted matches in the order they ended."""
    table = {player: Score(player) for player in players}
    for match in sorted(matches, key=lambda m: m.ended):
        if not counts(match, length, grace):
            continue
        for index, side in enumerate(match.sides):
            for player in side:
                score = table.setdefault(player, Score(player))
                double = 2 if score.streak >= 2 else 1
                score.matches += 1
                if match.winner == index:
                    score.points += WIN_POINTS * double
                    score.wins += 1
                    score.streak += 1
                else:
                    if match.winner is None:
                        score.points += DRAW_POINTS * double
                    score.streak = 0
                score.on_fire = score.streak >= 2
    return table


def ranking(table: dict[int, Score], seeds: Sequence[int] = ()) -> list[Score]:
    """Standing order: points, then fewer matches played (a better rate), then the seed."""
    seed_of = {player: n for n, player in enumerate(seeds)}
    return sorted(
        table.values(),
        key=lambda s: (-s.points, s.matches, seed_of.get(s.player, len(seed_of)), s.player),
    )


def pair(
    free: Sequence[int],
    standing: Sequence[int],
    last_opponents: dict[int, set[int]] | None = None,
    seats: int = 2,
    alone: bool = False,
) -> list[tuple[tuple[int, ...], ...]]:
    """Tables for the free players: each a tuple of sides (one player a side; two a side when
    ``seats`` is 4, unless every player is ``alone``: a side of their own, as the entrants of
    a three- or four-side table are). ``standing`` is every player's order (best first);
    players left over wait."""
    last = last_opponents or {}
    place = {player: n for n, player in enumerate(standing)}
    waiting = sorted(free, key=lambda p: place.get(p, len(place)))
    tables: list[tuple[tuple[int, ...], ...]] = []
    while len(waiting) >= seats:
        group = [waiting.pop(0)]
        while len(group) < seats:
            pick = next(
                (
                    i
                    for i, p in enumerate(waiting[:8])
                    if not any(p in last.get(q, ()) for q in group)
                ),
                0,
            )
            group.append(waiting.pop(pick))
        if seats == 4 and not alone:
            tables.append(((group[0], group[3]), (group[1], group[2])))
        else:
            tables.append(tuple((p,) for p in group))
    return tables
