"""A round's tables, through the live layer's own functions: a private table per pairing, its
players seated, started; and the results read back from the finished matches. Nothing in
games or lobby knows this module; it watches by reading (the sweep), never by being called.

A side is one player (one against one: Banakil 1v1, Pinochle two-handed) or a pair
(Banakil partners, partnership Pinochle): a pair's players sit opposite, side A at seats 0
and 2, side B at 1 and 3, so the game's side 0 is side A. A player still seated at another
table is not moved: their pairing waits and the next sweep tries again."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from games import live, registry
from games.models import Match
from lobby import services as lobby
from lobby.refusals import LobbyRefusal

from . import duplicate_runs, swiss, swiss_rounds
from . import live as tournament_live
from .models import PARTNERSHIP_MODES, Pairing, Registration, Round, Tournament

#: the modes whose tables this module opens: a side is one player, a table two seats
ONE_AGAINST_ONE = frozenset({("banakil", "1v1"), ("pinochle", "two")})


def runs(tournament: Tournament) -> bool:
    """Whether this module can seat the event's pairings (three-handed and bigger modes: not
    yet)."""
    key = (tournament.game, tournament.mode)
    return key in ONE_AGAINST_ONE or key in PARTNERSHIP_MODES


def players_of(entrant_id: int) -> list[Any]:
    """A side's players in registration order (the pair's first player first)."""
    return [
        r.user for r in Registration.objects.filter(entrant_id=entrant_id).select_related("user")
    ]


def seating(side_a: Sequence[Any], side_b: Sequence[Any]) -> list[Any]:
    """Seat by seat: A, B (one against one) or A, B, A's partner, B's partner (partners
    opposite)."""
    seats: list[Any] = []
    for a, b in zip(side_a, side_b, strict=True):
        seats += [a, b]
    return seats


def open_table(
    tournament: Tournament,
    side_a: Sequence[Any],
    side_b: Sequence[Any],
    extra: dict[str, Any],
    deals: Sequence[dict[str, str]] = (),
) -> tuple[int, int | None]:
    """A private table of the event's game and mode with both sides seated, started (with
    ``deals``: the live layer's set deals, a duplicate round's boards). Raises
    ``LobbyRefusal`` (and opens nothing) when a player cannot sit now."""
    seats = seating(side_a, side_b)
    with transaction.atomic():
        table = lobby.create_table(seats[0], {**_options(tournament), **extra}, tournament.game)
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
                    made.tournament,
                    players_of(pairing.side_a_id),
                    players_of(pairing.side_b_id),
                    extra,
                    deals,
                )
            except LobbyRefusal:
                continue  # a player still sits elsewhere: the next sweep tries again
            pairing.table_id, pairing.match_id = table_id, match_id
            pairing.save(update_fields=["table_id", "match_id"])
            users = [
                u.pk for e in (pairing.side_a_id, pairing.side_b_id) for u in players_of(e or 0)
            ]
            transaction.on_commit(
                functools.partial(tournament_live.push_table, made.tournament_id, users, table_id)
            )
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
