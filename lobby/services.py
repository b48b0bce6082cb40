"""Every lobby state change. Each function locks what it changes (``select_for_update``; on SQLite
the IMMEDIATE transaction takes the write lock up front), acts, and broadcasts after commit.

Lock order, always: the user row, then the table row. Views, the API and consumers only call
these functions.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.coins import coin_balance, stake_levels
from games.banakil import InvalidOptions, Options

from .models import Seat, Table
from .refusals import LobbyRefusal

LOBBY_GROUP = "lobby"
logger = logging.getLogger(__name__)


def parse_options(data: Mapping[str, Any]) -> Options:
    try:
        return Options.from_dict(data)
    except InvalidOptions as error:
        code = error.code if error.code in ("bad_option", "unknown_option") else "bad_option"
        raise LobbyRefusal(code, error.message) from None


def _lock_user(user: Any) -> Any:
    return get_user_model().objects.select_for_update().get(pk=user.pk)


def _lock_table(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise LobbyRefusal("table_not_open") from None


def _lock_own_waiting_table(user: Any, table: Table) -> Table:
    """Lock a table that still waits for players and at which ``user`` sits."""
    table = _lock_table(table.pk)
    if table.status != Table.Status.WAITING:
        raise LobbyRefusal("table_not_open")
    if not table.seats.filter(user=user).exists():
        raise LobbyRefusal("not_seated")
    return table


def _check_can_sit(user: Any, table: Table) -> None:
    if Seat.objects.filter(user=user).exists():
        raise LobbyRefusal("already_seated")
    if table.is_coin_table and table.stake > coin_balance(user):
        raise LobbyRefusal("not_enough_coins")


def create_table(user: Any, options: Options | Mapping[str, Any]) -> Table:
    """Open a table with these options and sit its creator at seat 0."""
    if not isinstance(options, Options):
        options = parse_options(options)
    if options.is_coin_table and options.stake not in (levels := stake_levels()):
        raise LobbyRefusal("bad_stake", ", ".join(str(level) for level in levels) or None)
    with transaction.atomic():
        user = _lock_user(user)
        table = Table(created_by=user)
        table.copy_options(options)
        _check_can_sit(user, table)
        table.save()
        Seat.objects.create(table=table, number=0, user=user)
        _broadcast_after_commit(table.pk)
    return table


def sit(user: Any, table: Table, number: int | None = None, token: str | None = None) -> Seat:
    """Sit ``user`` at seat ``number`` (the first empty one when ``None``)."""
    with transaction.atomic():
        user = _lock_user(user)
        table = _lock_table(table.pk)
        if table.status != Table.Status.WAITING:
            raise LobbyRefusal("table_not_open")
        if table.private and token != table.invite_token:
            raise LobbyRefusal("invite_needed")
        if Seat.objects.filter(user=user, table=table).exists():
            raise LobbyRefusal("already_seated")
        taken = set(table.seats.values_list("number", flat=True))
        if len(taken) >= table.players:
            raise LobbyRefusal("table_full")
        if number is None:
            number = min(set(range(table.players)) - taken)
        elif not 0 <= number < table.players:
            raise LobbyRefusal("no_such_seat")
        elif number in taken:
            raise LobbyRefusal("seat_taken")
        _check_can_sit(user, table)
        try:
            with transaction.atomic():
                seat = Seat.objects.create(table=table, number=number, user=user)
        except IntegrityError:
            raise LobbyRefusal("already_seated") from None
        _broadcast_after_commit(table.pk)
    return seat


def leave(user: Any, table: Table) -> None:
    """Stand up. At a waiting table the seat empties; at a playing free table with bots on, a
    bot takes the seat. A table with no player left closes."""
    with transaction.atomic():
        user = _lock_user(user)
        table = _lock_table(table.pk)
        seat = Seat.objects.filter(table=table, user=user).first()
        if seat is None:
            raise LobbyRefusal("not_seated")
        if table.status == Table.Status.PLAYING:
            from games.services import seat_left

            seat_left(table.pk, user)
        if table.status == Table.Status.PLAYING and _bots_allowed(table):
            seat.user = None
            seat.is_bot = True
            seat.save(update_fields=["user", "is_bot"])
        else:
            seat.delete()
        if not table.seats.filter(is_bot=False).exists():
            _finish(table)
        _broadcast_after_commit(table.pk)


def fill_with_bots(user: Any, table: Table) -> int:
    """Seat a bot in every empty seat of a free table with bots on. Returns how many sat."""
    with transaction.atomic():
        table = _lock_own_waiting_table(user, table)
        if not _bots_allowed(table):
            raise LobbyRefusal("bots_not_allowed")
        taken = set(table.seats.values_list("number", flat=True))
        empty = [n for n in range(table.players) if n not in taken]
        if not empty:
            raise LobbyRefusal("no_empty_seat")
        Seat.objects.bulk_create([Seat(table=table, number=n, is_bot=True) for n in empty])
        _broadcast_after_commit(table.pk)
    return len(empty)


def start(user: Any, table: Table) -> Table:
    """A seated player starts a full table."""
    with transaction.atomic():
        table = _lock_own_waiting_table(user, table)
        if table.seats.count() < table.players:
            raise LobbyRefusal("table_not_full")
        start_table(table)
    return table


def start_table(table: Table) -> None:
    """Move a full, locked table to playing. The live-game work extends this (deal the first
    round, schedule bots and time-outs); call it inside the transaction that holds the lock."""
    from games.services import start_match

    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    table.save(update_fields=["status", "started_at"])
    start_match(table)
    _broadcast_after_commit(table.pk)


def finish_table(table_id: int) -> None:
    """The table's match is over: close it and free its seats (inside the caller's lock)."""
    table = _lock_table(table_id)
    if table.status != Table.Status.FINISHED:
        _finish(table)
        _broadcast_after_commit(table.pk)


def _finish(table: Table) -> None:
    table.status = Table.Status.FINISHED
    table.finished_at = timezone.now()
    table.save(update_fields=["status", "finished_at"])
    table.seats.all().delete()


def _bots_allowed(table: Table) -> bool:
    return not table.is_coin_table and bool(table.options.get("bots", True))


def table_summary(table: Table) -> dict[str, Any]:
    """What the lobby shows of a table (never the invite token)."""
    seats = []
    for number, seat in enumerate(table.seat_map()):
        seats.append(
            {
                "number": number,
                "taken": seat is not None,
                "bot": bool(seat and seat.is_bot),
                "user_id": seat.user_id if seat else None,
                "name": seat.shown_name if seat else None,
            }
        )
    return {
        "id": table.pk,
        "status": table.status,
        "players": table.players,
        "target": table.target,
        "stake": table.stake,
        "private": table.private,
        "bots": bool(table.options.get("bots", False)),
        "open_seats": sum(1 for s in seats if not s["taken"]),
        "seats": seats,
    }


def _broadcast_after_commit(table_id: int) -> None:
    transaction.on_commit(lambda: broadcast_table(table_id))


def broadcast_table(table_id: int) -> None:
    """Tell every lobby socket how this table looks now (read fresh, after commit)."""
    table = Table.objects.filter(pk=table_id).prefetch_related("seats__user").first()
    if table is None:
        return
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            LOBBY_GROUP, {"type": "lobby.table", "table": table_summary(table)}
        )
    except Exception:  # the change is committed; a lost broadcast heals on the next page load
        logger.exception("lobby broadcast failed for table %s", table_id)
