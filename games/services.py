"""Live play: every change to a match goes through these functions.

Each one locks (match row, then round row: always in that order), acts through the engine,
appends to the action log, and only after commit schedules the clock and bots and broadcasts.
Views, consumers and Celery tasks stay thin and call these.

Private views go to one seat's group only; spectators get the engine's public view.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.coins import stake_match
from games.banakil import IllegalAction, bots, fair, hints
from games.banakil import Round as EngineRound
from games.banakil.round import _dec

from .models import Action, Archive, Match, Round
from .refusals import GameRefusal

__all__ = ["GameRefusal"]

logger = logging.getLogger(__name__)

AWAY_AFTER_TIMEOUTS = 3
_CACHE_SIZE = 512
#: engines of rounds recently played in this process, checked against the row's action_count
#: under the row lock before use (a cache, never the authority)
_engines: OrderedDict[int, EngineRound] = OrderedDict()
_engines_lock = threading.Lock()


def seat_group(table_id: int, seat: int) -> str:
    return f"table.{table_id}.seat.{seat}"


def public_group(table_id: int) -> str:
    return f"table.{table_id}.public"


def _setting(name: str) -> float:
    return float(getattr(settings, name))


# --- loading -----------------------------------------------------------------------------------


def _engine(rnd: Round) -> EngineRound:
    """The round's engine, for a caller that holds the round's row lock (so no other thread
    changes this round): from this process's cache when current, else a replay."""
    with _engines_lock:
        cached = _engines.get(rnd.pk)
        if cached is not None and len(cached.actions) == rnd.action_count:
            _engines.move_to_end(rnd.pk)
            return cached
    engine = rnd.engine()
    _remember(rnd.pk, engine)
    return engine


def _remember(round_id: int, engine: EngineRound) -> None:
    with _engines_lock:
        _engines[round_id] = engine
        _engines.move_to_end(round_id)
        while len(_engines) > _CACHE_SIZE:
            _engines.popitem(last=False)


def _engine_to_read(rnd: Round) -> EngineRound:
    """An engine for a reader without the row lock: its own replay of the row it read, never
    the cached object a locked writer may be changing in another thread."""
    return rnd.engine()


def current_match(table_id: int) -> Match | None:
    return Match.objects.filter(table_id=table_id).order_by("-pk").first()


def _playing_match(table_id: int) -> Match:
    """The table's current match; refused (``not_playing``) when it has none."""
    match = current_match(table_id)
    if match is None:
        raise GameRefusal("not_playing")
    return match


def _lock_match(table_id: int) -> Match | None:
    """Lock the table's current match (the first lock of every live change)."""
    return Match.objects.select_for_update().filter(table_id=table_id).order_by("-pk").first()


def _lock(table_id: int) -> tuple[Match, Round]:
    """Lock the table's current match and its latest round, in that order."""
    match = _lock_match(table_id)
    if match is None:
        raise GameRefusal("not_playing")
    rnd = Round.objects.select_for_update().filter(match=match).order_by("-number").first()
    if rnd is None:
        raise GameRefusal("not_playing")
    return match, rnd


def _lock_round(round_id: int) -> tuple[Match, Round] | None:
    rnd = Round.objects.filter(pk=round_id).only("match_id").first()
    if rnd is None:
        return None
    match = Match.objects.select_for_update().get(pk=rnd.match_id)
    return match, Round.objects.select_for_update().get(pk=round_id)


def seat_of(match: Match, user: Any) -> int | None:
    """The seat this user plays at this match; a player who left it is a spectator now."""
    user_id = getattr(user, "pk", None)
    if user_id is None:
        return None
    for number, seat in enumerate(match.seats):
        if seat.get("user") == user_id and not seat.get("left"):
            return number
    return None


# --- starting a match and its rounds --------------------------------------------------------


def start_match(table: Any) -> Match:
    """Open the match of a full, locked table and its first round (call inside that lock)."""
    seats = []
    for seat in table.seat_map():
        bot = seat is None or seat.is_bot
        seats.append(
            {
                "user": None if bot else seat.user_id,
                # a bot's seat has no name of its own: each client names it in its language
                "name": "" if bot else seat.shown_name,
                "bot": bot,
                "away": False,
                "timeouts": 0,
            }
        )
    match = Match.objects.create(
        table=table, options=table.options, players=table.players, seats=seats
    )
    stake_match(match)  # coin tables: every seat's stake into the pot, or not_enough_coins
    _open_round(match, 1)
    return match


def _open_round(match: Match, number: int) -> Round:
    """Fix the round's secret (the one committed at the end of the last round, if any) and
    publish its commitment; seeds come next, then the deal."""
    secret = match.next_secret or fair.new_secret()
    if match.next_secret:
        match.next_secret = match.next_commitment = ""
        match.save(update_fields=["next_secret", "next_commitment"])
    rnd = Round.objects.create(
        match=match,
        number=number,
        secret=secret,
        commitment=fair.commitment(secret),
        seeds=[None] * match.players,
    )
    humans = [s for s in match.seats if not s["bot"]]
    if not humans:
        _deal(match, rnd)
        return rnd
    rnd.event_no = 1
    rnd.save(update_fields=["event_no"])
    wait = _setting("SAHRAT_SEED_SECONDS")
    round_id = rnd.pk
    _after_commit(match, rnd, None)

    def schedule() -> None:
        from .tasks import deal_round

        deal_round.apply_async((round_id,), countdown=wait)

    transaction.on_commit(schedule)
    return rnd


def submit_seed(table_id: int, user: Any, seed: Any) -> None:
    """A seated human's seed for the round being opened; the deal happens once all are in.
    A seed that arrives after the deal (the seed wait ran out) is not used; the published
    client seed shows what was."""
    if not isinstance(seed, str) or not fair.SEED_RE.fullmatch(seed):
        raise GameRefusal("bad_seed")
    with transaction.atomic():
        match, rnd = _lock(table_id)
        seat = seat_of(match, user)
        if seat is None:
            raise GameRefusal("not_seated")
        if rnd.status != Round.Status.SEEDING:
            return  # a seed that arrives after the deal is simply not used
        seeds = list(rnd.seeds)
        seeds[seat] = seed
        rnd.seeds = seeds
        rnd.event_no += 1
        waiting = [
            n
            for n, s in enumerate(match.seats)
            if not s["bot"] and not s["away"] and seeds[n] is None
        ]
        if waiting:
            rnd.save(update_fields=["seeds", "event_no"])
            _after_commit(match, rnd, None)
        else:
            _deal(match, rnd)


def deal_due(round_id: int) -> None:
    """The seed wait is over: deal with the seeds that came (idempotent)."""
    with transaction.atomic():
        locked = _lock_round(round_id)
        if locked is None:
            return
        match, rnd = locked
        if rnd.status == Round.Status.SEEDING and match.status == Match.Status.PLAYING:
            _deal(match, rnd)


def _deal(match: Match, rnd: Round) -> None:
    seeds = ["" if s is None else s for s in rnd.seeds]
    rnd.client_seed = fair.client_seed(seeds)
    if match.first_dealer is None:
        match.first_dealer = fair.first_dealer(rnd.secret, rnd.client_seed, match.players)
        match.save(update_fields=["first_dealer"])
    rnd.dealer = (match.first_dealer + rnd.number - 1) % match.players
    engine = EngineRound.deal(
        match.game_options, rnd.dealer, secret=rnd.secret, client_seed=rnd.client_seed
    )
    rnd.status = Round.Status.PLAYING
    rnd.dealt_at = timezone.now()
    rnd.state = engine.to_dict()
    rnd.action_count = 0
    _sync(match, rnd, engine)
    rnd.save()
    _remember(rnd.pk, engine)
    _after_commit(match, rnd, engine, new_turn=True)


def next_round(match_id: int, number: int) -> None:
    """Open round ``number`` after the score sheet of the last one (idempotent)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.PLAYING:
            return
        if match.rounds.filter(number=number).exists():
            return
        last = match.rounds.order_by("-number").first()
        if last is None or last.number != number - 1 or last.status != Round.Status.FINISHED:
            return
        _open_round(match, number)


# --- playing -------------------------------------------------------------------------------


def play(table_id: int, user: Any, action: Any, turn_no: Any) -> Any:
    """A seated player's move. Refused (``GameRefusal``, nothing changed) when the move is for
    another turn, another seat, a bot's seat, or the engine says no."""
    with transaction.atomic():
        match, rnd = _lock(table_id)
        seat = seat_of(match, user)
        if seat is None:
            raise GameRefusal("not_seated")
        if rnd.status != Round.Status.PLAYING or match.status != Match.Status.PLAYING:
            raise GameRefusal("not_playing")
        if match.seats[seat]["bot"]:
            raise GameRefusal("bot_has_seat")
        if not isinstance(turn_no, int) or isinstance(turn_no, bool) or turn_no != rnd.turn_no:
            raise GameRefusal("stale_turn")
        if rnd.turn_seat != seat:
            raise GameRefusal("not_your_turn")
        out = _apply(match, rnd, seat, action, Action.Actor.PLAYER, user)
        seats = list(match.seats)
        if seats[seat]["timeouts"] or seats[seat]["away"]:
            seats[seat] = {**seats[seat], "timeouts": 0, "away": False}
            match.seats = seats
            match.save(update_fields=["seats"])
        return out


def _apply(match: Match, rnd: Round, seat: int, action: Any, actor: str, user: Any = None) -> Any:
    engine = _engine(rnd)
    turn_before = engine.turn_no
    try:
        out = engine.apply(seat, action)
    except IllegalAction as refusal:
        raise GameRefusal(refusal.code, refusal.message) from None
    seq = rnd.action_count + 1
    payload = engine.actions[-1][1]
    Action.objects.create(round=rnd, seq=seq, seat=seat, payload=payload, actor=actor, user=user)
    rnd.action_count = seq
    rnd._last_actor = (seq, actor)  # type: ignore[attr-defined]  # for message(), no query
    rnd.state = engine.to_dict()
    new_turn = engine.turn_no != turn_before
    _sync(match, rnd, engine, new_turn=new_turn)
    if engine.result is not None:
        _finish_round(match, rnd, engine)
    rnd.save()
    _after_commit(match, rnd, engine, new_turn=new_turn)
    return out


def _sync(match: Match, rnd: Round, engine: EngineRound, new_turn: bool = True) -> None:
    """Copy the engine's turn into the row; a new turn gets a fresh deadline."""
    rnd.event_no += 1
    rnd.turn_no = engine.turn_no
    rnd.turn_seat = engine.turn
    if new_turn:
        seconds = match.game_options.turn_seconds
        rnd.deadline = timezone.now() + timedelta(seconds=seconds)
        _return_seats(match, engine.turn)


def _return_seats(match: Match, turn: int) -> None:
    """A player who came back gets the seat from the bot at the next turn that isn't theirs
    being played."""
    seats = list(match.seats)
    changed = False
    for n, s in enumerate(seats):
        if s.get("returning") and s["bot"]:
            seats[n] = {**s, "bot": False, "returning": False, "away": False, "timeouts": 0}
            changed = True
    if changed:
        match.seats = seats
        match.save(update_fields=["seats"])


def _finish_round(match: Match, rnd: Round, engine: EngineRound) -> None:
    result = engine.view(None)["result"]
    rnd.status = Round.Status.FINISHED
    rnd.finished_at = timezone.now()
    rnd.deadline = None
    rnd.result = result
    points = engine.result["team_points"] if engine.result else [Decimal(0), Decimal(0)]
    match.total_a += points[0]
    match.total_b += points[1]
    a, b = match.total_a, match.total_b
    target = match.game_options.target
    if max(a, b) >= target and a != b:
        match.status = Match.Status.FINISHED
        match.winner_team = 0 if a > b else 1
        match.finished_at = timezone.now()
        _close_table(match)
    else:  # the next round's secret is fixed now: its commitment goes on the score sheet
        match.next_secret = fair.new_secret()
        match.next_commitment = fair.commitment(match.next_secret)
    match.save()
    round_id, match_id, number = rnd.pk, match.pk, rnd.number
    over = match.status != Match.Status.PLAYING
    pause = _setting("SAHRAT_ROUND_BREAK_SECONDS")

    def schedule() -> None:
        from .tasks import archive_match, open_next_round, reveal_secret

        reveal_secret.delay(round_id)
        if not over:
            open_next_round.apply_async((match_id, number + 1), countdown=pause)
        else:
            archive_match.delay(match_id)

    transaction.on_commit(schedule)


def _close_table(match: Match) -> None:
    from lobby.services import finish_table

    finish_table(match.table_id)


def reveal(round_id: int) -> None:
    """Reveal a finished round's secret (idempotent): Verify can now re-derive the deal."""
    Round.objects.filter(
        pk=round_id, status=Round.Status.FINISHED, revealed_at__isnull=True
    ).update(revealed_at=timezone.now())


# --- the clock and bots --------------------------------------------------------------------


def turn_timed_out(round_id: int, turn_no: int) -> bool:
    """Play the time-out move of rules.md if turn ``turn_no`` is still running past its
    deadline. Returns whether it played (a late or repeated task does nothing)."""
    if not _still(round_id, turn_no=turn_no):
        return False  # the usual case: the turn was played long ago (no lock taken)
    with transaction.atomic():
        locked = _lock_round(round_id)
        if locked is None:
            return False
        match, rnd = locked
        if rnd.status != Round.Status.PLAYING or rnd.turn_no != turn_no:
            return False
        if rnd.deadline is not None and timezone.now() < rnd.deadline - timedelta(seconds=0.05):
            _schedule_timeout(rnd)  # woke up early: try again at the deadline
            return False
        seat = rnd.turn_seat
        assert seat is not None
        engine = _engine(rnd)
        for action in engine.timeout_actions():
            _apply(match, rnd, seat, action, Action.Actor.TIMEOUT)
        if match.seats[seat]["bot"]:
            return True
        seats = list(match.seats)
        timeouts = seats[seat]["timeouts"] + 1
        seats[seat] = {**seats[seat], "timeouts": timeouts}
        if timeouts >= AWAY_AFTER_TIMEOUTS:
            seats[seat]["away"] = True
            if _bots_may_play(match):
                seats[seat]["bot"] = True
        match.seats = seats
        if all(s["away"] or s["user"] is None for s in seats) and match.status == "playing":
            _abandon(match, rnd)
        match.save()
        return True


def bot_moves(round_id: int, turn_no: int, event_no: int) -> bool:
    """A bot's next action, if the round is still where the task was scheduled."""
    if not _still(round_id, turn_no=turn_no, event_no=event_no):
        return False
    with transaction.atomic():
        locked = _lock_round(round_id)
        if locked is None:
            return False
        match, rnd = locked
        if rnd.status != Round.Status.PLAYING or (rnd.turn_no, rnd.event_no) != (turn_no, event_no):
            return False
        seat = rnd.turn_seat
        assert seat is not None
        if not match.seats[seat]["bot"]:
            return False
        engine = _engine(rnd)
        try:
            action = bots.next_action(engine.view(seat))
            _apply(match, rnd, seat, action, Action.Actor.BOT)
        except GameRefusal:  # pragma: no cover - the bot only plays legal moves
            logger.exception("bot move refused in round %s; playing the time-out move", round_id)
            for fallback in engine.timeout_actions():
                _apply(match, rnd, seat, fallback, Action.Actor.TIMEOUT)
        return True


def _still(round_id: int, **where: int) -> bool:
    """A lock-free look: is the round still playing at this turn (and event)? Tasks check it
    first so a stale one costs one indexed read, not the write lock; they check again under
    the lock before acting."""
    return Round.objects.filter(pk=round_id, status=Round.Status.PLAYING, **where).exists()


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Find table work whose task was lost (a worker killed with tasks in hand, a Redis
    restart) and schedule it again: overdue clocks, deals past the seed wait, bot turns that
    stalled, next rounds past the break. Scheduling twice is harmless: every task checks the
    round is still where it was and does nothing otherwise. Returns what it issued."""
    from .tasks import bot_turn, deal_round, open_next_round, turn_timeout

    now = now or timezone.now()
    slack = timedelta(seconds=1)
    issued = {"clocks": 0, "deals": 0, "bots": 0, "rounds": 0}
    playing = Round.objects.filter(status=Round.Status.PLAYING, match__status=Match.Status.PLAYING)
    for round_id, turn_no in playing.filter(deadline__lt=now - slack).values_list("pk", "turn_no"):
        turn_timeout.delay(round_id, turn_no)
        issued["clocks"] += 1
    seed_wait = timedelta(seconds=_setting("SAHRAT_SEED_SECONDS")) + slack
    for round_id in Round.objects.filter(
        status=Round.Status.SEEDING,
        match__status=Match.Status.PLAYING,
        created_at__lt=now - seed_wait,
    ).values_list("pk", flat=True):
        deal_round.delay(round_id)
        issued["deals"] += 1
    bot_wait = timedelta(seconds=_setting("SAHRAT_BOT_SECONDS") * 4) + slack
    for rnd in playing.select_related("match").filter(updated_at__lt=now - bot_wait):
        seat = rnd.turn_seat
        if seat is not None and rnd.match.seats[seat]["bot"]:
            bot_turn.delay(rnd.pk, rnd.turn_no, rnd.event_no)
            issued["bots"] += 1
    pause = timedelta(seconds=_setting("SAHRAT_ROUND_BREAK_SECONDS")) + slack
    later = Round.objects.filter(match=OuterRef("match"), number__gt=OuterRef("number"))
    for match_id, number in (
        Round.objects.filter(
            status=Round.Status.FINISHED,
            match__status=Match.Status.PLAYING,
            finished_at__lt=now - pause,
        )
        .exclude(Exists(later))
        .values_list("match_id", "number")
    ):
        open_next_round.delay(match_id, number + 1)
        issued["rounds"] += 1
    return issued


def _bots_may_play(match: Match) -> bool:
    options = match.game_options
    return options.bots and not options.is_coin_table


def _abandon(match: Match, rnd: Round, close_table: bool = True) -> None:
    """Every human seat is away or gone: the match ends with no winner (coin stakes go back)."""
    match.status = Match.Status.ABANDONED
    match.finished_at = timezone.now()
    rnd.status = Round.Status.FINISHED
    rnd.finished_at = timezone.now()
    rnd.deadline = None
    rnd.save()
    if close_table:
        _close_table(match)
    _archive_on_commit(match.pk)


def _archive_on_commit(match_id: int) -> None:
    from .tasks import archive_match

    transaction.on_commit(lambda: archive_match.delay(match_id))


def _schedule_timeout(rnd: Round) -> None:
    from .tasks import turn_timeout

    if rnd.deadline is not None:
        turn_timeout.apply_async((rnd.pk, rnd.turn_no), eta=rnd.deadline)


def _new_event(match: Match, rnd: Round) -> None:
    """A change outside a move (seats, coins): a new event on the locked latest round, and
    every seat's state sent again after commit."""
    rnd.event_no += 1
    rnd.save(update_fields=["event_no"])
    _after_commit(match, rnd, _engine(rnd) if rnd.state else None, new_turn=False)


# --- leaving and coming back ---------------------------------------------------------------


def seat_left(table_id: int, user: Any) -> None:
    """A player left a playing table: at free tables a bot plays the seat from now on (same
    hand); at coin tables the clock's time-out moves play it. Call inside the lobby's lock."""
    match = _lock_match(table_id)
    if match is None or match.status != Match.Status.PLAYING:
        return
    seat = seat_of(match, user)
    if seat is None:
        return
    seats = list(match.seats)
    seats[seat] = {**seats[seat], "away": True, "left": True}
    if _bots_may_play(match):
        seats[seat]["bot"] = True
    match.seats = seats
    rnd = match.rounds.select_for_update().order_by("-number").first()
    if all(s["user"] is None or s.get("left") for s in seats) and rnd is not None:
        _abandon(match, rnd, close_table=False)  # the lobby closes the empty table itself
    match.save()
    if rnd is not None:
        _new_event(match, rnd)


def went_away(table_id: int, user_id: int) -> None:
    """A player stayed disconnected past the grace period: a bot stands in at free tables."""
    with transaction.atomic():
        match = _lock_match(table_id)
        if match is None or match.status != Match.Status.PLAYING:
            return
        seat = next((n for n, s in enumerate(match.seats) if s["user"] == user_id), None)
        if seat is None or match.seats[seat]["bot"] or not _bots_may_play(match):
            return
        seats = list(match.seats)
        seats[seat] = {**seats[seat], "bot": True, "away": True, "returning": False}
        match.seats = seats
        match.save(update_fields=["seats"])
        rnd = match.rounds.select_for_update().order_by("-number").first()
        if rnd is not None:
            _new_event(match, rnd)


def came_back(table_id: int, user: Any) -> None:
    """A player whose seat a bot plays is back: the seat is theirs again from the next turn
    (at once when it isn't their turn now)."""
    with transaction.atomic():
        match = _lock_match(table_id)
        if match is None or match.status != Match.Status.PLAYING:
            return
        seat = seat_of(match, user)
        if seat is None or not match.seats[seat]["bot"] or match.seats[seat].get("left"):
            return
        rnd = match.rounds.select_for_update().order_by("-number").first()
        seats = list(match.seats)
        if rnd is not None and rnd.status == Round.Status.PLAYING and rnd.turn_seat == seat:
            seats[seat] = {**seats[seat], "returning": True}
        else:
            seats[seat] = {**seats[seat], "bot": False, "away": False, "timeouts": 0}
        match.seats = seats
        match.save(update_fields=["seats"])
        if rnd is not None:
            _new_event(match, rnd)


# --- what each seat sees -------------------------------------------------------------------


def message(
    match: Match, rnd: Round | None, engine: EngineRound | None, seat: int | None
) -> dict[str, Any]:
    """The full ``state`` message for one seat (or a spectator: ``seat`` None)."""
    options = match.game_options
    now = timezone.now()
    round_part: dict[str, Any] | None = None
    clock: dict[str, Any] = {"deadline": None, "remaining_ms": None, "turn_seconds": 0}
    clock["turn_seconds"] = options.turn_seconds
    if rnd is not None:
        round_part = {
            "number": rnd.number,
            "status": rnd.status,
            "commitment": rnd.commitment,
            "client_seed": rnd.client_seed if rnd.status != Round.Status.SEEDING else None,
            "seeds_in": [s is not None for s in rnd.seeds],
            "dealer": rnd.dealer,
            "secret": rnd.secret if rnd.revealed_at else None,
            "next_commitment": (
                match.next_commitment
                if rnd.status == Round.Status.FINISHED and match.next_commitment
                else None
            ),
        }
        if rnd.deadline is not None and rnd.status == Round.Status.PLAYING:
            clock["deadline"] = rnd.deadline.isoformat()
            clock["remaining_ms"] = max(0, int((rnd.deadline - now).total_seconds() * 1000))
    return {
        "type": "state",
        "table": match.table_id,
        "round_no": rnd.number if rnd is not None else 0,
        "event": rnd.event_no if rnd is not None else 0,
        "you": seat,
        "seats": [
            {
                "seat": n,
                "team": n % 2,
                "name": s["name"],
                "bot": s["bot"],
                "away": s["away"],
                "user": s["user"],
            }
            for n, s in enumerate(match.seats)
        ],
        "match": {
            "id": match.pk,
            "status": match.status,
            "target": options.target,
            "totals": [_dec(match.total_a), _dec(match.total_b)],
            "winner": match.winner_team,
            "coins": _coins_by_seat(match),
        },
        "round": round_part,
        "clock": clock,
        "view": engine.view(seat) if engine is not None else None,
        "last": _last(rnd, engine),
    }


def _last(rnd: Round | None, engine: EngineRound | None) -> dict[str, Any] | None:
    """The round's last applied action and who made it (a player, a bot standing in, or the
    clock), so a client can say what was played for a seat. Actions are public (a stock
    draw names no card), so every seat and spectator gets the same."""
    if rnd is None or engine is None or not engine.actions:
        return None
    seat, action = engine.actions[-1]
    cached = getattr(rnd, "_last_actor", None)
    if cached is None or cached[0] != rnd.action_count:
        actor = (
            Action.objects.filter(round=rnd, seq=rnd.action_count)
            .values_list("actor", flat=True)
            .first()
        )
        cached = (rnd.action_count, actor)
        rnd._last_actor = cached  # type: ignore[attr-defined]
    return {"seat": seat, "action": dict(action), "actor": cached[1]}


def announce(match_id: int) -> None:
    """Send every seat the current state again, after a change outside a move (the archive
    settling a finished match's coins): a new event, through the usual after-commit path."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            return
        rnd = match.rounds.select_for_update().order_by("-number").first()
        if rnd is not None:
            _new_event(match, rnd)


def _coins_by_seat(match: Match) -> list[int | None] | None:
    """Each seat's coins won or lost, once the match is archived (free tables: all 0)."""
    if match.status == Match.Status.PLAYING:
        return None
    archive = Archive.objects.filter(match=match).only("summary").first()
    by_user = archive.summary.get("coins") if archive is not None else None
    if not isinstance(by_user, dict):
        return None
    return [by_user.get(str(s["user"])) if s["user"] else None for s in match.seats]


def seat_at(table_id: int, user: Any) -> int | None:
    """This user's seat at the table's current match (None: a spectator). A private table's
    match is shown to its own players only."""
    match = _playing_match(table_id)
    seat = seat_of(match, user)
    if seat is None and match.table.private and all(s["user"] != user.pk for s in match.seats):
        raise GameRefusal("private_table")
    return seat


def snapshot(table_id: int, user: Any) -> dict[str, Any]:
    """The current full message for this user at this table: their seat's, or the public one."""
    match = _playing_match(table_id)
    rnd = match.rounds.order_by("-number").first()
    engine = _engine_to_read(rnd) if rnd is not None and rnd.state else None
    return message(match, rnd, engine, seat_of(match, user))


def hints_for(table_id: int, user: Any) -> dict[str, Any]:
    match = _playing_match(table_id)
    seat = seat_of(match, user)
    if seat is None:
        raise GameRefusal("not_seated")
    rnd = match.rounds.order_by("-number").first()
    if rnd is None or rnd.status != Round.Status.PLAYING:
        raise GameRefusal("not_playing")
    engine = _engine_to_read(rnd)
    return {
        "type": "hints",
        "round_no": rnd.number,
        "event": rnd.event_no,
        "hints": hints.hints(engine.view(seat)),
    }


def _after_commit(
    match: Match, rnd: Round, engine: EngineRound | None, new_turn: bool = False
) -> None:
    """Build every seat's message now (from exactly this state); send them after commit, and
    schedule the clock and the bots."""
    table_id = match.table_id
    messages = {seat: message(match, rnd, engine, seat) for seat in range(match.players)}
    public = message(match, rnd, engine, None)
    playing = rnd.status == Round.Status.PLAYING and match.status == Match.Status.PLAYING
    bot_turn = playing and rnd.turn_seat is not None and match.seats[rnd.turn_seat]["bot"]
    round_id, turn_no, event_no, deadline = rnd.pk, rnd.turn_no, rnd.event_no, rnd.deadline

    def send() -> None:
        from .tasks import bot_turn as bot_task
        from .tasks import turn_timeout

        if playing and new_turn and deadline is not None:
            turn_timeout.apply_async((round_id, turn_no), eta=deadline)
        if bot_turn:
            bot_task.apply_async(
                (round_id, turn_no, event_no), countdown=_setting("SAHRAT_BOT_SECONDS")
            )
        broadcast(table_id, messages, public)

    transaction.on_commit(send)


Sends = list[tuple[str, dict[str, Any]]]
_deferred = threading.local()


@contextmanager
def deferred_broadcasts() -> Iterator[Sends]:
    """Collect the broadcasts of the work done inside instead of sending them: a socket's
    consumer sends them itself from its event loop, without a thread hop back onto it."""
    _deferred.sends = sends = []
    try:
        yield sends
    finally:
        del _deferred.sends


async def send_all(sends: Sends) -> None:
    layer = get_channel_layer()
    if layer is None or not sends:
        return
    await layer.group_send_many(
        [(group, {"type": "table.state", "payload": payload}) for group, payload in sends]
    )


def broadcast(table_id: int, messages: dict[int, dict[str, Any]], public: dict[str, Any]) -> None:
    """Each seat's message to its own group and the public one to spectators, in one go."""
    sends = [(seat_group(table_id, seat), payload) for seat, payload in messages.items()]
    sends.append((public_group(table_id), public))
    deferred = getattr(_deferred, "sends", None)
    if deferred is not None:
        deferred.extend(sends)
        return
    try:
        async_to_sync(send_all)(sends)
    except Exception:  # committed already; clients resync on their next message or reconnect
        logger.exception("table broadcast failed for table %s", table_id)
