"""Moves at the table: a player's, the clock's when a turn runs out, a bot's. Each locks match →
round, applies the action through the engine (the one way a round changes), appends it to the
log, and publishes the new state; the clock and the bots get their next work after commit."""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import registry
from games.models import Action, Match, Round
from sahrat import metrics

from ..refusals import GameRefusal
from . import schedule
from .broadcast import publish
from .locks import engine, engine_to_read, lock, lock_round
from .rounds import abandon, finish_round, start_turn
from .rows import InsertAndUpdate, RowInsert, RowUpdate
from .state import seat_of

logger = logging.getLogger(__name__)

#: a move's two writes, their SQL compiled once (``rows``): the action row, and what a move
#: that does not end the round changes of it; both in one statement where the database can
_log = RowInsert(Action)
_save_move = RowUpdate(
    Round,
    ["action_count", "turn_no", "turn_seat", "deadline", "clock_at", "event_no", "updated_at"],
)
_log_and_save_move = InsertAndUpdate(_log, _save_move)


def play(table_id: int, user: Any, action: Any, turn_no: Any) -> Any:
    """A seated player's move. Refused (``GameRefusal``, nothing changed) when the move is for
    another turn, another seat, a bot's seat, or the engine says no."""
    with transaction.atomic():
        match, rnd = lock(table_id)
        seat = seat_of(match, user)
        if seat is None:
            raise GameRefusal("not_seated")
        if rnd.status != Round.Status.PLAYING or match.status != Match.Status.PLAYING:
            raise GameRefusal("not_playing")
        states = match.seat_states
        if states[seat].bot:
            raise GameRefusal("bot_has_seat")
        if type(turn_no) is not int or turn_no != rnd.turn_no:
            raise GameRefusal("stale_turn")
        if rnd.turn_seat != seat:
            raise GameRefusal("not_your_turn")
        if states[seat].played() != states[seat]:
            states[seat] = states[seat].played()
            match.set_seats(states)
            match.save(update_fields=["seats"])
        return apply(match, rnd, seat, action, Action.Actor.PLAYER, user)


def apply(match: Match, rnd: Round, seat: int, action: Any, actor: str, user: Any = None) -> Any:
    """Apply one action for ``seat`` (holds match → round): the log, the turn, the end."""
    found = engine(match, rnd)
    turn_before = found.turn_no
    try:
        out = found.apply(seat, action)
    except match.game_entry.illegal_action as refusal:
        raise GameRefusal(refusal.code, refusal.message) from None  # type: ignore[attr-defined]
    seq = rnd.action_count + 1
    payload = found.actions[-1][1]
    logged = _log.row(round=rnd, seq=seq, seat=seat, payload=payload, actor=actor, user=user)
    rnd.action_count = seq  # the round's JSON stays as dealt: the action row extends it
    new_turn = found.turn_no != turn_before
    if new_turn:
        start_turn(match, rnd, found)
    if found.over:
        _log.insert(logged)  # before the round's end, which reads the whole log
        finish_round(match, rnd, found)
    publish(match, rnd, found, new_turn=new_turn, actor=actor)
    transaction.on_commit(partial(metrics.moved, match.game, actor))
    if found.over:
        rnd.save()
    else:
        _log_and_save_move(logged, rnd)
    return out


def turn_timed_out(round_id: int, turn_no: int) -> bool:
    """Play the game's time-out move if turn ``turn_no`` is still running past its deadline.
    Returns whether it played (a late or repeated task does nothing)."""
    if not _clock_may_act(round_id, turn_no):
        return False  # a repeated task, or the round is over (no lock taken)
    with transaction.atomic():
        locked = lock_round(round_id)
        if locked is None:
            return False
        match, rnd = locked
        if rnd.status != Round.Status.PLAYING:
            return False
        if rnd.deadline is None:  # a table with no clock (a stray task)
            return False
        if rnd.turn_no != turn_no:  # the usual case: the turn was played in time
            if rnd.clock_at is None or rnd.clock_at <= timezone.now():
                _rearm(rnd)  # this was the round's pending clock: on to the turn now running
            return False
        if timezone.now() < rnd.deadline - timedelta(seconds=0.05):
            _rearm(rnd)  # woke up early: try again at the deadline
            return False
        seat = rnd.turn_seat
        assert seat is not None
        states = match.seat_states
        if not states[seat].bot:  # a player's time-outs in a row (a bot's turns never time out)
            states[seat] = states[seat].timed_out(registry.bots_may_sit(match.game_options))
            match.set_seats(states)
            match.save(update_fields=["seats"])
        for action in engine(match, rnd).timeout_actions():
            apply(match, rnd, seat, action, Action.Actor.TIMEOUT)
        if (
            all(s.absent for s in match.seat_states)
            and match.status == Match.Status.PLAYING
            and not match.against_bots  # there a bot plays on for the player, who may come back
        ):
            abandon(match, rnd, Match.Abandoned.AWAY)
        return True


def _rearm(rnd: Round) -> None:
    """The round's clock task again, due at the deadline of the turn now running (holds the
    round)."""
    deadline = rnd.deadline
    if deadline is None:
        return
    rnd.clock_at = deadline
    rnd.save(update_fields=["clock_at"])
    round_id, turn_no = rnd.pk, rnd.turn_no
    transaction.on_commit(lambda: schedule.turn_timeout(round_id, turn_no, deadline))


def _clock_may_act(round_id: int, turn_no: int) -> bool:
    """A lock-free look, one indexed read: is the round playing, still at this turn or with
    its pending clock due (this task may be it, and must re-arm)? Checked again under the
    lock before acting."""
    return Round.objects.filter(
        Q(turn_no=turn_no) | Q(clock_at__lte=timezone.now()),
        pk=round_id,
        status=Round.Status.PLAYING,
    ).exists()


def bot_moves(round_id: int, turn_no: int, event_no: int) -> bool:
    """A bot's next action, if the round is still where the task was scheduled. The bot (of
    the table's level) thinks first, on a lock-free read of the round, so a searching bot never
    holds the table's locks; its move is applied under them only if nothing changed meanwhile
    (the same turn and event)."""
    planned = _plan_bot_move(round_id, turn_no, event_no)
    if planned is None:
        return False
    with transaction.atomic():
        locked = lock_round(round_id)
        if locked is None:
            return False
        match, rnd = locked
        if rnd.status != Round.Status.PLAYING or (rnd.turn_no, rnd.event_no) != (turn_no, event_no):
            return False
        seat = rnd.turn_seat
        assert seat is not None
        if not match.seat_states[seat].bot or seat != planned[0]:
            return False
        found = engine(match, rnd)
        try:
            apply(match, rnd, seat, planned[1], Action.Actor.BOT)
        except GameRefusal:  # pragma: no cover - the bot only plays legal moves
            logger.exception("bot move refused in round %s; playing the time-out move", round_id)
            for fallback in found.timeout_actions():
                apply(match, rnd, seat, fallback, Action.Actor.TIMEOUT)
        return True


def _plan_bot_move(round_id: int, turn_no: int, event_no: int) -> tuple[int, Any] | None:
    """The seat on turn and its bot's action, read without a lock; None when the round has
    moved on from (turn, event) or no bot plays the seat."""
    rnd = (
        Round.objects.select_related("match")
        .filter(pk=round_id, status=Round.Status.PLAYING, turn_no=turn_no, event_no=event_no)
        .first()
    )
    if rnd is None or rnd.match.status != Match.Status.PLAYING:
        return None
    match = rnd.match
    seat = rnd.turn_seat
    if seat is None or not match.seat_states[seat].bot:
        return None
    bot = match.game_entry.bot_for(match.game_options)  # the table's level
    view = engine_to_read(match, rnd).view(seat)
    return seat, bot(registry.with_score(view, match.game_options.target, match.totals))
