"""A round's tables, through the live layer's own functions: a private table per pairing, its
players seated, started; and the results read back from the finished matches. Nothing in
games or lobby knows this module; it watches by reading (the sweep), never by being called.

For now: sides of one player (one against one: Banakil 1v1, Pinochle two-handed). A player
still seated at another table is not moved: their pairing waits and the next sweep tries
again."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import live, registry
from games.models import Match
from lobby import services as lobby
from lobby.refusals import LobbyRefusal

from . import swiss, swiss_rounds
from .models import Pairing, Registration, Round, Tournament

#: the modes whose tables this module opens: a side is one player, a table two seats
ONE_AGAINST_ONE = frozenset({("banakil", "1v1"), ("pinochle", "two")})


def runs(tournament: Tournament) -> bool:
    """Whether this module can seat the event's pairings (partnership and three-handed modes:
    not yet)."""
    return (tournament.game, tournament.mode) in ONE_AGAINST_ONE


def _options(tournament: Tournament) -> dict[str, Any]:
    mode = next(m for m in registry.get(tournament.game).modes if m.key == tournament.mode)
    options: dict[str, Any] = {
        **mode.options,
        "private": True,
        "turn_seconds": tournament.turn_seconds,
    }
    if tournament.rated:
        options["rated"] = True
    return options


def open_tables(round_id: int) -> int:
    """A started table for every pairing of the round that has none. Returns how many opened."""
    opened = 0
    made = Round.objects.select_related("tournament").get(pk=round_id)
    for pairing_id in made.pairings.filter(side_b__isnull=False, table_id__isnull=True).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            pairing = Pairing.objects.select_for_update().get(pk=pairing_id)
            if pairing.table_id is not None or pairing.side_b_id is None:
                continue
            a = Registration.objects.get(entrant_id=pairing.side_a_id).user
            b = Registration.objects.get(entrant_id=pairing.side_b_id).user
            try:
                with transaction.atomic():
                    table = lobby.create_table(a, _options(made.tournament), made.tournament.game)
                    lobby.sit(b, table, token=table.invite_token)
                    live.start(a, table.pk)
            except LobbyRefusal:
                continue  # a player still sits elsewhere: the next sweep tries again
            pairing.table_id = table.pk
            pairing.match_id = (
                Match.objects.filter(table_id=table.pk).values_list("pk", flat=True).first()
            )
            pairing.save(update_fields=["table_id", "match_id"])
            opened += 1
    return opened


def collect(tournament: Tournament) -> int:
    """Record the result of every pairing whose match has ended. Side A sat at seat 0, so the
    match's winner 0 is a win for A. An abandoned match with no winner is a draw (for now)."""
    recorded = 0
    waiting = Pairing.objects.filter(
        tournament=tournament, match_id__isnull=False, results__isnull=True
    )
    for pairing in waiting:
        if pairing.match_id is None:
            continue
        match = Match.objects.get(pk=pairing.match_id)
        if match.status == Match.Status.PLAYING:
            continue
        totals = [int(float(t)) for t in (match.totals or [0, 0])] + [0, 0]
        if match.winner is None:
            points = swiss.DRAW
        else:
            points = swiss.WIN if match.winner == 0 else swiss.LOSS
        swiss_rounds.record(pairing.pk, points, totals[0], totals[1])
        recorded += 1
    return recorded
