"""A Swiss event's rounds in the database: pair the next round once (keyed), record results,
read the standings. The pairing itself is ``tournaments.swiss`` (pure); this module only loads
the games played and stores what it decides. Run by the (coming) Celery tasks: a retried call
finds the round it made and makes nothing twice."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from . import services, swiss
from .models import Entrant, Pairing, Result, Round, Tournament
from .refusals import TournamentRefusal

logger = logging.getLogger(__name__)


def _seeds(tournament: Tournament) -> list[int]:
    return list(
        Entrant.objects.filter(tournament=tournament, withdrawn=False)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def games(tournament: Tournament) -> list[swiss.Game]:
    """Every finished pairing of the event, as the pure module reads them: a table of more
    than two sides is a game between every two of them (the one with more points won)."""
    out = []
    pairings = Pairing.objects.filter(tournament=tournament).prefetch_related("results")
    for pairing in pairings.order_by("pk"):
        points = {r.entrant_id: r.points for r in pairing.results.all()}
        sides = pairing.sides
        if sides[0] not in points:
            continue
        if len(sides) == 1:
            out.append(swiss.Game(sides[0], None, points[sides[0]]))
        for i, a in enumerate(sides):
            for b in sides[i + 1 :]:
                mine, theirs = points.get(a, 0), points.get(b, 0)
                won = swiss.WIN if mine > theirs else swiss.DRAW if mine == theirs else swiss.LOSS
                out.append(swiss.Game(a, b, won))
    return out


def pair_next_round(tournament_id: Any) -> Round | None:
    """The round now to be played: the open one if there is one, else the next, paired now
    (byes and absences scored at once). ``None`` once every round is done."""
    with transaction.atomic():
        try:
            tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        except Tournament.DoesNotExist:
            raise TournamentRefusal("no_such_tournament") from None
        step = services.open_or_next_round(tournament)
        if not isinstance(step, int):
            return step  # the open round, or None once every round is played
        number = step
        seeds = _seeds(tournament)
        absent = services.mark_absent(tournament) & set(seeds)
        size = tournament.shape[0]
        plan = swiss.group(seeds, games(tournament), size, absent=absent)
        if plan.repeats:
            logger.info(
                "tournament %s round %s: %s rematches (no pairing avoids them)",
                tournament.pk,
                number,
                plan.repeats,
            )
        try:
            with transaction.atomic():
                made = Round.objects.create(
                    tournament=tournament,
                    number=number,
                    state=Round.State.PLAYING,
                    started_at=timezone.now(),
                )
        except IntegrityError:  # made by a call that committed while we waited
            return Round.objects.get(tournament=tournament, number=number)
        key = f"swiss:{tournament.pk}:{number}"
        for a, b, *more in plan.tables:
            Pairing.objects.create(
                tournament=tournament,
                round=made,
                key=f"{key}:{a}",
                side_a_id=a,
                side_b_id=b,
                more_sides=more,
            )
        for side, points, why in [
            *((side, swiss.bye_points(size), "bye") for side in plan.byes),
            *((side, swiss.LOSS, "absent") for side in sorted(absent)),
        ]:
            alone = Pairing.objects.create(
                tournament=tournament, round=made, key=f"{key}:{side}:{why}", side_a_id=side
            )
            Result.objects.create(pairing=alone, entrant_id=side, points=points)
        _close_if_done(made)
        return made


def record(pairing_id: int, points_a: int, score_a: int = 0, score_b: int = 0) -> None:
    """A two-side pairing's result (``points_a`` in half points: 2 a win for side A, 1 a draw,
    0 a loss): ``record_table``'s."""
    record_table(pairing_id, [points_a, swiss.WIN - points_a], [score_a, score_b])


def record_table(pairing_id: int, points: Sequence[int], scores: Sequence[int]) -> None:
    """A table's result: each side's half points and game score, in the table's order of
    sides (``Pairing.sides``); recorded once: a second call changes nothing."""
    with transaction.atomic():
        pairing = Pairing.objects.select_for_update().get(pk=pairing_id)
        if pairing.results.exists():
            return
        for side, mine, score in zip(pairing.sides, points, scores, strict=False):
            Result.objects.create(pairing=pairing, entrant_id=side, points=mine, score=score)
        if pairing.round is not None:
            _close_if_done(pairing.round)


def _close_if_done(made: Round) -> None:
    if not made.pairings.filter(results__isnull=True).exists():
        Round.objects.filter(pk=made.pk).update(state=Round.State.DONE, finished_at=timezone.now())
        made.state = Round.State.DONE


def standings(tournament: Tournament) -> list[swiss.Standing]:
    return swiss.standings(_seeds(tournament), games(tournament))
