"""What moves an event on by the clock: start it, pair its next round once the last one is
done, finish and pay it when its rounds are played. Every step is idempotent (the round's key,
the ledger's keys), so the sweep may run it as often as it likes and a killed worker loses
nothing: the next sweep does what it did not.

Swiss (``swiss_rounds``), arenas (``arena_runs``) and duplicate (``duplicate_runs``); a side
is a player or a team, a table two, three or four sides (``tournaments.tables`` seats them)."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from . import arena_runs, duplicate_runs, live, services, swiss_rounds, tables
from .models import Result, Round, Tournament

State = Tournament.State


def advance(tournament_id: int, now: datetime.datetime | None = None) -> str:
    """One step for one event; returns what it did ("started", "paired", "finished", "").
    ``now`` is the sweep's clock (the present unless given). Whenever results landed or the
    step did something, the event's page hears the new standings."""
    before = Result.objects.filter(pairing__tournament_id=tournament_id).count()
    what = _advance(tournament_id, now or timezone.now())
    if what or Result.objects.filter(pairing__tournament_id=tournament_id).count() != before:
        live.push_standings(tournament_id)
    return what


def _advance(tournament_id: int, now: datetime.datetime) -> str:
    tournament = Tournament.objects.get(pk=tournament_id)
    if tournament.state in (State.FINISHED, State.CANCELLED) or tournament.starts_at > now:
        return ""
    if tournament.format == Tournament.Format.ARENA:
        return _advance_arena(tournament, now)
    if tournament.format == Tournament.Format.DUPLICATE:
        return _advance_duplicate(tournament)
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.state != Round.State.DONE:
        tables.open_tables(last.pk)
        tables.collect(tournament)
        last.refresh_from_db()
        if last.state != Round.State.DONE:
            return ""
    with transaction.atomic():
        made = swiss_rounds.pair_next_round(tournament.pk)
    if made is not None:
        tables.open_tables(made.pk)
        return "started" if made.number == 1 else "paired"
    order = [s.side for s in swiss_rounds.standings(tournament)]
    services.pay_out(tournament.pk, order)
    return "finished"


def _advance_duplicate(tournament: Tournament) -> str:
    """Like a Swiss: the open round's tables opened and its boards read; once every table has
    every board, the next round (its boards drawn); after the last, paid by the matchpoints."""
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.state != Round.State.DONE:
        tables.open_tables(last.pk)
        duplicate_runs.collect(last)
        if last.state != Round.State.DONE:
            return ""
    made = duplicate_runs.pair_next_round(tournament.pk)
    if made is not None:
        tables.open_tables(made.pk)
        return "started" if made.number == 1 else "paired"
    services.pay_out(tournament.pk, [s.side for s in duplicate_runs.standings(tournament)])
    return "finished"


def _advance_arena(tournament: Tournament, now: datetime.datetime) -> str:
    """Start, read the finished matches, pair the free sides until the end; finish once the
    grace is over or nothing is left in play after the end."""
    started = tournament.state == State.UPCOMING
    made = arena_runs.start(tournament.pk)
    if made is None:
        return ""
    tournament.refresh_from_db()
    arena_runs.collect(tournament)
    end = arena_runs.ends_at(tournament)
    if now >= end + datetime.timedelta(seconds=tournament.grace_seconds) or (
        now >= end and not arena_runs.in_play(tournament)
    ):
        arena_runs.finish(tournament.pk)
        return "finished"
    if now >= end:
        return "started" if started else ""
    paired = arena_runs.pair_free(tournament.pk, now)
    tables.open_tables(made.pk)
    if started:
        return "started"
    return "paired" if paired else ""


def advance_due(now: datetime.datetime | None = None) -> dict[int, str]:
    """One step for every event that may need one (the sweep's work)."""
    now = now or timezone.now()
    due = Tournament.objects.filter(
        state__in=(State.UPCOMING, State.RUNNING),
        starts_at__lte=now,
    ).values_list("pk", flat=True)
    done = {pk: advance(pk, now) for pk in due}
    return {pk: what for pk, what in done.items() if what}
