"""Every change to a waiting table: open one, sit, fill with bots. Each function locks what it
changes (``select_for_update``; on SQLite the IMMEDIATE transaction takes the write lock up
front), acts, and broadcasts to the lobby after commit.

Once a table plays, the live layer (``games.live``) owns it and calls the primitives at the end of
this module downward (lock a user or a table, begin play, release a seat, finish). Lock order,
always: the user row, then the table row (then the live layer's match and round). Views, the API
and consumers only call these functions.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.coins import coin_balance, stake_levels
from games import registry
from sahrat.channel_layer import send_from_sync

from .models import Seat, Table
from .refusals import LobbyRefusal

LOBBY_GROUP = "lobby"
logger = logging.getLogger(__name__)


def parse_options(game_id: str, data: Mapping[str, Any]) -> Any:
    """The game's table options from a JSON-like mapping, or ``bad_option``/``unknown_option``."""
    try:
        game = registry.get(game_id)
    except registry.UnknownGame:
        raise LobbyRefusal("unknown_game", str(game_id)) from None
    try:
        return game.options(data)
    except game.invalid_options as error:
        code = getattr(error, "code", "bad_option")
        code = code if code in ("bad_option", "unknown_option") else "bad_option"
        raise LobbyRefusal(code, getattr(error, "message", str(error))) from None


def _check_can_sit(user: Any, table: Table) -> None:
    if Seat.objects.filter(user_id=user.pk).exists():
        raise LobbyRefusal("already_seated")
    if table.is_coin_table and table.coins_to_sit > coin_balance(user):
        raise LobbyRefusal("not_enough_coins")


def at_tables(game_id: str, options: Any) -> bool:
    """Whether players may open a table of this mode (``Mode.at_tables``)."""
    entry = registry.get(game_id)
    key = entry.mode_of(options)
    return next((mode.at_tables for mode in entry.modes if mode.key == key), True)


def create_table(
    user: Any, options: Mapping[str, Any] | Any, game: str = registry.DEFAULT
) -> Table:
    """Open a table of ``game`` with these options (the engine's ``Options``, or a mapping to
    build them from) and sit its creator at seat 0."""
    if isinstance(options, Mapping):
        options = parse_options(game, options)
    if not at_tables(game, options):
        raise LobbyRefusal("bad_option", "this variant is not played at tables yet")
    if options.is_coin_table and options.stake not in (levels := stake_levels()):
        raise LobbyRefusal("bad_stake", ", ".join(str(level) for level in levels) or None)
    with transaction.atomic():
        user = lock_user(user)
        table = Table(created_by=user, game=game)
        table.copy_options(options)
        _check_can_sit(user, table)
        table.save()
        Seat.objects.create(table=table, number=0, user=user)
        _broadcast_after_commit(table.pk)
    return table


def sit(user: Any, table: Table, number: int | None = None, token: str | None = None) -> Seat:
    """Sit ``user`` at seat ``number`` (the first empty one when ``None``)."""
    with transaction.atomic():
        user = lock_user(user)
        table = lock_table(table.pk)
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


def fill_with_bots(user: Any, table: Table) -> int:
    """Seat a bot in every empty seat of a free table with bots on. Returns how many sat."""
    with transaction.atomic():
        table = lock_own_waiting_table(user, table.pk)
        if not bots_allowed(table):
            raise LobbyRefusal("bots_not_allowed")
        empty = table.players - table.seats.count()
        if not empty:
            raise LobbyRefusal("no_empty_seat")
        fill_locked(table)
    return empty


def bots_allowed(table: Table) -> bool:
    return registry.bots_may_sit(table.game_options)


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
        "game": table.game,
        "players": table.players,
        "target": table.target,
        "stake": table.stake,
        "private": table.private,
        "bots": bots_allowed(table),
        "rated": table.rated,
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
        send_from_sync(
            layer.group_send, LOBBY_GROUP, {"type": "lobby.table", "table": table_summary(table)}
        )
    except Exception:  # the change is committed; a lost broadcast heals on the next page load
        logger.exception("lobby broadcast failed for table %s", table_id)


# --- primitives the live layer calls once a table plays (in the lock order) ---------------------


def lock_user(user: Any) -> Any:
    return get_user_model().objects.select_for_update().get(pk=user.pk)


def lock_table(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise LobbyRefusal("table_not_open") from None


def lock_own_waiting_table(user: Any, table_id: int) -> Table:
    """Lock a table that still waits for players and at which ``user`` sits."""
    table = lock_table(table_id)
    if table.status != Table.Status.WAITING:
        raise LobbyRefusal("table_not_open")
    seat_of(user, table)
    return table


def seat_of(user: Any, table: Table) -> Seat:
    """The user's seat at this table, or ``not_seated`` (never a bot's seat: a visitor has no
    id, and bots have no user)."""
    seat = Seat.objects.filter(table=table, user_id=user.pk).first() if user.pk else None
    if seat is None:
        raise LobbyRefusal("not_seated")
    return seat


def rematch_table(old: Table, user: Any) -> Table:
    """The waiting table where the players of ``old`` (locked, finished) play again: the same
    game and options, opened by the first who asks (locked). Returns it locked."""
    table = Table.objects.select_for_update().filter(rematch_of=old).first()
    if table is not None:
        return table
    table = Table(created_by=user, game=old.game, rematch_of=old)
    table.copy_options(old.game_options)
    table.save()
    _broadcast_after_commit(table.pk)
    return table


def sit_again(user: Any, table: Table, number: int) -> Seat:
    """Sit a player of the previous match at their old seat of the locked rematch table (no
    invite needed: they played there)."""
    if table.status != Table.Status.WAITING:
        raise LobbyRefusal("table_not_open")
    if table.seats.filter(user_id=user.pk).exists():
        return table.seats.get(user_id=user.pk)
    if table.seats.filter(number=number).exists():
        raise LobbyRefusal("seat_taken")
    _check_can_sit(user, table)
    try:
        with transaction.atomic():
            seat = Seat.objects.create(table=table, number=number, user=user)
    except IntegrityError:
        raise LobbyRefusal("already_seated") from None
    _broadcast_after_commit(table.pk)
    return seat


def fill_locked(table: Table) -> None:
    """Bots in every empty seat of a locked free table with bots on."""
    taken = set(table.seats.values_list("number", flat=True))
    empty = [n for n in range(table.players) if n not in taken]
    Seat.objects.bulk_create([Seat(table=table, number=n, is_bot=True) for n in empty])
    _broadcast_after_commit(table.pk)


def begin_play(table: Table) -> None:
    """A full, locked waiting table plays from now on (the live layer opens its match)."""
    if table.seats.count() < table.players:
        raise LobbyRefusal("table_not_full")
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    table.save(update_fields=["status", "started_at"])
    _broadcast_after_commit(table.pk)


def leave_locked(user: Any, table: Table) -> None:
    """Stand up from a locked waiting table: the seat empties; with no player left it closes."""
    release_seat(table, seat_of(user, table))


def release_seat(table: Table, seat: Seat) -> None:
    """The locked seat's player is free to sit elsewhere; a table with no player left closes."""
    seat.delete()
    if not table.seats.filter(user__isnull=False).exists():
        _finish(table)
    _broadcast_after_commit(table.pk)


def finish_table(table: Table) -> None:
    """The table's match is over: close the locked table and free its seats."""
    if table.status != Table.Status.FINISHED:
        _finish(table)
        _broadcast_after_commit(table.pk)


def _finish(table: Table) -> None:
    table.status = Table.Status.FINISHED
    table.finished_at = timezone.now()
    table.save(update_fields=["status", "finished_at"])
    table.seats.all().delete()
