"""Celery beat runs the matcher every ``SAHRAT_QUICKPLAY_SECONDS`` in the worker (never in
daphne)."""

from __future__ import annotations

import logging

from celery import shared_task

from . import services

logger = logging.getLogger(__name__)


@shared_task(name="quickplay.match", ignore_result=True)
def match() -> None:
    result = services.match_pass()
    if result.tables or result.gone:
        logger.info(
            "quick play: %s seated at %s tables, %s gone, %.3f s CPU",
            result.seated,
            result.tables,
            result.gone,
            result.cpu,
        )
