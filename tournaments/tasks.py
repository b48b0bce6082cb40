"""The tournaments' Celery work: a sweep, on Celery beat, that moves every due event on one
step (``tournaments.progress``); each step is keyed, so a lost or doubled run is harmless."""

from __future__ import annotations

from celery import shared_task

from . import progress


@shared_task(name="tournaments.sweep", ignore_result=True)
def sweep() -> None:
    progress.advance_due()
