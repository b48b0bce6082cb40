"""Who sits where while a table plays: starting it, a player leaving for good, going away
(disconnected past the grace period) and coming back.

The lobby owns waiting tables; once a table plays, these functions own it and call the lobby's
primitives downward, in the one lock order: user → table → match → round.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from games import presence, registry
from games.models import Match, MatchPlayer, Round
from lobby import services as lobby
from lobby.models import Table

from ..refusals import GameRefusal
from . import schedule
from .broadcast import announce, new_event
from .locks import latest_round, lock_match
from .rounds import abandon, start_match
from .state import seat_of


def start(user: Any, table_id: int, deals: Sequence[Mapping[str, str]] = ()) -> Table:
    """A seated player starts their full waiting table: it plays from now on. ``deals``: set
    deals for its match (``Match.deals``: duplicate boards, the same at several tables)."""
    with transaction.atomic():
        table = lobby.lock_own_waiting_table(user, table_id)
        lobby.begin_play(table)
        start_match(table, deals)
    return table


def rematch(user: Any, table_id: int) -> Table:
    """A player of the table's finished match asks to play again with the same seats: they sit
    at their old seat of the table's rematch (opened by the first who asks, with the same game
    and options). When every player of the match has sat, it starts, bots in the seats bots
    held at a free table. The players still on the old table see who has accepted."""
    with transaction.atomic():
        user = lobby.lock_user(user)
        old = lobby.lock_table(table_id)
        match = Match.objects.filter(table=old).order_by("-pk").first()
        if match is None or match.status == Match.Status.PLAYING:
            raise GameRefusal("match_not_over")
        if old.event_url:
            raise GameRefusal("event_table")
        seats = {p.user_id: p.seat for p in MatchPlayer.objects.filter(match=match)}
        if user.pk not in seats:
            raise GameRefusal("not_a_player")
        table = lobby.rematch_table(old, user)
        lobby.sit_again(user, table, seats[user.pk])
        if table.status == Table.Status.WAITING and set(
            table.seats.filter(user__isnull=False).values_list("user_id", flat=True)
        ) >= set(seats):
            if lobby.bots_allowed(table):
                lobby.fill_locked(table)
            if table.seats.count() == table.players:
                lobby.begin_play(table)
                start_match(table)
        match_id = match.pk
        transaction.on_commit(lambda: announce(match_id))
    return table


def leave(user: Any, table_id: int) -> None:
    """Stand up. At a waiting table the lobby empties the seat; at a playing table the seat
    plays on without its player (a bot at free tables with bots on, else the clock's time-out
    moves), and the player is free to sit elsewhere. A table with no player left closes."""
    with transaction.atomic():
        user = lobby.lock_user(user)
        table = lobby.lock_table(table_id)
        if table.status != Table.Status.PLAYING:
            lobby.leave_locked(user, table)
            return
        seat = lobby.seat_of(user, table)
        _seat_left(table.pk, user)
        lobby.release_seat(table, seat)


def _seat_left(table_id: int, user: Any) -> None:
    """The player leaves the table's playing match for good (holds user → table)."""
    match = lock_match(table_id)
    if match is None or match.status != Match.Status.PLAYING:
        return
    seat = seat_of(match, user)
    if seat is None:
        return
    states = match.seat_states
    order = 1 + max(s.left_order for s in states)
    states[seat] = states[seat].leave(registry.bots_may_sit(match.game_options), order)
    match.set_seats(states)
    match.save(update_fields=["seats"])
    rnd = latest_round(match, lock=True)
    if rnd is None:
        return
    if all(s.gone for s in states):
        # the lobby closes the empty table itself
        abandon(match, rnd, Match.Abandoned.LEFT, close=False)
    else:
        new_event(match, rnd)


def went_away(table_id: int, user_id: int) -> bool:
    """A player stayed disconnected past the grace period: a bot stands in at free tables.
    Whether one did (not if the seat has one, or the table takes no bots)."""
    with transaction.atomic():
        match = lock_match(table_id)
        if match is None or match.status != Match.Status.PLAYING:
            return False
        states = match.seat_states
        seat = next((n for n, s in enumerate(states) if s.held_by(user_id)), None)
        if seat is None or states[seat].bot or not registry.bots_may_sit(match.game_options):
            return False
        states[seat] = states[seat].go_away()
        match.set_seats(states)
        match.save(update_fields=["seats"])
        rnd = latest_round(match, lock=True)
        if rnd is not None:
            new_event(match, rnd)
    return True


def came_back(table_id: int, user: Any) -> None:
    """A player whose seat a bot plays is back: the seat is theirs again from the next turn
    (at once when it isn't their turn now)."""
    with transaction.atomic():
        match = lock_match(table_id)
        if match is None or match.status != Match.Status.PLAYING:
            return
        seat = seat_of(match, user)
        states = match.seat_states
        if seat is None or not states[seat].bot:
            return
        rnd = latest_round(match, lock=True)
        on_turn = rnd is not None and rnd.status == Round.Status.PLAYING and rnd.turn_seat == seat
        states[seat] = states[seat].come_back(now=not on_turn)
        match.set_seats(states)
        match.save(update_fields=["seats"])
        if rnd is not None:
            new_event(match, rnd)


#: departures the sweep reads at a time, and the seconds it spends seating bots for them
DEPARTURES_PER_SWEEP = 500
STAND_IN_SECONDS = 0.5


def stand_in_for_the_departed(now: float | None = None) -> int:
    """The sweep's step for players whose last socket at a table closed (``presence``): past
    the grace period and still away, a bot stands in for each at a playing table
    (``went_away``). A burst of departures is read in one batch and only the playing tables
    are locked, and each sweep spends at most ``STAND_IN_SECONDS`` on them, so the clock's
    tasks never queue behind them; the rest wait for the next sweep. Returns the bots seated."""
    cutoff = (time.time() if now is None else now) - schedule.seconds("SAHRAT_AWAY_GRACE_SECONDS")
    due = presence.departed_before(cutoff, DEPARTURES_PER_SWEEP)
    if not due:
        return 0
    away = presence.still_away(due)  # oldest first, as read
    gone = set(away)
    playing = set(
        Match.objects.filter(
            table_id__in={table for table, _ in away}, status=Match.Status.PLAYING
        ).values_list("table_id", flat=True)
    )
    done = [d for d in due if d not in gone or d[0] not in playing]
    seated = 0
    started = time.monotonic()
    for table_id, user_id in (d for d in away if d[0] in playing):
        seated += went_away(table_id, user_id)
        done.append((table_id, user_id))
        if time.monotonic() - started > STAND_IN_SECONDS:
            break
    presence.forget_departures(done, cutoff)
    return seated
