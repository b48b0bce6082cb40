"""What moves an event on by the clock: start it, pair its next round once the last one is
done, finish and pay it when its rounds are played. Every step is idempotent (the round's key,
the ledger's keys), so the sweep may run it as often as it likes and a killed worker loses
nothing: the next sweep does what it did not.

Swiss only for now (one against one: ``tournaments.tables``); arenas and duplicate events are
still to come."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from . import services, swiss_rounds, tables
from .models import Round, Tournament

State = Tournament.State


def advance(tournament_id: int) -> str:
    """One step for one event; returns what it did ("started", "paired", "finished", "")."""
    tournament = Tournament.objects.get(pk=tournament_id)
    if (
        tournament.format != Tournament.Format.SWISS
        or not tables.runs(tournament)
        or tournament.state in (State.FINISHED, State.CANCELLED)
    ):
        return ""
    if tournament.starts_at > timezone.now():
        return ""
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


def advance_due() -> dict[int, str]:
    """One step for every event that may need one (the sweep's work)."""
    due = Tournament.objects.filter(
        state__in=(State.UPCOMING, State.RUNNING),
        starts_at__lte=timezone.now(),
        format=Tournament.Format.SWISS,
    ).values_list("pk", flat=True)
    done = {pk: advance(pk) for pk in due}
    return {pk: what for pk, what in done.items() if what}
