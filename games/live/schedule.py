"""Work the live layer hands to Celery, by task name (games/tasks.py runs it), and the sweep
that hands it again when a task was lost.

Tasks are sent by name so the live layer never imports the task module that imports it. Every
task is keyed by the round (and turn, and event) it was scheduled for and does nothing when the
round has moved on, so sending one twice is harmless.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import Match, Round
from games.seats import SeatState
from lobby.models import Table
from sahrat.celery import app

TURN_TIMEOUT = "games.turn_timeout"
BOT_TURN = "games.bot_turn"
DEAL_ROUND = "games.deal_round"
OPEN_NEXT_ROUND = "games.open_next_round"
REVEAL_SECRET = "games.reveal_secret"
ARCHIVE_MATCH = "games.archive_match"
CLOSE_TABLE = "games.close_table"


def seconds(name: str) -> float:
    """A live-table wait from the settings (``SAHRAT_*_SECONDS``)."""
    return float(getattr(settings, name))


def send(name: str, args: tuple[Any, ...], **options: Any) -> None:
    """Hand task ``name`` to Celery (``countdown=`` or ``eta=`` as Celery takes them).

    No table task has a result anyone reads (each is ``ignore_result`` where it is defined), but
    a task sent by name is not looked up on the sending side: without ``ignore_result`` here,
    Celery subscribes to the task's result channel on Redis as it sends it, and unsubscribes when
    the returned ``AsyncResult`` is collected: two Redis round trips per task for nothing."""
    app.send_task(name, args=args, ignore_result=True, **options)


def turn_timeout(round_id: int, turn_no: int, deadline: datetime) -> None:
    send(TURN_TIMEOUT, (round_id, turn_no), eta=deadline)


def arm_clock(rnd: Round) -> bool:
    """A new turn's clock (the caller holds the round and saves it): whether a clock task must
    be sent for its deadline, or one already pending will do.

    A round has one clock task pending at a time, due at ``clock_at``. Deadlines only grow, so
    a task due before this turn's deadline wakes first, finds its turn over and re-arms itself
    for the turn then running (``moves.turn_timed_out``): a turn played well within its time
    costs no broker message. A ``clock_at`` already past means that task has run (or is
    running: this is its own time-out move) or was lost; a new one is sent. The sweep still
    sends any clock that is overdue, so a lost task costs a second, never a time-out."""
    if rnd.clock_at is not None and rnd.clock_at > timezone.now():
        return False
    rnd.clock_at = rnd.deadline
    return True


def bot_pause(first: bool) -> float:
    """How long a bot waits before its next action: a person's short think before the first
    action of its turn (``SAHRAT_BOT_SECONDS``), then a quick step between the actions of the
    same turn (``SAHRAT_BOT_STEP_SECONDS``), so a whole turn takes a second or two and every
    step is seen."""
    return seconds("SAHRAT_BOT_SECONDS" if first else "SAHRAT_BOT_STEP_SECONDS")


def bot_turn(round_id: int, turn_no: int, event_no: int, *, first: bool = True) -> None:
    """The bot on turn acts after its pause (``first``: its turn's first action)."""
    send(BOT_TURN, (round_id, turn_no, event_no), countdown=bot_pause(first))


def deal_round(round_id: int) -> None:
    send(DEAL_ROUND, (round_id,), countdown=seconds("SAHRAT_SEED_SECONDS"))


def open_next_round(match_id: int, number: int) -> None:
    send(OPEN_NEXT_ROUND, (match_id, number), countdown=seconds("SAHRAT_ROUND_BREAK_SECONDS"))


def reveal_secret(round_id: int) -> None:
    send(REVEAL_SECRET, (round_id,))


def archive_match(match_id: int) -> None:
    send(ARCHIVE_MATCH, (match_id,))


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Find table work whose task was lost (a worker killed with tasks in hand, a Redis
    restart) and send it again: overdue clocks, deals past the seed wait, bot turns that
    stalled, next rounds past the break, tables still open after their match ended. Returns
    what it sent."""
    now = now or timezone.now()
    slack = timedelta(seconds=1)
    issued = {"clocks": 0, "deals": 0, "bots": 0, "rounds": 0, "tables": 0}
    playing = Round.objects.filter(status=Round.Status.PLAYING, match__status=Match.Status.PLAYING)
    for round_id, turn_no in playing.filter(deadline__lt=now - slack).values_list("pk", "turn_no"):
        send(TURN_TIMEOUT, (round_id, turn_no))
        issued["clocks"] += 1
    seed_wait = timedelta(seconds=seconds("SAHRAT_SEED_SECONDS")) + slack
    for round_id in Round.objects.filter(
        status=Round.Status.SEEDING,
        match__status=Match.Status.PLAYING,
        created_at__lt=now - seed_wait,
    ).values_list("pk", flat=True):
        send(DEAL_ROUND, (round_id,))
        issued["deals"] += 1
    bot_wait = timedelta(seconds=seconds("SAHRAT_BOT_SECONDS") * 4) + slack
    # every playing round not moved for a while, so only the columns that say whose turn it is
    # (a round's JSON and its match's record are far larger, and each sweep reads many rounds)
    for round_id, turn_no, event_no, seat, seats in playing.filter(
        updated_at__lt=now - bot_wait
    ).values_list("pk", "turn_no", "event_no", "turn_seat", "match__seats"):
        if seat is not None and SeatState.from_dict(seats[seat]).bot:
            send(BOT_TURN, (round_id, turn_no, event_no))
            issued["bots"] += 1
    pause = timedelta(seconds=seconds("SAHRAT_ROUND_BREAK_SECONDS")) + slack
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
        send(OPEN_NEXT_ROUND, (match_id, number + 1))
        issued["rounds"] += 1
    still_playing = Match.objects.filter(table=OuterRef("pk"), status=Match.Status.PLAYING)
    for table_id in (
        Table.objects.filter(status=Table.Status.PLAYING, matches__finished_at__lt=now - slack)
        .exclude(Exists(still_playing))
        .values_list("pk", flat=True)
        .distinct()
    ):
        send(CLOSE_TABLE, (table_id,))
        issued["tables"] += 1
    return issued
