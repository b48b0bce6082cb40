"""A round's tables, through the live layer's own functions: a private table per pairing, its
players seated, started; and the results read back from the finished matches. Nothing in
games or lobby knows this module; it watches by reading (the sweep), never by being called.

A table has the mode's sides (``models.table_shape``): two (one against one, partners,
six-handed's teams of three), three (three-handed, cutthroat) or four (eight-handed's pairs).
A side is one player or a team; side t's j-th player sits at seat t + sides × j (partners
opposite at four seats, every other seat at six, across at eight), so the game's side of a
seat (``seat % sides``) is the side's place at the table: the game's side 0 is side A. A player
still seated at another table is not moved: their pairing waits and the next sweep tries
again."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.urls import reverse

from games import live, registry
from games.models import Match
from lobby import services as lobby
from lobby.refusals import LobbyRefusal

from . import duplicate_runs, swiss, swiss_rounds
from . import live as tournament_live
from .models import Pairing, Registration, Round, Tournament


def players_of(entrant_id: int) -> list[Any]:
    """A side's players in registration order (the pair's first player first)."""
    return [
        r.user
        for r in Registration.objects.filter(entrant_id=entrant_id)
        .select_related("user")
        .order_by("pk")
    ]


def seating(sides: Sequence[Sequence[Any]]) -> list[Any]:
    """Seat by seat: the first player of every side in the table's order, then the second of
    every side…: A, B (one against one), A, B, A's partner, B's partner (partners opposite),
    A, B, C (three-handed)."""
    return [player for players in zip(*sides, strict=True) for player in players]


def open_table(
    tournament: Tournament,
    sides: Sequence[Sequence[Any]],
    extra: dict[str, Any],
    deals: Sequence[dict[str, str]] = (),
) -> tuple[int, int | None]:
    """A private table of the event's game and mode with every side seated, started (with
    ``deals``: the live layer's set deals, a duplicate round's boards). Raises
    ``LobbyRefusal`` (and opens nothing) when a player cannot sit now."""
    seats = seating(sides)
    with transaction.atomic():
        table = lobby.create_table(seats[0], {**_options(tournament), **extra}, tournament.game)
        table.event_url = reverse("tournaments:detail", args=[tournament.pk])
        table.save(update_fields=["event_url"])
        for number, user in enumerate(seats[1:], start=1):
            lobby.sit(user, table, number, token=table.invite_token)
        live.start(seats[0], table.pk, deals)
    match_id = Match.objects.filter(table_id=table.pk).values_list("pk", flat=True).first()
    return table.pk, match_id


def _options(tournament: Tournament) -> dict[str, Any]:
    mode = next(m for m in registry.get(tournament.game).modes if m.key == tournament.mode)
    options: dict[str, Any] = {
        **(tournament.table_options or {}),
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
    extra: dict[str, Any] = {}
    deals: list[dict[str, str]] = []
    if made.tournament.format == Tournament.Format.DUPLICATE:
        extra, deals = duplicate_runs.table_options(made.tournament), duplicate_runs.deals(made)
    for pairing_id in made.pairings.filter(side_b__isnull=False, table_id__isnull=True).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            pairing = Pairing.objects.select_for_update().get(pk=pairing_id)
            if pairing.table_id is not None or pairing.side_b_id is None:
                continue
            try:
                table_id, match_id = open_table(
                    made.tournament, [players_of(side) for side in pairing.sides], extra, deals
                )
            except LobbyRefusal:
                continue  # a player still sits elsewhere: the next sweep tries again
            pairing.table_id, pairing.match_id = table_id, match_id
            pairing.save(update_fields=["table_id", "match_id"])
            users = [u.pk for side in pairing.sides for u in players_of(side)]
            transaction.on_commit(
                functools.partial(tournament_live.push_table, made.tournament_id, users, table_id)
            )
            opened += 1
    return opened


def places(match: Match, sides: int) -> list[float]:
    """Each side's standing at its finished table, higher better: the winner first, the others
    by their match totals; a match that ended with no winner (abandoned) leaves every side
    level (a draw)."""
    if match.winner is None:
        return [0.0] * sides
    totals = [float(t) for t in (match.totals or [])] + [0.0] * sides
    return [math.inf if side == match.winner else totals[side] for side in range(sides)]


def collect(tournament: Tournament) -> int:
    """Record the result of every pairing whose match has ended: each side's half points
    against every other side at the table (``swiss.table_points`` of ``places``; at two
    sides a win, a loss or a draw) and its match total."""
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
        count = len(pairing.sides)
        totals = [int(float(t)) for t in (match.totals or [])] + [0] * count
        swiss_rounds.record_table(
            pairing.pk, swiss.table_points(places(match, count)), totals[:count]
        )
        recorded += 1
    return recorded
