"""A task for the supervisor's tests only (the worker imports it when the test asks, through
Celery's ``CELERY_WORKER_INCLUDE``): busy for a while, then a result larger than a pipe holds."""

from __future__ import annotations

import time

from sahrat.celery import app

NAME = "tests.ops.busy_tasks.large_result"


@app.task(name=NAME)
def large_result(seconds: float, size: int) -> str:
    time.sleep(seconds)
    return "x" * size
