"""An arena in the database: for its minutes, the sweep pairs the free sides as soon as a
table's worth of them is free, reads each finished match back, and at the end (the grace
after it, or sooner once nothing is in play) freezes the standings and pays them.

The scoring and the pairing are ``tournaments.arena`` (pure); this module only loads what was
played and stores what it decides. A side is an entrant (a player, or a team that registered
together), a table the mode's sides (two; three three-handed; four eight-handed): the table's
winner wins, every other side loses, and a match with no winner is a draw for all. Every step
runs under the tournament's row lock and each pairing's key is its place in the event
(``arena:<event>:<n>``), so a doubled sweep pairs nobody twice and a killed one loses nothing:
the next sweep does what it did not."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q

from games.models import Match

from . import arena, services, swiss
from .models import Entrant, Pairing, Result, Round, Tournament


def ends_at(tournament: Tournament) -> datetime.datetime:
    return tournament.starts_at + datetime.timedelta(minutes=tournament.minutes or 0)


def _seconds(tournament: Tournament, at: datetime.datetime) -> float:
    return (at - tournament.starts_at).total_seconds()


def _seeds(tournament: Tournament) -> list[int]:
    return list(
        Entrant.objects.filter(tournament=tournament, withdrawn=False)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def matches(tournament: Tournament) -> list[arena.Match]:
    """Every finished, counted pairing as the pure module reads it: sides are entrant ids,
    times are seconds from the start (the pairing's creation, the match's end)."""
    out = []
    pairings = (
        Pairing.objects.filter(tournament=tournament, side_b__isnull=False, results__isnull=False)
        .prefetch_related("results")
        .distinct()
        .order_by("pk")
    )
    ended = dict(
        Match.objects.filter(pk__in=[p.match_id for p in pairings if p.match_id]).values_list(
            "pk", "finished_at"
        )
    )
    for pairing in pairings:
        points = {r.entrant_id: r.points for r in pairing.results.all()}
        first = next(r for r in pairing.results.all() if r.entrant_id == pairing.side_a_id)
        finished = ended.get(pairing.match_id or 0) or first.created_at
        sides = pairing.sides
        winner = next((n for n, side in enumerate(sides) if points.get(side) == swiss.WIN), None)
        out.append(
            arena.Match(
                tuple((side,) for side in sides),
                winner,
                _seconds(tournament, pairing.created_at),
                _seconds(tournament, finished),
            )
        )
    return out


@dataclass(frozen=True)
class Standing:
    side: int
    place: int
    points: int
    matches: int
    wins: int
    on_fire: bool


def standings(tournament: Tournament) -> list[Standing]:
    """Points (a streak's matches doubled), then fewer matches played, then the seed."""
    seeds = _seeds(tournament)
    length = (tournament.minutes or 0) * 60.0
    table = arena.scores(seeds, matches(tournament), length, float(tournament.grace_seconds))
    return [
        Standing(s.player, place, s.points, s.matches, s.wins, s.on_fire)
        for place, s in enumerate(arena.ranking(table, seeds), start=1)
        if s.player in set(seeds)
    ]


def _busy(tournament: Tournament) -> set[int]:
    """Sides in a pairing that has no result yet (at a table, or waiting for one)."""
    busy: set[int] = set()
    for pairing in Pairing.objects.filter(tournament=tournament, results__isnull=True):
        busy |= set(pairing.sides)
    return busy


def _last_opponents(tournament: Tournament) -> dict[int, set[int]]:
    last: dict[int, set[int]] = {}
    for pairing in Pairing.objects.filter(tournament=tournament, side_b__isnull=False).order_by(
        "pk"
    ):
        for side in pairing.sides:
            last[side] = set(pairing.sides) - {side}
    return last


def start(tournament_id: int) -> Round | None:
    """The arena's one running round, made once; the event is running from now on (a pair
    still alone is withdrawn). ``None`` if the event is over or cancelled."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.state in (Tournament.State.FINISHED, Tournament.State.CANCELLED):
            return None
        if tournament.state == Tournament.State.UPCOMING:
            tournament.state = Tournament.State.RUNNING
            tournament.save(update_fields=["state"])
            services.withdraw_incomplete(tournament)
            services.mark_absent(tournament)
        made, _ = Round.objects.get_or_create(
            tournament=tournament,
            number=1,
            defaults={"state": Round.State.PLAYING, "started_at": tournament.starts_at},
        )
        return made


def pair_free(tournament_id: int, now: datetime.datetime) -> list[Pairing]:
    """Pair the free sides (not playing, not paused, not absent) down the standings, a table
    at a time, before the end; those left over wait for the next sweep."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.state != Tournament.State.RUNNING or now >= ends_at(tournament):
            return []
        made = Round.objects.get(tournament=tournament, number=1)
        busy = _busy(tournament)
        free = list(
            Entrant.objects.filter(
                tournament=tournament, withdrawn=False, paused=False, absent=False
            )
            .exclude(pk__in=busy)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        size = tournament.shape[0]
        if len(free) < size:
            return []
        order = [s.side for s in standings(tournament)]
        tables = arena.pair(free, order, _last_opponents(tournament), seats=size, alone=True)
        count = Pairing.objects.filter(tournament=tournament).count()
        out = []
        for n, ((a,), (b,), *more) in enumerate(tables, start=count + 1):
            try:
                with transaction.atomic():
                    out.append(
                        Pairing.objects.create(
                            tournament=tournament,
                            round=made,
                            key=f"arena:{tournament.pk}:{n}",
                            side_a_id=a,
                            side_b_id=b,
                            more_sides=[side for (side,) in more],
                        )
                    )
            except IntegrityError:  # made by a sweep that committed while we waited
                return out
        return out


def collect(tournament: Tournament) -> int:
    """Record every finished match of the arena: 2 / 1 / 0 half points by the match's winner
    (an abandoned match with no winner is a draw), and whether it counts (it ended within
    the grace after the end). Once each (``swiss_rounds.record``'s lock and check)."""
    recorded = 0
    length = (tournament.minutes or 0) * 60.0
    waiting = Pairing.objects.filter(
        tournament=tournament, match_id__isnull=False, results__isnull=True
    )
    for pairing in waiting:
        if pairing.match_id is None or pairing.side_b_id is None:
            continue
        match = Match.objects.get(pk=pairing.match_id)
        if match.status == Match.Status.PLAYING:
            continue
        sides = pairing.sides
        totals = [int(float(t)) for t in (match.totals or [])] + [0] * len(sides)
        counted = arena.counts(
            arena.Match(
                (),
                None,
                _seconds(tournament, pairing.created_at),
                _seconds(tournament, match.finished_at or pairing.created_at),
            ),
            length,
            float(tournament.grace_seconds),
        )
        with transaction.atomic():
            locked = Pairing.objects.select_for_update().get(pk=pairing.pk)
            if locked.results.exists():
                continue
            for n, side in enumerate(sides):
                mine = (
                    swiss.DRAW
                    if match.winner is None
                    else swiss.WIN
                    if match.winner == n
                    else swiss.LOSS
                )
                Result.objects.create(
                    pairing=locked, entrant_id=side, points=mine, score=totals[n], counted=counted
                )
        recorded += 1
    return recorded


def in_play(tournament: Tournament) -> bool:
    return Pairing.objects.filter(
        Q(tournament=tournament) & Q(results__isnull=True) & Q(side_b__isnull=False)
    ).exists()


def finish(tournament_id: int) -> bool:
    """Freeze and pay: the standings' order goes to the payout (once: its key)."""
    tournament = Tournament.objects.get(pk=tournament_id)
    Round.objects.filter(tournament=tournament, number=1).update(state=Round.State.DONE)
    return services.pay_out(tournament.pk, [s.side for s in standings(tournament)])
