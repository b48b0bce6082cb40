"""Quick play («العب الآن»): join a queue for a game, mode and stake, wait, be seated at a new
rated table with players whose ratings are close. The queue is ``QueueEntry`` rows; the
matcher (``match_pass``, run by Celery beat) seats groups through the lobby's and the live
layer's own functions, so a quick-play table is a table like any other."""

from __future__ import annotations

import logging
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.coins import coin_balance, stake_levels
from games import live, registry
from lobby import services as lobby
from lobby.models import Seat, Table
from ratings import services as ratings
from sahrat.refusals import Refusal

from . import liveness
from .models import QueueEntry
from .refusals import QuickPlayRefusal
from .window import Waiting, Widening, groups, window

logger = logging.getLogger(__name__)

#: one pass's CPU budget (seconds): the rest waits for the next pass
BUDGET = 0.8
LOCK_KEY = "quickplay:matcher"
LOCK_SECONDS = 10


def widening() -> Widening:
    """The rating window's growth, from the site's settings."""
    return Widening(
        settings.SAHRAT_QUICKPLAY_WINDOW,
        settings.SAHRAT_QUICKPLAY_WIDENING,
        settings.SAHRAT_QUICKPLAY_WIDEST,
    )


def modes(game: registry.Game) -> list[registry.Mode]:
    """The modes quick play offers: those played at tables."""
    return [m for m in game.modes if m.at_tables]


def table_options(game_id: str, mode_key: str, stake: int) -> Any:
    """A quick-play table's options: the mode's, rated, public, no bots, the game's clock."""
    game = _game(game_id)
    mode = next((m for m in modes(game) if m.key == mode_key), None)
    if mode is None:
        raise QuickPlayRefusal("unknown_mode", f"{game_id}:{mode_key}")
    data = {**mode.options, "stake": stake, "rated": True, "bots": False, "private": False}
    try:
        return game.options(data)
    except game.invalid_options as error:  # a mode the engine will not rate (no clock…)
        raise QuickPlayRefusal("unknown_mode", str(error)) from None


def _game(game_id: str) -> registry.Game:
    game = registry.GAMES.get(game_id)
    if game is None:
        raise QuickPlayRefusal("unknown_game", str(game_id))
    return game


def coins_needed(game_id: str, mode_key: str, stake: int) -> int:
    """What a player needs in the wallet to be seated (the stake and any side-bet reserve)."""
    table = Table(game=game_id)
    table.copy_options(table_options(game_id, mode_key, stake))
    return table.coins_to_sit


def join(user: Any, game_id: str, mode_key: str, stake: int = 0) -> QueueEntry:
    """Put ``user`` in the queue of this game, mode and stake."""
    options = table_options(game_id, mode_key, stake)
    if stake and stake not in stake_levels():
        raise QuickPlayRefusal("bad_stake")
    with transaction.atomic():
        user = lobby.lock_user(user)
        if Seat.objects.filter(user_id=user.pk).exists():
            raise QuickPlayRefusal("already_playing")
        if QueueEntry.objects.filter(user=user, state=QueueEntry.State.WAITING).exists():
            raise QuickPlayRefusal("already_queued")
        if stake and coins_needed(game_id, mode_key, stake) > coin_balance(user):
            raise QuickPlayRefusal("not_enough_coins")
        mode = registry.get(game_id).mode_of(options)
        try:
            with transaction.atomic():
                entry = QueueEntry.objects.create(
                    user=user,
                    game=game_id,
                    mode=mode,
                    stake=stake,
                    rating=ratings.rating_of(user, game_id, mode).figure,
                    joined_at=timezone.now(),
                )
        except IntegrityError:
            raise QuickPlayRefusal("already_queued") from None
    liveness.seen(user.pk)
    return entry


def cancel(user: Any, reason: str = "cancelled") -> bool:
    """Leave the queue (the player cancelled, or left the page). False: not waiting."""
    done = QueueEntry.objects.filter(user_id=user.pk, state=QueueEntry.State.WAITING).update(
        state=QueueEntry.State.CANCELLED, reason=reason, ended_at=timezone.now()
    )
    liveness.forget([user.pk])
    return bool(done)


def current(user: Any) -> QueueEntry | None:
    """The player's latest entry (waiting, or how the last one ended)."""
    return QueueEntry.objects.filter(user_id=user.pk).order_by("-joined_at", "-pk").first()


def status(user: Any, now: float | None = None) -> dict[str, Any]:
    """What the waiting page shows (and, while waiting, a sign the player is still there)."""
    entry = current(user)
    if entry is None:
        return {"state": "none"}
    out: dict[str, Any] = {"state": entry.state, "game": entry.game, "mode": entry.mode}
    if entry.state == QueueEntry.State.WAITING:
        liveness.seen(user.pk)
        now = time.time() if now is None else now
        waited = max(0.0, now - entry.joined_at.timestamp())
        wide = window(waited, widening())
        size = (
            registry.get(entry.game).options({**_mode(entry).options, "stake": entry.stake}).players
        )
        others = QueueEntry.objects.filter(
            game=entry.game,
            mode=entry.mode,
            stake=entry.stake,
            state=QueueEntry.State.WAITING,
            rating__gte=entry.rating - wide,
            rating__lte=entry.rating + wide,
        ).exclude(pk=entry.pk)
        out.update(
            waited=int(waited),
            window=wide,
            rating=entry.rating,
            found=min(others.count(), size - 1) + 1,
            players=size,
        )
    elif entry.state == QueueEntry.State.SEATED and entry.table_id:
        out["table"] = entry.table_id
        out["url"] = f"/tables/{entry.table_id}/"
    else:
        out["reason"] = entry.reason
        if entry.reason in QuickPlayRefusal.MESSAGES:
            out["message"] = QuickPlayRefusal(entry.reason).message
    return out


def _mode(entry: QueueEntry) -> registry.Mode:
    return next(m for m in registry.get(entry.game).modes if m.key == entry.mode)


# --- the matcher ---------------------------------------------------------------------------


@dataclass
class PassResult:
    waiting: int = 0
    seated: int = 0
    tables: int = 0
    gone: int = 0
    refused: int = 0
    cpu: float = 0.0
    skipped: bool = False  # another pass held the lock
    table_ids: list[int] = field(default_factory=list)


def match_pass(now: float | None = None, budget: float = BUDGET) -> PassResult:
    """One pass of the matcher: cancel who left the page, then seat every group it finds, the
    longest waiting first, until the CPU budget is spent. Two passes never overlap (a Redis
    lock), and seating claims each entry under its row lock, so nobody is seated twice."""
    token = uuid.uuid4().hex
    if not cache.add(LOCK_KEY, token, LOCK_SECONDS):
        return PassResult(skipped=True)
    try:
        return _pass(time.time() if now is None else now, budget)
    finally:
        if cache.get(LOCK_KEY) == token:
            cache.delete(LOCK_KEY)


def _pass(now: float, budget: float) -> PassResult:
    started = time.process_time()
    result = PassResult()
    rows = list(
        QueueEntry.objects.filter(state=QueueEntry.State.WAITING).values_list(
            "pk", "user_id", "game", "mode", "stake", "rating", "joined_at"
        )
    )
    result.waiting = len(rows)
    seen = liveness.last_seen(r[1] for r in rows)
    gone: list[int] = []
    queues: dict[tuple[str, str, int], list[Waiting]] = defaultdict(list)
    users: dict[int, int] = {}
    for pk, user_id, game, mode, stake, rating, joined_at in rows:
        joined = joined_at.timestamp()
        if now - max(joined, seen.get(user_id, joined)) > liveness.GRACE:
            gone.append(pk)
            continue
        users[pk] = user_id
        queues[game, mode, stake].append(Waiting(pk, rating, joined))
    if gone:
        result.gone = QueueEntry.objects.filter(pk__in=gone, state=QueueEntry.State.WAITING).update(
            state=QueueEntry.State.CANCELLED, reason="gone", ended_at=timezone.now()
        )
    for (game, mode, stake), waiting in queues.items():
        if time.process_time() - started > budget:
            break  # the next pass goes on (the longest waiting's queue first)
        size = table_options(game, mode, stake).players
        for group in groups(waiting, size, now, widening=widening()):
            if time.process_time() - started > budget:
                break
            table = seat([w.id for w in group], game, mode, stake)
            if table is None:
                result.refused += 1
                continue
            result.tables += 1
            result.seated += size
            result.table_ids.append(table.pk)
    result.cpu = time.process_time() - started
    return result


def seat(entry_ids: list[int], game: str, mode: str, stake: int) -> Table | None:
    """Seat these waiting entries, in this order, at a new rated table and start its match.
    None when one of them is no longer waiting (cancelled meanwhile) or may not sit (already
    at a table, short of coins): that one's entry is cancelled with the reason, the others
    wait on."""
    options = table_options(game, mode, stake)
    with transaction.atomic():
        entries = {
            e.pk: e
            for e in QueueEntry.objects.select_for_update()
            .filter(pk__in=entry_ids, state=QueueEntry.State.WAITING)
            .select_related("user")
        }
        if len(entries) != len(entry_ids):
            return None
        players = [entries[pk].user for pk in entry_ids]
        try:
            with transaction.atomic():
                table = lobby.create_table(players[0], options, game)
                for number, player in enumerate(players[1:], start=1):
                    lobby.sit(player, table, number)
                live.start(players[0], table.pk)
        except Refusal as refusal:
            _refused(list(entries.values()), refusal, game, mode, stake)
            return None
        QueueEntry.objects.filter(pk__in=entry_ids).update(
            state=QueueEntry.State.SEATED, table=table, ended_at=timezone.now()
        )
    liveness.forget(e.user_id for e in entries.values())
    return table


def _refused(entries: list[QueueEntry], refusal: Refusal, game: str, mode: str, stake: int) -> None:
    """Cancel whoever kept the group from sitting (an already-seated player, one short of
    coins at seating); if nobody can be named, nothing changes and the next pass tries again."""
    need = coins_needed(game, mode, stake) if stake else 0
    users = get_user_model().objects.filter(pk__in=[e.user_id for e in entries])
    balance = {u.pk: coin_balance(u) for u in users} if stake else {}
    seated = set(
        Seat.objects.filter(user_id__in=[e.user_id for e in entries]).values_list(
            "user_id", flat=True
        )
    )
    for entry in entries:
        reason = (
            "already_playing"
            if entry.user_id in seated
            else "not_enough_coins"
            if stake and balance.get(entry.user_id, 0) < need
            else None
        )
        if reason:
            QueueEntry.objects.filter(pk=entry.pk).update(
                state=QueueEntry.State.CANCELLED, reason=reason, ended_at=timezone.now()
            )
    logger.info("quick play could not seat %s: %s", [e.pk for e in entries], refusal.code)
