"""The Celery app. Broker and result backend are the same Redis as the channel layer."""

import logging
import os
from typing import Any

from celery import Celery
from celery.signals import after_setup_logger, task_postrun, task_prerun
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sahrat.settings")

app = Celery("sahrat")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

#: tasks run every few seconds whose routine lines (beat's "Sending due task", the worker's
#: "received" and "succeeded") would fill the log; the task itself warns when it did something
QUIET_TASKS = ("games.sweep_tables", "quickplay.match", "tournaments.sweep")


class QuietRoutineTasks(logging.Filter):
    """Drops Celery's own INFO lines about ``QUIET_TASKS``; warnings and errors pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO or not record.name.startswith("celery"):
            return True
        text = record.getMessage()
        return not any(name in text for name in QUIET_TASKS)


@after_setup_logger.connect
def _quiet_routine_tasks(logger: logging.Logger, **kwargs: Any) -> None:
    """Worker and beat alike: on the handlers Celery installs, so every line passes it."""
    for handler in logger.handlers:
        handler.addFilter(QuietRoutineTasks())


@task_prerun.connect
@task_postrun.connect
def _keep_sound_connections(sender: Any = None, **kwargs: Any) -> None:
    """Around each task, what Django does around each request: a database connection that
    failed or outlived ``CONN_MAX_AGE`` is closed, a sound one kept for the next task
    (``CELERY_DB_REUSE_MAX`` stops Celery's own fixup from closing every connection before and
    after every task: decision 134). Not for a task run eagerly, inside its caller's
    transaction."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    close_old_connections()


@app.task(name="sahrat.ping")
def ping() -> str:
    """A health check: answers ``pong`` from a worker."""
    return "pong"
