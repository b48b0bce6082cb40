"""The Celery app. Broker and result backend are the same Redis as the channel layer."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sahrat.settings")

app = Celery("sahrat")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="sahrat.ping")
def ping() -> str:
    """A health check: answers ``pong`` from a worker."""
    return "pong"
