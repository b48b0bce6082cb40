"""Celery's jobs at the table, by the names ``games.live.schedule`` sends. Each is keyed and
idempotent: run late or twice, it does nothing wrong (the live layer checks the round is still
where the task was scheduled)."""

from __future__ import annotations

import logging
from datetime import datetime

from celery import Task, shared_task
from django.utils import timezone

from sahrat import metrics
from sahrat.health import stamp_sweep

from . import archive, live
from .live import schedule

logger = logging.getLogger(__name__)


@shared_task(name=schedule.TURN_TIMEOUT, ignore_result=True, bind=True)
def turn_timeout(self: Task, round_id: int, turn_no: int) -> None:
    eta = self.request.eta  # the deadline it was sent for (ISO text, or a datetime)
    if eta:
        due = datetime.fromisoformat(eta) if isinstance(eta, str) else eta
        metrics.CLOCK_LATENESS.observe(max(0.0, (timezone.now() - due).total_seconds()))
    live.turn_timed_out(round_id, turn_no)


@shared_task(name=schedule.BOT_TURN, ignore_result=True)
def bot_turn(round_id: int, turn_no: int, event_no: int) -> None:
    live.bot_moves(round_id, turn_no, event_no)


@shared_task(name=schedule.DEAL_ROUND, ignore_result=True)
def deal_round(round_id: int) -> None:
    live.deal_due(round_id)


@shared_task(name=schedule.OPEN_NEXT_ROUND, ignore_result=True)
def open_next_round(match_id: int, number: int) -> None:
    live.next_round(match_id, number)


@shared_task(name=schedule.REVEAL_SECRET, ignore_result=True)
def reveal_secret(round_id: int) -> None:
    live.reveal(round_id)


@shared_task(name=schedule.CLOSE_TABLE, ignore_result=True)
def close_table(table_id: int) -> None:
    live.close_table(table_id)


@shared_task(name=schedule.ARCHIVE_MATCH, ignore_result=True)
def archive_match(match_id: int) -> None:
    """A match is over: archive it (idempotent; see games.archive)."""
    archive.archive_match(match_id)


@shared_task(name="games.archive_pending", ignore_result=True)
def archive_pending() -> None:
    """The beat sweep: finished or abandoned matches that have no archive yet."""
    archive.archive_pending()


@shared_task(name="games.sweep_tables", ignore_result=True)
def sweep_tables() -> None:
    """Celery beat, every few seconds: issue again any table task that should have run, and
    seat bots for the players gone past their grace period."""
    issued = live.sweep()
    live.stand_in_for_the_departed()
    stamp_sweep()
    if any(issued.values()):
        logger.warning("sweep reissued lost table work: %s", issued)
