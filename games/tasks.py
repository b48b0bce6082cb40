"""Celery's jobs at the table. Each is keyed and idempotent: run late or twice, it does nothing
wrong (the service checks the round is still where the task was scheduled)."""

from __future__ import annotations

import logging

from celery import shared_task

from sahrat.health import stamp_sweep

from . import services

logger = logging.getLogger(__name__)


@shared_task(name="games.turn_timeout", ignore_result=True)
def turn_timeout(round_id: int, turn_no: int) -> None:
    services.turn_timed_out(round_id, turn_no)


@shared_task(name="games.bot_turn", ignore_result=True)
def bot_turn(round_id: int, turn_no: int, event_no: int) -> None:
    services.bot_moves(round_id, turn_no, event_no)


@shared_task(name="games.deal_round", ignore_result=True)
def deal_round(round_id: int) -> None:
    services.deal_due(round_id)


@shared_task(name="games.open_next_round", ignore_result=True)
def open_next_round(match_id: int, number: int) -> None:
    services.next_round(match_id, number)


@shared_task(name="games.reveal_secret", ignore_result=True)
def reveal_secret(round_id: int) -> None:
    services.reveal(round_id)


@shared_task(name="games.check_away", ignore_result=True)
def check_away(table_id: int, user_id: int) -> None:
    """The grace period after a disconnect is over: if the player is still gone, a bot stands in."""
    from .presence import is_connected

    if not is_connected(table_id, user_id):
        services.went_away(table_id, user_id)


@shared_task(name="games.archive_match", ignore_result=True)
def archive_match(match_id: int) -> None:
    """A match is over: archive it (idempotent; see games.archive)."""
    from .archive import archive_match as archive

    archive(match_id)


@shared_task(name="games.archive_pending", ignore_result=True)
def archive_pending() -> None:
    """The beat sweep: finished or abandoned matches that have no archive yet."""
    from .archive import archive_pending as sweep

    sweep()


@shared_task(name="games.sweep_tables", ignore_result=True)
def sweep_tables() -> None:
    """Celery beat, every few seconds: issue again any table task that should have run."""
    issued = services.sweep()
    stamp_sweep()
    if any(issued.values()):
        logger.warning("sweep reissued lost table work: %s", issued)
